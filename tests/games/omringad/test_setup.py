"""§B1 and §B5: the components, the secret terrain, the set-up purchase and its three piles."""

from __future__ import annotations

from spelkvall.core import CHANCE
from spelkvall.games.omringad.actions import BACK, DONE, RECRUITS, TILE_ACTIONS, PlaceTile, Recruit
from spelkvall.games.omringad.board import (
    CASTLE,
    COUNTRY,
    FOREST,
    GENERAL,
    LAKE,
    MERC,
    MOUNTAIN,
    POOL,
    RIDER,
    TILES,
    VILLAGE,
)
from spelkvall.games.omringad.phases import (
    BACK_BUDGET,
    INITIATIVE,
    MOVEMENT,
    PURCHASE,
    SETUP,
    TERRAIN,
)

from .helpers import GAME, LAYOUT, lay_terrain, new_game, roll, sq


def test_components_each_player_has_35_units_and_nine_tiles_and_eight_specials_in_the_cup() -> None:
    s = new_game()
    assert sum(POOL) == 35
    assert POOL == (16, 6, 4, 4, 2, 3)
    assert TILES[CASTLE] == 1 and TILES[VILLAGE] == 2 and TILES[LAKE] == 2
    assert TILES[FOREST] == 2 and TILES[MOUNTAIN] == 2 and sum(TILES) == 9
    assert s.cup.counts == [1] * 8
    assert all(pool == list(POOL) for pool in s.pool)


def test_player_counts_are_exactly_two_or_four() -> None:
    assert GAME.player_counts() == (2, 4)


def test_each_player_controls_their_own_25_squares_at_the_start() -> None:
    s = new_game(4)
    for p in range(4):
        assert s.squares_held(p) == COUNTRY
        assert all(s.control[x] == p for x in s.country(p))


def test_terrain_is_placed_by_everybody_at_once_only_in_the_own_country() -> None:
    s = new_game()
    assert s.phase == TERRAIN
    assert s.players_to_act() == (0, 1)
    legal = s.legal_actions(0)
    assert all(isinstance(a, PlaceTile) and a.square < COUNTRY for a in legal)
    assert {a.tile for a in legal} == {"castle", "village", "lake", "forest", "mountain"}


def test_a_player_places_one_castle_two_villages_two_lakes_two_forests_two_mountains() -> None:
    s = new_game()
    s.apply(TILE_ACTIONS[CASTLE, sq(0, 0, 0)], 0)
    assert not any(isinstance(a, PlaceTile) and a.tile == "castle" for a in s.legal_actions(0))
    assert s.tiles[0][CASTLE] == 0 and s.tiles[0][VILLAGE] == 2


def test_terrain_stays_secret_until_everybody_is_done_then_is_revealed_together() -> None:
    s = new_game()
    for (r, c), kind in LAYOUT.items():
        s.apply(TILE_ACTIONS[kind, sq(0, r, c)], 0)
    assert s.view(0)["terrain"][sq(0, 2, 2)] == "castle"
    assert s.view(1)["terrain"][sq(0, 2, 2)] is None
    assert s.view(None)["terrain"][sq(0, 2, 2)] is None
    s.apply(DONE, 0)
    assert s.view(1)["terrain"][sq(0, 2, 2)] is None, "done is not revealed"
    for (r, c), kind in LAYOUT.items():
        s.apply(TILE_ACTIONS[kind, sq(1, r, c)], 1)
    events = s.apply(DONE, 1)
    assert "terrain_revealed" in [e[0] for e in events]
    assert s.view(1)["terrain"][sq(0, 2, 2)] == "castle"
    assert s.phase == SETUP


def test_no_terrain_changes_are_allowed_after_the_reveal() -> None:
    s = new_game()
    lay_terrain(s)
    assert not any(isinstance(a, PlaceTile) for p in (0, 1) for a in s.legal_actions(p))


def test_done_comes_only_when_all_nine_tiles_lie() -> None:
    s = new_game()
    assert DONE not in s.legal_actions(0)
    for (r, c), kind in LAYOUT.items():
        s.apply(TILE_ACTIONS[kind, sq(0, r, c)], 0)
    assert list(s.legal_actions(0)) == [DONE, BACK]


