#!/usr/bin/env bash
# The two-phase solver beside rob-twophase (efrantar/rob-twophase, C++: Kociemba's method
# with a 676 MB table set) on the same 200 uniformly random states of cubework's generator
# (seeds 1–200, as `cubework scramble --random-state --seed S`), at maximum lengths 21 and 20.
#
# rob-twophase is built from a checkout the user fetched (ROB_TWOPHASE, required: nothing of
# it is in this repository), with its makefile's flags (-std=c++11 -O3), into ROB_DIR
# (default ~/.cache/rob-twophase) together with scripts/rob_states.cpp, a driver that times
# its engine the way its own benchmark does; its tables are built there on the first run
# (minutes) and read on every later one. cubework's side is benches/twophase_states.rs, with
# the two-phase table set named by TABLES (`small`, `large` or both: the default).
#
# For each round and length the programs run alternately, in turns that swap their order
# from one round to the next, so that the load of a shared machine falls on both alike:
# rob-twophase and cubework on one thread (`-t 1`, `--threads 1`), then both on every core.
# Each prints the wall time a solve — median, mean, largest — the mean length and the
# CPU-seconds of all 200 solves.
#   ROB_TWOPHASE=/path/to/rob-twophase scripts/twophase_vs_rob.sh
#   THREADS="1 2" ROUNDS=2 TABLES="small large" scripts/twophase_vs_rob.sh   # the defaults
# On a shared machine the figures move with the load: compare rows of the same round.
set -euo pipefail
cd "$(dirname "$0")/.."
src=${ROB_TWOPHASE:?set ROB_TWOPHASE to a checkout of efrantar/rob-twophase}
[ -f "$src/src/solve.cpp" ] || { echo "$src/src/solve.cpp not found: not a rob-twophase checkout" >&2; exit 1; }
dir=${ROB_DIR:-$HOME/.cache/rob-twophase}
threads=${THREADS:-"1 $(nproc)"}
rounds=${ROUNDS:-2}
tables=${TABLES:-"small large"}
mkdir -p "$dir"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

sources=$(ls "$src"/src/*.cpp | grep -v -e '/main\.cpp$' -e '/test\.cpp$')
# shellcheck disable=SC2086
g++ -std=c++11 -O3 -I"$src/src" -o "$dir/rob_states" scripts/rob_states.cpp $sources -lpthread
cargo build --release -q
cargo bench -q --bench twophase_states --no-run 2>/dev/null
bin=$PWD/target/release/cubework
for size in $tables; do
    "$bin" tables build --twophase-size "$size" >/dev/null
done
ours() { cargo bench -q --bench twophase_states -- "$@"; }
theirs() { (cd "$dir" && ./rob_states "$@" | grep '^rob-twophase'); }

ours states 200 "$work/states.txt"
if [ ! -f "$dir/twophase-ht.tbl" ]; then
    echo "building rob-twophase's tables in $dir (once) ..."
    head -1 "$work/states.txt" >"$work/one.txt"
    (cd "$dir" && /usr/bin/time -f "rob-twophase tables built in %e s wall, %U + %S CPU-s, peak %M kB" \
        ./rob_states "$work/one.txt" 21 1 >/dev/null)
fi

cpu=$(grep -m1 'model name' /proc/cpuinfo | sed 's/.*: //')
flags=$(grep -o 'avx2\|avx512[a-z]*' /proc/cpuinfo | sort -u | tr '\n' ' ')
echo "$(date -u '+%Y-%m-%d %H:%M') UTC; $cpu, $(nproc) cores ($flags); load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo "rob-twophase $(git -C "$src" rev-parse --short HEAD 2>/dev/null || echo '(no git)'), $(g++ --version | head -1); cubework $(git rev-parse --short HEAD)"
for round in $(seq 1 "$rounds"); do
    for max in 21 20; do
        for t in $threads; do
            echo "-- round $round, --max-length $max, $t thread(s)"
            run_theirs() { theirs "$work/states.txt" "$max" "$t"; }
            run_ours() {
                for size in $tables; do
                    printf '%-6s ' "$size"
                    CUBEWORK_TWOPHASE_TABLE=$size ours solve "$work/states.txt" "$max" "$t"
                done
            }
            if [ $((round % 2)) = 1 ]; then run_theirs; run_ours; else run_ours; run_theirs; fi
        done
    done
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
