"""How strong DogRoyal's heuristic bot is against random play, as team win rates with 95 % CIs.

Run: ``.venv/bin/python benchmarks/dogroyal_heuristic_strength.py [--games N] [--seed S]``.
Two match-ups, each with the teams' seats swapped half of the time (teams are seats 0+2 and
1+3): a heuristic team against a random team, and a mixed team (heuristic + random) against a
random team. Chance is 50 %. The heuristic sees only its own view (the bot plays on a state
sampled from it). Games that reach the round limit count the team with more pieces home.
"""

from __future__ import annotations

import argparse
import time

from spelkvall.bots.arena import simulate, wilson_interval
from spelkvall.core import get_game


def matchup(game: object, team: list[str], games: int, seed: int) -> tuple[int, int, float]:
    """Wins of ``team`` (two bot names) against two random bots over ``games`` games."""
    wins = 0
    length = 0.0
    half = games // 2
    for side in range(2):
        bots = ["random"] * 4
        bots[side], bots[side + 2] = team
        sim = simulate(game, bots, half, seed=seed + side)  # type: ignore[arg-type]
        wins += sim.seats[side].wins
        length += sim.mean_moves * half
    return wins, 2 * half, length / (2 * half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = get_game("dogroyal")
    for team in (["heuristic", "heuristic"], ["heuristic", "random"]):
        start = time.perf_counter()
        wins, games, moves = matchup(game, team, args.games, args.seed)
        seconds = time.perf_counter() - start
        low, high = wilson_interval(wins, games)
        name = " + ".join(team)
        print(f"dogroyal team {name} vs random + random: {games} games (sides swapped half)")
        ci = f"95 % CI {100 * low:.1f}-{100 * high:.1f} %"
        print(f"  team win rate {100 * wins / games:.1f} %  ({ci}); chance 50 %")
        print(f"  mean {moves:.0f} moves/game; {games / seconds:.1f} games/s")


if __name__ == "__main__":
    main()
