"""How fast DogRoyal's Tips answer: the advisor's default for hidden cards (HIDDEN_PLAYOUTS per
legal move, each in a world dealt anew from the player's view, played out by the game's
batch simulator with the heuristic for every seat), at decisions met in heuristic 4-player
games.

Run: ``.venv/bin/python benchmarks/dogroyal_advisor.py [--games G] [--every K] [--playouts N]``.
Every ``K``-th decision with at least two legal moves in ``G`` heuristic games (seeds 1..G) is
advised from the deciding seat's view; prints the answer times (median, 90th percentile,
longest), the moves per decision and the playouts per second. The server stops an answer at
twice its Tips time limit (2 s by default), so a slower answer there has fewer playouts.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from spelkvall.bots.advisor import HIDDEN_PLAYOUTS, advise
from spelkvall.core import CHANCE, Seat
from spelkvall.games.dogroyal import GAME

NAMES = ("Anna", "Bertil", "Cecilia", "David")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--every", type=int, default=25)
    parser.add_argument("--playouts", type=int, default=HIDDEN_PLAYOUTS)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f}; {args.playouts} playouts per move")
    times: list[float] = []
    cpu_times: list[float] = []
    moves: list[int] = []
    playouts = 0
    for seed in range(1, args.games + 1):
        rng = random.Random(seed)
        state = GAME.new_state([Seat(name) for name in NAMES])
        decisions = 0
        while not state.is_terminal():
            if state.is_chance():
                state.apply(state.sample_chance(rng), CHANCE)
                continue
            for seat in state.players_to_act():
                if len(state.legal_actions(seat)) > 1:
                    decisions += 1
                    if decisions % args.every == 0:
                        cpu = time.process_time()
                        advice = advise(
                            GAME, state, seat, seed=decisions, max_playouts=args.playouts
                        )
                        cpu_times.append(time.process_time() - cpu)
                        times.append(advice.seconds)
                        moves.append(len(advice.actions))
                        playouts += advice.playouts
                action = GAME.heuristic_action(state, seat, rng)
                assert action is not None
                state.apply(action, seat)
    for what, values in (("wall-clock", times), ("CPU", cpu_times)):
        values.sort()
        print(
            f"{len(values)} answers, {what}: median {statistics.median(values):.2f} s, "
            f"90th percentile {values[int(0.9 * (len(values) - 1))]:.2f} s, "
            f"longest {values[-1]:.2f} s; {playouts / sum(values):.0f} playouts/s"
        )
    print(f"moves per decision: mean {statistics.mean(moves):.1f}, most {max(moves)}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