def test_back_takes_the_last_tile_up_again_within_a_budget() -> None:
    s = new_game()
    s.apply(TILE_ACTIONS[CASTLE, sq(0, 0, 0)], 0)
    s.apply(BACK, 0)
    assert s.terrain[sq(0, 0, 0)] == 0 and s.tiles[0][CASTLE] == 1
    assert s.backs[0] == BACK_BUDGET - 1
    s.backs[0] = 0
    s.apply(TILE_ACTIONS[CASTLE, sq(0, 0, 0)], 0)
    assert BACK not in s.legal_actions(0)


def setup_state(**options: object):  # type: ignore[no-untyped-def]
    s = new_game(**options)
    lay_terrain(s)
    return s


def test_setup_purchase_spends_25_gold_from_the_pool() -> None:
    s = setup_state()
    castle = sq(0, 2, 2)
    s.apply(RECRUITS[GENERAL, castle], 0)
    assert s.spent[0] == 10 and s.pool[0][GENERAL] == 2
    for _ in range(3):
        legal = [a for a in s.legal_actions(0) if isinstance(a, Recruit) and a.unit == "rider"]
        s.apply(legal[0], 0)
    assert s.spent[0] == 25
    assert not any(isinstance(a, Recruit) for a in s.legal_actions(0))


def test_the_three_piles_differ_by_at_most_one_o4() -> None:
    """DECISION O4: a unit may only go on a smallest pile, so the piles never differ by more
    than one, whatever is bought."""
    s = setup_state()
    sites = s.setup_sites(0)
    assert [s.terrain[x] for x in sites] == [CASTLE, VILLAGE, VILLAGE]
    s.apply(RECRUITS[MERC, sites[0]], 0)
    targets = {a.square for a in s.legal_actions(0) if isinstance(a, Recruit)}
    assert targets == {sites[1], sites[2]}
    for _ in range(6):
        a = next(a for a in s.legal_actions(0) if isinstance(a, Recruit) and a.unit == "mercenary")
        s.apply(a, 0)
        sizes = [len(s.stacks[x]) for x in sites]
        assert max(sizes) - min(sizes) <= 1


def test_setup_piles_are_secret_until_everybody_is_ready() -> None:
    s = setup_state()
    castle0 = sq(0, 2, 2)
    s.apply(RECRUITS[RIDER, castle0], 0)
    assert s.view(1)["stacks"][castle0] == []
    assert s.view(None)["stacks"][castle0] == []
    assert s.view(0)["stacks"][castle0][0]["units"][0][0] == "rider"
    assert s.view(1)["bought"][0] is None
    s.apply(DONE, 0)
    s.apply(DONE, 1)
    top = s.view(1)["stacks"][castle0][0]
    assert top["height"] == 1 and top["units"][-1][0] == "rider"


def test_setup_purchase_is_separate_from_round_one_gold_o5() -> None:
    s = setup_state()
    s.apply(RECRUITS[GENERAL, sq(0, 2, 2)], 0)
    s.apply(DONE, 0)
    s.apply(DONE, 1)
    assert s.phase == INITIATIVE and s.round == 1
    roll(s, 6, 2)  # seat 0 takes the initiative
    assert s.phase == PURCHASE
    assert s.gold == [25, 25]


def test_setup_purchase_spends_round_one_gold_when_the_option_is_off() -> None:
    s = setup_state(setup_purchase_separate=False)
    for p in (0, 1):
        s.apply(RECRUITS[MERC, s.setup_sites(p)[0]], p)
        s.apply(DONE, p)
    roll(s, 6, 2)
    # Round 1's purchase has nothing left to spend, so it passes by itself.
    assert s.phase == MOVEMENT
    assert s.gold == [0, 0]


def test_units_stand_in_the_settlements_before_the_first_round() -> None:
    s = setup_state()
    for p in (0, 1):
        for x in s.setup_sites(p):
            s.apply(RECRUITS[MERC, x], p)
        s.apply(DONE, p)
    for p in (0, 1):
        assert all(len(s.stacks[x]) == 1 for x in s.setup_sites(p))
    assert s.is_chance() and s.phase == INITIATIVE
    assert s.apply(s.legal_actions(CHANCE)[0], CHANCE)[0][0] == "init_roll"
