"""``--option NAME=VALUE`` in play, simulate and tournament: every game's house rules, parsed
and checked by the game's own declaration, with errors that name what is allowed."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import ClassVar

import pytest
from typer.testing import CliRunner

from spelkvall.cli.commands import app
from spelkvall.core import option, register_game, unregister_game
from spelkvall.core.i18n import register
from tests.core.example_game import SealedBids

runner = CliRunner()

register(
    {
        "bidvariant.title": ("Budvarianten", "The bid variant"),
        "bidvariant.option.cards": ("Antal kort", "Cards"),
        "bidvariant.option.style": ("Budstil", "Bidding style"),
        "bidvariant.option.loud": ("Högljudda bud", "Loud bids"),
    }
)


@dataclass(frozen=True)
class VariantOptions:
    """An int with a range, a str with choices and a bool: every kind a CLI value can be."""

    cards: int = option(4, min=2, max=6)
    style: str = option("sealed", choices=("sealed", "open"))
    loud: bool = False


class BidVariant(SealedBids):
    """The sealed-bids example with options of every kind (they change nothing but the cards)."""

    id: ClassVar[str] = "bidvariant"
    max_players: ClassVar[int] = 4
    options_type = VariantOptions

    def player_counts(self, options: VariantOptions | None = None) -> tuple[int, ...]:
        """2 or 4 players (a gap); loud bids take 3 as well."""
        return (2, 3, 4) if options is not None and options.loud else (2, 4)


@pytest.fixture(autouse=True)
def variant() -> Iterator[None]:
    register_game(BidVariant())
    yield
    unregister_game("bidvariant")


def simulate(*args: str) -> dict[str, object]:
    base = ["simulate", "bidvariant", "-n", "3", "--seats", "random,random", "--json"]
    result = runner.invoke(app, [*base, *args])
    assert result.exit_code == 0, result.output
    data: dict[str, object] = json.loads(result.output)
    return data


def test_bool_int_and_choice_values_reach_the_games() -> None:
    data = simulate("--option", "cards=3", "--option", "style=open", "-o", "loud=ja")
    assert data["options"] == {"cards": 3, "style": "open", "loud": True}
    assert simulate()["options"] == {"cards": 4, "style": "sealed", "loud": False}
    assert simulate("--option", " loud = off ")["options"] == {
        "cards": 4,
        "style": "sealed",
        "loud": False,
    }


def test_the_same_options_work_in_fia_and_dogroyal() -> None:
    args = ["simulate", "fia", "-n", "2", "--seats", "random,random", "--json"]
    data = json.loads(runner.invoke(app, [*args, "--option", "three_tries=true"]).output)
    assert data["options"] == {"three_tries": True, "play_on": False}
    args = ["simulate", "dogroyal", "-n", "1", "--seats", "random,random", "--json"]
    result = runner.invoke(app, [*args, "--option", "special_offset=4"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["options"]["special_offset"] == 4


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            "colour=red",
            "The bid variant has no rule option colour. The options are: cards, style, loud.",
        ),
        ("style=loud", "The rule option style cannot be loud; choose one of: sealed, open."),
        ("cards=9", "The rule option cards cannot be 9; it must be 2–6."),
        ("cards=many", "The rule option cards must be int. Allowed: 2–6."),
        ("loud=perhaps", "The rule option loud cannot be perhaps; choose one of: true, false."),
        ("loud", "--option is written NAME=VALUE, not loud. The options are: cards, style, loud."),
    ],
)
def test_a_bad_option_is_refused_naming_what_is_allowed(value: str, message: str) -> None:
    for command in (
        ["simulate", "bidvariant", "--seats", "random,random"],
        ["tournament", "bidvariant", "--bots", "random,heuristic"],
        ["play", "bidvariant"],
    ):
        result = runner.invoke(app, [*command, "--option", value, "--lang", "en"])
        assert result.exit_code == 2, (command, result.output)
        assert message in " ".join(result.output.split()), (command, result.output)
        assert "Traceback" not in result.output


def test_errors_are_translated() -> None:
    result = runner.invoke(app, ["simulate", "bidvariant", "--option", "cards=1"])
    assert result.exit_code == 2
    assert "Regeln cards kan inte vara 1; den ska vara 2–6." in result.output
    result = runner.invoke(app, ["simulate", "fia", "--option", "turbo=true"])
    assert "Fia med knuff har ingen regel turbo. Reglerna är: three_tries, play_on." in (
        " ".join(result.output.split())
    )


def test_the_old_fia_flags_are_gone() -> None:
    result = runner.invoke(app, ["simulate", "fia", "--play-on"])
    assert result.exit_code == 2
    assert "No such option" in result.output


def test_play_announces_the_options_that_differ_from_the_defaults() -> None:
    stdin = "2\nA\n2\n\nB\n2\n\n"
    args = ["play", "bidvariant", "--delay", "0", "--seed", "1", "--lang", "en"]
    result = runner.invoke(app, [*args, "-o", "style=open", "-o", "cards=2"], input=stdin)
    assert result.exit_code == 0, result.output
    assert "House rules: Cards: 2; Bidding style: open" in result.output


def test_the_player_count_follows_the_options() -> None:
    # The variant takes 2 or 4 players, 3 as well with loud bids.
    args = ["simulate", "bidvariant", "--seats", "random,random,random", "--lang", "en"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert "The bid variant is played by 2, 4 players, but --seats gives 3." in result.output
    result = runner.invoke(app, [*args, "-n", "2", "--json", "--option", "loud=true"])
    assert result.exit_code == 0, result.output
    tournament = ["tournament", "bidvariant", "--bots", "random,heuristic,random", "-n", "3"]
    assert "spelas av 2, 4 spelare, men --bots anger 3" in runner.invoke(app, tournament).output


def test_the_player_count_prompt_offers_the_allowed_counts() -> None:
    stdin = "3\n4\n" + "".join(f"P{n}\n2\n\n" for n in range(1, 5))
    args = ["play", "bidvariant", "--delay", "0", "--seed", "1", "--lang", "en"]
    result = runner.invoke(app, args, input=stdin)
    assert result.exit_code == 0, result.output
    assert "How many players (2, 4)?" in result.output
    assert "Answer with one of the choices: 2, 4." in result.output
    assert "P4" in result.output
