"""What a seat may see of an Omringad position (§B15), as JSON.

Secret until revealed: the other players' terrain tiles during the set-up, their set-up piles
until everyone is ready, their pools and purchases, a sealed bid, the units a group takes. On
the board a seat sees all of its own units but only the top unit and the height of another
player's stack (every unit of a square while its battle is fought, every unit when the
``open_stacks`` option is on or the game is over). Each unit's movement marks (moved this
round, the square it came from, the number of the move) are public, since everybody watched
the moves. Gold, points, control and the cup are public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import combat
from . import units as U
from .board import CASTLE, COST, DRAGON, LAKE, REGULAR, TERRAIN_NAMES, UNIT_NAMES, VILLAGE
from .movement import reach
from .phases import (
    AU_SEALED,
    AUCTION,
    BT_STAGE_NAMES,
    COMBAT,
    MOVEMENT,
    OVER,
    PHASE_NAMES,
    PURCHASE,
    REINFORCEMENT,
    SETUP,
    TERRAIN,
)

if TYPE_CHECKING:
    from .rules import OmringadState


def besieges(state: OmringadState, sq: int, party: int) -> bool:
    """Whether ``party``'s units on ``sq`` besiege the settlements next to it (public, §B12)."""
    if state.terrain[sq] == LAKE:
        return False
    for u in state.stacks[sq]:
        if (u >> U.OWNER_SHIFT) & 7 != party:
            continue
        k = u & U.TYPE
        if k in combat.NO_SIEGE:
            continue
        if k == DRAGON and not state.options.dragon_besieges:
            continue
        return True
    return False


def stacks_seen(state: OmringadState, viewer: int | None, sq: int) -> list[dict[str, Any]]:
    """Each party's stack on ``sq``, bottom first; hidden units as ``[null, null, …]``."""
    stack = state.stacks[sq]
    if not stack:
        return []
    hidden_setup = state.phase == SETUP
    reveal = (
        state.options.open_stacks
        or state.phase == OVER
        or (state.phase == COMBAT and sq == state.bt_sq)
    )
    order: list[int] = []
    for u in stack:
        o = (u >> U.OWNER_SHIFT) & 7
        if o not in order:
            order.append(o)
    out = []
    for o in order:
        if hidden_setup and o != viewer:
            continue
        mine = [u for u in stack if (u >> U.OWNER_SHIFT) & 7 == o]
        see_all = reveal or o == viewer or o == U.NEUTRAL
        units = []
        last = len(mine) - 1
        for i, u in enumerate(mine):
            src = U.came_from(u)
            marks = [bool(u & U.MOVED), src if src >= 0 else None, u >> U.STAMP_SHIFT]
            if see_all or i == last:
                units.append([UNIT_NAMES[u & U.TYPE], bool(u & U.DAMAGED), *marks])
            else:
                units.append([None, None, *marks])
        out.append(
            {
                "seat": combat.seat_of(o),
                "units": units,
                "height": len(mine),
                "besieges": besieges(state, sq, o),
            }
        )
    return out


def _specials_on_board(state: OmringadState) -> list[list[str]]:
    owned: list[list[str]] = [[] for _ in range(state.n)]
    for stack in state.stacks:
        for u in stack:
            k = u & U.TYPE
            o = (u >> U.OWNER_SHIFT) & 7
            if k >= REGULAR and o != U.NEUTRAL:
                owned[o].append(UNIT_NAMES[k])
    return [sorted(s) for s in owned]


