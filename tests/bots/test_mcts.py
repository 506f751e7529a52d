"""MCTS: finds known best moves, samples chance, respects its budgets, plays whole games."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from spelkvall.bots import Observation
from spelkvall.bots.arena import play_game
from spelkvall.bots.mcts import MIN_PAIRED, MCTSBot, playout, rewards
from spelkvall.core import Seat
from spelkvall.games.fia import GAME as FIA
from spelkvall.games.fia.heuristic import score_moves

from .toy_games import DICE_BET, NIM, SEATS, Pick, Take


def test_mcts_takes_one_stone_from_seven_to_leave_a_multiple_of_three() -> None:
    state = NIM.new_state(SEATS)
    bot = MCTSBot(iterations=2000, policy="random")
    assert bot.choose(Observation(NIM, state, 0), random.Random(1)) == Take(1)


def test_mcts_weighs_sampled_dice_and_bets_on_the_likelier_outcome() -> None:
    state = DICE_BET.new_state(SEATS)
    bot = MCTSBot(iterations=300, policy="random")
    for seed in range(5):
        assert bot.choose(Observation(DICE_BET, state, 0), random.Random(seed)) == Pick(False)


def test_mcts_stops_at_its_iteration_budget() -> None:
    state = NIM.new_state(SEATS)
    bot = MCTSBot(iterations=37, policy="random")
    bot.choose(Observation(NIM, state, 0), random.Random(1))
    assert bot.last.iterations == 37
    assert bot.last.playouts <= 37


def test_mcts_stops_at_its_time_limit() -> None:
    state = FIA.new_state([Seat("A"), Seat("B"), Seat("C"), Seat("D")])
    rng = random.Random(2)
    while state.is_chance() or len(state.legal_actions()) < 2:
        if state.is_chance():
            state.apply(state.sample_chance(rng), -1)
        else:
            state.apply(state.legal_actions()[0])
    bot = MCTSBot(iterations=None, time_limit=0.05)
    # Catches a search that does not stop at its limit. Measured in this process's CPU time,
    # which a loaded machine does not stretch (on the wall clock a stall of the process
    # between two checks counted as search time), and with Fia's fast simulator loaded first:
    # the first iteration's playouts loaded it (over a second of CPU from Numba's cache, and
    # many more when another change had the kernels compile anew).
    FIA.warm_up()
    bot.clock = time.process_time
    bot.choose(Observation(FIA, state, state.players_to_act()[0]), rng)
    assert bot.last.iterations >= 1
    # One iteration may still be running when the limit passes: a playout is short here.
    assert bot.last.seconds < 1.0


def test_mcts_measures_its_time_limit_on_its_clock() -> None:
    # A benchmark sharing the machine caps by CPU time: a clock that ticks a second a reading
    # ends the search at the first check after the start, however fast the machine is.
    ticks = iter(range(10**6))
    bot = MCTSBot(iterations=None, time_limit=2.5, policy="random")
    bot.clock = lambda: float(next(ticks))
    bot.choose(Observation(NIM, NIM.new_state(SEATS), 0), random.Random(1))
    assert bot.last.iterations == 3
    assert bot.last.seconds == 4.0


def test_mcts_needs_a_budget() -> None:
    with pytest.raises(ValueError, match="budget"):
        MCTSBot(iterations=None, time_limit=None)


def test_mcts_refuses_an_unknown_playout_policy() -> None:
    with pytest.raises(ValueError, match="policy"):
        MCTSBot(policy="oracle")


def test_mcts_does_not_search_a_forced_move() -> None:
    state = NIM.new_state(SEATS)
    state.stones = 1
    bot = MCTSBot(iterations=100)
    assert bot.choose(Observation(NIM, state, 0), random.Random(1)) == Take(1)
    assert bot.last.iterations == 0


def test_mcts_is_reproducible_with_an_iteration_budget() -> None:
    seats = [Seat("A"), Seat("B"), Seat("C")]
    first, _ = play_game(FIA, seats, [MCTSBot(iterations=8), "heuristic", "random"], seed=4)
    again, _ = play_game(FIA, seats, [MCTSBot(iterations=8), "heuristic", "random"], seed=4)
    assert first.is_terminal()
    assert first.view(None) == again.view(None)


def test_playout_ends_the_game_and_rewards_only_the_winner() -> None:
    state = FIA.new_state([Seat("A"), Seat("B")])
    reward = playout(FIA, state, lambda g, s, p, r: s.legal_actions(p)[0], random.Random(3))
    assert state.is_terminal()
    assert reward == rewards(state)
    assert sorted(reward) == [0.0, 1.0]


def test_mcts_uses_the_games_fast_playouts_when_it_has_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[tuple[int, str]] = []

    def fake(state: object, games: int, policy: str, seed: int) -> list[float]:
        calls.append((games, policy))
        return [0.0, float(games)]  # "player 1 always wins": player 0's moves all look equal

    monkeypatch.setattr(NIM, "playout_wins", fake, raising=False)
    bot = MCTSBot(iterations=10, leaf_playouts=8)
    bot.choose(Observation(NIM, NIM.new_state(SEATS), 0), random.Random(1))
    assert calls and all(c == (8, "heuristic") for c in calls)
    assert bot.last.playouts == 8 * len(calls)


def test_each_own_move_is_tried_on_the_same_chance_scenarios() -> None:
    # Betting high wins on 1-4, low on 1-2: on the same die the high bet never does worse.
    # Without common scenarios the two would meet different dice and this would fail.
    bot = MCTSBot(iterations=200, policy="random")
    search = bot.search(Observation(DICE_BET, DICE_BET.new_state(SEATS), 0), random.Random(4))
    high, low = search.scenario_rewards[Pick(False)], search.scenario_rewards[Pick(True)]
    assert len(high) > 10 and len(low) > 10
    assert all(h >= lo for h, lo in zip(high, low, strict=False))
    assert any(h > lo for h, lo in zip(high, low, strict=False))


def test_a_depth_bound_keeps_the_tree_to_the_own_moves_at_the_root() -> None:
    state = NIM.new_state(SEATS)
    deep = MCTSBot(iterations=300, policy="random").search(
        Observation(NIM, state, 0), random.Random(2)
    )
    assert any(child.children for child in deep.root.children.values())
    flat = MCTSBot(iterations=300, policy="random", max_depth=1).search(
        Observation(NIM, state, 0), random.Random(2)
    )
    assert flat.root.edges[0] and not flat.root.children  # judged by playouts alone
    assert sum(len(r) for r in flat.scenario_rewards.values()) == 300
    # Still the known best move: take one of seven, leaving a multiple of three.
    assert flat.most_visited(state.legal_actions(0)) == Take(1)


def test_a_game_may_bound_the_depth_for_a_position(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[tuple[int, int]] = []

    def depth(state: Any, player: int) -> int | None:
        asked.append((state.stones, player))
        return 1

    monkeypatch.setattr(NIM, "search_depth", depth)
    search = MCTSBot(iterations=100, policy="random").search(
        Observation(NIM, NIM.new_state(SEATS), 0), random.Random(2)
    )
    assert asked == [(7, 0)] and not search.root.children


def test_a_depth_bound_must_be_at_least_one() -> None:
    with pytest.raises(ValueError, match="max_depth"):
        MCTSBot(iterations=10, max_depth=0)


def test_the_baseline_move_stays_unless_another_is_better_beyond_noise() -> None:
    search = MCTSBot(iterations=1, policy="random").search(
        Observation(DICE_BET, DICE_BET.new_state(SEATS), 0), random.Random(1)
    )
    low, high = Pick(True), Pick(False)
    legal = [low, high]
    search.scenario_rewards = {low: [0.0, 1.0, 0.0, 1.0] * 2, high: [0.0, 1.0, 1.0, 1.0] * 2}
    # One better scenario in four: a mean gain of 0.25, 1.53 standard errors over 8 scenarios.
    assert search.better_than(low, legal, z=2.0) == low
    assert search.better_than(low, legal, z=1.0) == high
    search.scenario_rewards = {low: [0.0] * 8, high: [1.0] * 8}
    assert search.better_than(low, legal, z=3.0) == high
    assert search.better_than(high, legal, z=0.0) == high


def test_a_few_lucky_scenarios_never_overrule_the_baseline() -> None:
    search = MCTSBot(iterations=1, policy="random").search(
        Observation(DICE_BET, DICE_BET.new_state(SEATS), 0), random.Random(1)
    )
    low, high = Pick(True), Pick(False)
    # Won on every shared scenario, but on too few: the differences have no spread at all, so
    # any z would take luck for a sure gain.
    search.scenario_rewards = {low: [0.0] * (MIN_PAIRED - 1), high: [1.0] * (MIN_PAIRED - 1)}
    assert search.better_than(low, [low, high], z=1.0) == low
    search.scenario_rewards = {low: [0.0] * MIN_PAIRED, high: [1.0] * MIN_PAIRED}
    assert search.better_than(low, [low, high], z=1.0) == high


def test_a_bot_with_a_baseline_leaves_the_rule_of_thumb_only_for_a_clearly_better_move() -> None:
    rng = random.Random(5)
    state = FIA.new_state([Seat("A"), Seat("B"), Seat("C"), Seat("D")])
    agree = total = 0
    while not state.is_terminal() and total < 12:
        if state.is_chance():
            state.apply(state.sample_chance(rng), -1)
            continue
        seat = state.players_to_act()[0]
        if len(state.legal_actions()) > 1:
            timid = MCTSBot(iterations=20, baseline=True, confidence=50.0)
            choice = timid.choose(Observation(FIA, state, seat), random.Random(total))
            # One of the rule of thumb's best-scored moves (it breaks exact ties at random).
            scores = score_moves(state)
            agree += scores[list(state.legal_actions()).index(choice)] == max(scores)
            total += 1
        state.apply(FIA.heuristic_action(state, seat, rng), seat)
    assert total == 12 and agree == total
