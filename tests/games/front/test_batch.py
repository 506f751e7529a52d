"""The batch simulator (``batch.py``, compiled with Numba) against the reference engine: given
the same random stream, both play the same games, step for step, for random and heuristic
seats, every option, and positions in every phase."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spelkvall.core import CHANCE, Seat
from spelkvall.games.front import GAME, FrontOptions, FrontState, batch, heuristic
from spelkvall.games.front.rules import DECIDE, MOVE, RETURN, ROLL, ROLLOFF

SEATS = [Seat("Anna", "red"), Seat("Bertil", "blue"), Seat("Cecilia", "yellow")]


def engine_game(state: FrontState, policies: list[str], seed: int, game: int) -> tuple[Any, ...]:
    """Play on with the reference engine and bots' rules, drawing from the kernel's stream."""
    rng = batch.XorShiftRandom(seed, game)
    chance = moves = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(rng), CHANCE)
            chance += 1
            continue
        player = state.players_to_act()[0]
        legal = state.legal_actions()
        moves += 1
        if policies[player] == "random":
            action = legal[int(rng.random() * len(legal))]
        elif len(legal) == 1:
            action = legal[0]
        else:
            choice = heuristic.choose(state.clone(), rng)  # type: ignore[arg-type]
            assert choice is not None
            action = choice
        state.apply(action, player)
    return (state.winner, list(state.scores), chance, moves)


def agree(state: FrontState, policies: list[str], games: int, seed: int) -> None:
    result = batch.play(state, games, policies, seed)
    for g in range(games):
        expected = engine_game(state.clone(), policies, seed, g)
        got = (
            int(result.winners[g]),
            [int(s) for s in result.scores[g]],
            int(result.chance_events[g]),
            int(result.moves[g]),
        )
        assert got == expected, f"game {g} of seed {seed}"


def test_random_games_agree_with_the_reference_engine() -> None:
    agree(GAME.new_state(SEATS), ["random"] * 3, 150, seed=1)


def test_heuristic_games_agree_with_the_reference_engine() -> None:
    agree(GAME.new_state(SEATS), ["heuristic"] * 3, 40, seed=2)


def test_mixed_seats_agree_with_the_reference_engine() -> None:
    agree(GAME.new_state(SEATS), ["heuristic", "random", "heuristic"], 40, seed=3)


@pytest.mark.parametrize(
    "options",
    [
        {"depth": 5},
        {"depth": 6, "exact_score": False},
        {"removed_return": True, "threat_range": 5},
        {"rolloff": "all", "draw_turns": 30, "target": 4},
    ],
)
def test_every_option_agrees_with_the_reference_engine(options: dict[str, Any]) -> None:
    state = GAME.new_state(SEATS, GAME.parse_options(options))
    agree(state, ["heuristic", "random", "random"], 25, seed=4)


def positions() -> dict[int, FrontState]:
    """One position in each phase, reached by heuristic play."""
    found: dict[int, FrontState] = {}
    rng = random.Random(5)
    for _ in range(20):
        state = GAME.new_state(SEATS, FrontOptions())
        while not state.is_terminal():
            if state.phase not in found and (state.phase != ROLLOFF or state.rolloff_rounds[0]):
                found[state.phase] = state.clone()
            if state.is_chance():
                state.apply(state.sample_chance(rng), CHANCE)
            else:
                player = state.players_to_act()[0]
                action = GAME.heuristic_action(state, player, rng)
                assert action is not None
                state.apply(action, player)
        if len(found) == 5:
            break
    assert set(found) == {ROLLOFF, DECIDE, ROLL, MOVE, RETURN}
    return found


def test_games_from_positions_in_every_phase_agree_with_the_reference_engine() -> None:
    for phase, state in positions().items():
        agree(state, ["heuristic", "heuristic", "random"], 10, seed=10 + phase)


def test_parallel_and_serial_runs_give_the_same_games() -> None:
    state = GAME.new_state(SEATS)
    serial = batch.play(state, 60, "heuristic", 9)
    parallel = batch.play(state, 60, "heuristic", 9, parallel=True)
    assert (serial.winners == parallel.winners).all() and (serial.scores == parallel.scores).all()


def test_first_game_continues_a_batch_with_fresh_games() -> None:
    state = GAME.new_state(SEATS)
    whole = batch.play(state, 20, "random", 11)
    second = batch.play(state, 10, "random", 11, first_game=10)
    assert (whole.winners[10:] == second.winners).all()


def test_playout_wins_counts_every_game_won_and_leaves_the_state_alone() -> None:
    state = GAME.new_state(SEATS)
    before = state.view(None)
    wins = GAME.playout_wins(state, 30, "heuristic", 12)
    assert wins is not None and len(wins) == 3
    result = batch.play(state, 30, "heuristic", 12)
    assert sum(wins) == int((result.winners >= 0).sum())
    assert state.view(None) == before


def test_draws_count_for_nobody() -> None:
    state = GAME.new_state(SEATS, FrontOptions(draw_turns=30))
    result = batch.play(state, 50, "random", 13)
    assert (result.winners == -1).any()
    assert sum(result.wins()) == int((result.winners >= 0).sum())


def test_unknown_policies_and_finished_games_are_refused() -> None:
    state = GAME.new_state(SEATS)
    with pytest.raises(ValueError, match="not 'hard'"):
        batch.play(state, 1, "hard")
    with pytest.raises(ValueError, match="3 seats"):
        batch.play(state, 1, ["random", "random"])
    state.phase = 5
    with pytest.raises(ValueError, match="over"):
        batch.play(state, 1)


def test_the_fast_batch_counts_whole_games() -> None:
    state = GAME.new_state(SEATS)
    fast = GAME.fast_batch(state, 20, ["heuristic", "random", "random"], 14)
    assert sum(fast.wins) <= 20 and fast.wins[0] >= 15
    assert fast.chance_events > 0 and fast.moves > 0
