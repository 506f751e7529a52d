"""Random 4-player Fia games per second through the public engine API, one process.

Run: ``.venv/bin/python benchmarks/fia_random_games.py [--games N] [--seed S] [--profile]``.
Each game: ``new_state``, then until ``is_terminal``: ``sample_chance`` + ``apply`` at chance
nodes, otherwise a uniformly random pick from ``legal_actions`` + ``apply``.
Targets: at least 250 games/s. References: ludopy 1.5.0 does 56 games/s, OpenSpiel's C++
``maedn`` driven from Python 863 games/s.
"""

from __future__ import annotations

import argparse
import random
import time

from spelkvall.core import CHANCE, Seat, get_game

TARGET = 250.0
LUDOPY = 56.0
OPENSPIEL = 863.0


def play(game: object, seats: list[Seat], rng: random.Random) -> int:
    """One random game; returns the number of steps (chance outcomes and moves) applied."""
    state = game.new_state(seats)  # type: ignore[attr-defined]
    steps = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(rng), CHANCE)
        else:
            legal = state.legal_actions()
            state.apply(legal[int(rng.random() * len(legal))])
        steps += 1
    return steps


def run(games: int, seed: int) -> tuple[float, float, float]:
    game = get_game("fia")
    seats = [Seat(n) for n in ("Micael", "Samir", "Pontus", "Anna")]
    rng = random.Random(seed)
    play(game, seats, rng)  # warm-up
    steps = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for _ in range(games):
        steps += play(game, seats, rng)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return games / seconds, steps / games, games / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
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
    rate, steps, cpu_rate = run(args.games, args.seed)
    print(f"fia random 4-player games: {args.games} games, {steps:.1f} steps/game")
    print(f"  {rate:.1f} games/s  ({rate * steps:,.0f} steps/s)")
    # On a shared machine wall-clock speed drops with the load; CPU time shows the engine's own.
    print(f"  {cpu_rate:.1f} games per CPU second")
    verdict = "OK" if rate >= TARGET else "BELOW TARGET"
    print(f"  target >= {TARGET:.0f} games/s: {rate / TARGET:.2f}x  ->  {verdict}")
    print(f"  vs ludopy 1.5.0 ({LUDOPY:.0f} games/s): {rate / LUDOPY:.2f}x")
    print(f"  vs OpenSpiel maedn via Python ({OPENSPIEL:.0f} games/s): {rate / OPENSPIEL:.2f}x")


if __name__ == "__main__":
    main()
