"""Tournaments: every bot in every seat equally often; Elo fitted to pairwise results."""

from __future__ import annotations

import math

import pytest

from spelkvall.bots.tournament import ELO_MEAN, fit_elo, run_tournament, seatings
from spelkvall.games.fia import GAME as FIA


def test_seatings_are_every_distinct_order_so_each_bot_sits_everywhere_equally() -> None:
    orders = seatings(["a", "b", "c"])
    assert len(orders) == 6
    for seat in range(3):
        assert sorted(o[seat] for o in orders) == ["a", "a", "b", "b", "c", "c"]


def test_a_repeated_bot_gives_only_the_distinct_seatings() -> None:
    orders = seatings(["hard", "heuristic", "heuristic", "heuristic"])
    assert len(orders) == 4
    assert sorted(o.index("hard") for o in orders) == [0, 1, 2, 3]


def test_many_distinct_bots_fall_back_to_rotations() -> None:
    orders = seatings(["a", "b", "c", "d", "e"])
    assert len(orders) == 5
    assert {o[0] for o in orders} == {"a", "b", "c", "d", "e"}


def test_elo_of_equal_results_is_equal() -> None:
    elo = fit_elo({("a", "b"): 5, ("b", "a"): 5}, {("a", "b"): 10, ("b", "a"): 10}, ["a", "b"])
    assert elo["a"] == pytest.approx(ELO_MEAN) and elo["b"] == pytest.approx(ELO_MEAN)


def test_elo_difference_matches_the_logistic_formula_for_two_bots() -> None:
    # 74.5 of 99 + one virtual draw = 75 of 100: a 3:1 ratio is 400*log10(3) = 190.8 points.
    scores = {("a", "b"): 74.5, ("b", "a"): 24.5}
    games = {("a", "b"): 99.0, ("b", "a"): 99.0}
    elo = fit_elo(scores, games, ["a", "b"])
    assert elo["a"] - elo["b"] == pytest.approx(400 * math.log10(3), abs=0.01)
    assert (elo["a"] + elo["b"]) / 2 == pytest.approx(ELO_MEAN)


def test_elo_stays_finite_when_a_bot_never_wins() -> None:
    elo = fit_elo({("a", "b"): 20, ("b", "a"): 0}, {("a", "b"): 20, ("b", "a"): 20}, ["a", "b"])
    assert math.isfinite(elo["b"]) and elo["a"] > elo["b"]


def test_a_tournament_rounds_up_to_whole_rounds_and_counts_every_seat() -> None:
    calls: list[tuple[int, int]] = []
    result = run_tournament(
        FIA,
        ["random", "heuristic", "random"],
        5,
        seed=3,
        progress=lambda d, t: calls.append((d, t)),
    )
    assert (result.games, result.rounds, result.seatings) == (6, 2, 3)
    assert calls[-1] == (6, 6)
    by_bot = {e.bot: e for e in result.entrants}
    assert by_bot["random"].seats == 12 and by_bot["heuristic"].seats == 6
    assert by_bot["random"].wins + by_bot["heuristic"].wins == 6  # one winner a game
    assert result.to_json()["bots"][0]["elo"] >= result.to_json()["bots"][1]["elo"]


def test_a_tournament_is_reproducible_from_a_seed() -> None:
    a = run_tournament(FIA, ["random", "heuristic"], 6, seed=9)
    b = run_tournament(FIA, ["random", "heuristic"], 6, seed=9)
    assert [(e.bot, e.wins) for e in a.entrants] == [(e.bot, e.wins) for e in b.entrants]


def test_the_heuristic_outrates_random_over_enough_games() -> None:
    result = run_tournament(FIA, ["random", "heuristic"], 60, seed=1)
    assert [e.bot for e in result.entrants] == ["heuristic", "random"]
    assert result.entrants[0].elo > ELO_MEAN > result.entrants[1].elo


@pytest.mark.parametrize(
    ("lineup", "why"),
    [
        (["random"] * 5, "2-4 seats"),
        (["random", "random"], "two different"),
        (["x", "random"], "x"),
    ],
)
def test_a_tournament_refuses_what_it_cannot_play(lineup: list[str], why: str) -> None:
    with pytest.raises(ValueError, match=why):
        run_tournament(FIA, lineup, 2)
