"""§B10 combat and §B11 after combat: steps, dice, modifiers, hits, the Diplomat, retreats,
the Dragon, several sides, teams; control after a battle."""

from __future__ import annotations

from collections.abc import Sequence

from spelkvall.core import CHANCE
from spelkvall.games.omringad.actions import (
    ASSIGNS,
    BATTLES,
    DRAGON_TARGETS,
    FIGHT,
    TARGETS,
    USE_DIPLOMAT,
    Assign,
    Battle,
)
from spelkvall.games.omringad.board import (
    ARCHER,
    CASTLE,
    DIPLOMAT,
    DRAGON,
    ELITE,
    FOREST,
    GENERAL,
    HORSES,
    MERC,
    MOUNTAIN,
    RIDER,
    SHARPSHOOTERS,
)
from spelkvall.games.omringad.phases import BT_ASSIGN, BT_DIPLOMAT, BT_ROLL, BT_TARGET, COMBAT

from .helpers import (
    kinds,
    kinds_on,
    move,
    pass_all,
    position,
    roll,
    sq,
    three_sides_shooter_picks,
    units_on,
)

X = sq(1, 0, 3)  # bare, on the north edge of country 1
FROM = sq(0, 0, 3)  # across the glued N4 edge

Entry = str | tuple[str, bool]


def _e(seat: int, entry: Entry) -> tuple[int, str, bool]:
    return (seat, entry, False) if isinstance(entry, str) else (seat, entry[0], entry[1])


def battle(
    defence: Sequence[Entry],
    attack: Sequence[Entry],
    terrain: int | None = None,
    extra: dict[int, list[tuple[int, str]]] | None = None,
    **options: object,
):  # type: ignore[no-untyped-def]
    """Seat 1 holds ``X`` with ``defence``; seat 0 moves ``attack`` in from ``FROM``; combat."""
    units = {X: [_e(1, d) for d in defence], FROM: [_e(0, a) for a in attack], **(extra or {})}
    s = position(units, terrain={X: terrain} if terrain is not None else None, **options)  # type: ignore[arg-type]
    move(s, 0, FROM, [X], attack)
    pass_all(s)
    assert s.phase == COMBAT
    return s


def rollers(s) -> list[tuple[int, int, int]]:  # type: ignore[no-untyped-def]
    """(seat, unit type, lowest hitting die) of the units rolling in this step."""
    return [(r & 7, r >> 8, (r >> 4) & 15) for r in s.bt_rollers]


def test_ranged_units_roll_first_then_melee() -> None:
    s = battle(["mercenary", "archer"], ["rider", "catapult"])
    assert s.bt_stage == BT_ROLL and s.bt_step == 0
    assert [(p, k) for p, k, _ in rollers(s)] == [(1, ARCHER), (0, 4)]
    roll(s, 2, 2)
    assert s.bt_step == 1
    assert sorted((p, k) for p, k, _ in rollers(s)) == [(0, RIDER), (1, MERC)]


def test_all_dice_of_a_step_are_rolled_before_hits_apply() -> None:
    # Both damaged archers hit each other: both are eliminated, although one shot first.
    s = battle([("archer", True)], [("archer", True)])
    events = roll(s, 6, 6)
    assert sorted(e for e in events if e[0] == "eliminated") == [
        ("eliminated", 0, ARCHER, X),
        ("eliminated", 1, ARCHER, X),
    ]
    assert s.bt_sq == -1


def test_a_six_always_hits_and_a_one_always_misses() -> None:
    # Archers in a forest need a 6 (S5, -1); riders with a General in a castle need a 2.
    s = battle(["archer"], ["archer"], terrain=FOREST)
    assert [need for _, _, need in rollers(s)] == [6, 6]
    events = roll(s, 6, 5)
    assert [e[4] for e in events if e[0] == "roll"] == [True, False]
    s = battle(["rider", "general"], ["mercenary"], terrain=CASTLE)
    roll_needs = rollers(s)
    assert (1, RIDER, 2) in roll_needs
    events = roll(s, 1, 6)
    assert [e[4] for e in events if e[0] == "roll"][:1] == [False], "a 1 misses even so"


def test_a_general_gives_plus_one_to_its_side_not_added_up_for_several() -> None:
    s = battle(["mercenary", "general", "general"], ["mercenary"])
    assert sorted(rollers(s)) == [(0, MERC, 6), (1, MERC, 5)]


