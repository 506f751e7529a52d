"""§B12 reinforcement, siege and merging; §B13 income, scoring, victory and the tie rule."""

from __future__ import annotations

from spelkvall.games.omringad.actions import DONE, MERGES, PLACES, Merge, Place
from spelkvall.games.omringad.board import (
    CASTLE,
    FOREST,
    LAKE,
    MERC,
    MOUNTAIN,
    RIDER,
    VILLAGE,
)
from spelkvall.games.omringad.phases import AUCTION, OVER, REINFORCEMENT

from .helpers import position, sq, units_on

CASTLE1 = sq(1, 2, 2)


def reinforce(units, pending=None, **kw):  # type: ignore[no-untyped-def]
    return position(
        units, phase=REINFORCEMENT, pending=pending or {1: ["mercenary"] * 5}, holder=1, **kw
    )


def sites(s, seat: int) -> dict[int, int]:  # type: ignore[no-untyped-def]
    return dict(s.place_sites(seat))


def test_bought_units_go_to_castles_and_villages_the_player_controls_without_limit() -> None:
    s = reinforce({})
    assert s.current == 1
    assert sites(s, 1) == {CASTLE1: -1, sq(1, 0, 2): -1, sq(1, 4, 2): -1}
    for _ in range(5):
        s.apply(PLACES[MERC, CASTLE1], 1)
    assert len(units_on(s, CASTLE1, 1)) == 5


def test_a_conquered_settlement_takes_the_conqueror_s_reinforcements() -> None:
    s = reinforce({}, control={sq(0, 0, 2): 1})
    assert sq(0, 0, 2) in sites(s, 1)


def test_siege_from_one_adjacent_square_allows_at_most_two_units() -> None:
    """Scenario (issue): a hostile unit next to the castle: two units, no more."""
    s = reinforce({sq(1, 1, 2): [(0, "mercenary")]}, control={sq(1, 1, 2): 0})
    assert s.besieging_squares(CASTLE1, 1) == 1
    assert sites(s, 1)[CASTLE1] == 2
    s.apply(PLACES[MERC, CASTLE1], 1)
    s.apply(PLACES[MERC, CASTLE1], 1)
    assert CASTLE1 not in sites(s, 1)
    assert not any(isinstance(a, Place) and a.square == CASTLE1 for a in s.legal_actions(1))
    view = s.view(1)
    castle = next(x for x in view["settlements"] if x["square"] == CASTLE1)
    assert castle["besiegers"] == 1 and castle["limit"] == 0


def test_siege_from_two_adjacent_squares_allows_no_units() -> None:
    """Scenario (issue): hostile units next to the castle on two sides: nothing goes in."""
    units = {sq(1, 1, 2): [(0, "mercenary")], sq(1, 2, 3): [(0, "mercenary")]}
    s = reinforce(units, control={sq(1, 1, 2): 0, sq(1, 2, 3): 0})
    assert s.besieging_squares(CASTLE1, 1) == 2
    assert CASTLE1 not in sites(s, 1)


def test_diagonal_squares_do_not_besiege() -> None:
    s = reinforce({sq(1, 1, 1): [(0, "mercenary")]}, control={sq(1, 1, 1): 0})
    assert s.besieging_squares(CASTLE1, 1) == 0


def test_several_units_on_one_square_count_once() -> None:
    s = reinforce({sq(1, 1, 2): [(0, "mercenary")] * 3}, control={sq(1, 1, 2): 0})
    assert s.besieging_squares(CASTLE1, 1) == 1


def test_siege_counts_across_borders_villages_on_glued_edges_besiege_each_other() -> None:
    """The seed: two villages at the edges, directly linked, both holding units, besiege
    each other."""
    s = reinforce(
        {sq(0, 0, 2): [(0, "mercenary")], sq(1, 0, 2): [(1, "mercenary")]},
        pending={0: ["mercenary"], 1: ["mercenary"]},
    )
    assert s.besieging_squares(sq(1, 0, 2), 1) == 1
    assert s.besieging_squares(sq(0, 0, 2), 0) == 1


