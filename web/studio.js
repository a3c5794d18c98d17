// Tessera studio: the page of `tessera serve`. No build step, no library.
//
// The server keeps no game: the page holds the game's name, the editor's
// text (sent when edited), the start position and the moves played, and asks
// the server for the position after them (POST /api/state). Clicks find
// legal moves by the cells the server lists for each; a move is sent back as
// its text in the game's notation. A move typed in the Move box may be SAN
// (`Nf3`, `O-O`, `e8=Q`) or coordinates; the server reads it, and the move
// list shows the moves numbered in SAN (`1. f3 e5 2. g4 Qh4#`). What each
// piece is (its name and how it moves) comes from POST /api/pieces, for the
// legend, the hover line and the promotion chooser's pictures. The
// address keeps the game (`?game=chess&moves=e2e4 e7e5`), so that a reload
// loses nothing; the game is saved and loaded as PGN, which the server
// writes and reads.

"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

const S = {
  game: null,       // the served game's name
  rules: "",        // the editor's text
  edited: false,    // whether the editor's text differs from the file's
  start: null,      // a FEN or position text, or null for the setup
  moves: [],        // moves played, as text
  redo: [],         // moves taken back, the next one last
  line: [],         // {number, side, san} of the moves played and taken back, in order
  view: null,       // the server's answer for the position
  kinds: new Map(), // the game's piece kinds by name (POST /api/pieces)
  flipped: false,
  thinking: false,  // an AI move is on its way
  generation: 0,    // bumped on every new game, so late answers are dropped
};

// Timings for the browser test (docs/studio.md): when the page last drew a
// position, when it last drew highlighted moves, when the AI's move arrived.
window.tesseraTimes = { drawn: 0, highlighted: 0, aiMoved: 0, loaded: 0 };

async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const res = await fetch(path, init);
  let data;
  try { data = await res.json(); } catch (e) { data = { error: res.statusText }; }
  if (!res.ok) {
    const err = new Error(data.error || res.statusText);
    err.status = res.status;
    err.data = data;
    throw err;
  }
  return data;
}

function request() {
  const r = { game: S.game, moves: S.moves, flipped: S.flipped };
  if (S.edited) r.rules = S.rules;
  if (S.start) r.start = S.start;
  return r;
}

// ---- games ----------------------------------------------------------------

async function loadGames() {
  const { games, opening } = await api("/api/games");
  const select = $("games");
  for (const g of games) {
    const o = document.createElement("option");
    o.value = g.name;
    o.textContent = g.name;
    select.appendChild(o);
  }
  const address = new URLSearchParams(location.search);
  const wanted = address.get("game");
  // The game of the address, else the one the server opens on (the file named
  // on its command line, else chess), else the first; a name the server does
  // not serve is said, with the nearest name it serves.
  let first = games.find((g) => g.name === wanted);
  if (!first) {
    first = games.find((g) => g.name === opening) || games[0];
    if (wanted !== null) await noticeUnknown(wanted, first.name, games.length);
  }
  select.value = first.name;
  // The game the address keeps (its start and moves), so that a reload
  // loses nothing.
  const kept = first.name === wanted
    ? { start: address.get("start"), moves: (address.get("moves") || "").split(" ").filter(Boolean) }
    : null;
  await selectGame(first.name, kept);
  window.tesseraTimes.loaded = performance.now();
}

// The address named a game the server does not serve: the server's reason
// (with the nearest name it serves, as a link), and what is shown instead.
async function noticeUnknown(wanted, shown, count) {
  let reason = `no game is called \`${wanted}\``;
  let suggestion = null;
  try {
    await api("/api/games/" + encodeURIComponent(wanted));
  } catch (e) {
    reason = e.message;
    suggestion = e.data && e.data.suggestion;
  }
  const notice = $("notice");
  notice.replaceChildren(`The address asks for a game this studio does not serve: ${reason}${/[.?!]$/.test(reason) ? "" : "."} `);
  if (suggestion) {
    const a = document.createElement("a");
    a.href = "?game=" + encodeURIComponent(suggestion);
    a.textContent = `Open ${suggestion}`;
    a.id = "notice-suggestion";
    notice.append(a, ", or choose");
  } else {
    notice.append("Choose");
  }
  notice.append(` one of the ${count} games in the Game list; ${shown} is shown meanwhile.`);
  notice.hidden = false;
}

