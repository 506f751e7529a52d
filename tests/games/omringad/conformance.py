"""Omringad's hooks for the generic conformance suite (``tests/conformance``): the state's
invariants (every unit and special somewhere exactly once, no hostile units sharing a square
outside movement and combat, only Pirates on lakes, Generals and Horses on top), the spectator
view, and the result."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from spelkvall.core import Seat, State
from spelkvall.games.omringad import combat
from spelkvall.games.omringad import units as U
from spelkvall.games.omringad.board import (
    BARE,
    DRAGON,
    FOREST,
    GENERAL,
    HORSES,
    LAKE,
    MOUNTAIN,
    PIRATES,
    POOL,
    REGULAR,
)
from spelkvall.games.omringad.game import COLOURS
from spelkvall.games.omringad.phases import COMBAT, MOVEMENT, OVER
from spelkvall.games.omringad.rules import OmringadState
from tests.conformance.checks import GameHooks, Playout

NAMES = ("Anna", "Bertil", "Cecilia", "David")


def make_seats(rng: random.Random, n: int) -> list[Seat]:
    colours = rng.sample(COLOURS, n)
    return [Seat(name, colour) for name, colour in zip(rng.sample(NAMES, n), colours, strict=True)]


def check_units(state: OmringadState) -> None:
    """Each player's 35 units are in the pool, bought or on the board; each special is in the
    cup or on the board, once."""
    n = state.n
    counts = [[0] * REGULAR for _ in range(n)]
    specials = [0] * 8
    for stack in state.stacks:
        for u in stack:
            k, o = U.kind(u), U.owner(u)
            if k >= REGULAR:
                specials[k - REGULAR] += 1
                assert (o == U.NEUTRAL) == (k == DRAGON), "only the Dragon is neutral"
            else:
                assert o < n
                counts[o][k] += 1
            assert not (k == GENERAL and U.damaged(u)), "a damaged General is eliminated"
    for p in range(n):
        for k in state.pending[p]:
            counts[p][k] += 1
        for k in range(REGULAR):
            assert state.pool[p][k] >= 0
            assert counts[p][k] + state.pool[p][k] == POOL[k], f"seat {p} type {k}"
    if state.au_special >= 0:
        specials[state.au_special - REGULAR] += 1  # drawn for the auction, not placed yet
    for k in range(8):
        assert specials[k] + state.cup.counts[k] == 1, f"special {k} is not exactly once"


def check_board(state: OmringadState) -> None:
    for sq, stack in enumerate(state.stacks):
        terrain = state.terrain[sq]
        if terrain == LAKE:
            assert all(U.kind(u) == PIRATES for u in stack), "only Pirates on a lake"
        for u in stack:
            if U.kind(u) == DRAGON:
                assert terrain in (BARE, MOUNTAIN, FOREST)
        # Per player: Horses, then Generals on top of the stack.
        for o in {U.owner(u) for u in stack}:
            ranks = [
                2 if U.kind(u) == HORSES else 1 if U.kind(u) == GENERAL else 0
                for u in stack
                if U.owner(u) == o
            ]
            assert ranks == sorted(ranks), "Generals and Horses ride on top"
        if state.phase not in (MOVEMENT, COMBAT) and stack:
            assert not combat.contested(state, sq), f"square {sq} contested in phase {state.phase}"
    if state.phase == COMBAT:
        for sq in range(len(state.stacks)):
            if combat.contested(state, sq):
                assert sq == state.bt_sq or sq in state.queue
    assert all(0 <= c < state.n for c in state.control)
    assert all(g >= 0 for g in state.gold)


_seen = {"phase": -1, "calls": 0}


def invariants(state: State) -> None:
    """Every unit and special once, the board's rules. The full check runs whenever the phase
    changes and on every fourth step in between (the suite's runtime on two shared cores)."""
    assert isinstance(state, OmringadState)
    assert state.round <= state.options.round_limit
    _seen["calls"] += 1
    if state.phase == _seen["phase"] and _seen["calls"] % 4:
        return
    _seen["phase"] = state.phase
    check_units(state)
    check_board(state)


def view_invariants(state: State, view: Mapping[str, Any]) -> None:
    assert view["you"] is None and view["pool"] is None
    assert len(view["stacks"]) == 25 * view["players"]
    assert len(view["terrain"]) == len(view["control"]) == len(view["stacks"])


def at_end(state: State) -> None:
    assert isinstance(state, OmringadState)
    assert state.phase == OVER
    result = state.result()
    assert result is not None and result.winners
    target = state.options.target
    if state.round < state.options.round_limit:
        best = max(state.points[p] for p in result.winners)
        assert best >= target, "a winner reached the target"
    if state.teams:
        for team in state.teams:
            assert set(team) <= set(result.winners) or not set(team) & set(result.winners)


HOOKS = GameHooks(
    invariants=invariants,
    view_invariants=view_invariants,
    at_end=at_end,
    make_seats=make_seats,
    max_steps=60_000,
    playouts=(
        Playout(2, 700),
        Playout(4, 300),
        Playout(4, 200, {"teams": "side"}),
        Playout(4, 200, {"teams": "none", "battle_order": "holder"}),
        Playout(2, 250, {"auction": "sealed", "open_stacks": True}),
        Playout(
            2,
            250,
            {
                "setup_purchase_separate": False,
                "magician_ranged": False,
                "mountain_beats_horses": False,
                "generals_conquer": False,
                "pin_counts_horses": True,
                "lone_horses_return": False,
            },
        ),
        Playout(
            4,
            200,
            {
                "dragon_besieges": True,
                "noncombatants_take_control": True,
                "unplaced_wait": True,
                "tie_rule": "shared",
                "team_target": "both",
            },
        ),
        Playout(2, 100, {"target": 100}),
        Playout(2, 2, deep=True),
        Playout(4, 2, deep=True),
        Playout(4, 1, {"auction": "sealed", "teams": "none", "battle_order": "holder"}, deep=True),
        Playout(2, 1, {"unplaced_wait": True, "open_stacks": True}, deep=True),
    ),
)
