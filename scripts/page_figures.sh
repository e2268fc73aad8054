#!/usr/bin/env bash
# The workbench page's figures (src/guide/browser.md): the page in headless Chromium beside
# the native build on the same machine. A benchmark: run it on a quiet machine.
#
#   scripts/page_figures.sh [PAGE.html]   (default: writes one with scripts/page.sh)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
seeds=20
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
page="${1:-$work/cubework.html}"
[ -f "$page" ] || scripts/page.sh "$page" >/dev/null
page="$(realpath "$page")"
cargo build --release --quiet
mkdir -p "$work/profile"
node scripts/page_figures.js chromium "$page" "$work/profile" "$seeds" >"$work/page.json"
# The native interpreted quarter-turns: the same line one-shot, less the same call without it.
native_turns="$(for i in 1 2 3 4 5; do
    a=$(date +%s%N); ./target/release/cubework apl '≢{R ⍵}⍣10000⊢CUBE' >/dev/null
    b=$(date +%s%N); ./target/release/cubework apl '≢CUBE' >/dev/null
    c=$(date +%s%N); echo $(( (b - a - (c - b)) / 1000 ))
done)"
# The native solves: three passes over the seeds as in the page, on every core (the
# default) and on one (taskset: the page's worker has one thread).
solves() {
    for pass in 1 2 3; do
        for s in $(seq 1 "$seeds"); do printf 'scramble random seed %s\nsolve\n' "$s"; done |
            "$@" ./target/release/cubework run /dev/stdin | grep 'two-phase' |
            awk '{ print "seed " NR ": " $0 }'
    done
}
native_solves="$(solves env)"
native_solves_one="$(solves taskset -c 0)"
python3 - "$work/page.json" "$native_turns" "$native_solves" "$native_solves_one" <<'PY'
import json, os, re, statistics, sys
page = json.load(open(sys.argv[1]))
native_turns = [int(t) / 1000 for t in sys.argv[2].split()]
def solve_ms(lines):
    """Each seed's fastest solve (ms), in the order of the seeds."""
    best = {}
    for seed, ms in re.findall(r"seed ([0-9]+): .*; ([0-9.]+) ms", lines):
        best[int(seed)] = min(best.get(int(seed), float("inf")), float(ms))
    return [best[s] for s in sorted(best)]
cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), "?")
flags = next((l for l in open("/proc/cpuinfo") if l.startswith("flags")), "")
simd = [f for f in ("avx2", "avx512f", "avx512vbmi") if f" {f}" in flags]
print(f"CPU: {cpu} ({', '.join(simd) or 'no AVX'}); load average {' '.join(open('/proc/loadavg').read().split()[:3])} at the end, {os.cpu_count()} cores")
print(f"page: {page['page_bytes']:,} bytes; wasm {page['wasm_bytes']:,} bytes, {page['wasm_gzip_bytes']:,} gzip -9")
firsts = page["first_prompt_ms"]
print(f"open to first prompt: median {statistics.median(firsts):.0f} ms (of {len(firsts)}: {', '.join(f'{f:.0f}' for f in firsts)})")
pt, nt = statistics.median(page["turns_ms"]), statistics.median(native_turns)
print(f"10,000 interpreted quarter-turns (the paper's R, vector): page median {pt:.0f} ms ({', '.join(f'{t:.0f}' for t in page['turns_ms'])}), native {nt:.0f} ms ({', '.join(f'{t:.0f}' for t in native_turns)}), ratio {pt / nt:.2f}x")
print(f"first solve in the page (table built): {page['first_solve']['ms']:.0f} ms for the line; it said: {page['first_solve']['text'].splitlines()[0]}")
ps, ns, n1 = solve_ms("\n".join(page["solves"])), solve_ms(sys.argv[3]), solve_ms(sys.argv[4])
pm, nm, n1m = statistics.median(ps), statistics.median(ns), statistics.median(n1)
print(f"two-phase solve of {len(ps)} random states (scramble random seed 1..; each one's fastest of 3): page median {pm:.2f} ms (sum {sum(ps):.1f}), native {nm:.2f} ms (sum {sum(ns):.1f}; ratio {pm / nm:.2f}x), native on one thread {n1m:.2f} ms (sum {sum(n1):.1f}; ratio {pm / n1m:.2f}x)")
PY
