"""Random Afrikas stjärna games per second through the public engine API, one process.

Run: ``.venv/bin/python benchmarks/afrika_random_games.py [--games N] [--players P] [--seed S]
[--policy random|heuristic] [--fast] [--profile]``. Each game: ``new_state``, then until
``is_terminal``: ``sample_chance`` + ``apply`` at chance nodes (every die and every token
drawn is one), otherwise a pick by the policy (uniformly random from ``legal_actions``, or the
game's heuristic) + ``apply``. Random play wanders (a random star holder walks home by chance),
so random games are long; heuristic games are what the search bots play out. ``--fast``
plays the same games in the compiled batch simulator (``games/afrika/batch.py``) instead, the
kernel compiled or loaded before the clock starts.
"""

from __future__ import annotations

import argparse
import random
import time

from spelkvall.core import CHANCE, Seat, get_game


def play(game: object, seats: list[Seat], policy: str, rng: random.Random) -> tuple[int, bool]:
    """One game; returns the steps applied and whether somebody won."""
    state = game.new_state(seats)  # type: ignore[attr-defined]
    steps = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(rng), CHANCE)
        else:
            player = state.players_to_act()[0]
            if policy == "heuristic":
                action = game.heuristic_action(state, player, rng)  # type: ignore[attr-defined]
            else:
                legal = state.legal_actions(player)
                action = legal[int(rng.random() * len(legal))]
            state.apply(action, player)
        steps += 1
    return steps, bool(state.winners())


def run(games: int, players: int, seed: int, policy: str) -> tuple[float, float, float, int]:
    game = get_game("afrika")
    seats = [Seat(n) for n in ("Anna", "Bertil", "Cecilia", "David", "Eva")[:players]]
    rng = random.Random(seed)
    play(game, seats, policy, rng)  # warm-up (and the heuristic's tables)
    steps = won = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    for _ in range(games):
        n, win = play(game, seats, policy, rng)
        steps += n
        won += win
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return games / seconds, steps / games, games / cpu, won


def run_fast(games: int, players: int, seed: int, policy: str) -> tuple[float, float, float, int]:
    from spelkvall.games.afrika import batch

    game = get_game("afrika")
    state = game.new_state([Seat(f"P{i}") for i in range(players)])
    game.warm_up()
    start = time.perf_counter()
    cpu_start = time.process_time()
    result = batch.play(state, games, policy, seed)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    steps = float((result.chance_events + result.moves).mean())
    return games / seconds, steps, games / cpu, int((result.winners >= 0).sum())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--policy", choices=("random", "heuristic"), default="random")
    parser.add_argument("--fast", action="store_true", help="the compiled batch simulator")
    parser.add_argument("--profile", action="store_true", help="run under cProfile")
    args = parser.parse_args()
    if args.profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.runcall(run, args.games, args.players, args.seed, args.policy)
        pstats.Stats(profiler).sort_stats("tottime").print_stats(15)
        return
    runner = run_fast if args.fast else run
    rate, steps, cpu_rate, won = runner(args.games, args.players, args.seed, args.policy)
    kind = "batch simulator" if args.fast else "engine"
    print(
        f"afrika {args.policy} {args.players}-player games ({kind}): {args.games} games, "
        f"{steps:.1f} steps/game, {won} won ({args.games - won} without a winner)"
    )
    print(f"  {rate:.1f} games/s  ({rate * steps:,.0f} steps/s)")
    print(f"  {cpu_rate:.1f} games per CPU second")


if __name__ == "__main__":
    main()
