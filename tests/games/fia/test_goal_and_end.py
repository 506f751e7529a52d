"""Reaching the goal, winning, and the play-on option."""

from __future__ import annotations

import pytest

from spelkvall.core import IllegalAction, Result
from spelkvall.games.fia import GOAL, MOVES, FiaOptions

from .helpers import kinds, lines, pieces, place, play, roll, table

THREE = (("Micael", "red"), ("Samir", "blue"), ("Pontus", "yellow"))


@pytest.mark.parametrize("start", [40, 41, 42, 43, 44])
def test_goal_needs_the_exact_roll(start: int) -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [start, 0, 0, 0]})
    exact = GOAL - start
    if exact < 6:
        too_far = state.clone()
        roll(too_far, exact + 1)
        assert MOVES[0] not in too_far.legal_actions()
    roll(state, exact)
    events = play(state, MOVES[0])
    assert pieces(state, "Samir") == (GOAL, 0, 0, 0)
    assert "goal" in kinds(events)
    assert lines(state, events)[:2] == [
        f"Samir flyttar pjäs 1 från {'ruta 40' if start == 40 else f'mittfält {start - 40}'} "
        "till mål.",
        "Samir har en pjäs i mål.",
    ]


def test_smaller_roll_moves_the_piece_closer_to_the_goal() -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [42, 0, 0, 0]})
    roll(state, 2)
    play(state, MOVES[0])
    assert pieces(state, "Samir") == (44, 0, 0, 0)


def test_roll_beyond_the_goal_leaves_other_pieces_free_to_move() -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [43, 12, 0, 0]})
    roll(state, 5)
    assert list(state.legal_actions()) == [MOVES[1]]


def test_any_number_of_pieces_may_stand_in_the_goal() -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [GOAL, GOAL, 41, 0]})
    roll(state, 4)
    play(state, MOVES[2])
    assert pieces(state, "Samir") == (GOAL, GOAL, GOAL, 0)


def test_pieces_in_the_goal_do_not_block_the_lane() -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [GOAL, 44, 43, 0]})
    roll(state, 1)
    play(state, MOVES[1])
    assert pieces(state, "Samir") == (GOAL, GOAL, 43, 0)


def test_first_player_with_all_four_pieces_in_the_goal_wins() -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [GOAL, GOAL, GOAL, 42], "Micael": [GOAL, GOAL, GOAL, 0]})
    assert state.result() is None
    roll(state, 3)
    events = play(state, MOVES[3])
    assert kinds(events) == ["moved", "goal", "finished", "game_over"]
    assert lines(state, events)[-1] == "Samir vinner!"
    assert lines(state, events, "en")[-1] == "Samir wins!"
    assert state.is_terminal()
    # Micael has three pieces in the goal, Pontus none: Micael is second.
    assert state.result() == Result(winners=(1,), ranking=((1,), (0,), (2,)))
    assert state.winners() == (1,)


FOUR = (*THREE, ("Anna", "green"))


def test_the_others_are_ranked_by_pieces_in_the_goal_then_by_how_far_they_have_come() -> None:
    state = table(*FOUR, starter="Samir")
    place(
        state,
        {
            "Samir": [GOAL, GOAL, GOAL, 44],
            "Micael": [GOAL, 3, 0, 0],  # one in the goal beats more steps without one
            "Pontus": [40, 39, 38, 0],
            "Anna": [20, 0, 0, 0],
        },
    )
    roll(state, 1)
    play(state, MOVES[3])
    assert state.result() == Result(winners=(1,), ranking=((1,), (0,), (2,), (3,)))
    assert state.result().places() == [2, 1, 3, 4]  # type: ignore[union-attr]


def test_the_others_equal_in_goal_and_steps_share_a_place() -> None:
    state = table(*FOUR, starter="Samir")
    place(
        state,
        {
            "Samir": [GOAL, GOAL, GOAL, 44],
            "Micael": [10, 5, 0, 0],
            "Pontus": [15, 0, 0, 0],
            "Anna": [0, 0, 0, 0],
        },
    )
    roll(state, 1)
    play(state, MOVES[3])
    assert state.result() == Result(winners=(1,), ranking=((1,), (0, 2), (3,)))


def test_game_ends_at_the_first_winner_by_default() -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [GOAL, GOAL, GOAL, 44]})
    roll(state, 1)
    play(state, MOVES[3])
    assert state.players_to_act() == () and not state.is_chance()
    assert state.legal_actions() == ()
    before = state.view(None)
    with pytest.raises(IllegalAction) as err:
        roll(state, 1)
    assert err.value.key == "error.game_over"
    assert state.view(None) == before


def test_play_on_lets_the_others_play_for_the_places() -> None:
    state = table(*THREE, starter="Samir", options=FiaOptions(play_on=True))
    place(
        state,
        {"Samir": [GOAL, GOAL, GOAL, 44], "Pontus": [GOAL, GOAL, GOAL, 44], "Micael": [5, 0, 0, 0]},
    )
    roll(state, 1)
    events = play(state, MOVES[3])
    assert kinds(events) == ["moved", "goal", "finished", "turn"]
    assert lines(state, events)[2] == "Samir har alla pjäser i mål och kommer på plats 1."
    assert not state.is_terminal() and state.current == 2
    roll(state, 2)  # Pontus cannot use a 2
    assert state.current == 0
    roll(state, 3)
    play(state, MOVES[0])
    assert state.current == 2  # Samir, finished, is skipped
    roll(state, 1)
    events = play(state, MOVES[3])
    assert kinds(events) == ["moved", "goal", "finished", "game_over"]
    assert lines(state, events)[-1] == "Samir vinner!"
    assert state.result() == Result(winners=(1,), ranking=((1,), (2,), (0,)))


def test_play_on_finisher_gets_no_bonus_roll_after_a_six() -> None:
    state = table(*THREE, starter="Micael", options=FiaOptions(play_on=True))
    place(state, {"Micael": [GOAL, GOAL, GOAL, 39]})
    roll(state, 6)
    events = play(state, MOVES[3])
    assert "bonus_roll" not in kinds(events)
    assert state.current == 1
