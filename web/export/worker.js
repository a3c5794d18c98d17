// The AI of an exported page, in a Web Worker so that the page stays live
// while it thinks: the page sends the engine's compiled module and the rule
// text once, then positions; the worker answers each with the search's move.
// engineCall: web/export/call.js, put before this script.
let engine = null;
const call = (name, text, ...args) => engineCall(engine, name, text, ...args);
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
