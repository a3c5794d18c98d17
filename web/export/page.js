// The exported page (`tessera export --html`): one game played with no
// server, from a file:// address. No build step, no library.
//
// The engine (tessera-wasm: the library in WebAssembly) stands in the page
// gzipped and in base64; the page unpacks it with DecompressionStream,
// compiles the rule text (the page's own "rules" element) and asks it for
// the view of the position after the moves played: the board's SVG (the
// library's drawing, whose data-cell, data-pool and data-piece attributes
// the clicks use), the legal moves with their SAN, the status and the FEN.
// The AI runs the same engine in a Web Worker, so the page stays live.

"use strict";

const SVG = "http://www.w3.org/2000/svg";
const $ = (id) => document.getElementById(id);

const S = {
  start: null,      // a FEN, or null for the game's setup
  moves: [],        // moves played, as text
  view: null,       // the engine's view of the position
  kinds: new Map(), // the game's piece kinds by name
  selected: null,   // {cell} or {pool, piece}: what the next click moves
  flipped: false,
  thinking: false,  // an AI move is on its way
  asked: 0,         // the number of the last question to the AI
};

// For the browser test (tests/browser/export_test.py): the engine is loaded,
// and the count of the AI's moves.
window.tessera = { ready: false, aiMoves: 0, view: () => S.view };

let engine = null;
let worker = null;
const enc = new TextEncoder();
const dec = new TextDecoder();

// One call into the engine: the text goes in its input buffer, the answer
// comes back as JSON, or as an error's text when the call returns 1.
function call(name, text, ...args) {
  const bytes = enc.encode(text);
  const at = engine.input(bytes.length);
  new Uint8Array(engine.memory.buffer, at, bytes.length).set(bytes);
  const code = engine[name](...args);
  const out = dec.decode(new Uint8Array(engine.memory.buffer, engine.output(), engine.output_len()));
  if (code !== 0) throw new Error(out);
  return JSON.parse(out);
}

function request(moves = S.moves) {
  return { start: S.start, moves, flipped: S.flipped };
}

async function unpackEngine() {
  const text = $("engine").textContent.trim();
  const packed = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const stream = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip"));
  return WebAssembly.compile(await new Response(stream).arrayBuffer());
}

async function start() {
  const module = await unpackEngine();
  engine = (await WebAssembly.instantiate(module, {})).exports;
  const rules = $("rules").textContent;
  const loaded = call("load", rules);
  for (const k of loaded.kinds) S.kinds.set(k.kind, k);
  const source = new Blob([$("worker").textContent], { type: "text/javascript" });
  worker = new Worker(URL.createObjectURL(source));
  worker.onmessage = onAnswer;
  worker.postMessage({ module, rules });
  refresh();
  window.tessera.ready = true;
}

// ---- the position ---------------------------------------------------------

function refresh() {
  S.view = call("view", JSON.stringify(request()));
  draw();
  maybeAi();
}

