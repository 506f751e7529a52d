"""The turn order before the first turn (§2): drawn at random, one seat per chance outcome, or
rolled for, highest first, with ties rolling again among themselves. When it is settled the
players choose their start points in that order."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spelkvall.core import Action, Event

from .actions import START_AT
from .board import STARTS
from .phases import START

if TYPE_CHECKING:
    from .rules import AfrikaState


def apply(state: AfrikaState, action: Action) -> list[Event]:
    """Apply one chance outcome of the order phase: a seat drawn, or a seat's roll."""
    events: list[Event] = []
    if state.options.turn_order == "highest_roll":
        value = action.value  # type: ignore[attr-defined]
        seat = state.order_pending.pop(0)
        state.order_rolls[-1].append((seat, value))
        events.append(("order_roll", seat, value))
        if state.order_pending:
            return events
        # The first tied group has rolled: split it by the rolls, highest first.
        group = next(g for g in state.order_groups if len(g) > 1)
        at = state.order_groups.index(group)
        rolled = dict(state.order_rolls[-1])
        values = sorted({rolled[s] for s in group}, reverse=True)
        split = [[s for s in group if rolled[s] == v] for v in values]
        state.order_groups[at : at + 1] = split
        for part, v in zip(split, values, strict=True):
            if len(part) > 1:
                events.append(("order_tie", tuple(part), v))
        tied = next((g for g in state.order_groups if len(g) > 1), None)
        if tied is not None:
            state.order_pending = tied[:]
            state.order_rolls.append([])
            return events
        state.order = [g[0] for g in state.order_groups]
    else:
        seat = action.seat  # type: ignore[attr-defined]
        state.order_pending.remove(seat)
        state.order.append(seat)
        events.append(("order_drawn", seat, len(state.order)))
        if len(state.order_pending) > 1:
            return events
        last = state.order_pending.pop()
        state.order.append(last)
        events.append(("order_drawn", last, len(state.order)))
    state.order_pending = []
    events.append(("order", tuple(state.order)))
    state.phase = START
    state.starting = 0
    state.current = state.order[0]
    state._legal = tuple(START_AT[v] for v in STARTS)
    state._plans = tuple(STARTS)
    return events
