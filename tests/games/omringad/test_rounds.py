"""§B6 the eight phases of a round, §B14 round 1 (peace), the initiative marker."""

from __future__ import annotations

from spelkvall.core import CHANCE
from spelkvall.games.omringad.actions import BUYS, DONE, PASS, PLACES, RECRUITS, STEPS, Select
from spelkvall.games.omringad.board import MERC
from spelkvall.games.omringad.phases import (
    AUCTION,
    INITIATIVE,
    MOVEMENT,
    PURCHASE,
    REINFORCEMENT,
    ROUND,
)

from .helpers import lay_terrain, new_game, pass_all, position, roll, sq


def ready_game(n: int = 2, **options: object):  # type: ignore[no-untyped-def]
    """Terrain laid, one mercenary in each settlement, round 1 waiting for the roll-off."""
    s = new_game(n, **options)
    lay_terrain(s)
    for p in range(n):
        for x in s.setup_sites(p):
            s.apply(RECRUITS[MERC, x], p)
        s.apply(DONE, p)
    return s


def test_a_round_has_eight_phases_in_order() -> None:
    assert ROUND.names == (
        "initiative",
        "auction",
        "purchase",
        "movement",
        "combat",
        "reinforcement",
        "income",
        "scoring",
    )


def test_round_one_initiative_everybody_rolls_and_the_highest_takes_the_marker() -> None:
    s = ready_game()
    assert s.phase == INITIATIVE and s.is_chance()
    events = roll(s, 3, 5)
    assert ("init_roll", 0, 3) in events and ("init_roll", 1, 5) in events
    assert s.holder == 1


def test_round_one_initiative_ties_roll_again() -> None:
    s = ready_game(4)
    events = roll(s, 6, 2, 6, 1)  # turn order 0, 1, 3, 2: seats 0 and 3 roll 6
    assert ("init_tie", (0, 3)) in events
    assert s.contenders == [0, 3]
    roll(s, 2, 4)
    assert s.holder == 3


def test_round_one_has_no_auction_and_25_gold_for_purchases_only() -> None:
    s = ready_game()
    events = roll(s, 6, 1)
    assert "drawn" not in [e[0] for e in events]
    assert s.phase == PURCHASE
    assert s.gold == [25, 25]


def play_round_one(s):  # type: ignore[no-untyped-def]
    roll(s, 6, 1)
    for p in (0, 1):
        s.apply(DONE, p)
    return s


def test_phases_follow_in_order_and_unspent_gold_is_lost() -> None:
    s = ready_game()
    roll(s, 6, 1)
    s.apply(BUYS[MERC], 0)
    s.apply(DONE, 0)
    events = s.apply(DONE, 1)
    assert s.phase == MOVEMENT
    assert s.gold == [0, 0], "§B8: unspent gold is lost"
    phases = [e[1] for e in events if e[0] == "phase"]
    assert phases == [MOVEMENT]
    events = pass_all(s)
    phases = [e[1] for e in events if e[0] == "phase"]
    # combat (nothing to fight), then reinforcement where seat 0 must place its mercenary
    assert s.phase == REINFORCEMENT and s.current == 0
    assert phases[-1] == REINFORCEMENT
    events = s.apply(PLACES[MERC, sq(0, 2, 2)], 0)
    phases = [e[1] for e in events if e[0] == "phase"]
    assert [e[0] for e in events if e[0] in ("income", "scored", "round")] == [
        "income",
        "scored",
        "round",
    ]
    assert s.round == 2 and s.phase == AUCTION


def test_round_one_is_peace_moves_stay_in_the_own_country_and_nobody_fights() -> None:
    s = ready_game()
    play_round_one(s)
    assert s.phase == MOVEMENT and s.round == 1
    p = s.current
    village = s.setup_sites(p)[1]  # a village on the northern edge (row 0)
    s.apply(Select(village), p)
    s.apply(next(a for a in s.legal_actions(p) if a.kind == "take"), p)
    targets = [a.square for a in s.legal_actions(p) if a.kind == "step"]
    assert targets and all(t // 25 == p for t in targets)
    assert sq(1 - p, 0, 2) not in targets, "the glued edge is closed in round 1"


def test_round_one_income_is_25_and_everybody_scores_13() -> None:
    s = ready_game()
    play_round_one(s)
    events = pass_all(s)
    assert ("income", (25, 25)) in events
    assert ("scored", (13, 13), (13, 13)) in events
    assert s.round == 2 and s.points == [13, 13]


def test_after_round_one_the_marker_passes_to_the_left() -> None:
    s = ready_game(4)
    roll(s, 1, 6, 2, 3)  # seat 1 wins
    assert s.holder == 1
    for p in range(4):
        s.apply(DONE, p)
    pass_all(s)
    assert s.round == 2
    assert s.holder == 3, "clockwise on the torus: 0 → 1 → 3 → 2"


def test_the_holder_starts_movement_and_reinforcement_then_clockwise() -> None:
    s = position({sq(0, 2, 2): [(0, "rider")], sq(1, 2, 2): [(1, "rider")]}, holder=1)
    assert s.phase == MOVEMENT and s.current == 1
    s.apply(PASS, 1)
    assert s.current == 0
    s = position(
        {sq(0, 2, 2): [(0, "rider")], sq(1, 2, 2): [(1, "rider")]},
        phase=REINFORCEMENT,
        holder=1,
        pending={0: ["mercenary"], 1: ["mercenary"]},
    )
    assert s.current == 1
    s.apply(PLACES[MERC, sq(1, 2, 2)], 1)
    assert s.current == 0


def test_movement_passing_is_final_and_the_phase_ends_when_all_have_passed() -> None:
    s = position(
        {
            sq(0, 2, 2): [(0, "rider"), (0, "rider")],
            sq(1, 2, 2): [(1, "rider")],
            sq(1, 0, 2): [(1, "rider")],
        }
    )
    s.apply(PASS, 0)
    assert s.passed[0]
    # Seat 1 moves; seat 0 has passed, so the turn stays with seat 1.
    s.apply(Select(sq(1, 2, 2)), 1)
    s.apply(next(a for a in s.legal_actions(1) if a.kind == "take"), 1)
    s.apply(STEPS[sq(1, 2, 3)], 1)
    s.apply(next(a for a in s.legal_actions(1) if a.kind == "confirm"), 1)
    assert s.phase == MOVEMENT and s.current == 1
    s.apply(PASS, 1)
    assert s.phase != MOVEMENT


def test_auction_comes_in_later_rounds_with_a_special_drawn_by_chance() -> None:
    s = position({sq(0, 2, 2): [(0, "rider")]}, phase=AUCTION)
    assert s.is_chance()
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 8 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert s.legal_actions(CHANCE)
