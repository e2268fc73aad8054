#!/usr/bin/env bash
# The optimal solver beside Tomas Rokicki's nxopt (rokicki/cube20src) at equal table memory,
# per CPU-second: both on ONE thread, on the same uniformly random states (seeds FIRST..LAST,
# default 1..20, `cubework scramble --random-state --seed N`), one state at a time.
#
# nxopt31 (EO3, EP1) prunes with the very subgroup of cubework's `--size large` table: corner
# twist, which four corners are in the U layer, edge flip and which four edges are in the E
# slice, reduced by the 16 symmetries of the U–D axis — 2.60 GB beside cubework's 2.61 GB.
# So the rows compare the searches, not the tables' sizes. nxopt is built here from its CWEB
# sources (ctangle: Debian's texlive-binaries) with its makefile's flags; it is a
# measurement, not a dependency, and nothing of it is kept in this repository. Its table
# (nxopth31b.dat) is built once in NXOPT_DIR.
#   CUBE20SRC=/path/to/cube20src scripts/optimal_vs_nxopt.sh [FIRST LAST]
#   NXOPT_DIR=~/.cache/nxopt (the default)   SIZE=large (the default; cubework's table)
# Prints, a state a line: seed, length (both), seconds on one thread (both), nodes (both:
# nxopt counts its table lookups as "probes"); then the medians and means of the seconds
# and their ratio. The table loads are not counted: nxopt reads its file before it starts
# its clock, and cubework's table is memory-mapped (a warm-up solve pages it in first).
set -euo pipefail
cd "$(dirname "$0")/.."
src=${CUBE20SRC:?set CUBE20SRC to a checkout of rokicki/cube20src}
dir=${NXOPT_DIR:-$HOME/.cache/nxopt}
first=${1:-1}
last=${2:-20}
size=${SIZE:-large}
mkdir -p "$dir"

if [ ! -x "$dir/nxopt31" ]; then
    command -v ctangle >/dev/null || { echo "ctangle not found (Debian: texlive-binaries)" >&2; exit 1; }
    (cd "$dir" && for w in cubepos nxopt; do CWEBINPUTS="$src" ctangle "$src/$w.w" - "$w.cpp" >/dev/null; done)
    cp "$src"/*.h "$dir/" 2>/dev/null || true
    (cd "$dir" && g++ -DPS=16 -std=c++11 -O3 -march=native -DHALF -Wall -DTHREADS -DEO3 -DEP1 \
        -o nxopt31 nxopt.cpp cubepos.cpp -lpthread)
fi
cargo build --release -q
bin=$PWD/target/release/cubework
export CUBEWORK_OPTIMAL_TABLE=$size
"$bin" tables build --optimal --size "$size" >/dev/null

echo "$(date -u '+%Y-%m-%d %H:%M') UTC; $(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //'), $(nproc) cores"
echo "CPU flags: $(grep -m1 '^flags' /proc/cpuinfo | grep -oE '\b(avx2|avx512[a-z]*)\b' | tr '\n' ' ')"
echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for seed in $(seq "$first" "$last"); do
    "$bin" scramble --random-state --seed "$seed" | tail -1
done >"$work/moves"
# nxopt's spelling of a move: a face and 1, 2 or 3 quarter turns clockwise.
sed -E "s/([URFDLB])'/\13/g; s/([URFDLB])( |$)/\11\2/g; s/([URFDLB])( |$)/\11\2/g" "$work/moves" >"$work/nxopt-in"

# nxopt's table, built on its first run (about 4 minutes on two cores), then read whole.
if [ ! -f "$dir/nxopth31b.dat" ]; then
    (cd "$dir" && echo U1 | /usr/bin/time -f "nxopt31 table built in %e s wall, %U + %S CPU-s, peak %M kB" \
        ./nxopt31 -t "$(nproc)" - >/dev/null)
fi

# Both at once, a core each, so that both see the same machine: nxopt on one thread (a line
# "Solved N in L probes P evals E time T" a state), and cubework on one thread, a process a
# state (memory-mapped, its table is paged in by a first solve).
(cd "$dir" && ./nxopt31 -t 1 - <"$work/nxopt-in") >"$work/nxopt-out" &
nxopt=$!
"$bin" solve --method optimal --threads 1 "$(sed -n 1p "$work/moves")" >/dev/null
while read -r moves; do
    "$bin" solve --method optimal --threads 1 "$moves" | grep 'proven shortest' |
        sed -E 's/^([0-9]+) moves.* ([0-9,]+) nodes in ([0-9.]+) s.*/\1 \3 \2/; s/,//g'
done <"$work/moves" >"$work/ours"
wait "$nxopt"
grep '^Solved' "$work/nxopt-out" | sort -n -k2 | awk '{print $4, $10, $6}' >"$work/theirs"

echo "seed  length  nxopt31 s  cubework s  nxopt probes  cubework nodes"
paste -d' ' <(seq "$first" "$last") "$work/theirs" "$work/ours" |
    awk '{printf "%4d  %2d %2d  %9.2f  %10.2f  %12d  %14d%s\n", $1, $2, $5, $3, $6, $4, $7, ($2 == $5 ? "" : "  LENGTHS DIFFER")}'
stats() {
    sort -g | awk -v what="$1" '{a[NR]=$1; s+=$1} END {n=NR; m=(n%2 ? a[(n+1)/2] : (a[n/2]+a[n/2+1])/2); printf "%s: median %.2f s, mean %.2f s\n", what, m, s/n}'
}
awk '{print $2}' "$work/theirs" | stats "nxopt31, 1 thread"
awk '{print $2}' "$work/ours" | stats "cubework $size, 1 thread"
paste -d' ' "$work/theirs" "$work/ours" | awk '{t+=$2; o+=$5} END {printf "CPU-seconds in all: nxopt31 %.1f, cubework %.1f (cubework/nxopt %.2f)\n", t, o, o/t}'
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
