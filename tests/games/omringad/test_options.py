"""The options: defaults follow the spec; the team layouts; the ones not tested elsewhere."""

from __future__ import annotations

import dataclasses

from spelkvall.games.omringad import GAME, OmringadOptions
from spelkvall.games.omringad.actions import SELECTS, TAKES
from spelkvall.games.omringad.board import MERC

from .helpers import move, position, sq


def test_the_defaults_follow_the_spec() -> None:
    options = GAME.default_options()
    assert options == OmringadOptions()
    assert options.target == 50 and options.teams == "diagonal" and options.auction == "ascending"
    assert options.setup_purchase_separate and options.magician_ranged
    assert options.mountain_beats_horses and options.generals_conquer
    assert not options.pin_counts_horses and options.lone_horses_return
    assert options.battle_order == "contested" and not options.dragon_besieges
    assert not options.noncombatants_take_control and not options.unplaced_wait
    assert options.tie_rule == "another_round" and not options.open_stacks
    assert {f.name for f in dataclasses.fields(options)} == {
        spec.name for spec in GAME.option_specs()
    }


def test_four_players_play_diagonal_teams_by_default() -> None:
    assert GAME.teams(4) == ((0, 3), (1, 2))
    assert GAME.teams(2) is None


def test_side_by_side_teams_and_everybody_for_themselves_are_options() -> None:
    assert GAME.teams(4, OmringadOptions(teams="side")) == ((0, 1), (2, 3))
    assert GAME.teams(4, OmringadOptions(teams="none")) is None
    s = position({}, n=4, teams="side")
    assert not s.is_hostile(0, 1) and s.is_hostile(0, 3) and s.is_hostile(1, 2)


def mercs_that_may_leave(**options: object) -> int:
    """Bertil's mercenary rides in with Horses; how many of Anna's three may leave?"""
    home = sq(0, 0, 3)
    units = {home: [(0, "mercenary")] * 3, sq(1, 0, 3): [(1, "mercenary"), (1, "horses")]}
    s = position(units, holder=1, **options)
    move(s, 1, sq(1, 0, 3), [home], ["mercenary", "horses"])
    s.apply(SELECTS[home], 0)
    taken = 0
    while TAKES[MERC, False] in s.legal_actions(0):
        s.apply(TAKES[MERC, False], 0)
        taken += 1
    return taken


def test_pinned_units_count_horses_under_the_option() -> None:
    assert mercs_that_may_leave() == 2, "one hostile piece: one stays"
    assert mercs_that_may_leave(pin_counts_horses=True) == 1, "Horses count: two stay"


def test_options_refuse_values_outside_their_choices() -> None:
    import pytest

    from spelkvall.core import InvalidSetup

    with pytest.raises(InvalidSetup):
        GAME.parse_options({"target": 60})
    with pytest.raises(InvalidSetup):
        GAME.parse_options({"teams": "random"})
    assert GAME.parse_options({"target": 140}).target == 140
