"""The eight specials of §B4: what each does and what it does not."""

from __future__ import annotations

from spelkvall.games.omringad import movement
from spelkvall.games.omringad import units as U
from spelkvall.games.omringad.actions import ASSIGNS, SELECTS, TAKES, Step
from spelkvall.games.omringad.board import (
    DIPLOMAT,
    DRAGON,
    ELEPHANTS,
    HORSES,
    INFILTRATOR,
    LAKE,
    MAGICIAN,
    MERC,
    MOVE,
    PIRATES,
    SHARPSHOOTERS,
    STRENGTH,
    UNIT_INDEX,
)

from .helpers import kinds, move, pass_all, position, roll, sq, units_on
from .test_combat import FROM, X, battle, rollers

HOME = {sq(1, 2, 2): [(1, "mercenary")]}


def group_reach(s, names: list[str], where: int = sq(0, 0, 0)) -> int:  # type: ignore[no-untyped-def]
    return movement.reach(s, [U.make(UNIT_INDEX[n], 0) for n in names], where)


# --- Diplomat ---------------------------------------------------------------------------------


def test_diplomat_has_f1_and_no_s_and_falls_to_one_hit() -> None:
    assert MOVE[DIPLOMAT][0] == 1 and STRENGTH[DIPLOMAT][0] == 0
    s = battle(["diplomat", "mercenary"], ["archer"])
    s.apply(next(a for a in s.legal_actions(1) if not a.use), 1)  # fight on
    roll(s, 6)
    events = s.apply(ASSIGNS[DIPLOMAT, False], 1)
    assert ("eliminated", 1, DIPLOMAT, X) in events and s.cup.counts[DIPLOMAT - 6] == 1


def test_diplomat_alone_does_not_conquer_or_besiege() -> None:
    s = position({FROM: [(0, "diplomat")], **HOME})
    events = move(s, 0, FROM, [X], ["diplomat"])
    assert "conquered" not in kinds(events)
    s = position({sq(1, 1, 2): [(0, "diplomat")]})
    assert s.besieging_squares(sq(1, 2, 2), 1) == 0


# --- Dragon -----------------------------------------------------------------------------------


def test_dragon_never_moves() -> None:
    s = position({sq(0, 0, 0): [(-1, "dragon")], sq(0, 2, 2): [(0, "rider")], **HOME})
    assert SELECTS[sq(0, 0, 0)] not in s.legal_actions(0)


def test_dragon_attacks_every_side_that_enters() -> None:
    for seat, src in ((0, FROM), (1, sq(1, 1, 3))):
        s = position({X: [(-1, "dragon")], src: [(seat, "rider")], sq(0, 2, 2): [(0, "rider")]})
        if seat == 1:
            s.apply(next(a for a in s.legal_actions(0) if a.kind == "pass"), 0)
        events = move(s, seat, src, [X], ["rider"])
        events += pass_all(s)
        assert ("battle", X, (-1, seat), -1) in events


def test_the_owner_of_the_dragons_square_keeps_its_income() -> None:
    s = position({X: [(-1, "dragon")]}, phase=7)
    assert s.control[X] == 1 and s.gold == [25, 25]


# --- Horses -----------------------------------------------------------------------------------


def test_horses_add_one_to_every_unit_but_elephants_up_to_three() -> None:
    s = position(HOME)
    assert group_reach(s, ["mercenary", "horses"]) == 2
    assert group_reach(s, ["elite", "horses"]) == 3
    assert group_reach(s, ["rider", "horses"]) == 3
    assert group_reach(s, ["elephants", "horses"]) == 3
    assert movement.reach(s, [U.make(ELEPHANTS, 0, True), U.make(HORSES, 0)], sq(0, 0, 0)) == 2


def test_horses_cannot_move_alone() -> None:
    s = position({sq(0, 0, 0): [(0, "horses"), (0, "rider")], **HOME})
    s.apply(SELECTS[sq(0, 0, 0)], 0)
    s.apply(TAKES[HORSES, False], 0)
    assert not any(isinstance(a, Step) for a in s.legal_actions(0))


def test_horses_cannot_be_hit_and_are_lost_with_their_units() -> None:
    s = battle(["mercenary", "horses"], ["archer", "archer"])
    events = roll(s, 6, 6)
    assert ("eliminated", 1, MERC, X) in events and ("horses_returned", 1, X) in events


# --- Infiltrator --------------------------------------------------------------------------------


