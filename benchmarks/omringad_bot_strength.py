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
"""

from __future__ import annotations

import argparse
import os
import pickle
import random
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="heuristic,random", help="the bot measured, the other")
    parser.add_argument("--max-minutes", type=float, default=0.0)
    parser.add_argument("--cpu-clock", action="store_true", help="cap thinking by CPU time")
    args = parser.parse_args()
    clock = time.thread_time if args.cpu_clock else time.perf_counter
    game = get_game("omringad")
    first, second = args.bots.split(",")
    bots = {name: Timed(BOT_FACTORIES[name](game), name, clock) for name in (first, second)}
    print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
    if args.cpu_clock:
        print("thinking capped and timed by CPU time (time.thread_time)", flush=True)
    game.warm_up()  # compiled before the clock runs: not a move's thinking time
    start = time.perf_counter()
    wins = shared = played = aborted = 0
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
        # A line per game (a long run may be stopped before its summary).
        times = THINKING[first]
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
