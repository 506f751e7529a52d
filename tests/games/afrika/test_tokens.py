"""§5 tokens: opening draws the token from the bag of unopened ones (a chance outcome); what
each kind does; the instant win; nothing is taken from others."""

from __future__ import annotations

import pytest

from spelkvall.games.afrika.actions import BUY, REVEALS, TRY_TOKEN, WALK
from spelkvall.games.afrika.rules import DRAW, OVER

from .helpers import act, go, kinds, node, open_token, put, reveal, roll, table, turn_of


def opening(money: int = 300, where: str = "tunis", **options: object):  # type: ignore[no-untyped-def]
    """Anna stands on ``where`` with ``money`` and buys its token: the draw is next."""
    s = table(2, **options)
    put(s, 0, where, money=money)
    act(s, BUY)
    assert s.phase == DRAW
    return s


def test_the_token_is_drawn_from_the_unopened_ones_with_their_counts() -> None:
    s = opening()
    outcomes = dict(s.chance_outcomes())
    assert outcomes[REVEALS[0]] == pytest.approx(12 / 30)  # blank
    assert outcomes[REVEALS[6]] == pytest.approx(1 / 30)  # the star
    assert sum(outcomes.values()) == pytest.approx(1)
    reveal(s, "ruby")
    turn_of(s, 1)
    put(s, 1, "tripoli", money=300)
    act(s, BUY)
    outcomes = dict(s.chance_outcomes())
    assert outcomes[REVEALS[5]] == pytest.approx(1 / 29)  # one ruby left of 29 tokens


def test_an_opened_token_leaves_the_board_and_is_kept_by_the_player() -> None:
    s = opening()
    reveal(s, "topaz")
    view = s.view(None)
    assert {"place": "tunis", "token": "topaz"} in view["players"][0]["found"]
    assert s.token_at[node("tunis")] != -1 and len(s.bag) == 29


def test_blank_does_nothing() -> None:
    s = opening()
    before = (s.money[0], s.slave[0], s.star[0], s.shoes[0])
    reveal(s, "blank")
    assert (s.money[0], s.slave[0], s.star[0], s.shoes[0]) == (before[0], 0, False, 0)


def test_a_horseshoe_before_the_star_is_found_is_used_up() -> None:
    s = opening()
    events = reveal(s, "horseshoe")
    assert ("horseshoe", 0, False) in events and s.shoes[0] == 0


def test_a_horseshoe_after_the_star_is_found_is_a_valid_horseshoe() -> None:
    s = opening()
    open_token(s, "egypt", "star", seat=1)
    s.star[1] = True
    events = reveal(s, "horseshoe")
    assert ("horseshoe", 0, True) in events and s.shoes[0] == 1 and s.has_item(0)


def test_the_fifth_horseshoe_after_the_star_strands_everybody_without_an_item() -> None:
    s = table(3)
    open_token(s, "egypt", "star", seat=1)
    s.star[1] = True
    for city in ("timbuktu", "sahara", "morocco", "tripoli"):
        open_token(s, city, "horseshoe")
    put(s, 0, "tunis", money=300)
    act(s, BUY)
    events = reveal(s, "horseshoe")
    assert ("stranded", 2, "S4") in events
    assert not s.stranded[0] and not s.stranded[1]


def test_a_robber_takes_all_money_but_not_the_star_or_horseshoes() -> None:
    s = opening(money=1300)
    s.star[0] = True
    events = reveal(s, "robber")
    assert ("robbed", 0, 1200) in events
    assert s.money[0] == 0 and s.star[0]


@pytest.mark.parametrize(("token", "value"), [("topaz", 300), ("emerald", 500), ("ruby", 1000)])
def test_gems_pay_their_value(token: str, value: int) -> None:
    s = opening(money=100)
    reveal(s, token)
    assert s.money[0] == value


def test_the_star_holder_may_open_more_tokens() -> None:
    s = table(2)
    put(s, 0, "tunis", money=300)
    s.star[0] = True
    open_token(s, "egypt", "star", seat=0)
    s._plan_turn()
    assert BUY in s.legal_actions() and TRY_TOKEN in s.legal_actions()


def test_the_star_found_after_all_five_horseshoes_wins_at_once() -> None:
    s = table(3)
    for city in ("timbuktu", "sahara", "morocco", "tripoli", "egypt"):
        open_token(s, city, "horseshoe")
    put(s, 0, "tunis", money=300)
    act(s, BUY)
    events = reveal(s, "star")
    assert ("instant_win", 0) in events
    assert s.phase == OVER and s.result().winners == (0,)  # type: ignore[union-attr]


def test_the_star_found_after_all_horseshoes_by_a_stranded_finder_is_no_winner() -> None:
    s = table(2)
    for city in ("timbuktu", "sahara", "morocco", "tripoli", "egypt"):
        open_token(s, city, "horseshoe")
    put(s, 0, "st_helena", money=100)
    act(s, BUY)  # the last £100: broke on St. Helena with its token gone
    events = reveal(s, "star")
    assert "instant_win" not in kinds(events)
    assert ("stranded", 0, "S1") in events and ("stranded", 1, "S4") in events
    assert ("no_winner",) in events
    result = s.result()
    assert result is not None and result.winners == ()


def test_players_on_the_same_place_do_not_interact() -> None:
    s = table(2)
    put(s, 1, "land:tangier:tunis:3", money=1000)
    s.star[1] = True
    act(s, WALK)
    roll(s, 3)
    go(s, "land:tangier:tunis:3")
    assert s.pos[0] == s.pos[1] and s.money[1] == 1000 and s.star[1]
