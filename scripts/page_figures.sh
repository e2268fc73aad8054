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
# The native solves: five passes over the seeds as in the page, on every core (the
# default) and on one (taskset: the page's worker has one thread), the lines back to back
# (`pause` 0) or each line after a pause, as the page's lines come when typed (`pause` 0.05:
# on a busy machine other processes have the core meanwhile, and the solver's tables leave
# the caches).
solves() {
    local pause="$1"
    shift
    for pass in 1 2 3 4 5; do
        for s in $(seq 1 "$seeds"); do
            printf 'scramble random seed %s\n' "$s"
            sleep "$pause"
            printf 'solve\n'
            sleep "$pause"
        done | "$@" ./target/release/cubework run /dev/stdin | grep 'two-phase' |
            awk '{ print "seed " NR ": " $0 }'
    done
}
native_solves="$(solves 0 env)"
native_solves_one="$(solves 0 taskset -c 0)"
native_solves_paused="$(solves 0.05 taskset -c 0)"
python3 - "$work/page.json" "$native_turns" "$native_solves" "$native_solves_one" "$native_solves_paused" <<'PY'
import json, os, re, statistics, sys
page = json.load(open(sys.argv[1]))
native_turns = [int(t) / 1000 for t in sys.argv[2].split()]
def solve_ms(lines, pick=min):
    """Each seed's fastest solve (ms) of its passes, or another `pick` of them (the middle:
    the page's clock has 0.1 ms steps, jittered so that a reading is right on average, and the
    fastest of five readings of a short solve would favour the page), in the order of the
    seeds."""
    seen = {}
    for seed, ms in re.findall(r"seed ([0-9]+): .*; ([0-9.]+) ms", lines):
        seen.setdefault(int(seed), []).append(float(ms))
    return [pick(seen[s]) for s in sorted(seen)]
def middle(xs):
    return sorted(xs)[len(xs) // 2]
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
runs = {
    "typed in the page": "\n".join(page["solves"]),
    "native, each line after a pause, one thread": sys.argv[5],
    "in the page back to back": "\n".join(page["solves_back_to_back"]),
    "native back to back, one thread": sys.argv[4],
    "native back to back, every core": sys.argv[3],
}
print(f"two-phase solve of {len(solve_ms(runs['typed in the page']))} random states (scramble random seed 1..; five passes; median over the seeds of each seed's fastest, and of its middle, of five):")
med = {}
for name, lines in runs.items():
    fast, mid = solve_ms(lines), solve_ms(lines, middle)
    med[name] = (statistics.median(fast), statistics.median(mid))
    print(f"  {name}: fastest {med[name][0]:.2f} ms (sum {sum(fast):.1f}), middle {med[name][1]:.2f} ms (sum {sum(mid):.1f}); middles {' '.join(f'{t:.2f}' for t in mid)}")
def ratio(a, b):
    return f"{med[a][0] / med[b][0]:.2f}x fastest, {med[a][1] / med[b][1]:.2f}x middle"
print(f"  page / native, after a pause: {ratio('typed in the page', 'native, each line after a pause, one thread')}")
print(f"  page / native, back to back: {ratio('in the page back to back', 'native back to back, one thread')} (to every core: {ratio('in the page back to back', 'native back to back, every core')})")
print(f"  typed in the page / native back to back (the old comparison): {ratio('typed in the page', 'native back to back, one thread')}")
PY
