"""Turns: the bonus roll after a 6 and its same-piece rule, passing, the three-tries option."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from spelkvall.games.fia import ENTER, ENTER_SIX, ENTER_TWO, MOVES, FiaOptions, Roll

from .helpers import kinds, lines, pieces, place, play, roll, table

THREE = (("Micael", "red"), ("Samir", "blue"), ("Pontus", "yellow"))
TRIES = FiaOptions(three_tries=True)


def test_turn_passes_clockwise_after_a_move() -> None:
    state = table(*THREE, starter="Pontus")
    place(state, {"Pontus": [5, 0, 0, 0]})
    roll(state, 3)
    events = play(state, MOVES[0])
    assert events[-1] == ("turn", 0)
    assert lines(state, events)[-1] == "Det är Micaels tur."


def test_six_gives_a_bonus_roll_after_moving() -> None:
    state = table(*THREE, starter="Pontus")
    place(state, {"Pontus": [5, 0, 0, 0]})
    roll(state, 6)
    events = play(state, MOVES[0])
    assert kinds(events) == ["moved", "bonus_roll"]
    assert state.current == 2 and state.is_chance()
    assert lines(state, events)[-1] == "En sexa: Pontus slår igen med samma pjäs."


def test_bonus_roll_after_six_must_move_the_same_piece() -> None:
    state = table(*THREE, starter="Pontus")
    place(state, {"Pontus": [5, 20, 0, 0]})
    roll(state, 6)
    play(state, MOVES[1])
    roll(state, 4)
    assert list(state.legal_actions()) == [MOVES[1]]
    assert state.view(None)["bound"] == [2]


def test_bonus_roll_cannot_bring_out_a_new_piece() -> None:
    state = table(*THREE, starter="Pontus")
    place(state, {"Pontus": [5, 0, 0, 0]})
    roll(state, 6)
    play(state, MOVES[0])
    roll(state, 1)
    assert list(state.legal_actions()) == [MOVES[0]]


def test_another_six_gives_another_bonus_roll_for_the_same_piece() -> None:
    state = table(*THREE, starter="Pontus")
    place(state, {"Pontus": [5, 20, 0, 0]})
    roll(state, 6)
    play(state, MOVES[0])
    roll(state, 6)
    events = play(state, MOVES[0])
    assert kinds(events) == ["moved", "bonus_roll"]
    roll(state, 2)
    assert list(state.legal_actions()) == [MOVES[0]]
    events = play(state, MOVES[0])
    assert pieces(state, "Pontus") == (19, 20, 0, 0)
    assert events[-1] == ("turn", 0)


def test_turn_ends_when_the_same_piece_cannot_use_the_bonus_roll() -> None:
    state = table(*THREE, starter="Pontus")
    place(state, {"Pontus": [7, 14, 0, 0]})
    roll(state, 6)
    play(state, MOVES[0])  # to 13, directly behind 14
    events = roll(state, 3)  # only piece 2 could move, but the bonus roll is piece 1's
    assert kinds(events) == ["rolled", "no_move", "turn"]
    assert pieces(state, "Pontus") == (13, 14, 0, 0)


def test_either_piece_of_a_double_entry_counts_as_the_same_piece() -> None:
    state = table(*THREE, starter="Micael")
    place(state, {"Micael": [20, 0, 0, 0]})
    roll(state, 6)
    play(state, ENTER_TWO)
    roll(state, 3)
    assert list(state.legal_actions()) == [MOVES[1], MOVES[2]]
    play(state, MOVES[2])
    assert pieces(state, "Micael") == (20, 1, 4, 0)


def test_after_a_double_entry_a_second_six_binds_the_piece_that_moved() -> None:
    state = table(*THREE, starter="Micael")
    roll(state, 6)
    play(state, ENTER_TWO)
    roll(state, 6)
    play(state, MOVES[1])
    roll(state, 2)
    assert list(state.legal_actions()) == [MOVES[1]]


def test_piece_entered_on_square_six_is_the_same_piece_for_the_bonus_roll() -> None:
    state = table(*THREE, starter="Micael")
    place(state, {"Micael": [20, 0, 0, 0]})
    roll(state, 6)
    play(state, ENTER_SIX)
    roll(state, 1)
    assert list(state.legal_actions()) == [MOVES[1]]


def test_six_with_no_legal_move_gives_no_bonus_roll() -> None:
    state = table(*THREE, starter="Micael")
    place(state, {"Micael": [42, 43, 44, 45]})
    events = roll(state, 6)
    assert kinds(events) == ["rolled", "no_move", "turn"]
    assert state.current == 1


def test_six_into_the_goal_gives_a_bonus_roll_that_piece_cannot_use() -> None:
    state = table(*THREE, starter="Micael")
    place(state, {"Micael": [39, 10, 0, 0]})
    roll(state, 6)
    events = play(state, MOVES[0])
    assert kinds(events) == ["moved", "goal", "bonus_roll"]
    events = roll(state, 2)
    assert kinds(events) == ["rolled", "no_move", "turn"]
    assert pieces(state, "Micael") == (45, 10, 0, 0)


def test_three_tries_are_off_by_default() -> None:
    state = table(*THREE, starter="Micael")
    assert roll(state, 2)[-1] == ("turn", 1)


def test_three_tries_option_gives_three_rolls_with_no_piece_on_the_board() -> None:
    state = table(*THREE, starter="Micael", options=TRIES)
    events = roll(state, 2) + roll(state, 3)
    assert kinds(events) == ["rolled", "try_again", "rolled", "try_again"]
    assert state.current == 0 and state.is_chance()
    assert lines(state, events)[1] == "Micael har använt 1 av 3 försök och får slå igen."
    assert lines(state, events, "en")[3] == "Micael has used 2 of 3 tries and may roll again."
    events = roll(state, 4)
    assert kinds(events) == ["rolled", "no_move", "turn"]
    assert state.current == 1
    assert roll(state, 5)[1] == ("try_again", 1, 1)  # the count starts over for Samir


@pytest.mark.parametrize("value", [1, 6])
def test_three_tries_end_at_the_first_one_or_six(value: int) -> None:
    state = table(*THREE, starter="Micael", options=TRIES)
    roll(state, 2)
    roll(state, value)
    assert ENTER in state.legal_actions() or ENTER_SIX in state.legal_actions()


def test_three_tries_are_not_given_with_a_piece_on_the_board() -> None:
    state = table(*THREE, starter="Micael", options=TRIES)
    place(state, {"Micael": [42, 43, 44, 0]})  # the lane is on the board, all blocked
    assert kinds(roll(state, 3)) == ["rolled", "no_move", "turn"]


def test_three_tries_count_pieces_in_the_goal_as_off_the_board() -> None:
    state = table(*THREE, starter="Micael", options=TRIES)
    place(state, {"Micael": [45, 45, 0, 0]})
    assert kinds(roll(state, 3)) == ["rolled", "try_again"]


def test_the_die_is_a_normal_roll_of_one_to_six() -> None:
    state = table(*THREE, starter="Micael")
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [Roll(v) for v in range(1, 7)]
    assert [p for _, p in outcomes] == pytest.approx([1 / 6] * 6)
    rng = random.Random(3)
    seen = Counter(state.sample_chance(rng) for _ in range(6000))
    assert set(seen) == {Roll(v) for v in range(1, 7)}
    assert all(900 < n < 1100 for n in seen.values())


def test_a_failed_bonus_roll_ends_the_turn_even_with_three_tries() -> None:
    # The spec ends the turn when the bound piece cannot use the bonus roll; the three tries
    # are for getting pieces out, not a second chance for that piece.
    state = table(*THREE, starter="Micael", options=TRIES)
    place(state, {"Micael": [39, 0, 0, 0]})
    roll(state, 6)
    play(state, MOVES[0])  # into the goal: no piece left on the board
    events = roll(state, 3)
    assert kinds(events) == ["rolled", "no_move", "turn"]
    assert state.current == 1
