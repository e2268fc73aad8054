#!/usr/bin/env python3
"""Reads criterion's estimates for the `moves` benchmark and writes a Markdown table of medians
(ns per move) into README.md between <!-- bench:start --> and <!-- bench:end -->."""
import datetime
import json
import os
import platform
import re
import sys

REPS = ["numeric", "local", "composite", "visual", "vector", "4d", "nested"]
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


def main():
    root, readme = sys.argv[1], sys.argv[2]
    lines = [
        f"Medians in ns per move, measured {datetime.date.today().isoformat()} on {cpu_model()}, "
        f"{os.cpu_count()} cores, by `scripts/bench.sh` (criterion; `cargo bench --bench moves`).",
        "",
        "| rep | " + " | ".join(title for _, title in COLUMNS) + " |",
        "|---|" + "---:|" * len(COLUMNS),
    ]
    for rep in REPS:
        cells = [fmt(median_ns(root, group, rep)) for group, _ in COLUMNS]
        lines.append(f"| {rep} | " + " | ".join(cells) + " |")
    shuffles = []
    for path in ["vbmi-full", "vbmi-masked", "portable"]:
        ns = median_ns(root, "vector-shuffle", path)
        if ns is not None:
            shuffles.append(f"{path} {fmt(ns)} ns")
    if shuffles:
        lines += ["", "The vector's compiled quarter-turn by shuffle path (`vbmi-full` is what the vector "
                  "representation does; the others permute exactly 54 bytes): " + ", ".join(shuffles) + "."]
    table = "\n".join(lines)
    with open(readme) as f:
        text = f.read()
    new, n = re.subn(r"(<!-- bench:start -->\n).*?(<!-- bench:end -->)",
                     lambda m: m.group(1) + table + "\n" + m.group(2), text, flags=re.S)
    if n != 1:
        sys.exit("README.md has no <!-- bench:start --> ... <!-- bench:end --> block")
    with open(readme, "w") as f:
        f.write(new)
    print(table)


if __name__ == "__main__":
    main()
