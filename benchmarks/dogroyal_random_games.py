"""Random 4-player DogRoyal games per second through the public engine API, one process.

Run: ``.venv/bin/python benchmarks/dogroyal_random_games.py [--games N] [--seed S]
[--round-limit R] [--profile]``. Each game: ``new_state``, then until ``is_terminal``:
``sample_chance`` + ``apply`` at chance nodes (every dealt or drawn card is one), otherwise a
uniformly random pick from ``legal_actions`` of a random seat to act + ``apply``.
Random play is aimless in DogRoyal (it runs past its goal and hits its own pieces), so many
games end at the round limit (default 60); the script prints how many.
"""

from __future__ import annotations

import argparse
import random
import time

from spelkvall.core import CHANCE, Seat, get_game


def play(game: object, seats: list[Seat], options: object, rng: random.Random) -> tuple[int, bool]:
    """One random game; returns the steps applied and whether it ended by the round limit."""
    state = game.new_state(seats, options)  # type: ignore[attr-defined]
    steps = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(rng), CHANCE)
        else:
            to_act = state.players_to_act()
            player = to_act[int(rng.random() * len(to_act))]
            legal = state.legal_actions(player)
            state.apply(legal[int(rng.random() * len(legal))], player)
        steps += 1
    return steps, state.limit_reached


def run(games: int, seed: int, round_limit: int) -> tuple[float, float, float, int]:
    game = get_game("dogroyal")
    options = game.parse_options({"round_limit": round_limit})
    seats = [Seat(n) for n in ("Anna", "Bertil", "Cecilia", "David")]
    rng = random.Random(seed)
    play(game, seats, options, rng)  # warm-up
    steps = limited = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for _ in range(games):
        n, limit = play(game, seats, options, rng)
        steps += n
        limited += limit
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return games / seconds, steps / games, games / cpu, limited


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--round-limit", type=int, default=60)
    parser.add_argument("--profile", action="store_true", help="run under cProfile")
    args = parser.parse_args()
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.runcall(run, args.games, args.seed, args.round_limit)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    rate, steps, cpu_rate, limited = run(args.games, args.seed, args.round_limit)
    print(f"dogroyal random 4-player games: {args.games} games, {steps:.1f} steps/game")
    print(f"  {limited} of {args.games} ended at the round limit of {args.round_limit}")
    print(f"  {rate:.1f} games/s  ({rate * steps:,.0f} steps/s)")
    print(f"  {cpu_rate:.1f} games per CPU second")


if __name__ == "__main__":
    main()
