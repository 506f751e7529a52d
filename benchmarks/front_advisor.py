"""How fast Front's Tips answer: the server's settings (±1 point aimed for, stopped at the Tips
time limit), heuristic playouts in the batch simulator, at decisions met in heuristic games.

Run: ``.venv/bin/python benchmarks/front_advisor.py [--games G] [--every K] [--limit S]``.
Every ``K``-th decision with at least two legal actions in ``G`` heuristic 3-player games
(seeds 1..G) is advised for the seat to act, as the server does (``server.advice``); prints
the answer times (median, 90th percentile, longest; wall clock and CPU), the actions per
decision, the playouts per answer and the widest interval's half-width. The batch simulator is
loaded before the first answer, as the server does before it offers Tips at full speed.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from spelkvall.bots.advisor import advise, warm_up
from spelkvall.core import CHANCE, Seat
from spelkvall.games.front import GAME
from spelkvall.server.advice import ADVICE_HALF_WIDTH, ADVICE_TIME_LIMIT

NAMES = ("Anna", "Bertil", "Cecilia")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[int(q * (len(ordered) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=15)
    parser.add_argument("--limit", type=float, default=ADVICE_TIME_LIMIT)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}; time limit {args.limit} s")
    print(f"load the compiled simulator: {warm_up(GAME):.2f} s (once per process)")
    times: list[float] = []
    cpu_times: list[float] = []
    moves: list[int] = []
    playouts: list[int] = []
    widest: list[float] = []
    for seed in range(1, args.games + 1):
        rng = random.Random(seed)
        state = GAME.new_state([Seat(name) for name in NAMES])
        decisions = 0
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.sample_chance(rng), CHANCE)
                continue
            (seat,) = state.players_to_act()
            if len(state.legal_actions(seat)) > 1:
                decisions += 1
                if decisions % args.every == 0:
                    cpu = time.process_time()
                    start = time.perf_counter()
                    advice = advise(
                        GAME,
                        state,
                        seat,
                        half_width=ADVICE_HALF_WIDTH,
                        seed=decisions,
                        time_limit=args.limit,
                    )
                    times.append(time.perf_counter() - start)
                    cpu_times.append(time.process_time() - cpu)
                    moves.append(len(advice.actions))
                    playouts.append(advice.playouts)
                    widest.append(max(a.half_width for a in advice.actions))
            action = GAME.heuristic_action(state, seat, rng)
            assert action is not None
            state.apply(action, seat)
    for what, values in (("wall-clock", times), ("CPU", cpu_times)):
        print(
            f"{len(values)} answers, {what}: median {statistics.median(values):.2f} s, "
            f"90th percentile {percentile(values, 0.9):.2f} s, longest {max(values):.2f} s"
        )
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
