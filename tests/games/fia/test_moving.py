"""Moving on the board: exact steps, own pieces block, knockouts, the middle lane."""

from __future__ import annotations

from typing import Any

import pytest

from spelkvall.core import CHANCE, Action, IllegalAction
from spelkvall.games.fia import ENTER, ENTER_TWO, GAME, MOVES, Move, Roll
from spelkvall.games.fia.rules import MOVE, ROLL, ROLLOFF

from .helpers import kinds, lines, pieces, place, play, roll, table

THREE = (("Micael", "red"), ("Samir", "blue"), ("Pontus", "yellow"))


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_piece_moves_forward_exactly_the_rolled_number_of_squares(value: int) -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [1, 10, 0, 0]})
    roll(state, value)
    play(state, MOVES[1])
    assert pieces(state, "Samir") == (1, 10 + value, 0, 0)


def test_player_chooses_which_piece_to_move() -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [4, 12, 25, 0]})
    roll(state, 3)
    assert list(state.legal_actions()) == [MOVES[0], MOVES[1], MOVES[2]]
    play(state, MOVES[2])
    assert pieces(state, "Samir") == (4, 12, 28, 0)


def test_move_is_counted_locally_and_shown_on_the_universal_track() -> None:
    state = table(*THREE, starter="Pontus")
    place(state, {"Pontus": [18, 0, 0, 0]})  # universal 37
    roll(state, 5)
    play(state, MOVES[0])
    piece = state.view(None)["seats"][2]["pieces"][0]
    assert (piece["local"], piece["universal"]) == (23, 2)  # past the track's seam at 39 -> 0


def test_opponent_pieces_do_not_block() -> None:
    state = table(*THREE, starter="Micael")
    place(state, {"Micael": [10, 0, 0, 0], "Samir": [1, 2, 0, 0]})  # Samir on universal 10, 11
    roll(state, 4)
    play(state, MOVES[0])
    assert pieces(state, "Micael") == (14, 0, 0, 0)


def test_passing_an_opponent_does_not_knock_it_out() -> None:
    state = table(*THREE, starter="Micael")
    place(state, {"Micael": [10, 0, 0, 0], "Samir": [2, 0, 0, 0]})
    roll(state, 4)
    events = play(state, MOVES[0])
    assert "knocked_out" not in kinds(events)
    assert pieces(state, "Samir") == (2, 0, 0, 0)


def test_own_piece_blocks_and_mover_stops_directly_behind() -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [10, 14, 0, 0]})
    roll(state, 5)
    play(state, MOVES[0])
    assert pieces(state, "Samir") == (13, 14, 0, 0)


def test_own_piece_on_the_landing_square_stops_the_mover_directly_behind() -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [10, 13, 0, 0]})
    roll(state, 3)
    play(state, MOVES[0])
    assert pieces(state, "Samir") == (12, 13, 0, 0)


def test_own_piece_directly_in_front_means_the_piece_cannot_move() -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [10, 11, 0, 0]})
    roll(state, 4)
    assert list(state.legal_actions()) == [MOVES[1]]


def test_no_legal_move_when_every_piece_is_blocked_passes_the_turn() -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [43, 44, 45, 45]})
    events = roll(state, 3)
    assert kinds(events) == ["rolled", "no_move", "turn"]
    assert state.current == 2


def test_own_piece_blocks_in_the_middle_lane_too() -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [39, 43, 0, 0]})
    roll(state, 5)
    events = play(state, MOVES[0])
    assert pieces(state, "Samir") == (42, 43, 0, 0)
    assert lines(state, events)[0] == "Samir flyttar pjäs 1 från ruta 39 till mittfält 2."


def test_landing_on_an_opponent_knocks_it_out_to_its_nest() -> None:
    state = table(*THREE, starter="Micael")
    place(state, {"Micael": [8, 0, 0, 0], "Samir": [4, 12, 0, 0]})  # Samir's 4 = universal 13
    roll(state, 6)
    events = play(state, MOVES[0])
    assert ("knocked_out", 1, 1, 0, 13) in events
    assert pieces(state, "Samir") == (0, 12, 0, 0)
    assert pieces(state, "Micael") == (14, 0, 0, 0)


def test_collisions_are_found_on_universal_squares() -> None:
    # Pontus's local 7 and Micael's local 27 are both universal 26.
    state = table(*THREE, starter="Pontus")
    place(state, {"Micael": [27, 0, 0, 0], "Pontus": [3, 0, 0, 0]})
    roll(state, 4)
    play(state, MOVES[0])
    assert pieces(state, "Micael") == (0, 0, 0, 0)


def test_knocked_out_pair_both_return_to_nest() -> None:
    state = table(*THREE, starter="Micael")
    place(state, {"Micael": [7, 0, 0, 0], "Samir": [1, 1, 0, 0]})  # the pair on universal 10
    roll(state, 4)
    events = play(state, MOVES[0])
    assert kinds(events).count("knocked_out") == 2
    assert pieces(state, "Samir") == (0, 0, 0, 0)


