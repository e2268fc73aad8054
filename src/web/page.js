// The workbench page's script (src/web/page.rs writes it after PALETTE, GLYPHS and the
// renderer's factory, makeRenderer): the session pane, the cube, the player over the session's
// moves, the representation, the kept state and the link. The session itself runs in a worker
// (the library compiled to WebAssembly); every line typed goes to it, and what comes back is
// shown as text. Nothing here knows a move: each comes from the library as its layer turns.
"use strict";
const $ = id => document.getElementById(id);
const KEEP = "cubework.workbench";

// --- the worker ----------------------------------------------------------------------------
const wasmBytes = (() => {
  const text = atob($("wasm").textContent.trim());
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
})();
const compiled = WebAssembly.compile(wasmBytes);
const workerUrl = URL.createObjectURL(new Blob([$("worker-source").textContent], {type: "text/javascript"}));
// `pending`: the requests sent to the worker and not yet answered, by id (a line, and the
// merge of what another tab kept, may be out at once).
let worker = null, nextId = 1, pending = new Map(), busy = false;

// A worker holding the session brought back from `kept` (none: a new session), with the undo
// history `history` (none: a new one).
async function startWorker(kept, history) {
  const module = await compiled;
  worker = new Worker(workerUrl);
  return new Promise((resolve, reject) => {
    const id = nextId++;
    worker.onmessage = event => onReply(event.data);
    worker.onerror = event => { event.preventDefault(); crashed(String(event.message || "the worker failed")); };
    pending.set(id, {resolve, reject});
    worker.postMessage({type: "start", id, module, kept, history});
  });
}

function onReply(message) {
  if (typeof message.progress === "string") { if (busy) status(running(message.progress)); return; }
  const asked = pending.get(message.id);
  if (!asked) return;
  pending.delete(message.id);
  if (message.crashed) { crashed(message.crashed); return; }
  asked.resolve(message.reply);
}

function send(line) {
  return ask({type: "run", line});
}

// A request to the worker (`run` a line, open a `link`), answered with its reply.
function ask(message) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, {resolve, reject});
    worker.postMessage(Object.assign({id}, message));
  });
}

// The worker died (a trap in the session): said, and another started with what was kept.
function crashed(why) {
  refuseAll(why);
  say(`the session stopped (${why}); it comes back with its workspace and moves`, "error");
  restart();
}

// Stop: the worker ended at once, and another started with the workspace, the cube and the
// undo history kept.
function stop() {
  if (!busy) return;
  refuseAll("stopped");
  restart();
}

// Every request still out refused (the worker is ended).
function refuseAll(why) {
  for (const asked of pending.values()) asked.reject(new Error(why));
  pending.clear();
}

async function restart() {
  if (worker) worker.terminate();
  worker = null;
  busy = true;
  status("the line was stopped; bringing the session back…");
  const reply = await startWorker(lastReply ? stateOf(lastReply) : (await loadKept()).kept, keptUndo());
  busy = false;
  show(reply, {keep: false});
  say(reply.restored
    ? "the session is back with its workspace, its cube and what undo and redo walk"
    : "the session is back with its workspace and cube; undo and history start anew from here", "said");
  status("ready");
  $("line").disabled = false;
  $("line").focus();
}

// --- what is kept --------------------------------------------------------------------------
// Kept twice: in localStorage, and in IndexedDB with strict durability. Chromium writes
// localStorage to disk a second or more after it is set, so a browser killed at once (a
// crash, a power cut) loses the last lines; a strict IndexedDB transaction is on disk when it
// completes. Each value kept has a serial, and the page starts from the later of the two.
const STORE = "kept";
let keptSerial = 0;
// The serial of the last value IndexedDB has on disk (for the test that kills the browser).
window.keptOnDisk = 0;
let database = null;
function durable() {
  if (!database) database = new Promise(resolve => {
    try {
      const opening = indexedDB.open("cubework", 1);
      opening.onupgradeneeded = () => opening.result.createObjectStore(STORE);
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => resolve(null);
      opening.onblocked = () => resolve(null);
    } catch (e) { resolve(null); }
  });
  return database;
}

