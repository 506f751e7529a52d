"""The cost of storing one accepted move: ``Store.append_action`` (the version's
compare-and-set, the log row and the commit) on SQLite in a temporary file, in CPU and wall
microseconds per call. The server's profile at 1,000 matches puts most of a move's CPU here.
Then ``Store.get_match``, the read of the match's row that a server which does not write the
database alone (PostgreSQL, workers) makes before each step.

    .venv/bin/python benchmarks/store_append.py [moves]
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from spelkvall.store import Store


def main() -> None:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(f"sqlite:///{Path(tmp) / 'append.sqlite3'}")
        match_id, _ = store.create_match(
            game="fia",
            rules_version="1",
            mode="hotseat",
            options={},
            seats=[],
            status="playing",
            seed=1,
            tokens=[],
        )
        action = {"type": "move", "piece": 1}
        cpu, wall = time.process_time(), time.perf_counter()
        for version in range(moves):
            assert store.append_action(match_id, version, 0, action, status="playing")
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(
            f"append_action on SQLite: {1e6 * cpu / moves:.0f} us CPU, "
            f"{1e6 * wall / moves:.0f} us wall per move ({moves} moves)"
        )
        cpu, wall = time.process_time(), time.perf_counter()
        for _ in range(moves):
            assert store.get_match(match_id) is not None
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        print(
            f"get_match on SQLite: {1e6 * cpu / moves:.0f} us CPU, "
            f"{1e6 * wall / moves:.0f} us wall per read ({moves} reads)"
        )
        store.close()


if __name__ == "__main__":
    main()
