"""Scoring (§A3, DECISION F2): a point for a move that ends on another player's row 0; the
owner then puts the piece on an empty square of the own camp (a step of its own); 10 points
win at once (§A5)."""

from __future__ import annotations

import pytest

from spelkvall.core import IllegalAction
from spelkvall.games.front import DOWN, RETURNS, UP, FrontOptions, Move
from spelkvall.games.front.rules import MOVE, OVER, RETURN

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
    squares_of,
    table,
)


def scoring_table(options: FrontOptions | None = None) -> object:
    state = table(options=options)
    place(
        state,
        {
            ANNA: [(1, 2, 6), (0, 0, 0), (0, 0, 1), (0, 0, 5)],
            BERTIL: [(1, 0, 0), (1, 0, 2)],
            CECILIA: [(2, 0, 0)],
        },
    )
    return state


def test_a_move_that_ends_on_another_players_base_camp_scores_a_point() -> None:
    state = scoring_table()
    roll(state, 2)
    events = play(state, Move(1, 2, 6, DOWN))
    assert kinds(events) == ["moved", "scored"]
    assert lines(state, events) == [
        "Anna flyttar från Bertils g3 till Bertils g1.",
        "Anna tar sig in i Bertils basläger: 1 poäng!",
    ]
    assert state.scores == [1, 0, 0]


def test_the_scoring_piece_leaves_the_camp_and_its_owner_chooses_an_empty_camp_square() -> None:
    state = scoring_table()
    roll(state, 2)
    play(state, Move(1, 2, 6, DOWN))
    assert state.phase == RETURN and state.players_to_act() == (ANNA,)
    assert state.cells[state.board.index(1, 0, 6)] == -1, "not in Bertil's camp any more"
    # Anna's camp squares a, b and f are taken; she may choose any of the five others.
    assert list(state.legal_actions()) == [RETURNS[c] for c in (2, 3, 4, 6, 7)]
    events = play(state, RETURNS[6])
    assert lines(state, events) == [
        "Anna ställer pjäsen på g1 i sitt basläger.",
        "Det är Bertils tur.",
    ]
    assert squares_of(state, ANNA) == [(0, 0, 0), (0, 0, 1), (0, 0, 5), (0, 0, 6)]
    with pytest.raises(IllegalAction):
        state.apply(RETURNS[2], ANNA)


def test_the_return_offers_only_empty_camp_squares() -> None:
    state = scoring_table()
    roll(state, 2)
    play(state, Move(1, 2, 6, DOWN))
    with pytest.raises(IllegalAction):
        play(state, RETURNS[0])  # Anna's own piece stands there


def test_the_own_camp_scores_nothing() -> None:
    state = table()
    place(state, {ANNA: [(0, 2, 3)], BERTIL: [(1, 0, 0)], CECILIA: [(2, 0, 0)]})
    roll(state, 2)
    events = play(state, Move(0, 2, 3, DOWN))
    assert kinds(events) == ["moved", "turn"]
    assert state.scores == [0, 0, 0]


def test_a_point_needs_the_exact_roll() -> None:
    state = scoring_table()
    roll(state, 3)  # two steps to the camp, then off the board
    assert ((1, 2, 6), (1, 0, 6)) not in moves(state)
    assert state.phase == MOVE


def test_option_exact_score_off_lets_a_bigger_roll_stop_in_the_camp_and_score() -> None:
    state = scoring_table(FrontOptions(exact_score=False))
    roll(state, 5)
    assert ((1, 2, 6), (1, 0, 6)) in moves(state)
    events = play(state, Move(1, 2, 6, DOWN))
    assert kinds(events) == ["moved", "scored"]
    # A move that only passes along other squares is not cut short.
    state = scoring_table(FrontOptions(exact_score=False))
    roll(state, 5)
    assert ((0, 0, 5), (2, 2, 2)) in moves(state)  # up column f into Cecilia's region


def test_a_line_from_the_own_base_leads_into_an_enemy_camp_in_2d_minus_1_steps() -> None:
    state = table()
    place(state, {ANNA: [(0, 0, 0)], BERTIL: [(1, 0, 0)], CECILIA: [(2, 0, 0)]}, turn=ANNA)
    roll(state, 6)
    play(state, Move(0, 0, 0, UP))
    assert squares_of(state, ANNA) == [(1, 1, 7)]
    # Six up, one more down lands on Bertil's h1: 7 = 2·4 − 1 steps from base to base.
    state.current = ANNA
    state._start_turn()
    roll(state, 1)
    events = play(state, Move(1, 1, 7, DOWN))
    assert kinds(events)[-1] == "scored"


def test_ten_points_win_at_once_without_the_return_step() -> None:
    state = scoring_table()
    state.scores[ANNA] = 9
    roll(state, 2)
    events = play(state, Move(1, 2, 6, DOWN))
    assert kinds(events) == ["moved", "scored", "won"]
    assert lines(state, events)[-1] == "Anna når 10 poäng och vinner!"
    assert state.phase == OVER and state.is_terminal()
    result = state.result()
    assert result is not None and result.winners == (ANNA,)
    assert result.scores == (10.0, 0.0, 0.0)
    assert result.ranking == ((ANNA,), (BERTIL, CECILIA))


def test_option_target_sets_the_points_that_win() -> None:
    state = scoring_table(FrontOptions(target=1))
    roll(state, 2)
    events = play(state, Move(1, 2, 6, DOWN))
    assert kinds(events)[-1] == "won" and state.winners() == (ANNA,)
