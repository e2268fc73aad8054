// cubework checked against cubing.js itself. Run it through
// scripts/cubingjs_check.sh, which installs npm `cubing` into a scratch directory, builds
// cubework in release and starts this file from there.
//
// What it does
//   1. Derives, for the 3×3×3, 4×4×4 and 5×5×5, how cubing.js's KPuzzle pattern (per orbit:
//      which piece sits in each slot, and its orientation) shows as cubework's facelet string
//      (faces U R F D L B, N×N stickers each, README "Conventions"). Nothing about cubing.js's
//      internals is assumed; the map is measured and then checked:
//        a. A few hundred random sequences of outer turns and rotations (`U D L R F B x y z`,
//           the moves least likely to be wrong on either side) are applied by cubing.js and by
//           `cubework apply --size N --show facelets`.
//        b. Each of cubework's stickers is matched with the one cubing.js slot (orbit, index)
//           whose content (piece, orientation) determines that sticker's colour in every sample
//           and which cubing.js's own turns of the sticker's three layers (read off the README's
//           facelet layout: `R`, `2R`, … `L` across, likewise `U…D` and `F…B`) all move or turn:
//           a layer turn moves or turns every piece with a sticker in it. The samples alone
//           cannot tell the 3×3×3's centres from their opposites (they only move as one rigid
//           frame) nor, with outer turns only, a 4×4×4 wing from its twin; the layers do.
//           Exactly one slot must qualify, and every slot of an orbit must own the same number
//           of stickers: 1 (centres, whose orientation is then invisible) or the orbit's number
//           of orientations (corners 3, edges 2).
//        c. For orbits with 2 or 3 stickers a piece, each sticker gets a facet number k such that
//           "piece p in this slot with orientation r shows p's facet (k + r) mod n" holds in all
//           samples, p's facet f being the colour p shows at home (in the solved state) on the
//           sticker numbered f. The numbers are solved for from the samples (a breadth-first
//           walk over the constraints, one group at a time: a 4×4×4 wing never flips, so nothing
//           ties its two stickers), so the sense in which cubing.js counts orientations is
//           measured, not guessed.
//        d. The resulting map must reproduce every training sample exactly, be one-to-one, give
//           the solved string for the solved pattern, and turn cubing.js's `R` into the README's
//           documented string `UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB`.
//      A sticker's colour is then read from the piece's home colours, so the centre pieces of big
//      cubes, which cubing.js tells apart, are compared by colour only, as a person sees them.
//   2. Probes every single move both parsers might read on each size (every face; outer, `kR`,
//      `Rw`, `r`, `kRw`, `kr`, `a-bRw`, `a-br`, `M E S`, `m e s`, `x y z`), every move and group
//      amount (`2 ' 2' 0 3 …`), pauses, `//` comments and line breaks. The generator uses what
//      both read; each probe both read is also a check (its states must agree).
//   3. Applies seeded random algorithms (moves, groups `(A)n`, commutators `[A, B]`, conjugates
//      `[A: B]`, nested) with both and compares the states; then compares `cubework invert` with
//      `new Alg(a).invert()` and `cubework expand` with `.expand()`: the states must agree (each
//      spelling applied by its own program, and cubework's also by cubing.js); spellings that
//      differ are counted and shown as information.
//   4. Prints a table of notable spellings with what each parser says, `N passed, N failed`, and
//      exits 1 on any difference.
// One difference is cubing.js's, and is checked for rather than counted: see rotationZeroBug.
//
// Options: --seed N (default 2026), --count N (algorithms in all, split over the three sizes;
// default 3000), --jobs N (cubework processes at once; default: the number of CPUs),
// --show N (failures shown in full; default 5), --cubework PATH (set by the shell script).

import { puzzles } from "cubing/puzzles";
import { Alg } from "cubing/alg";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";

const CUBING_VERSION = JSON.parse(
  readFileSync(new URL("./node_modules/cubing/package.json", import.meta.url), "utf8"),
).version;

// ---------------------------------------------------------------------------------------------
// Options

function parseOptions(argv) {
  const opts = { seed: 2026, count: 3000, jobs: os.cpus().length, show: 5, cubework: null };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i];
    const value = argv[i + 1];
    const int = () => {
      if (value === undefined || !/^\d+$/.test(value)) {
        fail(`${name} needs a whole number, got ${JSON.stringify(value ?? "")}`);
      }
      i++;
      return Number(value);
    };
    switch (name) {
      case "--seed": opts.seed = int(); break;
      case "--count": opts.count = int(); break;
      case "--jobs": opts.jobs = Math.max(1, int()); break;
      case "--show": opts.show = int(); break;
      case "--cubework": opts.cubework = value; i++; break;
      case "-h": case "--help":
        console.log("usage: scripts/cubingjs_check.sh [--seed N] [--count N] [--jobs N] [--show N]");
        process.exit(0);
      default: fail(`unknown option ${name} (try --help)`);
    }
  }
  if (!opts.cubework) fail("--cubework PATH is required (run scripts/cubingjs_check.sh)");
  return opts;
}

