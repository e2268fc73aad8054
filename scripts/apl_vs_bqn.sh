#!/usr/bin/env bash
# Everyday APL and the paper's quarter-turns in cubework beside BQN (mlochbaum/BQN's
# JavaScript implementation, docs/bqn.js, under node ≥ 20), on the same machine and data.
#
# BQN is run from a checkout the user fetched (BQN, required: nothing of it is in this
# repository). GNU APL and Dyalog could not be had here (ngn/apl: scripts/apl_vs_ngn.sh);
# BQN is the array language nearest APL with an implementation that runs from a checkout. Its
# JavaScript VM runs the self-hosted runtime (most primitives are BQN code compiled to
# JavaScript), so it is much slower than CBQN, BQN's C implementation: the figures compare
# cubework with bqn.js, not with BQN at its fastest.
#
# cubework's side is benches/apl.rs: `apl/everyday` (each line evaluated whole) and
# `apl/side-by-side` (the paper's U then R, again and again, on each representation's
# state). BQN's side is below: the same lines, and each representation's U and R translated
# from src/apl/paper/*.apl primitive for primitive (same data, same algorithm), each checked
# against cubework's answer before it is timed (R U of the solved cube, and each line's
# value). Each BQN function is compiled once and then called (its compile time is not
# counted; cubework's `apl/everyday` parses each line each time, a few microseconds). Times
# are medians: criterion's for cubework; for BQN, of 60 samples (10 for the everyday lines)
# after a warm-up of a second.
#   BQN=/path/to/BQN scripts/apl_vs_bqn.sh
# On a shared machine the figures move with the load (printed before and after).
set -euo pipefail
cd "$(dirname "$0")/.."
src=${BQN:?set BQN to a checkout of mlochbaum/BQN}
[ -f "$src/docs/bqn.js" ] || { echo "$src/docs/bqn.js not found: not a BQN checkout" >&2; exit 1; }
# shellcheck source=scripts/lib/apl_peer.sh
. scripts/lib/apl_peer.sh
apl_peer_start
apl_peer_states ','

# name|BQN line|APL line (as in benches/apl.rs's EVERYDAY); cubework's answer is appended.
cat >"$work/lines.txt" <<'LINES'
dfn over 10^6|+´{𝕩×𝕩+1}1+↕1e6|+/{⍵×⍵+1}⍳1e6
dfn on each of 10^5|+´{+´𝕩}¨1e5⥊<1+↕10|+/{+/⍵}¨1e5⍴⊂⍳10
fixpoint halving|_fix ← {(𝕩≡n)◶⟨𝕊,⊢⟩ n←𝔽𝕩} ⋄ {𝕩÷2}_fix 1|{⍵÷2}⍣≡1
fixpoint Newton sqrt 2|_fix ← {(𝕩≡n)◶⟨𝕊,⊢⟩ n←𝔽𝕩} ⋄ {0.5×𝕩+2÷𝕩}_fix 1|{0.5×⍵+2÷⍵}⍣≡1
outer product 1000x1000|+´⥊×⌜˜1+↕1000|+/,∘.×⍨⍳1000
LINES
while IFS='|' read -r name bqn apl; do
    echo "$name|$bqn|$("$bin" apl "$apl")"
done <"$work/lines.txt" >"$work/everyday.txt"

cat >"$work/turns.bqn" <<'BQN'
# The paper's U and R of each representation (src/apl/paper/*.apl), in BQN: the same data
# and the same algorithm, primitive for primitive where BQN has one. Indices are 0-based
# (the paper's 1-based literals less one); APL's ⍵[I]←⍵[J] is (J⊏𝕩)⌾(I⊸⊏)𝕩; ⊖ and ⌽[1] are
# ⌽, APL's ⌽ (last axis) is ⌽˘ on a matrix and ⌽⎉1 beyond; A,[k]B along the last axis is ∾⎉1
# (∾˘ on matrices), along the first ∾, and ,[.5] is ≍; (3⍴10)⊤ and 10⊥, which BQN lacks,
# are Enc and Dec below.
_eachright ← {(<𝕨)𝔽¨𝕩}      # EACHRIGHT: (⊂⍺)⍺⍺¨⍵
Permute ← {𝕨⊏𝕩}              # PERMUTE: ⍵[⍺]
Enc ← {10|⌊100‿10‿1÷˜⌜𝕩}     # (3⍴10)⊤⍵
Dec ← {+˝100‿10‿1×𝕩}         # 10⊥⍵

