"""What a fresh install pays to compile each game's kernels: CPU seconds on an empty Numba cache.

Run: ``.venv/bin/python benchmarks/compile_cost.py [GAME ...] [--jobs N] [--functions K]``.

Each game is compiled by the server's own compiling child (``server.warm.compile_here``) in a
fresh interpreter, whose ``NUMBA_CACHE_DIR`` is a new empty folder, so nothing is loaded from
an earlier run. The figure is the child's CPU time (``time.process_time`` at its end: imports
and compiling), which a busy machine inflates far less than wall-clock time; wall-clock
seconds are printed beside it. ``--functions K`` also lists the K functions whose compiling
took the most CPU in each child (Numba's ``numba:compile`` events, callees included in their
callers).
Target (issue #27): every game's kernels together in at most 90 CPU seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

from spelkvall.core import FAST_SIMULATOR, all_games

TARGET = 90.0

_CHILD = """
import json, sys, time
from numba.core import event

spans = {}
class Listener(event.Listener):
    def __init__(self):
        self.started = {}
    def on_start(self, ev):
        self.started[id(ev.data["dispatcher"]), str(ev.data["args"])] = time.process_time()
    def on_end(self, ev):
        key = id(ev.data["dispatcher"]), str(ev.data["args"])
        name = ev.data["dispatcher"].py_func.__qualname__
        spans[name] = spans.get(name, 0.0) + time.process_time() - self.started.pop(key)

event.register("numba:compile", Listener())
from spelkvall.server.warm import compile_here
compile_here(sys.argv[1])
json.dump({"cpu": time.process_time(), "spans": spans}, sys.stderr)
"""


def compile_cost(game_id: str) -> tuple[float, float, dict[str, float]]:
    """CPU seconds, wall seconds and per-function CPU seconds of compiling ``game_id``'s kernels
    on an empty cache."""
    with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        start = time.monotonic()
        child = subprocess.Popen(
            [sys.executable, "-c", _CHILD, game_id],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        _, err = child.communicate()
        wall = time.monotonic() - start
    if child.returncode != 0:
        raise SystemExit(f"{game_id}: the compiling child failed:\n{err[-3000:]}")
    report = json.loads(err.strip().splitlines()[-1])
    return float(report["cpu"]), wall, report["spans"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game with kernels)")
    parser.add_argument("--jobs", type=int, default=1, help="children at once (default 1)")
    parser.add_argument("--functions", type=int, default=0, help="list the K costliest")
    args = parser.parse_args()
    ids = args.games or [g.id for g in all_games() if FAST_SIMULATOR in g.capabilities]
    with ThreadPoolExecutor(args.jobs) as pool:
        results = dict(zip(ids, pool.map(compile_cost, ids), strict=True))
    total = 0.0
    print(f"{'game':<10} {'CPU s':>8} {'wall s':>8}")
    for game_id, (cpu, wall, spans) in results.items():
        total += cpu
        print(f"{game_id:<10} {cpu:8.1f} {wall:8.1f}")
        for name, seconds in sorted(spans.items(), key=lambda kv: -kv[1])[: args.functions]:
            print(f"    {seconds:7.1f}  {name}")
    verdict = "meets" if total <= TARGET else "misses"
    print(f"{'all':<10} {total:8.1f}   ({verdict} the target of {TARGET:.0f} CPU s)")


if __name__ == "__main__":
    main()
