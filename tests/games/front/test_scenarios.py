"""The seed's figures and the issue's situations, played with scripted dice.

The seed (``../shared/seeds/002_*``) shows a start position (Figure 1), movement (2), a black
piece threatened by two yellow ones (3), protection (4) and threat from three sides (5); its
drawings are missing, so the positions here are built on the spec's board. Bertil plays black
and Cecilia yellow, as in the figures.
"""

from __future__ import annotations

from spelkvall.games.front import DOWN, GAME, LEFT, RETURNS, RIGHT, THROW, UP, Move
from spelkvall.games.front.rules import DECIDE, OVER, RETURN, ROLL

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

FIGURES = (("Anna", "red"), ("Bertil", "black"), ("Cecilia", "yellow"))
BLACK = (2, 2, 4)  # Bertil's piece on Cecilia's e3


def figures(turn: int = CECILIA) -> object:
    return table(starter=turn, players=FIGURES)


def test_figure_1_start_position_every_piece_on_its_own_base_camp() -> None:
    state = figures()
    for seat in range(3):
        assert squares_of(state, seat) == [(seat, 0, c) for c in range(8)]


def test_figure_2_movement_straight_lines_vertical_or_horizontal() -> None:
    state = figures()
    place(state, {ANNA: [(0, 0, 0)], BERTIL: [(1, 0, 0)], CECILIA: [(2, 1, 3)]}, turn=CECILIA)
    roll(state, 3)
    assert moves(state) == {
        ((2, 1, 3), (2, 1, 0)),
        ((2, 1, 3), (2, 1, 6)),
        ((2, 1, 3), (0, 3, 4)),  # up two, across into Anna's region, down one
    }


def test_figure_3_two_yellow_pieces_converge_on_black_and_yellow_removes_it() -> None:
    state = figures()
    place(
        state,
        {ANNA: [(0, 0, 0)], BERTIL: [BLACK, (1, 0, 0)], CECILIA: [(2, 2, 0), (2, 0, 4)]},
        turn=CECILIA,
    )
    assert state.phase == DECIDE
    events = play(state, state.legal_actions()[0])
    assert lines(state, events) == [
        "Cecilia tar bort Bertils pjäs på Cecilias e3!",
        "Det är Annas tur.",
    ]
    # Yellow does nothing more; her pieces stay where they stood.
    assert squares_of(state, CECILIA) == [(2, 0, 4), (2, 2, 0)]
    assert state.current == ANNA


def test_figure_4_a_black_piece_in_line_protects_and_two_yellow_are_not_enough() -> None:
    state = figures()
    place(
        state,
        {ANNA: [(0, 0, 0)], BERTIL: [BLACK, (2, 2, 7), (1, 0, 6)], CECILIA: [(2, 2, 0), (2, 0, 4)]},
        turn=CECILIA,
    )
    assert state.phase == ROLL, "no removal offered"
    assert state.protectors(sq(state, BLACK)) == [sq(state, (2, 2, 7))]
    assert state.protectors(sq(state, (2, 2, 7))) == [sq(state, BLACK)]


def test_figure_5_a_protected_piece_needs_three_directions() -> None:
    state = figures()
    # Protector to the right; yellow from the left, from below and, across the crossing,
    # from above (up column e of Cecilia's region leads into Bertil's column d).
    three = {
        ANNA: [(0, 0, 0)],
        BERTIL: [BLACK, (2, 2, 7), (1, 0, 6)],
        CECILIA: [(2, 2, 0), (2, 0, 4), (1, 2, 3)],
    }
    place(state, three, turn=CECILIA)
    assert state.converging(sq(state, BLACK), CECILIA) == (3, True)
    assert state.phase == DECIDE
    view = state.view(CECILIA)
    [removable] = view["removable"]
    assert (
        removable["square"] == list(BLACK) and removable["protected"] and removable["needed"] == 3
    )
    assert sorted(line[0] for line in removable["lines"]) == [[1, 2, 3], [2, 0, 4], [2, 2, 0]]
    assert removable["protectors"] == [[2, 2, 7]]
    events = play(state, state.legal_actions()[0])
    assert kinds(events)[0] == "removed"
    assert squares_of(state, BERTIL) == [(1, 0, 6), (2, 2, 7)]


