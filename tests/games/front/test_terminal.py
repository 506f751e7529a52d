"""``spelkvall play front`` through Typer's CliRunner, and the terminal view's board."""

from __future__ import annotations

import io
import re

from rich.console import Console
from typer.testing import CliRunner

from spelkvall.cli.commands import app
from spelkvall.core import terminal_view
from spelkvall.games.front import THROW
from spelkvall.games.front.terminal import VIEW, render

from .helpers import ANNA, BERTIL, CECILIA, place, table

runner = CliRunner()

# Anna is a person; Bertil and Cecilia are easy computers; then "1" for every question.
ANNA_AND_COMPUTERS = "3\nAnna\n\n1\nBertil\n\n2\n1\nCecilia\n\n2\n1\n" + "1\n" * 800


def play(args: list[str], stdin: str) -> str:
    result = runner.invoke(app, ["play", "front", "--delay", "0", *args], input=stdin)
    assert result.exit_code == 0, result.output
    return result.output


def shown(state: object, lang: str = "sv") -> str:
    console = Console(file=io.StringIO(), width=120, no_color=True)
    console.print(render(state, None, lang, 4))
    return console.file.getvalue()  # type: ignore[attr-defined, no-any-return]


def test_the_game_has_its_own_terminal_view() -> None:
    assert terminal_view("front") is VIEW


def test_a_person_and_two_computers_play_front_to_the_end() -> None:
    out = play(["--seed", "4"], ANNA_AND_COMPUTERS)
    assert "● Annas område" in out and "■ Bertils område" in out and "▲ Cecilias område" in out
    assert "Alla slår tärningen om vem som börjar." in out
    assert re.search(r"Anna slog \d\. Möjliga drag:\n  1\) Flytta Annas", out)
    assert re.search(r"(Anna|Bertil|Cecilia) når 10 poäng och vinner!", out)
    assert "Slutställning" in out and "Poäng" in out


def test_the_three_regions_are_drawn_as_their_owners_see_them() -> None:
    state = table()
    place(
        state,
        {
            ANNA: [(0, 2, 0), (0, 0, 4), (1, 3, 7)],
            BERTIL: [(0, 2, 4), (1, 0, 0)],
            CECILIA: [(2, 0, 7)],
        },
    )
    out = shown(state)
    rows = out.splitlines()
    # The top row (4) first, then 3 with Anna's a3 and Bertil's e3, down to the camp row 1.
    anna3 = next(line for line in rows if line.startswith("3 "))
    assert anna3.split("   ")[0].split() == ["3", "●", "·", "·", "·", "■", "·", "·", "·"]
    anna1 = next(line for line in rows if line.startswith("1 "))
    assert anna1.split()[:9] == ["1", "_", "_", "_", "_", "●", "_", "_", "_"]
    assert "↑ a–d: Bertil" in out and "↑ e–h: Cecilia" in out
    assert "● Anna (röd): 0/10 poäng, 3 pjäser" in out
    # A removal is possible: the view says which piece.
    assert "Kan tas bort: Bertils pjäs på Annas e3" in out
    assert THROW in state.legal_actions()


def test_the_board_reads_without_colour_in_english() -> None:
    state = table()
    state.quiet = 12
    out = shown(state, "en")
    assert "● Anna's region" in out and "▲ Cecilia's region" in out
    assert "Turns without a point or a removal: 12 of 300" in out
    assert "Die" in out
