"""Bringing pieces out of the nest: a 1 or a 6, the double entry, the sixth square."""

from __future__ import annotations

import pytest

from spelkvall.games.fia import ENTER, ENTER_SIX, ENTER_TWO, MOVES

from .helpers import kinds, lines, pieces, place, play, roll, table

THREE = (("Micael", "red"), ("Samir", "blue"), ("Pontus", "yellow"))


def test_one_brings_one_piece_to_the_start_square() -> None:
    state = table(*THREE, starter="Micael")
    roll(state, 1)
    assert list(state.legal_actions()) == [ENTER]
    events = play(state, ENTER)
    assert pieces(state, "Micael") == (1, 0, 0, 0)
    assert lines(state, events)[0] == "Micael går ut med en pjäs till ruta 1."
    assert state.current == 1  # a 1 gives no bonus roll


def test_six_offers_two_pieces_to_start_or_one_to_square_six() -> None:
    state = table(*THREE, starter="Micael")
    roll(state, 6)
    assert list(state.legal_actions()) == [ENTER_TWO, ENTER_SIX]
    assert ENTER_TWO.label() == "Gå ut med två pjäser till ruta 1"
    assert ENTER_SIX.label("en") == "Bring one piece out to square 6"


def test_six_two_pieces_both_stand_on_the_start_square() -> None:
    state = table(*THREE, starter="Micael")
    roll(state, 6)
    events = play(state, ENTER_TWO)
    assert kinds(events) == ["entered", "entered", "bonus_roll"]
    assert pieces(state, "Micael") == (1, 1, 0, 0)


def test_six_one_piece_goes_to_the_sixth_square() -> None:
    state = table(*THREE, starter="Micael")
    roll(state, 6)
    play(state, ENTER_SIX)
    assert pieces(state, "Micael") == (6, 0, 0, 0)
    assert state.view(None)["seats"][0]["pieces"][0]["universal"] == 5


def test_six_with_one_piece_left_in_the_nest_offers_only_square_six() -> None:
    state = table(*THREE, starter="Micael")
    place(state, {"Micael": [0, 20, 30, 45]})
    roll(state, 6)
    assert ENTER_TWO not in state.legal_actions()
    assert ENTER_SIX in state.legal_actions()


@pytest.mark.parametrize("value", [2, 3, 4, 5])
def test_rolls_two_to_five_cannot_bring_pieces_out(value: int) -> None:
    state = table(*THREE, starter="Micael")
    events = roll(state, value)
    assert kinds(events) == ["rolled", "no_move", "turn"]
    assert lines(state, events)[1:] == ["Micael kan inte flytta.", "Det är Samirs tur."]
    assert pieces(state, "Micael") == (0, 0, 0, 0)


@pytest.mark.parametrize("value", [1, 6])
def test_own_piece_on_the_start_square_prevents_entering(value: int) -> None:
    state = table(*THREE, starter="Micael")
    place(state, {"Micael": [1, 0, 0, 0]})
    roll(state, value)
    assert list(state.legal_actions()) == [MOVES[0]]


@pytest.mark.parametrize("value", [1, 6])
def test_double_entry_pair_on_the_start_square_prevents_a_third_piece(value: int) -> None:
    state = table(*THREE, starter="Micael")
    place(state, {"Micael": [1, 1, 0, 0]})
    roll(state, value)
    assert list(state.legal_actions()) == [MOVES[0], MOVES[1]]


@pytest.mark.parametrize("own", [2, 3, 4, 5, 6])
def test_entering_on_square_six_stops_directly_behind_an_own_piece_on_squares_two_to_six(
    own: int,
) -> None:
    state = table(*THREE, starter="Micael")
    place(state, {"Micael": [own, 0, 0, 0]})
    roll(state, 6)
    play(state, ENTER_SIX)
    assert pieces(state, "Micael") == (own, own - 1, 0, 0)


def test_own_piece_beyond_square_six_does_not_stop_entering_on_square_six() -> None:
    state = table(*THREE, starter="Micael")
    place(state, {"Micael": [7, 0, 0, 0]})
    roll(state, 6)
    play(state, ENTER_SIX)
    assert pieces(state, "Micael") == (7, 6, 0, 0)


