"""Front's hooks for the generic conformance suite (``tests/conformance``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from spelkvall.core import Seat, State
from spelkvall.games.front import COLOURS, FrontState
from spelkvall.games.front.rules import MOVE, OVER, RETURN
from tests.conformance.checks import GameHooks, Playout

NAMES = ("Anna", "Bertil", "Cecilia", "David", "Eva")

MAX_TURNS = 3_000
"""The longest draw limit an option allows; a game's turns can never exceed it by much, since
every 300 (``draw_turns``) quiet turns end it and there are at most 30 points to score and 24
pieces to remove."""


def make_seats(rng: random.Random, n: int) -> list[Seat]:
    """Random names and, usually, random colours (sometimes handed out by the core)."""
    colours: list[str | None] = list(rng.sample(COLOURS, n))
    if rng.random() < 0.2:
        colours = [None] * n
    return [Seat(name, colour) for name, colour in zip(rng.sample(NAMES, n), colours, strict=True)]


def invariants(state: State) -> None:
    """Runs before every step of thousands of games, hence the plain loops."""
    assert isinstance(state, FrontState)
    b = state.board
    cells = state.cells
    row = b.row
    owner = b.owner
    total = 0
    for seat in range(3):
        pos = state.pos[seat]
        assert len(pos) <= 8 and len(set(pos)) == len(pos), "eight different squares at most"
        for sq in pos:
            assert cells[sq] == seat, "the cells disagree with the piece lists"
            assert row[sq] or owner[sq] == seat, "a piece stays in another player's camp"
        total += len(pos)
    assert b.squares - cells.count(-1) == total, "a cell holds a piece no list knows"
    # A scoring piece is off the board while it waits to go home, and the winning one stays off.
    held = 1 if state.phase == RETURN or (state.phase == OVER and state.winner >= 0) else 0
    if state.options.removed_return:
        assert total + held == 24, "removed pieces come back"
    target = state.options.target
    if state.phase != OVER:
        assert max(state.scores) < target, "a player at the target has won"
        assert state.quiet < state.options.draw_turns
        assert state.turns <= MAX_TURNS + 30 * 300 + 24 * 300
        if state.phase in (MOVE, RETURN) or state.players_to_act():
            assert state.pos[state.current] or state.phase == RETURN, "a player without pieces acts"
    if state.phase == MOVE:
        assert 1 <= state.die <= 6


def view_invariants(state: State, view: Mapping[str, Any]) -> None:
    """The board as everybody sees it: three seats, no two pieces on one square, scores below
    the target until the end."""
    squares: set[tuple[int, ...]] = set()
    assert len(view["seats"]) == 3
    for seat in view["seats"]:
        assert len(seat["pieces"]) <= 8
        for piece in seat["pieces"]:
            key = tuple(piece)
            assert key not in squares, f"two pieces on {key}"
            squares.add(key)
        if view["phase"] != "over":
            assert seat["score"] < view["target"]


def at_end(state: State) -> None:
    assert isinstance(state, FrontState)
    assert state.phase == OVER
    result = state.result()
    assert result is not None
    if state.winner >= 0:
        assert result.winners == (state.winner,)
        assert state.scores[state.winner] == state.options.target
        assert result.ranking[0] == (state.winner,)
    else:
        assert result.winners == ()
        assert state.quiet == state.options.draw_turns
    assert result.scores == tuple(float(s) for s in state.scores)


HOOKS = GameHooks(
    invariants=invariants,
    view_invariants=view_invariants,
    at_end=at_end,
    make_seats=make_seats,
    max_steps=60_000,
    playouts=(
        Playout(3, 1000),
        Playout(3, 150, {"depth": 5}),
        Playout(3, 100, {"depth": 6, "exact_score": False}),
        Playout(3, 100, {"removed_return": True, "target": 5}),
        Playout(3, 150, {"threat_range": 6, "rolloff": "all", "target": 6}),
        Playout(3, 250, {"draw_turns": 30}),
        Playout(3, 250, {"target": 3, "exact_score": False, "removed_return": True}),
        Playout(3, 2, deep=True),
        Playout(
            3, 1, {"depth": 6, "removed_return": True, "threat_range": 4, "target": 4}, deep=True
        ),
        Playout(3, 1, {"draw_turns": 30, "rolloff": "all", "exact_score": False}, deep=True),
    ),
)
