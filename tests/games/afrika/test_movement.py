"""§4 movement: land (exact roll, stops on cities passed, no revisiting, dots), sea (fee,
declared destination, surplus lost, pirates) and air (fare, no roll, arrival effects)."""

from __future__ import annotations

from spelkvall.games.afrika.actions import (
    BUY,
    DECLINE,
    FLY,
    SAIL,
    TRY_TOKEN,
    WALK,
    Fly,
    Go,
    Sail,
)
from spelkvall.games.afrika.board import LAND, NODES
from spelkvall.games.afrika.rules import BUY_PHASE, ROLL, STEP, TURN

from .helpers import act, destinations, go, kinds, node, open_token, put, roll, table, turn_of


def test_a_land_move_takes_exactly_the_roll_along_the_dots() -> None:
    s = table(2)
    act(s, WALK)
    roll(s, 3)
    assert s.phase == STEP
    ends = {NODES[d].id: routes for d, routes in s.destinations()}
    # Tangier: 1 step to the junction, Morocco is 2 steps (a city: a stop), or 3 to Tunis' road.
    assert set(ends) == {
        "morocco",
        "land:tangier:tunis:3",
        "land:jl_tangier_morocco:sahara:2",
        "land:cape_verde:morocco:7",
    }
    for dest, routes in ends.items():
        assert all(len(r) == 3 or dest == "morocco" for r in routes)


def test_a_walker_may_stop_early_on_any_city_passed() -> None:
    s = table(2)
    act(s, WALK)
    roll(s, 6)
    assert {"tunis", "morocco", "sahara"} <= destinations(s)
    events = go(s, "morocco")
    assert events[0][:4] == ("walked", 0, "tangier", "morocco")
    assert s.phase == BUY_PHASE  # an arrival like any other


def test_a_walk_never_revisits_a_place_within_a_move() -> None:
    s = table(2)
    put(s, 0, "land:tangier:tunis:1")
    act(s, WALK)
    roll(s, 2)
    # Back through Tangier and on is fine; back and forth is not (no turning back).
    assert "land:tangier:tunis:1" not in destinations(s)
    for _dest, routes in s.destinations():
        for route in routes:
            assert len(set(route)) == len(route) and node("land:tangier:tunis:1") not in route


def test_cities_are_passed_through_without_stopping_and_their_tokens_stay() -> None:
    s = table(2)
    put(s, 0, "land:tangier:tunis:4")
    act(s, WALK)
    roll(s, 2)
    go(s, "land:tripoli:tunis:2")
    assert s.token_at[node("tunis")] == -1 and s.current == 1


def test_a_move_often_ends_on_a_dot_and_the_next_goes_either_way() -> None:
    s = table(2)
    put(s, 0, "land:tangier:tunis:2")
    act(s, WALK)
    roll(s, 2)
    assert {"land:tangier:tunis:4", "tangier"} <= destinations(s)


def test_no_token_sea_or_air_action_from_a_dot() -> None:
    s = table(2)
    put(s, 0, "land:tangier:tunis:2", money=5000)
    assert s.legal_actions() == (WALK,)


def test_the_goal_needs_no_exact_roll() -> None:
    s = table(2)
    put(s, 0, "land:cairo:egypt:3")
    s.star[0] = True
    act(s, WALK)
    roll(s, 6)
    assert "cairo" in destinations(s)
    events = go(s, "cairo")
    assert ("won", 0, "cairo", "star") in events


def test_land_movement_never_continues_onto_sea_lanes() -> None:
    for v in range(len(NODES)):
        for w in LAND[v]:
            assert NODES[w].medium != "sea" and NODES[v].medium != "sea"
    s = table(2)
    act(s, WALK)
    roll(s, 6)
    assert all(NODES[d].medium != "sea" for d, _ in s.destinations())


def test_two_routes_to_the_same_end_are_two_choices() -> None:
    s = table(2)
    put(s, 0, "ain_galaka")
    open_token(s, "ain_galaka", "blank")
    s._plan_turn()
    act(s, WALK)
    roll(s, 6)
    end = "land:dar_fur:jl_slavecoast_darfur:2"
    assert {Go(end, 0), Go(end, 1)} <= set(s.legal_actions())
    go(s, end, 1)
    assert s.pos[0] == node(end)