def test_magician_infiltrator_diplomat_alone_do_not_besiege() -> None:
    for special in ("magician", "infiltrator", "diplomat"):
        s = reinforce({sq(1, 1, 2): [(0, special)]}, control={sq(1, 1, 2): 0})
        assert s.besieging_squares(CASTLE1, 1) == 0, special
    s = reinforce({sq(1, 1, 2): [(0, "magician"), (0, "mercenary")]}, control={sq(1, 1, 2): 0})
    assert s.besieging_squares(CASTLE1, 1) == 1


def test_pirates_on_a_lake_do_not_besiege() -> None:
    lake = sq(1, 1, 0)
    assert position({}).terrain[lake] == LAKE
    s = reinforce({lake: [(0, "pirates")]}, control={lake: 0})
    assert s.besieging_squares(sq(1, 0, 0), 1) == 0
    s2 = reinforce({sq(1, 1, 2): [(0, "pirates")]}, control={sq(1, 1, 2): 0})
    assert s2.besieging_squares(CASTLE1, 1) == 1, "Pirates on land besiege"


def test_the_dragon_does_not_besiege_unless_the_option_says_so() -> None:
    s = reinforce({sq(1, 1, 2): [(-1, "dragon")]})
    assert s.besieging_squares(CASTLE1, 1) == 0
    s = reinforce({sq(1, 1, 2): [(-1, "dragon")]}, dragon_besieges=True)
    assert s.besieging_squares(CASTLE1, 1) == 1


def test_units_that_cannot_be_placed_go_back_to_the_pool() -> None:
    units = {
        sq(1, 1, 2): [(0, "mercenary")],
        sq(1, 2, 3): [(0, "mercenary")],
        sq(1, 0, 1): [(0, "mercenary")],
        sq(1, 0, 3): [(0, "mercenary")],
        sq(1, 4, 1): [(0, "mercenary")],
        sq(1, 4, 3): [(0, "mercenary")],
    }
    control = {x: 0 for x in units}
    s = reinforce(units, pending={1: ["rider"]}, control=control)
    # Every settlement of seat 1 is besieged from two squares: the rider goes back.
    assert s.round == 3
    assert s.pool[1][RIDER] == 4 and s.pending[1] == []


def test_unplaced_units_wait_for_the_next_round_under_the_option() -> None:
    units = {
        sq(1, 1, 2): [(0, "mercenary")],
        sq(1, 2, 3): [(0, "mercenary")],
        sq(1, 0, 1): [(0, "mercenary")],
        sq(1, 0, 3): [(0, "mercenary")],
        sq(1, 4, 1): [(0, "mercenary")],
        sq(1, 4, 3): [(0, "mercenary")],
    }
    control = {x: 0 for x in units}
    s = reinforce(units, pending={1: ["rider"]}, control=control, unplaced_wait=True)
    assert s.pending[1] == [RIDER]


def test_all_bought_units_must_be_placed_done_only_when_nothing_fits() -> None:
    s = reinforce({})
    assert DONE not in s.legal_actions(1)


def test_a_settlement_with_hostile_units_on_it_takes_no_reinforcements() -> None:
    s = reinforce({CASTLE1: [(0, "infiltrator")]})
    assert CASTLE1 not in sites(s, 1)


def test_two_damaged_units_of_a_type_in_a_settlement_merge_into_one_whole() -> None:
    s = reinforce(
        {CASTLE1: [(1, "rider", True), (1, "rider", True), (1, "archer", True)]}, pending={1: []}
    )
    assert s.current == 1
    assert set(s.legal_actions(1)) == {MERGES[RIDER, CASTLE1], DONE}
    events = s.apply(MERGES[RIDER, CASTLE1], 1)
    assert ("merged", 1, "rider", CASTLE1) in events
    assert sorted(units_on(s, CASTLE1, 1)) == [(1, "archer", True), (1, "rider", False)]
    assert s.pool[1][RIDER] == 4 - 2 + 1


