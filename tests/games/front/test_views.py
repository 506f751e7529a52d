"""Front hides nothing (spec: open information): every seat and a spectator receive the same
view, and the match log holds nothing any of them may not see."""

from __future__ import annotations

import random

from spelkvall.core import CHANCE, Match, Seat
from spelkvall.games.front import GAME

from .helpers import PLAYERS


def test_every_seat_and_a_spectator_see_the_same_board_at_every_step() -> None:
    match = Match(GAME, [Seat(name, colour) for name, colour in PLAYERS], seed=5)
    rng = random.Random(5)
    state = match.state
    steps = 0
    while not state.is_terminal() and steps < 400:
        spectator = state.view(None)
        for seat in range(3):
            view = state.view(seat)
            assert view["you"] == seat
            assert {**view, "you": None} == spectator
        if state.is_chance():
            match.resolve_chance()
        else:
            player = state.players_to_act()[0]
            action = GAME.heuristic_action(state, player, rng)
            assert action is not None
            match.apply(action, player)
        steps += 1
    for entry in match.record.log:
        for viewer in (None, 0, 1, 2):
            assert GAME.action_visible(entry.action, entry.player, viewer)
    assert CHANCE in {entry.player for entry in match.record.log}


def test_the_view_is_plain_json_with_the_board_and_the_choices() -> None:
    state = GAME.new_state([Seat(name, colour) for name, colour in PLAYERS])
    view = state.view(None)
    assert view["game"] == "front" and view["depth"] == 4 and view["target"] == 10
    assert [s["pieces"] for s in view["seats"]] == [[[p, 0, c] for c in range(8)] for p in range(3)]
    assert view["phase"] == "rolloff" and view["chance_seat"] == 0
    assert view["legal"] == [] and view["removable"] == [] and view["returns"] == []
