"""The heuristic (issue #11): score when possible, remove threatened pieces close to scoring,
keep pieces protected, avoid squares where two enemy lines converge."""

from __future__ import annotations

import random

from spelkvall.games.front import DOWN, GAME, RETURNS, UP, Move
from spelkvall.games.front.heuristic import choose

from .helpers import ANNA, BERTIL, CECILIA, place, roll, sq, table


def test_it_scores_when_it_can() -> None:
    state = table()
    place(state, {ANNA: [(1, 2, 6), (0, 1, 3)], BERTIL: [(1, 0, 0)], CECILIA: [(2, 0, 0)]})
    roll(state, 2)
    assert choose(state, random.Random(1)) == Move(1, 2, 6, DOWN)


def test_it_removes_the_enemy_piece_closest_to_scoring() -> None:
    state = table()
    # Two of Bertil's pieces are removable: one a step from Anna's camp, one far from it.
    place(
        state,
        {
            ANNA: [(0, 3, 0), (0, 0, 1), (0, 1, 7), (0, 0, 6)],
            BERTIL: [(0, 3, 1), (0, 1, 6), (1, 0, 0)],
            CECILIA: [(2, 0, 0)],
        },
    )
    targets = state.removable(ANNA)
    assert targets == sorted([sq(state, (0, 1, 6)), sq(state, (0, 3, 1))])
    action = GAME.heuristic_action(state, ANNA, random.Random(1))
    assert action is not None and (action.p, action.r, action.c) == (0, 1, 6)  # type: ignore[attr-defined]


def test_it_avoids_a_square_where_two_enemy_lines_converge() -> None:
    state = table()
    # Up two would be the most progress, but Bertil's pieces on a4 and g4 both see d4.
    place(
        state, {ANNA: [(0, 1, 3)], BERTIL: [(0, 3, 0), (0, 3, 6), (1, 0, 0)], CECILIA: [(2, 0, 0)]}
    )
    roll(state, 2)
    assert Move(0, 1, 3, UP) in state.legal_actions()
    assert choose(state, random.Random(1)) != Move(0, 1, 3, UP)


def test_it_keeps_a_threatened_piece_protected() -> None:
    state = table()
    # Bertil's pieces on b4 and f3 both see Anna's b3, which her b1 protects from below: safe
    # while b1 stays in that line. Moving b1 along the camp row would doom b3.
    place(
        state,
        {
            ANNA: [(0, 2, 1), (0, 0, 1)],
            BERTIL: [(0, 3, 1), (0, 2, 5), (1, 0, 0)],
            CECILIA: [(2, 0, 0)],
        },
    )
    assert state.converging(sq(state, (0, 2, 1)), BERTIL) == (2, True)
    roll(state, 1)
    chosen = choose(state, random.Random(2))
    assert chosen is not None
    state.apply(chosen, ANNA)
    assert state.removable(BERTIL) == []


def test_after_scoring_it_returns_the_piece_to_a_protected_open_square() -> None:
    state = table()
    place(
        state, {ANNA: [(1, 2, 6), (0, 0, 0)], BERTIL: [(1, 0, 0), (0, 2, 5)], CECILIA: [(2, 0, 0)]}
    )
    roll(state, 2)
    state.apply(Move(1, 2, 6, DOWN), ANNA)
    choice = choose(state, random.Random(1))
    # Column f is blocked by Bertil's piece on f3: any other square is better.
    assert choice in state.legal_actions() and choice != RETURNS[5]


def test_the_heuristic_beats_two_random_players_by_far() -> None:
    from spelkvall.bots.arena import simulate

    sim = simulate(GAME, ["heuristic", "random", "random"], 30, seed=1)
    assert sim.seats[0].wins >= 25
