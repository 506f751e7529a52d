"""How often a search bot beats three heuristic bots at Fia (4 players), with a 95 % CI and
its move times.

Run: ``.venv/bin/python benchmarks/fia_bot_strength.py [--bot hard] [--games N] [--seed S]``.
Targets: ``hard`` wins at least 30 % against three heuristic bots (a seat wins 25 % when all
play equally well), and a ``hard`` move takes at most 1 s. The bot sits in each of the four
seats equally often (``spelkvall.bots.tournament``), all seatings of a round share the dice
seed. Move times: the mean over decisions with a choice, and the longest move of the run.
"""

from __future__ import annotations

import argparse
import os
import time

from spelkvall.bots.tournament import run_tournament
from spelkvall.core import get_game

TARGET = 0.30
MAX_MOVE_SECONDS = 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = get_game("fia")
    lineup = [args.bot] + [args.opponent] * 3
    # Loaded before the clock runs, as the server does: the first move once counted the
    # kernels' loading (1.03 s), which is no thinking.
    game.warm_up()
    start = time.perf_counter()

    def progress(done: int, total: int) -> None:
        if done % 20 == 0 or done == total:
            print(f"  {done}/{total} games, {time.perf_counter() - start:.0f} s", flush=True)

    result = run_tournament(game, lineup, args.games, seed=args.seed, progress=progress)
    bot = next(e for e in result.entrants if e.bot == args.bot)
    low, high = bot.interval
    print(
        f"fia {args.bot} vs 3 {args.opponent}: {result.games} games, the bot in each seat "
        f"{result.games // 4} times; load average at the end {os.getloadavg()[0]:.1f}"
    )
    ci = f"95 % CI {100 * low:.1f}-{100 * high:.1f} %"
    print(f"  {args.bot} wins {bot.wins} = {100 * bot.rate:.1f} %  ({ci})")
    verdict = "OK" if low >= TARGET else "BELOW TARGET" if high < TARGET else "UNDECIDED"
    print(f"  target >= {100 * TARGET:.0f} %: {verdict} (by the whole interval)")
    mean = result.mean_move_seconds[args.bot]
    longest = result.max_move_seconds[args.bot]
    ok = "OK" if longest <= MAX_MOVE_SECONDS else "OVER"
    print(
        f"  {args.bot} move time: mean {mean:.3f} s over decisions with a choice, "
        f"max {longest:.3f} s (target <= {MAX_MOVE_SECONDS:.0f} s: {ok})"
    )
    print(f"  {result.seconds:.0f} s in all")


if __name__ == "__main__":
    main()
