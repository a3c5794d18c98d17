// Puts into this folder what the package carries besides its own files: the
// engine (tessera-wasm built for wasm32-unknown-unknown) as tessera.wasm, and
// web/export/call.js, the one call into the engine that the exported pages
// make too. Usage: node prepare.mjs PATH/TO/tessera_wasm.wasm
import { copyFileSync } from "node:fs";

const [, , wasm] = process.argv;
if (!wasm) {
  console.error("usage: node prepare.mjs PATH/TO/tessera_wasm.wasm");
  process.exit(2);
}
copyFileSync(wasm, new URL("tessera.wasm", import.meta.url));
copyFileSync(new URL("../../web/export/call.js", import.meta.url), new URL("call.js", import.meta.url));
