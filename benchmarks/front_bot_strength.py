"""How often a bot beats two others at Front (3 players), with a 95 % CI and its move times.

Run: ``.venv/bin/python benchmarks/front_bot_strength.py [--bot hard] [--opponent heuristic]
[--games N] [--seed S] [--results FILE] [--cpu-clock]``; ``--summarize FILE`` adds up a
results file (``_results.py``). The bot sits in each of the three seats once a round; a
round's games share the dice seed. A seat wins 1/3 when all play equally well, so the target
is a 95 % interval wholly above 1/3. A draw (300 quiet turns) is a win for nobody. Prints a
line after every round, so a long run can be followed in its log.
"""

from __future__ import annotations

import argparse
import os

import _results
from spelkvall.bots import make_bot
from spelkvall.core import get_game

MAX_MOVE_SECONDS = 1.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="hard")
    parser.add_argument("--opponent", default="heuristic")
    parser.add_argument("--games", type=int, default=201)
    parser.add_argument("--seed", type=int, default=1)
    _results.add_arguments(parser)
    args = parser.parse_args()
    if args.summarize:
        _results.summarize(args.summarize)
        return
    game = get_game("front")
    lineup = [args.bot, args.opponent, args.opponent]
    results = _results.Results.of(args, ",".join(lineup))
    bots = {
        args.bot: _results.Timed(make_bot(args.bot, game), _results.clock_of(args)),
        args.opponent: make_bot(args.opponent, game),
    }
    game.warm_up()
    print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
    _results.play_rounds(game, lineup, args.games, args.seed, bots, results)
    found, _ = _results.add_up(results.rows)
    _results.report(found)
    low, high = found[0].interval
    verdict = "OK" if low > 1 / 3 else "BELOW" if high < 1 / 3 else "UNDECIDED"
    ok = "OK" if found[0].longest <= MAX_MOVE_SECONDS else "OVER"
    print(f"  an even share is 33.3 %: {verdict}; moves <= 1 s: {ok}")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
