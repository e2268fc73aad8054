// The page's worker (src/web/page.rs puts it after wasm-bindgen's glue, which defines
// `wasm_bindgen`): it holds the session, compiled once by the page and sent here as a
// WebAssembly.Module, and runs each line it is sent, answering with what became of it. The page
// ends the worker to stop a line, and starts another with what it kept, the undo history too.
"use strict";
let bench = null;

// What long work is doing (a table built, a search), told by the session while a line runs:
// posted at once, so the page's status line shows it before the line's answer comes.
self.cubeworkProgress = line => self.postMessage({progress: String(line)});

// The reply as a plain object: its fields, read once.
function plain(reply) {
  const out = {};
  for (const k of ["ok", "text", "note", "prompt", "apl", "size", "rep", "shown", "workspace",
                   "facelets", "notation", "solved", "files", "file_texts"]) out[k] = reply[k];
  out.stickers = Array.from(reply.stickers);
  out.turns = Array.from(reply.turns);
  out.moves = Array.from(reply.moves);
  out.positions = Array.from(wasm_bindgen.positions(reply.size));
  reply.free();
  out.history = history();
  return out;
}

// The undo history's order and its changes new since the last reply, as plain arrays: the
// page keeps them, to give back when it starts another worker after a stopped line.
function history() {
  const h = bench.history();
  const out = {forgotten: h.forgotten, start: h.start};
  for (const k of ["made", "undone", "serials", "labels", "moves", "notations", "sizes", "facelets"]) out[k] = Array.from(h[k]);
  h.free();
  return out;
}

// The history the page kept, given back to the session (what cannot be is said in the next
// answer's note).
function restoreHistory(kept) {
  const h = new wasm_bindgen.History();
  h.forgotten = kept.forgotten;
  h.start = kept.start;
  for (const k of ["made", "undone", "serials", "sizes"]) h[k] = Uint32Array.from(kept[k]);
  for (const k of ["labels", "moves", "notations", "facelets"]) h[k] = kept[k];
  const restored = bench.restoreHistory(h);
  h.free();
  return restored;
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
      const restored = Boolean(kept && message.history) && restoreHistory(message.history);
      const reply = plain(bench.look());
      reply.restored = restored;
      self.postMessage({id: message.id, reply});
    } else if (message.type === "link") {
      self.postMessage({id: message.id, reply: plain(bench.openLink(message.workspace, message.size, message.facelets))});
    } else if (message.type === "load") {
      self.postMessage({id: message.id, reply: plain(bench.loadText(message.file, message.text))});
    } else if (message.type === "copy") {
      self.postMessage({id: message.id, reply: plain(bench.copyText(message.file, message.text, message.names))});
    } else if (message.type === "merge") {
      // This tab's kept workspace merged with another tab's: [the text to keep, a note].
      const merged = wasm_bindgen.mergeKept(message.ours, message.then, message.theirs, message.theirsThen);
      self.postMessage({id: message.id, reply: Array.from(merged)});
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