def test_sailing_pays_100_and_declares_a_destination_among_the_legs() -> None:
    s = table(2)
    legs = {a.to for a in s.legal_actions() if isinstance(a, Sail)}
    assert legs == {"canary_islands", "tunis"}
    events = act(s, SAIL[node("canary_islands")])
    assert ("boarded", 0, "tangier", "canary_islands", 100) in events
    assert s.money[0] == 200 and s.phase == ROLL


def test_the_sea_legs_pass_no_other_city() -> None:
    s = table(2)
    put(s, 0, "cairo", money=100)
    legs = {a.to for a in s.legal_actions() if isinstance(a, Sail)}
    assert legs == {"suakin", "tripoli", "tunis"}


def test_surplus_pips_are_lost_on_arrival() -> None:
    s = table(2)
    act(s, SAIL[node("tunis")])
    events = roll(s, 6)
    assert ("landed", 0, "tunis") in events
    assert s.pos[0] == node("tunis") and s.phase == BUY_PHASE  # no land steps after landing


def test_at_sea_the_destination_cannot_be_changed() -> None:
    s = table(2)
    put(s, 0, "sierra_leone", money=100)
    act(s, SAIL[node("st_helena")])
    roll(s, 2)  # at the junction off Cape Verde, where the lanes part
    assert s.pos[0] == node("js_off_capeverde") and s.current == 1
    turn_of(s, 0)
    assert s.legal_actions(0) == ()  # a roll and nothing else
    roll(s, 3)
    assert NODES[s.pos[0]].id.startswith("sea:hz_pirates_north:js_off_capeverde")
    assert s.leg_dest[0] == node("st_helena")


def test_later_turns_at_sea_cost_nothing_more() -> None:
    s = table(2)
    put(s, 0, "sierra_leone", money=100)
    act(s, SAIL[node("st_helena")])
    roll(s, 1)
    turn_of(s, 0)
    roll(s, 1)
    assert s.money[0] == 0


def test_ending_exactly_on_a_pirate_dot_captures() -> None:
    s = table(2)
    put(s, 0, "sierra_leone", money=100)
    act(s, SAIL[node("st_helena")])
    s.leg_step[0] = 4
    events = roll(s, 6)
    assert s.pos[0] == node("hz_pirates_north")
    assert ("captured", 0, "pirates") in events and s.captured[0]


def test_sailing_past_a_pirate_dot_is_harmless() -> None:
    s = table(2)
    put(s, 0, "sierra_leone", money=100)
    act(s, SAIL[node("st_helena")])
    s.leg_step[0] = 7
    events = roll(s, 5)
    assert ("landed", 0, "st_helena") in events and not s.captured[0]


def test_boarding_ends_the_movement_no_land_steps_in_the_same_turn() -> None:
    s = table(2)
    act(s, SAIL[node("tunis")])
    roll(s, 2)
    assert s.current == 1 and s.at_sea(0)


def test_flying_pays_300_and_moves_without_a_roll() -> None:
    s = table(2)
    events = act(s, FLY[node("tripoli")])
    assert events[0] == ("flew", 0, "tangier", "tripoli")
    assert s.money[0] == 0 and s.pos[0] == node("tripoli")
    assert s.current == 1  # broke on arrival: no buy decision, the turn ends


def test_only_the_listed_air_routes_are_flown() -> None:
    s = table(2)
    put(s, 0, "tangier", money=1000)
    assert {a.to for a in s.legal_actions() if isinstance(a, Fly)} == {"morocco", "tripoli"}


def test_a_flight_has_the_arrival_effects() -> None:
    s = table(2)
    put(s, 0, "st_helena", money=300)
    open_token(s, "st_helena", "blank")
    s._plan_turn()
    events = act(s, FLY[node("capetown")])
    assert ("bonus", 0, 500) in events and s.phase == BUY_PHASE


def test_one_flight_per_turn() -> None:
    s = table(2)
    put(s, 0, "morocco", money=5000)
    open_token(s, "morocco", "blank")
    s._plan_turn()
    act(s, FLY[node("tangier")])
    assert s.current == 1 and s.phase == TURN


def test_declining_on_arrival_leaves_the_token_and_ends_the_turn() -> None:
    s = table(2)
    act(s, FLY[node("morocco")])
    assert s.phase == TURN and s.current == 1  # broke after the fare
    s = table(2)
    s.money[0] = 400
    act(s, FLY[node("morocco")])
    assert s.legal_actions() == (BUY, DECLINE)
    events = act(s, DECLINE)
    assert "declined" in kinds(events) and s.token_at[node("morocco")] == -1
    turn_of(s, 0)
    assert TRY_TOKEN in s.legal_actions()
