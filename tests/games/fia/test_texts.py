"""Fia's texts: every event has a log line in Swedish and English, names are inflected."""

from __future__ import annotations

import pytest

from spelkvall.core.i18n import LANGUAGES, keys, t
from spelkvall.games.fia import GAME, Fia, where

NAMES = ["Micael", "Samir", "Pontus", "Ahmad"]

EXAMPLES = {
    "rolloff": ("rolloff", 0, 4),
    "rolloff_tie": ("rolloff_tie", (0, 2), 6),
    "starts": ("starts", 1),
    "rolled": ("rolled", 1, 3),
    "try_again": ("try_again", 1, 2),
    "no_move": ("no_move", 1),
    "entered": ("entered", 0, 1, 6),
    "moved": ("moved", 1, 2, 40, 42),
    "knocked_out": ("knocked_out", 1, 2, 0, 13),
    "goal": ("goal", 2, 4),
    "finished": ("finished", 2, 1),
    "game_over": ("game_over", 2),
    "bonus_roll": ("bonus_roll", 2),
    "turn": ("turn", 2),
}


def test_every_event_kind_has_an_example_here() -> None:
    assert set(EXAMPLES) == set(Fia.event_schema)


@pytest.mark.parametrize("kind", sorted(EXAMPLES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_has_a_log_line_in_each_language(kind: str, lang: str) -> None:
    line = GAME.describe_event(EXAMPLES[kind], NAMES, lang)
    assert line and "{" not in line and not line.startswith("fia.")


def test_knockout_line_uses_the_swedish_possessive() -> None:
    assert GAME.describe_event(("knocked_out", 1, 2, 0, 13), NAMES) == "Micael slog ut Samirs pjäs!"
    assert GAME.describe_event(("knocked_out", 2, 1, 0, 13), NAMES) == "Micael slog ut Pontus pjäs!"
    assert (
        GAME.describe_event(("knocked_out", 2, 1, 0, 13), NAMES, "en")
        == "Micael knocked out Pontus' piece!"
    )


def test_turn_line_names_whose_turn_it_is() -> None:
    assert GAME.describe_event(("turn", 2), NAMES) == "Det är Pontus tur."
    assert GAME.describe_event(("turn", 0), NAMES) == "Det är Micaels tur."
    assert GAME.describe_event(("turn", 0), NAMES, "en") == "It is Micael's turn."


def test_move_line_names_squares_lane_and_goal() -> None:
    assert (
        GAME.describe_event(("moved", 2, 1, 40, 42), NAMES)
        == "Pontus flyttar pjäs 1 från ruta 40 till mittfält 2."
    )
    assert [where(p) for p in (0, 6, 44, 45)] == ["boet", "ruta 6", "mittfält 4", "mål"]
    assert [where(p, "en") for p in (0, 6, 44, 45)] == [
        "the nest",
        "square 6",
        "middle square 4",
        "the goal",
    ]


def test_title_options_and_actions_are_translated() -> None:
    assert GAME.title() == "Fia med knuff"
    for option in GAME.describe_options("en"):
        assert not option["label"].startswith("fia.")
    for cls in GAME.action_types:
        assert f"fia.action.{cls.kind}" in keys()


def test_every_fia_key_has_a_non_empty_text_in_both_languages() -> None:
    for key in keys():
        if key.startswith("fia."):
            assert all(t(key, lang) for lang in LANGUAGES)
