// The player page's script (src/draw/html.rs writes it into the page after the data: N, START,
// KEPT, COLOURS, CAMERA, SETUP, ALG, TITLE, TOOLS, ICONS, LIMITS). Everything before the
// marker comment that opens the controls is the model, which tests/draw.rs runs in Node
// against the Rust code.
const history = [];

// For each face: its axis, whether its layers are counted from the axis's far end, and its
// sense against the paper's (as Move::layer_quarters).
const FRAME = {L: [0, false, 1], R: [0, true, 3], B: [1, false, 1], F: [1, true, 3], U: [2, false, 1], D: [2, true, 3]};
const SIZE = `${N}×${N}×${N}`;

// The slice turns of one move in standard notation on this cube ({turns}), or why it is not
// one ({why}): `R`, `2R`, `Rw`, `3Rw`, `2-3Rw`, `r`, `3r`, `M`, `E`, `S` (odd sizes), `x`,
// `y`, `z`, each with any number of quarter-turns and a prime (`R2`, `R'`, `R2'`, `R3`).
function parseMove(name) {
  const m = /^(?:(?:(\d+)(?:-(\d+))?)?([URFDLB])(w?)|(\d+)?([urfdlb])|([MESxyz]))(\d*)(['’ʼ′]?)$/.exec(name);
  if (!m) return {why: "not a move"};
  const [, a, b, face, w, count, lower, other, digits, prime] = m;
  const q0 = digits ? parseInt(digits.slice(-2), 10) % 4 : 1;
  const q = prime ? (4 - q0) % 4 : q0;
  const big = v => v !== undefined && (v.length > 3 || parseInt(v, 10) > 255);
  if (big(a) || big(b) || big(count)) return {why: "not a move"};
  let letter, layers;
  if (face) {
    let from, to;
    if (a === undefined) [from, to] = w ? [1, 2] : [1, 1];
    else if (b === undefined) [from, to] = w ? [1, +a] : [+a, +a];
    else if (w) [from, to] = [+a, +b];
    else return {why: "not a move (a range of layers needs w, as in 2-3Rw)"};
    if (from === 0 || from > to) return {why: "not a move"};
    if (to > N) return {why: `the ${SIZE} has ${N} layers`};
    letter = face;
    layers = [];
    for (let k = from; k <= to; k++) layers.push(k);
  } else if (lower) {
    const to = count === undefined ? 2 : +count;
    if (to === 0) return {why: "not a move"};
    if (to > N) return {why: `the ${SIZE} has ${N} layers`};
    letter = lower.toUpperCase();
    layers = [];
    for (let k = 1; k <= to; k++) layers.push(k);
  } else if ("MES".includes(other)) {
    if (N % 2 === 0) return {why: `the ${SIZE} has no middle layer`};
    letter = {M: "L", E: "D", S: "F"}[other];
    const [axis, , sense] = FRAME[letter];
    return {turns: [[axis, (N - 1) / 2, (q * sense) % 4]]};
  } else {
    letter = {x: "R", y: "U", z: "F"}[other];
    const [axis, , sense] = FRAME[letter];
    const turns = [];
    for (let l = 0; l < N; l++) turns.push([axis, l, (q * sense) % 4]);
    return {turns};
  }
  const [axis, high, sense] = FRAME[letter];
  return {turns: layers.map(k => [axis, high ? N - k : k - 1, (q * sense) % 4])};
}

// A sequence as the Rust parser reads it (src/sequence/parser.rs, whose grammar this follows
// in standard notation): moves (`R`, `2R`, `Rw`, `3r`, `M`, `x`, any number of quarter-turns
// and a prime; a dot is a pause), `//` comments, and brackets, each with a power (a count of
// repetitions, 0 to LIMITS.repeat, then a prime that inverts it all): groups `(A)3'`,
// commutators `[A, B]` = A B A' B', conjugates `[A: B]` = A B A', and the paper's tools by
// name (TOOLS, their standard forms as Rust writes them). It gives the moves written out, each
// as Rust writes it (`R3` is `R'`, `R4` nothing), and what could not be read, each with why:
// every word that is not a move of this cube, or the first bracket out of place.
const SEPARATOR = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000.]/;
// After the turn: its count and prime, or a prime and then a count (`R'2` is `R2'`).
const MOVE_AT = /(?:(?:\d+(?:-\d+)?)?[URFDLB]w?|\d*[urfdlb]|[MESxyz])(?=(?:(['’ʼ′])(\d+)|(\d*)(['’ʼ′]?)))/y;
const INVERSE_MARKS = "'’ʼ′\u0305\u0304¯";
const inverseOf = name => name.endsWith("'") ? name.slice(0, -1) : name + "'";
const invert = list => list.slice().reverse().map(inverseOf);

// A move's name as Rust writes it, from its turn, digits and prime as typed; null when it
// turns nothing.
function moveName(turn, digits, prime) {
  const n = digits ? parseInt(digits.slice(-2), 10) % 4 : 1;
  const q = prime ? (4 - n) % 4 : n;
  if (q === 0) return null;
  return turn + (q === 1 ? "" : q === 3 ? "'" : prime && digits === "2" ? "2'" : "2");
}

function readMoves(text) {
  const problems = [];
  let i = 0;
  const cut = w => (w.length > 20 ? w.slice(0, 20) + "…" : w);
  const separator = c => SEPARATOR.test(c);
  const startsMove = c => "URFDLBurfdlbMESxyz".includes(c);
  const toolAt = at => Object.keys(TOOLS).find(name => {
    const head = text.slice(at, at + name.length);
    return /^[A-Za-z]+$/.test(head) && head.toUpperCase() === name;
  });
  // The word at `at`: up to a separator, a bracket, `,` or `:` (at least one character).
  const word = at => {
    let j = at;
    while (j < text.length && !separator(text[j]) && !"()[],:".includes(text[j])) j++;
    return text.slice(at, Math.max(j, at + 1));
  };
  class Stop {}
  const stop = why => { problems.push(why); throw new Stop(); };
  const skip = () => {
    for (;;) {
      while (i < text.length && separator(text[i])) i++;
      if (!text.startsWith("//", i)) return;
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end + 1;
    }
  };
  // `count? prime?` after a bracket or tool whose moves are `base`.
  const power = base => {
    const digits = /\d*/y;
    digits.lastIndex = i;
    const count = digits.exec(text)[0];
    i += count.length;
    const repeat = count ? Number(count) : 1;
    if (count && !(repeat <= LIMITS.repeat)) stop(`${cut(count)} (repeat 0 to ${LIMITS.repeat} times)`);
    if (base.length * repeat > LIMITS.expanded) stop(`${cut(count || "the bracket")} (more than ${LIMITS.expanded} moves)`);
    let out = [];
    for (let k = 0; k < repeat; k++) for (const m of base) out.push(m);
    if (i < text.length && INVERSE_MARKS.includes(text[i])) { i++; out = invert(out); }
    return out;
  };
  // One item at `i`: its moves.
  const item = depth => {
    const start = i, c = text[i];
    let out;
    if (c === "(" || c === "[") {
      if (depth >= LIMITS.depth) stop(`"${c}" (brackets nested more than ${LIMITS.depth} deep)`);
      i++;
      if (c === "(") {
        const body = sequence(")", depth + 1, start);
        i++;
        out = power(body);
      } else {
        const a = sequence("[", depth + 1, start);
        const commutator = text[i] === ",";
        i++;
        const b = sequence("]", depth + 1, start);
        i++;
        out = power(commutator ? [...a, ...b, ...invert(a), ...invert(b)] : [...a, ...b, ...invert(a)]);
      }
    } else if (toolAt(i)) {
      const name = toolAt(i);
      i += name.length;
      const lacks = TOOLS[name].map(m => parseMove(m).why).find(why => why);
      out = power(TOOLS[name]);
      if (lacks) {
        problems.push(`${text.slice(start, i)} (${lacks})`);
        out = [];
      }
    } else {
      MOVE_AT.lastIndex = i;
      const m = MOVE_AT.exec(text);
      const read = m && parseMove(m[0]);
      if (!m || read.why === "not a move") {
        problems.push(`${cut(word(i))} (not a move)`);
        i += word(i).length;
        return [];
      }
      const [digits, prime] = m[1] === undefined ? [m[3], m[4]] : [m[2], m[1]];
      i += m[0].length + digits.length + prime.length;
      const name = moveName(m[0], digits, prime);
      if (name === null) out = [];
      else if (read.why) {
        problems.push(`${cut(text.slice(start, i))} (${read.why})`);
        out = [];
      } else out = [name];
    }
    const next = text[i];
    if (i < text.length && !separator(next) && !text.startsWith("//", i) && !"()[],:".includes(next)
        && !startsMove(next) && !toolAt(i)) {
      problems.push(`${cut(text.slice(start, i) + word(i))} (not a move)`);
      i += word(i).length;
      return [];
    }
    return out;
  };
  // Items up to `closer` (not read): the end (""), ")", the "," or ":" of a bracket ("["), or
  // its "]"; `open` is where the bracket opened.
  const sequence = (closer, depth, open) => {
    const out = [];
    for (;;) {
      skip();
      if (i >= text.length) {
        if (closer === "") return out;
        stop(`"${text[open]}" (never closed)`);
      }
      const c = text[i];
      if (c === "]" && closer === "[") stop(`"${cut(text.slice(open, i + 1))}" (a bracket needs "," or ":")`);
      if ((c === ")" && closer === ")") || (c === "]" && closer === "]") || ((c === "," || c === ":") && closer === "[")) return out;
      if (")],:".includes(c)) stop(`"${c}" (not expected here)`);
      const moves = item(depth);
      if (out.length + moves.length > LIMITS.expanded) stop(`more than ${LIMITS.expanded} moves`);
      for (const m of moves) out.push(m);
    }
  };
  let moves = [];
  try {
    moves = sequence("", 0, 0);
  } catch (e) {
    if (!(e instanceof Stop)) throw e;
  }
  return problems.length ? {moves: [], problems} : {moves, problems};
}


const done = [];

// Makes one move; false (and nothing changed) when it is not a move of this cube.
function turn(name) {
  const read = parseMove(name);
  if (!read.turns) return false;
  turnSlices(read.turns);
  history.push(name);
  done.push(read.turns);
  return true;
}

function undo() {
  if (!history.length) return;
  history.pop();
  turnSlices(done.pop().map(([axis, layer, q]) => [axis, layer, (4 - q) % 4]).reverse());
}


// A line typed or read from the address, taken whole or not at all: its moves, or none and
// what could not be read.
function accept(text, where) {
  const {moves, problems} = readMoves(text);
  if (problems.length) return {moves: [], said: `not understood in ${where}, so nothing was made: ${problems.join(", ")}`};
  if (moves.length > LIMITS.page) return {moves: [], said: `${moves.length} moves in ${where}, more than the page holds (${LIMITS.page}), so nothing was made`};
  return {moves, said: ""};
}

// A scramble of `count` face turns by the WCA's rule: no two moves in a row on one axis (so
// never D U2 D2). `random` gives numbers in [0, 1).
function scrambleMoves(count, random) {
  const faces = "UDLRFB", out = [];
  let last = -1;
  while (out.length < count) {
    const i = Math.floor(random() * 6);
    if (i >> 1 === last) continue;
    last = i >> 1;
    out.push(faces[i] + ["", "'", "2"][Math.floor(random() * 3)]);
  }
  return out;
}

// The address that holds a setup and moves (lists of moves), spaces written as _.
function addressFor(setup, alg) {
  const part = list => encodeURIComponent(list.join(" ")).replace(/%20/g, "_");
  return `#setup=${part(setup)}&alg=${part(alg)}`;
}

// What an address (`#setup=…&alg=…`) holds: {setup, alg} texts and any part it does not know;
// the older `#R U` is {moves}, made after the page's own.
function readAddress(hash) {
  const text = hash.replace(/^#/, "");
  const decode = t => { t = t.replace(/[_+]/g, " "); try { return decodeURIComponent(t); } catch (e) { return t; } };
  if (!text.includes("=")) return {moves: decode(text)};
  const out = {setup: "", alg: "", unknown: []};
  for (const part of text.split("&")) {
    if (!part) continue;
    const i = part.indexOf("="), key = i < 0 ? part : part.slice(0, i);
    if (key === "setup" || key === "alg") out[key] = decode(part.slice(i + 1));
    else out.unknown.push(part.length > 20 ? part.slice(0, 20) + "…" : part);
  }
  return out;
}

// The player: from START, the setup and then the moves, the cube `position` moves in.
const player = {setup: SETUP.slice(), alg: ALG.slice(), position: SETUP.length + ALG.length};
const sequence = () => player.setup.concat(player.alg);

// The page's title for the sequence, as Heading::text writes it in Rust: the sequence (its
// length when long), after a start no sequence reaches, and the pieces kept in colour.
function titleText() {
  const setup = player.setup, alg = player.alg, count = setup.length + alg.length;
  const seq = count > TITLE.moves ? `${count} moves`
    : !setup.length ? alg.join(" ")
    : !alg.length ? `setup ${setup.join(" ")}`
    : `setup ${setup.join(" ")} · ${alg.join(" ")}`;
  if (TITLE.start) return seq ? `${TITLE.start} · then ${seq}` : TITLE.start;
  return `${SIZE} cube` + (seq ? `: ${seq}` : "") + (TITLE.only ? ` · ${TITLE.only}` : "");
}

// The cube `i` moves into the sequence, made from START at once.
function seek(i) {
  const all = sequence();
  player.position = Math.max(0, Math.min(all.length, i));
  stickers = START.map(s => ({p: [s[0], s[1], s[2]], c: s[3]}));
  history.length = 0;
  done.length = 0;
  for (const m of all.slice(0, player.position)) turn(m);
}

// New moves go in after the cube's place in the sequence, replacing what came after it.
function cutAtPosition() {
  const p = player.position;
  if (p <= player.setup.length) {
    player.setup = player.setup.slice(0, p);
    player.alg = [];
  } else {
    player.alg = player.alg.slice(0, p - player.setup.length);
  }
}

// ui:begin — everything above is the model (state, camera, turns, the scene as SVG text,
// the player's sequence), which tests/draw.rs runs in Node against the Rust code; below, the
// page's controls.
let moving = null, token = 0, playing = false;
const $ = id => document.getElementById(id);

function draw() {
  const c = camera(cam.yaw, cam.pitch, cam.distance);
  $("view").innerHTML = scene(c, 420, moving);
  const back = $("behind");
  back.style.display = $("show-back").checked ? "" : "none";
  if (back.style.display === "") back.innerHTML = scene(behind(c), 190, moving);
  for (const k of ["yaw", "pitch", "distance"]) {
    $(k).value = cam[k];
    $(k + "-out").textContent = k === "distance" ? cam[k].toFixed(1) : Math.round(cam[k]) + "°";
  }
  const all = sequence(), seq = $("history");
  seq.textContent = "";
  if (!all.length) seq.textContent = "(no moves yet)";
  all.forEach((m, i) => {
    const span = document.createElement("span");
    span.textContent = m;
    span.className = "move" + (i < player.setup.length ? " setup" : "") + (i === player.position - 1 ? " current" : "");
    span.addEventListener("click", () => { stop(); seek(i + 1); draw(); });
    seq.appendChild(span);
    if (i === player.setup.length - 1 && player.alg.length) seq.appendChild(document.createTextNode(" │ "));
    else seq.appendChild(document.createTextNode(" "));
  });
  const scrub = $("scrub");
  scrub.max = all.length;
  scrub.value = player.position;
  $("where").textContent = `${player.position} / ${all.length}`;
  const play = $("play"), label = playing ? "pause" : "play";
  if (play.getAttribute("aria-label") !== label) {
    play.innerHTML = playing ? ICONS.pause : ICONS.play;
    play.setAttribute("aria-label", label);
  }
  const title = titleText();
  if (document.title !== "cubework: " + title) {
    document.title = "cubework: " + title;
    $("title").textContent = title;
  }
}

// The address after every change of the sequence, so that the page can be shared as a link.
function writeAddress() {
  const address = addressFor(player.setup, player.alg);
  try { window.history.replaceState(null, "", address); } catch (e) { location.replace(address); }
}

// Seconds a quarter-turn takes.
function speed() {
  const s = parseFloat($("speed").value);
  return Number.isFinite(s) && s >= 0 ? Math.min(s, 5) : 0.2;
}

// One move forward (+1) or back (-1) in the sequence, turning as it goes; `then` after it.
function step(direction, then) {
  const all = sequence(), p = player.position;
  if (moving || (direction > 0 ? p >= all.length : p <= 0)) { if (then) then(false); return; }
  const read = parseMove(all[direction > 0 ? p : p - 1]);
  const turns = direction > 0 ? read.turns : read.turns.map(([a, l, q]) => [a, l, (4 - q) % 4]);
  const quarters = Math.max(...turns.map(t => (t[2] === 2 ? 2 : 1)));
  const ms = speed() * 1000 * quarters, t0 = performance.now(), mine = ++token;
  const finish = () => {
    moving = null;
    if (direction > 0) seek(p + 1); else seek(p - 1);
    draw();
    if (then) then(true);
  };
  if (ms <= 0) { finish(); return; }
  moving = {turns, f: 0};
  const frame = now => {
    if (mine !== token) return;
    moving.f = Math.min(1, (now - t0) / ms);
    if (moving.f >= 1) { finish(); return; }
    draw();
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

function stop() { playing = false; token++; moving = null; }

function play() {
  if (playing) { stop(); draw(); return; }
  if (player.position >= sequence().length) seek(player.alg.length ? player.setup.length : 0);
  playing = true;
  const next = () => { if (playing) step(1, moved => { if (moved && playing) next(); else { playing = false; draw(); } }); };
  draw();
  next();
}

// Moves added after the cube's place, then played to the end.
function add(moves) {
  if (!moves.length) return;
  if (Math.min(player.position, sequence().length) + moves.length > LIMITS.page) {
    say(`${moves.length} more moves would make the sequence longer than the page holds (${LIMITS.page} moves), so nothing was made`);
    return;
  }
  stop();
  seek(player.position);
  cutAtPosition();
  player.alg = player.alg.concat(moves);
  writeAddress();
  playing = true;
  const next = () => step(1, moved => { if (moved && playing) next(); else { playing = false; draw(); } });
  next();
}

function say(text) { $("problems").textContent = text; }

const pad = $("moves");
for (const face of ["U", "D", "L", "R", "F", "B", "x", "y", "z"].concat(N % 2 ? ["M", "E", "S"] : [])) {
  for (const suffix of ["", "'", "2"]) {
    const b = document.createElement("button");
    b.textContent = face + suffix;
    b.addEventListener("click", () => add([face + suffix]));
    b.dataset.move = face + suffix;
    pad.appendChild(b);
  }
}
pad.style.gridTemplateColumns = "repeat(9, 48px)";
const undoLast = () => {
  stop();
  const all = sequence();
  if (!all.length) return;
  seek(all.length);
  if (player.alg.length) player.alg.pop(); else player.setup.pop();
  seek(all.length - 1);
  writeAddress();
  draw();
};
for (const [label, act] of [["undo", undoLast], ["reset", () => {
  stop(); player.setup = []; player.alg = []; seek(0); writeAddress(); say(""); draw();
}], ["scramble", () => {
  stop(); player.setup = scrambleMoves(20, Math.random); player.alg = [];
  seek(player.setup.length); writeAddress(); say(""); draw();
}]]) {
  const b = document.createElement("button");
  b.textContent = label; b.className = "wide"; b.addEventListener("click", act);
  pad.appendChild(b);
}

$("start").addEventListener("click", () => { stop(); seek(0); draw(); });
$("back").addEventListener("click", () => { stop(); step(-1); });
$("play").addEventListener("click", play);
$("forward").addEventListener("click", () => { stop(); step(1); });
$("end").addEventListener("click", () => { stop(); seek(sequence().length); draw(); });
$("scrub").addEventListener("input", e => { stop(); seek(parseInt(e.target.value, 10)); draw(); });

for (const k of ["yaw", "pitch", "distance"]) {
  $(k).addEventListener("input", e => { cam[k] = parseFloat(e.target.value); draw(); });
}
$("show-back").checked = SHOW_BACK;
$("show-back").addEventListener("change", draw);

let drag = null;
const view = $("view");
view.addEventListener("pointerdown", e => { drag = [e.clientX, e.clientY]; view.setPointerCapture(e.pointerId); });
view.addEventListener("pointermove", e => {
  if (!drag) return;
  const [x, y] = drag; drag = [e.clientX, e.clientY];
  cam.yaw = ((cam.yaw - 0.5 * (e.clientX - x) + 540) % 360) - 180;
  cam.pitch = Math.max(-90, Math.min(90, cam.pitch + 0.5 * (e.clientY - y)));
  draw();
});
view.addEventListener("pointerup", () => { drag = null; });

document.addEventListener("keydown", e => {
  if (e.target instanceof HTMLInputElement) return;
  if (e.key === "Backspace") { undoLast(); e.preventDefault(); return; }
  if (e.key === " ") { play(); e.preventDefault(); return; }
  if (e.key === "ArrowLeft") { stop(); step(-1); return; }
  if (e.key === "ArrowRight") { stop(); step(1); return; }
  const letter = e.key.length === 1 ? e.key : "";
  const upper = letter.toUpperCase();
  if ("UDLRFB".includes(upper) && upper !== "") add([upper + (e.shiftKey ? "'" : "")]);
  else if ("xyz".includes(letter.toLowerCase()) && letter !== "") add([letter.toLowerCase() + (e.shiftKey ? "'" : "")]);
});

// Moves typed: the whole line, or nothing and what could not be read.
const typed = $("typed");
$("do").addEventListener("click", () => {
  const line = accept(typed.value, "the moves typed");
  say(line.said);
  if (line.said) return;
  typed.value = "";
  add(line.moves);
});
$("setup").addEventListener("click", () => {
  const line = accept(typed.value, "the moves typed");
  say(line.said);
  if (line.said) return;
  typed.value = "";
  stop(); player.setup = line.moves; player.alg = []; seek(player.setup.length); writeAddress(); draw();
});
typed.addEventListener("keydown", e => { if (e.key === "Enter") $("do").click(); });

// The address: #setup=…&alg=… (as written above) sets the sequence; the older #MOVES adds
// moves after the page's own. A part that cannot be read whole changes nothing.
function load() {
  stop();
  const address = readAddress(location.hash);
  if (address.moves !== undefined) {
    const line = accept(address.moves, "the address");
    say(line.said);
    player.alg = player.alg.concat(line.moves);
  } else {
    const setup = accept(address.setup, "the address's setup"), alg = accept(address.alg, "the address's alg");
    const said = address.unknown.length ? `not understood in the address, so nothing was made: ${address.unknown.join(", ")}` : setup.said || alg.said;
    say(said);
    if (!said) { player.setup = setup.moves; player.alg = alg.moves; }
  }
  seek(sequence().length);
  draw();
}
window.addEventListener("hashchange", load);
load();
