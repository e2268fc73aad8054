#!/usr/bin/env bash
# The optimal solver's figures for the README: the large table's build (time, size), then
# proven-shortest solves of the uniformly random states of seeds FIRST..LAST (default 1..20,
# `cubework scramble --random-state --seed N`), one line each (length, seconds, nodes,
# nodes a second), their median time; then 12-move states (seeded 12-move scrambles whose
# optimal solution is 12 moves), each solve's search time. Uses the user's cache directory
# unless CUBEWORK_CACHE_DIR is set (the table is 883 MB; building it takes about 45 s).
#   scripts/optimal_figures.sh [FIRST LAST]
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
bin=target/release/cubework
first=${1:-1}
last=${2:-20}
grep -o -m1 'avx512vbmi\|avx2' /proc/cpuinfo | head -1 | sed 's/^/CPU has: /' || true
nproc | sed 's/^/cores: /'
/usr/bin/time -f "table ready in %e s, peak memory %M kB" "$bin" tables build --optimal | grep '^optimal' || true

# One REPL session for all the solves, so the table is loaded once.
states=$(for seed in $(seq "$first" "$last"); do
    echo "solve optimal $("$bin" scramble --random-state --seed "$seed" | tail -1)"
done)
# "18 moves in the half-turn metric, proven shortest (optimal search: N nodes in S s, R M nodes/s on 2 threads)…"
"$bin" <<<"$states" 2>/dev/null | grep 'proven shortest (' | tee /dev/stderr |
    sed -E 's/.* nodes in ([0-9.]+) s.*/\1/' | sort -g |
    awk '{a[NR]=$1} END {n=NR; print "median of " n " random states: " (n%2 ? a[(n+1)/2] : (a[n/2]+a[n/2+1])/2) " s"}'

# 12-move states: 14-quarter-turn scrambles whose shortest solution is 12 moves.
scrambles=$(for seed in $(seq 1 300); do echo "solve optimal $("$bin" scramble 14 --seed "$seed" | tail -1)"; done)
"$bin" <<<"$scrambles" 2>/dev/null | grep '^12 moves in the half-turn metric, proven shortest' |
    sed -E 's/.* nodes in ([0-9.]+) s.*/\1/' | sort -g |
    awk '{a[NR]=$1} END {print NR " twelve-move states: search median " a[int((NR+1)/2)] " s, max " a[NR] " s"}'
