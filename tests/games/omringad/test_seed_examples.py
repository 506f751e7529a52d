"""The seed's examples (``../shared/seeds/004_*``) and the issue's scenarios, with scripted
dice and draws."""

from __future__ import annotations

from spelkvall.core import CHANCE
from spelkvall.games.omringad.actions import (
    ASSIGNS,
    DONE,
    DRAWS,
    DROP,
    PLACE_SPECIALS,
    RECRUITS,
    SELECTS,
    STEPS,
    TAKES,
    TARGETS,
    USE_DIPLOMAT,
    Step,
    Take,
    bid,
)
from spelkvall.games.omringad.board import (
    ARCHER,
    CATAPULT,
    DRAGON,
    ELITE,
    HORSES,
    INFILTRATOR,
    MERC,
    RIDER,
    SHARPSHOOTERS,
)
from spelkvall.games.omringad.phases import AUCTION, OVER, REINFORCEMENT

from .helpers import (
    kinds,
    kinds_on,
    lay_terrain,
    move,
    new_game,
    pass_all,
    position,
    roll,
    sq,
    units_on,
)
from .test_combat import FROM, X, rollers


def test_seed_setup_five_mercenaries_three_elite_one_catapult_make_three_piles_of_three() -> None:
    s = new_game()
    lay_terrain(s)
    order = [MERC] * 5 + [ELITE] * 3 + [CATAPULT]
    sites = s.setup_sites(0)
    for k in order:
        sizes = [len(s.stacks[x]) for x in sites]
        s.apply(RECRUITS[k, sites[sizes.index(min(sizes))]], 0)
    assert s.spent[0] == 25
    assert [len(s.stacks[x]) for x in sites] == [3, 3, 3]


def test_seed_two_attackers_against_eight_defenders_at_least_two_stay() -> None:
    """ "A player moves two mercenaries into your square holding a stack of eight: to move the
    eight you must leave at least two, and not towards the square they came from.\""""
    home = sq(0, 0, 3)
    enemy = sq(1, 0, 3)
    units = {home: [(0, "mercenary")] * 4 + [(0, "elite")] * 4, enemy: [(1, "mercenary")] * 2}
    s = position(units, holder=1)
    move(s, 1, enemy, [home], ["mercenary", "mercenary"])
    s.apply(SELECTS[home], 0)
    taken = 0
    while any(isinstance(a, Take) for a in s.legal_actions(0)):
        s.apply(next(a for a in s.legal_actions(0) if isinstance(a, Take)), 0)
        taken += 1
    assert taken == 6
    assert enemy not in [a.square for a in s.legal_actions(0) if isinstance(a, Step)]
    s.apply(STEPS[sq(0, 1, 3)], 0)
    s.apply(next(a for a in s.legal_actions(0) if a.kind == "confirm"), 0)
    assert len(units_on(s, home, 0)) == 2


def test_seed_corner_square_of_the_sphere_has_three_neighbours() -> None:
    corner = sq(0, 0, 0)
    s = position({corner: [(0, "rider")], sq(1, 2, 2): [(1, "mercenary")]})
    s.apply(SELECTS[corner], 0)
    s.apply(TAKES[RIDER, False], 0)
    first = sorted(a.square for a in s.legal_actions(0) if isinstance(a, Step))
    assert first == sorted([sq(0, 0, 1), sq(1, 0, 0)])  # (1, 0) is a lake in this layout
    assert len(s.adj[corner]) == 3 and sq(0, 1, 0) in s.adj[corner]


def test_seed_riders_ride_through_empty_enemy_squares_and_take_them_all() -> None:
    s = position({sq(0, 4, 3): [(0, "rider")], sq(1, 2, 2): [(1, "mercenary")]})
    events = move(s, 0, sq(0, 4, 3), [sq(1, 4, 3), sq(1, 3, 3), sq(1, 2, 3)], ["rider"])
    assert kinds(events).count("conquered") == 3