def test_an_enemy_infiltrator_alive_cancels_the_general() -> None:
    s = battle(["mercenary", "general"], ["mercenary", "infiltrator"])
    assert sorted(rollers(s)) == [(0, MERC, 6), (1, MERC, 6)]


def test_castle_defenders_get_plus_one_attackers_do_not() -> None:
    s = battle(["mercenary"], ["mercenary"], terrain=CASTLE)
    assert sorted(rollers(s)) == [(0, MERC, 6), (1, MERC, 5)]


def test_elite_soldiers_get_plus_one_defending_a_mountain_not_attacking() -> None:
    s = battle(["elite", "mercenary"], ["elite"], terrain=MOUNTAIN)
    assert sorted(rollers(s)) == [(0, ELITE, 5), (1, MERC, 6), (1, ELITE, 4)]


def test_archers_and_catapults_get_minus_one_in_a_forest_battle() -> None:
    s = battle(["catapult", "sharpshooters"], ["archer"], terrain=FOREST)
    assert sorted(rollers(s)) == [(0, ARCHER, 6), (1, 4, 5), (1, SHARPSHOOTERS, 6)]


def test_the_owner_of_the_units_hit_chooses_even_units_without_s() -> None:
    s = battle(["mercenary", "general"], ["archer"])
    roll(s, 6)  # the attacker's archer hits
    assert s.bt_stage == BT_ASSIGN and s.players_to_act() == (1,)
    assert set(s.legal_actions(1)) == {ASSIGNS[MERC, False], ASSIGNS[GENERAL, False]}
    events = s.apply(ASSIGNS[GENERAL, False], 1)
    assert ("eliminated", 1, GENERAL, X) in events, "a General is eliminated by one hit"


def test_sharpshooters_hits_are_placed_by_the_shooter() -> None:
    s = battle(["mercenary", "general"], ["sharpshooters"])
    roll(s, 6)
    assert s.players_to_act() == (0,)
    events = s.apply(ASSIGNS[GENERAL, False], 0)
    assert ("eliminated", 1, GENERAL, X) in events


def test_horses_cannot_be_hit() -> None:
    s = battle(["mercenary", "horses"], ["archer"])
    events = roll(s, 6)
    assert ("damaged", 1, MERC, X) in events  # the only choice: no question asked
    assert all(not isinstance(a, Assign) or a.unit != "horses" for a in s.legal_actions(1))


def test_a_first_hit_damages_a_second_eliminates() -> None:
    s = battle(["rider"], ["archer", "archer"])
    events = roll(s, 6, 6)
    assert ("damaged", 1, RIDER, X) in events and ("eliminated", 1, RIDER, X) in events
    assert s.pool[1][RIDER] == 4, "eliminated units go back to the owner's pool"


def test_a_damaged_rider_has_s5() -> None:
    s = battle([("rider", True)], ["rider"])
    roll_needs = sorted(rollers(s))
    assert roll_needs == [(0, RIDER, 4), (1, RIDER, 5)]


def test_hits_are_assigned_while_a_unit_can_be_hit_and_extra_hits_are_lost() -> None:
    s = battle(["mercenary"], ["archer", "archer", "archer"])
    events = roll(s, 6, 6, 6)
    assert kinds(events).count("damaged") == 1 and kinds(events).count("eliminated") == 1
    assert s.bt_sq == -1 and s.control[X] == 0


def test_survivors_take_control_of_the_square() -> None:
    s = battle(["mercenary"], ["rider"])
    roll(s, 2, 6, 2, 6)  # melee: merc misses, rider hits; then again
    assert s.control[X] == 0
    assert kinds_on(s, X, 0) == ["rider"]


def test_if_nobody_survives_the_previous_controller_keeps_the_square() -> None:
    s = battle(["mercenary"], ["mercenary"])
    roll(s, 6, 6, 6, 6)
    assert units_on(s, X) == [] and s.control[X] == 1


def test_survivors_that_cannot_conquer_do_not_take_control() -> None:
    s = battle(["mercenary"], ["magician"])
    roll(s, 6, 1)  # the ranged Magician hits: damaged mercenary; then melee miss
    roll(s, 6)  # and again: the mercenary is eliminated
    assert units_on(s, X) == [(0, "magician", False)]
    assert s.control[X] == 1


