"""Omringad's batch simulator on ONE core: random and heuristic games per CPU second (2 players
on the sphere, 4 on the torus), the reference engine's rate in the same run, and what it gives
``hard``: its iterations within the 0.8 s cap over the first decisions of a game, and its move
times, with playouts through the batch simulator.

Run: ``.venv/bin/python benchmarks/omringad_batch.py [--games N] [--reference N]
[--decisions D] [--seed S]``. Numba is limited to one thread for the rates (the search's
playouts use every thread, as in play). The machine is shared; the load average is printed
before and after.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from spelkvall.bots import BOT_FACTORIES
from spelkvall.bots.base import Observation
from spelkvall.bots.mcts import MCTSBot
from spelkvall.core import CHANCE, Seat
from spelkvall.games.omringad import GAME, batch, heuristic
from spelkvall.games.omringad.rules import OmringadState


def new_state(players: int) -> OmringadState:
    return GAME.new_state([Seat(f"P{i}") for i in range(players)])


def batch_rate(state: OmringadState, policy: str, games: int) -> tuple[float, float, float]:
    """Games per CPU second of the serial kernel, decisions and rounds per game."""
    cpu = time.process_time()
    result = batch.play(state, games, policy, seed=1)
    used = time.process_time() - cpu
    return games / used, float(result.moves.mean()), float(result.rounds.mean())


def reference_rate(state: OmringadState, policy: str, games: int) -> float:
    """The reference engine with the same policy (the protocol of
    tests/games/omringad/test_batch.py): games per CPU second."""
    rng = random.Random(1)
    cpu = time.process_time()
    for _ in range(games):
        s = state.clone()
        while not s.is_terminal():
            if s.is_chance():
                s.apply(s.sample_chance(rng), CHANCE)
                continue
            for seat in s.players_to_act():
                legal = s.legal_actions(seat)
                if policy == "random":
                    s.apply(legal[int(rng.random() * len(legal))], seat)
                else:
                    s.apply(heuristic.choose(s, seat, rng), seat)
    return games / (time.process_time() - cpu)


def hard_search(decisions: int, seed: int) -> tuple[list[int], list[float], list[int]]:
    """``hard`` (seat 0) against the heuristic from the start of a 2-player game: per decision
    with more than one legal action (up to ``decisions``), the search's iterations, the move
    time and the playouts."""
    bot = BOT_FACTORIES["hard"](GAME)
    assert isinstance(bot, MCTSBot)
    other = BOT_FACTORIES["heuristic"](GAME)
    rng = random.Random(seed)
    state = new_state(2)
    iterations: list[int] = []
    times: list[float] = []
    playouts: list[int] = []
    while not state.is_terminal() and len(iterations) < decisions:
        if state.is_chance():
            state.apply(state.sample_chance(rng), CHANCE)
            continue
        for seat in state.players_to_act():
            obs = Observation(GAME, state, seat)
            if seat == 0 and len(state.legal_actions(seat)) > 1:
                start = time.perf_counter()
                action = bot.choose(obs, rng)
                times.append(time.perf_counter() - start)
                iterations.append(bot.last.iterations)
                playouts.append(bot.last.playouts)
            else:
                action = (bot if seat == 0 else other).choose(obs, rng)
            state.apply(action, seat)
    return iterations, times, playouts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2_000, help="kernel games per rate")
    parser.add_argument("--reference", type=int, default=60, help="reference engine games")
    parser.add_argument("--decisions", type=int, default=25, help="hard's decisions timed")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} (2 cores)", flush=True)
    print(f"compile or load the kernels: {batch.warm_up():.2f} s", flush=True)
    import numba

    threads = numba.get_num_threads()
    numba.set_num_threads(1)
    for players in (2, 4):
        state = new_state(players)
        for policy in ("random", "heuristic"):
            games = args.games if policy == "random" else args.games // 4
            rate, moves, rounds = batch_rate(state, policy, games)
            ref = reference_rate(state, policy, args.reference // (1 if policy == "random" else 2))
            print(
                f"{policy} {players}-player games, one core: batch simulator "
                f"{rate:,.0f} per CPU second ({games} games, {moves:.0f} decisions and "
                f"{rounds:.2f} rounds a game); reference engine {ref:,.1f} per CPU second; "
                f"{rate / ref:,.0f}x",
                flush=True,
            )
    numba.set_num_threads(threads)
    iterations, times, playouts = hard_search(args.decisions, args.seed)
    print(
        f"hard (2 players, vs the heuristic), first {len(iterations)} decisions with a choice, "
        f"playouts on {threads} threads: iterations mean {statistics.mean(iterations):.0f}, "
        f"median {statistics.median(iterations):.0f}, min {min(iterations)}, "
        f"max {max(iterations)}; playouts a move mean {statistics.mean(playouts):,.0f}; "
        f"move time mean {statistics.mean(times):.3f} s, longest {max(times):.3f} s",
        flush=True,
    )
    print(f"iterations per decision: {iterations}")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
