#!/usr/bin/env bash
# The beginner's method's figures for the README: solution lengths over 10,000 seeded,
# uniformly random states (as made and simplified, stage by stage), the time of each solve,
# then the criterion benchmark's medians.
#   scripts/beginner_figures.sh           lengths, times and the benchmark (about a minute)
#   scripts/beginner_figures.sh --quick   lengths and times only (a few seconds)
set -euo pipefail
cd "$(dirname "$0")/.."
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//'), $(nproc) cores"
flags=$(grep -m1 flags /proc/cpuinfo)
for f in avx2 avx512f avx512vbmi; do
    if grep -qw "$f" <<<"$flags"; then echo "  has $f"; fi
done
cargo test --release -q --lib beginner::tests::figures -- --ignored --nocapture 2>&1 |
    grep -v -e '^running' -e '^test result' -e '^$' -e '^\.$'
if [[ "${1:-}" != "--quick" ]]; then
    cargo bench --bench beginner -- --noplot 2>&1 | grep -E '^beginner/|time:'
fi
