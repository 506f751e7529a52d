"""How often a search bot beats three heuristic bots at Fia (4 players), with a 95 % CI and
its move times.

Run: ``.venv/bin/python benchmarks/fia_bot_strength.py [--bot hard] [--games N] [--seed S]
[--results FILE] [--cpu-clock]``; ``--summarize FILE`` adds up a results file
(``_results.py``). Targets: ``hard`` wins at least 30 % against three heuristic bots (a seat
wins 25 % when all play equally well), and a ``hard`` move takes at most 1 s. The bot sits in
each of the four seats once a round; a round's games share the dice seed. Move times: the mean
over decisions with a choice, and the longest move of the run.
"""

from __future__ import annotations

import argparse
import os

import _results
from spelkvall.bots import make_bot
from spelkvall.core import get_game

TARGET = 0.30
MAX_MOVE_SECONDS = 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    _results.add_arguments(parser)
    args = parser.parse_args()
    if args.summarize:
        _results.summarize(args.summarize)
        return
    game = get_game("fia")
    lineup = [args.bot] + [args.opponent] * 3
    results = _results.Results.of(args, ",".join(lineup))
    bots = {
        args.bot: _results.Timed(make_bot(args.bot, game), _results.clock_of(args)),
        args.opponent: make_bot(args.opponent, game),
    }
    # Loaded before the clock runs, as the server does: the first move once counted the
    # kernels' loading (1.03 s), which is no thinking.
    game.warm_up()
    print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
    _results.play_rounds(game, lineup, args.games, args.seed, bots, results)
    found, _ = _results.add_up(results.rows)
    _results.report(found)
    low, high = found[0].interval
    verdict = "OK" if low >= TARGET else "BELOW TARGET" if high < TARGET else "UNDECIDED"
    ok = "OK" if found[0].longest <= MAX_MOVE_SECONDS else "OVER"
    print(f"  target >= {100 * TARGET:.0f} % by the whole interval: {verdict}; moves <= 1 s: {ok}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
