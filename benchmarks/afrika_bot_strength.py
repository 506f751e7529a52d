"""How strong Afrikas stjärna's bots are: win rates with 95 % CIs, and how long they think.

Run: ``.venv/bin/python benchmarks/afrika_bot_strength.py --bots hard,heuristic [--games N]
[--seed S]``. The line-up is rotated over the seats game by game (every bot sits in every
seat equally often), so the first player's edge evens out. Each bot's share of the wins is
compared with an even share (1/players); games without a winner (everybody stranded) count
for nobody. Move times are per decision with more than one legal action, for each bot name.
Prints one line per finished game to follow a long run, then the summary. ``--results FILE``
keeps a line per game and ``--summarize FILE`` adds the parts of a run up (``_results.py``);
``--cpu-clock`` caps and times thinking by CPU time, for a run that shares the machine.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections import defaultdict

import _results
from spelkvall.bots import make_bot
from spelkvall.bots.arena import wilson_interval
from spelkvall.bots.base import Observation
from spelkvall.bots.mcts import MCTSBot
from spelkvall.bots.rollout import RolloutBot
from spelkvall.core import CHANCE, Seat, get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="hard,heuristic")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    parser.add_argument(
        "--hard-iterations", type=int, default=0, help="hard's iterations a move (0: the level's)"
    )
    parser.add_argument(
        "--no-time-cap",
        action="store_true",
        help="the search levels end on their iteration budget alone: their play as on a machine "
        "fast enough for the cap, when this one is loaded (move times are then not the product's)",
    )
    parser.add_argument(
        "--max-decisions",
        type=int,
        default=3000,
        help="cut a game after this many decisions (no winner; reported with its last moves)",
    )
    _results.add_arguments(parser)
    args = parser.parse_args()
    if args.summarize:
        _results.summarize(args.summarize)
        return
    clock = _results.clock_of(args)
    results = _results.Results.of(args, args.bots)
    game = get_game("afrika")
    lineup = args.bots.split(",")
    n = len(lineup)
    bots = {name: make_bot(name, game) for name in set(lineup)}
    for bot in bots.values():
        if isinstance(bot, MCTSBot | RolloutBot):
            bot.clock = clock
    if args.no_time_cap:
        for bot in bots.values():
            if isinstance(bot, MCTSBot):
                bot.time_limit = None
    if args.hard_iterations and "hard" in bots:
        # A research knob: hard with another iteration count, the same time cap.
        hard = bots["hard"]
        assert isinstance(hard, MCTSBot)
        hard.iterations = args.hard_iterations
    game.warm_up()  # compile or load the batch simulator before the first timed move
    wins: dict[str, int] = defaultdict(int)
    seats_of: dict[str, int] = defaultdict(int)
    thinking: dict[str, list[float]] = defaultdict(list)
    no_winner = cut = 0
    print(f"load average before: {os.getloadavg()[0]:.1f}", flush=True)
    start = time.perf_counter()
    for g in range(args.games):
        seed = args.seed * 1_000_003 + g
        rng = random.Random(seed)
        shift = g % n
        names = lineup[shift:] + lineup[:shift]
        for name in names:
            seats_of[name] += 1
        state = game.new_state([Seat(f"{i + 1}:{name}") for i, name in enumerate(names)])
        decisions = 0
        side_times: list[float] = []
        last: list[str] = []
        while not state.is_terminal():
            if decisions >= args.max_decisions:
                # The rules have no turn limit; say what the players kept doing.
                cut += 1
                print(f"game {g + 1} cut after {decisions} decisions; its last moves:", flush=True)
                for line in last:
                    print(f"    {line}", flush=True)
                break
            if state.is_chance():
                state.apply(state.sample_chance(rng), CHANCE)
                continue
            p = state.players_to_act()[0]
            bot = bots[names[p]]
            obs = Observation(game, state.clone(), p)
            if len(state.legal_actions(p)) > 1:
                t = clock()
                action = bot.choose(obs, rng)
                thinking[names[p]].append(clock() - t)
                if names[p] == lineup[0]:
                    side_times.append(thinking[names[p]][-1])
            else:
                action = bot.choose(obs, rng)
            decisions += 1
            last = [*last[-11:], f"{names[p]} (seat {p}): {game.describe_action(state, action)}"]
            state.apply(action, p)
        winners = state.winners() if state.is_terminal() else []
        for w in winners:
            wins[names[w]] += 1
        no_winner += not winners
        won = any(names[w] == lineup[0] for w in winners)
        results.record(seed, names, winners, won, side_times, decisions=decisions)
        if not args.quiet:
            won = names[winners[0]] if winners else "-"
            print(f"game {g + 1}: {won}  {dict(wins)}", flush=True)
    seconds = time.perf_counter() - start
    print(f"afrika {n} players, line-up {args.bots} rotated, {args.games} games, seed {args.seed}")
    print(
        f"  {no_winner} games without a winner ({cut} of them cut at {args.max_decisions} "
        f"decisions); {seconds / args.games:.1f} s/game"
    )
    for name in sorted(set(lineup)):
        seats = seats_of[name]
        low, high = wilson_interval(wins[name], seats)
        print(
            f"  {name}: won {wins[name]} of {seats} seats = {100 * wins[name] / seats:.1f} % "
            f"(95 % CI {100 * low:.1f}-{100 * high:.1f} %), even share {100 / n:.1f} %"
        )
    for name, times in sorted(thinking.items()):
        mean = sum(times) / len(times)
        print(f"  {name}: mean {mean:.3f} s, max {max(times):.3f} s over {len(times)} choices")
    print(f"load average after: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
