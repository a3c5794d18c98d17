// The AI of an exported page, in a Web Worker so that the page stays live
// while it thinks: the page sends the engine's compiled module and the rule
// text once, then positions; the worker answers each with the search's move.
"use strict";
let engine = null;
const enc = new TextEncoder();
const dec = new TextDecoder();
function call(name, text, ...args) {
  const bytes = enc.encode(text);
  const at = engine.input(bytes.length);
  new Uint8Array(engine.memory.buffer, at, bytes.length).set(bytes);
  const code = engine[name](...args);
  const out = dec.decode(new Uint8Array(engine.memory.buffer, engine.output(), engine.output_len()));
  if (code !== 0) throw new Error(out);
  return JSON.parse(out);
}
onmessage = async (ev) => {
  const m = ev.data;
  try {
    if (m.module) {
      engine = (await WebAssembly.instantiate(m.module, {})).exports;
      call("load", m.rules);
      postMessage({ ready: true });
    } else {
      postMessage({ id: m.id, answer: call("best", JSON.stringify(m.request), m.depth, m.nodes) });
    }
  } catch (e) {
    postMessage({ id: m.id, error: String(e.message || e) });
  }
};
