//! One self-contained HTML page: the 3-D view of a state, turned by sliders or by dragging,
//! with buttons (and keys) for the moves. No network, no external scripts: the state, the
//! colours and a small renderer (the same camera, culling and painter's order as
//! [`super::perspective`]) are written into the page.
//!
//! The page reads moves from its address too (`cube.html#R U R' U'`), applied on load: a
//! headless browser can then show a state without clicking (see `scripts/screenshot.sh`).
//! Every move of standard notation the cube has is made (inner layers, wide turns, slices,
//! rotations), by the same layer turns as [`crate::Move::layer_quarters`]; words of the address
//! that are not moves of the cube are said on the page, with why.

use super::colour;
use super::{Camera, Picture, svg::escape};
use crate::cube::Cube;
use crate::face::Face;
use crate::geometry::Geometry;

/// The page for `cube` as `picture` asks (its camera, view from behind, selection, caption).
///
/// ```
/// use cubework::draw::{html, Picture};
/// use cubework::Cube;
/// let page = html::page(&Cube::solved(), &Picture::default());
/// assert!(page.starts_with("<!doctype html>"));
/// assert!(!page.contains("http://") && !page.contains("https://") && !page.contains("src="));
/// ```
pub fn page(cube: &Cube, picture: &Picture) -> String {
    let n = cube.size();
    let g = Geometry::of(n);
    let kept = super::Only::mask(picture.only.as_ref(), n);
    // Each sticker as [x, y, z, colour index]; kept positions as a list of "x,y,z" keys
    // (a selection is of places, so it stays put while the stickers move).
    let stickers: Vec<String> = (0..g.sticker_count())
        .map(|i| {
            let [x, y, z] = g.position(i);
            format!("[{x},{y},{z},{}]", cube.stickers()[i].index())
        })
        .collect();
    let kept_positions: Vec<String> = (0..g.sticker_count())
        .filter(|&i| kept[i])
        .map(|i| {
            let [x, y, z] = g.position(i);
            format!("\"{x},{y},{z}\"")
        })
        .collect();
    let colours: Vec<String> = Face::ALL
        .iter()
        .map(|&f| format!("\"{}\"", colour::sticker_in(picture.scheme, f).hex()))
        .collect();
    let caption = picture.caption.trim();
    let title = if caption.is_empty() {
        format!("{n}×{n}×{n} cube")
    } else {
        format!("{n}×{n}×{n} cube: {caption}")
    };
    let only = picture
        .only
        .as_ref()
        .map(|o| format!("only {o} in colour"))
        .unwrap_or_default();
    let data = format!(
        "const N = {n};\nconst START = [{}];\nconst KEPT = {};\nconst COLOURS = [{}];\n\
         const GREY = \"{}\", PLASTIC = \"{}\", INK = \"{}\";\n\
         const CAMERA = {{yaw: {}, pitch: {}, distance: {}}};\nconst SHOW_BACK = {};\n",
        stickers.join(","),
        if picture.only.is_some() {
            format!("new Set([{}])", kept_positions.join(","))
        } else {
            "null".to_string()
        },
        colours.join(","),
        colour::GREY.hex(),
        colour::PLASTIC.hex(),
        colour::INK.hex(),
        picture.camera.yaw(),
        picture.camera.pitch(),
        picture.camera.distance(),
        picture.back,
    );
    TEMPLATE
        .replace("{{TITLE}}", &escape(&title))
        .replace("{{ONLY}}", &escape(&only))
        .replace("{{DATA}}", &data)
        .replace("{{MIN_DISTANCE}}", &Camera::MIN_DISTANCE.to_string())
        .replace("{{MAX_DISTANCE}}", &Camera::MAX_DISTANCE.to_string())
        .replace("{{SCRIPT}}", SCRIPT)
}