async function selectGame(name, kept) {
  S.generation++;
  const { text } = await api("/api/games/" + encodeURIComponent(name));
  S.game = name;
  S.rules = text;
  S.edited = false;
  $("rules").value = text;
  $("save-status").textContent = "";
  updateGutter([]);
  showErrors([]);
  // The last game's kinds say nothing of this one's pieces.
  S.kinds = new Map();
  $("legend").replaceChildren();
  newGame();
  if (kept && (kept.start || kept.moves.length)) {
    S.start = kept.start;
    S.moves = kept.moves;
    try {
      show(await api("/api/state", request()));
      await loadPieces();
      return;
    } catch (e) {
      // An address that no longer reads (a rule file changed since): the
      // game from its start.
      newGame();
    }
  }
  await Promise.all([refresh(), loadPieces()]);
}

// ---- the pieces -------------------------------------------------------------

// The game's piece kinds (for the rules as edited), and the legend: each
// kind the rule file declares, with its pictures, letter, name and moves.
async function loadPieces() {
  const asked = { game: S.game };
  if (S.edited) asked.rules = S.rules;
  let pieces;
  try {
    ({ pieces } = await api("/api/pieces", asked));
  } catch (e) {
    return; // The rules do not compile: the editor says why.
  }
  // Another game, or other rules, asked for since: the answer to that
  // later request counts, not this one.
  if (asked.game !== S.game || (asked.rules !== undefined && asked.rules !== S.rules)) return;
  S.kinds = new Map(pieces.map((p) => [p.kind, p]));
  const legend = $("legend");
  legend.replaceChildren();
  for (const p of pieces) {
    if (p.copy) continue;
    const li = document.createElement("li");
    li.dataset.kind = p.kind;
    const pictures = document.createElement("span");
    pictures.innerHTML = ["white", "black", "neutral"].map((side) => p.pictures[side] || "").join("");
    const name = document.createElement("b");
    name.textContent = `${p.letter} ${p.kind}`;
    const moves = document.createElement("span");
    moves.className = "moves";
    moves.textContent = p.moves;
    li.append(pictures, name, ...(p.royal ? [" (royal)"] : []), moves);
    legend.appendChild(li);
  }
  describePieces();
}

// A side as the game's players call it (the rule file's `look sides`).
function sideName(side) {
  const names = (S.view && S.view.side_names) || ["White", "Black"];
  return side === "white" ? names[0] : names[1];
}

// What a piece on the board is, in words: `White Knight (N): betza "N"`.
function describe(kind, side) {
  const k = S.kinds.get(kind);
  const who = side === "neutral" ? "Neutral" : sideName(side);
  if (!k) return `${who} ${kind}`;
  return `${who} ${k.kind} (${k.letter})${k.royal ? ", royal" : ""}: ${k.moves}`;
}

// Each piece of the drawing gets its description as a tooltip.
function describePieces() {
  for (const g of $("board").querySelectorAll("g.piece, g.pool-piece")) {
    let title = g.querySelector(":scope > title");
    if (!title) {
      title = document.createElementNS(SVG, "title");
      g.prepend(title);
    }
    title.textContent = describe(g.dataset.kind, g.dataset.side);
  }
}

function onBoardHover(ev) {
  const g = ev.target.closest("g.piece, g.pool-piece");
  $("piece-info").textContent = g ? describe(g.dataset.kind, g.dataset.side) : "";
}

// The game in the page's address: the game's name, its start and its moves.
function keepInAddress() {
  const params = new URLSearchParams();
  params.set("game", S.game);
  if (S.start) params.set("start", S.start);
  if (S.moves.length) params.set("moves", S.moves.join(" "));
  history.replaceState(null, "", "?" + params.toString());
}

