"""The purchase (§B8): everybody at once buys regular units from their pool with this round's
gold; they wait, unplaced, for the reinforcement phase. Unspent gold is lost."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from spelkvall.core import Action, Event

from .actions import BACK, BUYS, DONE, Back, Buy
from .board import COST, REGULAR, UNIT_INDEX
from .phases import BACK_BUDGET, PURCHASE

if TYPE_CHECKING:
    from .rules import OmringadState


def start(state: OmringadState, events: list[Event]) -> None:
    """Open the purchase; a seat that can afford nothing is ready at once."""
    state.phase = PURCHASE
    state.spent = [0] * state.n
    state.steps = [[] for _ in range(state.n)]
    state.backs = [BACK_BUDGET] * state.n
    state.ready = [not _can_buy(state, p) for p in range(state.n)]
    events.append(("phase", PURCHASE))


def _can_buy(state: OmringadState, p: int) -> bool:
    left = state.gold[p] - state.spent[p]
    pool = state.pool[p]
    return any(pool[k] and COST[k] <= left for k in range(REGULAR))


def legal(state: OmringadState, p: int) -> Sequence[Action]:
    left = state.gold[p] - state.spent[p]
    pool = state.pool[p]
    out: list[Action] = [BUYS[k] for k in range(REGULAR) if pool[k] and COST[k] <= left]
    out.append(DONE)
    if state.steps[p] and state.backs[p] > 0:
        out.append(BACK)
    return out


def apply(state: OmringadState, action: Action, p: int) -> list[Event]:
    if isinstance(action, Buy):
        k = UNIT_INDEX[action.unit]
        state.pool[p][k] -= 1
        state.spent[p] += COST[k]
        state.pending[p].append(k)
        state.steps[p].append(k)
        return [("bought", p, action.unit)]
    if isinstance(action, Back):
        k = state.steps[p].pop()
        state.pending[p].remove(k)
        state.pool[p][k] += 1
        state.spent[p] -= COST[k]
        state.backs[p] -= 1
        return [("back", p)]
    state.ready[p] = True
    return [("ready", p)]
