"""``spelkvall replay FILE``: a saved match stepped through with the game's terminal view,
interactively or with ``--to``/``--all``; clear errors for a bad file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spelkvall.bots.arena import play_game
from spelkvall.cli.commands import app
from spelkvall.core import MatchRecord, Seat, get_game

runner = CliRunner()


def saved(tmp_path: Path, game_id: str, n: int, seed: int = 1) -> tuple[Path, MatchRecord]:
    game = get_game(game_id)
    colours = ["red", "blue", "yellow", "green"]
    seats = [
        Seat(name, colours[i], None) for i, name in enumerate(["Anna", "Bo", "Cissi", "Dan"][:n])
    ]
    _state, record = play_game(game, seats, ["random"] * n, seed=seed)
    path = tmp_path / f"{game_id}.json"
    path.write_text(record.dumps(), encoding="utf-8")
    return path, record


def steps_shown(output: str) -> list[int]:
    return [int(m) for m in re.findall(r"(?:Steg|Step) (\d+) (?:av|of) \d+", output)]


def test_all_prints_every_step_and_the_final_standings(tmp_path: Path) -> None:
    path, record = saved(tmp_path, "fia", 2)
    got = runner.invoke(app, ["replay", str(path), "--all", "--lang", "en"])
    assert got.exit_code == 0, got.output
    last = len(record.log)
    assert steps_shown(got.output) == [last]
    assert "Final standings" in got.output
    winner = record.replay().result()
    assert winner is not None
    assert f"1. {record.seats[winner.winners[0]].name}" in got.output
    # The log line of the last step is numbered with it.
    assert f"{last:>4} " in got.output


def test_to_shows_the_log_up_to_a_step_and_the_board_there(tmp_path: Path) -> None:
    path, _record = saved(tmp_path, "fia", 2)
    got = runner.invoke(app, ["replay", str(path), "--to", "3"])
    assert got.exit_code == 0, got.output
    assert steps_shown(got.output) == [3]
    assert "   3 " in got.output and "   4 " not in got.output
    assert "Slutställning" not in got.output


def test_interactive_steps_forward_back_and_jumps(tmp_path: Path) -> None:
    path, _record = saved(tmp_path, "fia", 2)
    got = runner.invoke(app, ["replay", str(path)], input="\n\nb\n10\ns\nb\nq\n")
    assert got.exit_code == 0, got.output
    shown = steps_shown(got.output)
    last = shown[5]
    assert shown == [0, 1, 2, 1, 10, last, last - 1]
    assert "Slutställning" in got.output


def test_a_seats_replay_shows_its_own_hand_and_the_table_none(tmp_path: Path) -> None:
    from spelkvall.games.dogroyal.terminal import VIEW

    path, record = saved(tmp_path, "dogroyal", 4)
    state = record.replay(40)
    assert state.view(0)["hand"]
    assert VIEW.hand is not None
    hands = [VIEW.hand(state, seat, "en") for seat in range(4)]
    mine = runner.invoke(app, ["replay", str(path), "--to", "40", "--seat", "1", "--lang", "en"])
    table = runner.invoke(app, ["replay", str(path), "--to", "40", "--lang", "en"])
    assert mine.exit_code == 0 and table.exit_code == 0, mine.output + table.output
    assert "As Anna sees it." in mine.output
    flat = " ".join(mine.output.split())
    assert " ".join(hands[0].split()) in flat
    for other in hands[1:]:
        assert " ".join(other.split()) not in flat
    assert not any(" ".join(h.split()) in " ".join(table.output.split()) for h in hands)


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("not json", "could not be read"),
        ('{"format": "spelkvall-match/0"}', "could not be read"),
        ('{"format": "spelkvall-match/1", "game": "chess"}', "could not be read"),
    ],
)
def test_a_bad_file_is_a_clear_error(tmp_path: Path, content: str, words: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    got = runner.invoke(app, ["replay", str(path), "--all", "--lang", "en"])
    assert got.exit_code == 2
    assert "match file " + words in got.output
    assert "Traceback" not in got.output


def test_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    got = runner.invoke(app, ["replay", str(tmp_path / "nope.json"), "--all", "--lang", "en"])
    assert got.exit_code == 2
    # The message wraps at the terminal's width, the path too (a long temp folder).
    said = "".join(got.output.split())
    assert "couldnotberead" in said and "nope.json" in said


def test_another_rules_version_is_refused_with_both_versions(tmp_path: Path) -> None:
    path, _record = saved(tmp_path, "fia", 2)
    data = json.loads(path.read_text())
    data["rules_version"] = "0.0-old"
    path.write_text(json.dumps(data))
    got = runner.invoke(app, ["replay", str(path), "--all"])
    assert got.exit_code == 2
    assert "regelversion 0.0-old" in got.output


def test_a_log_the_rules_refuse_is_a_clear_error(tmp_path: Path) -> None:
    path, _record = saved(tmp_path, "fia", 2)
    data = json.loads(path.read_text())
    first = next(e for e in data["log"] if e["player"] >= 0)
    first["player"] = 1 - first["player"]
    path.write_text(json.dumps(data))
    got = runner.invoke(app, ["replay", str(path), "--all", "--lang", "en"])
    assert got.exit_code == 2
    assert "could not be read" in got.output


@pytest.mark.parametrize(("flag", "value"), [("--to", "99999"), ("--seat", "3")])
def test_a_step_or_seat_out_of_range_is_a_clear_error(
    tmp_path: Path, flag: str, value: str
) -> None:
    path, _record = saved(tmp_path, "fia", 2)
    got = runner.invoke(app, ["replay", str(path), flag, value, "--lang", "en"])
    assert got.exit_code == 2
    assert "There is no" in got.output