def test_seed_siege_full_on_the_front_village_partial_on_the_castle() -> None:
    """ "The yellow units fully besiege the front red village (from two sides) and partly the
    castle behind it (from one side).\""""
    village, castle = sq(1, 0, 2), sq(1, 2, 2)
    units = {sq(1, 1, 2): [(0, "mercenary")], sq(1, 0, 1): [(0, "mercenary")]}
    s = position(units, phase=REINFORCEMENT, holder=1, pending={1: ["rider"] * 3},
                 control={sq(1, 1, 2): 0, sq(1, 0, 1): 0})  # fmt: skip
    sites = dict(s.place_sites(1))
    assert village not in sites, "two besieging squares: no reinforcements"
    assert sites[castle] == 2, "one besieging square: at most two"
    assert s.besieging_squares(village, 1) == 2 and s.besieging_squares(castle, 1) == 1


def test_seed_general_cancelled_by_an_infiltrator() -> None:
    """The seed's battle: yellow (seat 0) attacks red (seat 1) with an Infiltrator, a
    mercenary, elite soldiers and riders; red defends with a General, archers, sharpshooters
    and a mercenary. The Infiltrator cancels the red General; red rolls two sixes at range:
    yellow puts the archers' hit on its mercenary, red puts the sharpshooters' hit on the
    Infiltrator, which falls; in melee red's mercenary has the General's +1 again (5 and 6).
    Yellow's melee scores two hits, which red spreads on its mercenary and archers."""
    red = [(1, "mercenary"), (1, "archer"), (1, "sharpshooters"), (1, "general")]
    yellow = ["infiltrator", "mercenary", "elite", "rider"]
    s = position({X: red, FROM: [(0, y) for y in yellow]})
    move(s, 0, FROM, [X], yellow)
    pass_all(s)
    assert sorted(rollers(s)) == [(1, ARCHER, 5), (1, SHARPSHOOTERS, 6)], "no +1: Infiltrator"
    roll(s, 6, 6)
    # The archers' hit: yellow chooses (its cheapest, the mercenary); then red's pick.
    hits = [s.players_to_act()[0]]
    s.apply(ASSIGNS[MERC, False], hits[0])
    hits.append(s.players_to_act()[0])
    events = s.apply(ASSIGNS[INFILTRATOR, False], hits[1])
    assert hits == [0, 1]
    assert ("eliminated", 0, INFILTRATOR, X) in events
    melee = sorted(rollers(s))
    assert (1, MERC, 5) in melee, "the General's +1 is back"
    assert (0, MERC, 6) in melee and (0, ELITE, 5) in melee and (0, RIDER, 4) in melee
    order = [(p, k) for p, k, _ in rollers(s)]
    values = [5 if p == 0 and k in (ELITE, RIDER) else 1 for p, k in order]
    roll(s, *values)
    s.apply(ASSIGNS[MERC, False], 1)
    events = s.apply(ASSIGNS[ARCHER, False], 1)
    assert sorted(units_on(s, X, 1)) == [
        (1, "archer", True),
        (1, "general", False),
        (1, "mercenary", True),
        (1, "sharpshooters", False),
    ]


def test_seed_diplomat_ends_a_battle_and_the_attackers_retreat() -> None:
    s = position({X: [(1, "mercenary"), (1, "diplomat")], FROM: [(0, "rider")] * 3})
    move(s, 0, FROM, [X], ["rider"] * 3)
    pass_all(s)
    events = s.apply(USE_DIPLOMAT, 1)
    assert ("retreated", 0, X, FROM, 3) in events
    assert kinds_on(s, FROM, 0) == ["rider"] * 3 and s.control[X] == 1
    assert "roll" not in kinds(events)


