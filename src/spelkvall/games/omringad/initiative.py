"""The start of a round and the initiative (§B6.1): the marker passes to the next seat
clockwise each round; in round 1 everyone rolls for it (a chance node per roll), the highest
takes it and ties roll again. The auction follows."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spelkvall.core import Event

from . import auction
from .phases import INITIATIVE

if TYPE_CHECKING:
    from .rules import OmringadState


def start_round(state: OmringadState, events: list[Event]) -> None:
    """A new round: the initiative passes on clockwise (round 1: it is rolled for)."""
    state.round += 1
    events.append(("round", state.round))
    if state.round == 1:
        # §B6.1: in round 1 everyone rolls; the highest takes the initiative marker.
        state.phase = INITIATIVE
        state.contenders = list(state.order)
        state.init_rolls = []
        return
    state.holder = state.after(state.holder)
    events.append(("initiative", state.holder))
    auction.start(state, events)


def roll(state: OmringadState, value: int) -> list[Event]:
    """The next contender's roll for the initiative; the highest alone takes it, ties roll
    again among themselves."""
    seat = state.contenders[len(state.init_rolls)]
    state.init_rolls.append(value)
    events: list[Event] = [("init_roll", seat, value)]
    if len(state.init_rolls) < len(state.contenders):
        return events
    best = max(state.init_rolls)
    top = [s for s, v in zip(state.contenders, state.init_rolls, strict=True) if v == best]
    if len(top) > 1:
        state.contenders = top
        state.init_rolls = []
        events.append(("init_tie", tuple(top)))
        return events
    state.holder = top[0]
    events.append(("initiative", state.holder))
    state.contenders = []
    state.init_rolls = []
    auction.start(state, events)
    return events
