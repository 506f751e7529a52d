"""``core.TURN_EVENT``: the one event kind shared layers read (the terminal's turn header)."""

from __future__ import annotations

from typing import Any

import pytest

from spelkvall.core import CHANCE, TURN_EVENT, Game, Seat, all_games

GAMES = sorted(all_games(), key=lambda g: g.id)


def test_the_turn_event_is_the_kind_games_emit() -> None:
    """Records and browser pages already hold ``("turn", seat)``: the name must not change."""
    assert TURN_EVENT == "turn"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_game_declaring_the_turn_event_names_its_one_field_seat(game: Game[Any, Any]) -> None:
    """A shared layer reads ``event[1]`` as the seat, so the schema must say exactly that."""
    if TURN_EVENT in game.event_schema:
        assert tuple(game.event_schema[TURN_EVENT]) == ("seat",)


def test_some_game_emits_the_turn_event() -> None:
    """The contract is in use: a game's first moves open a seat's turn with it."""
    emitting = []
    for game in GAMES:
        if TURN_EVENT not in game.event_schema:
            continue
        state = game.new_state([Seat(f"P{i}") for i in range(game.player_counts()[0])])
        for _ in range(200):
            if state.is_terminal():
                break
            if state.is_chance():
                action = state.chance_outcomes()[0][0]
                events = state.apply(action, CHANCE)
            else:
                player = state.players_to_act()[0]
                events = state.apply(state.legal_actions(player)[0], player)
            turns = [e for e in events if e[0] == TURN_EVENT]
            if turns:
                assert all(0 <= e[1] < state.num_players for e in turns), turns
                emitting.append(game.id)
                break
    assert emitting