function parseKept(text) {
  try {
    const value = text ? JSON.parse(text) : null;
    if (value && typeof value === "object") return value;
  } catch (e) { /* unreadable: not kept */ }
  return null;
}

async function loadKept() {
  let stored = null;
  try { stored = parseKept(localStorage.getItem(KEEP)); } catch (e) { /* storage refused */ }
  const db = await durable();
  const onDisk = db && await new Promise(resolve => {
    try {
      const read = db.transaction(STORE).objectStore(STORE).get(KEEP);
      read.onsuccess = () => resolve(parseKept(read.result));
      read.onerror = () => resolve(null);
    } catch (e) { resolve(null); }
  });
  const serial = v => (v && Number.isFinite(v.serial) ? v.serial : 0);
  const value = serial(onDisk) > serial(stored) ? onDisk : stored;
  keptSerial = Math.max(keptSerial, serial(value));
  return value || {};
}

// `text` (the value of `serial`) written to IndexedDB, strictly durable; transactions on the
// store complete in the order they are made, so the last kept is the last written.
async function keepDurably(text, serial) {
  const db = await durable();
  if (!db) return;
  try {
    const write = db.transaction(STORE, "readwrite", {durability: "strict"});
    write.objectStore(STORE).put(text, KEEP);
    write.oncomplete = () => { window.keptOnDisk = Math.max(window.keptOnDisk, serial); };
  } catch (e) { /* IndexedDB refused: localStorage alone keeps it */ }
}

// What brings the session of `reply` back: its cube, representation, notation, mode and
// workspace.
function stateOf(reply) {
  return {size: reply.size, facelets: reply.facelets, rep: reply.rep, notation: reply.notation,
          apl: reply.apl, workspace: reply.workspace};
}

// Two tabs of the page open at once share what this browser keeps. Neither loses the other's
// work: each keeps, after each line, its own workspace merged with what the other kept
// meanwhile, by name, as two REPLs sharing a data directory merge their file (a name this tab
// changed or erased since it last kept is this tab's, any other is as the other tab kept it),
// and says once what the other tab changed; a reload or a new tab brings back both tabs'
// names. The cube, the mode and the lines typed kept are those of the tab that kept last.
// `mine`: this tab's workspace when it last kept (at the start: none, so that all the
// session has is its own), and the kept workspace's text then.
const mine = {workspace: "", stored: null};

// The workspace kept in this browser now (null: its storage cannot be read).
function keptWorkspace() {
  try {
    const value = parseKept(localStorage.getItem(KEEP));
    return value && value.kept && typeof value.kept.workspace === "string" ? value.kept.workspace : "";
  } catch (e) { return null; }
}

// Kept after every line: the session (`kept`), its workspace merged with another tab's when
// one kept its own since (the merge is the worker's: the library's, as the REPL's).
function keep(reply) {
  const kept = stateOf(reply);
  const ours = kept.workspace;
  const theirs = keptWorkspace();
  if (theirs === null || mine.stored === null || (theirs === mine.stored && mine.stored === mine.workspace)) {
    keepAs(kept, ours);
    return;
  }
  ask({type: "merge", ours, then: mine.workspace, theirs, theirsThen: mine.stored}).then(([text, note]) => {
    if (note) say(`note: ${note}`, "note");
    keepAs(Object.assign({}, kept, {workspace: text}), ours);
  }, () => { /* the worker was ended (Stop): the next line keeps, merged */ });
}

