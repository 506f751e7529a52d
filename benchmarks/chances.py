"""What one finished match's chance-to-win series costs (#30 item 2): for each game, a match of
heuristic computers (seeded), then ``bots.chances.compute`` with the shipped budget, timed in
CPU seconds of this process (the playouts run on one thread). ``--engine`` times it with the
engine's playouts instead of the compiled simulator (a server whose kernels are not loaded
yet). ``--points N`` times only N points and gives the whole series' time by proportion.

    .venv/bin/python benchmarks/chances.py [--games fia,front] [--engine --points 20]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from spelkvall.bots import chances
from spelkvall.bots.base import Observation, make_bot
from spelkvall.core import Match, MatchRecord, Seat, SpelkvallError, get_game

SEATS = {"fia": 4, "front": 3, "afrika": 3, "omringad": 2, "dogroyal": 4}


def played(game_id: str, seed: int) -> MatchRecord:
    game = get_game(game_id)
    n = SEATS.get(game_id, game.player_counts()[0])
    match = Match(game, [Seat(f"P{i}", bot="heuristic") for i in range(n)], seed=seed)
    rng = random.Random(seed)
    bot = make_bot("heuristic", game)
    while not match.state.is_terminal():
        if match.state.is_chance():
            match.resolve_chance()
            continue
        for seat in match.state.players_to_act():
            match.apply(bot.choose(Observation(game, match.state, seat), rng), seat)
    return match.record


def measure(game_id: str, seed: int, engine: bool, points: int | None) -> dict[str, Any]:
    game = get_game(game_id)
    record = played(game_id, seed)
    if engine:
        type(game).playout_wins = lambda *args: None  # type: ignore[method-assign]
    else:
        game.warm_up()  # load (or compile) the kernels first, as a server does at start
    start = time.process_time()
    wall = time.perf_counter()
    try:
        series = chances.compute(record, seed=seed, max_points=points)
    except SpelkvallError as exc:
        return {"game": game_id, "steps": len(record.log), "error": exc.key}
    cpu = time.process_time() - start
    bound = chances.ENGINE_MAX_POINTS if series.method == "engine" else chances.MAX_POINTS
    full = len(chances.chosen_versions(len(record.log), bound))
    return {
        "game": game_id,
        "steps": len(record.log),
        "points": len(series.versions),
        "method": series.method,
        "playouts": series.playouts,
        "cpu": cpu,
        "wall": time.perf_counter() - wall,
        "full_cpu": cpu * full / len(series.versions),
        "full_points": full,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(SEATS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--engine", action="store_true", help="engine playouts, no kernels")
    parser.add_argument("--points", type=int, default=None, help="points to time (default all)")
    args = parser.parse_args()
    for game_id in args.games.split(","):
        got = measure(game_id, args.seed, args.engine, args.points)
        if "error" in got:
            print(f"{game_id:9} {got['steps']:5} steps: no series ({got['error']})")
            continue
        print(
            f"{game_id:9} {got['steps']:5} steps, {got['points']:3} points x {got['playouts']} "
            f"playouts ({got['method']}): {got['cpu']:.1f} CPU s ({got['wall']:.1f} s wall); "
            f"the whole series ({got['full_points']} points) {got['full_cpu']:.1f} CPU s"
        )


if __name__ == "__main__":
    main()
