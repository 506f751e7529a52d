"""§B9 movement: a group along a path in small steps, its reach, stopping, conquest,
pinned units; §B14 no border crossing in round 1."""

from __future__ import annotations

import pytest

from spelkvall.games.omringad import movement
from spelkvall.games.omringad import units as U
from spelkvall.games.omringad.actions import (
    BACK,
    CONFIRM,
    PASS,
    SELECTS,
    STEPS,
    TAKES,
    Select,
    Step,
    Take,
)
from spelkvall.games.omringad.board import (
    ELEPHANTS,
    HORSES,
    MERC,
    PIRATES,
    RIDER,
    UNIT_INDEX,
)
from spelkvall.games.omringad.phases import COMBAT, MOVEMENT, REINFORCEMENT

from .helpers import kinds, kinds_on, move, pass_all, pirates_cornered, position, sq, units_on


def reach_of(s, where: int, names: list[str | tuple[str, bool]]) -> int:  # type: ignore[no-untyped-def]
    group = []
    for entry in names:
        name, hurt = (entry, False) if isinstance(entry, str) else entry
        group.append(U.make(UNIT_INDEX[name], 0, hurt))
    return movement.reach(s, group, where)


def steps_after(s, seat: int, where: int, take: list[str], path: list[int] = ()):  # type: ignore[no-untyped-def, assignment]
    s.apply(SELECTS[where], seat)
    for name in take:
        s.apply(TAKES[UNIT_INDEX[name], False], seat)
    for x in path:
        s.apply(STEPS[x], seat)
    return sorted(a.square for a in s.legal_actions(seat) if isinstance(a, Step))


BARE_SQ = sq(0, 0, 0)
HOME = {sq(1, 2, 2): [(1, "mercenary")]}


def test_a_group_moves_as_far_as_its_lowest_f() -> None:
    s = position(HOME)
    assert reach_of(s, BARE_SQ, ["rider"]) == 3
    assert reach_of(s, BARE_SQ, ["rider", "mercenary"]) == 1
    assert reach_of(s, BARE_SQ, ["rider", "elite"]) == 2


def test_damaged_values_apply_to_f() -> None:
    s = position(HOME)
    assert reach_of(s, BARE_SQ, ["archer"]) == 2
    assert reach_of(s, BARE_SQ, [("archer", True)]) == 1
    assert reach_of(s, BARE_SQ, [("elephants", True)]) == 2


def test_horses_give_every_unit_but_elephants_one_more_up_to_three() -> None:
    s = position(HOME)
    assert reach_of(s, BARE_SQ, ["mercenary", "horses"]) == 2
    assert reach_of(s, BARE_SQ, ["rider", "horses"]) == 3, "F never exceeds 3"
    assert reach_of(s, BARE_SQ, [("elephants", True), "horses"]) == 2, "no bonus for Elephants"
    assert reach_of(s, BARE_SQ, ["elephants", "mercenary", "horses"]) == 2
    assert reach_of(s, BARE_SQ, ["horses"]) == 0, "Horses never move without another unit"


def test_a_move_starting_on_a_mountain_goes_one_square_even_with_horses_o8() -> None:
    s = position(HOME)
    mountain = sq(0, 2, 0)
    assert reach_of(s, mountain, ["rider"]) == 1
    assert reach_of(s, mountain, ["rider", "horses"]) == 1


def test_without_o8_horses_add_their_one_to_the_mountain_start() -> None:
    s = position(HOME, mountain_beats_horses=False)
    mountain = sq(0, 2, 0)
    assert reach_of(s, mountain, ["rider"]) == 1
    assert reach_of(s, mountain, ["rider", "horses"]) == 2


def test_a_group_stops_on_entering_a_mountain() -> None:
    s = position({sq(0, 1, 1): [(0, "rider")], **HOME})
    # (1,1) → (2,1) → (2,0) is the mountain: no step after it.
    assert steps_after(s, 0, sq(0, 1, 1), ["rider"], [sq(0, 2, 1), sq(0, 2, 0)]) == []
    assert CONFIRM in s.legal_actions(0)


def test_lakes_are_impassable_except_for_pirates_moving_alone() -> None:
    lake = sq(0, 1, 0)
    s = position({sq(0, 0, 0): [(0, "rider"), (0, "pirates")], **HOME})
    assert lake not in steps_after(s, 0, sq(0, 0, 0), ["rider"])
    s = position({sq(0, 0, 0): [(0, "rider"), (0, "pirates")], **HOME})
    assert lake not in steps_after(s, 0, sq(0, 0, 0), ["rider", "pirates"])
    s = position({sq(0, 0, 0): [(0, "rider"), (0, "pirates")], **HOME})
    assert lake in steps_after(s, 0, sq(0, 0, 0), ["pirates"])
    # Pirates stop on the lake (it is like a mountain) and start from it with 1 step.
    s.apply(STEPS[lake], 0)
    assert not any(isinstance(a, Step) for a in s.legal_actions(0))
    assert reach_of(s, lake, ["pirates"]) == 1


