"""Random Omringad games per second through the public engine API, one process.

Run: ``.venv/bin/python benchmarks/omringad_random_games.py [--games N] [--players 2|4]
[--seed S] [--policy random|heuristic] [--profile]``. Each game: ``new_state``, then until
``is_terminal``: ``sample_chance`` + ``apply`` at chance nodes (one die, one special drawn),
otherwise a uniformly random pick from ``legal_actions`` of a random seat to act (or the
game's ``heuristic_action`` on the true state for every seat) + ``apply``. Default options:
the 50-point target.
"""

from __future__ import annotations

import argparse
import random
import time

from spelkvall.core import CHANCE, Seat, get_game


def play(game: object, seats: list[Seat], rng: random.Random, heuristic: bool) -> tuple[int, int]:
    """One game; returns the steps applied and the rounds played."""
    state = game.new_state(seats)  # type: ignore[attr-defined]
    steps = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(rng), CHANCE)
        else:
            to_act = state.players_to_act()
            player = to_act[int(rng.random() * len(to_act))]
            if heuristic:
                action = game.heuristic_action(state, player, rng)  # type: ignore[attr-defined]
            else:
                legal = state.legal_actions(player)
                action = legal[int(rng.random() * len(legal))]
            state.apply(action, player)
        steps += 1
    return steps, state.round


def run(games: int, players: int, seed: int, heuristic: bool) -> tuple[float, float, float, float]:
    game = get_game("omringad")
    seats = [Seat(n) for n in ("Anna", "Bertil", "Cecilia", "David")[:players]]
    rng = random.Random(seed)
    play(game, seats, rng, heuristic)  # warm-up
    steps = rounds = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for _ in range(games):
        n, r = play(game, seats, rng, heuristic)
        steps += n
        rounds += r
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return games / seconds, steps / games, games / cpu, rounds / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--players", type=int, default=2, choices=(2, 4))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", default="random", choices=("random", "heuristic"))
    parser.add_argument("--profile", action="store_true", help="run under cProfile")
    args = parser.parse_args()
    heuristic = args.policy == "heuristic"
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.runcall(run, args.games, args.players, args.seed, heuristic)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    rate, steps, cpu_rate, rounds = run(args.games, args.players, args.seed, heuristic)
    print(f"omringad {args.policy} {args.players}-player games: {args.games} games")
    print(f"  {steps:.1f} steps/game, {rounds:.2f} rounds/game")
    print(f"  {rate:.1f} games/s  ({rate * steps:,.0f} steps/s)")
    print(f"  {cpu_rate:.1f} games per CPU second")


if __name__ == "__main__":
    main()
