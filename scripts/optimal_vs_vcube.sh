#!/usr/bin/env bash
# The optimal solver beside Voltara's vcube (Voltara/vcube, C++ with AVX2: nxopt's ideas, the
# fastest public optimal solver) at equal table memory, per CPU-second: both on ONE thread, on
# the same uniformly random states (seeds FIRST..LAST, default 1..20, `cubework scramble
# --random-state --seed N`), one state at a time, the two programs alternating state by state
# so that the load of a shared machine falls on both alike.
#
# vcube's `--coord=112` (EP1, EO12: 2.60 GB) sits beside cubework's `--size large` table (2.69
# GB), and its `--coord=208` (EP2, EO8: 7.3 GiB) beside `--size huge` (7.59 GB, the same coset
# space): COORD=208 SIZE=huge. vcube is built from a checkout the user fetched
# (VCUBE, required: nothing of it is in this repository) with its CMakeLists' flags, by
# clang++ if there is one (its author found clang's code faster) and g++ otherwise, into
# VCUBE_DIR (default ~/.cache/vcube), where its table is built on its first run (minutes).
#   VCUBE=/path/to/vcube scripts/optimal_vs_vcube.sh [FIRST LAST]
#   VCUBE_DIR=~/.cache/vcube COORD=112 SIZE=large (the defaults)
# Prints, a state a line: seed, length (both), seconds on one thread (each program's own
# clock: vcube's per-cube time, cubework's search time), and the CPU-seconds of each whole
# process (user + system, table loading included), and "2p" where cubework's answer came from
# its two-phase probe (the last depth never searched: "searched" where it searched it in
# full); then the medians and means of the seconds, their totals and ratio, the same split
# by how cubework's answer came, the CPU's name and flags and the load average.
set -euo pipefail
cd "$(dirname "$0")/.."
src=${VCUBE:?set VCUBE to a checkout of Voltara/vcube}
[ -f "$src/src/nxsolve.cpp" ] || { echo "$src/src/nxsolve.cpp not found: not a vcube checkout" >&2; exit 1; }
dir=${VCUBE_DIR:-$HOME/.cache/vcube}
coord=${COORD:-112}
size=${SIZE:-large}
first=${1:-1}
last=${2:-20}
mkdir -p "$dir"

cxx=${CXX:-$(command -v clang++ || command -v g++ || true)}
[ -n "$cxx" ] || { echo "no C++ compiler: install clang++ (Debian: apt-get install clang) or g++, or set CXX" >&2; exit 1; }
if [ ! -x "$dir/vc-optimal" ] || [ "$src/src/nxsolve.cpp" -nt "$dir/vc-optimal" ]; then
    "$cxx" -O3 -DNDEBUG -mlzcnt -mbmi -mbmi2 -mavx2 -flax-vector-conversions -std=c++17 \
        -o "$dir/vc-optimal" "$src"/src/{vc-optimal,alloc,cube,nxprune,nxsolve,util}.cpp -lpthread
fi
cargo build --release -q
bin=$PWD/target/release/cubework
export CUBEWORK_OPTIMAL_TABLE=$size
"$bin" tables build --optimal --size "$size" >/dev/null
# vcube names its table by the coordinate's digits: --coord=112 is nxprune_1_12_*.dat.
vtable="$dir/tables/nxprune_${coord:0:1}_${coord:1}_"
if ! ls "$vtable"* >/dev/null 2>&1; then
    echo "building vcube's --coord=$coord table in $dir (once) ..."
    (cd "$dir" && /usr/bin/time -f "vcube $coord table built in %e s wall, %U + %S CPU-s, peak %M kB" \
        ./vc-optimal --coord="$coord" --workers="$(nproc)" --no-input)
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for seed in $(seq "$first" "$last"); do
    "$bin" scramble --random-state --seed "$seed" | tail -1
done >"$work/moves"

echo "$(date -u '+%Y-%m-%d %H:%M') UTC; $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores"
echo "CPU flags: $(grep -o 'avx2\|avx512[a-z]*' /proc/cpuinfo | sort -u | tr '\n' ' ')"
echo "vcube $(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo '(no git)') --coord=$coord, $("$cxx" --version | head -1); cubework $(git rev-parse --short HEAD) --size $size"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

# Both tables read once, so that they are in the page cache and no state's figure carries
# the disk; a short solve of each loads what else it needs.
name=optimal-$size
[ "$size" != medium ] || name=optimal
cat "$vtable"* "$("$bin" tables | grep -o "/[^ ]*/$name\.bin" | head -1)" >/dev/null 2>&1 || true
echo "R U" | (cd "$dir" && ./vc-optimal --coord="$coord" --workers=1 >/dev/null 2>&1)
"$bin" solve --method optimal --threads 1 "R U" >/dev/null

echo "seed  length  vcube s  cubework s  vcube CPU-s  cubework CPU-s  answer"
seed=$first
while read -r moves; do
    # Odd seeds vcube first, even seeds cubework first.
    run_theirs() {
        (cd "$dir" && echo "$moves" | /usr/bin/time -f '%U %S' -o "$work/t-theirs" \
            ./vc-optimal --coord="$coord" --workers=1 2>/dev/null) | awk '{print $3, $2}' >"$work/theirs"
    }
    run_ours() {
        /usr/bin/time -f '%U %S' -o "$work/t-ours" "$bin" solve --method optimal --threads 1 "$moves" |
            grep 'proven shortest' | sed -E 's/^([0-9]+) moves.* in ([0-9.]+) s(.*)/\1 \2 \3/' |
            awk '{print $1, $2, (/two-phase solver/ ? "2p" : "searched")}' >"$work/ours"
    }
    if [ $((seed % 2)) = 1 ]; then run_theirs; run_ours; else run_ours; run_theirs; fi
    read -r tl ts <"$work/theirs"
    read -r ol os how <"$work/ours"
    tc=$(awk '{print $1 + $2}' "$work/t-theirs")
    oc=$(awk '{print $1 + $2}' "$work/t-ours")
    printf '%4d  %2d %2d  %7.2f  %10.2f  %11.2f  %14.2f  %s%s\n' "$seed" "$tl" "$ol" "$ts" "$os" "$tc" "$oc" \
        "$how" "$([ "$tl" = "$ol" ] || echo '  LENGTHS DIFFER')"
    echo "$ts $os $tc $oc $how" >>"$work/rows"
    seed=$((seed + 1))
done <"$work/moves"

stats() {
    sort -g | awk -v what="$1" '{a[NR]=$1; s+=$1} END {n=NR; m=(n%2 ? a[(n+1)/2] : (a[n/2]+a[n/2+1])/2); printf "%s: median %.2f s, mean %.2f s, total %.1f s\n", what, m, s/n, s}'
}
awk '{print $1}' "$work/rows" | stats "vcube $coord, 1 thread"
awk '{print $2}' "$work/rows" | stats "cubework $size, 1 thread"
awk '{t+=$1; o+=$2; tc+=$3; oc+=$4} END {printf "in all: vcube %.1f s, cubework %.1f s (cubework/vcube %.2f); whole processes %.1f and %.1f CPU-s\n", t, o, o/t, tc, oc}' "$work/rows"
for how in 2p searched; do
    awk -v how="$how" '$5 == how {n++; t+=$1; o+=$2; w+=($2 < $1)} END {if (n) printf "%s (%d states): vcube %.1f s, cubework %.1f s (cubework/vcube %.2f), cubework faster on %d\n", how, n, t, o, o/t, w}' "$work/rows"
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
