#!/usr/bin/env bash
# Prints the README's two-phase table: on the random states of seeds 1 to 200 (the set of
# `cargo bench --bench solve`), the median and mean time a solve and the mean length at
# --max-length 21 and 20, as `cubework solve --batch` reports them (each run three times,
# the middle run's figures kept; one thread); the table build and load times (five loads,
# median; the file was checked whole when saved, so these check the store and the ranges;
# `cargo bench --bench solve -- load` times a load with every check) and the table sizes on disk. Everything runs in a fresh temporary cache directory.
#   scripts/solve_table.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q
bin=target/release/cubework
export CUBEWORK_CACHE_DIR
CUBEWORK_CACHE_DIR=$(mktemp -d)
trap 'rm -rf "$CUBEWORK_CACHE_DIR"' EXIT

# "twophase: built in 123 ms, saved to …" / "twophase: loaded from … in 3.1 ms"
ms_of() { sed -E 's/.* in ([0-9.]+) ms.*/\1/'; }
middle() { sort -g | sed -n "$(( ($1 + 1) / 2 ))p"; }

build_ms=$("$bin" tables build | grep '^twophase:' | ms_of)
load_ms=$(for _ in 1 2 3 4 5; do "$bin" tables build | grep '^twophase:' | ms_of; done | middle 5)
bytes=$(stat -c %s "$CUBEWORK_CACHE_DIR/twophase.bin")

states="$CUBEWORK_CACHE_DIR/states.txt"
for seed in $(seq 1 200); do
    "$bin" scramble --random-state --seed "$seed" | tail -1
done > "$states"

# "200 states solved; median 0.412 ms, mean 0.663 ms a solve; mean length 20.52 moves (…)"
run() { "$bin" solve --batch "$states" --max-length "$1" --threads 1 2>&1 >/dev/null | tail -1; }
row() {
    local runs median mean length
    runs=$(for _ in 1 2 3; do run "$1"; done)
    median=$(echo "$runs" | sed -E 's/.*median ([0-9.]+) ms.*/\1/' | middle 3)
    mean=$(echo "$runs" | sed -E 's/.*mean ([0-9.]+) ms a solve.*/\1/' | middle 3)
    length=$(echo "$runs" | sed -E 's/.*mean length ([0-9.]+) moves.*/\1/' | middle 3)
    echo "| \`--max-length $1\` | $median ms | $mean ms | $length |"
}

cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
simd=$(grep -m1 flags /proc/cpuinfo | grep -oE '\b(avx2|avx512f|avx512vbmi)\b' | tr '\n' ' ')
echo "Two-phase solver, 200 random states (seeds 1–200), one core; $(date -u +%Y-%m-%d), $cpu ($simd), load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| bound | median a solve | mean a solve | mean length |"
echo "|---|---:|---:|---:|"
row 21
row 20
echo
echo "| tables | figure |"
echo "|---|---:|"
echo "| build (\`cubework tables build\`, first time) | $build_ms ms |"
echo "| load from the cache, the file checked whole before (median of 5) | $load_ms ms |"
echo "| on disk (\`twophase.bin\`) | $(echo "$bytes" | sed -E ':a;s/([0-9])([0-9]{3})(,|$)/\1,\2\3/;ta') bytes |"
