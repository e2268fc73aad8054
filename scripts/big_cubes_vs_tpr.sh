#!/usr/bin/env bash
# The reduction solver of the 4×4×4 beside TPR-4x4x4 (cs0x7f/TPR-4x4x4-Solver, Java: Tsai's
# three-phase reduction, what TNoodle's 4×4×4 random-state scrambles are built on) on the
# same COUNT uniformly random states (cubework's generator, seed 48), one thread each, then
# cubework alone on every size from 5 to 9 (dwalton76's solver is not run here: the guide
# gives its README's published counts).
#
# TPR is built from a checkout the user fetched (TPR, required: nothing of it is in this
# repository) with its make.sh, into TPR_DIR (default ~/.cache/tpr-4x4x4) together with
# scripts/tpr_states.java, a driver that times its Search the way its own test does; its
# tables are written there on the first run and read on every later one. cubework's side is
# benches/big_cubes.rs. Each prints the wall time a solve — median and mean — the mean
# length and the start-up time; /usr/bin/time gives each process's peak memory.
#   TPR=/path/to/TPR-4x4x4-Solver scripts/big_cubes_vs_tpr.sh
#   COUNT=200 SIZES_COUNT=50 scripts/big_cubes_vs_tpr.sh   # the defaults
set -euo pipefail
cd "$(dirname "$0")/.."
src=${TPR:?set TPR to a checkout of cs0x7f/TPR-4x4x4-Solver}
[ -f "$src/src/Search.java" ] || { echo "$src/src/Search.java not found: not a TPR-4x4x4 checkout" >&2; exit 1; }
dir=${TPR_DIR:-$HOME/.cache/tpr-4x4x4}
count=${COUNT:-200}
sizes_count=${SIZES_COUNT:-50}
mkdir -p "$dir"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

rm -rf "$work/build" && mkdir -p "$work/build"
javac -nowarn -d "$work/build" -cp "$src/twophase.jar" "$src"/src/*.java
javac -d "$work/build" -cp "$work/build:$src/twophase.jar" scripts/tpr_states.java
cp -r "$work/build/." "$dir/classes/" 2>/dev/null || { mkdir -p "$dir/classes" && cp -r "$work/build/." "$dir/classes/"; }
cp "$src/twophase.jar" "$dir/"
cargo bench -q --bench big_cubes --no-run 2>/dev/null
ours() { cargo bench -q --bench big_cubes -- "$@"; }
ours states 4 "$count" "$work/states.txt"
if [ ! -f "$dir/threephase.data" ]; then
    echo "building TPR-4x4x4's tables in $dir (once) ..."
    head -1 "$work/states.txt" >"$work/one.txt"
    (cd "$dir" && java -cp "classes:twophase.jar" tpr_states "$work/one.txt" "$work/one.out" >/dev/null)
fi

cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
flags=$(grep -o 'avx2\|avx512[a-z]*' /proc/cpuinfo | sort -u | tr '\n' ' ')
echo "$(date -u '+%Y-%m-%d %H:%M') UTC; $cpu, $(nproc) cores ($flags); load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "TPR-4x4x4 $(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo '(no git)'), $(java -version 2>&1 | head -1); cubework $(git rev-parse --short HEAD)"
(cd "$dir" && /usr/bin/time -f "  TPR-4x4x4 peak memory %M kB" \
    java -cp "classes:twophase.jar" tpr_states "$work/states.txt" "$work/tpr.txt")
/usr/bin/time -f "  cubework peak memory %M kB" cargo bench -q --bench big_cubes -- solve "$work/states.txt"
ours sizes "$sizes_count"
