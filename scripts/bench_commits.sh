#!/usr/bin/env bash
# Runs the criterion benches for moves and two-phase solves on two commits, one after the
# other on this machine, and prints each benchmark's median (criterion's middle estimate)
# side by side: a refactor's "within noise of before", measured.
#
#   scripts/bench_commits.sh BASE HEAD [FILTER]
#
# Each commit is checked out in a temporary worktree (its build cache copied from this
# checkout's target/ when there is one). FILTER narrows the moves bench (a criterion filter,
# e.g. 3x3x3). Quote the output with the CPU's flags:
#   grep -o 'avx2\|avx512[a-z]*' /proc/cpuinfo | sort -u
set -euo pipefail
base=${1:?usage: scripts/bench_commits.sh BASE HEAD [FILTER]}
head=${2:?usage: scripts/bench_commits.sh BASE HEAD [FILTER]}
filter=${3:-}
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'for c in base head; do git -C "$root" worktree remove --force "$work/$c" 2>/dev/null || true; done; rm -rf "$work"' EXIT
for c in base head; do
    rev=$([ "$c" = base ] && echo "$base" || echo "$head")
    git -C "$root" worktree add -q --detach "$work/$c" "$rev"
    [ -d "$root/target" ] && cp -a "$root/target" "$work/$c/target"
done
for c in base head; do
    (cd "$work/$c" &&
        cargo bench -q --bench moves -- --noplot $filter 2>/dev/null &&
        cargo bench -q --bench solve -- 'twophase solve' --noplot 2>/dev/null) |
        awk -v who="$c" '
            /time:/ {
                line = $0
                if (line ~ /^[^ ]/) { n = line; sub(/ +time:.*/, "", n); name = n }
                gsub(/[\[\]]/, "", line); k = split(line, f, " ")
                for (i = 1; i <= k; i++) if (f[i] == "time:") idx = i
                print who "\t" name "\t" f[idx + 3] " " f[idx + 4]
                next
            }
            /^[A-Za-z0-9]/ { name = $0 }
        ' > "$work/$c.tsv"
done
join -t $'\t' <(cut -f2- "$work/base.tsv" | sort) <(cut -f2- "$work/head.tsv" | sort) |
    awk -F'\t' 'BEGIN { printf "%-48s %14s %14s\n", "benchmark", "base median", "head median" }
                { printf "%-48s %14s %14s\n", $1, $2, $3 }'