def test_merging_needs_a_castle_or_village() -> None:
    s = reinforce({sq(1, 0, 0): [(1, "rider", True), (1, "rider", True)]}, pending={1: []})
    assert s.merges(1) == []
    assert s.phase != REINFORCEMENT, "nothing to do: the phase ran on"
    assert Merge


# --- income, scoring, victory -----------------------------------------------------------------


def test_income_is_one_gold_per_square_controlled_lakes_included() -> None:
    control = {sq(1, 1, 0): 0, sq(1, 0, 0): 0, sq(1, 0, 1): 0}
    s = position({}, phase=REINFORCEMENT, control=control)
    assert s.gold == [28, 22]
    assert s.terrain[sq(1, 1, 0)] == LAKE


def test_scoring_castle_5_village_2_forest_1_mountain_1_and_1_for_the_most_squares() -> None:
    s = position({}, phase=REINFORCEMENT, control={sq(1, 2, 2): 0, sq(1, 0, 0): 0})
    # seat 0: 13 + castle 5 + bare 0 + 1 (most squares); seat 1: 13 - 5 = 8
    assert s.points == [19, 8]
    assert [s.terrain[sq(0, r, c)] for r, c in [(2, 2), (0, 2), (1, 3), (2, 0)]] == [
        CASTLE,
        VILLAGE,
        FOREST,
        MOUNTAIN,
    ]


def test_no_bonus_point_when_nobody_holds_strictly_the_most_squares() -> None:
    s = position({}, phase=REINFORCEMENT)
    assert s.points == [13, 13]


def test_points_add_up_from_round_to_round() -> None:
    s = position({}, phase=REINFORCEMENT, points=[20, 30])
    assert s.points == [33, 43]


def test_reaching_the_target_at_the_end_of_a_round_wins() -> None:
    s = position({}, phase=REINFORCEMENT, points=[40, 20], control={sq(1, 2, 2): 0})
    assert s.phase == OVER
    assert s.result().winners == (0,)
    assert s.result().scores == (59.0, 28.0)


def test_when_several_reach_the_target_the_highest_total_wins() -> None:
    s = position({}, phase=REINFORCEMENT, points=[45, 40], control={sq(1, 2, 2): 1})
    assert s.phase == OVER and s.result().winners == (0,)


def test_victory_tie_plays_another_round() -> None:
    """Scenario (issue): both reach 50 with the same total: play another round."""
    s = position({}, phase=REINFORCEMENT, points=[40, 40])
    assert s.points == [53, 53]
    assert s.phase == AUCTION and s.round == 3


def test_victory_tie_is_shared_under_the_option() -> None:
    s = position({}, phase=REINFORCEMENT, points=[40, 40], tie_rule="shared")
    assert s.phase == OVER and s.result().winners == (0, 1)


def test_the_target_can_be_100_or_140() -> None:
    s = position({}, phase=REINFORCEMENT, points=[40, 20], target=100)
    assert s.phase != OVER
    s = position({}, phase=REINFORCEMENT, points=[90, 20], target=100)
    assert s.phase == OVER


def test_teams_one_teammate_reaching_the_target_wins_for_both() -> None:
    s = position({}, n=4, phase=REINFORCEMENT, points=[40, 0, 0, 0])
    assert s.phase == OVER and s.result().winners == (0, 3)
    assert s.result().ranking == ((0, 3), (1, 2))


def test_teams_both_teammates_must_reach_the_target_under_the_option() -> None:
    s = position({}, n=4, phase=REINFORCEMENT, points=[40, 0, 0, 0], team_target="both")
    assert s.phase != OVER
    s = position({}, n=4, phase=REINFORCEMENT, points=[40, 0, 0, 40], team_target="both")
    assert s.phase == OVER and s.result().winners == (0, 3)


def test_the_round_limit_ends_the_game_and_the_most_points_win() -> None:
    s = position({}, phase=REINFORCEMENT, points=[0, 1], round=5, round_limit=5)
    assert s.phase == OVER and s.result().winners == (1,)
    s = position({}, phase=REINFORCEMENT, points=[0, 0], round=5, round_limit=5)
    assert s.result().winners == (0, 1)
