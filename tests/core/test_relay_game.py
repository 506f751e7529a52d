"""Stafett, a game defined only in the test tree (``relay_game.py``), plays to the end through
the engine with a no-winner result, a choice option and a decision taken in several steps; the
conformance checks hold for it like for any registered game."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from spelkvall.core import (
    CHANCE,
    IllegalAction,
    InvalidSetup,
    Match,
    MatchRecord,
    Result,
    Seat,
    register_game,
    unregister_game,
)
from tests.conformance.checks import GameHooks, Playout, run_playout

from .relay_game import BACK, DONE, GAME, RelayState, Throw, Use

SEATS = [Seat("Anna"), Seat("Bo")]


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    """Records replay through the registry: the game is registered for these tests only."""
    register_game(GAME)
    yield
    unregister_game(GAME.id)


def invariants(state: object) -> None:
    assert isinstance(state, RelayState)
    assert all(0 <= p <= state.options.goal for p in state.positions)
    assert len(state.used) <= len(state.dice)


HOOKS = GameHooks(invariants=invariants, max_steps=5_000)


@pytest.mark.parametrize(
    "playout",
    [
        Playout(2, 60),
        Playout(3, 30, {"goal": 16, "dice": "one"}),
        Playout(4, 30, {"teams": True, "turn_limit": 6}),
        Playout(5, 20, {"goal": 8}),
        Playout(6, 20, {"teams": True}),
        Playout(2, 3, {"turn_limit": 4}, deep=True),
        Playout(6, 2, {"teams": True, "goal": 8}, deep=True),
    ],
    ids=lambda p: p.id,
)
def test_relay_keeps_the_engine_contract(playout: Playout) -> None:
    run_playout(GAME, HOOKS, playout, seed=3)


def test_a_turn_is_several_steps_use_a_die_step_back_use_the_other_then_done() -> None:
    state = GAME.new_state(SEATS)
    assert state.is_chance() and state.chance_seat() == 0
    assert state.apply(Throw(3, 5), CHANCE) == [("thrown", 0, 3, 5)]
    assert state.legal_actions(0) == [Use(0), Use(1)]  # no "done" before a die is used
    assert state.apply(Use(0), 0) == [("moved", 0, 3, 3)]
    assert state.legal_actions(0) == [Use(1), BACK, DONE]
    assert state.apply(BACK, 0) == [("back", 0, 0)]
    state.apply(Use(1), 0)
    state.apply(Use(0), 0)
    assert state.positions[0] == 8
    assert state.legal_actions(0) == [BACK, DONE]
    assert state.apply(DONE, 0) == [("done", 0)]
    assert state.is_chance() and state.chance_seat() == 1  # the next runner throws


def test_a_die_that_would_pass_the_goal_cannot_be_used_and_done_passes() -> None:
    state = GAME.new_state(SEATS, GAME.parse_options({"goal": 8}))
    state.positions[0] = 6
    state.apply(Throw(3, 4), CHANCE)
    assert state.legal_actions(0) == [DONE]


def test_reaching_the_goal_exactly_wins_at_once() -> None:
    state = GAME.new_state(SEATS, GAME.parse_options({"goal": 8}))
    state.positions[0] = 6
    state.apply(Throw(2, 6), CHANCE)
    assert state.apply(Use(0), 0) == [("moved", 0, 2, 8), ("won", 0)]
    assert state.result() == Result((0,), ((0,), (1,)), (8.0, 0.0))


def test_the_turn_limit_ends_the_game_with_no_winner_ranked_by_distance() -> None:
    match = Match(GAME, SEATS, GAME.parse_options({"turn_limit": 4}))
    for a, b in ((1, 1), (2, 2), (1, 1), (1, 2)):
        match.apply(Throw(a, b), CHANCE)
        match.apply(Use(0))
        match.apply(DONE)
    result = match.state.result()
    assert result is not None and not result.has_winner and result.winners == ()
    assert result.ranking == ((1,), (0,)) and result.places() == [2, 1]
    assert match.state.is_terminal()
    replayed = MatchRecord.loads(match.record.dumps()).replay()
    assert replayed.result() == result


def test_teams_win_together() -> None:
    seats = [Seat(n) for n in ("A", "B", "C", "D")]
    state = GAME.new_state(seats, GAME.parse_options({"teams": True, "goal": 8}))
    assert GAME.teams(4, state.options) == ((0, 2), (1, 3))
    state.positions[0] = 7
    state.apply(Throw(1, 1), CHANCE)
    state.apply(Use(0), 0)
    result = state.result()
    assert result is not None and result.winners == (0, 2) and result.places()[2] == 1


def test_options_refuse_values_outside_their_choices_and_ranges_naming_what_is_allowed() -> None:
    with pytest.raises(InvalidSetup) as choice:
        GAME.parse_options({"goal": 10})
    assert choice.value.key == "error.option_choice"
    assert choice.value.params["allowed"] == "8, 12, 16"
    with pytest.raises(InvalidSetup) as low:
        GAME.parse_options({"turn_limit": 3})
    assert low.value.key == "error.option_range" and low.value.params["allowed"] == "4–200"
    with pytest.raises(InvalidSetup) as word:
        GAME.parse_options({"dice": "three"})
    assert word.value.params["allowed"] == "one, two"
    assert GAME.option_spec("dice").from_text("one") == "one"
    assert GAME.option_spec("teams").from_text("ja") is True


def test_any_player_count_from_two_to_six_and_no_other() -> None:
    assert GAME.player_counts() == (2, 3, 4, 5, 6)
    for n in (1, 7):
        with pytest.raises(InvalidSetup) as err:
            GAME.new_state([Seat(f"P{i}") for i in range(n)])
        assert err.value.key == "error.players" and err.value.params["counts"] == "2–6"


def test_a_step_by_the_wrong_seat_or_as_chance_is_refused_and_changes_nothing() -> None:
    state = GAME.new_state(SEATS)
    with pytest.raises(IllegalAction):
        state.apply(Use(0), 0)  # the dice come first
    state.apply(Throw(1, 2), CHANCE)
    before = state.view(None)
    for action, player in ((Use(0), 1), (Throw(1, 1), CHANCE), (Use(0), CHANCE), (BACK, 0)):
        with pytest.raises(IllegalAction):
            state.apply(action, player)
    assert state.view(None) == before
