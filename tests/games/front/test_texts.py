"""Front's texts: every event has a log line in Swedish and English, names are inflected,
actions have labels, and every key has both languages."""

from __future__ import annotations

import pytest

from spelkvall.core.i18n import LANGUAGES, keys, t
from spelkvall.games.front import GAME, RETURNS, THROW, Front, Move, Remove, Roll, where

NAMES = ["Anna", "Bertil", "Pontus"]

EXAMPLES = {
    "rolloff": ("rolloff", 0, 4),
    "rolloff_tie": ("rolloff_tie", (0, 2), 6),
    "starts": ("starts", 1),
    "throws": ("throws", 1),
    "rolled": ("rolled", 1, 3),
    "no_move": ("no_move", 1),
    "moved": ("moved", 0, (0, 1, 2), (1, 2, 5)),
    "scored": ("scored", 2, 1, 4),
    "returned": ("returned", 2, (2, 0, 3)),
    "removed": ("removed", 0, 2, (1, 2, 5)),
    "sent_back": ("sent_back", 2, (2, 0, 5)),
    "eliminated": ("eliminated", 1),
    "won": ("won", 0, 10),
    "draw": ("draw", 300),
    "turn": ("turn", 2),
}


def test_every_event_kind_has_an_example_here() -> None:
    assert set(EXAMPLES) == set(Front.event_schema)


@pytest.mark.parametrize("kind", sorted(EXAMPLES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_has_a_log_line_in_each_language(kind: str, lang: str) -> None:
    line = GAME.describe_event(EXAMPLES[kind], NAMES, lang)
    assert line and "{" not in line and not line.startswith("front.")


def test_squares_are_named_by_region_owner_column_and_row() -> None:
    assert where((1, 2, 5), NAMES) == "Bertils f3"
    assert where((2, 0, 0), NAMES, "en") == "Pontus' a1"
    assert (
        GAME.describe_event(EXAMPLES["moved"], NAMES)
        == "Anna flyttar från Annas c2 till Bertils f3."
    )
    assert (
        GAME.describe_event(EXAMPLES["removed"], NAMES, "en")
        == "Anna removes Pontus' piece on Bertil's f3!"
    )
    assert GAME.describe_event(EXAMPLES["scored"], NAMES) == (
        "Pontus tar sig in i Bertils basläger: 4 poäng!"
    )


def test_actions_have_labels_without_a_position() -> None:
    assert Move(0, 1, 2, 3).label() == "Flytta pjäsen på c2 (område 1) uppåt"
    assert Move(0, 1, 2, 0).label("en") == "Move the piece on c2 (region 1) left"
    assert Remove(1, 2, 5).label() == "Ta bort pjäsen på f3 (område 2)"
    assert RETURNS[3].label() == "Ställ pjäsen på d1 i baslägret"
    assert THROW.label() == "Slå tärningen" and Roll(4).label() == "Slå 4"


def test_title_options_and_actions_are_translated() -> None:
    assert GAME.title() == "Front"
    for lang in LANGUAGES:
        for option in GAME.describe_options(lang):
            assert not option["label"].startswith("front.")
            for choice in option.get("choices", []):
                assert not str(choice.get("label", "")).startswith("front.")
    for cls in GAME.action_types:
        assert f"front.action.{cls.kind}" in keys()


def test_every_front_key_has_a_non_empty_text_in_both_languages() -> None:
    for key in keys():
        if key.startswith("front."):
            assert all(t(key, lang) for lang in LANGUAGES)
