"""How fast the advisor answers with ±1 % for every move, in the positions of the story.

Run: ``.venv/bin/python benchmarks/fia_advisor.py [--repeats R] [--policy heuristic|random]``.
Target: the answer (every legal action's win chance with a 95 % half-width of at most 1 %) in
under one second through the batch simulator. Numba uses every core (``NUMBA_NUM_THREADS``,
by default all); the advisor samples adaptively with common random numbers (bots/advisor.py).

Positions: Micael has won the roll-off and rolled a 6 with every piece in the nest ("två
pjäser till ruta ett eller en på ruta sex?"), with 2, 3 and 4 players (Micael red, Samir
blue, Pontus yellow, Ahmad green); and Samir's 3 from the story (pieces on his squares 9 and 4,
Micael's pieces out on 12 and 6, Pontus on 20), with 3 players.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import numba

from spelkvall.bots.advisor import advise, warm_up
from spelkvall.games.fia import GAME

NAMES = (("Micael", "red"), ("Samir", "blue"), ("Pontus", "yellow"), ("Ahmad", "green"))


def micael_six(players: int) -> Any:
    return GAME.state_from_json(
        {
            "players": [{"name": n, "colour": c} for n, c in NAMES[:players]],
            "to_move": "Micael",
            "die": 6,
        }
    )


def samir_three() -> Any:
    pieces = {"Micael": [12, 6, 0, 0], "Samir": [9, 4, 0, 0], "Pontus": [20, 0, 0, 0]}
    return GAME.state_from_json(
        {
            "players": [{"name": n, "colour": c, "pieces": pieces[n]} for n, c in NAMES[:3]],
            "to_move": "Samir",
            "die": 3,
        }
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--policy", default="heuristic", choices=("heuristic", "random"))
    parser.add_argument("--half-width", type=float, default=0.01)
    args = parser.parse_args()
    print(f"Numba threads: {numba.get_num_threads()}; load average: {os.getloadavg()[0]:.2f}")
    start = time.perf_counter()
    warm_up(GAME)
    print(f"load the compiled simulator: {time.perf_counter() - start:.2f} s (once per process)")
    cases = [(f"Micael's 6, {n} players", micael_six(n)) for n in (2, 3, 4)]
    cases.append(("Samir's 3, 3 players", samir_three()))
    for title, state in cases:
        times = []
        for r in range(args.repeats):
            advice = advise(GAME, state, policy=args.policy, half_width=args.half_width, seed=r + 1)
            times.append(advice.seconds)
        print(
            f"{title}: best {min(times):.3f} s, worst {max(times):.3f} s "
            f"over {args.repeats} answers; last answer:"
        )
        for item in advice.actions:
            low, high = item.interval
            print(
                f"  {item.action.label('en'):36} {100 * item.win_rate:5.1f} %  "
                f"[{100 * low:5.1f}, {100 * high:5.1f}]  ±{100 * item.half_width:.2f} %  "
                f"{item.playouts:6} playouts"
            )
        verdict = "OK" if max(times) < 1.0 else "SLOWER THAN 1 s"
        print(f"  {advice.playouts} playouts, {advice.rounds} rounds  ->  {verdict}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
