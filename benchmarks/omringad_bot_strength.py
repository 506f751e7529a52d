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
import os
import pickle
import tempfile
import time
from pathlib import Path

import _results
from spelkvall.bots import BOT_FACTORIES
from spelkvall.bots.arena import play_game
from spelkvall.core import Seat, get_game
from spelkvall.games.omringad.batch import StuckGame


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="heuristic,random", help="the bot measured, the other")
    parser.add_argument("--max-minutes", type=float, default=0.0)
    _results.add_arguments(parser)
    args = parser.parse_args()
    if args.summarize:
        _results.summarize(args.summarize)
        return
    clock = _results.clock_of(args)
    results = _results.Results.of(args, args.bots)
    game = get_game("omringad")
    first, second = args.bots.split(",")
    bots = {name: _results.Timed(BOT_FACTORIES[name](game), clock) for name in (first, second)}
    print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
    if args.cpu_clock:
        print("thinking capped and timed by CPU time (time.thread_time)", flush=True)
    game.warm_up()  # compiled before the clock runs: not a move's thinking time
    start = time.perf_counter()
    shared = aborted = 0
    side = bots[first]
    for g in range(args.games):
        names = [first, second] if g % 2 == 0 else [second, first]
        seats = [Seat(f"{i + 1}:{n}", bot=n) for i, n in enumerate(names)]
        seen = len(side.times)
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
        shared += me in winners and len(winners) > 1
        results.record(args.seed + g, names, winners, me in winners, side.times[seen:])
        elapsed = time.perf_counter() - start
        # A line per game (a long run may be stopped before its summary).
        wins = sum(row["won"] for row in results.rows)
        print(
            f"  game {len(results.rows)}: {first} {'won' if me in winners else 'lost'}; "
            f"{first} won {wins} of {len(results.rows)} ({elapsed / 60:.1f} min); longest "
            f"move {max(side.times, default=0.0):.3f} s",
            flush=True,
        )
        if args.max_minutes and elapsed > 60 * args.max_minutes:
            break
    played = len(results.rows)
    print(
        f"omringad {first} vs {second}: {played} games (seats swapped every game), "
        f"{aborted} aborted, {shared} shared wins; "
        f"{(time.perf_counter() - start) / max(played, 1):.1f} s/game"
    )
    _results.report(_results.add_up(results.rows)[0])
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