// Kept: `kept`, with the player's moves and the lines typed (those of 4,096 characters or
// fewer); `ours` is the session's own workspace in it. Where the browser's storage is full,
// the player's moves and then the lines are left out rather than the session, and the
// transcript says so once.
let keptLess = "";
function keepAs(kept, ours) {
  mine.workspace = ours;
  mine.stored = kept.workspace;
  const moves = {start: player.start, startFacelets: player.startFacelets, size: player.size, moves: player.moves};
  const lines = typed.slice(-200).filter(l => l.length <= 4096);
  const serial = keptSerial = Math.max(Date.now(), keptSerial + 1);
  const ways = [[{serial, kept, player: moves, lines}, ""], [{serial, kept, lines}, "the player's moves are"],
                [{serial, kept}, "the player's moves and the lines typed are"]];
  keepDurably(JSON.stringify(ways[0][0]), serial);
  for (const [value, left] of ways) {
    try {
      localStorage.setItem(KEEP, JSON.stringify(value));
    } catch (e) { continue; }
    if (left && left !== keptLess) say(`note: this browser's storage for the page is full: ${left} not kept; the cube, the workspace and the mode are`, "note");
    keptLess = left;
    return;
  }
  if (keptLess !== "all") say("note: this browser could not keep the session after this line (its storage is refused or full): a reload brings back an earlier one, if any; )save offers the workspace as a download", "note");
  keptLess = "all";
  status("this browser keeps nothing more for the page: a reload brings back an earlier session");
}

// --- the undo history ----------------------------------------------------------------------
// What the session's undo and redo walk, as the worker tells it after each line (each change
// once): kept here so that a worker started after Stop, after a failure or for )load gives
// it back. A reload starts it anew, as a new REPL session does.
const undoKept = {order: null, changes: new Map()};

function heard(h) {
  if (!h) return;
  for (let i = 0; i < h.serials.length; i++) {
    undoKept.changes.set(h.serials[i], {label: h.labels[i], moves: h.moves[i], notation: h.notations[i],
                                        size: h.sizes[i], facelets: h.facelets[i]});
  }
  undoKept.order = {forgotten: h.forgotten, start: h.start, made: h.made, undone: h.undone};
  const held = new Set([h.start, ...h.made, ...h.undone]);
  for (const serial of [...undoKept.changes.keys()]) if (!held.has(serial)) undoKept.changes.delete(serial);
}

// The undo history as the worker takes it back (null: none heard yet).
function keptUndo() {
  if (!undoKept.order) return null;
  const out = Object.assign({serials: [], labels: [], moves: [], notations: [], sizes: [], facelets: []}, undoKept.order);
  for (const [serial, c] of undoKept.changes) {
    out.serials.push(serial); out.labels.push(c.label); out.moves.push(c.moves);
    out.notations.push(c.notation); out.sizes.push(c.size); out.facelets.push(c.facelets);
  }
  return out;
}

// --- the transcript ------------------------------------------------------------------------
function say(text, kind) {
  const pre = $("transcript");
  const div = document.createElement("div");
  div.className = kind;
  div.textContent = text;
  pre.appendChild(div);
  while (pre.childNodes.length > 2000) pre.removeChild(pre.firstChild);
  pre.scrollTop = pre.scrollHeight;
}
function status(text) { $("status").textContent = text; }
// The status line while a line runs: what its long work is doing, when the session says.
function running(doing) { return `running${doing ? ": " + doing : "…"} (Stop or Ctrl-C ends it)`; }

// --- the cube and the player ---------------------------------------------------------------
// The session's moves since the cube last changed another way: from `start` (colours in the
// geometry's order), each move with its layer turns.
const player = {size: 3, start: null, startFacelets: "", positions: [], moves: [], at: 0};
let renderer = null, moving = null, animation = 0;

function rendererFor(size, positions, colours) {
  const start = [];
  for (let i = 0; i < colours.length; i++) start.push([positions[3 * i], positions[3 * i + 1], positions[3 * i + 2], colours[i]]);
  return makeRenderer(size, start, null, PALETTE.colours, PALETTE.grey, PALETTE.plastic, PALETTE.ink,
                      renderer ? {yaw: renderer.cam.yaw, pitch: renderer.cam.pitch, distance: renderer.cam.distance} : {yaw: 35, pitch: 28, distance: 4.5});
}

