"""How often the heuristic bot beats three random bots at Fia (4 players), with a 95 % CI.

Run: ``.venv/bin/python benchmarks/fia_heuristic_strength.py [--games N] [--seed S]
[--results FILE]``; ``--summarize FILE`` adds up a results file (``_results.py``).
Target: at least 40 % wins (a random seat wins 25 %). The heuristic sits in each seat once a
round, so the figure does not depend on the seat.
"""

from __future__ import annotations

import argparse

import _results
from spelkvall.bots import make_bot
from spelkvall.core import get_game

TARGET = 0.40


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    _results.add_arguments(parser)
    args = parser.parse_args()
    if args.summarize:
        _results.summarize(args.summarize)
        return
    game = get_game("fia")
    lineup = ["heuristic"] + ["random"] * 3
    results = _results.Results.of(args, ",".join(lineup))
    bots = {
        "heuristic": _results.Timed(make_bot("heuristic", game), _results.clock_of(args)),
        "random": make_bot("random", game),
    }
    _results.play_rounds(game, lineup, args.games, args.seed, bots, results, every=50)
    found, _ = _results.add_up(results.rows)
    _results.report(found)
    low, high = found[0].interval
    verdict = "OK" if low >= TARGET else "BELOW TARGET" if high < TARGET else "UNDECIDED"
    print(f"  target >= {100 * TARGET:.0f} %: {verdict} (by the whole interval)")


if __name__ == "__main__":
    main()