def view(state: OmringadState, player: int | None) -> dict[str, Any]:
    n = state.n
    phase = state.phase
    me = player if player is not None and 0 <= player < n else None
    terrain: list[str | None] = []
    for sq, kind in enumerate(state.terrain):
        if phase == TERRAIN and sq // 25 != me:
            terrain.append(None)
        else:
            terrain.append(TERRAIN_NAMES[kind])
    simultaneous = phase in (TERRAIN, SETUP, PURCHASE) or (
        phase == AUCTION and state.au_stage == AU_SEALED
    )
    to_act = state.players_to_act()
    out: dict[str, Any] = {
        "you": me,
        "players": n,
        "map": "sphere" if n == 2 else "torus",
        "order": list(state.order),
        "teams": [list(t) for t in state.teams] if state.teams else None,
        "target": state.options.target,
        "phase": PHASE_NAMES[phase],
        "round": state.round,
        "holder": state.holder if state.holder >= 0 else None,
        "to_act": list(to_act),
        "turn": to_act[0] if len(to_act) == 1 and not simultaneous else None,
        "ready": list(state.ready) if simultaneous else None,
        "terrain": terrain,
        "control": list(state.control),
        "stacks": [stacks_seen(state, me, sq) for sq in range(len(state.stacks))],
        "gold": list(state.gold),
        "points": list(state.points),
        "held": [state.squares_held(p) for p in range(n)],
        "cup": sorted(UNIT_NAMES[REGULAR + k] for k in range(8) if state.cup.counts[k]),
        "specials": _specials_on_board(state),
        "bought": [
            None if phase in (SETUP, PURCHASE) and p != me else len(state.pending[p])
            for p in range(n)
        ],
        "init_rolls": _initiative(state),
        "auction": _auction(state, me),
        "move": _move(state, me),
        "battle": _battle(state),
        "queue": list(state.queue),
        "settlements": _settlements(state),
        "winners": list(state.winners_) if phase == OVER else None,
    }
    if me is not None:
        out["pool"] = {UNIT_NAMES[k]: state.pool[me][k] for k in range(REGULAR)}
        out["pending"] = [UNIT_NAMES[k] for k in state.pending[me]]
        out["costs"] = {UNIT_NAMES[k]: COST[k] for k in range(REGULAR)}
        out["spent"] = state.spent[me] if phase in (SETUP, PURCHASE) else 0
        out["tiles"] = (
            {TERRAIN_NAMES[k]: state.tiles[me][k] for k in range(6) if state.tiles[me][k]}
            if phase == TERRAIN
            else {}
        )
        out["backs"] = state.backs[me]
    else:
        out["pool"] = None
        out["pending"] = None
    return out


def _initiative(state: OmringadState) -> dict[str, Any] | None:
    if not state.contenders:
        return None
    return {"contenders": list(state.contenders), "rolls": list(state.init_rolls)}


def _auction(state: OmringadState, me: int | None) -> dict[str, Any] | None:
    if state.phase != AUCTION or state.au_special < 0:
        return None
    out: dict[str, Any] = {
        "special": UNIT_NAMES[state.au_special],
        "stage": ("draw", "bid", "sealed", "place")[state.au_stage],
        "price": state.au_price,
        "leader": state.au_leader if state.au_leader >= 0 else None,
        "active": list(state.au_active),
    }
    if state.au_stage == AU_SEALED:
        out["has_bid"] = list(state.ready)
        out["your_bid"] = state.au_bids[me] if me is not None and state.ready[me] else None
    return out


def _move(state: OmringadState, me: int | None) -> dict[str, Any] | None:
    if state.phase != MOVEMENT or state.mv_src < 0:
        return None
    out: dict[str, Any] = {
        "seat": state.current,
        "from": state.mv_src,
        "path": list(state.mv_path),
        "units": None,
    }
    if me == state.current:
        stack = state.stacks[state.mv_src]
        group = [stack[i] for i in state.mv_sel]
        out["units"] = [[UNIT_NAMES[u & U.TYPE], bool(u & U.DAMAGED)] for u in group]
        out["reach"] = reach(state, group, state.mv_src)
    return out


def _battle(state: OmringadState) -> dict[str, Any] | None:
    if state.phase != COMBAT or state.bt_sq < 0:
        return None
    hit = state.bt_hits[0] if state.bt_hits else -1
    return {
        "square": state.bt_sq,
        "defender": combat.seat_of(state.bt_defender),
        "step": "ranged" if state.bt_step == 0 else "melee",
        "stage": BT_STAGE_NAMES[state.bt_stage] if state.bt_stage >= 0 else None,
        "dice": [[combat.seat_of(p), UNIT_NAMES[k], v, h] for p, k, v, h in state.bt_last],
        "rolls_left": len(state.bt_rollers) - len(state.bt_dice) if state.bt_stage == 2 else 0,
        "hits_left": len(state.bt_hits),
        "shooter": combat.seat_of(hit & 7) if hit >= 0 else None,
        "sharpshooter": bool(hit & 8) if hit >= 0 else False,
        "target": combat.seat_of(state.bt_target) if state.bt_target >= 0 else None,
    }


def _settlements(state: OmringadState) -> list[dict[str, Any]]:
    """Every castle and village with its controller, the besieging squares next to it and how
    many bought units may still go there this phase (-1: no limit)."""
    if state.phase in (TERRAIN, SETUP):
        return []
    out = []
    for sq, kind in enumerate(state.terrain):
        if kind not in (CASTLE, VILLAGE):
            continue
        owner = state.control[sq]
        besiegers = state.besieging_squares(sq, owner)
        limit = -1 if besiegers == 0 else 0 if besiegers >= 2 else 2
        if state.phase == REINFORCEMENT and owner == state.current:
            limit = state.siege_limit(sq, owner)
        out.append({"square": sq, "seat": owner, "besiegers": besiegers, "limit": limit})
    return out