def test_an_edge_piece_that_a_friend_in_its_row_makes_safe() -> None:
    # Bertil's piece on a3 of his region has three lines (right, up, down); his friend on f3
    # is first along the right one, so only two are left for Anna: never enough for a
    # protected piece. His camp piece on c1 is the same with a friend on f1: the camp row
    # holds only his own pieces, so Anna has at most the line up.
    edge, friend = (1, 2, 0), (1, 2, 5)
    camp, camp_friend = (1, 0, 2), (1, 0, 5)
    anna = [(1, 1, 0), (1, 3, 0), (1, 1, 2), (0, 0, 0)]
    state = table(starter=ANNA)
    place(state, {ANNA: anna, BERTIL: [edge, friend, camp, camp_friend], CECILIA: [(2, 0, 0)]})
    assert state.converging(sq(state, edge), ANNA) == (2, True)
    assert state.converging(sq(state, camp), ANNA) == (1, True)
    assert state.removable(ANNA) == []
    # Without the friend in its row, the edge piece falls to the same two lines.
    place(state, {ANNA: anna, BERTIL: [edge, camp, camp_friend], CECILIA: [(2, 0, 0)]})
    assert state.removable(ANNA) == [sq(state, edge)]


def test_a_corner_of_the_base_camp_has_two_lines_and_cannot_be_taken() -> None:
    state = table(starter=ANNA)
    # Bertil's camp corner a1: along the camp row (only Bertil's own pieces can be first
    # there) and up column a. Anna's pieces above and in the row beyond cannot make two.
    place(
        state, {ANNA: [(1, 2, 0), (1, 1, 3), (0, 0, 0)], BERTIL: [(1, 0, 0)], CECILIA: [(2, 0, 0)]}
    )
    assert sum(1 for d in range(4) if state.board.rays[4 * sq(state, (1, 0, 0)) + d]) == 2
    assert state.converging(sq(state, (1, 0, 0)), ANNA) == (1, False)
    assert state.removable(ANNA) == []
    # The top corner of a region is no camp: three lines, and two of Anna's remove it.
    place(
        state,
        {
            ANNA: [(1, 3, 3), (1, 1, 0), (0, 0, 0)],
            BERTIL: [(1, 3, 0), (1, 0, 5)],
            CECILIA: [(2, 0, 0)],
        },
    )
    assert state.removable(ANNA) == [sq(state, (1, 3, 0))]


def test_a_line_that_crosses_into_another_region_moves_and_threatens() -> None:
    state = table(starter=ANNA)
    place(state, {ANNA: [(0, 2, 1), (0, 3, 6)], BERTIL: [(1, 1, 4)], CECILIA: [(2, 0, 0)]})
    roll(state, 3)
    # Up from b3: b4, then Bertil's g4, turning down to g3.
    assert ((0, 2, 1), (1, 2, 6)) in moves(state)
    events = play(state, Move(0, 2, 1, UP))
    assert lines(state, events)[0] == "Anna flyttar från Annas b3 till Bertils g3."
    # The next lines of the piece are Bertil's region's: down leads into his camp.
    assert state.board.rays[4 * sq(state, (1, 2, 6)) + DOWN] == (
        sq(state, (1, 1, 6)),
        sq(state, (1, 0, 6)),
    )
    # A threat along the crossing: Anna's g4 (0, 3, 6) looks up into Cecilia's region.
    assert state.first_piece(sq(state, (2, 3, 1)), 3) == (sq(state, (0, 3, 6)), 1)


def test_scoring_and_the_choice_of_the_return_square() -> None:
    state = table(starter=ANNA)
    place(
        state, {ANNA: [(1, 3, 5), (0, 0, 2), (0, 0, 3)], BERTIL: [(1, 0, 0)], CECILIA: [(2, 0, 0)]}
    )
    roll(state, 3)
    events = play(state, Move(1, 3, 5, DOWN))
    assert kinds(events) == ["moved", "scored"]
    assert state.phase == RETURN
    view = state.view(ANNA)
    assert view["returns"] == [[0, 0, c] for c in (0, 1, 4, 5, 6, 7)]
    assert [GAME.describe_action(state, a) for a in state.legal_actions()][:2] == [
        "Ställ pjäsen på a1",
        "Ställ pjäsen på b1",
    ]
    play(state, RETURNS[7])
    assert squares_of(state, ANNA) == [(0, 0, 2), (0, 0, 3), (0, 0, 7)]
    assert state.scores == [1, 0, 0] and state.current == BERTIL


def test_the_300_turn_draw_played_out_turn_by_turn() -> None:
    state = table(starter=ANNA)
    # One piece each, far apart: nobody can ever remove, and nobody scores with 1s.
    place(state, {ANNA: [(0, 1, 3)], BERTIL: [(1, 1, 3)], CECILIA: [(2, 1, 3)]})
    turns = 0
    while not state.is_terminal():
        state.apply(state.legal_actions()[0], -1)  # a 1
        seat = state.current
        direction = LEFT if turns // 3 % 2 == 0 else RIGHT
        for action in state.legal_actions():
            if action.dir == direction:  # type: ignore[attr-defined]
                state.apply(action, seat)
                break
        turns += 1
        assert turns <= 300
    assert turns == 300 and state.quiet == 300
    assert state.phase == OVER and state.winners() == ()
    assert state.result() is not None and state.result().ranking == ((0, 1, 2),)  # type: ignore[union-attr]
    assert THROW not in state.legal_actions()
