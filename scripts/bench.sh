#!/usr/bin/env bash
# Runs the representation benchmarks (criterion) and writes their medians, stamped with the
# machine and date, into README.md between the bench:start and bench:end markers.
#   scripts/bench.sh            full run (a few minutes)
#   scripts/bench.sh --quick    shorter measurement, for a look
set -euo pipefail
cd "$(dirname "$0")/.."
args=(--noplot)
if [[ "${1:-}" == "--quick" ]]; then args+=(--warm-up-time 1 --measurement-time 2); fi
cargo bench --bench moves -- "${args[@]}"
python3 scripts/bench_table.py target/criterion README.md
