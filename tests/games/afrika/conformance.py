"""Afrikas stjärna's hooks for the generic conformance suite (``tests/conformance``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from spelkvall.core import Seat, State
from spelkvall.games.afrika import COLOURS, AfrikaState
from spelkvall.games.afrika.board import (
    CITIES,
    HAZARD,
    LAND,
    NODES,
    STARTS,
)
from spelkvall.games.afrika.rules import (
    _MAINLAND_SET,
    NO_TOKEN,
    ORDER,
    OVER,
    START,
    UNOPENED,
)
from spelkvall.games.afrika.tokens import HORSESHOE, STAR, TOKEN_COUNTS
from tests.conformance.checks import GameHooks, Playout

NAMES = ("Ahmad", "Micael", "Pontus", "Samir", "Lovisa", "Ines")

MAX_STEPS = 40_000
"""A random game that has not ended after this many steps is stuck. Measured on 3,000 random
games (2–6 players, five option sets) in the batch simulator, which plays the engine's games
step for step: at most 12,448 steps, 1,475 on average."""


def make_seats(rng: random.Random, n: int) -> list[Seat]:
    """Random names and, usually, random colours in random seat order."""
    colours: list[str | None] = list(rng.sample(COLOURS, n))
    if rng.random() < 0.2:
        colours = [None] * n
    return [Seat(name, colour) for name, colour in zip(rng.sample(NAMES, n), colours, strict=True)]


_last_accounted: list[tuple[int, int]] = [(0, -1)]


def _token_accounting(state: AfrikaState) -> None:
    """Opened tokens and the bag add up to the 30 tokens; one star; the mainland count."""
    opened = [0] * 7
    mainland = 0
    for c in CITIES:
        kind = state.token_at[c]
        if kind == UNOPENED:
            mainland += c in _MAINLAND_SET
        else:
            assert 0 <= kind < 7 and 0 <= state.opener[c] < state.num_players
            opened[kind] += 1
    for v in STARTS:
        assert state.token_at[v] == NO_TOKEN
    assert [a + b for a, b in zip(opened, state.bag.counts, strict=True)] == list(TOKEN_COUNTS)
    assert state.mainland_left == mainland
    holders = [s for s in range(state.num_players) if state.star[s]]
    assert len(holders) == (1 if state.bag.counts[STAR] == 0 else 0), "one star, found or not"
    assert sum(state.shoes) <= TOKEN_COUNTS[HORSESHOE] - state.bag.counts[HORSESHOE]


def invariants(state: State) -> None:
    """Runs before every step of thousands of games. The token accounting only changes when a
    token is opened, so it runs again only when the bag did."""
    assert isinstance(state, AfrikaState)
    key = (id(state.bag), state.bag.size)
    if _last_accounted[0] != key:
        _token_accounting(state)
        _last_accounted[0] = key
    phase = state.phase
    if phase in (ORDER, START):
        return
    current = state.current
    over = phase == OVER
    for s in range(len(state.pos)):
        money = state.money[s]
        assert money >= 0 and money % 100 == 0, "money in £100 notes"
        assert 0 <= state.slave[s] <= 3
        v = state.pos[s]
        assert v >= 0, "everybody is on the map once play begins"
        node = NODES[v]
        step = state.leg_step[s]
        if state.leg_dest[s] >= 0:
            path = state.leg_path[s]
            assert 0 < step < len(path) or (step == 0 and s == current), "between the ports"
            assert step == 0 or path[step - 1] == v
        else:
            assert node.medium != "sea", "only a voyage stands on sea dots"
            assert not state.free[s] and (node.is_place or LAND[v]), f"{node.id}: no place"
        if state.captured[s]:
            assert node.kind == HAZARD, "captured only on a hazard dot"
        if state.stranded[s]:
            assert state.strand_reason[s] in STRAND_REASONS
            assert over or current != s, "a stranded player has no turn"
    if over:
        assert state.winner >= 0 or all(state.stranded)
    else:
        assert state.winner < 0


STRAND_REASONS = ("S1", "S2", "S3", "S4")


def view_invariants(state: State, view: Mapping[str, Any]) -> None:
    """What the spectator sees: closed tokens show nothing but that they are closed, and the
    bag's kinds add up to them."""
    closed = [c for c in view["cities"] if c["token"] == "closed"]
    assert len(closed) == view["unopened"] == sum(view["tokens_left"].values())
    assert all(c["by"] is None for c in closed)
    assert len(view["players"]) == state.num_players


def at_end(state: State) -> None:
    assert isinstance(state, AfrikaState)
    result = state.result()
    assert result is not None
    if result.winners:
        (w,) = result.winners
        assert state.has_item(w), "the winner holds the star or a valid horseshoe"
        assert NODES[state.pos[w]].is_start or state.bag.counts[HORSESHOE] == 0
        assert not state.stranded[w]
    else:
        assert all(state.stranded), "no winner only when everybody is stranded"
    assert result.scores == tuple(float(m) for m in state.money)


HOOKS = GameHooks(
    invariants=invariants,
    view_invariants=view_invariants,
    at_end=at_end,
    make_seats=make_seats,
    max_steps=MAX_STEPS,
    playouts=(
        Playout(2, 550),
        Playout(3, 300),
        Playout(4, 500),
        Playout(5, 250),
        Playout(6, 50, {"sixth_player": True}),
        Playout(3, 80, {"free_passage_2005": True}),
        Playout(4, 60, {"free_passage_2005": True, "emerald_value": 600}),
        Playout(3, 60, {"escape_roll_moves": False}),
        Playout(4, 60, {"turn_order": "highest_roll"}),
        Playout(2, 60, {"strand_waits_for_capetown": False}),
        Playout(
            5,
            30,
            {
                "free_passage_2005": True,
                "escape_roll_moves": False,
                "turn_order": "highest_roll",
                "emerald_value": 600,
            },
        ),
        Playout(3, 1, deep=True),
        Playout(2, 1, {"free_passage_2005": True, "turn_order": "highest_roll"}, deep=True),
    ),
)
