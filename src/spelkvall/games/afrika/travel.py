"""Travel (§3–§4): the actions a turn offers where a player stands, walking a rolled number of
steps, sailing a leg (a ticket rolled for, or a free passage of two steps a turn), flying, and
the arrival effects in the spec's order (§3.5)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spelkvall.core import Action, Event

from .actions import BUY, DECLINE, FLY, GO, PASS, SAIL, SAIL_FREE, TRY_TOKEN, WALK
from .board import AIR, CAPETOWN, HAZARD, LAND, LAND_MOVES, LEGS, NODES, NUM_PLACES
from .money import CAPETOWN_BONUS, FARE, PRICE
from .phases import BUY_PHASE, FOR_SEA, ROLL, STEP, UNOPENED

if TYPE_CHECKING:
    from .rules import AfrikaState

FREE_STEPS = 2
"""How far a free passage (the 2005 rule) sails in a turn."""

_IS_HAZARD = tuple(n.kind == HAZARD for n in NODES)
_IS_PLACE = tuple(n.is_place for n in NODES)
_IS_START = tuple(n.is_start for n in NODES)
_PORT = tuple(n.port for n in NODES)
_AIRPORT = tuple(n.airport for n in NODES)


def _step_table() -> tuple[tuple[tuple[tuple[Action, ...], tuple[Any, ...]], ...], ...]:
    """Per node and roll, the legal ``Go`` actions and their plans (destination, route)."""
    table = []
    for v in range(len(LAND_MOVES)):
        per_roll = []
        for moves in LAND_MOVES[v]:
            legal: list[Action] = []
            plans: list[tuple[int, tuple[int, ...]]] = []
            for dest, routes in moves:
                for k, route in enumerate(routes):
                    legal.append(GO[dest, k])
                    plans.append((dest, route))
            per_roll.append((tuple(legal), tuple(plans)))
        table.append(tuple(per_roll))
    return tuple(table)


_STEPS = _step_table()


def plan_turn(state: AfrikaState) -> None:
    """The legal actions of a turn's one action where the current player stands."""
    p = state.current
    v = state.pos[p]
    legal: list[Action] = []
    plans: list[tuple[str, int]] = []
    if LAND[v]:
        legal.append(WALK)
        plans.append(("walk", 0))
    if _IS_PLACE[v]:
        money = state.money[p]
        if _PORT[v]:
            if money >= PRICE:
                for dest, _ in LEGS[v]:
                    legal.append(SAIL[dest])  # type: ignore[arg-type]
                    plans.append(("sail", dest))
            elif state.options.free_passage_2005:
                for dest, _ in LEGS[v]:
                    legal.append(SAIL_FREE[dest])  # type: ignore[arg-type]
                    plans.append(("sail_free", dest))
        if _AIRPORT[v] and money >= FARE:
            for dest in AIR[v]:
                legal.append(FLY[dest])  # type: ignore[arg-type]
                plans.append(("fly", dest))
        if state.token_at[v] == UNOPENED:
            legal.append(TRY_TOKEN)
            plans.append(("try_token", 0))
            if money >= PRICE:
                legal.append(BUY)
                plans.append(("buy", 0))
    if not legal:
        legal.append(PASS)
        plans.append(("pass", 0))
    state._legal = tuple(legal)
    state._plans = tuple(plans)


def plan_step(state: AfrikaState) -> None:
    """After the roll for a walk: the destinations it reaches become the legal actions."""
    state.phase = STEP
    state._legal, state._plans = _STEPS[state.pos[state.current]][state.die]


def walk(
    state: AfrikaState, p: int, dest: int, route: tuple[int, ...], events: list[Event]
) -> None:
    """``p`` walks ``route`` to ``dest`` and arrives there."""
    src = state.pos[p]
    state.pos[p] = dest
    ids = tuple(NODES[v].id for v in route)
    events.append(("walked", p, NODES[src].id, NODES[dest].id, ids))
    arrive(state, p, dest, events)


def embark(state: AfrikaState, p: int, dest: int, free: bool, events: list[Event]) -> None:
    """``p`` boards a ship for ``dest``: a ticket is paid and rolled for, a free passage (the
    2005 rule) sails its two steps at once."""
    v = state.pos[p]
    fare = 0 if free else PRICE
    state.money[p] -= fare
    state.leg_dest[p] = dest
    state.leg_path[p] = next(path for d, path in LEGS[v] if d == dest)
    state.leg_step[p] = 0
    state.free[p] = free
    events.append(("boarded", p, NODES[v].id, NODES[dest].id, fare))
    if not free:
        state.phase = ROLL
        state.purpose = FOR_SEA
        return
    sail(state, p, FREE_STEPS, events)


def fly(state: AfrikaState, p: int, dest: int, events: list[Event]) -> None:
    """``p`` pays the fare, flies to ``dest`` and arrives there."""
    src = state.pos[p]
    state.money[p] -= FARE
    state.pos[p] = dest
    events.append(("flew", p, NODES[src].id, NODES[dest].id))
    arrive(state, p, dest, events)


def sail(state: AfrikaState, p: int, steps: int, events: list[Event]) -> None:
    """``p`` sails ``steps`` further along the leg: lands at its end, or ends the turn at sea
    (captured by pirates on a hazard)."""
    path = state.leg_path[p]
    k = min(state.leg_step[p] + steps, len(path))
    state.leg_step[p] = k
    v = path[k - 1]
    state.pos[p] = v
    if k == len(path):
        state.leg_dest[p] = -1
        state.leg_path[p] = ()
        state.leg_step[p] = 0
        state.free[p] = False
        events.append(("landed", p, NODES[v].id))
        arrive(state, p, v, events)
        return
    events.append(("sailed", p, NODES[v].id, NODES[path[-1]].id, len(path) - k))
    if _IS_HAZARD[v]:
        state.captured[p] = True
        events.append(("captured", p, "pirates"))
    state._end_turn(events)


def arrive(state: AfrikaState, p: int, v: int, events: list[Event]) -> None:
    """Arrival effects in the spec's order (§3.5), then the buy decision or the turn end."""
    if _IS_HAZARD[v]:
        state.captured[p] = True
        events.append(("captured", p, "bedouins" if NODES[v].medium == "land" else "pirates"))
        state._end_turn(events)
        return
    if v == CAPETOWN and not state.bonus_claimed:
        state.bonus_claimed = True
        state.money[p] += CAPETOWN_BONUS
        events.append(("bonus", p, CAPETOWN_BONUS))
    if _IS_START[v] and (state.star[p] or state.shoes[p] > 0):
        events.append(("won", p, NODES[v].id, "star" if state.star[p] else "horseshoe"))
        state._finish(p)
        return
    if v < NUM_PLACES and state.token_at[v] == UNOPENED and state.money[p] >= PRICE:
        state.phase = BUY_PHASE
        state._legal = (BUY, DECLINE)
        state._plans = (None, None)
        return
    state._end_turn(events)
