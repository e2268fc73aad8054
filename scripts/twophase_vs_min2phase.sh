#!/usr/bin/env bash
# The two-phase solver beside min2phase (cs0x7f/min2phase, Java) on the same states: 200
# uniformly random states of cubework's generator (seeds 1–200, as `cubework scramble
# --random-state --seed S`) and 200 of min2phase's own (`Tools.randomCube()` seeded with
# Random(42), as its benchmark `make testRnd` draws them), at --max-length 21 and 20.
# For each set and bound it runs, back to back: min2phase (one thread, its benchmark's
# settings, JIT warmed up for a second), then cubework on every core and on one thread
# (benches/twophase_states.rs). Each prints the wall time a solve: median, mean, largest.
#   MIN2PHASE=/path/to/min2phase scripts/twophase_vs_min2phase.sh   # cloned if absent
#   THREADS="2 1" ROUNDS=3 scripts/twophase_vs_min2phase.sh        # the defaults
# On a shared machine the figures move with the load: compare rows of the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
m2p=${MIN2PHASE:-/tmp/min2phase}
if [ ! -d "$m2p/src/cs" ] && [ ! -f "$m2p/src/Search.java" ]; then
    git clone -q https://github.com/cs0x7f/min2phase "$m2p"
fi
threads=${THREADS:-"$(nproc) 1"}
rounds=${ROUNDS:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

javac -nowarn -d "$work/dist" "$m2p"/src/*.java 2>/dev/null
javac -d "$work/dist" -cp "$work/dist" scripts/min2phase_states.java
cargo bench -q --bench twophase_states --no-run 2>/dev/null
ours() { cargo bench -q --bench twophase_states -- "$@"; }
theirs() { java -cp "$work/dist" Min2phaseStates "$@"; }

ours states 200 "$work/cubework.txt"
theirs states 200 "$work/min2phase.txt"

cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
flags=$(grep -o 'avx2\|avx512[a-z]*' /proc/cpuinfo | sort -u | tr '\n' ' ')
echo "$(date -u '+%Y-%m-%d %H:%M') UTC; $cpu, $(nproc) cores ($flags); load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "min2phase $(git -C "$m2p" rev-parse --short HEAD 2>/dev/null || echo '(no git)'); $(java -version 2>&1 | head -1)"
for round in $(seq 1 "$rounds"); do
    for set in cubework min2phase; do
        for max in 21 20; do
            echo "-- round $round, states: $set's generator, --max-length $max"
            theirs solve "$work/$set.txt" "$max"
            for t in $threads; do
                ours solve "$work/$set.txt" "$max" "$t"
            done
        done
    done
done
