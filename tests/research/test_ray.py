"""Tournaments and fast simulations as Ray tasks (``spelkvall.research.ray_runner``, ``--ray``).

The same results as the local run for the same seed, a killed worker's games played again,
progress as tasks end, and clear refusals. One Ray (two CPUs, no dashboard) serves the whole
file: starting it takes most of the file's time.
"""

from __future__ import annotations

import importlib.util
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from spelkvall.bots.tournament import Tournament, run_tournament
from spelkvall.cli.commands import app
from spelkvall.cli.simulate import simulate_fast
from spelkvall.core import get_game
from spelkvall.research import ray_runner
from spelkvall.research.ray_runner import (
    TournamentChunk,
    TournamentGames,
    play_tournament_games,
    simulate_on_ray,
    tournament_on_ray,
)

runner = CliRunner()
FIA = get_game("fia")


@pytest.fixture(scope="module")
def ray_cluster() -> Iterator[None]:
    ray = pytest.importorskip("ray", reason="Ray is the optional `research` extra")
    ray.init(num_cpus=2, include_dashboard=False, logging_level="WARNING")
    try:
        yield
    finally:
        ray.shutdown()


def results(t: Tournament) -> dict[str, Any]:
    """Everything but the timings, which differ from run to run."""
    data = t.to_json()
    for key in ("seconds", "max_move_seconds", "mean_move_seconds"):
        data.pop(key)
    return data


@pytest.mark.usefixtures("ray_cluster")
def test_a_tournament_of_20_games_equals_the_local_one_and_shows_progress() -> None:
    # Three bots, so that the wins of each (not only the heuristic's) must match.
    lineup = ["heuristic", "random", "easy"]
    local = run_tournament(FIA, lineup, 20, seed=11)
    calls: list[tuple[int, int]] = []
    on_ray = tournament_on_ray(
        FIA, lineup, 20, seed=11, progress=lambda done, total: calls.append((done, total))
    )
    assert results(on_ray) == results(local)
    # 6 seatings: 20 games round up to 24, in more than one task, counted up to the end.
    assert on_ray.games == 24 and len(calls) > 1
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    assert calls[-1] == (24, 24) and all(total == 24 for _, total in calls)
    # Another seed plays other games: the comparison above can fail.
    assert results(tournament_on_ray(FIA, lineup, 20, seed=12)) != results(local)


@pytest.mark.usefixtures("ray_cluster")
def test_the_cli_gives_the_same_json_with_and_without_ray() -> None:
    args = ["tournament", "fia", "--bots", "heuristic,random", "-n", "12", "--seed", "4"]
    local = runner.invoke(app, [*args, "--json"])
    on_ray = runner.invoke(app, [*args, "--json", "--ray"])
    assert local.exit_code == 0 and on_ray.exit_code == 0, on_ray.output
    assert json.loads(on_ray.output)["bots"] == json.loads(local.output)["bots"]
    table = runner.invoke(app, [*args, "--ray", "--lang", "en"])
    assert table.exit_code == 0, table.output
    assert "Tournament of Ludo" in table.output and "12 games" in table.output


@pytest.mark.usefixtures("ray_cluster")
def test_a_fast_simulation_equals_the_local_one() -> None:
    bots = ["heuristic", "random", "random", "random"]
    options = FIA.default_options()
    local = simulate_fast(FIA, bots, 400, seed=7, options=options).to_json()
    done: list[int] = []
    on_ray = simulate_on_ray(FIA, bots, 400, seed=7, progress=done.append).to_json()
    for data in (local, on_ray):
        data.pop("seconds"), data.pop("games_per_second")
    assert on_ray == local
    assert len(done) > 1 and done[-1] == 400 and done == sorted(done)
    args = ["simulate", "fia", "--fast", "-n", "400", "--seed", "7", "--json", "--seats"]
    cli = runner.invoke(app, [*args, ",".join(bots), "--ray"])
    assert cli.exit_code == 0, cli.output
    assert json.loads(cli.output)["seats"] == local["seats"]


@pytest.mark.usefixtures("ray_cluster")
def test_a_killed_worker_costs_nothing_but_a_rerun(tmp_path: Path) -> None:
    import ray

    marker = tmp_path / "killed"

    def dies_once(chunk: TournamentChunk) -> TournamentGames:
        # The worker process ends without a word in the middle of the chunk holding game 0,
        # the first time only: as a killed process or a lost node would.
        if chunk.games.start == 0 and not marker.exists():
            marker.touch()
            os._exit(1)
        return play_tournament_games(chunk)

    lineup = ["random", "heuristic"]
    local = run_tournament(FIA, lineup, 16, seed=3)
    on_ray = tournament_on_ray(FIA, lineup, 16, seed=3, task=dies_once)
    assert marker.exists()
    assert results(on_ray) == results(local)
    # Without retries the same death ends the run: the rerun above is what saved it.
    marker.unlink()
    with pytest.raises(ray.exceptions.WorkerCrashedError):
        tournament_on_ray(FIA, lineup, 16, seed=3, task=dies_once, max_retries=0)


def test_ray_missing_is_said_with_the_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    find_spec = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util,
        "find_spec",
        lambda name, *args: None if name == "ray" else find_spec(name, *args),
    )
    args = ["tournament", "fia", "--bots", "heuristic,random", "-n", "4", "--ray"]
    swedish = runner.invoke(app, args)
    assert swedish.exit_code == 2
    assert "--ray behöver Ray: pip install 'spelkvall[cluster]'." in swedish.output
    english = runner.invoke(
        app, ["simulate", "fia", "--fast", "--lang", "en", "--ray-address", "auto"]
    )
    assert english.exit_code == 2
    assert "--ray needs Ray: pip install 'spelkvall[cluster]'." in english.output


def test_no_cluster_at_the_address_is_said_without_a_traceback(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    pytest.importorskip("ray", reason="Ray is the optional `research` extra")

    @contextmanager
    def nobody_there(address: str | None, num_cpus: int | None = None) -> Iterator[None]:
        # What ray.init(address="auto") raises when no cluster runs here.
        raise ConnectionError("Could not find any running Ray instance.")
        yield

    monkeypatch.setattr(ray_runner, "connected", nobody_there)
    args = ["tournament", "fia", "--bots", "heuristic,random", "--ray-address", "auto"]
    result = runner.invoke(app, [*args, "--lang", "en"])
    assert result.exit_code == 2
    assert "Found no Ray at auto: start the cluster with ray start --head" in result.output


def test_the_engine_simulation_is_not_split() -> None:
    result = runner.invoke(app, ["simulate", "fia", "-n", "10", "--ray", "--lang", "en"])
    assert result.exit_code == 2
    assert "simulate --ray needs --fast" in result.output
