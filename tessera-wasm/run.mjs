// Drives the page's engine (tessera-wasm) from Node as the page does: loads
// a rule file, asks for views and the search's move, and checks the answers.
// Usage: node tessera-wasm/run.mjs PATH/TO/tessera_wasm.wasm
import { readFileSync } from "node:fs";
import { engineCall } from "../web/export/call.js";

const [, , wasmPath] = process.argv;
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const e = instance.exports;
// The page's own call, an error's text kept as an answer to check.
function call(name, text, ...args) {
  try {
    return engineCall(e, name, text, ...args);
  } catch (error) {
    return { error: error.message };
  }
}
let failed = 0;
function check(what, got, want) {
  const ok = JSON.stringify(got) === JSON.stringify(want);
  console.log(`${ok ? "ok     " : "FAILED "} ${what}: ${JSON.stringify(got)}${ok ? "" : ` (expected ${JSON.stringify(want)})`}`);
  if (!ok) failed++;
}
const rules = (name) => readFileSync(new URL(`../games/${name}.game`, import.meta.url), "utf8");

check("a rule file with an error", "error" in call("load", "game \"x\"\ngrid file a..b rank 1..2\npiece"), true);
check("chess loads", call("load", rules("chess")).title, "Chess");
const start = call("view", JSON.stringify({ moves: [] }));
check("chess: legal moves at the start", start.moves.length, 20);
check("chess: the board is the library's drawing", start.svg.includes('class="tessera-board"'), true);
const after = call("view", JSON.stringify({ moves: ["e2e4", "e7e5", "Nf3"] }));
check("chess: moves in coordinates and SAN, noted in SAN", after.san, ["e4", "e5", "Nf3"]);
check("chess: an illegal move is refused", "error" in call("view", JSON.stringify({ moves: ["e2e5"] })), true);
const t0 = performance.now();
const best = call("best", JSON.stringify({ moves: ["e2e4"] }), 3, 0);
console.log(`search to depth 3: ${best.move}, ${(performance.now() - t0).toFixed(0)} ms`);
check("chess: the search answers a legal move", after.moves.length > 0 && typeof best.move === "string", true);
check("xiangqi: the sides as its players call them", (call("load", rules("xiangqi")), call("view", "{}").side_names), ["Red", "Black"]);
call("load", rules("shogi"));
const drop = call("view", JSON.stringify({ moves: ["c3c4", "g7g6", "b2h8+", "g9h8"] }));
check("shogi: a drop from the hand is listed", drop.error ?? drop.moves.some((m) => m.pool !== null), true);
process.exit(failed ? 1 : 0);
