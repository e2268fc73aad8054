#!/usr/bin/env python3
"""Measures how long the REPL takes from launch to its first prompt, on a pseudo-terminal.
Usage: scripts/repl_startup.py [BINARY] [RUNS]   (default target/release/cubework, 20 runs)
Prints each run's milliseconds and the median."""
import os
import pty
import select
import statistics
import sys
import time

binary = sys.argv[1] if len(sys.argv) > 1 else "target/release/cubework"
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
times = []
for _ in range(runs):
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(binary, [binary])
    seen = b""
    while b"> " not in seen:
        ready, _, _ = select.select([fd], [], [], 5)
        if not ready:
            sys.exit("no prompt within 5 s")
        seen += os.read(fd, 4096)
    times.append((time.perf_counter() - start) * 1000)
    os.write(fd, b"quit\r")
    os.waitpid(pid, 0)
    os.close(fd)
print(" ".join(f"{t:.1f}" for t in times))
print(f"median {statistics.median(times):.1f} ms to the first prompt over {runs} runs")
