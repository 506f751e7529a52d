"""``spelkvall play dogroyal`` driven through Typer's CliRunner with scripted input."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from spelkvall.cli.commands import app

runner = CliRunner()

# Four players: Anna is a person, the others heuristic computers; then "1" for every choice.
ANNA_AND_COMPUTERS = "4\nAnna\n\n1\nBertil\n\n2\n\nCecilia\n\n2\n\nDavid\n\n2\n\n" + "1\n" * 400


def play(args: list[str], stdin: str) -> str:
    result = runner.invoke(app, ["play", "dogroyal", "--delay", "0", *args], input=stdin)
    assert result.exit_code == 0, result.output
    return result.output


def test_a_person_and_three_computers_play_dogroyal_to_the_end() -> None:
    out = play(["--seed", "3"], ANNA_AND_COMPUTERS)
    assert "Korten blandas och delas ut" in out
    assert "tärningen" not in out  # nobody is asked to roll for a shuffle or a draw
    assert re.search(r"Anna, dina kort: .+\. Möjliga drag:", out)
    assert "Ge " in out and "till partnern" in out  # the exchange
    assert "Ställ " in out and "på startfältet" in out  # the first-round placement
    assert re.search(r"(Anna och Cecilia|Bertil och David) vinner!", out)
    assert "Slutställning" in out


def test_only_house_rules_that_differ_from_the_defaults_are_listed() -> None:
    out = play(["--seed", "3"], ANNA_AND_COMPUTERS)
    assert "Husregler" not in out
