"""``spelkvall simulate``: the table, the JSON form and clear errors."""

from __future__ import annotations

import json
import re

from typer.testing import CliRunner

from spelkvall.cli.commands import app

runner = CliRunner()


def test_simulate_prints_wins_with_intervals_length_and_speed() -> None:
    result = runner.invoke(
        app, ["simulate", "fia", "--games", "30", "--seats", "heuristic,random", "--seed", "1"]
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "30 partier Fia med knuff, frö 1" in out
    assert "95 % konfidensintervall" in out
    assert "heuristic" in out and "random" in out
    assert "tärningsslag" in out and "partier per sekund" in out
    assert re.search(r"\d+,\d %", out)  # Swedish decimal comma


def test_simulate_in_english_uses_a_decimal_point() -> None:
    args = ["simulate", "fia", "-n", "10", "--seats", "random,random", "--seed", "1"]
    out = runner.invoke(app, [*args, "--lang", "en"]).output
    assert "95 % confidence interval" in out and "games per second" in out
    assert re.search(r"\d+\.\d %", out) and not re.search(r"\d+,\d %", out)


def test_simulate_json_has_one_winner_per_game_and_nothing_else_on_stdout() -> None:
    args = ["simulate", "fia", "-n", "25", "--seats", "heuristic,random,random", "--seed", "2"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)  # fails if a progress bar or table leaked into stdout
    assert data["games"] == 25
    assert [s["bot"] for s in data["seats"]] == ["heuristic", "random", "random"]
    assert sum(s["wins"] for s in data["seats"]) == 25
    for s in data["seats"]:
        assert s["ci95"][0] <= s["win_rate"] <= s["ci95"][1]
    assert data["mean_length"]["chance_events"] > 0 and data["games_per_second"] > 0


def test_simulate_is_reproducible_with_a_seed() -> None:
    args = ["simulate", "fia", "-n", "10", "--seats", "random,random", "--seed", "9", "--json"]
    first = json.loads(runner.invoke(app, args).output)
    second = json.loads(runner.invoke(app, args).output)
    assert first["seats"] == second["seats"]


def test_simulate_house_rules_reach_the_games() -> None:
    args = ["simulate", "fia", "-n", "5", "--seats", "random,random", "--seed", "1"]
    options = ["--option", "three_tries=true", "--option", "play_on=true"]
    data = json.loads(runner.invoke(app, [*args, "--json", *options]).output)
    assert data["options"] == {"three_tries": True, "play_on": True}


def test_simulate_refuses_an_unknown_bot_by_name() -> None:
    result = runner.invoke(app, ["simulate", "fia", "--seats", "heuristic,grandmaster"])
    assert result.exit_code == 2
    assert "Okänd datorspelare: grandmaster. Kända: " in result.output
    assert "heuristic" in result.output.split("Kända: ")[1]


def test_simulate_refuses_a_wrong_seat_count() -> None:
    result = runner.invoke(app, ["simulate", "fia", "--seats", "random", "--lang", "en"])
    assert result.exit_code == 2
    assert "played by 2–4 players, but --seats gives 1" in result.output


def test_simulate_refuses_an_unknown_game_and_zero_games() -> None:
    result = runner.invoke(app, ["simulate", "schack"])
    assert result.exit_code == 2 and "Okänt spel: schack" in result.output
    result = runner.invoke(app, ["simulate", "fia", "--games", "0"])
    assert result.exit_code == 2 and "minst 1" in result.output


def test_simulate_without_seats_puts_the_heuristic_against_random_in_every_seat() -> None:
    args = ["simulate", "fia", "-n", "4", "--seed", "1", "--json"]
    data = json.loads(runner.invoke(app, args).output)
    assert [s["bot"] for s in data["seats"]] == ["heuristic", "random", "random", "random"]


def test_simulate_needs_a_game() -> None:
    result = runner.invoke(app, ["simulate"])
    assert result.exit_code == 2
    assert "GAME" in result.output
