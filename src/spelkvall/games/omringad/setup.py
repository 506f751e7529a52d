"""The set-up before round 1 (§B5): each player lays its terrain tiles face down on its own
country (revealed together), then buys its starting army with ``START_GOLD`` and piles it on
its castle and two villages, the piles differing by at most one. Both steps are simultaneous:
every seat acts until it declares itself ready, and may step back."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from spelkvall.core import Action, Event

from . import units as U
from .actions import BACK, DONE, RECRUITS, TILE_ACTIONS, Back, PlaceTile, Recruit
from .board import BARE, CASTLE, COST, REGULAR, TERRAIN_INDEX, TILE_KINDS, UNIT_INDEX, VILLAGE
from .phases import BACK_BUDGET, SETUP

if TYPE_CHECKING:
    from .rules import OmringadState


START_GOLD = 25
"""What each player spends on its starting army (§B5)."""


def legal_terrain(state: OmringadState, p: int) -> Sequence[Action]:
    """Where ``p`` may lay a tile of each kind it has left, or ``Done``; ``Back`` to undo."""
    tiles = state.tiles[p]
    out: list[Action] = []
    if any(tiles):
        free = [sq for sq in state.country(p) if state.terrain[sq] == BARE]
        for kind in TILE_KINDS:
            if tiles[kind]:
                out.extend(TILE_ACTIONS[kind, sq] for sq in free)
    else:
        out.append(DONE)
    if state.steps[p] and state.backs[p] > 0:
        out.append(BACK)
    return out


def apply_terrain(state: OmringadState, action: Action, p: int) -> list[Event]:
    if isinstance(action, PlaceTile):
        kind = TERRAIN_INDEX[action.tile]
        state.terrain[action.square] = kind
        state.tiles[p][kind] -= 1
        state.steps[p].append(action.square)
        return [("tile", p, action.tile, action.square)]
    if isinstance(action, Back):
        sq = state.steps[p].pop()
        state.tiles[p][state.terrain[sq]] += 1
        state.terrain[sq] = BARE
        state.backs[p] -= 1
        return [("back", p)]
    state.ready[p] = True
    return [("ready", p)]


def settlement_list(state: OmringadState) -> list[int]:
    """Every castle and village on the board, in square order."""
    return [sq for sq in range(len(state.terrain)) if state.terrain[sq] in (CASTLE, VILLAGE)]


def start(state: OmringadState) -> None:
    """The terrain is revealed: everybody buys a starting army now."""
    state.phase = SETUP
    state.ready = [False] * state.n
    state.steps = [[] for _ in range(state.n)]
    state.backs = [BACK_BUDGET] * state.n
    state.spent = [0] * state.n


def legal(state: OmringadState, p: int) -> Sequence[Action]:
    # The three piles differ by at most one (DECISION O4): a unit goes on a smallest pile.
    sites = state.setup_sites(p)
    sizes = [len(state.stacks[sq]) for sq in sites]
    low = min(sizes)
    left = START_GOLD - state.spent[p]
    pool = state.pool[p]
    out: list[Action] = [
        RECRUITS[k, sq]
        for k in range(REGULAR)
        if pool[k] and COST[k] <= left
        for sq, size in zip(sites, sizes, strict=True)
        if size == low
    ]
    out.append(DONE)
    if state.steps[p] and state.backs[p] > 0:
        out.append(BACK)
    return out


def apply(state: OmringadState, action: Action, p: int) -> list[Event]:
    if isinstance(action, Recruit):
        k = UNIT_INDEX[action.unit]
        state.pool[p][k] -= 1
        state.spent[p] += COST[k]
        state.add_units(action.square, [U.make(k, p)])
        state.steps[p].append(action.square * 16 + k)
        return [("recruit", p, action.unit, action.square)]
    if isinstance(action, Back):
        sq, k = divmod(state.steps[p].pop(), 16)
        stack = state.stacks[sq]
        u = U.make(k, p)
        del stack[len(stack) - 1 - stack[::-1].index(u)]
        state.pool[p][k] += 1
        state.spent[p] -= COST[k]
        state.backs[p] -= 1
        return [("back", p)]
    state.ready[p] = True
    return [("ready", p)]