def test_after_square_forty_a_piece_enters_its_middle_lane() -> None:
    state = table(*THREE, starter="Micael")
    place(state, {"Micael": [38, 0, 0, 0]})
    roll(state, 5)
    play(state, MOVES[0])
    assert pieces(state, "Micael") == (43, 0, 0, 0)
    piece = state.view(None)["seats"][0]["pieces"][0]
    assert piece["universal"] is None


def test_middle_lane_cannot_be_entered_by_other_colours() -> None:
    # Samir passes red's lane entrance (universal 39 -> 0) and stays on the track.
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [28, 0, 0, 0]})  # universal 37
    roll(state, 4)
    play(state, MOVES[0])
    piece = state.view(None)["seats"][1]["pieces"][0]
    assert (piece["local"], piece["universal"]) == (32, 1)


def test_piece_in_the_middle_lane_cannot_be_knocked_out() -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Micael": [41, 42, 43, 44], "Samir": [26, 0, 0, 0]})  # Samir at universal 35
    for _ in range(2):
        roll(state, 3)  # Samir passes universal 39 and 0, next to red's lane
        play(state, MOVES[0])
        roll(state, 2)  # Pontus
        roll(state, 2)  # Micael: lane pieces are blocked or cannot reach the goal
    assert pieces(state, "Micael") == (41, 42, 43, 44)
    assert pieces(state, "Samir") == (32, 0, 0, 0)


def test_player_must_move_when_a_legal_move_exists() -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [5, 0, 0, 0]})
    roll(state, 3)
    assert state.players_to_act() == (1,) and not state.is_chance()
    assert {a.kind for a in GAME.action_types} == {
        "roll",
        "move",
        "enter",
        "enter_two",
        "enter_six",
    }
    with pytest.raises(IllegalAction) as err:
        GAME.action_from_json({"type": "pass"})
    assert err.value.key == "error.malformed_action"
    with pytest.raises(IllegalAction):
        roll(state, 4)  # the die is not rolled again before the move


def test_moving_a_piece_in_the_nest_is_illegal_and_changes_nothing() -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [5, 0, 0, 0]})
    roll(state, 3)
    before = state.view(None)
    with pytest.raises(IllegalAction) as err:
        play(state, Move(2))
    assert err.value.key == "error.illegal_action"
    with pytest.raises(IllegalAction):
        play(state, ENTER)
    assert state.view(None) == before


def test_another_player_cannot_move_for_the_player_to_move() -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [5, 0, 0, 0], "Pontus": [5, 0, 0, 0]})
    roll(state, 3)
    before = state.view(None)
    assert state.legal_actions(2) == ()
    with pytest.raises(IllegalAction) as err:
        state.apply(MOVES[0], 2)
    assert err.value.key == "error.not_your_turn"
    assert state.view(None) == before


# (phase, action, who acts, the error's key): Samir is to roll or to move a 3 with piece 1.
BAD_ACTIONS = [
    pytest.param(ROLLOFF, MOVES[0], 0, "error.chance_pending", id="move-during-rolloff"),
    pytest.param(ROLLOFF, Roll(7), CHANCE, "error.illegal_action", id="rolloff-die-shows-7"),
    pytest.param(ROLL, MOVES[0], 1, "error.chance_pending", id="move-before-rolling"),
    pytest.param(ROLL, Roll(0), CHANCE, "error.illegal_action", id="die-shows-0"),
    pytest.param(ROLL, ENTER, CHANCE, "error.illegal_action", id="die-plays-a-move"),
    pytest.param(MOVE, Roll(3), CHANCE, "error.not_your_turn", id="die-rolled-again"),
    pytest.param(MOVE, Roll(3), 1, "error.illegal_action", id="player-rolls-again"),
    pytest.param(MOVE, Move(9), 1, "error.illegal_action", id="no-such-piece"),
    pytest.param(MOVE, ENTER_TWO, 1, "error.illegal_action", id="enter-with-a-3"),
    pytest.param(MOVE, MOVES[0], 2, "error.not_your_turn", id="wrong-player"),
]


@pytest.mark.parametrize(("phase", "action", "player", "key"), BAD_ACTIONS)
def test_a_bad_action_raises_a_clear_error_and_changes_nothing(
    phase: int, action: Action, player: int, key: str
) -> None:
    state = table(*THREE)
    if phase != ROLLOFF:
        state = table(*THREE, starter="Samir")
        place(state, {"Samir": [5, 0, 0, 0]})
    if phase == MOVE:
        roll(state, 3)
    assert state.phase == phase
    before = state.view(None)
    with pytest.raises(IllegalAction) as err:
        state.apply(action, player)
    assert err.value.key == key and str(err.value)
    assert state.view(None) == before


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"piece": 1},
        {"type": "knuff"},
        {"type": "move"},
        {"type": "move", "piece": "1"},
        {"type": "move", "piece": 1, "steps": 3},
        {"type": "roll", "value": True},
    ],
)
def test_a_malformed_action_is_refused_before_it_reaches_the_game(data: Any) -> None:
    with pytest.raises(IllegalAction) as err:
        GAME.action_from_json(data)
    assert err.value.key == "error.malformed_action"