def test_infiltrator_cancels_enemy_generals_not_its_own_sides() -> None:
    s = battle(["mercenary", "general"], ["mercenary", "general", "infiltrator"])
    assert sorted(rollers(s)) == [(0, MERC, 5), (1, MERC, 6)]


def test_infiltrator_has_no_s_and_does_not_conquer_or_besiege_alone() -> None:
    assert STRENGTH[INFILTRATOR][0] == 0
    s = position({FROM: [(0, "infiltrator")], **HOME})
    assert "conquered" not in kinds(move(s, 0, FROM, [X], ["infiltrator"]))
    s = position({sq(1, 1, 2): [(0, "infiltrator")]})
    assert s.besieging_squares(sq(1, 2, 2), 1) == 0


def test_infiltrator_loss_ends_its_effect_from_the_next_step() -> None:
    s = battle(["mercenary", "general", "sharpshooters"], ["mercenary", "infiltrator"])
    assert (1, SHARPSHOOTERS, 6) in rollers(s)
    roll(s, 6)  # the Sharpshooters hit; the shooter picks the Infiltrator
    s.apply(ASSIGNS[INFILTRATOR, False], 1)
    assert sorted(rollers(s)) == [(0, MERC, 6), (1, MERC, 5)]


# --- War elephants ------------------------------------------------------------------------------


def test_elephants_are_melee_f3_s4_damaged_f2_s4() -> None:
    assert MOVE[ELEPHANTS] == (3, 2) and STRENGTH[ELEPHANTS] == (4, 4)
    s = battle(["mercenary"], ["elephants"])
    assert s.bt_step == 1 and (0, ELEPHANTS, 4) in rollers(s)


# --- Magician -----------------------------------------------------------------------------------


def test_magician_is_ranged_s3_and_falls_to_one_hit_o3() -> None:
    s = battle(["mercenary"], ["magician"])
    assert s.bt_step == 0 and rollers(s) == [(0, MAGICIAN, 3)]


def test_magician_is_melee_when_the_option_is_off() -> None:
    s = battle(["mercenary"], ["magician"], magician_ranged=False)
    assert s.bt_step == 1 and (0, MAGICIAN, 3) in rollers(s)


def test_magician_does_not_conquer_or_besiege_alone() -> None:
    s = position({FROM: [(0, "magician")], **HOME})
    assert "conquered" not in kinds(move(s, 0, FROM, [X], ["magician"]))
    s = position({sq(1, 1, 2): [(0, "magician")]})
    assert s.besieging_squares(sq(1, 2, 2), 1) == 0


# --- Pirates ------------------------------------------------------------------------------------


def test_pirates_use_lakes_like_mountains_and_cannot_be_attacked_there() -> None:
    lake = sq(0, 1, 0)
    assert position(HOME).terrain[lake] == LAKE
    s = position({sq(0, 0, 0): [(0, "pirates")], sq(0, 1, 1): [(1, "rider")]}, holder=0)
    move(s, 0, sq(0, 0, 0), [lake], ["pirates"])
    assert units_on(s, lake) == [(0, "pirates", False)]
    s.apply(SELECTS[sq(0, 1, 1)], 1)
    s.apply(TAKES[UNIT_INDEX["rider"], False], 1)
    assert all(a.square != lake for a in s.legal_actions(1) if isinstance(a, Step))


def test_pirates_are_melee_f2_s5_damaged_f1() -> None:
    assert MOVE[PIRATES] == (2, 1) and STRENGTH[PIRATES] == (5, 5)
    s = battle(["mercenary"], ["pirates"])
    assert s.bt_step == 1


# --- Sharpshooters ------------------------------------------------------------------------------


def test_sharpshooters_are_ranged_s6_and_pick_the_unit_hit() -> None:
    s = battle(["mercenary", "rider"], ["sharpshooters"])
    assert rollers(s) == [(0, SHARPSHOOTERS, 6)]
    roll(s, 6)
    assert s.players_to_act() == (0,), "the shooter places the hit"


def test_sharpshooters_have_no_forest_penalty() -> None:
    s = battle(["mercenary"], ["sharpshooters"], terrain=5)
    assert rollers(s) == [(0, SHARPSHOOTERS, 6)]


def test_specials_are_only_bought_at_auction() -> None:
    s = position(HOME, phase=4)
    assert all(a.kind != "buy" or UNIT_INDEX[a.unit] < 6 for a in s.legal_actions(0))
    assert DRAGON > 6
