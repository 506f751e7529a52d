"""How strong DogRoyal's bots are, as team win rates with 95 % CIs, and how long they think.

Run: ``.venv/bin/python benchmarks/dogroyal_heuristic_strength.py [--games N] [--seed S]``
for the default match-ups: a heuristic team against a random team, and a mixed team
(heuristic + random) against a random team. ``--team hard,hard --against heuristic,heuristic``
measures any other pair of teams (a search level against the heuristic, say).

Teams are seats 0+2 and 1+3; each match-up swaps the teams' seats every game. Chance is
50 %. Every bot sees only its own view (bots play on states sampled from it). Games that reach
the round limit count the team with more pieces home. Move times are per decision with more
than one legal action, for each bot name.
"""

from __future__ import annotations

import argparse
import os
import time

import _results
from spelkvall.bots import make_bot
from spelkvall.bots.arena import play_game
from spelkvall.bots.mcts import MCTSBot
from spelkvall.core import Game, Seat, get_game


def timed(game: Game[object, object], name: str, args: argparse.Namespace) -> _results.Timed:
    """One seat's bot, timed (and, with ``--no-time-cap``, a search bot that ends on its
    iteration budget alone)."""
    bot = make_bot(name, game)
    if args.no_time_cap and isinstance(bot, MCTSBot):
        bot.time_limit = None
    return _results.Timed(bot, _results.clock_of(args))


def matchup(
    game: Game[object, object],
    team: list[str],
    against: list[str],
    args: argparse.Namespace,
) -> _results.Results:
    """``team`` (two bot names) against ``against`` over ``args.games`` games (the sides swap
    every game), each game recorded. A line per game, so a long run stopped early (or by
    ``--max-minutes``) still tells what it played."""
    results = _results.Results.of(args, f"{'+'.join(team)},{'+'.join(against)}")
    ours = [timed(game, name, args) for name in team]
    theirs = [timed(game, name, args) for name in against]
    start = time.perf_counter()
    for g in range(args.games):
        side = g % 2
        players = [ours[0], theirs[0], ours[1], theirs[1]]
        if side:
            players = [theirs[0], ours[0], theirs[1], ours[1]]
        names = [bot.bot.name for bot in players]
        seats = [Seat(f"{i + 1}:{n}", bot=n) for i, n in enumerate(names)]
        seen = [len(bot.times) for bot in ours]
        state, _ = play_game(game, seats, players, seed=args.seed + g)
        won = side in state.winners()
        times = [t for bot, k in zip(ours, seen, strict=True) for t in bot.times[k:]]
        results.record(
            args.seed + g, names, state.winners(), won, times, side_seats=[side, side + 2]
        )
        wins = sum(row["won"] for row in results.rows)
        minutes = (time.perf_counter() - start) / 60
        print(
            f"  game {g + 1}: {' + '.join(team)} {'won' if won else 'lost'}; won {wins} of "
            f"{g + 1} ({minutes:.1f} min)",
            flush=True,
        )
        if args.max_minutes and minutes > args.max_minutes:
            break
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--team", help="two bot names, e.g. hard,hard")
    parser.add_argument("--against", default="random,random", help="two bot names")
    parser.add_argument(
        "--max-minutes", type=float, default=0.0, help="stop after the game that passes it"
    )
    parser.add_argument(
        "--no-time-cap",
        action="store_true",
        help="the search levels end on their iteration budget alone: their play as on a machine "
        "fast enough for the cap, when this one is loaded (move times are then not the product's)",
    )
    _results.add_arguments(parser)
    args = parser.parse_args()
    if args.summarize:
        _results.summarize(args.summarize)
        return
    game = get_game("dogroyal")
    if args.team:
        matchups = [(args.team.split(","), args.against.split(","))]
    else:
        matchups = [(["heuristic", "heuristic"], ["random", "random"])]
        matchups.append((["heuristic", "random"], ["random", "random"]))
    # Compiling the batch simulator takes tens of seconds on a fresh machine; that is not a
    # move's thinking time.
    game.warm_up()
    cap = "iteration budget only (--no-time-cap)" if args.no_time_cap else "with the time caps"
    print(f"load average before: {os.getloadavg()[0]:.1f}; search levels {cap}")
    for team, against in matchups:
        start = time.perf_counter()
        results = matchup(game, team, against, args)
        seconds = time.perf_counter() - start
        print(f"  {len(results.rows) / seconds:.3f} games/s; chance 50 %")
        _results.report(_results.add_up(results.rows)[0])
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