function newGame() {
  S.start = null;
  S.moves = [];
  S.redo = [];
  S.line = [];
  clicks.clear();
  S.generation++;
}

// ---- the position -----------------------------------------------------------

async function refresh() {
  const generation = S.generation;
  let view;
  try {
    view = await api("/api/state", request());
  } catch (e) {
    if (e.data && e.data.errors) {
      showErrors(e.data.errors);
      updateGutter(e.data.errors);
    }
    $("status").textContent = e.message;
    return;
  }
  if (generation !== S.generation) return;
  show(view);
}

// Draws the server's answer and notes the moves played, as the server read
// them (a move typed in SAN becomes its coordinates), with their SAN.
function show(view) {
  S.view = view;
  clicks.clear();
  S.moves = view.history.map((h) => h.text);
  view.history.forEach((h, i) => { S.line[i] = h; });
  keepInAddress();
  render();
  maybeAiMove();
}

// The move list, numbered as game records number it (`1. f3 e5 2. g4 Qh4#`):
// one item per move number, the moves taken back greyed.
function renderMoveList() {
  const list = $("moves");
  list.replaceChildren();
  const count = S.moves.length + S.redo.length;
  let li = null;
  for (let i = 0; i < count && i < S.line.length; i++) {
    const m = S.line[i];
    if (!li || m.side === "white" || Number(li.value) !== m.number) {
      li = document.createElement("li");
      li.value = m.number;
      if (m.side !== "white") li.append("… ");
      list.appendChild(li);
    } else {
      li.append(" ");
    }
    const span = document.createElement("span");
    span.textContent = m.san;
    if (i >= S.moves.length) span.classList.add("undone");
    li.appendChild(span);
  }
}

function render() {
  const v = S.view;
  $("title").textContent = v.title;
  const board = $("board");
  // The library's drawing, which marks the last move and checks itself.
  board.innerHTML = v.svg;
  describePieces();
  const status = $("status");
  status.classList.toggle("over", v.status.over);
  if (v.status.over) {
    status.textContent = "Game over: " + v.status.text + ".";
  } else {
    const side = sideName(v.side_to_move);
    status.textContent = side + " to move" + (v.check ? ", in check" : "") + (S.thinking ? "; the AI is thinking…" : "");
  }
  renderMoveList();
  $("fen").value = v.fen || "";
  $("fen").placeholder = v.fen ? "" : "this game has no FEN";
  $("load-fen").disabled = !v.fen;
  $("position").value = v.position;
  $("undo").disabled = S.moves.length === 0;
  $("redo").disabled = S.redo.length === 0;
  window.tesseraTimes.drawn = performance.now();
}

// ---- clicks on the board ------------------------------------------------------

// Selection, marks, clicks and the chooser: web/board.js, shared with the
// exported pages.
const clicks = boardClicks({
  board: $("board"),
  chooser: $("chooser"),
  choices: $("choices"),
  view: () => S.view,
  kinds: () => S.kinds,
  canMove: () => !S.view.status.over && !S.thinking && !aiToMove(),
  play: (text) => play(text),
  marked: () => { window.tesseraTimes.highlighted = performance.now(); },
});

async function play(text) {
  clicks.clear();
  $("chooser").hidden = true;
  S.moves.push(text);
  S.redo = [];
  S.line.length = S.moves.length - 1;
  await refresh();
}

// A move typed in the Move box: SAN or coordinates, read by the server,
// which says why a move it cannot read is not legal (or which moves it
// could be).
async function playTyped() {
  const text = $("move-text").value.trim();
  if (!text || S.thinking) return;
  const generation = ++S.generation;
  const old = { moves: S.moves, redo: S.redo };
  clicks.clear();
  S.moves = S.moves.concat([text]);
  S.redo = [];
  S.line.length = S.moves.length - 1;
  let view;
  try {
    view = await api("/api/state", request());
  } catch (e) {
    Object.assign(S, old);
    $("status").textContent = e.message;
    return;
  }
  if (generation !== S.generation) return;
  $("move-text").value = "";
  show(view);
}

