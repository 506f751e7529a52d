"""Computer moves per second through ``MatchService.bot_turns``, the call a server's computer
seats make for the moves due in one beat (``bots.BATCH`` matches at a time): the rows read,
the bots' choices, the compare-and-sets and log rows written. SQLite in a temporary file as
the sole writer (``spelkvall serve`` on its own file); PostgreSQL in a throw-away schema, read
as a server with workers reads it, with ``SPELKVALL_BENCH_POSTGRES_URL``.

    .venv/bin/python benchmarks/server_batches.py [--matches 256] [--rounds 10] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import time

from _stores import POSTGRES_ENV, postgres_store, sqlite_store
from spelkvall.server.bots import BATCH
from spelkvall.server.service import MatchService
from spelkvall.store import Store

COMPUTERS = [{"bot": "easy"}] * 4


def run(store: Store, *, sole_writer: bool, matches: int, rounds: int, profile: bool) -> None:
    service = MatchService(store, sole_writer=sole_writer)
    made = [service.create("fia", "hotseat", COMPUTERS, {})["match_id"] for _ in range(matches)]
    batches = [made[i : i + BATCH] for i in range(0, matches, BATCH)]
    for batch in batches:  # the copies in memory and the statements compiled
        service.bot_turns(batch)
    profiler = cProfile.Profile() if profile else None
    moves = 0
    start, cpu = time.perf_counter(), time.process_time()
    if profiler is not None:
        profiler.enable()
    for _ in range(rounds):
        for batch in batches:
            turns = service.bot_turns(batch)
            moves += sum(not isinstance(t, Exception) and t[0] is not None for t in turns)
    if profiler is not None:
        profiler.disable()
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    backend = store.engine.url.get_backend_name()
    print(
        f"{backend} ({'sole writer' if sole_writer else 'rows read every step'}): {moves} "
        f"computer moves in batches of {BATCH}: {moves / wall:.0f}/s wall, "
        f"{moves / cpu:.0f} per CPU second (load average {os.getloadavg()[0]:.1f})"
    )
    if profiler is not None:
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--profile", action="store_true", help="print a cProfile of each run")
    args = parser.parse_args()
    size = {"matches": args.matches, "rounds": args.rounds, "profile": args.profile}
    with sqlite_store() as store:
        run(store, sole_writer=True, **size)
    with postgres_store() as pg:
        if pg is None:
            print(f"PostgreSQL: set {POSTGRES_ENV} to measure it too")
        else:
            run(pg, sole_writer=False, **size)


if __name__ == "__main__":
    main()
