#!/usr/bin/env python3
"""Measures how long `cubework draw` takes, process start included, for a few pictures.
Usage: scripts/draw_time.py [BINARY] [RUNS]   (default target/release/cubework, 21 runs)
Prints the median milliseconds of each picture and the CPU it ran on."""
import os
import statistics
import subprocess
import sys
import tempfile
import time

binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/cubework"
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 21
pictures = [
    ["R U R' U'"],
    ["--size", "9", "R U"],
    ["--size", "9", "--back", "R U"],
    ["--size", "9", "--view", "net", "R U"],
    ["--rep", "nested", "R U"],
]
out = os.path.join(tempfile.mkdtemp(), "t.svg")
for args in pictures:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([binary, "draw", *args, "-o", out], check=True, stdout=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
    print(f"cubework draw {' '.join(args):30s} median {statistics.median(times):5.1f} ms")
with open("/proc/cpuinfo") as f:
    model = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), "?")
print(f"on {model}, {os.cpu_count()} cores")
