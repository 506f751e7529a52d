"""Opening a city's token (§5): buying the right to open it, and what the token drawn from the
bag does to its opener (a gem pays, doubled on the Gold Coast; a robber takes all the money; a
blank on the Slave Coast costs turns; a horseshoe counts only once the star is out; the star
may win at once)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spelkvall.core import Event

from .actions import REVEALS
from .board import CITIES, GOLD_COAST, ISLAND_CITIES, NODES, SLAVE_COAST
from .money import PRICE
from .phases import DRAW
from .tokens import BLANK, HORSESHOE, ROBBER, STAR, gem_value

if TYPE_CHECKING:
    from .rules import AfrikaState

SLAVE_TURNS = 3
REVEAL_NAMES = tuple(r.token for r in REVEALS)
MAINLAND_CITIES = tuple(v for v in CITIES if v not in ISLAND_CITIES)
MAINLAND_SET = frozenset(MAINLAND_CITIES)
"""The cities whose opening counts towards S3 (§7): those not on an island."""


def buy(state: AfrikaState, p: int, events: list[Event]) -> list[Event]:
    """Pay for the token where ``p`` stands; its opening is the next chance node."""
    v = state.pos[p]
    state.money[p] -= PRICE
    events.append(("bought", p, NODES[v].id))
    state.drawing = v
    state.phase = DRAW
    return events


def reveal(state: AfrikaState, kind: int) -> list[Event]:
    """The token being opened turns out to be ``kind``: its effects, then the turn's end."""
    p = state.current
    v = state.drawing
    star_was_found = state.bag.counts[STAR] == 0
    state.bag.remove(kind)
    state.token_at[v] = kind
    state.opener[v] = p
    state.drawing = -1
    if v in MAINLAND_SET:
        state.mainland_left -= 1
    events: list[Event] = [("revealed", p, NODES[v].id, REVEAL_NAMES[kind])]
    if kind == BLANK:
        if v == SLAVE_COAST:
            state.slave[p] = SLAVE_TURNS
            events.append(("enslaved", p, SLAVE_TURNS))
    elif kind == HORSESHOE:
        if star_was_found:
            state.shoes[p] += 1
        events.append(("horseshoe", p, star_was_found))
    elif kind == ROBBER:
        events.append(("robbed", p, state.money[p]))
        state.money[p] = 0
    elif kind == STAR:
        state.star[p] = True
        events.append(("star", p))
        # Every horseshoe opened before the star: nobody else can ever win, so the finder
        # wins at once, unless stranded where the star was found (§5, §8).
        if state.bag.counts[HORSESHOE] == 0 and not state.strand_condition(p):
            events.append(("instant_win", p))
            state._finish(p)
            return events
    else:
        amount = gem_value(kind, state.options.emerald_value)
        if v == GOLD_COAST:
            amount *= 2
        state.money[p] += amount
        events.append(("gem", p, REVEAL_NAMES[kind], amount, v == GOLD_COAST))
    if state._strand_check(events):
        return events
    state._end_turn(events)
    return events
