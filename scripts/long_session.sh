#!/usr/bin/env bash
# A long REPL session in bounded memory: feeds LINES lines of `R U` (2,000,000 by default) to
# the REPL, then `invert` and `history`, and prints the peak memory (maximum resident set
# size) and the time. Undo keeps the last 1000 changes, so memory stays flat however long the
# session runs.
#   scripts/long_session.sh [LINES]
set -euo pipefail
cd "$(dirname "$0")/.."
lines="${1:-2000000}"
cargo build --release -q
input=$(mktemp)
log=$(mktemp)
trap 'rm -f "$input" "$log"' EXIT
python3 -c "import sys; sys.stdout.write('R U\n' * $lines + 'invert\nhistory\n')" >"$input"
/usr/bin/time -v target/release/cubework <"$input" >/dev/null 2>"$log"
kb=$(grep 'Maximum resident set size' "$log" | awk '{print $NF}')
secs=$(grep 'Elapsed (wall clock)' "$log" | awk '{print $NF}')
echo "$lines lines of R U, then invert and history: peak memory $((kb / 1024)) MB, $secs (m:ss) wall clock"
