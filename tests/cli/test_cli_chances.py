"""``spelkvall replay FILE --chances`` and ``--plot``: the chance-to-win graph of a match."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spelkvall.bots import chances
from spelkvall.cli.commands import app
from spelkvall.games.fia import GAME as FIA
from tests.cli.test_cli_replay import saved

runner = CliRunner()


@pytest.fixture(autouse=True)
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    """A few points through the engine: the test checks the output, not the estimate."""
    monkeypatch.setattr(chances, "MAX_POINTS", 8)
    monkeypatch.setattr(chances, "ENGINE_PLAYOUTS", 6)
    monkeypatch.setattr(type(FIA), "playout_wins", lambda *args: None)


def test_chances_prints_a_row_per_step_and_the_turning_point(tmp_path: Path) -> None:
    path, record = saved(tmp_path, "fia", 2)
    got = runner.invoke(app, ["replay", str(path), "--chances", "--lang", "en"])
    assert got.exit_code == 0, got.output
    assert "The chance to win, step by step" in got.output
    rows = re.findall(r"^\s*(\d+)\s+● +(\d+)%\s+■ +(\d+)%", got.output, re.M)
    assert [int(r[0]) for r in rows] == chances.chosen_versions(len(record.log), 8)
    assert all(int(a) + int(b) in (99, 100, 101) for _, a, b in rows)
    result = record.replay().result()
    assert result is not None
    winner = result.winners[0]
    assert rows[-1][1 + winner] == "100"
    assert "The turning point: step" in got.output
    assert f"{record.seats[winner].name}'s chance" in got.output
    assert "6 playouts a step (the game engine), 8 steps of" in got.output


def test_chances_in_swedish_by_default(tmp_path: Path) -> None:
    path, _record = saved(tmp_path, "fia", 2)
    got = runner.invoke(app, ["replay", str(path), "--chances"])
    assert got.exit_code == 0, got.output
    assert "Chansen att vinna" in got.output and "Vändpunkten: steg" in got.output


def test_a_match_not_over_has_no_chances(tmp_path: Path) -> None:
    path, record = saved(tmp_path, "fia", 2)
    record.log = record.log[:20]
    path.write_text(record.dumps(), encoding="utf-8")
    got = runner.invoke(app, ["replay", str(path), "--chances", "--lang", "en"])
    assert got.exit_code != 0
    assert "The chances cannot be computed" in got.output and "not over" in got.output


def test_plot_draws_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path, _record = saved(tmp_path, "fia", 2)
    out = tmp_path / "chances.png"
    got = runner.invoke(app, ["replay", str(path), "--plot", str(out), "--lang", "en"])
    assert got.exit_code == 0, got.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and out.stat().st_size > 10_000
    assert "The graph was saved" in got.output
