"""Issue 5: every DECISION of the spec that a house rule could change is a named option, and
its default is the spec's choice. The behaviour of each option, on and off, is tested where
its rule is (``test_cards``, ``test_moving``, ``test_abilities``, ``test_rounds``,
``test_cheat``)."""

from __future__ import annotations

import dataclasses

from spelkvall.core.i18n import LANGUAGES, t
from spelkvall.games.dogroyal import GAME, DogOptions

SPEC_DEFAULTS: dict[str, object] = {
    "teams": True,  # §4: four players play two teams, partners opposite
    "play_on": False,  # §4 DECISION: the first player home wins (play on for places: optional)
    "plus4_green": False,  # §2 DECISION: only −4 is green
    "king_uses_one": True,  # §2 DECISION: the King may use the 1 of the 11 card
    "green_hits_king": False,  # §5.6 DECISION: green cards do not hit a King
    "goal_entry_optional": True,  # §5.4 DECISION: entering the goal is optional
    "special_offset": 8,  # §3 DECISION: special fields 16·s + 8
    "citizen_jump_optional": True,  # §5.7 DECISION: the jump is optional
    "citizen_jump_draws": False,  # §5.7 DECISION: the jump's field draws no second card
    "swap_own": False,  # §5.8 DECISION: two own pieces may not be swapped
    "king_swap_any_distance": True,  # §5.7 DECISION: Magnet/Tauscher on a King at any distance
    "copy_across_rounds": True,  # §5.8 DECISION: the top card persists across rounds
    "reshuffle_keeps_top": True,  # §4 DECISION: reshuffle all but the top card
    "special_draw_reshuffle": True,  # §4 DECISION: a special-field draw reshuffles too
    "first_dealer_random": True,  # §4 DECISION: the first dealer is random (seeded)
    "first_round_placement": True,  # §5.1.4: the first-round placement
    "cheat_enabled": False,  # §6: the cheat house rule is off by default
    "round_limit": 60,  # not a rule: a safety stop
}


def test_every_decision_is_a_named_option_with_the_specs_default() -> None:
    defaults = {f.name: f.default for f in dataclasses.fields(DogOptions)}
    assert defaults == SPEC_DEFAULTS


def test_the_defaults_play_the_spec_and_old_option_sets_still_parse() -> None:
    # A match stored before an option existed has no entry for it: it plays the default.
    options = GAME.parse_options({"teams": False})
    assert options == DogOptions(teams=False) and not options.play_on
    assert GAME.options_to_json(GAME.default_options()) == SPEC_DEFAULTS


def test_every_option_has_a_label_in_every_language() -> None:
    for name in SPEC_DEFAULTS:
        for lang in LANGUAGES:
            label = t(f"dogroyal.option.{name}", lang)
            assert label and "dogroyal." not in label, (name, lang)
