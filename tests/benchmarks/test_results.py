"""The strength benchmarks' results files: a line per game, and sums made from them."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from spelkvall.bots import make_bot
from spelkvall.core import get_game

sys.path.insert(0, str(Path(__file__).parents[2] / "benchmarks"))
import _results


def results(path: Path | None, lineup: str = "hard,heuristic") -> _results.Results:
    return _results.Results(path, lineup, "cpu", commit="abc1234")


def test_a_line_per_game_with_seed_seats_winners_longest_move_and_commit(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    results(path).record(7, ["heuristic", "hard"], [1], True, [0.5, 0.25])
    (row,) = [json.loads(line) for line in path.read_text().splitlines()]
    assert row["seed"] == 7
    assert row["seats"] == ["heuristic", "hard"]
    assert row["winners"] == [1]
    assert row["longest"] == 0.5
    assert row["mean"] == 0.375
    assert row["commit"] == "abc1234"


def test_summarize_adds_up_the_parts_of_a_run_counting_each_game_once(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    first, second = results(path), results(path)
    first.record(1, ["hard", "heuristic"], [0], True, [0.4])
    first.record(2, ["heuristic", "hard"], [0], False, [1.2])
    second.record(2, ["heuristic", "hard"], [1], True, [0.1])  # played again: the first counts
    second.record(3, ["hard", "heuristic"], [], False, [0.2])
    results(path, "heuristic,random").record(1, ["heuristic", "random"], [0], True, [0.0])
    found, repeated = _results.summaries(path)
    assert repeated == 1
    hard = next(s for s in found if s.lineup == "hard,heuristic")
    assert (hard.games, hard.wins, hard.no_winner) == (3, 1, 1)
    assert hard.longest == 1.2
    assert hard.over_one_second == 1
    assert hard.seat_wins == {"1": (1, 2), "2": (0, 1)}
    assert hard.seeds == (1, 3)
    low, high = hard.interval
    assert low < 1 / 3 < high


def test_a_team_is_counted_by_the_seats_it_had(tmp_path: Path) -> None:
    team = results(None, "hard+hard,heuristic+heuristic")
    seats = ["hard", "heuristic", "hard", "heuristic"]
    team.record(1, seats, [0, 2], True, [0.5], side_seats=[0, 2])
    team.record(2, seats[1:] + seats[:1], [0, 2], False, [0.5], side_seats=[1, 3])
    (summary,), _ = _results.add_up(team.rows)
    assert summary.seat_wins == {"1+3": (1, 1), "2+4": (0, 1)}


def test_play_rounds_seats_the_measured_bot_everywhere_once_a_round() -> None:
    game = get_game("front")
    run = results(None, "heuristic,random,random")
    bots = {
        "heuristic": _results.Timed(make_bot("heuristic", game)),
        "random": make_bot("random", game),
    }
    _results.play_rounds(game, ["heuristic", "random", "random"], 5, 1, bots, run)
    assert len(run.rows) == 6  # whole rounds
    assert [row["seats"].index("heuristic") for row in run.rows] == [0, 1, 2, 0, 1, 2]
    assert len({row["seed"] for row in run.rows}) == 2  # a round shares its dice
    for row in run.rows:
        assert row["won"] == any(row["seats"][w] == "heuristic" for w in row["winners"])
        assert row["choices"] > 0


def test_the_measured_side_must_be_timed() -> None:
    game = get_game("front")
    bots = {"heuristic": make_bot("heuristic", game), "random": make_bot("random", game)}
    with pytest.raises(AssertionError):
        _results.play_rounds(game, ["heuristic", "random"], 2, 1, bots, results(None))
