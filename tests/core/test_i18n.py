"""The translation table: Swedish first, English second, and Swedish possessives."""

from __future__ import annotations

import re

import pytest

from spelkvall.core import all_games, i18n
from spelkvall.core.i18n import LANGUAGES, keys, possessive, register, t, table


def test_swedish_comes_first_then_english() -> None:
    assert LANGUAGES == ("sv", "en") and i18n.DEFAULT_LANGUAGE == "sv"


def test_every_key_has_a_swedish_and_an_english_text() -> None:
    all_games()  # every game registers its texts when imported
    for key in keys():
        sv, en = t(key, "sv"), t(key, "en")
        assert sv.strip() and en.strip(), key
        # A text's placeholders are the same in both languages.
        assert set(re.findall(r"{(\w+)}", sv)) == set(re.findall(r"{(\w+)}", en)), key


def test_every_error_key_the_engine_raises_is_translated() -> None:
    for key in (
        "error.not_your_turn",
        "error.illegal_action",
        "error.malformed_action",
        "error.game_over",
        "error.chance_pending",
        "error.players",
        "error.name_empty",
        "error.name_long",
        "error.colour_unknown",
        "error.colour_taken",
        "error.option_unknown",
        "error.option_type",
        "error.record",
    ):
        assert key in keys()


def test_parameters_are_filled_in() -> None:
    assert t("error.name_long", "sv", max=24) == "Namnet får vara högst 24 tecken."
    assert t("error.name_long", "en", max=24) == "The name may be at most 24 characters."


def test_unknown_language_falls_back_to_swedish_and_unknown_key_shows_itself() -> None:
    assert t("colour.red", "fi") == "röd"
    assert t("no.such.key") == "no.such.key"


def test_the_table_of_one_language_is_served_whole() -> None:
    assert table("en")["colour.blue"] == "blue"
    assert set(table("sv")) == keys()


def test_a_key_cannot_be_registered_twice_with_other_texts() -> None:
    register({"colour.red": ("röd", "red")})  # the same texts again are fine
    with pytest.raises(ValueError):
        register({"colour.red": ("rödare", "redder")})


def test_every_entry_needs_exactly_both_languages() -> None:
    with pytest.raises(ValueError):
        register({"test.only_swedish": ("bara svenska",)})  # type: ignore[dict-item]
    assert "test.only_swedish" not in keys()


@pytest.mark.parametrize(
    ("name", "sv", "en"),
    [
        ("Micael", "Micaels", "Micael's"),
        ("Pontus", "Pontus", "Pontus'"),
        ("Samir", "Samirs", "Samir's"),
        ("Max", "Max", "Max's"),
        ("Fritz", "Fritz", "Fritz's"),
        ("Ahmad", "Ahmads", "Ahmad's"),
    ],
)
def test_possessive_adds_s_in_swedish_except_after_s_x_z(name: str, sv: str, en: str) -> None:
    assert possessive(name, "sv") == sv
    assert possessive(name, "en") == en
