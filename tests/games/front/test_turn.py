"""The turn (§A1, §A3): remove one enemy piece instead of rolling, or roll and move one own
piece exactly that far in one of four directions through empty squares; pass when nothing
can move; at most one removal per turn (§A5)."""

from __future__ import annotations

import pytest

from spelkvall.core import IllegalAction
from spelkvall.games.front import DOWN, LEFT, RIGHT, THROW, UP, Move, interned
from spelkvall.games.front.rules import DECIDE, MOVE, ROLL

from .helpers import (
    ANNA,
    BERTIL,
    CECILIA,
    kinds,
    lines,
    moves,
    place,
    play,
    roll,
    sq,
    squares_of,
    table,
)


def test_a_roll_moves_one_own_piece_exactly_that_many_steps_in_one_of_four_directions() -> None:
    state = table()
    place(state, {ANNA: [(0, 1, 3)], BERTIL: [(1, 0, 0)], CECILIA: [(2, 0, 0)]})
    roll(state, 2)
    assert state.phase == MOVE
    assert moves(state) == {
        ((0, 1, 3), (0, 1, 1)),  # left
        ((0, 1, 3), (0, 1, 5)),  # right
        ((0, 1, 3), (0, 3, 3)),  # up; down would leave the board after one step
    }
    events = play(state, Move(0, 1, 3, UP))
    assert squares_of(state, ANNA) == [(0, 3, 3)]
    assert lines(state, events) == [
        "Anna flyttar från Annas d2 till Annas d4.",
        "Det är Bertils tur.",
    ]


def test_only_one_piece_moves_and_every_own_piece_may_be_the_one() -> None:
    state = table()
    place(state, {ANNA: [(0, 1, 1), (0, 2, 6)], BERTIL: [(1, 0, 0)], CECILIA: [(2, 0, 0)]})
    roll(state, 1)
    assert {src for src, _ in moves(state)} == {(0, 1, 1), (0, 2, 6)}
    play(state, Move(0, 2, 6, LEFT))
    assert squares_of(state, ANNA) == [(0, 1, 1), (0, 2, 5)]


def test_pieces_never_jump_over_another_piece_nor_share_a_square() -> None:
    # Bertil's piece stands two squares right of Anna's; Anna's own piece two squares up.
    pieces = {ANNA: [(0, 1, 2), (0, 3, 2)], BERTIL: [(0, 1, 4)], CECILIA: [(2, 0, 0)]}
    state = table()
    place(state, pieces)
    roll(state, 2)
    # Not onto Bertil's piece, not onto her own, not off the board: only left.
    assert {to for src, to in moves(state) if src == (0, 1, 2)} == {(0, 1, 0)}
    state = table()
    place(state, pieces)
    roll(state, 3)
    # Past Bertil's piece or her own is no way either.
    assert {to for src, to in moves(state) if src == (0, 1, 2)} == set()


def test_a_piece_moves_through_empty_squares_only_the_whole_way() -> None:
    state = table()
    place(state, {ANNA: [(0, 1, 0)], BERTIL: [(0, 1, 3)], CECILIA: [(2, 0, 0)]})
    roll(state, 5)
    # Right is blocked after two squares; up goes 2 squares, across into Bertil's region and
    # 2 down there.
    assert moves(state) == {((0, 1, 0), (1, 1, 7))}


def test_the_turn_passes_when_no_piece_can_move_exactly_the_roll() -> None:
    state = table()
    # Every line out of Anna's only piece is one square long.
    place(state, {ANNA: [(0, 1, 1)], BERTIL: [(0, 1, 3), (0, 3, 1)], CECILIA: [(2, 0, 0)]})
    assert state.phase == ROLL
    events = roll(state, 2)
    assert kinds(events) == ["rolled", "no_move", "turn"]
    assert lines(state, events)[1] == "Anna kan inte flytta någon pjäs exakt så långt."
    assert state.current == BERTIL
    assert squares_of(state, ANNA) == [(0, 1, 1)]


def test_a_player_who_can_move_must_move() -> None:
    state = table()
    place(state, {ANNA: [(0, 1, 3)], BERTIL: [(1, 0, 0)], CECILIA: [(2, 0, 0)]})
    roll(state, 1)
    assert all(isinstance(a, Move) for a in state.legal_actions())
    with pytest.raises(IllegalAction):
        play(state, THROW)


def fig3(turn: int = ANNA) -> object:
    """Bertil's piece on Anna's c3 (0, 2, 4) with Anna's pieces first along two of its lines."""
    state = table()
    place(
        state,
        {
            ANNA: [(0, 2, 0), (0, 0, 4), (0, 0, 6)],
            BERTIL: [(0, 2, 4), (1, 0, 3)],
            CECILIA: [(2, 0, 0)],
        },
        turn=turn,
    )
    return state


def test_a_removal_is_offered_at_the_start_of_the_turn_instead_of_the_die() -> None:
    state = fig3()
    assert state.phase == DECIDE and state.players_to_act() == (ANNA,)
    assert not state.is_chance()
    remove = interned(4).removes[sq(state, (0, 2, 4))]
    assert list(state.legal_actions()) == [remove, THROW]


def test_removing_ends_the_turn_and_nothing_moves() -> None:
    state = fig3()
    remove = interned(4).removes[sq(state, (0, 2, 4))]
    events = play(state, remove)
    assert kinds(events) == ["removed", "turn"]
    assert lines(state, events)[0] == "Anna tar bort Bertils pjäs på Annas e3!"
    assert squares_of(state, BERTIL) == [(1, 0, 3)]
    assert squares_of(state, ANNA) == [(0, 0, 4), (0, 0, 6), (0, 2, 0)]
    assert state.current == BERTIL and state.die == 0


def test_the_player_may_roll_instead_and_then_no_removal_is_offered_that_turn() -> None:
    state = fig3()
    events = play(state, THROW)
    assert kinds(events) == ["throws"]
    assert state.is_chance() and state.chance_seat() == ANNA
    roll(state, 1)
    assert state.phase == MOVE
    assert all(isinstance(a, Move) for a in state.legal_actions())


def test_at_most_one_removal_per_turn() -> None:
    state = table()
    # Two of Bertil's pieces are removable at once; Anna removes one and her turn is over.
    place(
        state,
        {
            ANNA: [(0, 2, 0), (0, 0, 4), (0, 3, 7), (0, 0, 2)],
            BERTIL: [(0, 2, 4), (0, 3, 2), (1, 0, 3)],
            CECILIA: [(2, 0, 0)],
        },
    )
    targets = state.removable(ANNA)
    assert len(targets) == 2
    play(state, state.legal_actions()[0])
    assert state.current == BERTIL
    assert len(state.pos[BERTIL]) == 2


def test_moves_in_another_region_use_that_regions_directions() -> None:
    state = table()
    place(state, {ANNA: [(1, 2, 5)], BERTIL: [(1, 0, 0)], CECILIA: [(2, 0, 0)]})
    roll(state, 1)
    assert moves(state) == {
        ((1, 2, 5), (1, 2, 4)),
        ((1, 2, 5), (1, 2, 6)),
        ((1, 2, 5), (1, 1, 5)),
        ((1, 2, 5), (1, 3, 5)),
    }
    assert {a.dir for a in state.legal_actions()} == {LEFT, RIGHT, DOWN, UP}  # type: ignore[attr-defined]
