"""§3 turn structure: slave turns, captured and escape rolls, at sea, exactly one action, the
order of the arrival effects and the stranded check at every turn end."""

from __future__ import annotations

from spelkvall.games.afrika.actions import (
    BUY,
    DECLINE,
    PASS,
    SAIL,
    TRY_TOKEN,
    WALK,
    Fly,
    Sail,
)
from spelkvall.games.afrika.rules import BUY_PHASE, FOR_ESCAPE, FOR_SEA, ROLL, STEP, TURN

from .helpers import act, go, kinds, node, open_token, put, reveal, roll, table, turn_of


def test_slave_loses_the_turn_and_counts_down() -> None:
    s = table(2)
    s.slave[1] = 3
    act(s, WALK)
    roll(s, 1)
    events = go(s, "land:tangier:tunis:1")
    assert ("slave_turn", 1, 2) in events
    assert s.current == 0 and s.slave[1] == 2


def test_slave_turns_run_out_after_three_turns() -> None:
    s = table(2)
    s.slave[1] = 3
    for left in (2, 1, 0):
        events = turn_of(s, 1)
        assert ("slave_turn", 1, left) in events and s.current == 0
    turn_of(s, 1)
    assert s.current == 1 and s.phase == TURN


def test_captured_player_rolls_first_and_one_or_two_frees_and_moves_that_roll() -> None:
    s = table(2)
    put(s, 1, "hz_bedouins")
    s.captured[1] = True
    turn_of(s, 1)
    assert s.phase == ROLL and s.purpose == FOR_ESCAPE and s.chance_seat() == 1
    events = roll(s, 2)
    assert "escaped" in kinds(events) and not s.captured[1]
    assert s.phase == STEP and s.die == 2
    from .helpers import destinations

    assert destinations(s) == {"sahara", "land:dar_fur:hz_bedouins:4"}


def test_captured_player_stays_captured_on_three_to_six() -> None:
    for value in (3, 4, 5, 6):
        s = table(2)
        put(s, 1, "hz_bedouins")
        s.captured[1] = True
        turn_of(s, 1)
        events = roll(s, value)
        assert "still_captured" in kinds(events)
        assert s.captured[1] and s.current == 0 and s.pos[1] == node("hz_bedouins")


def test_escape_roll_without_moving_when_the_option_is_off() -> None:
    s = table(2, escape_roll_moves=False)
    put(s, 1, "hz_bedouins")
    s.captured[1] = True
    turn_of(s, 1)
    roll(s, 1)
    assert not s.captured[1] and s.current == 0 and s.pos[1] == node("hz_bedouins")


def test_at_sea_the_turn_is_a_roll_toward_the_declared_destination() -> None:
    s = table(2)
    put(s, 1, "st_helena", money=300)
    turn_of(s, 1)
    act(s, SAIL[node("capetown")])
    roll(s, 3)
    assert s.at_sea(1) and s.current == 0
    turn_of(s, 1)
    assert s.phase == ROLL and s.purpose == FOR_SEA
    assert s.legal_actions(1) == ()  # nothing else to do at sea


def test_exactly_one_action_then_the_turn_passes() -> None:
    s = table(2)
    act(s, WALK)
    roll(s, 6)
    go(s, "land:tripoli:tunis:2")
    assert s.current == 1 and s.phase == TURN


def test_walking_is_not_possible_from_canary_islands_or_st_helena() -> None:
    for island in ("canary_islands", "st_helena"):
        s = table(2)
        put(s, 0, island, money=0)
        assert WALK not in s.legal_actions()


def test_sailing_needs_a_port_and_100() -> None:
    s = table(2)
    put(s, 0, "tangier", money=100)
    assert Sail("tunis") in s.legal_actions()
    put(s, 0, "tangier", money=0)
    assert not any(isinstance(a, Sail) for a in s.legal_actions())
    put(s, 0, "morocco", money=1000)  # an airport, not a port
    assert not any(isinstance(a, Sail) for a in s.legal_actions())


def test_flying_needs_an_airport_and_300() -> None:
    s = table(2)
    put(s, 0, "morocco", money=300)
    flights = {a.to for a in s.legal_actions() if isinstance(a, Fly)}
    assert flights == {"gold_coast", "sierra_leone", "tangier"}
    put(s, 0, "morocco", money=200)
    assert not any(isinstance(a, Fly) for a in s.legal_actions())
    put(s, 0, "tunis", money=1000)  # a port, not an airport
    assert not any(isinstance(a, Fly) for a in s.legal_actions())