VecU ← {
  𝕩 ↩ (6‿3‿0‿7‿4‿1‿8‿5‿2⊏𝕩)⌾((↕9)⊸⊏) 𝕩
  (36‿37‿38‿45‿46‿47‿27‿28‿29‿18‿19‿20⊏𝕩)⌾(18‿19‿20‿27‿28‿29‿36‿37‿38‿45‿46‿47⊸⊏) 𝕩
}
VecR ← {
  𝕩 ↩ ((45+2‿5‿8‿1‿4‿7‿0‿3‿6)⊏𝕩)⌾((45+↕9)⊸⊏) 𝕩
  (24‿21‿18‿29‿32‿35‿17‿14‿11‿2‿5‿8⊏𝕩)⌾(2‿5‿8‿11‿14‿17‿18‿21‿24‿29‿32‿35⊸⊏) 𝕩
}

ComU ← {3‿3‿0‿0‿0⌽˘𝕩}
ComR ← {
  𝕩 ↩ (⌽⍉5‿6‿7‿8‿9⊸⊏˘𝕩)⌾(5‿6‿7‿8‿9⊸⊏˘) 𝕩
  (⟨0‿4,6‿8⟩⊏𝕩)⌾(⟨0‿4,5‿9⟩⊸⊏) 𝕩
}

LocU ← {
  (⌽˘⍉0⊏𝕩) ∾ (1⊏𝕩) ∾ ((0⊏4⊏𝕩)∾1‿2⊏2⊏𝕩) ∾ ((0⊏5⊏𝕩)∾1‿2⊏3⊏𝕩) ∾ ((0⊏3⊏𝕩)∾1‿2⊏4⊏𝕩) ≍ (0⊏2⊏𝕩)∾1‿2⊏5⊏𝕩
}
LocR ← {
  ((0‿1⊸⊏˘0⊏𝕩)∾˘⌽0⊏˘2⊏𝕩) ∾ ((0‿1⊸⊏˘1⊏𝕩)∾˘2⊏˘3⊏𝕩) ∾ ((⌽2⊏˘1⊏𝕩)∾˘1‿2⊸⊏˘2⊏𝕩) ∾ ((0‿1⊸⊏˘3⊏𝕩)∾˘2⊏˘0⊏𝕩) ∾ (4⊏𝕩) ≍ ⌽⍉5⊏𝕩
}

NesX ← {1‿0‿2⍉⌽ 1‿0‿2 Permute _eachright 𝕩}
NesZ ← {0‿2‿1⍉⌽˘ 0‿2‿1 Permute _eachright 𝕩}
NesU ← {(NesZ ⟨0⟩⊏𝕩) ∾ (⟨1⟩⊏𝕩) ∾ ⟨2⟩⊏𝕩}
NesR ← {(⟨0⟩⊸⊏⎉1 𝕩) ∾⎉1 (⟨1⟩⊸⊏⎉1 𝕩) ∾⎉1 NesX ⟨2⟩⊸⊏⎉1 𝕩}

