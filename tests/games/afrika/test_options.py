"""§9 variants as options, each on and off: the 2005 free passage, the emerald's value, the
escape roll that moves, the turn order; the declaration a lobby reads."""

from __future__ import annotations

import pytest

from spelkvall.core import InvalidSetup
from spelkvall.games.afrika import GAME, AfrikaOptions
from spelkvall.games.afrika.actions import BUY, SAIL, SAIL_FREE, SAIL_ON, Sail, SailFree
from spelkvall.games.afrika.rules import FOR_SEA, ROLL

from .helpers import act, node, put, reveal, roll, table, turn_of


def test_the_defaults_follow_the_spec() -> None:
    o = AfrikaOptions()
    assert o.free_passage_2005 is False
    assert o.emerald_value == 500
    assert o.escape_roll_moves is True
    assert o.turn_order == "random"
    assert o.sixth_player is False
    assert o.strand_waits_for_capetown is True


def test_the_lobby_reads_choices_for_emerald_value_and_turn_order() -> None:
    specs = {spec.name: spec for spec in GAME.option_specs()}
    assert specs["emerald_value"].choices == (500, 600)
    assert specs["turn_order"].choices == ("random", "highest_roll")
    with pytest.raises(InvalidSetup):
        GAME.parse_options({"emerald_value": 550})


def test_free_passage_off_a_broke_player_cannot_board() -> None:
    s = table(2)
    put(s, 0, "tangier", money=0)
    assert not any(isinstance(a, Sail | SailFree) for a in s.legal_actions())


def test_free_passage_on_a_broke_player_boards_free_and_sails_two_steps() -> None:
    s = table(2, free_passage_2005=True)
    put(s, 0, "sierra_leone", money=0)
    assert not any(isinstance(a, Sail) for a in s.legal_actions())
    events = act(s, SAIL_FREE[node("st_helena")])
    assert ("boarded", 0, "sierra_leone", "st_helena", 0) in events
    assert s.leg_step[0] == 2 and s.current == 1  # no die, 2 steps, the turn ends
    turn_of(s, 0)
    assert s.legal_actions() == (SAIL_ON,)  # the free passage goes on, 2 a turn


def test_free_passage_is_only_for_the_broke() -> None:
    s = table(2, free_passage_2005=True)
    put(s, 0, "tangier", money=100)
    assert not any(isinstance(a, SailFree) for a in s.legal_actions())
    assert any(isinstance(a, Sail) for a in s.legal_actions())


def test_free_passage_lands_on_the_pirate_dot_from_sierra_leone() -> None:
    s = table(2, free_passage_2005=True)
    put(s, 0, "sierra_leone", money=0)
    act(s, SAIL_FREE[node("st_helena")])
    for _ in range(4):
        turn_of(s, 0)
        events = act(s, SAIL_ON)
    assert s.leg_step[0] == 10 and s.pos[0] == node("hz_pirates_north")
    assert ("captured", 0, "pirates") in events


def test_free_passage_arrives_with_fewer_steps() -> None:
    s = table(2, free_passage_2005=True)
    put(s, 0, "tangier", money=0)
    act(s, SAIL_FREE[node("tunis")])
    turn_of(s, 0)
    events = act(s, SAIL_ON)
    assert ("landed", 0, "tunis") in events


def test_free_passage_cannot_be_sped_up_by_paying_later() -> None:
    s = table(2, free_passage_2005=True)
    put(s, 0, "sierra_leone", money=0)
    act(s, SAIL_FREE[node("st_helena")])
    s.money[0] = 1000
    turn_of(s, 0)
    assert s.legal_actions() == (SAIL_ON,)


def test_a_paid_voyage_rolls_each_turn() -> None:
    s = table(2, free_passage_2005=True)
    put(s, 0, "sierra_leone", money=100)
    act(s, SAIL[node("st_helena")])
    assert s.phase == ROLL and s.purpose == FOR_SEA


@pytest.mark.parametrize(("value", "paid"), [(500, 500), (600, 600)])
def test_emerald_value(value: int, paid: int) -> None:
    s = table(2, emerald_value=value)
    put(s, 0, "tunis", money=100)
    act(s, BUY)
    reveal(s, "emerald")
    assert s.money[0] == paid


def test_escape_roll_moves_on_frees_and_moves_at_sea() -> None:
    s = table(2)
    put(s, 0, "sierra_leone", money=100)
    act(s, SAIL[node("st_helena")])
    s.leg_step[0] = 4
    roll(s, 6)  # on the pirate dot, step 10
    turn_of(s, 0)
    events = roll(s, 1)
    assert ("landed", 0, "st_helena") in events


def test_escape_roll_moves_off_frees_only() -> None:
    s = table(2, escape_roll_moves=False)
    put(s, 0, "sierra_leone", money=100)
    act(s, SAIL[node("st_helena")])
    s.leg_step[0] = 4
    roll(s, 6)
    turn_of(s, 0)
    roll(s, 1)
    assert not s.captured[0] and s.pos[0] == node("hz_pirates_north") and s.current == 1
    turn_of(s, 0)
    assert s.phase == ROLL and s.purpose == FOR_SEA


def test_turn_order_highest_roll_is_rolled_by_each_player() -> None:
    s = GAME.new_state(
        [__import__("spelkvall.core", fromlist=["Seat"]).Seat(n) for n in ("A", "B")],
        AfrikaOptions(turn_order="highest_roll"),
    )
    assert s.chance_seat() == 0


def test_options_round_trip_through_json() -> None:
    o = AfrikaOptions(free_passage_2005=True, emerald_value=600, turn_order="highest_roll")
    assert GAME.parse_options(GAME.options_to_json(o)) == o
