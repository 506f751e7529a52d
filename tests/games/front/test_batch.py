"""The batch simulator (``batch.py``, compiled with Numba) against the reference engine: given
the same random stream, both play the same games, step for step, for random and heuristic
seats, every option, and positions in every phase.

Game ``g`` of a batch seeded with ``seed`` and the engine driven by ``XorShiftRandom(seed, g)``
draw as ``_kernel``'s docstring says. At every step the kernel's trace (``_kernel._trace``) must
hold what the engine did: the die and the seat that rolled it, or the number of legal actions,
the index of the one chosen and the squares it names (a move's from and to, the square cleared,
the camp square returned to; -1 for the throw), and the scores after the step; the first step
that differs is named. Every game must also end alike: winner, scores, dice and decisions.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from spelkvall.core import CHANCE, Seat
from spelkvall.games.front import GAME, FrontOptions, FrontState, batch, heuristic
from spelkvall.games.front import _kernel as k
from spelkvall.games.front.actions import Move, Remove, Return, Roll, Throw
from spelkvall.games.front.rules import DECIDE, MOVE, RETURN, ROLL, ROLLOFF

SEATS = [Seat("Anna", "red"), Seat("Bertil", "blue"), Seat("Cecilia", "yellow")]
Step = tuple[int, int, int, int]


TRACE_STEPS = 4000
"""Steps of each game the kernel records (a random game takes a few hundred)."""


def engine_step(state: FrontState, policies: list[str], rng: batch.XorShiftRandom) -> Step:
    """One step of the reference engine under the kernel's draw protocol (``_kernel``'s
    docstring); the kernel's trace row of it (``_kernel._trace``)."""
    if state.is_chance():
        kind = k.T_ROLLOFF if state.phase == ROLLOFF else k.T_ROLL
        seat = state.chance_seat()
        roll = state.sample_chance(rng)
        assert isinstance(roll, Roll) and seat is not None
        state.apply(roll, CHANCE)
        return kind * 4096, roll.value, seat, packed(state.scores)
    player = state.players_to_act()[0]
    legal = list(state.legal_actions())
    if policies[player] == "random":
        action = legal[int(rng.random() * len(legal))]
    elif len(legal) == 1:
        action = legal[0]
    else:
        choice = heuristic.choose(state.clone(), rng)  # type: ignore[arg-type]
        assert choice is not None
        action = choice
    if isinstance(action, Move):
        kind, what = k.T_MOVE, 256 * state.move_plan(action)[0] + state.move_plan(action)[1]
    elif isinstance(action, Remove):
        kind, what = k.T_REMOVE, state.board.index(action.p, action.r, action.c)
    elif isinstance(action, Throw):
        kind, what = k.T_REMOVE, -1
    else:
        assert isinstance(action, Return)
        kind, what = k.T_RETURN, state.board.camp[player][action.c]
    index = legal.index(action)
    state.apply(action, player)
    return kind * 4096 + len(legal), index, what, packed(state.scores)


def packed(scores: list[int]) -> int:
    return scores[0] + 64 * scores[1] + 4096 * scores[2]


def engine_game(
    state: FrontState, policies: list[str], seed: int, game: int
) -> tuple[tuple[Any, ...], list[Step]]:
    """Play on with the reference engine and bots' rules, drawing from the kernel's stream;
    the end (winner, scores, dice, decisions) and every step."""
    rng = batch.XorShiftRandom(seed, game)
    chance = moves = 0
    steps: list[Step] = []
    while not state.is_terminal():
        if state.is_chance():
            chance += 1
        else:
            moves += 1
        steps.append(engine_step(state, policies, rng))
    return (state.winner, list(state.scores), chance, moves), steps


def agree(
    state: FrontState, policies: list[str], games: int, seed: int, traced: int | None = None
) -> None:
    """The first ``traced`` games (all by default) step for step (the same die, seat, number
    of legal actions, action chosen and scores at every step), every game at its end."""
    traced = games if traced is None else traced
    result = batch.play(state, games, policies, seed, trace_steps=TRACE_STEPS)
    assert result.trace is not None
    for g in range(games):
        expected, steps = engine_game(state.clone(), policies, seed, g)
        where = f"game {g} of seed {seed}, {policies}"
        if g < traced:
            assert len(steps) <= TRACE_STEPS, f"{where}: {len(steps)} steps, raise TRACE_STEPS"
            got = [tuple(int(x) for x in row) for row in result.trace[g, : len(steps)]]
            for i, step in enumerate(steps):
                assert got[i] == step, f"{where}: step {i} differs: kernel {got[i]}, engine {step}"
            assert not result.trace[g, len(steps) :].any(), f"{where}: the kernel plays on"
        got_end = (
            int(result.winners[g]),
            [int(s) for s in result.scores[g]],
            int(result.chance_events[g]),
            int(result.moves[g]),
        )
        assert got_end == expected, where


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
