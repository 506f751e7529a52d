"""Fia's hooks for the generic conformance suite (``tests/conformance``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from spelkvall.core import Seat, State
from spelkvall.games.fia import COLOURS, GOAL, NEST, START, FiaState
from spelkvall.games.fia.board import FIRST_LANE, GOAL_CELL, LANE_CELLS, UNIVERSAL
from spelkvall.games.fia.rules import MOVE, OVER
from tests.conformance.checks import GameHooks, Playout

NAMES = ("Ahmad", "Micael", "Pontus", "Samir")

MAX_ROLLS = 3_000
"""A game that has not ended after this many rolls is stuck. Measured on 3,000 random 4-player
games (2,000 default, 500 play_on, 500 play_on + three_tries): at most 752 rolls, 1,393 steps."""


def make_seats(rng: random.Random, n: int) -> list[Seat]:
    """Random names and, usually, random colours in random seat order (missing colours too)."""
    colours: list[str | None] = list(rng.sample(COLOURS, n))
    if rng.random() < 0.2:
        colours = [None] * n  # the free colours are handed out
    return [Seat(name, colour) for name, colour in zip(rng.sample(NAMES, n), colours, strict=True)]


def invariants(state: State) -> None:
    """Runs before every step of thousands of games, hence the plain loop."""
    assert isinstance(state, FiaState)
    pos = state.pos
    assert len(pos) == 16, "16 pieces, always"
    occ = [-1] * 40
    seen: dict[int, int] = {}
    seat_of = state.seat_of
    for i in range(16):
        p = pos[i]
        if p in (NEST, GOAL):
            continue
        colour = i >> 2
        assert seat_of[colour] >= 0, "a colour not in the game stays in its nest"
        key = colour * 64 + p
        if key in seen:
            # Only the double entry puts two own pieces on one square: the start square.
            assert p == START and seen[key] == 1, f"own pieces share local square {p}"
            seen[key] = 2
        else:
            seen[key] = 1
        square = UNIVERSAL[colour][p]
        if square >= 0:
            assert occ[square] == -1 or occ[square] == colour, f"two colours on square {square}"
            occ[square] = colour
        else:
            assert FIRST_LANE <= p < GOAL
    assert occ == state.occ, "the square index disagrees with the pieces"
    assert state.current in state.order
    assert state.rolls <= MAX_ROLLS
    if state.bound:
        base = 4 * state.colour_of[state.current]
        assert all(base <= p < base + 4 for p in state.bound), "bound to another colour's piece"
    if state.phase == MOVE:
        assert 1 <= state.die <= 6 and state.current not in state.finished


def view_invariants(state: State, view: Mapping[str, Any]) -> None:
    """On the board as a player sees it: 4 pieces a seat, middle lanes hold only their colour,
    no two colours share a square."""
    by_cell: dict[tuple[int, int], set[str]] = {}
    for seat in view["seats"]:
        assert len(seat["pieces"]) == 4
        for piece in seat["pieces"]:
            by_cell.setdefault(tuple(piece["cell"]), set()).add(seat["colour"])
    for colour, lane in zip(COLOURS, LANE_CELLS, strict=True):
        for cell in lane:
            assert by_cell.get(cell, {colour}) == {colour}, f"another colour in {colour}'s lane"
    for cell, colours in by_cell.items():
        assert cell == GOAL_CELL or len(colours) == 1, f"two colours on {cell}"


def at_end(state: State) -> None:
    assert isinstance(state, FiaState)
    assert state.phase == OVER
    result = state.result()
    assert result is not None and len(result.winners) == 1, "exactly one winner"
    winner = result.winners[0]
    assert state.local_positions(winner) == (GOAL,) * 4
    home = [s for s in range(state.num_players) if state.local_positions(s) == (GOAL,) * 4]
    expected = state.num_players - 1 if state.options.play_on else 1
    assert sorted(home) == sorted(state.finished) and len(home) == expected
    assert [group[0] for group in result.ranking[:expected]] == state.finished


HOOKS = GameHooks(
    invariants=invariants,
    view_invariants=view_invariants,
    at_end=at_end,
    make_seats=make_seats,
    max_steps=2 * MAX_ROLLS,
    playouts=(
        Playout(4, 2000),
        Playout(4, 60, {"play_on": True}),
        Playout(4, 60, {"three_tries": True}),
        Playout(3, 100),
        Playout(2, 100),
        Playout(3, 40, {"play_on": True, "three_tries": True}),
        Playout(2, 40, {"three_tries": True}),
        Playout(4, 2, deep=True),
        Playout(4, 1, {"play_on": True, "three_tries": True}, deep=True),
        Playout(3, 1, {"play_on": True}, deep=True),
        Playout(2, 2, {"three_tries": True}, deep=True),
    ),
)