function draw() {
  const v = S.view;
  $("board").innerHTML = v.svg;
  S.selected = null;
  $("chooser").hidden = true;
  const [first, second] = v.side_names;
  const mover = v.side_to_move === "white" ? first : second;
  $("status").textContent = v.status.over
    ? v.status.text
    : `${mover} to move${v.check ? ", in check" : ""}${S.thinking ? " (the AI is thinking)" : ""}`;
  $("fen").value = v.fen;
  $("fen-error").hidden = true;
  const list = $("movelist");
  list.replaceChildren();
  // Numbered by pairs of moves, as the game's players write them.
  for (let i = 0; i < v.san.length; i += 2) {
    const li = document.createElement("li");
    for (const san of v.san.slice(i, i + 2)) {
      const s = document.createElement("span");
      s.textContent = san;
      li.appendChild(s);
    }
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
  $("undo").disabled = S.moves.length === 0;
  // A pass has no cell to click where the mover has no royal piece.
  $("pass").hidden = !v.moves.some((m) => m.pass);
}

// ---- clicks ---------------------------------------------------------------

function overlay() {
  const svg = $("board").querySelector("svg");
  let g = svg.querySelector("g.marks");
  if (!g) {
    g = document.createElementNS(SVG, "g");
    g.setAttribute("class", "marks");
    g.setAttribute("pointer-events", "none");
    svg.appendChild(g);
  }
  return g;
}

function cellBox(name) {
  const cell = $("board").querySelector(`g.cell[data-cell="${CSS.escape(name)}"]`);
  return cell ? cell.getBBox() : null;
}

function mark(name, cls, ring) {
  const box = cellBox(name);
  if (!box) return;
  const r = Math.min(box.width, box.height);
  const e = document.createElementNS(SVG, cls === "selected" ? "rect" : "circle");
  const geometry = cls === "selected"
    ? { x: box.x + 1.5, y: box.y + 1.5, width: box.width - 3, height: box.height - 3, fill: "none", stroke: "#1e88e5", "stroke-width": 3 }
    : ring
      ? { cx: box.x + box.width / 2, cy: box.y + box.height / 2, r: r * 0.45, fill: "none", stroke: "rgba(30,136,229,0.75)", "stroke-width": r * 0.08 }
      : { cx: box.x + box.width / 2, cy: box.y + box.height / 2, r: r * 0.15, fill: "rgba(30,136,229,0.75)" };
  for (const [k, v] of Object.entries(geometry)) e.setAttribute(k, v);
  e.setAttribute("class", cls);
  e.setAttribute("data-target", name);
  overlay().appendChild(e);
}

function clearSelection() {
  S.selected = null;
  for (const e of $("board").querySelectorAll(".marks > *")) e.remove();
  for (const e of $("board").querySelectorAll(".pool-piece.chosen")) e.classList.remove("chosen");
}

// The legal moves of what is selected.
function selectedMoves() {
  const sel = S.selected;
  if (!sel || !S.view) return [];
  return S.view.moves.filter((m) => sel.cell !== undefined
    ? m.from === sel.cell && m.pool === null
    : m.pool === sel.pool && m.piece === sel.piece);
}

function select(sel) {
  clearSelection();
  S.selected = sel;
  const moves = selectedMoves();
  if (moves.length === 0) { S.selected = null; return; }
  if (sel.cell !== undefined) mark(sel.cell, "selected");
  for (const t of new Set(moves.filter((m) => m.to).map((m) => m.to))) {
    mark(t, "target", moves.some((m) => m.to === t && m.capture));
  }
}

function aiSide(side) {
  const ai = $("ai").value;
  return ai === "both" || ai === side;
}

function onBoardClick(ev) {
  const v = S.view;
  if (!v || v.status.over || S.thinking || aiSide(v.side_to_move)) return;
  const pool = ev.target.closest(".pool");
  if (pool && pool.dataset.side === v.side_to_move) {
    const into = selectedMoves().filter((m) => m.to_pool === pool.dataset.pool);
    if (into.length > 0) return choose(into);
  }
  const poolPiece = ev.target.closest(".pool-piece");
  if (poolPiece) {
    if (poolPiece.dataset.side !== v.side_to_move) return clearSelection();
    select({ pool: poolPiece.dataset.pool, piece: poolPiece.dataset.piece });
    poolPiece.classList.add("chosen");
    return;
  }
  const hit = ev.target.closest("[data-cell]");
  if (!hit) return clearSelection();
  const cell = hit.dataset.cell;
  const moves = selectedMoves().filter((m) => m.to === cell);
  if (moves.length > 0) return choose(moves);
  if (S.selected && S.selected.cell === cell) return clearSelection();
  select({ cell });
}

// The kind of the piece a move moves: on its cell, or in its pool.
function moverKind(m) {
  const v = S.view;
  if (m.pool === null) {
    const p = v.pieces.find((p) => p.cell === m.from);
    return p && p.kind;
  }
  const pool = v.pools.find((p) => p.pool === m.pool && p.side === v.side_to_move);
  const p = pool && pool.pieces.find((p) => p.piece === m.piece);
  return p && p.kind;
}

// One move is played at once; several (promotions, or moves that differ in
// what else they do) are offered in the chooser, each as the piece it leaves
// on the board and its SAN, the most valuable first.
function choose(moves) {
  if (moves.length === 1) return play(moves[0].text);
  const side = S.view.side_to_move;
  const choices = moves.map((m) => {
    const kind = S.kinds.get(m.promotion_kind || moverKind(m));
    return { m, kind, value: kind ? kind.value : 0 };
  });
  choices.sort((a, b) => b.value - a.value);
  const box = $("choices");
  box.replaceChildren();
  for (const { m, kind } of choices) {
    const b = document.createElement("button");
    b.type = "button";
    const picture = kind && (kind.pictures[side] || kind.pictures.neutral);
    if (picture) b.innerHTML = picture;
    const caption = document.createElement("span");
    caption.textContent = m.san || m.text;
    b.appendChild(caption);
    if (kind) b.title = `${kind.kind}: ${kind.moves}`;
    b.dataset.move = m.text;
    b.addEventListener("click", () => play(m.text));
    box.appendChild(b);
  }
  $("chooser").hidden = false;
}

function play(text) {
  clearSelection();
  S.moves.push(text);
  refresh();
}

// ---- the AI ---------------------------------------------------------------

function maybeAi() {
  const v = S.view;
  if (v.status.over || S.thinking || !aiSide(v.side_to_move) || !worker) return;
  S.thinking = true;
  S.asked += 1;
  const depth = Math.max(1, Math.min(8, Number($("depth").value) || 3));
  worker.postMessage({ id: S.asked, request: request(), depth, nodes: 2000000 });
  draw();
}

function onAnswer(ev) {
  const m = ev.data;
  if (m.ready) return maybeAi();
  // An answer to a question asked before the last undo, new game or load.
  if (m.id !== S.asked) return;
  S.thinking = false;
  if (m.error) {
    $("status").textContent = `The AI failed: ${m.error}`;
    return;
  }
  if (m.answer.move) {
    window.tessera.aiMoves += 1;
    S.moves.push(m.answer.move);
  }
  refresh();
}

// Whatever the AI was asking about is forgotten.
function forgetAi() {
  S.asked += 1;
  S.thinking = false;
}

// ---- buttons --------------------------------------------------------------

function undo() {
  forgetAi();
  S.moves.pop();
  // Back to where a person is to move, unless the AI plays both sides.
  while (S.moves.length > 0 && $("ai").value !== "both"
    && aiSide(call("view", JSON.stringify(request())).side_to_move)) S.moves.pop();
  refresh();
}

function loadFen() {
  const text = $("fen").value.trim();
  try {
    call("view", JSON.stringify({ start: text, moves: [] }));
  } catch (e) {
    $("fen-error").textContent = e.message;
    $("fen-error").hidden = false;
    return;
  }
  forgetAi();
  S.start = text;
  S.moves = [];
  refresh();
}

async function copyFen() {
  const text = S.view.fen;
  try {
    await navigator.clipboard.writeText(text);
    $("status").textContent = "FEN copied";
  } catch (e) {
    // A file:// page may not write the clipboard: select the text instead.
    $("fen").select();
    $("status").textContent = "FEN selected: copy it with Ctrl+C";
  }
}

$("board").addEventListener("click", onBoardClick);
$("choose-cancel").addEventListener("click", () => { $("chooser").hidden = true; clearSelection(); });
$("new").addEventListener("click", () => { forgetAi(); S.start = null; S.moves = []; refresh(); });
$("undo").addEventListener("click", undo);
$("flip").addEventListener("click", () => { S.flipped = !S.flipped; refresh(); });
$("ai").addEventListener("change", () => { forgetAi(); refresh(); });
$("fen-load").addEventListener("click", loadFen);
$("pass").addEventListener("click", () => {
  const pass = S.view.moves.find((m) => m.pass);
  if (pass && !S.thinking && !aiSide(S.view.side_to_move)) play(pass.text);
});
$("fen").addEventListener("keydown", (e) => { if (e.key === "Enter") loadFen(); });
$("fen-copy").addEventListener("click", copyFen);

start().catch((e) => {
  $("status").textContent = `The page cannot run: ${e.message}`;
  console.error(e);
});