NumX ← {Dec 1‿0‿2⊏Enc 1‿0‿2⍉⌽𝕩}
NumZ ← {Dec 0‿2‿1⊏Enc 0‿2‿1⍉⌽˘𝕩}
NumU ← {(NumZ ⟨0⟩⊏𝕩) ∾ (⟨1⟩⊏𝕩) ∾ ⟨2⟩⊏𝕩}
NumR ← {(⟨0⟩⊸⊏⎉1 𝕩) ∾⎉1 (⟨1⟩⊸⊏⎉1 𝕩) ∾⎉1 NumX ⟨2⟩⊸⊏⎉1 𝕩}

FouX ← {2‿1‿0‿3⍉⌽ 1‿0‿2⊸⊏˘𝕩}
FouZ ← {0‿1‿3‿2⍉(⌽⎉2) 0‿2‿1⊸⊏˘𝕩}
FouU ← {(FouZ ⟨0⟩⊏𝕩) ∾ (⟨1⟩⊏𝕩) ∾ ⟨2⟩⊏𝕩}
FouR ← {(⟨0⟩⊸⊏⎉1 𝕩) ∾⎉1 (⟨1⟩⊸⊏⎉1 𝕩) ∾⎉1 FouX ⟨2⟩⊸⊏⎉1 𝕩}

VisZ ← {⌽˘⍉𝕩}
VisLbar ← {
  v ← ⥊𝕩
  11‿11⥊(48‿59‿70‿47‿23‿89‿69‿58‿35‿56‿79‿81‿91‿101‿37‿25‿13‿110‿55‿0⊏v)⌾(13‿25‿37‿23‿89‿69‿47‿35‿56‿79‿58‿48‿59‿70‿0‿55‿110‿81‿91‿101⊸⊏) v
}
VisU ← {i←3+↕5 ⋄ (⌽˘⍉⟨i,i⟩⊏𝕩)⌾(⟨i,i⟩⊸⊏) 𝕩}
VisR ← {VisZ VisZ VisLbar VisZ VisZ 𝕩}

⟨VecU‿VecR, ComU‿ComR, LocU‿LocR, NesU‿NesR, NumU‿NumR, FouU‿FouR, VisU‿VisR⟩
BQN

