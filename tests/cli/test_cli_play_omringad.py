"""``spelkvall play omringad`` driven through Typer's CliRunner with scripted input."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from spelkvall.cli.commands import app

runner = CliRunner()

# Two players: Anna is a person, Bertil the easy computer; Anna lays her nine tiles on A1:1 …
# A2:4 (the first tile left each time), then "1" for every choice.
TERRAIN = "".join(f"1\nA{1 + i // 5}:{1 + i % 5}\n" for i in range(9))
ANNA_AND_COMPUTER = "2\nAnna\n\n1\nBertil\n\n2\n1\n" + TERRAIN + "1\n" * 6000


def play(args: list[str], stdin: str) -> str:
    result = runner.invoke(app, ["play", "omringad", "--delay", "0", *args], input=stdin)
    assert result.exit_code == 0, result.output
    return result.output


def test_a_person_and_a_computer_play_omringad_to_the_end() -> None:
    out = play(["--seed", "4"], ANNA_AND_COMPUTER)
    assert "Land A: Anna" in out and "Land B: Bertil" in out
    assert "Klotet: varje kant är ihopfogad" in out
    assert re.search(r"Anna lägger Borg på A\d:\d", out)  # secret terrain, one tile at a time
    assert "Köp Legoknektar till" in out  # the set-up purchase
    assert "Rond 2 ·" in out and "Fas: Förflyttning." in out
    assert re.search(r"Anna: köpta enheter som väntar: .*Poolen: ", out)
    assert "Slutställning" in out and re.search(r"(Anna|Bertil) vinner!", out)


def test_the_terminal_never_shows_the_computer_s_secrets_to_the_person() -> None:
    out = play(["--seed", "5"], ANNA_AND_COMPUTER)
    assert "Bertil: köpta enheter som väntar" not in out
    # Bertil's set-up recruits, purchases and tiles are his secret (the auction is public).
    assert not re.search(r"Bertil köper [A-Za-zåäöÅÄÖ]+( till [A-D]\d:\d)?\.", out)
    assert "Bertil lägger Borg" not in out
    assert re.search(r"Anna köper [A-Za-zåäöÅÄÖ]+ till A\d:\d\.", out), "her own she sees"


def test_english_works_too() -> None:
    out = play(["--seed", "4", "--lang", "en"], ANNA_AND_COMPUTER)
    assert "Country A: Anna" in out and "The sphere: each edge is glued" in out
    assert "Final standings" in out or "Standings" in out
