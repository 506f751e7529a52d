"""The shared parts of every game's batch module (``core.batch``): its checks refuse bad input
before anything is encoded, and its counts and dispatch are the same for every game."""

from __future__ import annotations

import numpy as np
import pytest

from spelkvall.core import batch


def test_a_negative_number_of_games_is_refused() -> None:
    with pytest.raises(ValueError, match="games must not be negative"):
        batch.check_play(-1, "a state", str, "Test")


def test_a_state_of_another_game_is_refused() -> None:
    with pytest.raises(TypeError, match="plays Test states only"):
        batch.check_play(1, 42, str, "Test")


def test_good_arguments_pass() -> None:
    batch.check_play(0, "a state", str, "Test")


def test_one_policy_name_serves_every_seat() -> None:
    assert batch.policy_codes("heuristic", 3) == [1, 1, 1]


def test_one_policy_per_seat_in_the_kernels_numbering() -> None:
    assert batch.policy_codes(["heuristic", "random"], 2) == [1, 0]


def test_a_policy_count_other_than_the_seats_is_refused() -> None:
    with pytest.raises(ValueError, match="3 seats but 2 policies"):
        batch.policy_codes(["random", "random"], 3)


def test_an_unknown_policy_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="random and heuristic seats only, not 'mcts'"):
        batch.policy_codes(["random", "mcts"], 2)


def test_wins_of_masks_counts_a_shared_win_for_each_winner() -> None:
    winners = np.array([0b01, 0b11, 0b10, 0b100], np.int64)
    assert batch.wins_of_masks(winners, 3) == [2, 2, 1]


def test_wins_of_seats_counts_a_game_nobody_won_for_nobody() -> None:
    winners = np.array([0, -1, 2, 2], np.int64)
    assert batch.wins_of_seats(winners, 3) == [1, 0, 2]


@pytest.mark.parametrize("parallel", [False, True])
def test_run_games_plays_every_game_once(parallel: bool) -> None:
    """Serial or cut into pieces over threads, each game of the batch is played exactly once."""
    played = np.zeros(37, np.int64)

    def play_range(first: int, last: int, out: np.ndarray) -> None:
        out[first:last] += 1

    batch.run_games(play_range, 37, parallel, played)
    assert played.tolist() == [1] * 37
