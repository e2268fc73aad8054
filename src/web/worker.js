// The page's worker (src/web/page.rs puts it after wasm-bindgen's glue, which defines
// `wasm_bindgen`): it holds the session, compiled once by the page and sent here as a
// WebAssembly.Module, and runs each line it is sent, answering with what became of it. The page
// ends the worker to stop a line, and starts another with what it kept.
"use strict";
let bench = null;

// The reply as a plain object: its fields, read once.
function plain(reply) {
  const out = {};
  for (const k of ["ok", "text", "note", "prompt", "apl", "size", "rep", "shown", "workspace",
                   "facelets", "notation", "solved"]) out[k] = reply[k];
  out.stickers = Array.from(reply.stickers);
  out.turns = Array.from(reply.turns);
  out.moves = Array.from(reply.moves);
  out.positions = Array.from(wasm_bindgen.positions(reply.size));
  reply.free();
  return out;
}

self.onmessage = event => {
  const message = event.data;
  try {
    if (message.type === "start") {
      wasm_bindgen.initSync({module: message.module});
      const kept = message.kept;
      bench = kept
        ? wasm_bindgen.Bench.restore(kept.size, kept.facelets, kept.rep, kept.notation, kept.apl, kept.workspace)
        : new wasm_bindgen.Bench();
      self.postMessage({id: message.id, reply: plain(bench.look())});
    } else if (message.type === "link") {
      self.postMessage({id: message.id, reply: plain(bench.openLink(message.workspace, message.size, message.facelets))});
    } else if (message.type === "run") {
      const t0 = performance.now();
      const reply = plain(bench.run(message.line));
      reply.ms = performance.now() - t0;
      self.postMessage({id: message.id, reply});
    }
  } catch (e) {
    // A panic or a trap: the session is lost, and the page starts another with what it kept.
    self.postMessage({id: message.id, crashed: String(e && e.message || e)});
  }
};
