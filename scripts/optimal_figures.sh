#!/usr/bin/env bash
# The optimal solver's figures for the README: the large table's build (time, size), then
# proven-shortest solves of the uniformly random states of seeds FIRST..LAST (default 1..20,
# `cubework scramble --random-state --seed N`), one line each (length, seconds, nodes,
# nodes a second), their median time and nodes a second; then states within 12 moves
# (seeded 12-quarter-turn scrambles, and 14-quarter-turn ones whose optimum is 12 moves),
# median and largest search time. Uses the user's cache directory
# unless CUBEWORK_CACHE_DIR is set. SIZE picks the table (`tables build --optimal --size`):
# medium (the default: 910 MB, about 2 minutes to build on two cores) or large (2.7 GB,
# about 5 minutes); SHORT=0 leaves out the states within 12 moves.
#   scripts/optimal_figures.sh [FIRST LAST]
#   SIZE=large SHORT=0 scripts/optimal_figures.sh 1 8
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
bin=target/release/cubework
first=${1:-1}
last=${2:-20}
size=${SIZE:-medium}
export CUBEWORK_OPTIMAL_TABLE=$size
echo "CPU has: $(grep -m1 '^flags' /proc/cpuinfo | grep -oE '\b(avx2|avx512f|avx512vbmi)\b' | tr '\n' ' ')"
nproc | sed 's/^/cores: /'
echo "table: $size; load average $(cut -d' ' -f1-3 /proc/loadavg)"
/usr/bin/time -f "table ready in %e s, peak memory %M kB" "$bin" tables build --optimal --size "$size" | grep '^optimal' || true

# One REPL session for all the solves, so the table is loaded once.
states=$(for seed in $(seq "$first" "$last"); do
    echo "solve optimal $("$bin" scramble --random-state --seed "$seed" | tail -1)"
done)
# "18 moves in the half-turn metric, proven shortest (optimal search: N nodes in S s, R M nodes/s
# wall-clock on 2 threads, C M nodes per CPU-second (one thread's rate))…" — one line a state,
# in seed order.
results=$("$bin" <<<"$states" 2>/dev/null | grep 'proven shortest (' || true)
paste -d' ' <(seq "$first" "$last" | sed 's/^/seed /; s/$/:/') <(printf '%s\n' "$results")
median() {
    sort -g | awk -v what="$1" '{a[NR]=$1} END {n=NR; print what " of " n " random states: " (n%2 ? a[(n+1)/2] : (a[n/2]+a[n/2+1])/2)}'
}
printf '%s\n' "$results" | sed -E 's/.* nodes in ([0-9.]+) s.*/\1/' | median "median seconds"
printf '%s\n' "$results" | sed -E 's/.* s, ([0-9.]+) M nodes\/s.*/\1/' | median "median M nodes a second (2 threads)"
printf '%s\n' "$results" | grep 'CPU-second' | sed -E 's/.* ([0-9.]+) M nodes per CPU-second.*/\1/' | median "median M nodes a CPU-second (a thread)"
printf '%s\n' "$results" | sed -E 's/^([0-9]+) moves.*/\1/' | sort -n | uniq -c | awk '{print $1 ($1 == 1 ? " state" : " states") " of " $2 " moves"}'

[ "${SHORT:-1}" = 0 ] && exit 0
# States within 12 moves: 300 seeded scrambles of 12 quarter turns (at most 12 moves each),
# and the 14-quarter-turn scrambles whose shortest solution is 12 moves; search times.
for count in 12 14; do
    scrambles=$(for seed in $(seq 1 300); do echo "solve optimal $("$bin" scramble "$count" --seed "$seed" | tail -1)"; done)
    "$bin" <<<"$scrambles" 2>/dev/null | grep 'proven shortest (' |
        if [ "$count" = 14 ]; then grep '^12 moves'; else cat; fi |
        sed -E 's/.* nodes in ([0-9.]+) s.*/\1/' | sort -g |
        awk -v c="$count" '{a[NR]=$1} END {print NR " states from " c "-quarter-turn scrambles" (c == 14 ? " with 12-move optima" : "") ": search median " a[int((NR+1)/2)] " s, max " a[NR] " s"}'
done