const TEMPLATE: &str = r#"<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cubework: {{TITLE}}</title>
<style>
  body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 0; background: #fafafa; color: #141414; }
  main { max-width: 980px; margin: 0 auto; padding: 16px 20px; }
  h1 { font-size: 20px; font-weight: 600; margin: 4px 0 2px; }
  .sub { color: #707070; font-size: 13px; margin: 0 0 10px; }
  .stage { display: flex; gap: 12px; align-items: flex-end; flex-wrap: wrap; }
  #view { background: #fff; border: 1px solid #ddd; border-radius: 10px; cursor: grab; touch-action: none; }
  #view:active { cursor: grabbing; }
  #behind { background: #f4f4f4; border: 1px solid #ddd; border-radius: 10px; }
  .panel { display: grid; grid-template-columns: auto 1fr auto; gap: 6px 10px; align-items: center; margin: 12px 0; max-width: 560px; font-size: 14px; }
  .panel output { font-variant-numeric: tabular-nums; min-width: 4em; text-align: right; }
  .moves { display: grid; grid-template-columns: repeat(9, 48px); gap: 6px; margin: 10px 0; }
  button { font: inherit; font-size: 15px; padding: 6px 0; border: 1px solid #bbb; border-radius: 6px; background: #fff; cursor: pointer; }
  button:hover { background: #f0f0f0; }
  .wide { grid-column: span 3; }
  #history { font-family: "DejaVu Sans Mono", monospace; font-size: 14px; min-height: 1.4em; word-wrap: break-word; }
  .help { color: #707070; font-size: 12px; }
  .problems { color: #a11; font-size: 13px; min-height: 1.2em; }
</style>
</head>
<body>
<main>
<h1>{{TITLE}}</h1>
<p class="sub">{{ONLY}}</p>
<div class="stage">
  <svg id="view" width="420" height="420" viewBox="0 0 420 420" role="img" aria-label="the cube in perspective"></svg>
  <svg id="behind" width="190" height="190" viewBox="0 0 190 190" role="img" aria-label="the cube from behind"></svg>
</div>
<div class="panel">
  <label for="yaw">yaw</label><input id="yaw" type="range" min="-180" max="180" step="1"><output id="yaw-out"></output>
  <label for="pitch">pitch</label><input id="pitch" type="range" min="-90" max="90" step="1"><output id="pitch-out"></output>
  <label for="distance">distance</label><input id="distance" type="range" min="{{MIN_DISTANCE}}" max="{{MAX_DISTANCE}}" step="0.1"><output id="distance-out"></output>
  <label for="show-back">from behind</label><input id="show-back" type="checkbox"><span></span>
</div>
<div class="moves" id="moves"></div>
<div id="history"></div>
<p><label for="typed">moves</label> <input id="typed" size="40" placeholder="any moves of this cube: 2R Rw' 3r M2 x"> <button id="do" type="button">do</button></p>
<p id="problems" class="problems" role="status"></p>
<p class="help">Drag the cube to turn it. Keys: U D L R F B x y z turn clockwise, with Shift anticlockwise; Backspace undoes. Type any move of this cube (inner layers 2R, wide turns Rw 3Rw r, slices M E S on odd sizes) under the buttons, or put them in the address after #.</p>
</main>
<script>
{{DATA}}
{{SCRIPT}}
</script>
</body>
</html>
"#;

/// The renderer and controls. Positions are the geometry's doubled coordinates (x right,
/// y up, z front; the cube spans −N to N); a move turns the positions in its layer.
const SCRIPT: &str = r#""use strict";
const K = N - 1;
let stickers = START.map(s => ({p: [s[0], s[1], s[2]], c: s[3]}));
const history = [];
const cam = {yaw: CAMERA.yaw, pitch: CAMERA.pitch, distance: CAMERA.distance};
const FACES = [[0, 1, 0], [1, 0, 0], [0, 0, 1], [0, -1, 0], [-1, 0, 0], [0, 0, -1]]; // U R F D L B
const dot = (a, b) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a, b) => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const rad = d => d * Math.PI / 180;

function camera(yaw, pitch, distance) {
  const y = rad(yaw), p = rad(pitch);
  const dir = [Math.sin(y) * Math.cos(p), Math.sin(p), Math.cos(y) * Math.cos(p)];
  const right = [Math.cos(y), 0, -Math.sin(y)];
  const up = cross(dir, right);
  const far = distance * 2 * N;
  const eye = dir.map(v => v * far);
  return {
    dir, eye,
    sees: n => dot(n, eye) > N + 1e-9,
    project(q) {
      const v = [q[0] - eye[0], q[1] - eye[1], q[2] - eye[2]];
      const depth = -dot(v, dir);
      return [dot(v, right) / depth, -dot(v, up) / depth, depth];
    },
  };
}

// The camera that sees what this one's nearest corner hides (as Camera::behind in Rust).
function behind(c) {
  const sign = v => v < -1e-9 ? -1 : 1;
  const s = c.dir.map(v => -sign(v));
  return camera(Math.atan2(s[0], s[2]) * 180 / Math.PI, s[1] * 30, cam.distance);
}

function faceAxes(n) {
  const a = n[0] === 0 ? [1, 0, 0] : [0, 0, -n[0]];
  return [a, cross(n, a)];
}

function roundedSquare() {
  const half = 0.88, r = 0.24, inner = half - r, out = [];
  [[1, 1], [-1, 1], [-1, -1], [1, -1]].forEach(([su, sv], q) => {
    for (let s = 0; s <= 4; s++) {
      const a = (q + s / 4) * Math.PI / 2;
      out.push([su * inner + r * Math.cos(a), sv * inner + r * Math.sin(a)]);
    }
  });
  return out;
}
const OUTLINE = roundedSquare();

function faceOf(p) {
  for (let f = 0; f < 6; f++) {
    const n = FACES[f];
    if (dot(n, p) === N) return f;
  }
  return -1;
}

const num = v => (Math.round(v * 100) / 100).toString();
const pts = list => list.map(([x, y]) => num(x) + "," + num(y)).join(" ");

// The picture of the cube as `c` sees it, fitted into a square of `size`, as SVG elements.
function scene(c, size) {
  // Fit the projected corners into the square, as Frame::fit does.
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (let i = 0; i < 8; i++) {
    const q = c.project([i & 1 ? N : -N, i & 2 ? N : -N, i & 4 ? N : -N]);
    x0 = Math.min(x0, q[0]); x1 = Math.max(x1, q[0]); y0 = Math.min(y0, q[1]); y1 = Math.max(y1, q[1]);
  }
  const scale = 0.92 * Math.min(size / (x1 - x0), size / (y1 - y0));
  const ox = size / 2 - scale * (x0 + x1) / 2, oy = size / 2 - scale * (y0 + y1) / 2;
  const page = q => { const r = c.project(q); return [ox + scale * r[0], oy + scale * r[1]]; };
  const unit = scale / (cam.distance * 2 * N);
  const border = Math.min(1.4, Math.max(0.3, 0.05 * unit));
  const faces = [];
  for (let f = 0; f < 6; f++) {
    if (c.sees(FACES[f])) faces.push([f, c.project(FACES[f].map(v => v * N))[2]]);
  }
  faces.sort((a, b) => b[1] - a[1]); // painter's order: farthest first
  let out = "";
  for (const [f] of faces) {
    const n = FACES[f], [a, b] = faceAxes(n);
    const corner = (sa, sb) => page([0, 1, 2].map(i => n[i] * N + N * (sa * a[i] + sb * b[i])));
    out += `<polygon points="${pts([corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)])}" fill="${PLASTIC}" stroke="${PLASTIC}" stroke-width="${num(border)}" stroke-linejoin="round"/>`;
    for (const s of stickers) {
      if (faceOf(s.p) !== f) continue;
      const kept = KEPT === null || KEPT.has(s.p.join(","));
      const outline = OUTLINE.map(([u, v]) => page([0, 1, 2].map(i => s.p[i] + u * a[i] + v * b[i])));
      out += `<polygon points="${pts(outline)}" fill="${kept ? COLOURS[s.c] : GREY}" stroke="${INK}" stroke-width="${num(border)}"/>`;
    }
  }
  return out;
}

// Every move, as src/moves.rs makes it: a list of slice turns [axis, layer, quarters] about
// the paper's axes (X: columns left → right, Y: rows back → front, Z: planes up → down), each
// quarter in the paper's positive sense, the sense of L, B and U. For each axis: the
// coordinate that picks the layer, the layer's coordinate, and the positive quarter-turn.
const AXES = [
  [0, l => 2 * l - K, p => [p[0], -p[2], p[1]]],
  [2, l => 2 * l - K, p => [-p[1], p[0], p[2]]],
  [1, l => K - 2 * l, p => [-p[2], p[1], p[0]]],
];
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

// The moves of a line (the page's address, or what is typed), and the words that are not
// moves of this cube, each with why.
function readMoves(text) {
  const moves = [], problems = [];
  for (const word of text.replace(/[’ʼ′]/g, "'").split(/[\s.]+/)) {
    if (!word) continue;
    const read = parseMove(word);
    if (read.turns) moves.push(word);
    else problems.push(`${word.length > 20 ? word.slice(0, 20) + "…" : word} (${read.why})`);
  }
  return {moves, problems};
}

function turnSlices(turns) {
  for (const [axis, layer, quarters] of turns) {
    const [coordinate, at, rotate] = AXES[axis];
    const place = at(layer);
    for (const s of stickers) {
      if (Math.max(-K, Math.min(K, s.p[coordinate])) !== place) continue;
      for (let q = 0; q < quarters; q++) s.p = rotate(s.p);
    }
  }
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

// ui:begin — everything above is the model (state, camera, turns, the scene as SVG text),
// which tests/draw.rs runs in Node against the Rust drawing; below, the page's controls.
function draw() {
  const c = camera(cam.yaw, cam.pitch, cam.distance);
  document.getElementById("view").innerHTML = scene(c, 420);
  const back = document.getElementById("behind");
  back.style.display = document.getElementById("show-back").checked ? "" : "none";
  if (back.style.display === "") back.innerHTML = scene(behind(c), 190);
  for (const k of ["yaw", "pitch", "distance"]) {
    document.getElementById(k).value = cam[k];
    document.getElementById(k + "-out").textContent = k === "distance" ? cam[k].toFixed(1) : Math.round(cam[k]) + "°";
  }
  document.getElementById("history").textContent = history.length ? history.join(" ") : "(no moves yet)";
}

function reset() {
  stickers = START.map(s => ({p: [s[0], s[1], s[2]], c: s[3]}));
  history.length = 0;
  done.length = 0;
  draw();
}

const pad = document.getElementById("moves");
for (const face of ["U", "D", "L", "R", "F", "B", "x", "y", "z"].concat(N % 2 ? ["M", "E", "S"] : [])) {
  for (const suffix of ["", "'", "2"]) {
    const b = document.createElement("button");
    b.textContent = face + suffix;
    b.addEventListener("click", () => { turn(face + suffix); draw(); });
    b.dataset.move = face + suffix;
    pad.appendChild(b);
  }
}
pad.style.gridTemplateColumns = "repeat(9, 48px)";
for (const [label, act] of [["undo", () => { undo(); draw(); }], ["reset", reset], ["scramble", () => {
  const faces = "UDLRFB"; let last = "";
  for (let i = 0; i < 20; i++) {
    let f; do { f = faces[Math.floor(Math.random() * 6)]; } while (f === last);
    last = f; turn(f + ["", "'", "2"][Math.floor(Math.random() * 3)]);
  }
  draw();
}]]) {
  const b = document.createElement("button");
  b.textContent = label; b.className = "wide"; b.addEventListener("click", act);
  pad.appendChild(b);
}

for (const k of ["yaw", "pitch", "distance"]) {
  document.getElementById(k).addEventListener("input", e => { cam[k] = parseFloat(e.target.value); draw(); });
}
document.getElementById("show-back").checked = SHOW_BACK;
document.getElementById("show-back").addEventListener("change", draw);

let drag = null;
const view = document.getElementById("view");
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
  if (e.key === "Backspace") { undo(); draw(); e.preventDefault(); return; }
  const letter = e.key.length === 1 ? e.key : "";
  const upper = letter.toUpperCase();
  if ("UDLRFB".includes(upper) && upper !== "") { turn(upper + (e.shiftKey ? "'" : "")); draw(); }
  else if ("xyz".includes(letter.toLowerCase()) && letter !== "") { turn(letter.toLowerCase() + (e.shiftKey ? "'" : "")); draw(); }
});

// Moves typed, or in the address (cube.html#R U R' U', made on load): every move of the
// cube is made, and what is not a move of it is said under the moves.
function makeMoves(text, where) {
  const {moves, problems} = readMoves(text);
  for (const m of moves) turn(m);
  document.getElementById("problems").textContent = problems.length
    ? `not understood in ${where}: ${problems.join(", ")}`
    : "";
  draw();
}
const typed = document.getElementById("typed");
document.getElementById("do").addEventListener("click", () => { makeMoves(typed.value, "the moves typed"); typed.value = ""; });
typed.addEventListener("keydown", e => { if (e.key === "Enter") document.getElementById("do").click(); });

let address = location.hash.slice(1);
try { address = decodeURIComponent(address); } catch (e) { /* kept as written */ }
makeMoves(address, "the address");
"#;
