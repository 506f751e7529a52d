"""``spelkvall play afrika`` driven through Typer's CliRunner with scripted input, and the
terminal view's parts: the map, the players, the tokens, readable without colour."""

from __future__ import annotations

import io
import re

from rich.console import Console
from typer.testing import CliRunner

from spelkvall.cli.commands import app
from spelkvall.core import terminal_view
from spelkvall.games.afrika.terminal import render

from .helpers import open_token, put, table

runner = CliRunner()


def play(args: list[str], stdin: str) -> str:
    result = runner.invoke(app, ["play", "afrika", "--delay", "0", *args], input=stdin)
    assert result.exit_code == 0, result.output
    return result.output


def people(count: int, computers: int) -> str:
    """Setup answers: ``count`` players, the first ``count - computers`` people."""
    names = ["Anna", "Bertil", "Cecilia", "David", "Eva"]
    lines = [str(count)]
    for i in range(count):
        lines += [names[i], ""]
        lines += ["1"] if i < count - computers else ["2", "1"]  # easy: a seed fixes the game
    return "\n".join(lines) + "\n"


def test_a_person_and_two_computers_play_to_the_end() -> None:
    out = play(["--seed", "4"], people(3, 2) + "1\n" * 4000)
    assert "Hitta Afrikas stjärna" in out
    assert "Anna, möjliga drag:" in out or "Anna, tärningen" in out
    assert "Slå och gå landvägen" in out
    assert "Gå till " in out
    assert "Slutställning" in out
    assert re.search(r"vinner!|ingen vinner", out)


def test_five_players_two_people_play_to_the_end_in_english() -> None:
    out = play(["--seed", "2", "--lang", "en"], people(5, 3) + "1\n" * 6000)
    assert "Roll and travel by land" in out
    assert "Standings" in out or "standings" in out.lower()


def test_two_computers_only() -> None:
    out = play(["--seed", "9"], people(2, 2))
    assert "Slutställning" in out and "Pengar (£)" in out


def test_the_view_is_registered_and_shows_players_tokens_and_map() -> None:
    assert terminal_view("afrika") is not None
    s = table(3)
    put(s, 1, "land:tangier:tunis:2", money=700)
    s.star[1] = True
    open_token(s, "tunis", "ruby", seat=1)
    s.captured[2] = True
    put(s, 2, "hz_bedouins")
    console = Console(file=io.StringIO(), width=160, color_system=None)
    console.print(render(s, None, "sv", 4))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "■ Bertil" in text and "£700" in text and "★ stjärnan" in text
    assert "fången" in text and "beduinernas prick" in text
    assert "Tunis" in text and "rubin ■" in text
    assert "Stängda brickor: 29" in text
    assert "● Anna ◀" in text  # whose turn, without colour
    assert "Guldkusten (×2)" in text and "Kapstaden (+£500)" in text
