"""The generic terminal view: a game with no ``terminal.py`` of its own is played in the
terminal all the same (the view JSON as a tree, the moves in the words of
``Game.describe_action``, the roll prompt for a person's die, places, scores, teams and "no
winner")."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator

import pytest
from rich.console import Console
from typer.testing import CliRunner

from spelkvall.cli.commands import app
from spelkvall.cli.generic_view import complete, generic, seat_look, view_tree
from spelkvall.core import Seat, TerminalView, register_game, terminal_view, unregister_game
from tests.core.example_game import GAME as BIDS
from tests.core.relay_game import GAME as RELAY

runner = CliRunner()


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    """The two test games are registered for these tests only (neither has a terminal.py)."""
    register_game(BIDS)
    register_game(RELAY)
    yield
    unregister_game(BIDS.id)
    unregister_game(RELAY.id)


def play(game: str, args: list[str], stdin: str) -> str:
    result = runner.invoke(app, ["play", game, "--delay", "0", *args], input=stdin)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_test_games_have_no_view_of_their_own() -> None:
    assert terminal_view("bid") is None and terminal_view("relay") is None
    assert terminal_view("fia") is not None and terminal_view("dogroyal") is not None


def test_two_people_play_the_sealed_bids_example_to_the_end() -> None:
    # Anna and Bo are people; "1" bids the lowest card left, every round.
    out = play("bid", ["--seed", "1", "--option", "cards=3"], "2\nAnna\n1\nBo\n1\n" + "1\n" * 6)
    assert "Husregler: Antal kort per spelare: 3" in out
    assert "Det Anna ser" in out and "Det Bo ser" in out  # each person's own view, as a tree
    assert re.search(r"├── prizes_left: \d", out)
    assert "Anna, möjliga drag:\n  1) Bjud 1\n  2) Bjud 2\n  3) Bjud 3" in out
    assert "Priset är värt" in out and "Buden: Anna 1, Bo 1." in out  # describe_event
    assert "Slutställning" in out
    # Equal bids every round: nobody scores, and both share the first place.
    assert "● 1. Anna — 0" in out and "■ 1. Bo — 0" in out


def test_seats_of_a_game_without_colours_still_get_palette_marks() -> None:
    seats = [Seat("Anna"), Seat("Bo"), Seat("Cia", "black")]
    assert [seat_look(seats, i).mark for i in range(3)] == ["●", "■", "⬢"]


def test_the_view_tree_shows_nested_json_readably() -> None:
    tree = view_tree(
        {"a": 1, "b": [1, 2], "c": {"d": None, "e": True}, "f": [[1], [2, 3]]}, "T", "en"
    )
    console = Console(file=io.StringIO(), width=60)
    console.print(tree)
    text = console.file.getvalue()  # type: ignore[attr-defined]
    for line in ("a: 1", "b: 1, 2", "d: –", "e: yes", "1: 1", "2: 2, 3"):
        assert line in text, text


def test_a_view_of_its_own_keeps_its_fields_and_takes_the_rest_from_the_generic_one() -> None:
    own = TerminalView(intro="bid.title")
    seats = [Seat("Anna"), Seat("Bo")]
    view = complete(own, BIDS, seats)
    assert view.intro == "bid.title"
    assert view.render is not None and view.describe_move is not None
    assert view.die is not None and view.die(None) is None
    assert complete(None, BIDS, seats).intro is None
    assert generic(BIDS, seats).hand is None


# --- Stafett (relay): a person's dice, several steps a turn, teams, no winner -----------------

# Anna is a person, Bo a computer (easy).
ANNA_AND_BO = "2\nAnna\n\n1\nBo\n\n2\n1\n"
# Anna's answers, good wherever the game stands: a roll prompt takes any line; with one die a
# choice has one option (use the die, or "done" when it does not fit: "2" is asked again, "1"
# taken) or two after a step ("back", "done": the "2" after every "1" ends the turn).
ANNA_PLAYS = "2\n1\n2\n" * 200


def test_a_person_plays_relay_to_the_end_with_the_generic_view() -> None:
    args = ["--seed", "5", "--option", "goal=8", "--option", "dice=one"]
    out = play("relay", args, ANNA_AND_BO + ANNA_PLAYS)
    assert "Husregler: Banans längd: 8; Tärningar: en tärning" in out
    assert "● Anna spelar röd (person)." in out and "■ Bo spelar blå (dator: easy)." in out
    assert "Anna, tryck Enter för att slå tärningen" in out  # a person's own die
    assert "Det Anna ser" in out and "├── goal: 8" in out
    assert "  1) Gå med tärning 0" in out and "  2) Klar" in out
    assert re.search(r"Anna slog \d och 0\.", out)  # log lines from describe_event
    assert "Slutställning" in out
    assert re.search(r"[●■] 1\. (Anna|Bo) — Sträcka: \d", out)  # the score_key names scores
    assert "är i mål och vinner!" in out or "Ingen vinnare" in out


def test_relay_in_teams_can_end_without_a_winner() -> None:
    # Four computers, two teams; one die and four turns cannot cover 16 fields: a draw.
    stdin = "".join(f"{name}\n\n2\n1\n" for name in "ABCD")  # easy computers
    args = ["--seed", "1", "-o", "teams=true", "-o", "dice=one", "-o", "goal=16"]
    out = play("relay", [*args, "-o", "turn_limit=4", "--lang", "en"], "4\n" + stdin)
    assert "Team 1: A, C" in out and "Team 2: B, D" in out
    assert "4 turns without a winner: a draw." in out
    assert "No winner: the game ended in a draw." in out
    places = re.findall(r"(\d)\. [ABCD] — Distance: \d", out)
    assert len(places) == 4 and places[0] == "1"


def test_relay_a_team_win_is_shown_for_the_team() -> None:
    stdin = "4\n" + "".join(f"{name}\n\n2\n1\n" for name in "ABCD")
    out = play("relay", ["--seed", "2", "-o", "teams=true", "-o", "goal=8", "--lang", "en"], stdin)
    winners = re.search(r"(\w) reaches the goal and wins!", out)
    assert winners is not None
    team = "Team 1: A, C" if winners.group(1) in "AC" else "Team 2: B, D"
    assert f"{team} wins" in out
    assert "No winner" not in out


def test_simulate_relay_as_json() -> None:
    args = ["simulate", "relay", "--seats", "random,random", "--games", "20", "--json"]
    result = runner.invoke(app, [*args, "--seed", "3"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["game"] == "relay" and data["games"] == 20
    assert data["options"] == {"goal": 12, "turn_limit": 40, "dice": "two", "teams": False}
    assert sum(s["wins"] for s in data["seats"]) <= 20  # a game may end without a winner


def test_tournament_and_simulate_of_relay_take_its_options() -> None:
    args = ["simulate", "relay", "--seats", "random,random,random,random", "-n", "4", "--json"]
    result = runner.invoke(app, [*args, "-o", "teams=true", "-o", "goal=16"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["options"]["goal"] == 16
    result = runner.invoke(app, ["simulate", "relay", "-o", "goal=10", "--lang", "en"])
    assert result.exit_code == 2
    assert "The rule option goal cannot be 10; choose one of: 8, 12, 16." in result.output
