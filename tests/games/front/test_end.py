"""The end (§A5, DECISION F5): 10 points win at once (``test_scoring.py``); a game with 300
turns in a row without a point or a removal is a draw, a result without a winner."""

from __future__ import annotations

from spelkvall.games.front import DOWN, GAME, LEFT, RETURNS, FrontOptions, Move
from spelkvall.games.front.rules import OVER

from .helpers import ANNA, BERTIL, CECILIA, kinds, lines, place, play, roll, table


def test_the_game_declares_it_may_end_without_a_winner_and_keeps_points() -> None:
    assert GAME.may_end_without_winner
    assert GAME.score_key == "front.score"


def test_every_turn_without_a_point_or_a_removal_counts_towards_the_draw() -> None:
    state = table()
    place(state, {ANNA: [(0, 1, 3)], BERTIL: [(1, 2, 3)], CECILIA: [(2, 1, 3)]})
    roll(state, 1)
    play(state, state.legal_actions()[0])  # a move
    roll(state, 6)  # Bertil's longest line is 5 squares: a pass counts too
    assert state.quiet == 2 and state.turns == 2


def test_a_point_or_a_removal_starts_the_count_again() -> None:
    state = table()
    place(state, {ANNA: [(1, 2, 6), (0, 0, 0)], BERTIL: [(1, 0, 0)], CECILIA: [(2, 0, 0)]})
    state.quiet = 250
    roll(state, 2)
    play(state, Move(1, 2, 6, DOWN))
    play(state, RETURNS[3])
    assert state.quiet == 0
    state = table()
    place(
        state, {ANNA: [(0, 2, 0), (0, 0, 4)], BERTIL: [(0, 2, 4), (1, 0, 0)], CECILIA: [(2, 0, 0)]}
    )
    state.quiet = 250
    play(state, state.legal_actions()[0])
    assert state.quiet == 0


def test_the_300th_quiet_turn_in_a_row_ends_the_game_in_a_draw_ranked_by_points() -> None:
    state = table()
    place(state, {ANNA: [(0, 1, 3)], BERTIL: [(1, 1, 3)], CECILIA: [(2, 1, 3)]})
    state.scores[:] = [4, 7, 4]
    state.quiet = 299
    roll(state, 1)
    events = play(state, Move(0, 1, 3, LEFT))
    assert kinds(events) == ["moved", "draw"]
    assert lines(state, events)[-1] == "300 drag i rad utan poäng eller borttagning: oavgjort."
    assert state.phase == OVER
    result = state.result()
    assert result is not None and result.winners == () and not result.has_winner
    assert result.ranking == ((BERTIL,), (ANNA, CECILIA))
    assert result.scores == (4.0, 7.0, 4.0)


def test_option_draw_turns_sets_the_limit() -> None:
    state = table(options=FrontOptions(draw_turns=30))
    place(state, {ANNA: [(0, 2, 3)], BERTIL: [(1, 1, 3)], CECILIA: [(2, 1, 3)]})
    state.quiet = 29
    roll(state, 6)  # Anna cannot move
    assert state.is_terminal() and state.winners() == ()
