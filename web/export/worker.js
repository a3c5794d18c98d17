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
// A position may arrive before the engine is instantiated: it waits for it.
let ready = null;
onmessage = async (ev) => {
  const m = ev.data;
  try {
    if (m.module) {
      ready = WebAssembly.instantiate(m.module, {}).then((instance) => {
        engine = instance.exports;
        call("load", m.rules);
      });
      await ready;
      postMessage({ ready: true });
    } else {
      await ready;
      postMessage({ id: m.id, answer: call("best", JSON.stringify(m.request), m.depth, m.nodes) });
    }
  } catch (e) {
    postMessage({ id: m.id, error: String(e.message || e) });
  }
};
