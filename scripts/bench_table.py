#!/usr/bin/env python3
"""Reads criterion's estimates for the `moves` benchmark and writes Markdown tables of medians
(ns per move) into src/guide/measurements.md between <!-- bench:start --> and <!-- bench:end -->: the 3×3×3's
quarter-turns and orientation moves, and every representation's compiled quarter-turn at every
size on each SIMD path the CPU has."""
import datetime
import json
import os
import platform
import re
import sys

REPS = ["numeric", "local", "composite", "visual", "vector", "4d", "nested"]
PATHS = ["vbmi", "avx2", "scalar"]
SIZES = range(2, 8)
COLUMNS = [
    ("quarter-turn/defined", "quarter-turn, as defined"),
    ("quarter-turn/compiled", "quarter-turn, compiled"),
    ("orientation/defined", "X Y Z, as defined"),
    ("orientation/compiled", "X Y Z, compiled"),
]


def median_ns(root, group, bench):
    path = os.path.join(root, *group.split("/"), bench, "new", "estimates.json")
    if not os.path.exists(path):
        # criterion turns "/" in group names into "_"
        path = os.path.join(root, group.replace("/", "_"), bench, "new", "estimates.json")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        return json.load(f)["median"]["point_estimate"]


def fmt(ns):
    if ns is None:
        return "—"
    return f"{ns:,.0f}" if ns >= 100 else f"{ns:.1f}"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def cpu_flags():
    """The SIMD flags the paths depend on, as /proc/cpuinfo lists them."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    have = set(line.split(":", 1)[1].split())
                    return " ".join(f for f in ["avx2", "avx512f", "avx512bw", "avx512vbmi"] if f in have)
    except OSError:
        pass
    return "unknown"


def cpu_kind(flags):
    """The CPU kind the figures are of: the fastest path it has."""
    if "avx512vbmi" in flags.split():
        return "AVX-512 VBMI"
    if "avx2" in flags.split():
        return "AVX2-only"
    return "x86 without AVX2" if "sse2" in flags.split() else "other"


def path_label(path, flags):
    """A path as measured on this CPU: a lower path than the CPU's own is forced, and is
    labelled so, never as a CPU of that kind."""
    kind = cpu_kind(flags)
    own = {"AVX-512 VBMI": "vbmi", "AVX2-only": "avx2"}.get(kind, "scalar")
    if path == own:
        return f"{path} ({kind} CPU)"
    return f"{path} (forced, on an {kind} CPU)"


def main():
    root, readme = sys.argv[1], sys.argv[2]
    lines = [
        f"Medians in ns per move, measured {datetime.date.today().isoformat()} on {cpu_model()}, "
        f"{os.cpu_count()} cores, CPU flags {cpu_flags()} (CPU kind: {cpu_kind(cpu_flags())}), by `scripts/bench.sh` "
        "(criterion; `cargo bench --bench moves`). The 3×3×3, on the path the CPU chooses"
        + (f" (`CUBEWORK_SIMD={os.environ['CUBEWORK_SIMD']}`)" if os.environ.get("CUBEWORK_SIMD") else "")
        + ":",
        "",
        "| rep | " + " | ".join(title for _, title in COLUMNS) + " |",
        "|---|" + "---:|" * len(COLUMNS),
    ]
    for rep in REPS:
        cells = [fmt(median_ns(root, group, rep)) for group, _ in COLUMNS]
        lines.append(f"| {rep} | " + " | ".join(cells) + " |")
    # Only the paths this CPU has, so that results left by a run on another CPU are not shown.
    has = {"vbmi": "avx512vbmi" in cpu_flags(), "avx2": "avx2" in cpu_flags(), "scalar": True}
    by_path = [p for p in PATHS if has[p] and any(median_ns(root, f"compiled-{p}", f"{r}-3") for r in REPS)]
    if by_path:
        lines += [
            "",
            "Every representation's compiled single-layer quarter-turn at every size, on each path "
            "(as `CUBEWORK_SIMD=PATH` makes it; a path the CPU lacks is skipped); — where the "
            "representation does not hold the size:",
            "",
            "| rep | path | " + " | ".join(f"N={n}" for n in SIZES) + " |",
            "|---|---|" + "---:|" * len(SIZES),
        ]
        for rep in REPS:
            for path in by_path:
                cells = [fmt(median_ns(root, f"compiled-{path}", f"{rep}-{n}")) for n in SIZES]
                lines.append(f"| {rep} | {path_label(path, cpu_flags())} | " + " | ".join(cells) + " |")
    table = "\n".join(lines)
    with open(readme) as f:
        text = f.read()
    new, n = re.subn(r"(<!-- bench:start -->\n).*?(<!-- bench:end -->)",
                     lambda m: m.group(1) + table + "\n" + m.group(2), text, flags=re.S)
    if n != 1:
        sys.exit("the page has no <!-- bench:start --> ... <!-- bench:end --> block")
    with open(readme, "w") as f:
        f.write(new)
    print(table)


if __name__ == "__main__":
    main()