def test_a_group_stops_on_entering_a_square_with_hostile_units() -> None:
    s = position({sq(0, 4, 2): [(0, "rider")], sq(1, 4, 2): [(1, "mercenary")]})
    # (0,4,2) south edge glues to (1,4,2): the enemy square stops the riders.
    assert steps_after(s, 0, sq(0, 4, 2), ["rider"], [sq(1, 4, 2)]) == []


def test_the_dragon_is_hostile_to_everybody_and_stops_a_group() -> None:
    s = position({sq(0, 0, 0): [(0, "rider")], sq(0, 0, 1): [(-1, "dragon")], **HOME})
    assert steps_after(s, 0, sq(0, 0, 0), ["rider"], [sq(0, 0, 1)]) == []
    events = s.apply(CONFIRM, 0)
    assert ("contested", sq(0, 0, 1)) in events


def test_each_step_is_orthogonal_to_a_square_not_yet_on_the_path() -> None:
    s = position({sq(0, 1, 1): [(0, "rider")], **HOME})
    first = steps_after(s, 0, sq(0, 1, 1), ["rider"])
    assert first == sorted([sq(0, 0, 1), sq(0, 1, 2), sq(0, 2, 1)])  # (1,0) is a lake
    s.apply(STEPS[sq(0, 1, 2)], 0)
    nxt = sorted(a.square for a in s.legal_actions(0) if isinstance(a, Step))
    assert sq(0, 1, 1) not in nxt
    assert nxt == sorted([sq(0, 0, 2), sq(0, 1, 3), sq(0, 2, 2)])


def test_the_group_crosses_glued_edges_after_round_one() -> None:
    s = position({sq(0, 0, 3): [(0, "rider")], **HOME})
    assert sq(1, 0, 3) in steps_after(s, 0, sq(0, 0, 3), ["rider"])


def test_empty_squares_of_another_player_entered_are_conquered_even_when_passed() -> None:
    s = position({sq(0, 0, 3): [(0, "rider")], **HOME})
    events = move(s, 0, sq(0, 0, 3), [sq(1, 0, 3), sq(1, 0, 4), sq(1, 1, 4)], ["rider"])
    assert [e for e in events if e[0] == "conquered"] == [
        ("conquered", 0, sq(1, 0, 3)),
        ("conquered", 0, sq(1, 0, 4)),
        ("conquered", 0, sq(1, 1, 4)),
    ]
    assert s.control[sq(1, 0, 4)] == 0
    assert units_on(s, sq(1, 0, 4)) == [], "nobody needs to stay"


def test_the_magician_infiltrator_and_diplomat_cannot_conquer() -> None:
    for special in ("magician", "infiltrator", "diplomat"):
        s = position({sq(0, 0, 3): [(0, special)], **HOME})
        events = move(s, 0, sq(0, 0, 3), [sq(1, 0, 3)], [special])
        assert "conquered" not in kinds(events)
        assert s.control[sq(1, 0, 3)] == 1


def test_generals_and_pirates_conquer() -> None:
    s = position({sq(0, 0, 3): [(0, "general"), (0, "pirates")], **HOME})
    events = move(s, 0, sq(0, 0, 3), [sq(1, 0, 3)], ["general"])
    assert ("conquered", 0, sq(1, 0, 3)) in events
    s.apply(PASS, 1)
    events = move(s, 0, sq(0, 0, 3), [sq(1, 0, 3), sq(1, 0, 2)], ["pirates"])
    assert ("conquered", 0, sq(1, 0, 2)) in events


def test_pirates_take_an_empty_lake() -> None:
    lake = sq(1, 1, 0)
    s = position({sq(1, 0, 0): [(0, "pirates")], **HOME}, control={sq(1, 0, 0): 0})
    events = move(s, 0, sq(1, 0, 0), [lake], ["pirates"])
    assert ("conquered", 0, lake) in events


def test_generals_do_not_conquer_when_the_option_is_off() -> None:
    s = position({sq(0, 0, 3): [(0, "general")], **HOME}, generals_conquer=False)
    events = move(s, 0, sq(0, 0, 3), [sq(1, 0, 3)], ["general"])
    assert "conquered" not in kinds(events)


