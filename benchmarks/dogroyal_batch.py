"""DogRoyal's batch simulator on ONE core: random and heuristic 4-player games per second (wall
clock and per CPU second), the reference engine's rate in the same run, and where the kernel's
time goes (the legal-move planning, timed alone on positions met in random games).

Run: ``.venv/bin/python benchmarks/dogroyal_batch.py [--games N] [--repeats R] [--reference N]``.
Target (#16): at least 5,000 random 4-player games per CPU second. Numba is limited to one
thread and the serial kernel is used. Each figure is the best of ``--repeats`` runs (the machine
is shared; the load average is printed before and after).
"""

from __future__ import annotations

import os

os.environ["NUMBA_NUM_THREADS"] = "1"  # before Numba is imported

import argparse
import random
import time

import numpy as np
from numba import njit

from spelkvall.core import CHANCE, Action, Seat
from spelkvall.games.dogroyal import GAME, DogState, batch, heuristic, moves
from spelkvall.games.dogroyal import _kernel as k
from spelkvall.games.dogroyal.rules import PLAY

TARGET = 5_000.0


def batch_rate(state: DogState, policy: str, games: int, repeats: int) -> tuple[float, float]:
    """Best wall-clock and CPU-time games per second over ``repeats`` runs."""
    best = best_cpu = 0.0
    for r in range(repeats):
        start, cpu = time.perf_counter(), time.process_time()
        batch.play(state, games, policy, seed=r)
        wall, used = time.perf_counter() - start, time.process_time() - cpu
        best, best_cpu = max(best, games / wall), max(best_cpu, games / used)
    return best, best_cpu


def reference_rate(state: DogState, policy: str, games: int) -> tuple[float, float]:
    """The reference engine with the same policy (the protocol of
    tests/games/dogroyal/test_batch.py)."""
    rng = random.Random(1)
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(games):
        s = state.clone()
        while not s.is_terminal():
            if s.is_chance():
                s.apply(s.sample_chance(rng), CHANCE)
                continue
            seat = s.players_to_act()[0]
            legal = s.legal_actions(seat)
            if policy == "random":
                s.apply(legal[int(rng.random() * len(legal))], seat)
            elif len(legal) == 1:
                s.apply(legal[0], seat)
            else:
                s.apply(heuristic.choose(s, seat, rng), seat)
    wall, used = time.perf_counter() - start, time.process_time() - cpu
    return games / wall, games / used


def plannings(state: DogState, games: int) -> float:
    """How often a random game lists the legal moves of a turn (a seat whose cards are all
    unplayable is listed too): the engine counted, which plans exactly when the kernel does."""
    calls = 0
    plan = moves.plan_moves

    def counted(s: DogState) -> tuple[Action, ...]:
        nonlocal calls
        calls += 1
        return plan(s)

    moves.plan_moves = counted
    try:
        reference_rate(state, "random", games)
    finally:
        moves.plan_moves = plan
    return calls / games


@njit
def _plan_loop(st, reps):  # type: ignore[no-untyped-def]
    rc = np.zeros((k.RCROWS, 2 * k.MAX_STEPS + 1), np.int64)
    mv = np.empty((k.MAXMV, k.MCOLS), np.int64)
    total = 0
    for _ in range(reps):
        total += k._plan(st, rc, mv)
    return total


def plan_time(state: DogState, positions: int, reps: int) -> tuple[float, float]:
    """Nanoseconds per planning of the legal moves, and legal moves per planning, averaged
    over positions of random games."""
    rng = random.Random(3)
    found: list[np.ndarray] = []  # type: ignore[type-arg]
    while len(found) < positions:
        s = state.clone()
        while not s.is_terminal() and len(found) < positions:
            if s.is_chance():
                s.apply(s.sample_chance(rng), CHANCE)
                continue
            seat = s.players_to_act()[0]
            legal = s.legal_actions(seat)
            if s.phase == PLAY and rng.random() < 0.1:
                found.append(batch._encode(s))
            s.apply(legal[rng.randrange(len(legal))], seat)
    _plan_loop(found[0], 1)
    cpu = time.process_time()
    legal = sum(_plan_loop(st, reps) for st in found)
    used = time.process_time() - cpu
    return used / (positions * reps) * 1e9, legal / (positions * reps)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="games per timed run")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--reference", type=int, default=100, help="reference engine games")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} (2 cores)")
    print(f"compile or load the kernels: {batch.warm_up():.2f} s")
    state = GAME.new_state([Seat(n) for n in ("Micael", "Samir", "Pontus", "Anna")])
    for policy in ("random", "heuristic"):
        rate, cpu_rate = batch_rate(state, policy, args.games, args.repeats)
        ref, ref_cpu = reference_rate(state, policy, args.reference)
        print(f"{policy} 4-player games, one core, best of {args.repeats} x {args.games}:")
        print(f"  batch simulator: {rate:,.0f} games/s  ({cpu_rate:,.0f} per CPU second)")
        print(f"  reference engine: {ref:,.1f} games/s  ({ref_cpu:,.1f} per CPU second)")
        print(f"  ratio: {rate / ref:,.0f}x  (CPU time: {cpu_rate / ref_cpu:,.0f}x)")
        if policy == "random":
            verdict = "OK" if cpu_rate >= TARGET else "BELOW TARGET"
            print(
                f"  target >= {TARGET:,.0f} per CPU second: {cpu_rate / TARGET:.2f}x -> {verdict}"
            )
            plans = plannings(state, 20)
            ns, legal = plan_time(state, 200, 5000)
            per_game = ns * plans / 1e9
            print(
                f"  planning alone: {ns:,.0f} ns per planning ({legal:.1f} legal moves), "
                f"{plans:,.0f} plannings per game: "
                f"{per_game * 1e3:.2f} ms of the {1e3 / cpu_rate:.2f} CPU ms a game takes "
                f"({100 * per_game * cpu_rate:.0f} %)"
            )
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
