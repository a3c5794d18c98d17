// One call into the engine (tessera-wasm's plain interface), shared by the
// exported page, its AI's worker and the npm package (tessera-wasm/npm/):
// the text goes in the engine's input buffer, the answer comes back as JSON,
// or as an error's text when the call returns 1. An ES module for the
// package; src/export.rs puts it before the page's and the worker's scripts
// as plain script, without its `export` keyword.
const engineText = { enc: new TextEncoder(), dec: new TextDecoder() };

export function engineCall(engine, name, text, ...args) {
  const bytes = engineText.enc.encode(text);
  const at = engine.input(bytes.length);
  new Uint8Array(engine.memory.buffer, at, bytes.length).set(bytes);
  const code = engine[name](...args);
  const out = engineText.dec.decode(new Uint8Array(engine.memory.buffer, engine.output(), engine.output_len()));
  if (code !== 0) throw new Error(out);
  return JSON.parse(out);
}