// ---- the AI -------------------------------------------------------------------

function aiToMove() {
  const ai = $("ai").value;
  return S.view && !S.view.status.over && (ai === "both" || ai === S.view.side_to_move);
}

async function maybeAiMove() {
  if (!aiToMove() || S.thinking) return;
  S.thinking = true;
  const generation = S.generation;
  const moves = S.moves.length;
  render();
  try {
    const r = request();
    r.movetime_ms = Number($("strength").value);
    delete r.flipped;
    const answer = await api("/api/bestmove", r);
    S.thinking = false;
    if (generation !== S.generation || moves !== S.moves.length || !answer.move) { render(); return; }
    window.tesseraTimes.aiMoved = performance.now();
    S.moves.push(answer.move);
    S.redo = [];
    S.line.length = S.moves.length - 1;
    await refresh();
  } catch (e) {
    S.thinking = false;
    $("status").textContent = "The AI failed: " + e.message;
  }
}

// ---- the editor -----------------------------------------------------------------

let checkTimer = null;

function updateGutter(errors) {
  const lines = $("rules").value.split("\n").length;
  const bad = new Map();
  for (const e of errors) bad.set(e.line, (bad.get(e.line) || []).concat(e.message));
  const gutter = $("gutter");
  gutter.replaceChildren();
  for (let i = 1; i <= lines; i++) {
    const span = document.createElement("span");
    span.textContent = String(i);
    if (bad.has(i)) {
      span.className = "bad";
      span.title = bad.get(i).join("\n");
    }
    gutter.appendChild(span);
    gutter.appendChild(document.createTextNode("\n"));
  }
  gutter.scrollTop = $("rules").scrollTop;
}

function showErrors(errors) {
  const list = $("errors");
  list.replaceChildren();
  for (const e of errors) {
    const li = document.createElement("li");
    li.textContent = `${e.line}:${e.column}: ${e.message}`;
    li.dataset.line = e.line;
    li.dataset.column = e.column;
    li.addEventListener("click", () => goTo(e));
    list.appendChild(li);
  }
  const status = $("check-status");
  status.className = errors.length ? "bad" : "ok";
  status.textContent = errors.length
    ? `${errors.length} error${errors.length > 1 ? "s" : ""}`
    : "compiles";
}

// Selects an error's span in the editor. Columns count characters; the
// textarea counts UTF-16 units.
function goTo(e) {
  const text = $("rules").value;
  const offset = (line, column) => {
    const lines = text.split("\n");
    let at = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++) at += lines[i].length + 1;
    const row = lines[line - 1] || "";
    return at + Array.from(row).slice(0, column - 1).join("").length;
  };
  const start = offset(e.line, e.column);
  const end = Math.max(start + 1, offset(e.end_line, e.end_column));
  const area = $("rules");
  area.focus();
  area.setSelectionRange(start, end);
}

function onEdit() {
  S.rules = $("rules").value;
  updateGutter([]);
  clearTimeout(checkTimer);
  checkTimer = setTimeout(checkRules, 300);
}

async function checkRules() {
  const text = $("rules").value;
  let answer;
  try {
    answer = await api("/api/check", { rules: text });
  } catch (e) {
    showErrors([{ line: 1, column: 1, end_line: 1, end_column: 1, message: e.message }]);
    return;
  }
  if (text !== $("rules").value) return; // edited again meanwhile
  showErrors(answer.errors);
  updateGutter(answer.errors);
  if (answer.ok) {
    // It compiles: the new rules from their start position.
    S.rules = text;
    S.edited = true;
    newGame();
    await Promise.all([refresh(), loadPieces()]);
  }
}

async function save() {
  try {
    const r = await api("/api/save", { game: S.game, rules: $("rules").value });
    $("save-status").textContent = `saved ${r.saved}`;
    S.edited = false;
  } catch (e) {
    $("save-status").textContent = "not saved: " + e.message;
  }
}

