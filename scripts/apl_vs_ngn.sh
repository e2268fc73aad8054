#!/usr/bin/env bash
# The paper's quarter-turns in cubework beside ngn/apl (an independent APL interpreter in
# JavaScript, under node ≥ 20), on the same machine and states.
#
# ngn/apl is run from a checkout the user fetched (NGN_APL, required: nothing of it is in
# this repository): github.com/abrudz/ngn-apl, the archive of ngn/apl that keeps its
# `apl.js` (github.com/ngn/apl itself now holds only a redirect). Its `apl.js` is loaded as
# the CommonJS module it is.
#
# cubework's side is benches/apl.rs's `apl/side-by-side`: the paper's U then R, again and
# again, on each representation's state as an APL value, from src/apl/paper/*.apl; the state
# is moved into each call and replaced by its result, not copied (as ngn/apl's S←(R∘U⍣n)S
# keeps no copy of S), so each side measures the turns alone. ngn/apl's
# side is below: the same U and R written as dfns, with the same primitives on the same data.
# ngn/apl counts from 0 (it has no ⎕IO), so each index, axis and transpose is the paper's
# less one (`,[.5]` is `,[¯0.5]`); it has no direct definitions (`U: …`), so each is a dfn,
# and an indexed assignment to ⍵ is made to a local copy `w`. One primitive is replaced:
# ngn/apl's ⌽ takes no vector of rotations, so composite's `3 3 0 0 0⌽⍵` is
# `↑3 3 0 0 0⌽¨↓⍵` (each row rotated). Each representation's `∊R U CUBE` is checked against
# cubework's answer before it is timed. ngn/apl runs `S←(R∘U⍣n)S`, 2n quarter-turns in one
# line (parsed once), n chosen so that a sample takes about 20 ms; its figure is the median of
# 60 samples after a second of warm-up. cubework's is criterion's median.
#   NGN_APL=/path/to/ngn-apl scripts/apl_vs_ngn.sh
# On a shared machine the figures move with the load (printed before and after).
set -euo pipefail
cd "$(dirname "$0")/.."
src=${NGN_APL:?set NGN_APL to a checkout of ngn/apl (github.com/abrudz/ngn-apl)}
[ -f "$src/apl.js" ] || { echo "$src/apl.js not found: not an ngn/apl checkout" >&2; exit 1; }
# shellcheck source=scripts/lib/apl_peer.sh
. scripts/lib/apl_peer.sh
apl_peer_start
apl_peer_states '∊'

cat >"$work/turns.apl" <<'APL'
VecU←{w←⍵ ⋄ w[⍳9]←w[6 3 0 7 4 1 8 5 2] ⋄ w[18 19 20 27 28 29 36 37 38 45 46 47]←w[36 37 38 45 46 47 27 28 29 18 19 20] ⋄ w}
VecR←{w←⍵ ⋄ w[45+⍳9]←w[45+2 5 8 1 4 7 0 3 6] ⋄ w[2 5 8 11 14 17 18 21 24 29 32 35]←w[24 21 18 29 32 35 17 14 11 2 5 8] ⋄ w}
ComU←{↑3 3 0 0 0⌽¨↓⍵}
ComR←{w←⍵ ⋄ w[;5 6 7 8 9]←⊖⍉w[;5 6 7 8 9] ⋄ w[0 4;5 9]←w[0 4;6 8] ⋄ w}
LocU←{(⌽⍉⍵[0;;]),[0]⍵[1;;],[0](⍵[4;0;],[0]⍵[2;1 2;]),[0](⍵[5;0;],[0]⍵[3;1 2;]),[0](⍵[3;0;],[0]⍵[4;1 2;]),[¯0.5](⍵[2;0;],[0]⍵[5;1 2;])}
LocR←{(⍵[0;;0 1],(⌽⍵[2;;0])),[0](⍵[1;;0 1],⍵[3;;2]),[0]((⌽⍵[1;;2]),⍵[2;;1 2]),[0](⍵[3;;0 1],⍵[0;;2]),[0]⍵[4;;],[¯0.5]⊖⍉⍵[5;;]}
EACHRIGHT←{(⊂⍺)⍺⍺¨⍵}
PERMUTE←{⍵[⍺]}
NesX←{1 0 2⍉⊖[0]1 0 2 PERMUTE EACHRIGHT ⍵}
NesZ←{0 2 1⍉⌽[1]0 2 1 PERMUTE EACHRIGHT ⍵}
NesU←{(NesZ ⍵[,0;;]),[0]⍵[,1;;],[0]⍵[,2;;]}
NesR←{⍵[;;,0],[2]⍵[;;,1],[2]NesX ⍵[;;,2]}
NumX←{10⊥((3⍴10)⊤1 0 2⍉⊖[0]⍵)[1 0 2;;;]}
NumZ←{10⊥((3⍴10)⊤0 2 1⍉⌽[1]⍵)[0 2 1;;;]}
NumU←{(NumZ ⍵[,0;;]),[0]⍵[,1;;],[0]⍵[,2;;]}
NumR←{⍵[;;,0],[2]⍵[;;,1],[2]NumX ⍵[;;,2]}
FouX←{2 1 0 3⍉⊖[0]⍵[;1 0 2;;]}
FouZ←{0 1 3 2⍉⌽[2]⍵[;0 2 1;;]}
FouU←{(FouZ ⍵[,0;;;]),[0]⍵[,1;;;],[0]⍵[,2;;;]}
FouR←{⍵[;;;,0],[3]⍵[;;;,1],[3]FouX ⍵[;;;,2]}
VisZ←{⌽⍉⍵}
VisLbar←{V←,⍵ ⋄ V[13 25 37 23 89 69 47 35 56 79 58 48 59 70 0 55 110 81 91 101]←V[48 59 70 47 23 89 69 58 35 56 79 81 91 101 37 25 13 110 55 0] ⋄ 11 11⍴V}
VisU←{w←⍵ ⋄ I←3+⍳5 ⋄ w[I;I]←⌽⍉w[I;I] ⋄ w}
VisR←{VisZ VisZ VisLbar VisZ VisZ ⍵}
APL