cat >"$work/harness.cjs" <<'JS'
// Times BQN (bqn.js under node) on the lines cubework's benches/apl.rs times.
// argv: bqn.js, turns.bqn, states file (rep|shape|,CUBE|,R U CUBE per line), everyday file
// (name|BQN line|cubework's answer per line). Prints kind|name|median seconds a call.
const [bqnPath, turnsPath, statesPath, everydayPath] = process.argv.slice(2);
const bqn = require(bqnPath);
const fs = require('fs');
const run = (src) => { try { return bqn(src); } catch (e) { throw new Error(bqn.fmtErr ? bqn.fmtErr(e) : e.message); } };
const now = () => Number(process.hrtime.bigint()) / 1e9;
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
// Per-call seconds: the median of `samples` samples, each of as many calls as fill `target` s.
function time(f, samples, target) {
  let n = 0; const t0 = now();
  while (now() - t0 < 1 || n < 2) { f(); n++; }
  const per = (now() - t0) / n;
  const k = Math.max(1, Math.round(target / per));
  const xs = [];
  for (let s = 0; s < samples; s++) { const a = now(); for (let i = 0; i < k; i++) f(); xs.push((now() - a) / k); }
  return median(xs);
}
const lit = (t) => '"' + t.replace(/"/g, '""') + '"';
const turns = run(fs.readFileSync(turnsPath, 'utf8'));
const reps = ['vector', 'composite', 'local', 'nested', 'numeric', '4d', 'visual'];
const show = { chars: run('⥊'), nested: run('{1↓∾(" "∾⊢)¨⥊𝕩}'), numeric: run('{1↓∾(" "∾•Fmt)¨⥊𝕩}') };
for (const line of fs.readFileSync(statesPath, 'utf8').split('\n').filter((l) => l)) {
  const [rep, shape, start, after] = line.split('|');
  const [U, R] = turns[reps.indexOf(rep)];
  const sh = shape.trim().split(/\s+/).join('‿');
  const kind = rep === 'nested' ? 'nested' : rep === 'numeric' ? 'numeric' : 'chars';
  const src = kind === 'nested' ? `${sh}⥊<˘∘‿3⥊{(𝕩≠' ')/𝕩}${lit(start)}`
    : kind === 'numeric' ? `${sh}⥊⟨${start.trim().split(/\s+/).join(',')}⟩`
    : `${sh}⥊${lit(start)}`;
  let state = run(src);
  const got = bqn.util.unstr(show[kind](R(U(state))));
  if (got.trimEnd() !== after.trimEnd()) throw new Error(`${rep}: BQN's R U gives\n${got}\ncubework's\n${after}`);
  let i = 0;
  const secs = time(() => { state = (i ^= 1) ? U(state) : R(state); }, 60, 0.02);
  console.log(`turn|${rep}|${secs}`);
}
for (const line of fs.readFileSync(everydayPath, 'utf8').split('\n').filter((l) => l)) {
  const [name, src, want] = line.split('|');
  const f = run(`{𝕤 ⋄ ${src}}`);
  const got = bqn.fmt(f(0));
  const same = Math.abs(Number(got.replace(/¯/g, '-')) - Number(want.replace(/¯/g, '-'))) <= 1e-9 * Math.abs(Number(want.replace(/¯/g, '-'))) + 1e-9;
  if (!same) throw new Error(`${name}: BQN gives ${got}, cubework ${want}`);
  const secs = time(() => f(0), 10, 0);
  console.log(`everyday|${name}|${secs}`);
}
JS

apl_peer_machine "BQN $(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo '(no git)') docs/bqn.js"

rm -rf target/criterion/apl_everyday target/criterion/apl_side-by-side
cargo bench -q --bench apl -- 'apl/everyday|apl/side-by-side' >"$work/cubework.log" 2>&1 ||
    { cat "$work/cubework.log" >&2; exit 1; }
python3 - target/criterion >"$work/ours.txt" <<'PY'
import json, pathlib, sys
for f in pathlib.Path(sys.argv[1]).glob("apl_*/*/new/benchmark.json"):
    b = json.load(open(f))
    if b["group_id"] in ("apl/everyday", "apl/side-by-side"):
        est = json.load(open(f.parent / "estimates.json"))
        kind = "everyday" if b["group_id"] == "apl/everyday" else "turn"
        print(f'{kind}|{b["function_id"]}|{est["median"]["point_estimate"] / 1e9}')
PY
node "$work/harness.cjs" "$(realpath "$src/docs/bqn.js")" "$work/turns.bqn" "$work/states.txt" "$work/everyday.txt" >"$work/theirs.txt"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$work/ours.txt" "$work/theirs.txt" "$work/lines.txt" <<'PY'
import sys
def read(p):
    return {tuple(l.split("|")[:2]): float(l.split("|")[2]) for l in open(p) if l.strip()}
ours, theirs = read(sys.argv[1]), read(sys.argv[2])
apl = {l.split("|")[0]: l.split("|")[2].strip() for l in open(sys.argv[3]) if l.strip()}
def show(s):
    for unit, f in (("s", 1), ("ms", 1e3), ("µs", 1e6)):
        if s * f >= 1:
            return f"{s * f:.3g} {unit}"
    return f"{s * 1e9:.3g} ns"
print("| what | cubework | BQN (bqn.js) | BQN ÷ cubework |")
print("|---|---:|---:|---:|")
for key in sorted(theirs, key=lambda k: (k[0] != "turn", list(theirs).index(k))):
    if key not in ours:
        sys.exit(f"cubework has no figure for {key}")
    what = f"{key[1]}: U then R, a turn" if key[0] == "turn" else f"{key[1]}: `{apl[key[1]]}`"
    print(f"| {what} | {show(ours[key])} | {show(theirs[key])} | {theirs[key] / ours[key]:.1f}× |")
PY