// ---- position and perft ------------------------------------------------------------

async function loadPosition(text) {
  $("position-error").textContent = "";
  const old = { start: S.start, moves: S.moves, redo: S.redo };
  newGame();
  S.start = text.trim();
  try {
    const view = await api("/api/state", request());
    show(view);
  } catch (e) {
    Object.assign(S, old);
    $("position-error").textContent = e.message;
  }
}

// ---- game records ------------------------------------------------------------

// Saves the game as a PGN file, as the server writes it.
function savePgn() {
  if (!S.view) return;
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([S.view.pgn], { type: "application/x-chess-pgn" }));
  link.download = S.game + ".pgn";
  link.click();
  URL.revokeObjectURL(link.href);
}

// Plays the first game of a PGN file from its start (its FEN tag, else the
// setup).
async function loadPgn(text) {
  $("position-error").textContent = "";
  const r = request();
  delete r.moves;
  delete r.start;
  r.pgn = text;
  try {
    const view = await api("/api/state", r);
    newGame();
    S.start = view.start;
    show(view);
  } catch (e) {
    $("position-error").textContent = e.message;
  }
}

async function runPerft() {
  const r = request();
  delete r.flipped;
  r.depth = Number($("perft-depth").value);
  $("perft-total").textContent = "counting…";
  try {
    const answer = await api("/api/perft", r);
    $("perft-total").textContent = `${answer.total} nodes in ${answer.ms} ms` + (answer.complete ? "" : " (stopped: time limit)");
    const table = $("perft-divide");
    table.replaceChildren();
    for (const row of answer.divide) {
      const tr = table.insertRow();
      tr.insertCell().textContent = row.move;
      tr.insertCell().textContent = row.nodes;
    }
  } catch (e) {
    $("perft-total").textContent = e.message;
  }
}

// ---- wiring --------------------------------------------------------------------

function wire() {
  $("games").addEventListener("change", (e) => selectGame(e.target.value));
  $("board").addEventListener("click", clicks.onClick);
  $("board").addEventListener("mouseover", onBoardHover);
  $("board").addEventListener("mouseleave", () => { $("piece-info").textContent = ""; });
  $("new").addEventListener("click", () => { newGame(); refresh(); });
  $("undo").addEventListener("click", () => {
    if (!S.moves.length || S.thinking) return;
    S.redo.push(S.moves.pop());
    // Against the AI, back to the human's turn: the AI's reply goes too.
    const ai = $("ai").value;
    const humanToMove = S.view && S.view.side_to_move !== ai;
    if ((ai === "white" || ai === "black") && humanToMove && S.moves.length) {
      S.redo.push(S.moves.pop());
    }
    S.generation++;
    refresh();
  });
  $("redo").addEventListener("click", () => {
    if (!S.redo.length || S.thinking) return;
    S.moves.push(S.redo.pop());
    refresh();
  });
  $("flip").addEventListener("click", () => { S.flipped = !S.flipped; refresh(); });
  $("ai").addEventListener("change", () => maybeAiMove());
  $("move-play").addEventListener("click", playTyped);
  $("move-text").addEventListener("keydown", (e) => { if (e.key === "Enter") playTyped(); });
  $("choose-cancel").addEventListener("click", () => { $("chooser").hidden = true; clicks.clear(); });
  $("rules").addEventListener("input", onEdit);
  $("rules").addEventListener("scroll", () => { $("gutter").scrollTop = $("rules").scrollTop; });
  $("save").addEventListener("click", save);
  $("load-fen").addEventListener("click", () => loadPosition($("fen").value));
  $("load-position").addEventListener("click", () => loadPosition($("position").value));
  $("perft-run").addEventListener("click", runPerft);
  $("save-pgn").addEventListener("click", savePgn);
  $("load-pgn").addEventListener("click", () => $("pgn-file").click());
  $("pgn-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) await loadPgn(await file.text());
    e.target.value = "";
  });
}

wire();
loadGames().catch((e) => { $("status").textContent = "Cannot load the games: " + e.message; });
