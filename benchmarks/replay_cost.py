"""What a replay costs the server (#32): the first answer (the log, the first window and the
last position) and one window of positions, against every position at once (as before), for
the longest of a few random matches of each game; CPU seconds of this thread and the bytes
sent, gzip-compressed.

    .venv/bin/python benchmarks/replay_cost.py [--games 3]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from spelkvall.core import Match, all_games
from spelkvall.core.game import Seat
from spelkvall.server import replays
from spelkvall.server.replays import WINDOW, compress, replay


def longest_record(game: Any, matches: int, rng: random.Random) -> Any:
    best = None
    for seed in range(matches):
        players = max(game.player_counts())
        match = Match(game, [Seat(name=f"P{i}") for i in range(players)], seed=seed)
        while not match.state.is_terminal() and match.version < replays.MAX_STEPS:
            if match.state.is_chance():
                match.resolve_chance()
                continue
            player = match.state.players_to_act()[0]
            match.apply(rng.choice(list(match.state.legal_actions(player))), player)
        if best is None or match.version > best.version:
            best = match
    assert best is not None
    return best.record


def cost(record: Any, **kwargs: Any) -> tuple[float, int]:
    start = time.thread_time()
    body = compress(replay(record, None, budget=replays.Budget(600.0), **kwargs))
    return time.thread_time() - start, len(body)


def every_position(record: Any) -> tuple[float, int]:
    """Every position at once in one pass, as the server answered before windows."""
    replays.WINDOW = len(record.log) + 1
    try:
        return cost(record)
    finally:
        replays.WINDOW = WINDOW


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="random matches a game")
    args = parser.parse_args()
    rng = random.Random(1)
    print(f"{'game':10} {'entries':>7} {'first answer':>20} {'a window':>20} {'all at once':>20}")
    for game in all_games():
        record = longest_record(game, args.games, rng)
        middle = len(record.log) // 2
        head, window, full = cost(record), cost(record, start=middle), every_position(record)
        row = [f"{s:6.3f} s {b / 1000:8.1f} KB" for s, b in (head, window, full)]
        print(f"{game.id:10} {len(record.log):7d} {row[0]:>20} {row[1]:>20} {row[2]:>20}")


if __name__ == "__main__":
    main()
