"""Fia positions written by hand as JSON (``Fia.state_from_json``, for ``spelkvall advise``)."""

from __future__ import annotations

from typing import Any

import pytest

from spelkvall.core import InvalidSetup
from spelkvall.games.fia import ENTER_SIX, ENTER_TWO, GAME, MOVES


def data(**changes: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "players": [
            {"name": "Micael", "colour": "red", "pieces": [12, 0, 0, 0]},
            {"name": "Samir", "colour": "blue", "pieces": [5, 45, 0, 0]},
        ],
        "to_move": "Samir",
        "die": 6,
    }
    base.update(changes)
    return base


def test_position_places_the_pieces_and_rolls_the_die_for_the_player_to_move() -> None:
    state = GAME.state_from_json(data())
    assert state.local_positions(0) == (12, 0, 0, 0)
    assert state.local_positions(1) == (5, 45, 0, 0)
    assert state.current == 1 and state.die == 6
    assert list(state.legal_actions()) == [ENTER_TWO, ENTER_SIX, MOVES[0]]
    assert state.universal_positions(0)[0] == 11
    assert state.occ[11] == 0  # the square index is rebuilt


def test_to_move_may_be_a_seat_number_and_bound_limits_a_bonus_roll() -> None:
    state = GAME.state_from_json(data(to_move=1, bound=[1]))
    assert list(state.legal_actions()) == [MOVES[0]]


def test_the_double_entry_pair_may_stand_on_the_start_square() -> None:
    players = data()["players"]
    players[0]["pieces"] = [1, 1, 0, 0]
    state = GAME.state_from_json(data(players=players, to_move=0, die=2))
    assert list(state.legal_actions()) == [MOVES[0], MOVES[1]]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"die": 7}, "die"),
        ({"die": None}, "die"),
        ({"to_move": "Pontus"}, "to_move"),
        ({"bound": [3]}, "bound"),  # piece 3 is in the nest
        ({"extra": 1}, "extra"),
        ({"players": [{"name": "A", "pieces": [0, 0, 0]}, {"name": "B"}]}, "players[0].pieces"),
        ({"players": [{"name": "A", "pieces": [2, 2, 0, 0]}, {"name": "B"}]}, "players[0].pieces"),
        # Red's square 11 is blue's start square: two colours on one square.
        (
            {
                "players": [
                    {"name": "A", "pieces": [11, 0, 0, 0]},
                    {"name": "B", "pieces": [1, 0, 0, 0]},
                ]
            },
            "players[1].pieces",
        ),
        ({"players": [{"name": "A", "pieces": [45, 45, 45, 45]}, {"name": "B"}]}, "players"),
    ],
)
def test_a_wrong_field_is_named(change: dict[str, Any], field: str) -> None:
    with pytest.raises(InvalidSetup) as err:
        GAME.state_from_json(data(**change))
    assert err.value.key == "error.position" and err.value.params["field"] == field


def test_a_position_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(InvalidSetup):
        GAME.state_from_json([1, 2])
