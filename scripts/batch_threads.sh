#!/usr/bin/env bash
# `solve --batch` on one thread and on every core: the throughput of 200 uniformly random
# states (seeds 1–200, as `cubework scramble --random-state --seed S`) solved by the two-phase
# solver at --max-length 21 and 20, whole runs of the binary timed by hyperfine (apt install
# hyperfine). Beside them an empty batch (the same binary loading its tables and solving
# nothing), so that the solving's own share can be read: (batch - empty).
#   scripts/batch_threads.sh                  # RUNS=10 by default
#   RUNS=20 MAX="20" scripts/batch_threads.sh
# On a shared machine the figures move with the load: compare rows of the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-10}
maxes=${MAX:-"21 20"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cargo build --release -q
bin=$PWD/target/release/cubework
for s in $(seq 1 200); do
    "$bin" scramble --random-state --seed "$s" | grep -v '^random state'
done >"$work/states.txt"
: >"$work/empty.txt"
all=$(nproc)

cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
flags=$(grep -o 'avx2\|avx512[a-z]*' /proc/cpuinfo | sort -u | tr '\n' ' ')
echo "$(date -u '+%Y-%m-%d %H:%M') UTC; $cpu, $all cores ($flags); load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "cubework $(git rev-parse --short HEAD); 200 states, $runs runs each"
for max in $maxes; do
    hyperfine -N -w 2 -r "$runs" --export-json "$work/$max.json" --style none \
        -n empty "$bin solve --batch $work/empty.txt" \
        -n "1 thread" "$bin solve --batch $work/states.txt --max-length $max --threads 1" \
        -n "$all threads" "$bin solve --batch $work/states.txt --max-length $max --threads $all" \
        >/dev/null 2>&1
    python3 - "$work/$max.json" "$max" <<'PY'
import json, statistics, sys
runs = json.load(open(sys.argv[1]))["results"]
fig = {r["command"]: (statistics.median(r["times"]), statistics.mean(r["times"])) for r in runs}
names = [r["command"] for r in runs]
empty, one, many = (fig[n] for n in names)
print(f"-- --max-length {sys.argv[2]}: wall time of a batch of 200, median / mean (ms)")
for n in names:
    print(f"   {n:10} {fig[n][0] * 1e3:8.1f} / {fig[n][1] * 1e3:8.1f}")
for label, i in (("median", 0), ("mean", 1)):
    whole = one[i] / many[i]
    solving = (one[i] - empty[i]) / (many[i] - empty[i])
    print(f"   {names[2]} vs 1, by the {label}s: {whole:.2f}x whole runs, {solving:.2f}x the solving (empty batch taken off)")
PY
done
