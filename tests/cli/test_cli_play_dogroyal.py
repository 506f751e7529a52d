"""``spelkvall play dogroyal`` driven through Typer's CliRunner with scripted input."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from spelkvall.cli.commands import app
from spelkvall.cli.play import TerminalGame
from spelkvall.core import Seat
from spelkvall.games.dogroyal import GAME, DogOptions
from tests.games.dogroyal.helpers import K, N, piece, position

runner = CliRunner()

# Four players: Anna is a person, the others heuristic computers; then "1" for every choice.
ANNA_AND_COMPUTERS = "4\nAnna\n\n1\nBertil\n\n2\n1\nCecilia\n\n2\n1\nDavid\n\n2\n1\n" + "1\n" * 400


def play(args: list[str], stdin: str) -> str:
    result = runner.invoke(app, ["play", "dogroyal", "--delay", "0", *args], input=stdin)
    assert result.exit_code == 0, result.output
    return result.output


def test_a_person_and_three_computers_play_dogroyal_to_the_end() -> None:
    out = play(["--seed", "3"], ANNA_AND_COMPUTERS)
    assert "Korten blandas och delas ut" in out
    assert "tärningen" not in out  # nobody is asked to roll for a shuffle or a draw
    assert re.search(r"Anna, dina kort: .+\.\n", out)
    assert "Möjliga drag:" in out
    assert "Ge " in out and "till partnern" in out  # the exchange
    # The prompt names the partner, and the card she passed is marked in Anna's hand.
    assert "Välj ett kort att ge till din partner Cecilia." in out
    assert "(från Cecilia)" in out and "Din partner är Cecilia." in out
    # One person at the terminal: the card received is told to her in the log.
    assert re.search(r"Du får .+ av Cecilia\.", out)
    # Before the deal the board says so, not "round 0, 0 cards".
    assert "Korten är inte utdelade än" in out and "Omgång 0" not in out
    assert "Ställ " in out and "på startfältet" in out  # the first-round placement
    assert re.search(r"(Anna och Cecilia|Bertil och David) vinner!", out)
    assert "Slutställning" in out


def test_only_house_rules_that_differ_from_the_defaults_are_listed() -> None:
    out = play(["--seed", "3"], ANNA_AND_COMPUTERS)
    assert "Husregler" not in out


def scripted(monkeypatch: pytest.MonkeyPatch, answers: list[str]) -> tuple[TerminalGame, Any]:
    """A terminal game (Anna and three computers) whose person answers ``answers``."""
    out = io.StringIO()
    console = Console(file=out, width=110, highlight=False)
    replies = iter(answers)

    def answer(prompt: str = "") -> str:
        console.print(prompt, end="")
        return next(replies)

    monkeypatch.setattr(console, "input", answer)
    seats = [Seat("Anna"), *(Seat(n, bot="random") for n in ("Bertil", "Cecilia", "David"))]
    return TerminalGame(console, GAME, seats, DogOptions(), 1, "sv", 0), out


def test_a_one_to_seven_is_chosen_piece_first_then_the_steps(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The 1–7 and a 2 for the King and the Fool: 16 moves, offered as four choices.
    game, out = scripted(monkeypatch, ["3", "0", "4", "3"])
    game.match.state = position({piece(0, K): 20, piece(0, N): 30}, {0: ["1-7", "2"]})
    action = game.decide(0)
    text = out.getvalue()
    assert "1) Spela 2: kungen 2 steg till fält 23" in text  # a group of one is its move
    assert "3) Spela 1–7 med kungen (7 drag) …" in text
    assert "4) Spela 1–7 med narren (7 drag) …" in text
    assert "    3) Spela 1–7: kungen 3 steg till fält 24" in text
    assert "0) Tillbaka" in text
    assert (action.piece, action.steps) == (piece(0, N), 3)  # back, then the Fool's 3


def test_a_few_moves_stay_one_list(monkeypatch: pytest.MonkeyPatch) -> None:
    game, out = scripted(monkeypatch, ["2"])
    game.match.state = position({piece(0, N): 30}, {0: ["2", "5", "8"]})
    action = game.decide(0)
    assert "Spela 5: narren 5 steg till fält 36" in out.getvalue() and action.card == "5"