cat >"$work/harness.cjs" <<'JS'
// Times ngn/apl (apl.js under node) on the paper's U then R. argv: apl.js, turns.apl, states
// file (rep|⍴CUBE|∊CUBE|∊R U CUBE per line). Prints turn|rep|median seconds a quarter-turn.
const [aplPath, turnsPath, statesPath] = process.argv.slice(2);
const apl = require(aplPath);
const fs = require('fs');
const now = () => Number(process.hrtime.bigint()) / 1e9;
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const prefix = { vector: 'Vec', composite: 'Com', local: 'Loc', nested: 'Nes', numeric: 'Num', '4d': 'Fou', visual: 'Vis' };
const lit = (s) => "'" + s.replace(/'/g, "''") + "'";
for (const line of fs.readFileSync(statesPath, 'utf8').split('\n').filter((l) => l)) {
  const [rep, shape, start, after] = line.split('|');
  const ws = apl.ws();
  ws(fs.readFileSync(turnsPath, 'utf8'));
  ws(`U←${prefix[rep]}U ⋄ R←${prefix[rep]}R`);
  ws(rep === 'nested' ? `S←${shape}⍴↓(×/${shape}) 3⍴${lit(start)}`
    : rep === 'numeric' ? `S←${shape}⍴${start}`
    : `S←${shape}⍴${lit(start)}`);
  const got = apl.fmt(ws('∊R U S')).join('\n');
  if (got.trim() !== after.trim()) throw new Error(`${rep}: ngn/apl's R U gives\n${got}\ncubework's\n${after}`);
  // 2n quarter-turns in one line.
  const run = (n) => { const a = now(); ws(`S←(R∘U⍣${n})S`); return (now() - a) / (2 * n); };
  let n = 1;
  const t0 = now();
  while (now() - t0 < 1) { run(n); n = Math.min(2 * n, 1 << 20); }
  const k = Math.max(1, Math.round(0.01 / run(n)));
  const xs = [];
  for (let s = 0; s < 60; s++) xs.push(run(k));
  console.log(`turn|${rep}|${median(xs)}`);
}
JS

apl_peer_machine "ngn/apl $(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo '(no git)') apl.js"

rm -rf target/criterion/apl_side-by-side
cargo bench -q --bench apl -- 'apl/side-by-side' >"$work/cubework.log" 2>&1 ||
    { cat "$work/cubework.log" >&2; exit 1; }
python3 - target/criterion >"$work/ours.txt" <<'PY'
import json, pathlib, sys
for f in pathlib.Path(sys.argv[1]).glob("apl_side-by-side/*/new/benchmark.json"):
    b = json.load(open(f))
    est = json.load(open(f.parent / "estimates.json"))
    print(f'turn|{b["function_id"]}|{est["median"]["point_estimate"] / 1e9}')
PY
node "$work/harness.cjs" "$(realpath "$src/apl.js")" "$work/turns.apl" "$work/states.txt" >"$work/theirs.txt"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$work/ours.txt" "$work/theirs.txt" <<'PY'
import sys
def read(p):
    return {l.split("|")[1]: float(l.split("|")[2]) for l in open(p) if l.strip()}
ours, theirs = read(sys.argv[1]), read(sys.argv[2])
print("| representation: U then R, a quarter-turn | cubework | ngn/apl | ngn/apl ÷ cubework |")
print("|---|---:|---:|---:|")
for rep, t in theirs.items():
    if rep not in ours:
        sys.exit(f"cubework has no figure for {rep}")
    print(f"| {rep} | {ours[rep] * 1e6:.3g} µs | {t * 1e6:.3g} µs | {t / ours[rep]:.1f}× |")
PY
