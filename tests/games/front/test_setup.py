"""Setup (§A1): three players, eight pieces each on their base camp, the highest roll starts,
ties roll again, play goes clockwise; no removal is possible at the start (§A4)."""

from __future__ import annotations

import pytest

from spelkvall.core import InvalidSetup, Seat
from spelkvall.games.front import GAME, THROW, FrontOptions
from spelkvall.games.front.rules import ROLL, ROLLOFF

from .helpers import ANNA, BERTIL, CECILIA, kinds, lines, roll, squares_of, table


def test_front_is_for_exactly_three_players() -> None:
    assert GAME.player_counts() == (3,) or list(GAME.player_counts()) == [3]
    for n in (2, 4):
        with pytest.raises(InvalidSetup):
            GAME.new_state([Seat(f"P{i}") for i in range(n)])


def test_setup_puts_each_players_eight_pieces_on_their_own_base_camp() -> None:
    state = table(starter=None)
    for seat in (ANNA, BERTIL, CECILIA):
        assert squares_of(state, seat) == [(seat, 0, c) for c in range(8)]
    assert sum(c >= 0 for c in state.cells) == 24
    assert state.scores == [0, 0, 0]


def test_everybody_rolls_and_the_highest_roll_starts() -> None:
    state = table(starter=None)
    assert state.phase == ROLLOFF and state.chance_seat() == ANNA
    roll(state, 2)
    assert state.chance_seat() == BERTIL
    roll(state, 5)
    events = roll(state, 3)
    assert kinds(events) == ["rolloff", "starts"]
    assert lines(state, events) == [
        "Cecilia slår 3 om vem som börjar.",
        "Bertil slog högst och börjar.",
    ]
    assert state.current == BERTIL and state.chance_seat() == BERTIL and state.phase == ROLL


def test_a_tie_for_the_highest_roll_is_rolled_again_by_the_tied_players_only() -> None:
    state = table(starter=None)
    roll(state, 6)
    roll(state, 2)
    events = roll(state, 6)
    assert kinds(events) == ["rolloff", "rolloff_tie"]
    assert lines(state, events)[-1] == "Lika (6) mellan Anna, Cecilia: omslag."
    assert state.rolloff_pending == [ANNA, CECILIA]
    roll(state, 4)
    roll(state, 4)  # tied again
    assert state.rolloff_pending == [ANNA, CECILIA]
    roll(state, 1)
    roll(state, 3)
    assert state.current == CECILIA and state.phase == ROLL
    assert [[v for _, v in r] for r in state.rolloff_rounds] == [[6, 2, 6], [4, 4], [1, 3]]


def test_option_rolloff_all_lets_everybody_roll_again_on_a_tie() -> None:
    state = table(starter=None, options=FrontOptions(rolloff="all"))
    for value in (6, 2, 6):
        roll(state, value)
    assert state.rolloff_pending == [ANNA, BERTIL, CECILIA]
    for value in (1, 5, 2):
        roll(state, value)
    assert state.current == BERTIL


def test_play_goes_clockwise_from_the_starter() -> None:
    state = table(starter=CECILIA)
    order = []
    for _ in range(4):
        order.append(state.current)
        roll(state, 1)
        state.apply(state.legal_actions()[0], state.current)
    assert order == [CECILIA, ANNA, BERTIL, CECILIA]


def test_no_removal_is_possible_at_the_start_so_the_first_player_rolls() -> None:
    state = table(starter=ANNA)
    assert state.is_chance() and state.chance_seat() == ANNA
    assert THROW not in state.legal_actions(ANNA)
    for seat in range(3):
        assert state.removable(seat) == []


def test_option_depth_makes_every_region_deeper() -> None:
    for depth, squares in ((4, 96), (5, 120), (6, 144)):
        state = table(starter=ANNA, options=FrontOptions(depth=depth))
        assert state.board.depth == depth and len(state.cells) == squares
        assert squares_of(state, BERTIL) == [(BERTIL, 0, c) for c in range(8)]
        assert state.view(None)["depth"] == depth
    # A column from base to base is 2D squares: from Anna's camp a 6 reaches row 1 of the
    # next region on the default board, but only row 3 of it with D = 5 (the top is row 4).
    state = table(starter=ANNA, options=FrontOptions(depth=5))
    roll(state, 6)
    state.apply(state.legal_actions()[0], ANNA)
    assert (1, 3, 7) in squares_of(state, ANNA) and (0, 0, 0) not in squares_of(state, ANNA)
