"""``spelkvall play afrika`` driven through Typer's CliRunner with scripted input, and the
terminal view's parts: the map, the players, the tokens, readable without colour."""

from __future__ import annotations

import io
import re

from rich.console import Console
from typer.testing import CliRunner

from spelkvall.cli.commands import app
from spelkvall.core import terminal_view
from spelkvall.games.afrika.board import CITIES, NODES
from spelkvall.games.afrika.rules import AfrikaState
from spelkvall.games.afrika.terminal import HEIGHT, _cell, city_labels, render
from spelkvall.games.afrika.tokens import TOKEN_NAMES
from spelkvall.games.afrika.where import place_name

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
    assert "A Addis Abeba" in out and "Karta: städerna med tecknet" in out  # the map's legend
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


def rendered(state: AfrikaState, lang: str) -> list[str]:
    """The terminal's view of ``state`` on 80 columns, line by line."""
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(render(state, None, lang, None))
    return out.getvalue().splitlines()


def test_every_city_has_a_sign_of_its_own_on_the_map_and_in_the_legend_under_it() -> None:
    s = table(3)
    open_token(s, "tunis", "ruby", seat=1)
    lines = rendered(s, "sv")
    map_lines, below = lines[:HEIGHT], "\n".join(lines[HEIGHT:])
    labels = city_labels("sv")
    assert sorted(labels) == sorted(CITIES)
    assert len(set(labels.values())) == len(CITIES)
    assert not {"T", "C", "!", ".", "~", "o"} & set(labels.values())  # the map's other signs
    for city, label in labels.items():
        col, row = _cell(city)
        assert map_lines[row][col] == label, place_name(NODES[city].id, "sv")
        assert f"{label} {place_name(NODES[city].id, 'sv')}" in below
    # The legend reads down by name and by sign alike; an opened city keeps its sign.
    assert "A Addis Abeba" in below and "B Ain-Galaka" in below and "D Bahr el Ghasal" in below
    assert re.search(r"3 Tunis +rubin ■", below)
    assert all(len(line) <= 80 for line in lines)


def test_the_key_says_what_the_map_s_other_signs_are() -> None:
    sv = "\n".join(rendered(table(3), "sv")).replace("\n", " ")
    assert "Karta: städerna med tecknet framför namnet i listan ovan" in sv
    assert "T Tangier, C Cairo, ! fara (beduinerna öster om Sahara, piraterna vid S:t" in sv
    assert ". land, ~ hav" in sv
    en = "\n".join(rendered(table(3), "en")).replace("\n", " ")
    assert "Map: the cities by the sign before their name in the list above" in en
    assert "A Addis Ababa" in en and "6 Whalefish Bay" in en


def test_a_squeezed_legend_cuts_a_name_s_end_not_its_sign() -> None:
    s = table(3)
    for city in CITIES:  # the longest token text everywhere, as never in a game
        s.token_at[city] = TOKEN_NAMES.index("star")
        s.opener[city] = 1
    below = "\n".join(rendered(s, "en")[HEIGHT:])
    for city, label in city_labels("en").items():
        name = place_name(NODES[city].id, "en")
        assert re.search(rf"(^|  ){re.escape(label)} {re.escape(name[:6])}", below, re.M), name