def test_survivors_that_cannot_conquer_take_control_under_the_option() -> None:
    s = battle(["mercenary"], ["magician"], noncombatants_take_control=True)
    roll(s, 6, 1, 6)
    assert s.control[X] == 0


def test_the_diplomat_ends_a_battle_and_the_attackers_return() -> None:
    s = battle(["mercenary", "diplomat"], ["rider", "rider"])
    assert s.bt_stage == BT_DIPLOMAT and s.players_to_act() == (1,)
    events = s.apply(USE_DIPLOMAT, 1)
    assert ("diplomat", 1, X) in events and ("retreated", 0, X, FROM, 2) in events
    assert kinds_on(s, X, 1) == ["mercenary"] and kinds_on(s, FROM, 0) == ["rider", "rider"]
    assert s.cup.counts[DIPLOMAT - 6] == 1, "the Diplomat is spent"


def test_the_diplomat_may_also_be_used_between_steps() -> None:
    s = battle(["mercenary", "diplomat"], ["rider"])
    s.apply(FIGHT, 1)
    roll(s, 2, 2)  # melee: both miss
    assert s.bt_stage == BT_DIPLOMAT
    s.apply(USE_DIPLOMAT, 1)
    assert s.bt_sq == -1 and kinds_on(s, FROM, 0) == ["rider"]


def test_the_diplomat_cannot_be_used_in_an_attack() -> None:
    s = battle(["mercenary"], ["rider", "diplomat"])
    assert s.bt_stage == BT_ROLL


def test_a_retreat_into_a_square_with_hostile_units_gets_a_battle_at_the_end_of_the_queue() -> None:
    # Seat 0 attacks X from FROM; seat 1 meanwhile moves into FROM.
    units = {
        X: [(1, "mercenary"), (1, "diplomat")],
        FROM: [(0, "rider"), (0, "mercenary")],
        sq(0, 0, 4): [(1, "elite")],
    }
    s = position(units, control={sq(0, 0, 4): 1})
    move(s, 0, FROM, [X], ["rider"])
    move(s, 1, sq(0, 0, 4), [FROM], ["elite"])
    pass_all(s)
    assert s.queue == [FROM] and s.bt_sq == X
    events = s.apply(USE_DIPLOMAT, 1)
    assert ("retreated", 0, X, FROM, 1) in events
    assert s.bt_sq == FROM, "the battle on FROM comes next"


def test_when_nobody_can_roll_the_attackers_retreat() -> None:
    s = position({X: [(1, "general")], FROM: [(0, "infiltrator")]})
    events = move(s, 0, FROM, [X], ["infiltrator"])
    events += pass_all(s)
    assert ("nobody_rolls", X) in events and ("retreated", 0, X, FROM, 1) in events
    assert kinds_on(s, FROM, 0) == ["infiltrator"] and kinds_on(s, X, 1) == ["general"]


def dragon_battle(attack: list[str]):  # type: ignore[no-untyped-def]
    where = sq(1, 0, 3)
    units = {where: [(-1, "dragon")], FROM: [(0, a) for a in attack]}
    s = position(units)
    move(s, 0, FROM, [where], attack)
    pass_all(s)
    return s


def test_the_dragon_is_melee_with_s2_and_s3_when_damaged() -> None:
    s = dragon_battle(["archer"])
    assert rollers(s) == [(0, ARCHER, 5)]
    roll(s, 6)  # the archer damages the Dragon
    assert rollers(s) == [(7, DRAGON, 3)]


def test_the_dragon_is_eliminated_by_a_second_hit_and_goes_back_to_the_cup() -> None:
    s = dragon_battle(["archer", "archer"])
    events = roll(s, 6, 6)
    assert ("damaged", -1, DRAGON, X) in events and ("eliminated", -1, DRAGON, X) in events
    assert s.cup.counts[DRAGON - 6] == 1
    assert s.control[X] == 0, "the archers survive and take the square"


def test_the_dragon_never_conquers() -> None:
    s = dragon_battle(["mercenary"])
    roll(s, 2, 2, 5, 2)  # the Dragon (there first) hits with S2: damaged; again: eliminated
    assert units_on(s, X) == [(-1, "dragon", False)]
    assert s.control[X] == 1