// The cube `i` moves into the player's moves.
function seek(i) {
  player.at = Math.max(0, Math.min(player.moves.length, i));
  renderer = rendererFor(player.size, player.positions, player.start);
  for (const m of player.moves.slice(0, player.at)) renderer.turnSlices(m.turns);
  draw();
}

function draw() {
  if (!renderer) return;
  const c = renderer.camera(renderer.cam.yaw, renderer.cam.pitch, renderer.cam.distance);
  // The scene is SVG the renderer wrote from numbers and the palette: no user text is in it.
  $("view").innerHTML = renderer.scene(c, 420, moving);
  $("scrub").max = player.moves.length;
  $("scrub").value = player.at;
  $("where").textContent = `${player.at} / ${player.moves.length}`;
}

// Turns the cube through moves `from` to `to` of the player, a quarter-turn in `ms`.
function animate(from, to, ms) {
  const mine = ++animation;
  const stepTo = i => {
    if (mine !== animation) return;
    if (i >= Math.min(to, player.moves.length)) { moving = null; seek(Math.min(to, player.moves.length)); return; }
    const turns = player.moves[i].turns, t0 = performance.now();
    const quarters = Math.max(1, ...turns.map(t => (t[2] === 2 ? 2 : 1)));
    const frame = now => {
      if (mine !== animation) return;
      const f = Math.min(1, (now - t0) / (ms * quarters));
      if (f >= 1) { moving = null; renderer.turnSlices(turns); player.at = i + 1; draw(); stepTo(i + 1); return; }
      moving = {turns, f};
      draw();
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  seek(from);
  stepTo(from);
}

function movesOf(reply) {
  const names = reply.moves, out = [];
  let k = 0;
  for (const name of names) {
    const count = reply.turns[k++], turns = [];
    for (let j = 0; j < count; j++, k += 3) turns.push([reply.turns[k], reply.turns[k + 1], reply.turns[k + 2]]);
    out.push({name, turns});
  }
  return out;
}

function sameColours(a, b) { return a && b && a.length === b.length && a.every((v, i) => v === b[i]); }

// What the session says the cube is now: its moves added to the player and turned, or (when
// it changed another way) a new start.
function follow(reply) {
  // A turn still under way is ended where it is: the cube is drawn from the moves below.
  animation++;
  moving = null;
  const made = movesOf(reply);
  player.positions = reply.positions;
  if (made.length && player.start && player.size === reply.size) {
    const from = player.moves.length;
    player.moves = player.moves.slice(0, from).concat(made);
    animate(from, player.moves.length, 200);
    return;
  }
  // The end of the player's moves is the cube the session has: else a new start.
  let end = null;
  if (player.start && player.size === reply.size) {
    const r = rendererFor(player.size, player.positions, player.start);
    for (const m of player.moves) r.turnSlices(m.turns);
    end = r;
  }
  if (!end || !sameCube(end, reply)) {
    player.size = reply.size;
    player.start = reply.stickers.slice();
    player.startFacelets = reply.solved ? "" : reply.facelets;
    player.moves = [];
  }
  seek(player.moves.length);
}

// Whether a renderer's stickers show the session's cube: each position's colour the same.
function sameCube(r, reply) {
  const at = new Map();
  for (let i = 0; i < reply.stickers.length; i++) {
    at.set(`${reply.positions[3 * i]},${reply.positions[3 * i + 1]},${reply.positions[3 * i + 2]}`, reply.stickers[i]);
  }
  return r.get().every(s => at.get(s.p.join(",")) === s.c);
}

// --- a reply ---------------------------------------------------------------------------------
let prompt = "";
function show(reply, {keep: keepIt = true} = {}) {
  if (reply.note) say(`note: ${reply.note}`, "note");
  if (reply.text) say(reply.text, reply.ok ? "out" : "error");
  offerFiles(reply);
  prompt = reply.prompt;
  $("prompt").textContent = prompt;
  $("shown").textContent = `${reply.rep}\n${reply.shown}`;
  follow(reply);
  heard(reply.history);
  if (keepIt) keep(reply);
  lastReply = reply;
  writeLink();
}
let lastReply = null;

// The files a line wrote (`draw cube.svg`, `compare --plot chart.svg`): the page has no disk
// of its own, so each is offered as a download under its name.
function offerFiles(reply) {
  (reply.files || []).forEach((name, i) => {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([reply.file_texts[i]], {type: /\.html?$/i.test(name) ? "text/html" : "image/svg+xml"}));
    a.download = name;
    a.click();
    say(`${name} was offered as a download: the page has no disk of its own`, "said");
  });
}

// --- the link ------------------------------------------------------------------------------
// The address holds the player's moves and the workspace's definitions (and the start, when
// the moves do not start from solved): #moves=…&ws=…&start=…, each URI-encoded.
function writeLink() {
  const parts = [];
  const moves = player.moves.map(m => m.name).join(" ");
  if (moves) parts.push("moves=" + encodeURIComponent(moves));
  if (lastReply && lastReply.workspace) parts.push("ws=" + encodeURIComponent(lastReply.workspace));
  if (player.startFacelets) parts.push("size=" + player.size, "start=" + encodeURIComponent(player.startFacelets));
  const address = parts.length ? "#" + parts.join("&") : "#";
  $("link").href = address;
  $("link").textContent = address.length > 120 ? address.slice(0, 120) + "…" : address;
}

function readLink(hash) {
  const out = {};
  for (const part of hash.replace(/^#/, "").split("&")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    const key = part.slice(0, i);
    let value;
    try { value = decodeURIComponent(part.slice(i + 1)); } catch (e) { value = part.slice(i + 1); }
    if (["moves", "ws", "start", "size"].includes(key)) out[key] = value;
    else (out.unknown = out.unknown || []).push(key);
  }
  return out;
}

// A link opened: what it holds is shown, as text, and run only when asked (Enter or “run
// it”; Escape or “leave it” drops it; any other key is the page's as usual). Run, it is
// brought into this session, not put in its place: its definitions join the workspace (a
// line of them that does not run is kept as it was and named), its cube is loaded as `size`
// and `load` would (undo takes it back), and its moves are run as a line.
let dropOffer = null;
function offer(link) {
  if (dropOffer) dropOffer();
  const lines = [];
  if (link.moves) lines.push(`moves: ${link.moves}`);
  if (link.start) lines.push(`from the cube: ${link.start}`);
  if (link.ws) lines.push(`definitions:\n${link.ws}`);
  if (link.unknown) lines.push(`not read: ${link.unknown.join(", ")}`);
  if (!lines.length) return;
  $("offer-text").textContent = "This link holds (nothing runs until you press Enter or “run it”; Escape leaves it):\n" + lines.join("\n");
  $("offer").hidden = false;
  const run = async () => {
    if (busy) { status("a line is running: open the link when it is done (Stop ends it)"); return; }
    drop();
    busy = true;
    const size = parseInt(link.size || "3", 10);
    let reply;
    try {
      reply = await ask({type: "link", workspace: link.ws || "", size: Number.isFinite(size) ? size : 3,
                         facelets: link.start || ""});
    } catch (e) {
      busy = false;
      return;
    }
    busy = false;
    show(reply);
    status("ready");
    if (link.moves && reply.ok) await runLine(link.moves);
    $("line").focus();
  };
  const onKey = e => {
    if (e.key === "Escape") { e.preventDefault(); drop(); }
    else if (e.key === "Enter") { e.preventDefault(); run(); }
  };
  const drop = () => { document.removeEventListener("keydown", onKey, true); $("offer").hidden = true; dropOffer = null; };
  dropOffer = drop;
  document.addEventListener("keydown", onKey, true);
  $("offer-run").onclick = run;
  $("offer-drop").onclick = drop;
}

// --- typing --------------------------------------------------------------------------------
const typed = [];
let back = 0;

async function runLine(line) {
  if (busy) return;
  if (/^\)(save|load|copy)\b/.test(line.trim())) {
    say(prompt + line, "in");
    typed.push(line);
    fileHelp(line.trim());
    return;
  }
  busy = true;
  say(prompt + line, "in");
  if (line.trim()) { typed.push(line); back = 0; }
  status(running(""));
  let reply;
  try {
    reply = await send(line);
  } catch (e) {
    busy = false;
    return;
  }
  busy = false;
  status(`ready (${reply.ms.toFixed(1)} ms)`);
  show(reply);
}

// The name a download is offered as: the name typed (the page has no directories), each
// character no file name holds on some system made _, as the library's download_name makes
// the name of a file `draw FILE` writes.
const UNSAFE = `/ \\ : * ? " < > | or control character`;
function downloadName(typed) {
  const name = typed.replace(/[\/\\:*?"<>|\u0000-\u001f\u007f-\u009f]/g, "_");
  return name.replace(/^\.+|\.+$/g, "") ? name : "cubework-file";
}

// )save, )load and )copy in the page, which has no files of its own: the workspace (as the
// REPL's )save writes it) offered as a download, or read from a file chosen.
function fileHelp(line) {
  if (line.startsWith(")save")) {
    if (!lastReply || !lastReply.workspace) { say("the workspace is empty: nothing to save", "said"); return; }
    // The name given, if any — the rest of the line, spaces and all, as the REPL's )save
    // reads it; its last part: the browser chooses where — else workspace.apl.
    const typedName = line.slice(")save".length).trim() || "workspace.apl";
    const name = downloadName(typedName);
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([lastReply.workspace], {type: "text/plain"}));
    a.download = name;
    a.click();
    say(`the workspace was offered as a download (${name}${name === typedName ? "" : `: ${typedName} with each ${UNSAFE} in it made _`})`, "said");
  } else if (line.startsWith(")copy")) {
    // )copy [FILE] [NAMES]: the file is chosen here (a word with a dot or a slash names it
    // in the line, as the REPL's does; APL names have neither), the names are the rest.
    const words = line.split(/\s+/).slice(1).filter(w => w);
    const names = words.length && /[./\\]/.test(words[0]) ? words.slice(1) : words;
    say(`choose the saved workspace to copy ${names.length ? names.join(" ") : "every name"} from`, "said");
    chooseFile((file, text) => ({type: "copy", file, text, names: names.join(" ")}));
  } else {
    // )load: the file's definitions joined to the workspace, all or nothing, as the REPL's
    // )load does.
    say("choose the saved workspace to load", "said");
    chooseFile((file, text) => ({type: "load", file, text}));
  }
}

// A file chosen in the browser, read, and sent to the session as `request(name, text)` makes
// it (`)load`, `)copy`); its answer shown.
function chooseFile(request) {
  const input = document.createElement("input");
  input.type = "file";
  input.onchange = async () => {
    const file = input.files[0];
    if (!file || busy) return;
    const text = await file.text();
    busy = true;
    let reply;
    try {
      reply = await ask(request(file.name, text));
    } catch (e) {
      busy = false;
      return;
    }
    busy = false;
    show(reply);
  };
  input.click();
}

const line = $("line");
let backtick = false;
line.addEventListener("keydown", e => {
  if (e.ctrlKey && (e.key === "c" || e.key === "C") && busy) { e.preventDefault(); stop(); return; }
  if (backtick && e.key.length === 1) {
    backtick = false;
    const g = GLYPHS.find(g => g[2] === e.key);
    if (g) { e.preventDefault(); insert(g[0]); return; }
  }
  if (e.key === "`") { e.preventDefault(); backtick = true; return; }
  backtick = false;
  if (e.key === "Enter") {
    e.preventDefault();
    // While a line runs, what is typed stays in the field, to be entered when it is done.
    if (busy) { status("a line is running: Enter again when it is done (Stop or Ctrl-C ends it)"); return; }
    const text = line.value;
    line.value = "";
    runLine(text);
    return;
  }
  if (e.key === "ArrowUp" || e.key === "ArrowDown") {
    e.preventDefault();
    back = Math.max(0, Math.min(typed.length, back + (e.key === "ArrowUp" ? 1 : -1)));
    line.value = back ? typed[typed.length - back] : "";
    return;
  }
  if (e.key === "Tab") { e.preventDefault(); complete(); }
});

function insert(text) {
  const s = line.selectionStart, t = line.selectionEnd;
  line.value = line.value.slice(0, s) + text + line.value.slice(t);
  line.selectionStart = line.selectionEnd = s + text.length;
  line.focus();
}

// Tab: `\name` becomes its glyph (as in the REPL), or a command's word is completed.
function complete() {
  const before = line.value.slice(0, line.selectionStart);
  const name = /\\([a-z]*)$/.exec(before);
  if (name) {
    const found = GLYPHS.filter(g => g[1].startsWith(name[1]));
    if (found.length === 1 || (found.length && found[0][1] === name[1])) {
      line.setSelectionRange(before.length - name[0].length, before.length);
      insert(found[0][0]);
    } else if (found.length) status(found.map(g => `\\${g[1]} ${g[0]}`).join("  "));
    return;
  }
  const word = /^\s*([a-z?]+)$/.exec(before);
  if (word) {
    const found = WORDS.filter(w => w.startsWith(word[1]));
    if (found.length === 1) insert(found[0].slice(word[1].length) + " ");
    else if (found.length) status(found.join("  "));
  }
}

for (const g of GLYPHS) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = g[0];
  b.title = `${g[1]}${g[2] ? ` (\`${g[2]})` : ""}: ${g[3]}`;
  b.addEventListener("click", () => insert(g[0]));
  $("glyphs").appendChild(b);
}

$("stop").addEventListener("click", stop);
$("p-start").addEventListener("click", () => { animation++; moving = null; seek(0); });
$("p-back").addEventListener("click", () => { animation++; moving = null; seek(player.at - 1); });
$("p-forward").addEventListener("click", () => { if (player.at < player.moves.length) animate(player.at, player.at + 1, 200); });
$("p-play").addEventListener("click", () => animate(player.at >= player.moves.length ? 0 : player.at, player.moves.length, 250));
$("scrub").addEventListener("input", e => { animation++; moving = null; seek(parseInt(e.target.value, 10)); });
let drag = null;
$("view").addEventListener("pointerdown", e => { drag = [e.clientX, e.clientY]; });
$("view").addEventListener("pointermove", e => {
  if (!drag || !renderer) return;
  const [x, y] = drag; drag = [e.clientX, e.clientY];
  renderer.cam.yaw = ((renderer.cam.yaw - 0.5 * (e.clientX - x) + 540) % 360) - 180;
  renderer.cam.pitch = Math.max(-90, Math.min(90, renderer.cam.pitch + 0.5 * (e.clientY - y)));
  draw();
});
window.addEventListener("pointerup", () => { drag = null; });

// --- the start -----------------------------------------------------------------------------
(async () => {
  const saved = await loadKept();
  if (Array.isArray(saved.lines)) for (const l of saved.lines) if (typeof l === "string") typed.push(l);
  if (saved.player && Array.isArray(saved.player.start) && Array.isArray(saved.player.moves)) {
    player.start = saved.player.start; player.size = saved.player.size; player.moves = saved.player.moves;
    player.startFacelets = typeof saved.player.startFacelets === "string" ? saved.player.startFacelets : "";
  }
  const reply = await startWorker(saved.kept || null);
  mine.stored = keptWorkspace();
  show(reply, {keep: false});
  if (saved.kept) say("the session kept in this browser is back: its workspace and cube", "said");
  line.disabled = false;
  line.focus();
  // From the page's opening (navigation) to the first prompt, for scripts/page_figures.js.
  window.firstPrompt = performance.now();
  status("ready");
  if (location.hash.length > 1) offer(readLink(location.hash));
  // A link pasted into the address of the open page is offered as one opened anew is (the
  // page's own link, followed, holds this session already: not offered).
  window.addEventListener("hashchange", () => {
    if (location.hash.length > 1 && location.hash !== $("link").getAttribute("href")) offer(readLink(location.hash));
  });
})();
