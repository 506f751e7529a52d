"""§8 winning: the first to end a move on Tangier or Cairo with the star or a valid horseshoe
wins at once, by land, sea or air, whichever start point; one winner, money as scores."""

from __future__ import annotations

from spelkvall.games.afrika import GAME
from spelkvall.games.afrika.actions import FLY, SAIL, WALK
from spelkvall.games.afrika.rules import OVER

from .helpers import act, go, node, open_token, put, roll, table


def test_the_star_holder_wins_on_reaching_a_start_point_by_land() -> None:
    s = table(3, start="cairo")
    put(s, 0, "land:tangier:tunis:2")
    s.star[0] = True
    act(s, WALK)
    roll(s, 4)
    events = go(s, "tangier")  # the other start point counts too
    assert ("won", 0, "tangier", "star") in events
    result = s.result()
    assert s.phase == OVER and result is not None and result.winners == (0,)
    assert result.ranking[0] == (0,)


def test_a_valid_horseshoe_wins_like_the_star() -> None:
    s = table(2)
    open_token(s, "egypt", "star", seat=1)
    s.star[1] = True
    put(s, 0, "tunis", money=100)
    s.shoes[0] = 1
    act(s, SAIL[node("tangier")])
    events = roll(s, 3)
    assert ("won", 0, "tangier", "horseshoe") in events


def test_a_win_by_air() -> None:
    s = table(2)
    put(s, 0, "tripoli", money=300)
    s.star[0] = True
    open_token(s, "tripoli", "blank")
    s._plan_turn()
    events = act(s, FLY[node("tangier")])
    assert ("won", 0, "tangier", "star") in events


def test_a_used_up_horseshoe_does_not_win() -> None:
    s = table(2)
    put(s, 0, "land:tangier:tunis:1")
    act(s, WALK)
    roll(s, 1)
    events = go(s, "tangier")
    assert not any(e[0] == "won" for e in events) and s.phase != OVER


def test_one_winner_and_the_others_ranked_by_money() -> None:
    s = table(3)
    s.money = [0, 700, 1200]
    put(s, 0, "land:tangier:tunis:1")
    s.star[0] = True
    act(s, WALK)
    roll(s, 1)
    go(s, "tangier")
    result = s.result()
    assert result is not None
    assert result.winners == (0,) and result.ranking == ((0,), (2,), (1,))
    assert result.scores == (0.0, 700.0, 1200.0)
    assert GAME.score_key == "afrika.score"
