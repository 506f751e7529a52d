"""How often the heuristic bot beats three random bots at Fia (4 players), with a 95 % CI.

Run: ``.venv/bin/python benchmarks/fia_heuristic_strength.py [--games N] [--seed S]``.
Target: at least 40 % wins (a random seat wins 25 %). The heuristic sits in each seat equally
often, so the figure does not depend on the seat.
"""

from __future__ import annotations

import argparse
import time

from spelkvall.bots.arena import simulate, wilson_interval
from spelkvall.core import get_game

TARGET = 0.40


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = get_game("fia")
    wins = games = 0
    lengths = 0.0
    start = time.perf_counter()
    per_seat = args.games // 4
    for seat in range(4):
        bots = ["random"] * 4
        bots[seat] = "heuristic"
        sim = simulate(game, bots, per_seat, seed=args.seed + seat)
        wins += sim.seats[seat].wins
        games += per_seat
        lengths += sim.mean_chance_events * per_seat
    seconds = time.perf_counter() - start
    low, high = wilson_interval(wins, games)
    rate = wins / games
    print(f"fia heuristic vs 3 random: {games} games ({per_seat} with the heuristic in each seat)")
    ci = f"95 % CI {100 * low:.1f}-{100 * high:.1f} %"
    print(f"  heuristic wins {wins} = {100 * rate:.1f} %  ({ci})")
    verdict = "OK" if low >= TARGET else "BELOW TARGET" if high < TARGET else "UNDECIDED"
    print(f"  target >= {100 * TARGET:.0f} %: {verdict} (by the whole interval)")
    print(f"  mean length {lengths / games:.1f} die rolls; {games / seconds:.1f} games/s")


if __name__ == "__main__":
    main()
