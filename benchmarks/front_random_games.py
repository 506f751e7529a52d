"""Random 3-player Front games per second through the public engine API, one process.

Run: ``.venv/bin/python benchmarks/front_random_games.py [--games N] [--seed S] [--profile]``.
Each game: ``new_state``, then until ``is_terminal``: ``sample_chance`` + ``apply`` at chance
nodes (the start roll-off and every turn's die), otherwise a uniformly random pick from
``legal_actions`` + ``apply``. Also the compiled batch simulator (``batch.py``) from the same
start, random and heuristic seats, on one core.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from spelkvall.core import CHANCE, Seat, get_game
from spelkvall.games.front import FrontState, batch


def play(game: object, seats: list[Seat], rng: random.Random) -> tuple[int, bool]:
    """One random game; returns the steps applied and whether it was a draw."""
    state = game.new_state(seats)  # type: ignore[attr-defined]
    steps = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(rng), CHANCE)
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        steps += 1
    return steps, not state.winners()


def run(games: int, seed: int) -> tuple[float, float, float, int]:
    game = get_game("front")
    seats = [Seat(n) for n in ("Anna", "Bertil", "Cecilia")]
    rng = random.Random(seed)
    play(game, seats, rng)  # warm-up
    steps = draws = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for _ in range(games):
        n, draw = play(game, seats, rng)
        steps += n
        draws += draw
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return games / seconds, steps / games, games / cpu, draws


def fast(policy: str, games: int, seed: int) -> tuple[float, float]:
    game = get_game("front")
    state = game.new_state([Seat(n) for n in ("Anna", "Bertil", "Cecilia")])
    assert isinstance(state, FrontState)
    batch.warm_up()
    start = time.perf_counter()
    cpu_start = time.process_time()
    batch.play(state, games, policy, seed)
    return games / (time.perf_counter() - start), games / (time.process_time() - cpu_start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="run under cProfile")
    args = parser.parse_args()
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.runcall(run, args.games, args.seed)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    print(f"load average before: {os.getloadavg()[0]:.1f}")
    rate, steps, cpu_rate, draws = run(args.games, args.seed)
    print(f"front random 3-player games: {args.games} games, {steps:.1f} steps/game, {draws} draws")
    print(f"  {rate:.1f} games/s  ({rate * steps:,.0f} steps/s); {cpu_rate:.1f} per CPU second")
    for policy in ("random", "heuristic"):
        n = 20 * args.games
        wall, cpu = fast(policy, n, args.seed)
        print(f"  batch simulator, {policy} seats: {wall:,.0f} games/s ({cpu:,.0f} per CPU s)")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
