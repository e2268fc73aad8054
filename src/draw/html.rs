//! One self-contained HTML page: the 3-D view of a state, turned by sliders or by dragging,
//! with buttons (and keys) for the moves. No network, no external scripts: the state, the
//! colours and a small renderer (the same camera, culling and painter's order as
//! [`super::perspective`]) are written into the page.
//!
//! The page reads moves from its address too (`cube.html#R U R' U'`), applied on load: a
//! headless browser can then show a state without clicking (see `scripts/screenshot.sh`).

use super::colour;
use super::{Picture, svg::escape};
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
        .map(|&f| format!("\"{}\"", colour::sticker(f).hex()))
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
  <label for="distance">distance</label><input id="distance" type="range" min="1.5" max="20" step="0.1"><output id="distance-out"></output>
  <label for="show-back">from behind</label><input id="show-back" type="checkbox"><span></span>
</div>
<div class="moves" id="moves"></div>
<div id="history"></div>
<p class="help">Drag the cube to turn it. Keys: U D L R F B x y z turn clockwise, with Shift anticlockwise; Backspace undoes.</p>
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

// Face turns: which coordinate picks the layer, which end, and the quarter-turn clockwise as
// seen from that face (the same turns as src/geometry.rs, in standard notation).
const TURNS = {
  U: [1, 1, p => [-p[2], p[1], p[0]]],
  D: [1, -1, p => [p[2], p[1], -p[0]]],
  R: [0, 1, p => [p[0], p[2], -p[1]]],
  L: [0, -1, p => [p[0], -p[2], p[1]]],
  F: [2, 1, p => [p[1], -p[0], p[2]]],
  B: [2, -1, p => [-p[1], p[0], p[2]]],
};
const ROTATIONS = {x: "R", y: "U", z: "F"};

function turn(name) {
  const m = /^([UDLRFBxyz])(2'?|'|)$/.exec(name);
  if (!m) return false;
  const quarters = m[2] === "'" ? 3 : m[2].startsWith("2") ? 2 : 1;
  const whole = m[1] in ROTATIONS;
  const [axis, end, rotate] = TURNS[whole ? ROTATIONS[m[1]] : m[1]];
  for (const s of stickers) {
    const cubie = Math.max(-K, Math.min(K, s.p[axis]));
    if (!whole && cubie !== end * K) continue;
    for (let q = 0; q < quarters; q++) s.p = rotate(s.p);
  }
  history.push(name);
  return true;
}

function undo() {
  if (!history.length) return;
  const last = history.pop();
  const inverse = /2'?$/.test(last) ? last : last.endsWith("'") ? last.slice(0, -1) : last + "'";
  turn(inverse);
  history.pop();
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
  draw();
}

const pad = document.getElementById("moves");
for (const face of ["U", "D", "L", "R", "F", "B", "x", "y", "z"]) {
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

// Moves in the address (cube.html#R U R' U') are made on load.
const wanted = decodeURIComponent(location.hash.slice(1)).replace(/[’ʼ′]/g, "'").trim();
if (wanted) for (const m of wanted.split(/\s+/)) turn(m);
draw();
"#;
