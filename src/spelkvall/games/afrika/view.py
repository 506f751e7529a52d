"""What a seat sees of a position: everything except what nobody knows (the tokens still face
down). A token's content is drawn only when it is opened, so a view cannot carry a layout: no
such thing exists. The unopened tokens are shown as what is left in the bag, by kind."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .board import CITIES, LEGS, NODES, STARTS
from .phases import FOR_MOVE, NO_TOKEN, ORDER, OVER, PHASE_NAMES, PURPOSES, ROLL, STEP, UNOPENED
from .tokens import TOKEN_COUNTS, TOKEN_NAMES, gem_value

if TYPE_CHECKING:
    from .rules import AfrikaState


def view(state: AfrikaState, player: int | None) -> dict[str, Any]:
    """The view JSON of ``state`` for ``player`` (``None``: a spectator)."""
    players = []
    for s, seat in enumerate(state.seats):
        v = state.pos[s]
        found = [
            {"place": NODES[c].id, "token": TOKEN_NAMES[state.token_at[c]]}
            for c in CITIES
            if state.opener[c] == s
        ]
        sea = None
        if state.leg_dest[s] >= 0:
            path = state.leg_path[s]
            sea = {
                "to": NODES[state.leg_dest[s]].id,
                "steps": len(path),
                "done": state.leg_step[s],
                "free": state.free[s],
                "path": [NODES[u].id for u in path],
            }
        players.append(
            {
                "seat": s,
                "name": seat.name,
                "colour": seat.colour,
                "bot": seat.bot,
                "at": None if v < 0 else NODES[v].id,
                "money": state.money[s],
                "at_sea": sea,
                "captured": state.captured[s],
                "slave_turns": state.slave[s],
                "star": state.star[s],
                "horseshoes": state.shoes[s],
                "stranded": state.stranded[s],
                "strand_reason": state.strand_reason[s] or None,
                "found": found,
            }
        )
    cities = []
    for c in (*STARTS, *CITIES):
        kind = state.token_at[c]
        cities.append(
            {
                "place": NODES[c].id,
                "token": None
                if kind == NO_TOKEN
                else ("closed" if kind == UNOPENED else TOKEN_NAMES[kind]),
                "by": None if state.opener[c] < 0 else state.opener[c],
            }
        )
    phase = state.phase
    moves: list[dict[str, Any]] = []
    if phase == STEP:
        for dest, routes in state.destinations():
            for k, route in enumerate(routes):
                moves.append(
                    {
                        "action": {"type": "go", "to": NODES[dest].id, "route": k},
                        "to": NODES[dest].id,
                        "route": k,
                        "path": [NODES[u].id for u in route],
                        "stop": len(route) < state.die,
                    }
                )
    choices: dict[str, list[str]] = {"sail": [], "sail_free": [], "fly": []}
    if phase not in (ORDER, OVER) and state.players_to_act():
        for action in state.legal_actions(state.current):
            if action.kind in choices:
                choices[action.kind].append(action.to)  # type: ignore[attr-defined]
    current = None if phase in (ORDER, OVER) else state.current
    legs = []
    if current is not None and state.pos[current] >= 0:
        legs = [
            {"to": NODES[d].id, "path": [NODES[u].id for u in path]}
            for d, path in LEGS[state.pos[current]]
        ]
    result = state.result()
    bag = state.bag.counts
    return {
        "game": "afrika",
        "phase": PHASE_NAMES[phase],
        "current": current,
        "turns": state.turns,
        "order": list(state.order),
        "order_rolls": [[{"seat": s, "value": v} for s, v in r] for r in state.order_rolls],
        "order_waiting": list(state.order_pending) if phase == ORDER else [],
        "players": players,
        "cities": cities,
        "tokens_left": {name: bag[k] for k, name in enumerate(TOKEN_NAMES)},
        "tokens_total": {name: TOKEN_COUNTS[k] for k, name in enumerate(TOKEN_NAMES)},
        "gem_values": {
            name: gem_value(k, state.options.emerald_value)
            for k, name in enumerate(TOKEN_NAMES)
            if gem_value(k, state.options.emerald_value)
        },
        "unopened": state.bag.size,
        "star_found": state.star_found,
        "horseshoes_opened": state.horseshoes_opened,
        "capetown_bonus": "claimed" if state.bonus_claimed else "waiting",
        "die": state.die or None,
        "rolling_for": PURPOSES[state.purpose] if phase == ROLL else None,
        "walking": phase == STEP or (phase == ROLL and state.purpose == FOR_MOVE),
        "moves": moves,
        "sail_to": choices["sail"],
        "sail_free_to": choices["sail_free"],
        "fly_to": choices["fly"],
        "sea_legs": legs,
        "winner": None if state.winner < 0 else state.winner,
        "result": None if result is None else result.to_json(),
        "you": player,
    }