function fail(message) {
  console.error(`cubingjs_check: ${message}`);
  process.exit(2);
}

// ---------------------------------------------------------------------------------------------
// Seeded random numbers (mulberry32: small, and the same on every platform)

function makeRng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.int = (n) => Math.floor(next() * n);
  next.pick = (list) => list[next.int(list.length)];
  return next;
}

// ---------------------------------------------------------------------------------------------
// cubework, run as processes (a few ms each; `--jobs` at once)

let CUBEWORK;
let processes = 0;

function run(args) {
  processes++;
  return new Promise((resolve) => {
    execFile(CUBEWORK, args, { maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      if (error && typeof error.code !== "number") {
        console.error(`cubingjs_check: cannot run ${CUBEWORK}: ${error.message}`);
        process.exit(1);
      }
      resolve({ ok: !error, out: stdout, err: stderr.trim() });
    });
  });
}

/** The state after `alg` on the N×N×N, or the error cubework prints. */
async function cwApply(n, alg) {
  const r = await run(["apply", "--size", String(n), "--show", "facelets", alg]);
  const state = r.out.trim();
  return r.ok ? { ok: true, state } : { ok: false, err: r.err || `status ≠ 0, output ${state}` };
}

/**
 * The answer of `cubework invert|expand ALG`: all after the first line (`expanded: …` or
 * `… expands to N moves`, one line), since an answer that keeps `//` comments spans lines.
 */
async function cwAnswer(command, alg) {
  const r = await run([command, alg]);
  if (!r.ok) return { ok: false, err: r.err };
  const lines = r.out.replace(/\n$/, "").split("\n");
  if (lines.length < 2) return { ok: false, err: `expected two lines or more, got ${JSON.stringify(r.out)}` };
  return { ok: true, text: lines.slice(1).join("\n") };
}