def test_roll_for_a_token_opens_it_on_four_to_six() -> None:
    for value in (4, 5, 6):
        s = table(2)
        put(s, 0, "tunis", money=0)
        act(s, TRY_TOKEN)
        assert s.phase == ROLL and s.chance_seat() == 0
        roll(s, value)
        assert s.is_chance() and s.chance_seat() is None  # the draw
        reveal(s, "topaz")
        assert s.money[0] == 300 and s.pos[0] == node("tunis")


def test_failed_roll_for_a_token_ends_the_turn_and_never_moves() -> None:
    s = table(2)
    put(s, 0, "tunis", money=0)
    act(s, TRY_TOKEN)
    events = roll(s, 3)
    assert "token_stays" in kinds(events)
    assert s.pos[0] == node("tunis") and s.current == 1 and s.token_at[node("tunis")] == -1


def test_failed_roll_for_a_token_may_not_buy_it_the_same_turn() -> None:
    s = table(2)
    put(s, 0, "tunis", money=500)
    act(s, TRY_TOKEN)
    roll(s, 1)
    assert s.current == 1 and BUY not in s.legal_actions(0)


def test_rolling_for_a_token_waits_for_a_later_turn_than_the_arrival() -> None:
    s = table(2)
    act(s, WALK)
    roll(s, 5)
    go(s, "tunis")
    assert s.phase == BUY_PHASE
    assert set(s.legal_actions()) == {BUY, DECLINE}  # no roll for it now
    act(s, DECLINE)
    turn_of(s, 0)
    assert TRY_TOKEN in s.legal_actions()


def test_buy_token_at_the_start_of_a_turn() -> None:
    s = table(2)
    put(s, 0, "tunis", money=100)
    act(s, BUY)
    reveal(s, "blank")
    assert s.money[0] == 0 and s.pos[0] == node("tunis") and s.current == 1


def test_buying_needs_100() -> None:
    s = table(2)
    put(s, 0, "tunis", money=0)
    assert BUY not in s.legal_actions() and TRY_TOKEN in s.legal_actions()
    # Arriving broke: no buy decision at all.
    s = table(2)
    s.money[0] = 0
    act(s, WALK)
    roll(s, 5)
    go(s, "tunis")
    assert s.current == 1


def test_pass_only_when_nothing_else_is_legal() -> None:
    s = table(2)
    put(s, 0, "canary_islands", money=0)
    open_token(s, "canary_islands", "blank")
    s._plan_turn()
    assert s.legal_actions() == (PASS,)
    events = act(s, PASS)
    assert ("passed", 0) in events
    put(s, 1, "tangier")
    assert PASS not in s.legal_actions(1)


def test_arrival_bonus_comes_before_the_buy_decision() -> None:
    s = table(2)
    put(s, 0, "whalefish_bay", money=0)
    act(s, WALK)
    roll(s, 4)
    events = go(s, "capetown")
    assert ("bonus", 0, 500) in events
    assert s.phase == BUY_PHASE and s.money[0] == 500


def test_a_hazard_ends_the_move_before_anything_else() -> None:
    s = table(2)
    put(s, 0, "sahara", money=300)
    open_token(s, "sahara", "blank")
    s._plan_turn()
    act(s, WALK)
    roll(s, 2)
    events = go(s, "hz_bedouins")
    assert ("captured", 0, "bedouins") in events and s.captured[0] and s.current == 1


def test_stranded_players_are_looked_for_at_every_turn_end() -> None:
    s = table(2)
    put(s, 1, "st_helena", money=0)
    open_token(s, "st_helena", "robber")
    act(s, WALK)
    roll(s, 1)
    events = go(s, "land:tangier:tunis:1")
    assert ("stranded", 1, "S1") in events
    assert s.current == 0  # Bertil's turn is skipped


def test_stranded_players_are_looked_for_after_every_opening() -> None:
    s = table(2)
    put(s, 0, "canary_islands", money=100)
    act(s, BUY)
    events = reveal(s, "blank")
    assert events.index(("stranded", 0, "S1")) < events.index(("turn", 1))
