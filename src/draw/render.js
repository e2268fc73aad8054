// The cube's renderer (src/draw/html.rs writes it into the player page before page.js, and
// src/web writes it into the workbench page): the camera, the scene as SVG text, and how a
// layer turns, from the data N, START, KEPT, COLOURS, GREY, PLASTIC, INK and CAMERA. It reads
// no move's name: a move reaches it as its slice turns [axis, layer, quarters].
"use strict";
const K = N - 1;
let stickers = START.map(s => ({p: [s[0], s[1], s[2]], c: s[3]}));
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

// Where the cube as `c` sees it lands in a square of `size` (as Frame::fit does): the page
// point of a position, and the border's width.
function fit(c, size) {
  let x0 = Infinity, x1 = -Infinity, y0 = Infinity, y1 = -Infinity;
  for (let i = 0; i < 8; i++) {
    const q = c.project([i & 1 ? N : -N, i & 2 ? N : -N, i & 4 ? N : -N]);
    x0 = Math.min(x0, q[0]); x1 = Math.max(x1, q[0]); y0 = Math.min(y0, q[1]); y1 = Math.max(y1, q[1]);
  }
  const scale = 0.92 * Math.min(size / (x1 - x0), size / (y1 - y0));
  const ox = size / 2 - scale * (x0 + x1) / 2, oy = size / 2 - scale * (y0 + y1) / 2;
  const page = q => { const r = c.project(q); return [ox + scale * r[0], oy + scale * r[1]]; };
  const unit = scale / (cam.distance * 2 * N);
  return {page, border: Math.min(1.4, Math.max(0.3, 0.05 * unit))};
}

// The picture of the cube as `c` sees it, fitted into a square of `size`, as SVG elements;
// with `moving` ({turns, f}), the layers of a move `f` (0 to 1) of the way through it.
function scene(c, size, moving) {
  if (moving) return sceneMoving(c, size, moving.turns, moving.f);
  const {page, border} = fit(c, size);
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

// Every move, as src/turn/moves.rs makes it: a list of slice turns [axis, layer, quarters] about
// the paper's axes (X: columns left → right, Y: rows back → front, Z: planes up → down), each
// quarter in the paper's positive sense, the sense of L, B and U. For each axis: the
// coordinate that picks the layer, the layer's coordinate, and the positive quarter-turn.
const AXES = [
  [0, l => 2 * l - K, p => [p[0], -p[2], p[1]]],
  [2, l => 2 * l - K, p => [-p[1], p[0], p[2]]],
  [1, l => K - 2 * l, p => [-p[2], p[1], p[0]]],
];

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

// A position `p` turned by `angle` about the axis of AXES[axis] (a quarter-turn is `rotate`).
function spin(p, [coordinate, , rotate], angle) {
  const perp = p.slice();
  perp[coordinate] = 0;
  const r = rotate(perp), cos = Math.cos(angle), sin = Math.sin(angle);
  return [0, 1, 2].map(i => (i === coordinate ? p[i] : cos * perp[i] + sin * r[i]));
}

// How the sticker at `p` moves in the move `turns`, `f` (0 to 1) of the way through it (a
// three-quarter turn goes the short way round); null when its layer does not turn.
function motion(turns, f, p) {
  for (const [axis, layer, quarters] of turns) {
    const [coordinate, at] = AXES[axis];
    if (Math.max(-K, Math.min(K, p[coordinate])) !== at(layer)) continue;
    const angle = f * (quarters === 3 ? -1 : quarters) * Math.PI / 2;
    return v => spin(v, AXES[axis], angle);
  }
  return null;
}

// The scene with a move under way: each sticker on its cubie's plastic, where its layer has
// turned to, the nearest painted last.
function sceneMoving(c, size, turns, f) {
  const {page, border} = fit(c, size);
  const still = v => v;
  const drawn = [];
  for (const s of stickers) {
    const n = FACES[faceOf(s.p)], [a, b] = faceAxes(n);
    const move = motion(turns, f, s.p) || still;
    const centre = move(s.p), normal = move(n);
    const toEye = [0, 1, 2].map(i => c.eye[i] - centre[i]);
    if (dot(normal, toEye) <= 1e-9) continue;
    const at = (u, v) => page(move([0, 1, 2].map(i => s.p[i] + u * a[i] + v * b[i])));
    const kept = KEPT === null || KEPT.has(s.p.join(","));
    const cell = [[-1, -1], [1, -1], [1, 1], [-1, 1]].map(([u, v]) => at(u, v));
    drawn.push([c.project(centre)[2],
      `<polygon points="${pts(cell)}" fill="${PLASTIC}" stroke="${PLASTIC}" stroke-width="${num(border)}" stroke-linejoin="round"/>` +
      `<polygon points="${pts(OUTLINE.map(([u, v]) => at(u, v)))}" fill="${kept ? COLOURS[s.c] : GREY}" stroke="${INK}" stroke-width="${num(border)}"/>`]);
  }
  drawn.sort((x, y) => y[0] - x[0]);
  return drawn.map(d => d[1]).join("");
}
