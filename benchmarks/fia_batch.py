"""Fia's batch simulator on ONE core: random and heuristic 4-player games per second, and the
ratio to the reference engine measured in the same run.

Run: ``.venv/bin/python benchmarks/fia_batch.py [--games N] [--repeats R] [--reference N]``.
Target: at least 50,000 random 4-player games per second on one core. Numba is limited to one
thread and the serial kernel is used (no ``prange``). Each figure is the best of ``--repeats``
runs (the machine is shared; the load average is printed too) and the CPU-time rate beside it.
"""

from __future__ import annotations

import os

os.environ["NUMBA_NUM_THREADS"] = "1"  # before Numba is imported

import argparse
import random
import time

from spelkvall.core import CHANCE, Seat
from spelkvall.games.fia import GAME, FiaState, batch, heuristic

TARGET = 50_000.0


def batch_rate(state: FiaState, policy: str, games: int, repeats: int) -> tuple[float, float]:
    """Best wall-clock and CPU-time games per second over ``repeats`` runs."""
    best = best_cpu = 0.0
    for r in range(repeats):
        start, cpu = time.perf_counter(), time.process_time()
        batch.play(state, games, policy, seed=r)
        wall, used = time.perf_counter() - start, time.process_time() - cpu
        best, best_cpu = max(best, games / wall), max(best_cpu, games / used)
    return best, best_cpu


def reference_rate(state: FiaState, policy: str, games: int) -> tuple[float, float]:
    """The reference engine with the same policy (the protocol of tests/games/fia/test_batch)."""
    rng = random.Random(1)
    start, cpu = time.perf_counter(), time.process_time()
    for _ in range(games):
        s = state.clone()
        while not s.is_terminal():
            if s.is_chance():
                s.apply(s.sample_chance(rng), CHANCE)
                continue
            legal = s.legal_actions()
            if policy == "random":
                s.apply(legal[int(rng.random() * len(legal))])
            elif len(legal) == 1:
                s.apply(legal[0])
            else:
                action = heuristic.choose(s, rng)
                assert action is not None
                s.apply(action)
    return games / (time.perf_counter() - start), games / (time.process_time() - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200_000, help="games per timed run")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--reference", type=int, default=300, help="reference engine games")
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} (2 cores)")
    print(f"compile or load the kernels: {batch.warm_up():.2f} s")
    state = GAME.new_state([Seat(n) for n in ("Micael", "Samir", "Pontus", "Anna")])
    for policy in ("random", "heuristic"):
        games = args.games if policy == "random" else max(1, args.games // 4)
        rate, cpu_rate = batch_rate(state, policy, games, args.repeats)
        ref, ref_cpu = reference_rate(state, policy, args.reference)
        print(f"{policy} 4-player games, one core, best of {args.repeats} x {games}:")
        print(f"  batch simulator: {rate:,.0f} games/s  ({cpu_rate:,.0f} per CPU second)")
        print(f"  reference engine: {ref:,.0f} games/s  ({ref_cpu:,.0f} per CPU second)")
        print(f"  ratio: {rate / ref:,.0f}x  (CPU time: {cpu_rate / ref_cpu:,.0f}x)")
        if policy == "random":
            verdict = "OK" if rate >= TARGET else "BELOW TARGET"
            print(f"  target >= {TARGET:,.0f} games/s: {rate / TARGET:.2f}x  ->  {verdict}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
