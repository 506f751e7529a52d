"""How strong Omringad's bots are (2 players), with 95 % CIs, and how long they think.

Run: ``.venv/bin/python benchmarks/omringad_bot_strength.py [--games N] [--seed S]
[--bots hard,heuristic] [--max-minutes M]``. The two bots swap seats every game; each sees
only its own view (bots play on states sampled from it). Chance is 50 %. Move times are per
decision with more than one legal action. ``--max-minutes`` stops after the game that passes
the bound and reports the games played (a search level plays minutes per game).
``--cpu-clock`` caps the search bots' thinking by the thread's CPU time instead of the wall
clock: a run that shares the machine (niced, paused) then plays as on a quiet machine, and the
move times it prints are CPU seconds. A game whose playouts did not end (``StuckGame``) is
saved to reproduce and left out.

``--results FILE`` appends a JSON line per game played (seed, seats, winners, thinking
times, clock, the commit): a 200-game search run takes longer than one sitting, so it is
played in parts (each with its own ``--seed``) and ``--summarize FILE`` adds them up, each
game seed counted once per line-up and clock.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import random
import subprocess
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from spelkvall.bots import BOT_FACTORIES
from spelkvall.bots.arena import play_game, wilson_interval
from spelkvall.bots.base import Bot, Observation
from spelkvall.bots.mcts import MCTSBot
from spelkvall.core import Action, Seat, get_game
from spelkvall.games.omringad.batch import StuckGame

THINKING: dict[str, list[float]] = defaultdict(list)


class Timed(Bot):
    """A bot that records how long each real choice takes."""

    def __init__(self, bot: Bot, name: str, clock: Callable[[], float]) -> None:
        self.bot = bot
        self.name = name
        self.clock = clock
        if isinstance(bot, MCTSBot):
            bot.clock = clock

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        if len(obs.legal_actions()) == 1:
            return self.bot.choose(obs, rng)
        start = self.clock()
        action = self.bot.choose(obs, rng)
        THINKING[self.name].append(self.clock() - start)
        return action


def summarize(path: Path) -> None:
    """Print the win rate with its 95 % CI and the thinking times of every line-up and clock
    in a ``--results`` file; a seed played twice counts once (the first line)."""
    groups: dict[tuple[str, str], dict[int, dict[str, Any]]] = defaultdict(dict)
    repeated = 0
    for line in path.read_text().splitlines():
        if not line.strip():
            continue
        row = json.loads(line)
        games = groups[(row["bots"], row["clock"])]
        if row["seed"] in games:
            repeated += 1
            continue
        games[row["seed"]] = row
    for (bots, clock), games in sorted(groups.items()):
        rows = list(games.values())
        wins = sum(1 for r in rows if r["won"])
        low, high = wilson_interval(wins, len(rows))
        choices = sum(r["choices"] for r in rows)
        mean = sum(r["mean"] * r["choices"] for r in rows) / max(choices, 1)
        longest = max(r["longest"] for r in rows)
        seeds = sorted(games)
        print(
            f"{bots} ({clock} clock): {bots.split(',')[0]} won {wins} of {len(rows)} = "
            f"{100 * wins / len(rows):.1f} % (95 % CI {100 * low:.1f}-{100 * high:.1f} %); "
            f"thinking mean {mean:.3f} s, longest {longest:.3f} s over {choices} choices; "
            f"seeds {seeds[0]}-{seeds[-1]}"
        )
    if repeated:
        print(f"{repeated} repeated seed(s) left out")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="heuristic,random", help="the bot measured, the other")
    parser.add_argument("--max-minutes", type=float, default=0.0)
    parser.add_argument("--cpu-clock", action="store_true", help="cap thinking by CPU time")
    parser.add_argument("--results", type=Path, help="append a JSON line per game to this file")
    parser.add_argument("--summarize", type=Path, help="add up a --results file and stop")
    args = parser.parse_args()
    if args.summarize:
        summarize(args.summarize)
        return
    clock = time.thread_time if args.cpu_clock else time.perf_counter
    game = get_game("omringad")
    first, second = args.bots.split(",")
    bots = {name: Timed(BOT_FACTORIES[name](game), name, clock) for name in (first, second)}
    print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
    if args.cpu_clock:
        print("thinking capped and timed by CPU time (time.thread_time)", flush=True)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()  # which rules and bots a results line was played with
    game.warm_up()  # compiled before the clock runs: not a move's thinking time
    start = time.perf_counter()
    wins = shared = played = aborted = seen = 0
    for g in range(args.games):
        names = [first, second] if g % 2 == 0 else [second, first]
        seats = [Seat(f"{i + 1}:{n}", bot=n) for i, n in enumerate(names)]
        try:
            state, _record = play_game(game, seats, [bots[n] for n in names], seed=args.seed + g)
        except StuckGame as stuck:
            # A kernel bug, not a result: kept to reproduce, and the game does not count.
            path = Path(tempfile.gettempdir()) / f"omringad-stuck-{args.seed + g}.pickle"
            kept = {"state": stuck.state, "seed": stuck.seed, "game": stuck.game}
            path.write_bytes(pickle.dumps({**kept, "policies": stuck.policies}))
            aborted += 1
            seen = len(THINKING[first])
            print(f"  game seed {args.seed + g} aborted: {stuck} (saved to {path})", flush=True)
            continue
        winners = state.winners()
        me = names.index(first)
        if me in winners:
            if len(winners) > 1:
                shared += 1
            wins += 1
        played += 1
        elapsed = time.perf_counter() - start
        times = THINKING[first]
        if args.results:
            mine = times[seen:]
            row = {
                "bots": args.bots,
                "clock": "cpu" if args.cpu_clock else "wall",
                "seed": args.seed + g,
                "seats": names,
                "winners": sorted(winners),
                "won": me in winners,
                "choices": len(mine),
                "mean": round(sum(mine) / len(mine), 4) if mine else 0.0,
                "longest": round(max(mine), 4) if mine else 0.0,
                "commit": commit,
            }
            with args.results.open("a") as out:
                out.write(json.dumps(row) + "\n")
        seen = len(times)
        # A line per game (a long run may be stopped before its summary).
        longest = max(times) if times else 0.0
        mean = sum(times) / len(times) if times else 0.0
        print(
            f"  game {played}: {first} {'won' if me in winners else 'lost'}; {first} won "
            f"{wins} of {played} ({elapsed / 60:.1f} min); {first} mean {mean:.3f} s, "
            f"longest {longest:.3f} s over {len(times)} choices",
            flush=True,
        )
        if args.max_minutes and elapsed > 60 * args.max_minutes:
            break
    seconds = time.perf_counter() - start
    print(
        f"omringad {first} vs {second}: {played} games (seats swapped every game), "
        f"{aborted} aborted"
    )
    if not played:
        return
    low, high = wilson_interval(wins, played)
    print(
        f"  {first} win rate {100 * wins / played:.1f} % "
        f"(95 % CI {100 * low:.1f}-{100 * high:.1f} %); chance 50 %; {shared} shared wins"
    )
    print(f"  {seconds / played:.1f} s/game")
    for bot, times in sorted(THINKING.items()):
        mean = sum(times) / len(times)
        print(f"  {bot}: mean {mean:.3f} s, max {max(times):.3f} s over {len(times)} choices")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
