"""``spelkvall advise``: every legal move with its chance to win, and clear errors."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from spelkvall.bots.advisor import HIDDEN_PLAYOUTS, advise
from spelkvall.cli.commands import app
from spelkvall.core import ADVICE, CHANCE, Match, Seat, get_game
from spelkvall.games.dogroyal import GAME as DOGROYAL
from spelkvall.games.fia import GAME, ROLLS

runner = CliRunner()
QUICK = ["--half-width", "0.05", "--seed", "1"]
MICAEL_SIX = json.dumps(
    {
        "players": [{"name": "Micael", "colour": "red"}, {"name": "Samir", "colour": "blue"}],
        "to_move": "Micael",
        "die": 6,
    }
)


def saved_match(tmp_path: Path, *, roll_six: bool = True) -> Path:
    """Micael wins the roll-off and rolls a 6: his choice is pending (or his roll is)."""
    match = Match(GAME, [Seat("Micael", "red"), Seat("Samir", "blue")], seed=1)
    match.apply(ROLLS[5], CHANCE)  # Micael's roll-off
    match.apply(ROLLS[0], CHANCE)  # Samir's
    if roll_six:
        match.apply(ROLLS[5], CHANCE)
    path = tmp_path / "match.json"
    path.write_text(match.record.dumps(), encoding="utf-8")
    return path


def test_advise_a_position_lists_every_legal_move_in_swedish() -> None:
    result = runner.invoke(app, ["advise", "fia", "--position", MICAEL_SIX, *QUICK])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Råd för Micael" in out and "Vinstchans" in out and "Utspelningar" in out
    assert "två" in out and "ruta 6" in out and "★" in out
    assert len(re.findall(r"\d+,\d–\d+,\d %", out)) == 2  # an interval per move
    assert "spelstilen heuristic för alla platser" in out and "batchsimulatorn" in out


def test_advise_in_english_as_json() -> None:
    args = ["advise", "fia", "--position", MICAEL_SIX, *QUICK, "--json", "--lang", "en"]
    data = json.loads(runner.invoke(app, args).output)
    assert [a["action"]["type"] for a in data["actions"]] == ["enter_two", "enter_six"]
    for a in data["actions"]:
        assert a["ci95"][0] <= a["win_rate"] <= a["ci95"][1]
        assert a["half_width"] <= 0.05 and a["playouts"] > 0
    assert data["policy"] == "heuristic" and data["method"] == "batch"
    assert data["actions"][0]["label"] == "Bring two pieces out to square 1"


def test_advise_a_saved_match_and_a_position_inside_it(tmp_path: Path) -> None:
    path = saved_match(tmp_path)
    result = runner.invoke(app, ["advise", "fia", "--match", str(path), *QUICK, "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert "Advice for Micael" in result.output and "Chance to win" in result.output
    # Before the 6 was rolled nobody has a move to choose.
    result = runner.invoke(app, ["advise", "fia", "--match", str(path), "--at", "2"])
    assert result.exit_code == 2
    assert "Ingen spelare har ett drag att välja just nu" in result.output


def test_advise_random_policy_on_request() -> None:
    args = ["advise", "fia", "--position", MICAEL_SIX, *QUICK, "--policy", "random", "--json"]
    assert json.loads(runner.invoke(app, args).output)["policy"] == "random"


def test_advise_errors_are_messages_not_tracebacks(tmp_path: Path) -> None:
    cases = [
        (["--match", str(tmp_path / "missing.json")], "gick inte att läsa"),
        (["--position", "{not json"], "inte giltig JSON"),
        (
            ["--position", '{"players": [{"name": "A", "pieces": [0, 0, 99, 0]}], "die": 1}'],
            "fältet players[0].pieces är fel",
        ),
        ([], "Ange antingen --match FIL eller --position JSON"),
        (["--match", str(saved_match(tmp_path)), "--at", "99"], "--at måste vara mellan 0 och 3"),
        (["--position", MICAEL_SIX, "--policy", "mcts"], "Okänd spelstil"),
    ]
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}', encoding="utf-8")
    cases.append((["--match", str(bad)], "Matchfilen kunde inte läsas"))
    for args, message in cases:
        result = runner.invoke(app, ["advise", "fia", *args])
        assert result.exit_code == 2, (args, result.output)
        # Rich wraps long lines (a long temporary path) at the terminal's width.
        assert message in " ".join(result.output.split()), (args, result.output)
        assert "Traceback" not in result.output


def test_advise_says_when_the_game_is_over(tmp_path: Path) -> None:
    match = Match(GAME, [Seat("Micael", "red"), Seat("Samir", "blue")], seed=4)
    while not match.state.is_terminal():
        if match.state.is_chance():
            match.resolve_chance()
        else:
            match.apply(match.state.legal_actions()[0])
    path = tmp_path / "over.json"
    path.write_text(match.record.dumps(), encoding="utf-8")
    result = runner.invoke(app, ["advise", "fia", "--match", str(path), "--lang", "en"])
    assert result.exit_code == 2 and "The game is over." in result.output


def test_advise_names_where_a_piece_goes_and_whom_it_knocks_out() -> None:
    position = json.dumps(
        {
            "players": [
                {"name": "Micael", "colour": "red", "pieces": [5, 0, 0, 0]},
                {"name": "Samir", "colour": "blue", "pieces": [39, 0, 0, 0]},
            ],
            "to_move": "Micael",
            "die": 4,
        }
    )
    # Wide enough for the table to keep each move on one line.
    args = ["advise", "fia", "--position", position, *QUICK]
    result = runner.invoke(app, args, env={"COLUMNS": "160"})
    assert result.exit_code == 0, result.output
    assert "Flytta pjäs 1 från ruta 5 till ruta 9 (slår ut Samirs pjäs)" in result.output


def test_advise_refuses_a_game_that_offers_no_advice(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every game offers Tips now: one stands in for a game without them.
    game = get_game("omringad")
    monkeypatch.setattr(type(game), "capabilities", game.capabilities - {ADVICE})
    title = game.title("en")
    result = runner.invoke(app, ["advise", "omringad", "--position", "{}", "--lang", "en"])
    assert result.exit_code == 2
    assert f"{title} gives no advice" in result.output


def saved_card_game(tmp_path: Path) -> tuple[Path, Any]:
    """Four players in two teams by the rules of thumb into round 2, until Anna (seat 0) must
    choose between several cards or moves; the file holds every hand."""
    seats = [Seat(name) for name in ("Anna", "Bertil", "Cecilia", "David")]
    match = Match(DOGROYAL, seats, seed=3)
    rng = random.Random(3)
    while True:
        state = match.state
        if state.is_chance():
            match.resolve_chance()
            continue
        to_act = state.players_to_act()
        if state.round >= 2 and to_act == (0,) and len(state.legal_actions(0)) > 2:
            break
        for seat in to_act:
            match.apply(DOGROYAL.heuristic_action(match.state, seat, rng), seat)
    path = tmp_path / "dogroyal.json"
    path.write_text(match.record.dumps(), encoding="utf-8")
    return path, match.state


def test_advise_a_saved_card_game_from_the_view_of_the_player_to_move(tmp_path: Path) -> None:
    path, state = saved_card_game(tmp_path)
    args = ["advise", "dogroyal", "--match", str(path), "--seed", "1"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["player"] == 0 and data["team"] == [0, 2] and data["sampled"] is True
    assert [a["action"] for a in data["actions"]] == [m.to_json() for m in state.legal_actions(0)]
    for a in data["actions"]:
        assert a["ci95"][0] <= a["win_rate"] <= a["ci95"][1]
        assert a["exact"] or a["playouts"] == HIDDEN_PLAYOUTS  # the default for hidden cards
    # The same answer with the others' cards dealt anew: the file's hidden cards are not used.
    twin = DOGROYAL.sample_state(state, 0, random.Random(9))
    assert twin.hands[1:] != state.hands[1:]
    same = advise(DOGROYAL, twin, seed=1, team=(0, 2)).to_json()
    assert [a["win_rate"] for a in same["actions"]] == [a["win_rate"] for a in data["actions"]]
    # The table: the team's chance, a label per move, and how it was estimated (a coarse
    # answer: one round of playouts).
    args += ["--half-width", "0.5"]
    table = runner.invoke(app, [*args, "--lang", "en"], env={"COLUMNS": "200"})
    assert table.exit_code == 0, table.output
    out = table.output
    assert "Advice for Anna" in out and "The team's chance to win" in out and "★" in out
    assert len(re.findall(r"\d+\.\d–\d+\.\d %", out)) == len(data["actions"])
    assert "drawn anew for every playout" in " ".join(out.split())
    swedish = runner.invoke(app, args, env={"COLUMNS": "200"}).output
    assert "Lagets vinstchans" in swedish and "lottades på nytt" in " ".join(swedish.split())


def test_advise_needs_a_game() -> None:
    result = runner.invoke(app, ["advise", "--position", MICAEL_SIX])
    assert result.exit_code == 2
    assert "GAME" in result.output
