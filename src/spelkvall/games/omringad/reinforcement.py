"""The reinforcement phase (§B12): in turn order from the initiative holder, each player places
the units bought this round in castles and villages it controls (a siege limits how many), and
merges two damaged units of a type into a sound one. Units left unplaced go back to the pool
unless an option lets them wait. And the siege that limits the placing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spelkvall.core import Action, Event

from . import combat
from . import units as U
from .actions import DONE, MERGES, PLACES, Done, Merge, Place
from .board import CASTLE, DRAGON, LAKE, REGULAR, UNIT_INDEX, VILLAGE
from .phases import INCOME, REINFORCEMENT

if TYPE_CHECKING:
    from .rules import OmringadState


def start(state: OmringadState, events: list[Event]) -> None:
    """Open the phase with the initiative holder."""
    state.phase = REINFORCEMENT
    state.current = state.holder
    state.placed = {}
    state.passed = [False] * state.n
    events.append(("phase", REINFORCEMENT))


def advance(state: OmringadState, events: list[Event]) -> bool:
    """Skip players with nothing to do; ``True`` when the phase is over."""
    while True:
        p = state.current
        if not state.passed[p] and legal(state, p):
            return False
        if not state.passed[p]:
            _finish(state, p, events)
        if all(state.passed):
            state.phase = INCOME
            return True
        state.current = state.after(p)
        state.placed = {}


def _finish(state: OmringadState, p: int, events: list[Event]) -> None:
    state.passed[p] = True
    if state.pending[p] and not state.options.unplaced_wait:
        for k in state.pending[p]:
            state.pool[p][k] += 1
        events.append(("unplaced", p, len(state.pending[p])))
        state.pending[p] = []


def legal(state: OmringadState, p: int) -> list[Action]:
    out: list[Action] = []
    kinds = sorted(set(state.pending[p]))
    if kinds:
        for sq, _limit in state.place_sites(p):
            out.extend(PLACES[k, sq] for k in kinds)
    placing = bool(out)
    out.extend(MERGES[k, sq] for k, sq in state.merges(p))
    if out and not placing:
        out.append(DONE)
    return out


def apply(state: OmringadState, action: Action, p: int) -> list[Event]:
    if isinstance(action, Place):
        k = UNIT_INDEX[action.unit]
        state.pending[p].remove(k)
        state.add_units(action.square, [U.make(k, p)])
        state.placed[action.square] = state.placed.get(action.square, 0) + 1
        return [("placed", p, action.unit, action.square)]
    if isinstance(action, Merge):
        k = UNIT_INDEX[action.unit]
        stack = state.stacks[action.square]
        hurt = U.make(k, p, True)
        for _ in range(2):
            for i, u in enumerate(stack):
                if U.settled(u) == hurt:
                    del stack[i]
                    break
        state.add_units(action.square, [U.make(k, p)])
        state.pool[p][k] += 1
        return [("merged", p, action.unit, action.square)]
    assert isinstance(action, Done)
    events: list[Event] = []
    _finish(state, p, events)
    events.append(("ready", p))
    return events


def besieging_squares(state: OmringadState, sq: int, seat: int) -> int:
    """§B12: distinct orthogonal neighbours holding hostile units able to besiege."""
    row = state.hostile[seat]
    count = 0
    dragon = state.options.dragon_besieges
    for nb in state.adj[sq]:
        lake = state.terrain[nb] == LAKE
        for u in state.stacks[nb]:
            if not row[(u >> U.OWNER_SHIFT) & 7]:
                continue
            k = u & U.TYPE
            if k in combat.NO_SIEGE or (k == DRAGON and not dragon):
                continue
            if lake:  # Pirates on a lake do not besiege
                continue
            count += 1
            break
    return count


def siege_limit(state: OmringadState, sq: int, seat: int) -> int:
    """How many bought units may still be placed on ``sq`` this phase (-1: no limit)."""
    besiegers = besieging_squares(state, sq, seat)
    if besiegers == 0:
        return -1
    if besiegers >= 2:
        return 0
    return max(0, 2 - state.placed.get(sq, 0))


def place_sites(state: OmringadState, p: int) -> list[tuple[int, int]]:
    """``(square, limit)`` for every castle or village where ``p`` may place now
    (limit -1: no limit)."""
    out = []
    for sq in range(len(state.terrain)):
        if state.terrain[sq] in (CASTLE, VILLAGE) and state.control[sq] == p:
            if state.hostile_in(sq, p):
                continue
            limit = siege_limit(state, sq, p)
            if limit != 0:
                out.append((sq, limit))
    return out


def merges(state: OmringadState, p: int) -> list[tuple[int, int]]:
    """``(type, square)``: two damaged units of one type in a castle or village of ``p``."""
    out: list[tuple[int, int]] = []
    for sq in range(len(state.terrain)):
        if state.terrain[sq] not in (CASTLE, VILLAGE) or state.control[sq] != p:
            continue
        seen: dict[int, int] = {}
        for u in state.stacks[sq]:
            if u & U.DAMAGED and (u >> U.OWNER_SHIFT) & 7 == p and u & U.TYPE < REGULAR:
                seen[u & U.TYPE] = seen.get(u & U.TYPE, 0) + 1
        out.extend((k, sq) for k, c in sorted(seen.items()) if c >= 2)
    return out
