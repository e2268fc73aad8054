#!/usr/bin/env bash
# Runs the representation benchmarks (criterion) and writes their medians, stamped with the
# machine and date, into the guide's measurements page (src/guide/measurements.md) between the bench:start and bench:end markers.
# Every group takes many short samples (see benches/moves.rs), so the run takes a few minutes
# and the medians hold up on a machine shared with other work.
#   scripts/bench.sh            full run
#   scripts/bench.sh --quick    the same (kept for older notes)
#   CUBEWORK_SIMD=avx2 scripts/bench.sh   the 3×3×3 table on a forced path
set -euo pipefail
cd "$(dirname "$0")/.."
args=(--noplot)
cargo bench --bench moves -- "${args[@]}"
python3 scripts/bench_table.py target/criterion src/guide/measurements.md
