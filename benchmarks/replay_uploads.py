"""Ten replay uploads at once against one server (#32's probe): what they cost it and how
long ``/api/health`` (any live match's requests) waits meanwhile.

The longest of a few random matches of every game is saved as a match file and posted
``--uploads`` times at once to ``POST /api/replays`` (the first answer, as a reader opens
it), while ``/api/health`` is asked every 50 ms. Prints the answers' statuses and sizes,
the server's CPU seconds, and the health round trips (median, 99th percentile, longest).

    .venv/bin/python benchmarks/replay_uploads.py [--uploads 10]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

from _serve import serve
from spelkvall.core import Match, all_games
from spelkvall.core.game import Seat


def cpu_seconds(pid: int) -> float:
    """A process's CPU time so far (user + system), from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def longest_record(games: int = 4) -> tuple[str, int]:
    """The longest record of a few random matches of any game: (its file, its entries)."""
    rng = random.Random(1)
    best: Match | None = None
    for game in all_games():
        for seed in range(games):
            players = max(game.player_counts())
            match = Match(game, [Seat(name=f"P{i}") for i in range(players)], seed=seed)
            while not match.state.is_terminal() and match.version < 20_000:
                if match.state.is_chance():
                    match.resolve_chance()
                    continue
                player = match.state.players_to_act()[0]
                match.apply(rng.choice(list(match.state.legal_actions(player))), player)
            if best is None or match.version > best.version:
                best = match
    assert best is not None
    return best.record.dumps(), best.version


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uploads", type=int, default=10)
    args = parser.parse_args()
    record, entries = longest_record()
    print(f"a match file of {entries} entries, {len(record) / 1000:.0f} KB")
    folder = tempfile.mkdtemp()
    settings = {
        "SPELKVALL_DATABASE_URL": f"sqlite:///{folder}/uploads.sqlite3",
        "SPELKVALL_LIMIT_HEAVY": "0",
    }
    with serve(settings) as (proc, base):
        health: list[float] = []
        stop = threading.Event()

        def ask_health() -> None:
            with httpx.Client() as client:
                while not stop.is_set():
                    start = time.perf_counter()
                    client.get(f"{base}/api/health")
                    health.append(time.perf_counter() - start)
                    time.sleep(0.05)

        def upload(_: int) -> tuple[int, int]:
            with httpx.Client(timeout=120) as client:
                first = client.post(f"{base}/api/replays", content=record.encode())
                return first.status_code, first.num_bytes_downloaded

        watcher = threading.Thread(target=ask_health)
        watcher.start()
        time.sleep(0.5)
        cpu = cpu_seconds(proc.pid)
        start = time.perf_counter()
        with ThreadPoolExecutor(args.uploads) as pool:
            answers = list(pool.map(upload, range(args.uploads)))
        seconds = time.perf_counter() - start
        used = cpu_seconds(proc.pid) - cpu
        time.sleep(0.5)
        stop.set()
        watcher.join()
    statuses = Counter(status for status, _ in answers)
    received = sum(size for _, size in answers)
    print(f"{args.uploads} uploads at once: {dict(statuses)} in {seconds:.1f} s")
    print(f"  the server's CPU {used:.1f} s; {received / 1e6:.2f} MB received, compressed")
    health.sort()
    p99 = health[min(len(health) - 1, int(0.99 * len(health)))]
    print(
        f"  /api/health meanwhile: median {1000 * statistics.median(health):.0f} ms, "
        f"p99 {1000 * p99:.0f} ms, longest {1000 * health[-1]:.0f} ms over {len(health)}"
    )


if __name__ == "__main__":
    main()