async function pool(items, jobs, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------
// cubing.js

const kpuzzles = {};

function solvedString(n) {
  return [..."URFDLB"].map((f) => f.repeat(n * n)).join("");
}

/** cubing.js's reading of `alg` on the N×N×N: its pattern, or where it refuses. */
function jsApply(n, alg) {
  let parsed;
  try {
    parsed = new Alg(alg);
  } catch (e) {
    return { ok: false, stage: "parse", err: firstLine(e.message) };
  }
  try {
    const pattern = kpuzzles[n].kpuzzle.defaultPattern().applyAlg(parsed);
    return { ok: true, pattern, state: kpuzzles[n].map.convert(pattern.patternData) };
  } catch (e) {
    return { ok: false, stage: "kpuzzle", err: firstLine(e.message) };
  }
}

/**
 * A bug of cubing.js 0.56.0, found by this check: on the 4×4×4 and 5×5×5 (puzzle-geometry's
 * cubes) it reads the rotations `x0 y0 z0` as `x y z`. Its NxNxNCubeMapper rewrites `x` as
 * `new Move("Rv", amount)`, and Move's constructor, given a string, takes an amount of 0
 * (`args[1] ?? null` is falsy) as no amount at all. Checked here, not assumed: where cubing.js
 * no longer does this, rotations by 0 are generated like any other amount.
 */
function rotationZeroBug(n) {
  const zero = jsApply(n, "x0");
  return zero.ok && zero.state !== solvedString(n) && zero.state === jsApply(n, "x").state;
}

function firstLine(s) {
  return String(s).split("\n")[0];
}

/**
 * Where facelet i of an N×N×N lies, as layer coordinates [x, y, z] from 0 to N−1 (x left → right,
 * y down → up, z back → front), by the README's layout: faces U R F D L B, rows as seen from
 * outside; U from above with the back edge at the top, D from below with the front edge at the
 * top, the sides with the up edge at the top.
 */
function stickerPosition(n, i) {
  const face = "URFDLB"[Math.floor(i / (n * n))];
  const r = Math.floor((i % (n * n)) / n);
  const c = i % n;
  const top = n - 1;
  switch (face) {
    case "U": return [c, top, r];
    case "D": return [c, 0, top - r];
    case "F": return [c, top - r, top];
    case "B": return [top - c, top - r, 0];
    case "R": return [top, top - r, top - c];
    case "L": return [0, top - r, c];
  }
}

// ---------------------------------------------------------------------------------------------
// 1. The map from a cubing.js pattern to cubework's facelet string, measured

const TRAINING = 250;
const TRAINING_LENGTH = 30;

async function deriveMap(n, kpuzzle, rng, jobs) {
  const moves = [];
  for (const f of "UDLRFBxyz") for (const a of ["", "'", "2"]) moves.push(f + a);
  const algs = Array.from({ length: TRAINING }, () =>
    Array.from({ length: TRAINING_LENGTH }, () => rng.pick(moves)).join(" "));
  const cw = await pool(algs, jobs, (a) => cwApply(n, a));
  for (const [i, r] of cw.entries()) {
    if (!r.ok) throw new Error(`cubework refused training sequence ${algs[i]}: ${r.err}`);
  }
  const samples = algs.map((a, i) => ({
    alg: a,
    data: kpuzzle.defaultPattern().applyAlg(a).patternData,
    state: cw[i].state,
  }));
  const stickers = 6 * n * n;
  const solved = solvedString(n);
  const home = kpuzzle.defaultPattern().patternData;
  const orbits = kpuzzle.definition.orbits;

  // b. the one slot whose (piece, orientation) decides each sticker's colour, and which
  //    cubing.js's turns of the sticker's three layers all change (see the header)
  const changedBy = new Map();
  const changed = (move) => {
    if (!changedBy.has(move)) {
      // (the transformation, not the pattern: the 3×3×3's pattern drops centre orientations)
      const data = kpuzzle.algToTransformation(move).transformationData;
      const set = new Set();
      for (const { orbitName, numPieces } of orbits) {
        for (let s = 0; s < numPieces; s++) {
          const t = data[orbitName];
          if (t.permutation[s] !== s || t.orientationDelta[s] !== 0) set.add(`${orbitName}/${s}`);
        }
      }
      changedBy.set(move, set);
    }
    return changedBy.get(move);
  };
  const layersOf = (i) => {
    const [x, y, z] = stickerPosition(n, i);
    const layer = (k, near, far) => (k === 1 ? near : k === n ? far : `${k}${near}`);
    return [layer(n - x, "R", "L"), layer(n - y, "U", "D"), layer(n - z, "F", "B")];
  };
  const slotOf = [];
  for (let i = 0; i < stickers; i++) {
    const candidates = [];
    for (const { orbitName, numPieces } of orbits) {
      for (let s = 0; s < numPieces; s++) {
        const seen = new Map();
        let functional = true;
        for (const { data, state } of samples) {
          const key = data[orbitName].pieces[s] * 64 + data[orbitName].orientation[s];
          const colour = state[i];
          if (seen.has(key) && seen.get(key) !== colour) { functional = false; break; }
          seen.set(key, colour);
        }
        if (functional) candidates.push({ orbit: orbitName, slot: s });
      }
    }
    const layers = layersOf(i);
    const turned = candidates.filter((c) => layers.every((m) => changed(m).has(`${c.orbit}/${c.slot}`)));
    if (turned.length !== 1) {
      const list = (cs) => cs.map((c) => `${c.orbit}[${c.slot}]`).join(", ") || "none";
      throw new Error(`${n}×${n}×${n}: sticker ${i} (layers ${layers.join(" ")}) matches the slots ` +
        `${list(candidates)}, of which ${list(turned)} are changed by all its layers`);
    }
    slotOf.push(turned[0]);
  }

  // every slot of an orbit owns the same number of stickers: 1, or its number of orientations
  const owned = new Map(); // "orbit/slot" -> [sticker]
  for (const [i, { orbit, slot }] of slotOf.entries()) {
    const key = `${orbit}/${slot}`;
    if (!owned.has(key)) owned.set(key, []);
    owned.get(key).push(i);
  }
  const perPiece = {};
  for (const { orbitName, numPieces, numOrientations } of orbits) {
    const counts = new Set();
    for (let s = 0; s < numPieces; s++) counts.add((owned.get(`${orbitName}/${s}`) ?? []).length);
    const [m] = counts;
    if (counts.size !== 1 || !(m === 1 || m === numOrientations)) {
      throw new Error(`${n}×${n}×${n}: orbit ${orbitName} slots own ${[...counts].join("/")} stickers`);
    }
    perPiece[orbitName] = m;
    for (let s = 0; s < numPieces; s++) {
      if (home[orbitName].pieces[s] !== s || home[orbitName].orientation[s] !== 0) {
        throw new Error(`${n}×${n}×${n}: the default pattern does not hold piece ${s} of ${orbitName} at slot ${s}`);
      }
    }
  }

  // c. facet numbers: piece p in slot s, orientation r, shows facet (k + r) mod n on sticker k
  const facet = new Array(stickers).fill(null);
  for (const { orbitName, numPieces, numOrientations: no } of orbits) {
    if (perPiece[orbitName] === 1) {
      for (let s = 0; s < numPieces; s++) facet[owned.get(`${orbitName}/${s}`)[0]] = 0;
      continue;
    }
    // constraints k[j] = k[i] + r between a sticker i and the sticker j at the piece's home
    const edges = new Map();
    const addEdge = (a, b, d) => {
      if (!edges.has(a)) edges.set(a, []);
      edges.get(a).push([b, d]);
    };
    for (const { data, state } of samples) {
      for (let s = 0; s < numPieces; s++) {
        const p = data[orbitName].pieces[s];
        const r = data[orbitName].orientation[s];
        const homeStickers = owned.get(`${orbitName}/${p}`);
        for (const i of owned.get(`${orbitName}/${s}`)) {
          const js = homeStickers.filter((j) => solved[j] === state[i]);
          if (js.length !== 1) {
            throw new Error(`${n}×${n}×${n}: ${orbitName} piece ${p} has ${js.length} stickers of colour ${state[i]}`);
          }
          addEdge(i, js[0], r);
          addEdge(js[0], i, -r);
        }
      }
    }
    const walk = (start, k) => {
      facet[start] = k;
      const queue = [start];
      while (queue.length) {
        const a = queue.shift();
        for (const [b, d] of edges.get(a) ?? []) {
          const kb = (((facet[a] + d) % no) + no) % no;
          if (facet[b] === null) { facet[b] = kb; queue.push(b); }
          else if (facet[b] !== kb) {
            throw new Error(`${n}×${n}×${n}: ${orbitName}: no consistent orientation numbering (sticker ${b})`);
          }
        }
      }
    };
    // The constraints may fall into several groups (a 4×4×4 wing never flips, so nothing ties
    // its two stickers together): each further group starts from a slot half numbered, with
    // the numbers that slot still lacks.
    walk(owned.get(`${orbitName}/0`)[0], 0);
    for (;;) {
      const partial = [...Array(numPieces).keys()]
        .map((s) => owned.get(`${orbitName}/${s}`))
        .find((is) => is.some((i) => facet[i] !== null) && is.some((i) => facet[i] === null));
      if (!partial) break;
      const missing = [...Array(no).keys()].filter((k) => !partial.some((i) => facet[i] === k));
      walk(partial.find((i) => facet[i] === null), missing[0]);
    }
    for (let s = 0; s < numPieces; s++) {
      const ks = owned.get(`${orbitName}/${s}`).map((i) => facet[i]);
      if (ks.includes(null) || new Set(ks).size !== no) {
        throw new Error(`${n}×${n}×${n}: ${orbitName} slot ${s} gets facet numbers ${ks.join(",")}`);
      }
    }
  }

  // the sticker at (orbit, slot, facet), for reading a piece's home colours
  const stickerAt = new Map();
  for (let i = 0; i < stickers; i++) stickerAt.set(`${slotOf[i].orbit}/${slotOf[i].slot}/${facet[i]}`, i);
  if (stickerAt.size !== stickers) throw new Error(`${n}×${n}×${n}: the map is not one-to-one`);
  const plan = slotOf.map(({ orbit, slot }, i) => {
    const no = orbits.find((o) => o.orbitName === orbit).numOrientations;
    return { orbit, slot, k: facet[i], no, single: perPiece[orbit] === 1 };
  });
  const colour = (orbit, piece, f) => solved[stickerAt.get(`${orbit}/${piece}/${f}`)];
  const convert = (data) => {
    let out = "";
    for (const { orbit, slot, k, no, single } of plan) {
      const p = data[orbit].pieces[slot];
      out += single ? colour(orbit, p, 0) : colour(orbit, p, (k + data[orbit].orientation[slot]) % no);
    }
    return out;
  };

  // d. checks of the map
  for (const { alg, data, state } of samples) {
    if (convert(data) !== state) throw new Error(`${n}×${n}×${n}: the map does not reproduce ${alg}`);
  }
  if (convert(home) !== solved) throw new Error(`${n}×${n}×${n}: the map does not give the solved string`);
  if (n === 3) {
    const documented = "UUFUUFUUFRRRRRRRRRFFDFFDFFDDDBDDBDDBLLLLLLLLLUBBUBBUBB";
    if (convert(kpuzzle.defaultPattern().applyAlg("R").patternData) !== documented) {
      throw new Error("3×3×3: cubing.js's R, read through the map, is not the README's string");
    }
  }
  const summary = orbits
    .map(({ orbitName, numPieces }) => `${orbitName} ${numPieces}×${perPiece[orbitName]}`)
    .join(", ");
  return { convert, summary, samples: samples.length };
}

// ---------------------------------------------------------------------------------------------
// 2. What both parsers read

const FACES = [..."UDLRFB"];

/** Every single move to try on the N×N×N, grouped into families. */
function candidateMoves(n) {
  const fam = {};
  const add = (family, move) => (fam[family] ??= []).push(move);
  for (const f of FACES) {
    const w = f.toLowerCase();
    add("outer (R)", f);
    for (let k = 1; k <= n; k++) add("layer (2R)", `${k}${f}`);
    add("wide (Rw)", `${f}w`);
    add("wide (r)", w);
    for (let k = 1; k <= n; k++) add("wide (3Rw)", `${k}${f}w`);
    for (let k = 1; k <= n; k++) add("wide (3r)", `${k}${w}`);
    for (let a = 1; a <= n; a++) {
      for (let b = a + 1; b <= n; b++) {
        add("range (2-3Rw)", `${a}-${b}${f}w`);
        add("range (2-3r)", `${a}-${b}${w}`);
      }
    }
  }
  for (const s of "MES") add("slice (M)", s);
  for (const s of "mes") add("slice (m)", s);
  for (const r of "xyz") add(ROTATIONS, r);
  return fam;
}

const ROTATIONS = "rotation (x)";
const MOVE_AMOUNTS = ["", "'", "2", "2'", "0", "1", "3", "3'", "4", "5'", "10"];
const BLOCK_AMOUNTS = ["", "'", "2", "2'", "0", "3", "3'", "4"];

async function probe(n, alg) {
  const js = jsApply(n, alg);
  const cw = await cwApply(n, alg);
  const same = js.ok && cw.ok ? js.state === cw.state : null;
  return { n, alg, js, cw, same };
}

async function findFeatures(n, jobs, tally) {
  const families = candidateMoves(n);
  const all = Object.entries(families).flatMap(([family, moves]) => moves.map((m) => ({ family, m })));
  const results = await pool(all, jobs, ({ m }) => probe(n, m));
  const atoms = {};
  const report = [];
  for (const [i, { family, m }] of all.entries()) {
    const r = results[i];
    if (r.same !== null) (atoms[family] ??= []).push(m);
    tally.record(r, "single move");
  }
  const reasonOf = (m) => {
    const r = results[all.findIndex((x) => x.m === m)];
    if (!r.js.ok && !r.cw.ok) return "neither reads";
    return r.js.ok ? "cubework refuses" : r.js.stage === "parse" ? "cubing.js refuses" : "cubing.js's KPuzzle refuses";
  };
  for (const [family, moves] of Object.entries(families)) {
    const kept = atoms[family] ?? [];
    const byReason = new Map();
    for (const m of moves.filter((m) => !kept.includes(m))) {
      const why = reasonOf(m);
      if (!byReason.has(why)) byReason.set(why, []);
      byReason.get(why).push(m);
    }
    const left = [...byReason].map(([why, ms]) =>
      `${why} ${ms.slice(0, 6).join(" ")}${ms.length > 6 ? ` … (${ms.length})` : ""}`);
    const used = kept.length === moves.length ? "all" : kept.length === 0 ? "none" : `${kept.length} of ${moves.length}`;
    report.push(`  ${family}: ${used} used${left.length ? `; left out: ${left.join("; ")}` : ""}`);
  }
  // a spelling both read is used, and is a check: its states must agree
  const both = async (alg) => {
    const r = await probe(n, alg);
    tally.record(r, "feature probe");
    return r.same !== null;
  };
  const moveAmounts = [];
  for (const a of MOVE_AMOUNTS) if (await both(`R${a}`) && await both(`U${a} 2F${a}`)) moveAmounts.push(a);
  const rotationAmounts = [];
  for (const a of MOVE_AMOUNTS) {
    if (a === "0" && rotationZeroBug(n)) continue;
    if (await both(`x${a}`) && await both(`y${a} z${a}`)) rotationAmounts.push(a);
  }
  const groupAmounts = [];
  for (const a of BLOCK_AMOUNTS) if (await both(`(R U)${a}`)) groupAmounts.push(a);
  const bracketAmounts = [];
  for (const a of BLOCK_AMOUNTS) if (await both(`[R, U]${a}`) && await both(`[R: U]${a}`)) bracketAmounts.push(a);
  const layout = {
    pause: await both("R . U R'"),
    newline: await both("R U\nR' U'"),
    comment: await both("R U R' U' // sexy move"),
    commentLine: await both("R // one\nU // two\nR'"),
    newlineInside: await both("(R U\nR' U')2 [R\nU, F]"),
    commentInside: await both("(R // one\nU)2 [R // two\nU: F]"),
  };
  return { atoms, report, moveAmounts, rotationAmounts, groupAmounts, bracketAmounts, layout };
}

// ---------------------------------------------------------------------------------------------
// 3. Random algorithms

function makeGenerator(features, rng) {
  const families = Object.entries(features.atoms);
  const { moveAmounts, rotationAmounts, groupAmounts, bracketAmounts, layout } = features;
  const words = ["sexy", "setup", "OLL", "PLL", "undo", "insert", "x-cross", "é"];
  const atom = () => {
    const [family, moves] = rng.pick(families);
    return rng.pick(moves) + rng.pick(family === ROTATIONS ? rotationAmounts : moveAmounts);
  };
  const seq = (depth, maxLen, top) => {
    const len = 1 + rng.int(maxLen);
    let out = "";
    for (let i = 0; i < len; i++) {
      if (i > 0) {
        const r = rng();
        if ((top || layout.commentInside) && layout.commentLine && r < 0.05) out += ` // ${rng.pick(words)}\n`;
        else if ((top || layout.newlineInside) && layout.newline && r < 0.12) out += "\n";
        else if (layout.pause && r < 0.18) out += " . ";
        else out += " ";
      }
      out += depth < 3 && rng() < 0.22 ? block(depth + 1) : atom();
    }
    return out;
  };
  const block = (depth) => {
    const r = rng();
    if (r < 0.4) return `(${seq(depth, 4, false)})${rng.pick(groupAmounts)}`;
    const amount = bracketAmounts.length ? rng.pick(bracketAmounts) : "";
    const sep = r < 0.7 ? ", " : ": ";
    return `[${seq(depth, 3, false)}${sep}${seq(depth, 3, false)}]${amount}`;
  };
  return () => {
    let alg = seq(0, 10, true);
    if (layout.comment && rng() < 0.1) alg += ` // ${rng.pick(words)}`;
    return alg;
  };
}

/**
 * How cubework's spelling of an inverse or expansion differs from cubing.js's: the first of
 * these readings under which the two are the same text (each includes the ones before).
 */
const SPELLING_KINDS = (() => {
  const steps = [
    ["the same", (s) => s.replace(/\s+/g, " ").trim()],
    ["but for pauses, comments, line breaks", (s) => s.replace(/\/\/[^\n]*/g, " ").replace(/(^|\s)\.(?=\s|$)/g, " ")],
    ["but for layer counts (1R = R, 2Rw = Rw, 1-3Rw = 3Rw)", (s) => s
      .replace(/(^|[\s(\[,:])1-(\d+[A-Z]w)/g, "$1$2")
      .replace(/(^|[\s(\[,:])2([A-Z]w|[urfdlb](?=[\d'\s)\],:]|$))/g, "$1$2")
      .replace(/(^|[\s(\[,:])1([A-Z])(?!w)/g, "$1$2")],
    ["but for amounts (R3 = R', R2' = R2, R4 = nothing)", (s) => s.replace(
      /(^|[\s(\[,:])((?:\d+(?:-\d+)?)?[URFDLBurfdlbMESmesxyz]w?)(\d*)('?)(?=$|[\s)\],:])/g,
      (_, before, move, amount, prime) => {
        const q = ((((amount === "" ? 1 : Number(amount)) * (prime ? -1 : 1)) % 4) + 4) % 4;
        return before + (q === 0 ? "" : move + ["", "", "2", "'"][q]);
      })],
  ];
  return steps.map(([name], i) => ({
    name,
    norm: (s) => steps.slice(0, i + 1).reduce((t, [, f]) => f(t), s).replace(/\s+/g, " ").trim(),
  }));
})();

/** One algorithm: its state, its inverse and its expansion, by both. */
async function checkAlg(n, alg, tally, spellings) {
  const failures = tally.failures;
  let ok = true;
  const js = jsApply(n, alg);
  const cw = await cwApply(n, alg);
  if (!js.ok) {
    failures.push({ kind: "cubing.js refused a generated algorithm", n, alg, js: js.err, cw: cw.state ?? cw.err });
    return false;
  }
  if (!cw.ok || cw.state !== js.state) {
    failures.push({ kind: "state", n, alg, js: js.state, cw: cw.ok ? cw.state : `error: ${cw.err}` });
    ok = false;
  }
  for (const [command, method] of [["invert", "invert"], ["expand", "expand"]]) {
    const jsText = new Alg(alg)[method]().toString();
    const jsState = jsApply(n, jsText);
    const cwText = await cwAnswer(command, alg);
    if (!cwText.ok) {
      failures.push({ kind: `cubework ${command}`, n, alg, js: jsText, cw: `error: ${cwText.err}` });
      ok = false;
      continue;
    }
    const cwState = await cwApply(n, cwText.text);
    const kind = SPELLING_KINDS.find(({ norm }) => norm(cwText.text) === norm(jsText))?.name ?? "otherwise";
    (spellings[command][kind] ??= []).push({ n, alg, js: jsText, cw: cwText.text });
    const note = spellings[command];
    const cross = jsApply(n, cwText.text);
    if (!cross.ok) note.jsRefuses.push({ alg, cw: cwText.text, err: cross.err });
    const problems = [];
    if (!cwState.ok) problems.push(`cubework cannot apply its own ${command}: ${cwState.err}`);
    else if (cwState.state !== jsState.state) problems.push(`states differ`);
    if (cross.ok && cross.state !== jsState.state) problems.push(`cubing.js reads cubework's ${command} to another state`);
    if (problems.length) {
      failures.push({
        kind: `${command} (${problems.join("; ")})`, n, alg,
        js: `${JSON.stringify(jsText)} → ${jsState.state}`,
        cw: `${JSON.stringify(cwText.text)} → ${cwState.ok ? cwState.state : cwState.err}`,
      });
      ok = false;
    }
  }
  return ok;
}

// ---------------------------------------------------------------------------------------------
// 4. Spellings probed with both parsers

const SPELLINGS = [
  // amounts
  ["R2'", 3], ["x2'", 3], ["Uw2'", 4], ["M2'", 5], ["R1", 3], ["R3", 3], ["U4", 3], ["R0", 3],
  ["R5'", 3], ["R10", 3], ["Rw3", 4], ["R'2", 3], ["R2 '", 3],
  // groups, commutators, conjugates
  ["(R U)3'", 3], ["(R U)0", 3], ["[R, U]2", 3], ["[R: U]'", 3], ["()", 3], ["", 3], ["[R U]", 3],
  ["R,U", 3],
  // comments and line breaks
  ["R U R' U' // comment", 3], ["R U // one\nR' U'", 3], ["(R // c\nU)", 3], ["/* c */ R", 3],
  ["R U\nR' U'", 3], ["(R U\nR' U')", 3], ["R U\r\nR' U'", 3],
  // spaces, typography, pauses
  ["RUR'U'", 3], ["R U R'U'", 3], ["R2R", 3], ["R\tU", 3], ["R’", 3], ["Rʼ", 3], ["R′", 3],
  ["R . U", 3], ["R.U", 3], ["F.R.U.Rʼ.Uʼ.Fʼ", 3],
  // wide moves, layers, slices
  ["Rw", 3], ["r", 3], ["Rw", 4], ["r", 4], ["3r", 4], ["3u", 5], ["4r", 4], ["2-3r", 5],
  ["2R", 3], ["1R", 3], ["1R", 4], ["4R", 4], ["1Rw", 3], ["1Rw", 4], ["3Rw", 3], ["4Rw", 4],
  ["2-3Rw", 3], ["2-3Rw", 4], ["2-2Rw", 4], ["3-2Rw", 4], ["M", 4], ["m", 4], ["m", 5],
  // rotations by nothing (cubing.js's bug on the big cubes: rotationZeroBug)
  ["x0", 3], ["x0", 4], ["y0'", 5],
];

function describeJs(js, n) {
  if (js.ok) return "reads";
  if (js.stage === "parse") return `refuses (${shorten(js.err)})`;
  return `parses, KPuzzle refuses on ${n}×${n}×${n}`;
}

function describeCw(cw) {
  return cw.ok ? "reads" : `refuses (${shorten(cw.err.replace(/^cubework: /, ""))})`;
}

function shorten(s) {
  const t = JSON.stringify(s).slice(1, -1).replace(/\\"/g, '"').replace(/\|/g, "\\|");
  return t.length > 60 ? `${t.slice(0, 57)}…` : t;
}

function cell(alg) {
  const shown = JSON.stringify(alg).slice(1, -1).replace(/\\"/g, '"').replace(/\|/g, "\\|");
  return shown === "" ? "(empty)" : `\`${shown}\``;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const opts = parseOptions(process.argv.slice(2));
  CUBEWORK = opts.cubework;
  const started = Date.now();
  const version = (await run(["--version"])).out.trim();
  console.log(`cubing.js ${CUBING_VERSION} (Node ${process.version}) against ${version} (${CUBEWORK})`);
  console.log(`seed ${opts.seed}, ${opts.count} algorithms, ${opts.jobs} cubework processes at once`);

  const rng = makeRng(opts.seed);
  const sizes = [3, 4, 5];
  console.log("\n1. cubing.js patterns read as cubework facelets (derived from random outer turns and rotations):");
  for (const n of sizes) {
    const kpuzzle = await puzzles[`${n}x${n}x${n}`].kpuzzle();
    try {
      const map = await deriveMap(n, kpuzzle, rng, opts.jobs);
      kpuzzles[n] = { kpuzzle, map };
      console.log(`  ${n}×${n}×${n}: ${6 * n * n} stickers = ${map.summary}; reproduces all ${map.samples} samples`);
    } catch (e) {
      console.log(`  ${n}×${n}×${n}: no map: ${e.message}`);
      console.log("\n0 passed, 1 failed");
      process.exit(1);
    }
  }

  // Every check is one line of the count: a single move or feature probe both read, an
  // algorithm (its state, inverse and expansion), a spelling of the table both read.
  const tally = {
    passed: 0,
    failed: 0,
    failures: [],
    record(r, kind) {
      if (r.same === true) this.passed++;
      if (r.same === false) {
        this.failed++;
        this.failures.push({ kind, n: r.n, alg: r.alg, js: r.js.state, cw: r.cw.state });
      }
    },
  };
  const features = {};
  console.log("\n2. What both read (single moves on every face; used by the generator):");
  for (const n of sizes) {
    const f = await findFeatures(n, opts.jobs, tally);
    features[n] = f;
    console.log(` ${n}×${n}×${n}:`);
    for (const line of f.report) console.log(line);
    console.log(`  amounts: ${f.moveAmounts.map((a) => `R${a}`).join(" ")}; ${f.rotationAmounts.map((a) => `x${a}`).join(" ")}; groups: ${f.groupAmounts.map((a) => `(R U)${a}`).join(" ")}; brackets: ${f.bracketAmounts.map((a) => `[R, U]${a}`).join(" ") || "none"}`);
    const yes = (b) => (b ? "yes" : "no");
    console.log(`  pauses ${yes(f.layout.pause)}, line breaks ${yes(f.layout.newline)} (inside brackets ${yes(f.layout.newlineInside)}), ` +
      `// comments ${yes(f.layout.comment)} (inside brackets ${yes(f.layout.commentInside)})`);
    if (!f.moveAmounts.includes("3")) {
      const r = await probe(n, "R3");
      console.log(`  amounts above 2 left out: ${r.cw.ok ? "cubing.js refuses R3" : `cubework refuses R3 (${r.cw.err})`}`);
    }
  }
  console.log(`  probes: ${tally.passed} agree, ${tally.failed} differ`);

  console.log("\n3. Random algorithms: state, invert, expand");
  const spellings = {
    invert: { jsRefuses: [] },
    expand: { jsRefuses: [] },
  };
  const jobs = [];
  for (const [i, n] of sizes.entries()) {
    const share = Math.floor(opts.count / sizes.length) + (i < opts.count % sizes.length ? 1 : 0);
    const generate = makeGenerator(features[n], rng);
    for (let k = 0; k < share; k++) jobs.push({ n, alg: generate() });
  }
  const outcomes = await pool(jobs, opts.jobs, ({ n, alg }) => checkAlg(n, alg, tally, spellings));
  for (const n of sizes) {
    const mine = outcomes.filter((_, i) => jobs[i].n === n);
    console.log(`  ${n}×${n}×${n}: ${mine.filter(Boolean).length} of ${mine.length} agree`);
  }
  tally.passed += outcomes.filter(Boolean).length;
  tally.failed += outcomes.filter((ok) => !ok).length;
  const longest = jobs.reduce((m, j) => Math.max(m, j.alg.length), 0);
  console.log(`  (algorithms of up to ${longest} characters)`);
  for (const command of ["invert", "expand"]) {
    const s = spellings[command];
    console.log(`  ${command}: cubework's spelling against cubing.js's (information, not failures):`);
    for (const kind of [...SPELLING_KINDS.map((k) => k.name), "otherwise"]) {
      const list = s[kind] ?? [];
      console.log(`    ${list.length} ${kind === "otherwise" ? "written otherwise" : kind}` +
        `${list.length && kind !== "the same" ? ", e.g." : ""}`);
      if (kind === "the same") continue;
      for (const e of [...list].sort((a, b) => a.alg.length - b.alg.length).slice(0, kind === "otherwise" ? 4 : 2)) {
        console.log(`      ${e.n}×${e.n}×${e.n} ${JSON.stringify(e.alg)}: cubing.js ${JSON.stringify(e.js)}, cubework ${JSON.stringify(e.cw)}`);
      }
    }
    for (const e of s.jsRefuses.slice(0, 3)) {
      console.log(`    cubing.js refuses cubework's ${JSON.stringify(e.cw)} (of ${JSON.stringify(e.alg)}): ${e.err}`);
    }
    if (s.jsRefuses.length) console.log(`    (cubing.js cannot read ${s.jsRefuses.length} of cubework's)`);
  }

  console.log("\n4. Spellings probed with both parsers (a check only where both read them):\n");
  console.log(`| spelling | cube | cubing.js ${CUBING_VERSION} | cubework | same state |`);
  console.log("|---|---|---|---|---|");
  const table = await pool(SPELLINGS, opts.jobs, ([alg, n]) => probe(n, alg));
  for (const r of table) {
    const jsBug = r.same === false && /^[xyz]0'?$/.test(r.alg) && rotationZeroBug(r.n);
    if (!jsBug) tally.record(r, "spelling both read");
    const same = r.same === null ? "—" : r.same ? "yes" : jsBug ? "no: cubing.js reads it as a quarter turn (its bug)" : "**no**";
    console.log(`| ${cell(r.alg)} | ${r.n}×${r.n}×${r.n} | ${describeJs(r.js, r.n)} | ${describeCw(r.cw)} | ${same} |`);
  }

  const bugSizes = sizes.filter(rotationZeroBug);
  if (bugSizes.length) {
    console.log(`\ncubing.js ${CUBING_VERSION} reads x0 y0 z0 as x y z on ${bugSizes.map((n) => `${n}×${n}×${n}`).join(" and ")} ` +
      "(a bug of cubing.js: see rotationZeroBug); rotations by 0 are left out there and not counted.");
  }

  const { failures, passed, failed } = tally;
  if (failures.length) {
    console.log(`\nFirst ${Math.min(opts.show, failures.length)} of ${failures.length} differences:`);
    for (const f of failures.slice(0, opts.show)) {
      console.log(`- ${f.kind}, ${f.n}×${f.n}×${f.n}: ${JSON.stringify(f.alg)}`);
      console.log(`    cubing.js ${f.js}`);
      console.log(`    cubework  ${f.cw}`);
      if (/^[URFDLB]+$/.test(f.js ?? "") && /^[URFDLB]+$/.test(f.cw ?? "") && f.js.length === f.cw.length) {
        console.log(`              ${[...f.js].map((c, i) => (c === f.cw[i] ? " " : "^")).join("")}`);
      }
    }
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`\n(${processes} cubework processes, ${seconds} s; seed ${opts.seed})`);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

await main();