def test_the_dragons_hit_goes_to_a_random_opponent_when_several_face_it() -> None:
    where = sq(1, 0, 3)
    units = {
        where: [(-1, "dragon")],
        FROM: [(0, "mercenary")],
        sq(1, 1, 3): [(1, "mercenary")],
    }
    s = position(units)
    move(s, 0, FROM, [where], ["mercenary"])
    move(s, 1, sq(1, 1, 3), [where], ["mercenary"])
    pass_all(s)
    # melee: the merc of seat 0 (enemy of seat 1 too), then seat 1's, then the Dragon
    order = [p for p, _, _ in rollers(s)]
    dragon_at = order.index(7)
    values = [1] * len(order)
    values[dragon_at] = 6
    roll(s, *values)
    assert s.is_chance() and s.bt_stage == 4
    outcomes = s.chance_outcomes()
    assert sorted(a.seat for a, _ in outcomes) == [0, 1]
    assert all(abs(p - 0.5) < 1e-9 for _, p in outcomes)
    events = s.apply(DRAGON_TARGETS[1], CHANCE)
    assert ("damaged", 1, MERC, where) in events


def test_three_sides_the_firing_player_chooses_which_side_takes_the_hit() -> None:
    # Four players without teams: 0, 1 and 3 meet.
    s, where = three_sides_shooter_picks()
    assert s.bt_stage == BT_TARGET and s.players_to_act() == (3,)
    assert set(s.legal_actions(3)) == {TARGETS[0], TARGETS[1]}
    events = s.apply(TARGETS[0], 3)
    assert ("damaged", 0, MERC, where) in events


def test_teammates_fight_as_allies() -> None:
    where = sq(1, 4, 3)
    units = {
        where: [(1, "mercenary")],
        sq(3, 0, 3): [(3, "archer")],
        sq(1, 4, 4): [(0, "mercenary")],
    }
    s = position(units, n=4, control={sq(1, 4, 4): 0})  # diagonal teams: 0+3 against 1+2
    move(s, 0, sq(1, 4, 4), [where], ["mercenary"])
    move(s, 3, sq(3, 0, 3), [where], ["archer"])
    pass_all(s)
    events = roll(s, 6)
    assert ("damaged", 1, MERC, where) in events, "the only enemy takes the hit"


def test_battles_are_fought_in_the_order_the_squares_became_contested() -> None:
    a, b = sq(1, 0, 3), sq(1, 0, 1)
    units = {
        a: [(1, "mercenary")],
        b: [(1, "mercenary")],
        sq(0, 0, 1): [(0, "mercenary")],
        sq(0, 0, 3): [(0, "mercenary")],
    }
    s = position(units)
    move(s, 0, sq(0, 0, 1), [b], ["mercenary"])
    s.apply(next(x for x in s.legal_actions(1) if x.kind == "pass"), 1)
    move(s, 0, sq(0, 0, 3), [a], ["mercenary"])
    pass_all(s)
    assert s.bt_sq == b and s.queue == [a]


def test_the_initiative_holder_chooses_the_order_under_the_option() -> None:
    a, b = sq(1, 0, 3), sq(1, 0, 1)
    units = {
        a: [(1, "mercenary")],
        b: [(1, "mercenary")],
        sq(0, 0, 1): [(0, "mercenary")],
        sq(0, 0, 3): [(0, "mercenary")],
    }
    s = position(units, battle_order="holder")
    move(s, 0, sq(0, 0, 1), [b], ["mercenary"])
    s.apply(next(x for x in s.legal_actions(1) if x.kind == "pass"), 1)
    move(s, 0, sq(0, 0, 3), [a], ["mercenary"])
    pass_all(s)
    assert s.players_to_act() == (0,)
    assert set(s.legal_actions(0)) == {BATTLES[a], BATTLES[b]}
    s.apply(BATTLES[a], 0)
    assert s.bt_sq == a
    assert all(isinstance(x, Battle) is False for x in s.legal_actions(CHANCE))


def test_horses_left_alone_after_a_battle_return_to_the_cup() -> None:
    s = battle(["mercenary", "horses"], ["archer", "archer"])
    events = roll(s, 6, 6)
    assert ("horses_returned", 1, X) in events
    assert s.cup.counts[HORSES - 6] == 1
