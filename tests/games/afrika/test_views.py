"""What each seat and a spectator see: everything but the closed tokens' content, which does not
exist yet (a token is drawn from the bag when it is opened), so no view, log entry or record
carries a layout. Captured per seat and for a spectator."""

from __future__ import annotations

import json
import random

from spelkvall.core import CHANCE, Match, Seat
from spelkvall.games.afrika import GAME
from spelkvall.games.afrika.actions import BUY, WALK
from spelkvall.games.afrika.board import CITIES, NODES
from spelkvall.games.afrika.rules import UNOPENED
from spelkvall.games.afrika.tokens import TOKEN_NAMES

from .helpers import act, go, put, reveal, roll, table


def test_the_game_has_no_hidden_information_beyond_chance() -> None:
    assert GAME.perfect_information


def test_a_closed_token_shows_only_that_it_is_closed() -> None:
    s = table(3)
    for viewer in (None, 0, 1, 2):
        view = s.view(viewer)
        tokens = {c["place"]: c["token"] for c in view["cities"]}
        assert {tokens[NODES[c].id] for c in CITIES} == {"closed"}
        assert tokens["tangier"] is None and tokens["cairo"] is None
        assert view["unopened"] == 30 and view["you"] == viewer


def test_no_state_holds_a_layout_only_a_bag_of_kinds() -> None:
    s = table(3)
    assert all(s.token_at[c] == UNOPENED for c in CITIES)
    assert s.bag.counts == [12, 5, 3, 4, 3, 2, 1]
    # Two games with different seeds look the same until a token is opened.
    a, b = Match(GAME, [Seat("A"), Seat("B")], seed=1), Match(GAME, [Seat("A"), Seat("B")], seed=2)
    for m in (a, b):
        while m.state.is_chance():
            m.resolve_chance()
    assert a.state.view(None)["cities"] == b.state.view(None)["cities"]


def test_an_opened_token_shows_what_was_found_and_by_whom() -> None:
    s = table(2)
    put(s, 0, "tunis", money=100)
    act(s, BUY)
    reveal(s, "ruby")
    view = s.view(1)
    tunis = next(c for c in view["cities"] if c["place"] == "tunis")
    assert tunis == {"place": "tunis", "token": "ruby", "by": 0}
    assert view["tokens_left"]["ruby"] == 1 and view["unopened"] == 29


def test_every_seat_and_the_spectator_see_the_same_position() -> None:
    rng = random.Random(5)
    m = Match(GAME, [Seat("A"), Seat("B"), Seat("C")], seed=5)
    for _ in range(400):
        st = m.state
        if st.is_terminal():
            break
        views = [st.view(v) for v in (None, 0, 1, 2)]
        for v in views:
            v.pop("you")
            json.dumps(v)
        assert all(v == views[0] for v in views)
        if st.is_chance():
            m.resolve_chance()
        else:
            p = st.players_to_act()[0]
            legal = st.legal_actions(p)
            m.apply(legal[rng.randrange(len(legal))], p)


def test_the_log_names_a_token_only_once_it_is_opened() -> None:
    m = Match(GAME, [Seat("A"), Seat("B")], seed=3)
    rng = random.Random(3)
    revealed = 0
    for _ in range(3000):
        st = m.state
        if st.is_terminal():
            break
        if st.is_chance():
            m.resolve_chance()
        else:
            p = st.players_to_act()[0]
            legal = st.legal_actions(p)
            m.apply(legal[rng.randrange(len(legal))], p)
        opened = sum(1 for c in CITIES if m.state.token_at[c] != UNOPENED)
        revealed = sum(1 for e in m.record.log if e.action.kind == "reveal")
        assert revealed == opened
    assert revealed > 0
    text = m.record.dumps()
    assert text.count('"reveal"') == revealed


def test_the_land_move_view_lists_each_destination_with_its_path() -> None:
    s = table(2)
    act(s, WALK)
    roll(s, 5)
    view = s.view(0)
    moves = {m["to"]: m for m in view["moves"]}
    assert moves["tunis"]["path"][-1] == "tunis" and len(moves["tunis"]["path"]) == 5
    assert moves["morocco"]["stop"] is True and moves["tunis"]["stop"] is False
    assert moves["tunis"]["action"] == {"type": "go", "to": "tunis", "route": 0}
    go(s, "tunis")


def test_views_are_plain_json_with_no_secret_keys() -> None:
    s = table(3)
    view = s.view(None)
    text = json.dumps(view)
    for key in ("seed", "rng", "deck", "secret", "hidden", "layout"):
        assert f'"{key}"' not in text
    # Token kinds appear only as the bag's counts, never tied to a place.
    del view["tokens_left"], view["tokens_total"], view["gem_values"]
    text = json.dumps(view)
    assert all(f'"{name}"' not in text for name in TOKEN_NAMES if name != "star")  # a flag


def test_the_view_names_the_special_states_of_players() -> None:
    s = table(2)
    put(s, 1, "hz_bedouins")
    s.captured[1] = True
    s.slave[0] = 2
    view = s.view(None)
    assert view["players"][1]["captured"] is True and view["players"][0]["slave_turns"] == 2
    assert view["capetown_bonus"] == "waiting"
    _ = CHANCE