def test_each_unit_moves_at_most_once_per_round() -> None:
    s = position(
        {
            sq(0, 0, 0): [(0, "rider"), (0, "rider")],
            sq(1, 2, 2): [(1, "rider")],
            sq(1, 0, 0): [(1, "mercenary")],
        }
    )
    move(s, 0, sq(0, 0, 0), [sq(0, 0, 1)], ["rider"])
    s.apply(PASS, 1)
    assert SELECTS[sq(0, 0, 1)] not in s.legal_actions(0)
    s.apply(SELECTS[sq(0, 0, 0)], 0)
    assert s.legal_actions(0)[0] == TAKES[RIDER, False]
    s.apply(TAKES[RIDER, False], 0)
    assert not any(isinstance(a, Take) for a in s.legal_actions(0))


def test_back_undoes_a_step_a_unit_and_the_square() -> None:
    s = position({sq(0, 0, 0): [(0, "rider"), (0, "mercenary")], **HOME})
    s.apply(SELECTS[sq(0, 0, 0)], 0)
    s.apply(TAKES[RIDER, False], 0)
    s.apply(STEPS[sq(0, 0, 1)], 0)
    s.apply(BACK, 0)
    assert s.mv_path == [] and len(s.mv_sel) == 1
    s.apply(BACK, 0)
    assert s.mv_sel == []
    s.apply(BACK, 0)
    assert s.mv_src == -1 and isinstance(s.legal_actions(0)[0], Select)


def test_a_move_stuck_with_backs_left_can_only_go_back() -> None:
    s = pirates_cornered()
    s.apply(TAKES[PIRATES, False], 0)
    assert list(s.legal_actions(0)) == [BACK]


def test_a_move_stuck_with_no_back_left_can_only_pass_for_the_rest_of_the_phase() -> None:
    # A Back for free here let a seat (a bot's playout) undo and redo the same Take for ever.
    s = pirates_cornered()
    s.apply(TAKES[PIRATES, False], 0)
    s.backs[0] = 0
    assert list(s.legal_actions(0)) == [PASS]
    s.apply(PASS, 0)
    assert (s.mv_src, s.mv_sel, s.mv_path) == (-1, [], [])
    assert s.passed[0] and s.current == 1
    assert len(units_on(s, sq(0, 0, 0), 0)) == 3, "nothing moved"


def test_units_pinned_by_attackers_leave_as_many_behind_and_not_towards_them() -> None:
    """The seed's example: two enemy mercenaries move into a square of eight; to move out,
    at least two must stay, and not into the square the attackers came from."""
    home = sq(0, 0, 3)
    s = position(
        {home: [(0, "mercenary")] * 6 + [(0, "elite")] * 2, sq(1, 0, 3): [(1, "mercenary")] * 2},
        holder=1,
    )
    move(s, 1, sq(1, 0, 3), [home], ["mercenary", "mercenary"])
    s.apply(SELECTS[home], 0)
    for _ in range(6):
        s.apply(next(a for a in s.legal_actions(0) if isinstance(a, Take)), 0)
    assert not any(isinstance(a, Take) for a in s.legal_actions(0)), "two must stay"
    targets = {a.square for a in s.legal_actions(0) if isinstance(a, Step)}
    assert sq(1, 0, 3) not in targets, "not into the square the attackers came from"
    assert targets == {sq(0, 0, 2), sq(0, 0, 4), sq(0, 1, 3)}


def test_pinning_does_not_count_horses_by_default() -> None:
    home = sq(0, 0, 3)
    units = {home: [(0, "mercenary")] * 3 + [(0, "horses")], sq(1, 0, 3): [(1, "mercenary")] * 2}
    s = position(units, holder=1)
    move(s, 1, sq(1, 0, 3), [home], ["mercenary", "mercenary"])
    s.apply(SELECTS[home], 0)
    takes = [a for a in s.legal_actions(0) if isinstance(a, Take)]
    assert {a.unit for a in takes} == {"mercenary", "horses"}
    s.apply(TAKES[MERC, False], 0)
    assert {a.unit for a in s.legal_actions(0) if isinstance(a, Take)} == {"horses"}


def test_moving_into_a_contested_square_to_reinforce_it_is_allowed() -> None:
    home = sq(0, 0, 3)
    units = {home: [(0, "mercenary")], sq(0, 1, 3): [(0, "elite")], sq(1, 0, 3): [(1, "rider")]}
    s = position(units, holder=1)
    move(s, 1, sq(1, 0, 3), [home], ["rider"])
    events = move(s, 0, sq(0, 1, 3), [home], ["elite"])
    assert kinds_on(s, home, 0) == ["elite", "mercenary"]
    assert "moved" in kinds(events)


