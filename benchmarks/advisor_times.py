"""How fast a game's Tips answer: the server's settings (±1 point aimed for, stopped at the
Tips time limit, longer with hidden information), heuristic playouts in the batch simulator, at
decisions met in heuristic games.

Run: ``.venv/bin/python benchmarks/advisor_times.py game [--games G] [--every K] [--players N]
[--limit S]``. Every ``K``-th decision with at least two legal actions in ``G`` heuristic games
of ``N`` players (seeds 1..G; ``N`` may be ``2,4`` for both in turn; default the game's
smallest count) is advised for the seat to act, as the server does (``server.advice``): in a
game with hidden information from a world dealt from that seat's view, never the true state;
for the seat's team. Prints the answer times (median, 90th percentile,
longest; wall clock and CPU), the actions per decision, the playouts per answer and the widest
interval's half-width. The batch simulator is loaded before the first answer, as the server does
before it offers Tips at full speed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from spelkvall.bots.advisor import advise, warm_up
from spelkvall.core import CHANCE, Seat, get_game
from spelkvall.server.advice import ADVICE_HALF_WIDTH, ADVICE_TIME_LIMIT, HIDDEN_TIME_FACTOR

NAMES = ("Anna", "Bertil", "Cecilia", "David", "Emil", "Frida")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[int(q * (len(ordered) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", help="a game with Tips, e.g. front or omringad")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--every", type=int, default=20)
    parser.add_argument("--players", default="", help="e.g. 4, or 2,4 (one game each in turn)")
    parser.add_argument("--limit", type=float, default=0.0, help="default: the server's")
    args = parser.parse_args()
    game = get_game(args.game)
    hidden = not game.perfect_information
    limit = args.limit or ADVICE_TIME_LIMIT * (HIDDEN_TIME_FACTOR if hidden else 1)
    counts = [int(n) for n in args.players.split(",")] if args.players else [game.min_players]
    print(f"load average before: {os.getloadavg()[0]:.2f}; time limit {limit} s")
    print(f"load the compiled simulator: {warm_up(game):.2f} s (once per process)")
    times: list[float] = []
    cpu_times: list[float] = []
    moves: list[int] = []
    playouts: list[int] = []
    widest: list[float] = []
    phases: dict[str, int] = {}
    clock_stopped = 0  # answers the time limit ended (else every action had its playouts)
    longest = (0.0, "")
    for seed in range(1, args.games + 1):
        n = counts[(seed - 1) % len(counts)]
        rng = random.Random(seed)
        state = game.new_state([Seat(name) for name in NAMES[:n]])
        decisions = 0
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.sample_chance(rng), CHANCE)
                continue
            # In a simultaneous step the seats act in turn, the highest first.
            seat = max(state.players_to_act())
            if len(state.legal_actions(seat)) > 1:
                decisions += 1
                if decisions % args.every == 0:
                    # What the server hands the advisor: with hidden information a world dealt
                    # from the seat's view.
                    world = (
                        game.sample_state(state, seat, random.Random(decisions))
                        if hidden
                        else state
                    )
                    cpu = time.process_time()
                    start = time.perf_counter()
                    advice = advise(
                        game,
                        world,
                        seat,
                        half_width=ADVICE_HALF_WIDTH,
                        seed=decisions,
                        time_limit=limit,
                        team=game.team_of(seat, n, state.options),
                    )
                    times.append(time.perf_counter() - start)
                    cpu_times.append(time.process_time() - cpu)
                    moves.append(len(advice.actions))
                    playouts.append(advice.playouts)
                    widest.append(max(a.half_width for a in advice.actions))
                    name = str(getattr(state, "phase", "-"))
                    phases[name] = phases.get(name, 0) + 1
                    clock_stopped += advice.seconds >= limit
                    if times[-1] > longest[0]:
                        longest = (
                            times[-1],
                            f"{name}, {n} players, {len(advice.actions)} actions, "
                            f"{advice.playouts} playouts",
                        )
            action = game.heuristic_action(state, seat, rng)
            assert action is not None
            state.apply(action, seat)
        print(f"game {seed}: {n} players, {decisions} decisions, {len(times)} answers so far")
    for what, values in (("wall-clock", times), ("CPU", cpu_times)):
        print(
            f"{len(values)} answers, {what}: median {statistics.median(values):.2f} s, "
            f"90th percentile {percentile(values, 0.9):.2f} s, longest {max(values):.2f} s"
        )
    print(f"longest answer: {longest[0]:.2f} s ({longest[1]})")
    print(f"stopped by the time limit: {clock_stopped} of {len(times)} answers")
    print("phases: " + ", ".join(f"{name} {count}" for name, count in sorted(phases.items())))
    print(f"actions per decision: median {statistics.median(moves):.0f}, most {max(moves)}")
    print(
        f"playouts per answer: median {statistics.median(playouts):.0f}, "
        f"fewest {min(playouts)}; {sum(playouts) / sum(times):.0f} playouts/s"
    )
    print(
        f"widest interval, half-width: median {100 * statistics.median(widest):.1f} points, "
        f"90th percentile {100 * percentile(widest, 0.9):.1f}"
    )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
