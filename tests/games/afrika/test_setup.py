"""§1 components and §2 setup: players, tokens, money, turn order, start points."""

from __future__ import annotations

import pytest

from spelkvall.core import CHANCE, InvalidSetup, Seat
from spelkvall.games.afrika import GAME, AfrikaOptions
from spelkvall.games.afrika.actions import ORDERS, ROLLS, START_AT, Start
from spelkvall.games.afrika.board import CITIES, STARTS
from spelkvall.games.afrika.rules import DRAW, ORDER, START, TURN, UNOPENED
from spelkvall.games.afrika.tokens import TOKEN_COUNTS, TOKEN_NAMES

from .helpers import COLOURS, NAMES, node, table


def seats(n: int) -> list[Seat]:
    return [Seat(NAMES[i], COLOURS[i]) for i in range(n)]


def test_two_to_five_players() -> None:
    assert GAME.player_counts() == (2, 3, 4, 5)
    for n in (2, 5):
        GAME.new_state(seats(n))
    for n in (1, 6):
        with pytest.raises(InvalidSetup):
            GAME.new_state(seats(n))


def test_a_sixth_player_behind_the_option() -> None:
    options = AfrikaOptions(sixth_player=True)
    assert GAME.player_counts(options) == (2, 3, 4, 5, 6)
    state = GAME.new_state(seats(6), options)
    assert state.num_players == 6


def test_thirty_tokens_in_the_bag_with_the_spec_counts() -> None:
    state = GAME.new_state(seats(3))
    counts = dict(zip(TOKEN_NAMES, TOKEN_COUNTS, strict=True))
    assert counts == {
        "blank": 12,
        "horseshoe": 5,
        "robber": 3,
        "topaz": 4,
        "emerald": 3,
        "ruby": 2,
        "star": 1,
    }
    assert state.bag.counts == list(TOKEN_COUNTS) and len(state.bag) == 30


def test_one_face_down_token_on_each_city_and_none_on_the_start_points() -> None:
    state = GAME.new_state(seats(3))
    assert len(CITIES) == 30
    assert all(state.token_at[c] == UNOPENED for c in CITIES)
    assert all(state.token_at[s] != UNOPENED for s in STARTS)


def test_every_player_starts_with_300() -> None:
    state = table(4)
    assert state.money == [300] * 4


def test_random_turn_order_is_drawn_seat_by_seat_as_chance() -> None:
    state = GAME.new_state(seats(3))
    assert state.phase == ORDER and state.is_chance() and state.chance_seat() is None
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [ORDERS[0], ORDERS[1], ORDERS[2]]
    assert all(abs(p - 1 / 3) < 1e-12 for _, p in outcomes)
    state.apply(ORDERS[2], CHANCE)
    assert [a for a, _ in state.chance_outcomes()] == [ORDERS[0], ORDERS[1]]
    events = state.apply(ORDERS[0], CHANCE)
    assert state.order == [2, 0, 1]  # the last seat follows without a draw
    assert ("order", (2, 0, 1)) in events
    assert state.phase == START and state.current == 2


def test_highest_roll_starts_and_play_goes_on_in_descending_order() -> None:
    state = GAME.new_state(seats(3), AfrikaOptions(turn_order="highest_roll"))
    assert state.chance_seat() == 0
    state.apply(ROLLS[2], CHANCE)
    assert state.chance_seat() == 1
    state.apply(ROLLS[5], CHANCE)
    state.apply(ROLLS[4], CHANCE)
    assert state.order == [1, 2, 0] and state.phase == START


def test_highest_roll_ties_roll_again_among_the_tied() -> None:
    state = GAME.new_state(seats(4), AfrikaOptions(turn_order="highest_roll"))
    for value in (6, 3, 6, 1):
        state.apply(ROLLS[value], CHANCE)
    assert state.phase == ORDER and state.order_pending == [0, 2]
    state.apply(ROLLS[2], CHANCE)
    state.apply(ROLLS[4], CHANCE)
    assert state.order == [2, 0, 1, 3]


def test_each_player_chooses_tangier_or_cairo_in_turn_order() -> None:
    state = GAME.new_state(seats(2))
    state.apply(ORDERS[1], CHANCE)
    assert state.phase == START and state.players_to_act() == (1,)
    assert set(state.legal_actions(1)) == {Start("tangier"), Start("cairo")}
    state.apply(START_AT[node("cairo")], 1)
    state.apply(START_AT[node("tangier")], 0)
    assert state.pos == [node("tangier"), node("cairo")]
    assert state.phase == TURN and state.current == 1


def test_the_initial_state_holds_no_randomness() -> None:
    a = GAME.new_state(seats(3))
    b = GAME.new_state(seats(3))
    assert a.view(None) == b.view(None)
    assert a.phase != DRAW
