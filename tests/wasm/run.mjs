// Loads the library compiled to wasm32-unknown-unknown and checks what it
// answers: legal moves, perft and a timed search, all inside WebAssembly.
// Usage: node tests/wasm/run.mjs PATH/TO/tessera_wasm_check.wasm
import { readFileSync } from "node:fs";

const [, , wasmPath] = process.argv;
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), {});
const e = instance.exports;
let failed = 0;
function check(what, got, want) {
  const ok = got === want;
  console.log(`${ok ? "ok     " : "FAILED "} ${what}: ${got}${ok ? "" : ` (expected ${want})`}`);
  if (!ok) failed++;
}
check("legal moves at the start", e.start_moves(), 20);
check("perft 3 from the start", e.start_perft(3), 8902n);
const t0 = performance.now();
const answer = e.timed_search(100);
const depth = Math.floor(answer / 1_000_000);
console.log(`search: depth ${depth}, best move #${answer % 1_000_000}, ${(performance.now() - t0).toFixed(0)} ms`);
check("the search reached depth 3 or more", depth >= 3, true);
check("the search found a legal move", answer !== 0xffffffff && answer % 1_000_000 < 20, true);
check("a search by depth with the default clock", e.deep_search(4), 4);
process.exit(failed ? 1 : 0);
