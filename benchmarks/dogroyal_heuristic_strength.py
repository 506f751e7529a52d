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
import random
import time
from collections import defaultdict
from typing import Any

from spelkvall.bots import BOT_FACTORIES
from spelkvall.bots.arena import play_game, wilson_interval
from spelkvall.bots.base import Bot, Observation
from spelkvall.bots.mcts import MCTSBot
from spelkvall.core import Action, Game, Seat, get_game

THINKING: dict[str, list[float]] = defaultdict(list)


class Timed(Bot):
    """A bot that records how long each real choice takes."""

    def __init__(self, bot: Bot, name: str) -> None:
        self.bot = bot
        self.name = name

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        if len(obs.legal_actions()) == 1:
            return self.bot.choose(obs, rng)
        start = time.perf_counter()
        action = self.bot.choose(obs, rng)
        THINKING[self.name].append(time.perf_counter() - start)
        return action


def time_bots(names: set[str], *, time_cap: bool = True) -> None:
    """Wrap the named bots' factories so their choices are timed (and, without ``time_cap``,
    the search bots end on their iteration budget alone)."""
    for name in names:
        base = BOT_FACTORIES[name]

        def make(game: Game[Any, Any], base: Any = base, name: str = name) -> Bot:
            bot = base(game)
            if not time_cap and isinstance(bot, MCTSBot):
                bot.time_limit = None
            return Timed(bot, name)

        BOT_FACTORIES[name] = make


def matchup(
    game: Game[object, object],
    team: list[str],
    against: list[str],
    games: int,
    seed: int,
    max_minutes: float = 0.0,
) -> tuple[int, int, float]:
    """Wins of ``team`` (two bot names) against ``against`` over ``games`` games (the sides
    swap every game), and the games played and their mean length. A line per game, so a long
    run stopped early (or by ``max_minutes``) still tells what it played."""
    wins = played = length = 0
    start = time.perf_counter()
    for g in range(games):
        side = g % 2
        names = [""] * 4
        names[side], names[side + 2] = team
        names[1 - side], names[3 - side] = against
        seats = [Seat(f"{i + 1}:{n}", bot=n) for i, n in enumerate(names)]
        state, record = play_game(game, seats, list(names), seed=seed + g)
        won = side in state.winners()
        wins += won
        played += 1
        length += len(record.log)
        minutes = (time.perf_counter() - start) / 60
        print(
            f"  game {played}: {' + '.join(team)} {'won' if won else 'lost'}; won {wins} of "
            f"{played} ({minutes:.1f} min)",
            flush=True,
        )
        if max_minutes and minutes > max_minutes:
            break
    return wins, played, length / played


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
    args = parser.parse_args()
    game = get_game("dogroyal")
    if args.team:
        matchups = [(args.team.split(","), args.against.split(","))]
    else:
        matchups = [(["heuristic", "heuristic"], ["random", "random"])]
        matchups.append((["heuristic", "random"], ["random", "random"]))
    names = {name for team, against in matchups for name in team + against}
    time_bots(names, time_cap=not args.no_time_cap)
    # Compiling the batch simulator takes tens of seconds on a fresh machine; that is not a
    # move's thinking time.
    game.warm_up()
    cap = "iteration budget only (--no-time-cap)" if args.no_time_cap else "with the time caps"
    print(f"load average before: {os.getloadavg()[0]:.1f}; search levels {cap}")
    for team, against in matchups:
        THINKING.clear()
        start = time.perf_counter()
        wins, games, moves = matchup(game, team, against, args.games, args.seed, args.max_minutes)
        seconds = time.perf_counter() - start
        low, high = wilson_interval(wins, games)
        name, other = " + ".join(team), " + ".join(against)
        print(f"dogroyal team {name} vs {other}: {games} games (sides swapped every game)")
        ci = f"95 % CI {100 * low:.1f}-{100 * high:.1f} %"
        print(f"  team win rate {100 * wins / games:.1f} %  ({ci}); chance 50 %")
        print(f"  mean {moves:.0f} steps a game (chance included); {games / seconds:.3f} games/s")
        for bot, times in sorted(THINKING.items()):
            mean = sum(times) / len(times)
            print(f"  {bot}: mean {mean:.3f} s, max {max(times):.3f} s over {len(times)} choices")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