def test_seed_dragon_placement_and_hits() -> None:
    s = position({sq(0, 2, 2): [(0, "rider")], sq(1, 2, 2): [(1, "rider")]}, phase=AUCTION)
    s.apply(DRAWS[DRAGON - 6], CHANCE)
    s.apply(bid(6), 0)
    s.apply(DROP, 1)
    s.apply(PLACE_SPECIALS[X], 0)  # in the opponent's country, on a bare square
    assert units_on(s, X) == [(-1, "dragon", False)] and s.control[X] == 1
    for p in (0, 1):
        s.apply(DONE, p)
    # Seat 1 walks into the Dragon's square; the Dragon (there first) defends.
    s.apply(next(a for a in s.legal_actions(0) if a.kind == "pass"), 0)
    move(s, 1, sq(1, 2, 2), [sq(1, 1, 2), sq(1, 1, 3), X], ["rider"])
    assert s.bt_sq == X and s.bt_defender == 7
    assert rollers(s) == [(7, DRAGON, 2), (1, RIDER, 4)]
    events = roll(s, 2, 4)  # both hit: the rider is damaged, the Dragon too
    assert ("damaged", 1, RIDER, X) in events and ("damaged", -1, DRAGON, X) in events
    assert rollers(s) == [(7, DRAGON, 3), (1, RIDER, 5)]
    events = roll(s, 2, 6)  # the damaged Dragon misses with a 2, the rider finishes it
    assert ("eliminated", -1, DRAGON, X) in events
    assert s.control[X] == 1 and s.cup.counts[DRAGON - 6] == 1


def test_seed_three_sided_battle() -> None:
    where = sq(1, 4, 3)
    units = {
        where: [(1, "mercenary")],
        sq(3, 0, 3): [(3, "archer")],
        sq(1, 4, 4): [(0, "rider")],
    }
    s = position(units, n=4, teams="none", control={sq(1, 4, 4): 0})
    events = move(s, 0, sq(1, 4, 4), [where], ["rider"])
    events += move(s, 3, sq(3, 0, 3), [where], ["archer"])
    events += pass_all(s)
    assert ("battle", where, (1, 0, 3), 1) in events
    roll(s, 6)
    s.apply(TARGETS[0], 3)  # seat 3 aims at seat 0
    assert units_on(s, where, 0) == [(0, "rider", True)]
    # Melee: seat 1's mercenary faces two enemies and must pick one for its hit.
    order = [p for p, _, _ in rollers(s)]
    roll(s, *[6 if p == 1 else 1 for p in order])
    assert s.players_to_act() == (1,)
    assert {a.seat for a in s.legal_actions(1)} == {0, 3}


def test_seed_horses_left_alone_return_to_the_cup() -> None:
    where = sq(0, 1, 1)
    s = position({where: [(0, "mercenary"), (0, "horses")], sq(1, 2, 2): [(1, "rider")]})
    move(s, 0, where, [sq(0, 1, 2)], ["mercenary"])
    events = pass_all(s)
    assert ("horses_returned", 0, where) in events and s.cup.counts[HORSES - 6] == 1


def test_seed_round_one_is_peace() -> None:
    s = new_game()
    lay_terrain(s)
    for p in (0, 1):
        for x in s.setup_sites(p):
            s.apply(RECRUITS[RIDER, x], p)
        s.apply(DONE, p)
    events = roll(s, 4, 3)
    assert "drawn" not in kinds(events) and s.phase != AUCTION
    for p in (0, 1):
        s.apply(DONE, p)
    s.apply(SELECTS[sq(0, 0, 2)], 0)
    s.apply(TAKES[RIDER, False], 0)
    assert all(a.square < 25 for a in s.legal_actions(0) if isinstance(a, Step))
    s.apply(next(a for a in s.legal_actions(0) if a.kind == "back"), 0)
    s.apply(next(a for a in s.legal_actions(0) if a.kind == "back"), 0)
    events = pass_all(s)
    assert "battle" not in kinds(events)
    assert ("scored", (13, 13), (13, 13)) in events and ("income", (25, 25)) in events


def test_seed_victory_tie_plays_another_round_then_the_highest_wins() -> None:
    s = position({}, phase=REINFORCEMENT, points=[40, 40])
    assert s.phase == AUCTION and s.round == 3, "another round"
    assert s.points == [53, 53]
    # Next round seat 0 has taken seat 1's castle: 13 + 5 + 1 against 8.
    s2 = position({}, phase=REINFORCEMENT, points=[53, 53], control={sq(1, 2, 2): 0}, round=3)
    assert s2.phase == OVER and s2.result().winners == (0,)
