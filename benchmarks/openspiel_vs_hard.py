"""OpenSpiel's MCTS (IS-MCTS where the game hides information) against our ``hard`` level, with
95 % intervals (#31).

Run: ``.venv/bin/python benchmarks/openspiel_vs_hard.py [--games N] [--simulations S]
[--seed S] [--game fia --game front]``.

Each game is played through ``spelkvall.research.openspiel`` (``pyspiel.load_game
("python_spelkvall_<id>")``) with the game's fewest players: OpenSpiel's bot in one seat,
``hard`` in all the others, the OpenSpiel bot's seat going round so it sits in each seat
equally often. OpenSpiel's bot is ``open_spiel.python.algorithms.mcts.MCTSBot`` with a
random-rollout evaluator (``--simulations`` per move, ``--rollouts`` playouts per leaf), or for
a game with hidden information ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with the
resampler of the OpenSpiel state (``Game.sample_state`` from the bot's own view). ``hard`` gets
only its own seat's observation, as at a table. Chance is drawn from the game's seed, so a run
is reproducible apart from ``hard``'s time cap.

A win is taking the game's win (a team's win counts for each member); a game that ends without
a winner counts as no win for anybody. The fair share of a seat is 1/players. The interval is
Wilson's score interval.

``--results FILE`` keeps a line per game (the line-up is ``openspiel-mcts-S,hard`` for S
simulations) and ``--summarize FILE`` adds the parts of a run up (``_results.py``);
``--cpu-clock`` runs ``hard``'s time cap and the move times on CPU time, for a run that shares
the machine.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import _results
from spelkvall.bots.arena import wilson_interval
from spelkvall.bots.base import Observation, make_bot
from spelkvall.core import get_game
from spelkvall.research.openspiel import SpelkvallGame, SpelkvallState, register


def openspiel_bot(game: SpelkvallGame, args: argparse.Namespace, seed: int) -> Any:
    """MCTS for a perfect-information game, IS-MCTS with the game's resampler otherwise."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=args.rollouts, random_state=rng)
    if game.game.perfect_information:
        return mcts.MCTSBot(
            game,
            uct_c=args.uct_c,
            max_simulations=args.simulations,
            evaluator=evaluator,
            random_state=rng,
            solve=False,
        )
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        uct_c=args.uct_c,
        max_simulations=args.simulations,
        random_state=rng,
    )
    sampler_rng = random.Random(seed)
    bot.set_resampler(
        lambda state, player: state.resample_from_infostate(player, sampler_rng.random)
    )
    return bot


def play(
    game: SpelkvallGame, args: argparse.Namespace, bot_seat: int, seed: int
) -> tuple[list[float], list[float]]:
    """One game: OpenSpiel's bot in ``bot_seat``, ``hard`` elsewhere. The returns, and the
    seconds of each OpenSpiel move."""
    engine = game.game
    ours = _results.Timed(make_bot("hard", engine), _results.clock_of(args))
    theirs = openspiel_bot(game, args, seed)
    chance = np.random.RandomState(seed)
    rng = random.Random(seed)
    state: SpelkvallState = game.new_initial_state()
    times: list[float] = []
    clock = _results.clock_of(args)
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(chance.choice(actions, p=np.asarray(probs) / sum(probs))))
            continue
        player = state.current_player()
        if player == bot_seat:
            start = clock()
            action = int(theirs.step(state))
            times.append(clock() - start)
        else:
            chosen = ours.choose(Observation(engine, state.inner, player), rng)
            action = game.numbering.index(chosen)
        state.apply_action(action)
    return list(state.returns()), times


def run(game_id: str, args: argparse.Namespace) -> None:
    register(game_id)
    engine = get_game(game_id)
    engine.warm_up()  # hard's playouts: loading the compiled simulator is not part of a move
    players = engine.player_counts()[0]
    game = pyspiel.load_game(f"python_spelkvall_{game_id}", {"players": players})
    kind = "MCTS" if engine.perfect_information else "IS-MCTS"
    results = _results.Results.of(args, f"openspiel-{kind.lower()}-{args.simulations},hard")
    wins = 0
    draws = 0
    move_times: list[float] = []
    start = time.perf_counter()
    for k in range(args.games):
        seat = k % players
        returns, times = play(game, args, seat, args.seed + k)
        move_times.extend(times)
        seats = ["hard"] * players
        seats[seat] = results.lineup.split(",")[0]
        winners = [p for p, r in enumerate(returns) if r > 0]
        results.record(args.seed + k, seats, winners, returns[seat] > 0, times)
        if not any(r > 0 for r in returns):
            draws += 1
        elif returns[seat] > 0:
            wins += 1
        done = k + 1
        # Every game: a long run shows where it is, and a cut-off run what it had.
        print(
            f"  {game_id}: {done}/{args.games} games, OpenSpiel {kind} won {wins}, "
            f"{time.perf_counter() - start:.0f} s",
            flush=True,
        )
    low, high = wilson_interval(wins, args.games)
    rate = wins / args.games if args.games else 0.0
    print(
        f"{game_id}, {players} players: OpenSpiel {kind} ({args.simulations} simulations, "
        f"{args.rollouts} rollout(s) per leaf) in one seat, hard in the others; "
        f"{args.games} games, its seat going round"
    )
    print(
        f"  OpenSpiel {kind} wins {wins}/{args.games} = {100 * rate:.1f} % "
        f"(95 % CI {100 * low:.1f}-{100 * high:.1f} %); fair share {100 / players:.1f} %; "
        f"games without a winner {draws}"
    )
    if move_times:
        print(
            f"  its move time: mean {np.mean(move_times):.2f} s, max {max(move_times):.2f} s; "
            f"{time.perf_counter() - start:.0f} s in all; "
            f"load average at the end {os.getloadavg()[0]:.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--game", action="append", help="a game id (default: fia and front)")
    parser.add_argument("--games", type=int, default=200, help="games per game (default 200)")
    parser.add_argument("--simulations", type=int, default=100, help="MCTS simulations a move")
    parser.add_argument("--rollouts", type=int, default=1, help="random rollouts per leaf")
    parser.add_argument("--uct-c", type=float, default=2.0, dest="uct_c")
    parser.add_argument("--seed", type=int, default=1)
    _results.add_arguments(parser)
    args = parser.parse_args()
    if args.summarize:
        _results.summarize(args.summarize)
        return
    for game_id in args.game or ["fia", "front"]:
        run(game_id, args)


if __name__ == "__main__":
    main()
