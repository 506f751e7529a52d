"""Every text in Swedish and English: places, tokens, options, actions, log lines."""

from __future__ import annotations

from spelkvall.core.i18n import LANGUAGES, keys, t
from spelkvall.games.afrika import GAME
from spelkvall.games.afrika.actions import ACTION_TYPES
from spelkvall.games.afrika.board import NODES
from spelkvall.games.afrika.tokens import TOKEN_NAMES
from spelkvall.games.afrika.where import where

from .helpers import table


def test_every_place_and_waypoint_has_a_name_in_both_languages() -> None:
    for node in NODES:
        if node.kind == "dot":
            continue
        for lang in LANGUAGES:
            assert f"afrika.place.{node.id}" in keys()
            assert where(node.id, lang) != f"afrika.place.{node.id}"


def test_a_dot_is_described_from_the_nearer_end() -> None:
    assert where("land:tangier:tunis:1", "sv") == "1 steg från Tangier mot Tunis"
    assert where("land:tangier:tunis:4", "en") == "1 steps from Tunis toward Tangier"
    assert where("sea:cairo:suakin:2", "sv").startswith("till sjöss")


def test_every_token_option_and_action_kind_has_texts() -> None:
    known = keys()
    for name in TOKEN_NAMES:
        assert f"afrika.token.{name}" in known
    for spec in GAME.option_specs():
        assert f"afrika.option.{spec.name}" in known
    for cls in ACTION_TYPES:
        assert f"afrika.action.{cls.kind}" in known
    assert t("afrika.option.turn_order.highest_roll", "sv") == "högsta slaget börjar"


def test_every_event_kind_has_a_line_in_both_languages() -> None:
    samples = {
        "order_drawn": (0, 1),
        "order_roll": (0, 4),
        "order_tie": ((0, 1), 6),
        "order": ((1, 0),),
        "start": (0, "cairo"),
        "turn": (0,),
        "slave_turn": (0, 2),
        "rolled": (0, 3),
        "escaped": (0,),
        "still_captured": (0,),
        "walked": (0, "tangier", "tunis", ("tunis",)),
        "boarded": (0, "tangier", "tunis", 100),
        "sailed": (0, "sea:tangier:tunis:1", "tunis", 2),
        "landed": (0, "tunis"),
        "flew": (0, "tangier", "tripoli"),
        "captured": (0, "pirates"),
        "bonus": (0, 500),
        "try_token": (0, "tunis"),
        "token_stays": (0, "tunis"),
        "bought": (0, "tunis"),
        "declined": (0, "tunis"),
        "revealed": (0, "tunis", "ruby"),
        "gem": (0, "ruby", 2000, True),
        "robbed": (0, 700),
        "enslaved": (0, 3),
        "horseshoe": (0, True),
        "star": (0,),
        "stranded": (0, "S3"),
        "won": (0, "cairo", "star"),
        "instant_win": (0,),
        "no_winner": (),
        "passed": (0,),
    }
    assert set(samples) == set(GAME.event_schema)
    for kind, fields in samples.items():
        for lang in LANGUAGES:
            line = GAME.describe_event((kind, *fields), ["Anna", "Bertil"], lang)
            assert line and "{" not in line and not line.startswith("afrika."), (kind, line)
    assert GAME.describe_event(("turn", 1), ["Anna", "Bertil"], "sv") == "Bertils tur."


def test_action_labels_name_places_not_ids() -> None:
    s = table(2)
    labels = [GAME.describe_action(s, a, "sv") for a in s.legal_actions()]
    assert "Segla till Kanarieöarna (£100)" in labels
    assert "Flyg till Tripoli (£300)" in labels
    assert all("_" not in label for label in labels)
