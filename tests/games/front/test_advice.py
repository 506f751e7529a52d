"""Tips in Front (issue 30): every legal action of the player to move with the chance to win
after it and a 95 % interval, from heuristic playouts in the batch simulator. Front has no
hidden information, so the advisor plays out from the position itself. Each action is a whole
move (one piece, one direction, the die's count of steps), a removal, a throw or a return
square: the advisor rates exactly the engine's legal actions."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from spelkvall.bots.advisor import advise, warm_up
from spelkvall.cli.commands import app
from spelkvall.core import ADVICE, CHANCE, Match, Seat
from spelkvall.games.front import DOWN, GAME, THROW, FrontState, Move, Remove

from .helpers import ANNA, BERTIL, CECILIA, place, roll, table

ANSWER_BOUND = 2.0
"""Seconds a Tips answer may take (issue 30): the server stops sampling at its 1 s limit."""
PLAYOUTS = 100
"""Playouts per action where a test needs many actions rated but no tight interval: a heuristic
game of Front takes about a millisecond in the batch simulator."""


def mid_game(seed: int, moves: int = 6, turn: int = 20) -> FrontState:
    """A game the heuristic plays for every seat until Anna, after at least ``turn`` decisions,
    must choose among at least ``moves`` legal actions."""
    rng = random.Random(seed)
    state = GAME.new_state([Seat(name) for name in ("Anna", "Bertil", "Cecilia")])
    decisions = 0
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(rng), CHANCE)
            continue
        (seat,) = state.players_to_act()
        decisions += 1
        if seat == ANNA and decisions >= turn and len(state.legal_actions(seat)) >= moves:
            return state
        action = GAME.heuristic_action(state, seat, rng)
        assert action is not None
        state.apply(action, seat)
    raise AssertionError("the game ended before such a decision")


def answer(state: FrontState, seed: int, **extra: Any) -> dict[str, Any]:
    """The advice as JSON without its timing (the one field that depends on the machine)."""
    data = advise(GAME, state, ANNA, seed=seed, **extra).to_json("en")
    del data["seconds"]
    return data  # type: ignore[no-any-return]


def test_front_declares_tips_without_hidden_information() -> None:
    assert ADVICE in GAME.capabilities and GAME.perfect_information


def test_every_legal_action_is_rated_with_an_interval_that_holds_its_rate() -> None:
    state = mid_game(1)
    data = answer(state, seed=3, half_width=0.05, max_playouts=PLAYOUTS)
    legal = state.legal_actions(ANNA)
    assert [item["action"] for item in data["actions"]] == [a.to_json() for a in legal]
    assert data["method"] == "batch" and data["sampled"] is False and data["team"] == [ANNA]
    assert data["place"] == 1 and data["player"] == ANNA
    for item in data["actions"]:
        low, high = item["ci95"]
        assert 0 <= low <= item["win_rate"] <= high <= 1
        assert item["exact"] or item["playouts"] == PLAYOUTS
        assert item["label"]  # the game's own words for the move
    rates = [item["win_rate"] for item in data["actions"]]
    assert data["best"] == rates.index(max(rates))
    assert data["playouts"] == sum(item["playouts"] for item in data["actions"])
    # Advice never changes the position.
    assert state.legal_actions(ANNA) == legal


def test_the_same_seed_gives_the_same_answer_and_another_seed_another() -> None:
    state = mid_game(2)
    first = answer(state, seed=7, max_playouts=PLAYOUTS)
    assert answer(state, seed=7, max_playouts=PLAYOUTS) == first
    assert answer(state.clone(), seed=7, max_playouts=PLAYOUTS) == first
    # The check can fail: other playouts give other estimates.
    assert answer(state, seed=8, max_playouts=PLAYOUTS) != first


def test_the_move_that_scores_the_winning_point_ranks_first() -> None:
    """Everybody has 9 points. Anna's 2 brings her piece on Bertil's g3 down into his camp:
    the tenth point, the win at once. Bertil and Cecilia each stand one step from a point, so
    every other move leaves them a good chance to win first."""
    state = table()
    place(
        state,
        {
            ANNA: [(1, 2, 6), (0, 0, 0), (0, 0, 1), (0, 0, 5)],
            BERTIL: [(1, 0, 0), (2, 1, 3)],
            CECILIA: [(2, 0, 0), (0, 1, 3)],
        },
    )
    state.scores[:] = [9, 9, 9]
    roll(state, 2)
    advice = advise(GAME, state, ANNA, half_width=0.05, seed=1)
    winning = Move(1, 2, 6, DOWN)
    best = advice.actions[advice.best]
    assert best.action == winning and best.exact and best.interval == (1.0, 1.0)
    others = [item for item in advice.actions if item.action != winning]
    assert len(others) >= 5
    for item in others:
        assert not item.exact and item.interval[1] < 0.5, (item.action, item.interval)


def test_removing_the_piece_that_would_win_is_rated_above_the_throw() -> None:
    """Anna and Bertil have 9 points each. Bertil's piece on Anna's e3 scores the tenth with a
    2 down her empty column e; Anna's pieces on a3 and h3 are first along both of its row's
    directions, so she may remove it before she rolls. Throwing instead leaves Bertil his
    chance; removing it leaves him one piece in his own camp."""
    state = table()
    place(
        state,
        {
            ANNA: [(0, 2, 0), (0, 2, 7), (0, 0, 1)],
            BERTIL: [(0, 2, 4), (1, 0, 0)],
            CECILIA: [(2, 0, 0)],
        },
    )
    state.scores[:] = [9, 9, 0]
    remove = Remove(0, 2, 4)
    assert list(state.legal_actions(ANNA)) == [remove, THROW]
    advice = advise(GAME, state, ANNA, half_width=0.03, seed=1)
    removal, throw = advice.actions
    assert advice.best == 0 and removal.action == remove and throw.action == THROW
    assert removal.interval[0] > throw.interval[1], (removal.interval, throw.interval)


def test_with_a_time_limit_every_action_is_rated_and_the_answer_stops_in_time() -> None:
    state = mid_game(3, moves=10)
    warm_up(GAME)
    # Out of time at once: the first slice (a playout) for every action, nothing more.
    quick = advise(GAME, state, ANNA, seed=1, time_limit=0.0)
    assert len(quick.actions) >= 10
    assert quick.rounds == 1 and all(a.playouts == 1 for a in quick.actions)
    # The server's limit (1 s) at its ±1 point: a whole game ahead, many moves, so the clock
    # stops it, and the intervals say how precise the answer is.
    start = time.perf_counter()
    advice = advise(GAME, state, ANNA, seed=1, half_width=0.01, time_limit=1.0)
    elapsed = time.perf_counter() - start
    assert elapsed < ANSWER_BOUND, elapsed
    assert all(a.playouts >= 1 for a in advice.actions) and advice.playouts > quick.playouts
    assert max(a.half_width for a in advice.actions) > 0.01  # stopped by the clock


def test_spelkvall_advise_front_rates_the_pending_decision_of_a_saved_match(
    tmp_path: Path,
) -> None:
    match = Match(GAME, [Seat("Anna"), Seat("Bertil"), Seat("Cecilia")], seed=4)
    rng = random.Random(4)
    while True:
        state = match.state
        if state.is_chance():
            match.resolve_chance()
            continue
        if 2 <= len(state.legal_actions()) <= 3:
            break
        (seat,) = state.players_to_act()
        action = GAME.heuristic_action(state, seat, rng)
        assert action is not None
        match.apply(action, seat)
    path = tmp_path / "front.json"
    path.write_text(match.record.dumps(), encoding="utf-8")
    runner = CliRunner()
    args = ["advise", "front", "--match", str(path), "--half-width", "0.2", "--seed", "1"]
    result = runner.invoke(app, [*args, "--json", "--lang", "en"])
    assert result.exit_code == 0, (result.output, result.exception)
    data = json.loads(result.output)
    legal = match.state.legal_actions()
    assert [item["action"] for item in data["actions"]] == [a.to_json() for a in legal]
    assert data["method"] == "batch"
    for item in data["actions"]:
        assert item["ci95"][0] <= item["win_rate"] <= item["ci95"][1]
    result = runner.invoke(app, args, env={"COLUMNS": "160"})
    assert result.exit_code == 0, (result.output, result.exception)
    assert "Vinstchans" in result.output and "★" in result.output
