"""How often a bot beats two others at Front (3 players), with a 95 % CI and its move times.

Run: ``.venv/bin/python benchmarks/front_bot_strength.py [--bot hard] [--opponent heuristic]
[--games N] [--seed S]``. The bot sits in each of the three seats equally often; the three
seatings of a round share the dice seed. A seat wins 1/3 when all play equally well, so the
target is a 95 % interval wholly above 1/3. A draw (300 quiet turns) is a win for nobody.
Prints a line after every round, so a long run can be followed in its log.
"""

from __future__ import annotations

import argparse
import os
import random
import time

from spelkvall.bots import make_bot
from spelkvall.bots.arena import play_game, wilson_interval
from spelkvall.bots.base import Bot, Observation
from spelkvall.core import Action, Seat, get_game

MAX_MOVE_SECONDS = 1.0


class Timed(Bot):
    """A bot that records how long each choice with more than one legal action takes."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.times: list[float] = []

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        if len(obs.legal_actions()) == 1:
            return self.bot.choose(obs, rng)
        start = time.perf_counter()
        action = self.bot.choose(obs, rng)
        self.times.append(time.perf_counter() - start)
        return action


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--games", type=int, default=201)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = get_game("front")
    game.warm_up()
    seats = [Seat(n, c) for n, c in (("A", "red"), ("B", "blue"), ("C", "yellow"))]
    timed = Timed(make_bot(args.bot, game))
    wins = draws = played = 0
    start = time.perf_counter()
    print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
    rounds = (args.games + 2) // 3
    for r in range(rounds):
        for seat in range(3):
            bots: list[Bot | str] = [args.opponent] * 3
            bots[seat] = timed
            state, _ = play_game(game, seats, bots, seed=args.seed * 100_003 + r)
            winners = state.winners()
            wins += seat in winners
            draws += not winners
            played += 1
        low, high = wilson_interval(wins, played)
        mean = sum(timed.times) / max(1, len(timed.times))
        print(
            f"  {played} games: {args.bot} {wins} wins = {100 * wins / played:.1f} % "
            f"(95 % CI {100 * low:.1f}-{100 * high:.1f} %), {draws} draws; "
            f"move mean {mean:.3f} s, max {max(timed.times, default=0):.3f} s; "
            f"{time.perf_counter() - start:.0f} s",
            flush=True,
        )
    low, high = wilson_interval(wins, played)
    verdict = "OK" if low > 1 / 3 else "BELOW" if high < 1 / 3 else "UNDECIDED"
    longest = max(timed.times, default=0.0)
    print(f"front {args.bot} vs 2 {args.opponent}: {played} games, each seat {played // 3} times")
    print(
        f"  {args.bot} wins {wins} = {100 * wins / played:.1f} %  (95 % CI {100 * low:.1f}-"
        f"{100 * high:.1f} %); an even share is 33.3 %: {verdict}"
    )
    print(
        f"  move time: mean {sum(timed.times) / max(1, len(timed.times)):.3f} s over "
        f"{len(timed.times)} decisions with a choice, max {longest:.3f} s "
        f"({'OK' if longest <= MAX_MOVE_SECONDS else 'OVER'} against {MAX_MOVE_SECONDS:.0f} s)"
    )
    ordered = sorted(timed.times) or [0.0]
    over = sum(t > MAX_MOVE_SECONDS for t in ordered)
    print(
        f"  99th percentile {ordered[int(0.99 * (len(ordered) - 1))]:.3f} s; "
        f"{over} of {len(ordered)} moves over {MAX_MOVE_SECONDS:.0f} s"
    )
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
