// The exported page (`tessera export --html`): one game played with no
// server, from a file:// address. No build step, no library.
//
// The engine (tessera-wasm: the library in WebAssembly) stands in the page
// gzipped and in base64; the page unpacks it with DecompressionStream,
// compiles the rule text (the page's own "rules" element) and asks it for
// the view of the position after the moves played: the board's SVG (the
// library's drawing, whose data-cell, data-pool and data-piece attributes
// the clicks use), the legal moves with their notation, the status and the FEN.
// The AI runs the same engine in a Web Worker, so the page stays live.

"use strict";

const $ = (id) => document.getElementById(id);

const S = {
  start: null,      // a FEN, or null for the game's setup
  moves: [],        // moves played, as text
  view: null,       // the engine's view of the position
  kinds: new Map(), // the game's piece kinds by name
  flipped: false,
  thinking: false,  // an AI move is on its way
  asked: 0,         // the number of the last question to the AI
  askedAt: 0,       // when it was asked (performance.now())
};

// For the browser test (tests/browser/export_test.py): the engine is loaded,
// when the first board was drawn (ms since the page was opened), the count
// of the AI's moves and how long each took, the moves played as text.
window.tessera = {
  ready: false, firstBoard: null, aiMoves: 0, aiTimes: [],
  view: () => S.view, moves: () => S.moves.slice(),
};

let engine = null;
let worker = null;
// engineCall: web/export/call.js; boardClicks: web/board.js (shared with
// the studio); src/export.rs puts both before this script.
const call = (name, text, ...args) => engineCall(engine, name, text, ...args);

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
  window.tessera.firstBoard = performance.now();
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
  clicks.clear();
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

const clicks = boardClicks({
  board: $("board"),
  chooser: $("chooser"),
  choices: $("choices"),
  view: () => S.view,
  kinds: () => S.kinds,
  canMove: () => !S.view.status.over && !S.thinking && !aiSide(S.view.side_to_move),
  play: (text) => play(text),
});

function aiSide(side) {
  const ai = $("ai").value;
  return ai === "both" || ai === side;
}

function play(text) {
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
  S.askedAt = performance.now();
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
    window.tessera.aiTimes.push(performance.now() - S.askedAt);
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

$("board").addEventListener("click", clicks.onClick);
$("choose-cancel").addEventListener("click", () => { $("chooser").hidden = true; clicks.clear(); });
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
