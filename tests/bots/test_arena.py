"""The arena: single games with a replayable record, batches with win statistics."""

from __future__ import annotations

import random

import pytest

from spelkvall.bots import RandomBot
from spelkvall.bots.arena import play_game, simulate, wilson_interval
from spelkvall.core import MatchRecord, Seat
from spelkvall.games.fia import GAME, FiaOptions

SEATS = [Seat("Micael"), Seat("Samir"), Seat("Pontus")]


def test_play_game_ends_and_its_record_replays_to_the_same_position() -> None:
    state, record = play_game(GAME, SEATS, ["heuristic", "random", RandomBot()], seed=7)
    assert state.is_terminal()
    replayed = MatchRecord.loads(record.dumps()).replay()
    assert replayed.is_terminal()
    assert replayed.view(None) == state.view(None)


def test_play_game_is_reproducible_from_a_seed() -> None:
    first, _ = play_game(GAME, SEATS, ["random"] * 3, seed=3)
    again, _ = play_game(GAME, SEATS, ["random"] * 3, rng=random.Random(3))
    assert first.view(None) == again.view(None)


def test_play_game_passes_the_options_on() -> None:
    state, record = play_game(GAME, SEATS, ["random"] * 3, seed=1, options=FiaOptions(play_on=True))
    assert record.options["play_on"] is True
    result = state.result()
    assert result is not None and len(result.ranking) == 3


def test_play_game_needs_a_bot_per_seat() -> None:
    with pytest.raises(ValueError, match="bots"):
        play_game(GAME, SEATS, ["random"], seed=1)


def test_wilson_interval_matches_the_textbook_value_for_half_of_a_hundred() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)


def test_wilson_interval_stays_inside_zero_and_one() -> None:
    assert wilson_interval(0, 20)[0] == 0.0
    assert wilson_interval(20, 20)[1] == 1.0
    assert wilson_interval(0, 20)[1] > 0.0


def test_simulate_counts_one_winner_per_game_and_brackets_each_share() -> None:
    sim = simulate(GAME, ["heuristic", "random"], 40, seed=5)
    assert sum(s.wins for s in sim.seats) == 40
    for s in sim.seats:
        assert s.low <= s.share <= s.high
    assert sim.mean_chance_events > sim.mean_moves > 0
    data = sim.to_json()
    assert data["seats"][0]["bot"] == "heuristic"
    assert data["games"] == 40


def test_simulate_is_reproducible_from_a_seed() -> None:
    a = simulate(GAME, ["random"] * 4, 10, seed=11)
    b = simulate(GAME, ["random"] * 4, 10, seed=11)
    assert [s.wins for s in a.seats] == [s.wins for s in b.seats]
    assert a.mean_moves == b.mean_moves


def test_simulate_refuses_a_seat_count_the_game_does_not_allow() -> None:
    with pytest.raises(ValueError, match="2-4 seats"):
        simulate(GAME, ["random"] * 5, 1)


def test_simulate_refuses_an_unknown_bot() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        simulate(GAME, ["random", "grandmaster"], 1)


@pytest.mark.parametrize(("wins", "games"), [(0, 3), (10, 10), (0, 1), (1, 1), (7, 13), (0, 999)])
def test_wilson_interval_always_holds_its_own_estimate(wins: int, games: int) -> None:
    low, high = wilson_interval(wins, games)
    assert low <= wins / games <= high
    assert (low == 0.0) == (wins == 0) and (high == 1.0) == (wins == games)


def test_simulate_counts_games_without_a_winner_for_a_game_that_may_end_so() -> None:
    from tests.core.relay_game import GAME as RELAY
    from tests.core.relay_game import RelayOptions

    sim = simulate(RELAY, ["random", "random"], 40, seed=2, options=RelayOptions(turn_limit=4))
    wins = sum(s.wins for s in sim.seats)
    assert sim.no_winner is not None and sim.no_winner > 0
    assert wins + sim.no_winner >= 40  # a shared win counts for each winner
    assert sim.to_json()["no_winner"] == sim.no_winner
    assert "no_winner" not in simulate(GAME, ["random", "random"], 2, seed=1).to_json()