def test_a_contested_square_waits_for_the_combat_phase() -> None:
    units = {
        sq(0, 0, 3): [(0, "rider")],
        sq(0, 2, 2): [(0, "rider")],
        sq(1, 0, 3): [(1, "mercenary")],
    }
    s = position(units)
    events = move(s, 0, sq(0, 0, 3), [sq(1, 0, 3)], ["rider"])
    assert ("contested", sq(1, 0, 3)) in events
    assert s.phase == MOVEMENT
    pass_all(s)
    assert s.phase == COMBAT


def test_horses_left_alone_after_movement_return_to_the_cup() -> None:
    """Scenario (issue): the rider leaves its Horses behind; at the end of the movement phase
    they stand alone and go back to the cup."""
    where = sq(0, 0, 0)
    s = position({where: [(0, "rider"), (0, "horses")], **HOME})
    move(s, 0, where, [sq(0, 0, 1)], ["rider"])
    assert (0, "horses", False) in units_on(s, where)
    events = pass_all(s)
    assert ("horses_returned", 0, where) in events
    assert units_on(s, where) == [] and s.cup.counts[HORSES - 6] == 1


def test_horses_left_alone_stay_when_the_option_is_off() -> None:
    where = sq(0, 0, 0)
    s = position({where: [(0, "rider"), (0, "horses")], **HOME}, lone_horses_return=False)
    move(s, 0, where, [sq(0, 0, 1)], ["rider"])
    pass_all(s)
    assert (0, "horses", False) in units_on(s, where)


def test_horses_ride_on_top_of_the_group() -> None:
    where = sq(0, 0, 0)
    s = position({where: [(0, "horses"), (0, "mercenary"), (0, "general")], **HOME})
    assert [name for _s, name, _d in units_on(s, where)] == ["mercenary", "general", "horses"]


def test_teammates_do_not_stop_each_other_nor_conquer_each_others_squares() -> None:
    # Four players, diagonal teams 0+3 and 1+2. Country 0 (NW) touches 1 (NE) and 2 (SW).
    units = {sq(0, 2, 3): [(0, "rider")], sq(0, 2, 4): [(3, "mercenary")]}
    s = position(units, n=4, control={sq(0, 2, 4): 3})
    s.apply(SELECTS[sq(0, 2, 3)], 0)
    s.apply(TAKES[RIDER, False], 0)
    assert STEPS[sq(0, 2, 4)] in s.legal_actions(0), "the teammate's square is open"
    # A square held by the teammate is not conquered.
    s2 = position({sq(0, 0, 3): [(0, "rider")]}, n=4, control={sq(0, 0, 4): 3})
    events = move(s2, 0, sq(0, 0, 3), [sq(0, 0, 4)], ["rider"])
    assert "conquered" not in kinds(events) and s2.control[sq(0, 0, 4)] == 3


def test_an_ally_square_with_units_does_not_stop_a_group() -> None:
    units = {sq(0, 0, 2): [(0, "rider")], sq(0, 0, 3): [(3, "mercenary")]}
    s = position(units, n=4)
    steps = steps_after(s, 0, sq(0, 0, 2), ["rider"], [sq(0, 0, 3)])
    assert sq(0, 0, 4) in steps


def test_a_player_with_nothing_to_move_passes_by_itself() -> None:
    s = position({sq(1, 2, 2): [(1, "rider")]})
    assert s.current == 1 and s.passed[0]


def test_pass_is_always_legal_and_final() -> None:
    s = position({sq(0, 0, 0): [(0, "rider")], sq(1, 2, 2): [(1, "rider")]})
    assert PASS in s.legal_actions(0)
    s.apply(PASS, 0)
    s.apply(PASS, 1)
    assert s.round == 3, "the round ran on to the next"
    assert REINFORCEMENT > MOVEMENT


@pytest.mark.parametrize("unit", ["mercenary", "catapult", "diplomat"])
def test_units_with_f1_move_one_square(unit: str) -> None:
    s = position({sq(0, 0, 0): [(0, unit)], **HOME})
    assert steps_after(s, 0, sq(0, 0, 0), [unit], [sq(0, 0, 1)]) == []


def test_pirates_and_elephants_keep_their_own_tables() -> None:
    s = position(HOME)
    assert reach_of(s, BARE_SQ, ["pirates"]) == 2 and reach_of(s, BARE_SQ, [("pirates", True)]) == 1
    assert PIRATES != ELEPHANTS
