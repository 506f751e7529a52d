"""``spelkvall tournament``: the table with intervals and Elo, JSON, the plot and errors."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from spelkvall.cli.commands import app

runner = CliRunner()
ARGS = ["tournament", "fia", "--bots", "random,heuristic", "--games", "8", "--seed", "1"]


def test_tournament_prints_win_rates_intervals_and_elo_per_bot() -> None:
    result = runner.invoke(app, ARGS)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Turnering i Fia med knuff: 8 partier (4 varv med 2 placeringar), frö 1" in out
    assert re.search(r"heuristic\s.*\d+,\d %.*\d+,\d–\d+,\d %.*\b1[0-9]{3}\b", out)
    assert "random" in out and "Elo" in out
    assert "Av en slump vinner en plats 50,0 %" in out


def test_tournament_json_has_every_bot_with_interval_and_elo_and_nothing_else() -> None:
    result = runner.invoke(app, [*ARGS, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 8 and data["seatings"] == 2
    assert {b["bot"] for b in data["bots"]} == {"random", "heuristic"}
    for bot in data["bots"]:
        assert bot["seats"] == 8
        assert bot["ci95"][0] <= bot["win_rate"] <= bot["ci95"][1]
    assert sum(b["elo"] for b in data["bots"]) == pytest.approx(3000)
    assert sum(b["wins"] for b in data["bots"]) == 8


@pytest.mark.skipif(
    importlib.util.find_spec("matplotlib") is None,
    reason="matplotlib is not installed (the plot extra; `make test` installs it)",
)
def test_tournament_plot_writes_a_png(tmp_path: Path) -> None:
    out = tmp_path / "t.png"
    result = runner.invoke(app, [*ARGS, "--plot", str(out), "--lang", "en"])
    assert result.exit_code == 0, result.output
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"The chart is in {out}" in result.output.replace("\n", "")


def test_tournament_plot_without_matplotlib_says_how_to_install_it_before_playing(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name)
    )
    result = runner.invoke(app, [*ARGS, "--plot", str(tmp_path / "t.png")])
    assert result.exit_code == 2
    assert "spelkvall[plot]" in result.output
    assert not (tmp_path / "t.png").exists()


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("random,grandmaster", "Okänd datorspelare: grandmaster"),
        ("random,random", "minst två olika datorspelare"),
        ("random,heuristic,random,random,random", "spelas av 2–4 spelare, men --bots anger 5"),
    ],
)
def test_tournament_errors_are_clear(bots: str, message: str) -> None:
    result = runner.invoke(app, ["tournament", "fia", "--bots", bots, "-n", "2"])
    assert result.exit_code == 2
    assert message in result.output