def test_entering_knocks_out_an_opponent_on_the_start_square() -> None:
    state = table(*THREE, starter="Micael")
    place(state, {"Samir": [31, 0, 0, 0]})  # Samir's 31 is universal 0, Micael's start square
    roll(state, 1)
    events = play(state, ENTER)
    assert ("knocked_out", 1, 1, 0, 0) in events
    assert pieces(state, "Samir") == (0, 0, 0, 0)


def test_entering_on_square_six_knocks_out_an_opponent_there() -> None:
    state = table(*THREE, starter="Micael")
    place(state, {"Pontus": [26, 0, 0, 0]})  # Pontus's 26 is universal 5, Micael's 6
    roll(state, 6)
    events = play(state, ENTER_SIX)
    assert "Micael slog ut Pontus pjäs!" in lines(state, events)
    assert pieces(state, "Pontus") == (0, 0, 0, 0)


def test_entering_on_square_six_passes_an_opponent_on_the_start_square() -> None:
    # Only the landing square knocks out, also for the piece that enters on square 6.
    state = table(*THREE, starter="Micael")
    place(state, {"Samir": [31, 0, 0, 0]})
    roll(state, 6)
    events = play(state, ENTER_SIX)
    assert "knocked_out" not in kinds(events)
    assert pieces(state, "Samir") == (31, 0, 0, 0)


def test_knocked_out_piece_needs_a_one_or_a_six_to_come_out_again() -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Micael": [3, 0, 0, 0], "Samir": [30, 0, 0, 0]})  # Samir's 31 = Micael's 1
    roll(state, 3)  # Samir lands on universal 2 = Micael's 3
    play(state, MOVES[0])
    assert pieces(state, "Micael") == (0, 0, 0, 0)
    roll(state, 5)  # Pontus
    assert kinds(roll(state, 4)) == ["rolled", "no_move", "turn"]  # Micael cannot come out
    roll(state, 2)  # Samir moves on
    play(state, MOVES[0])
    roll(state, 2)  # Pontus
    roll(state, 1)
    assert list(state.legal_actions()) == [ENTER]


def test_six_may_also_move_a_piece_on_the_board_six_steps() -> None:
    state = table(*THREE, starter="Micael")
    place(state, {"Micael": [8, 0, 0, 0]})
    roll(state, 6)
    assert list(state.legal_actions()) == [ENTER_TWO, ENTER_SIX, MOVES[0]]
    play(state, MOVES[0])
    assert pieces(state, "Micael") == (14, 0, 0, 0)


def test_double_entry_knocks_out_an_opponent_on_the_start_square() -> None:
    state = table(*THREE, starter="Micael")
    place(state, {"Samir": [31, 5, 0, 0]})  # Samir's 31 is universal 0, Micael's start square
    roll(state, 6)
    events = play(state, ENTER_TWO)
    assert kinds(events) == ["entered", "entered", "knocked_out", "bonus_roll"]
    assert pieces(state, "Samir") == (0, 5, 0, 0)
    assert pieces(state, "Micael") == (1, 1, 0, 0)


def test_piece_left_on_the_start_square_when_the_pair_splits_still_holds_the_square() -> None:
    # Pontus is placed before the pair enters: only the rules, not the test helper, decide
    # whether the square still counts as Micael's once one of the pair has moved on.
    state = table(*THREE, starter="Micael")
    place(state, {"Pontus": [17, 0, 0, 0]})  # universal 36, four short of Micael's start
    roll(state, 6)
    play(state, ENTER_TWO)
    roll(state, 3)
    play(state, MOVES[1])
    assert pieces(state, "Micael") == (1, 4, 0, 0)
    roll(state, 2)  # Samir has nothing to move
    roll(state, 4)
    events = play(state, MOVES[0])
    assert ("knocked_out", 0, 1, 2, 0) in events
    assert pieces(state, "Micael") == (0, 4, 0, 0)
