# mypy: ignore-errors
# ruff: noqa: SIM109
# (the loops and comparisons are written the way Numba compiles them: no generators)
"""Omringad's kernel (``_kernel``): who acts, what is legal (in the engine's order), applying a
seat's action and drawing and applying a chance event."""

from __future__ import annotations

import numpy as np
from numba import njit

from spelkvall.core import kernel_random
from spelkvall.core.kernel_random import draw_kept
from spelkvall.core.kernels import depends_on

from . import _kernel_combat, _kernel_layout, _kernel_movement, _kernel_rules
from ._kernel_combat import (
    SETUP_ROLLS,
    _battle_flow,
    _begin,
    _continue_hits,
    _diplomat_owner,
    _hit,
    _hit_kinds,
    _hit_targets,
    _roll,
    _use_diplomat,
)
from ._kernel_layout import (
    _COST,
    _TILE_KINDS,
    A_ASSIGN,
    A_BACK,
    A_BATTLE,
    A_BID,
    A_BUY,
    A_CONFIRM,
    A_DIE,
    A_DIPLO,
    A_DONE,
    A_DRAW,
    A_DROP,
    A_DTARGET,
    A_MERGE,
    A_PASS,
    A_PLACE,
    A_PLACE_SPECIAL,
    A_RECRUIT,
    A_SEALED,
    A_SELECT,
    A_STEP,
    A_TAKE,
    A_TARGET,
    A_TILE,
    AU_ACTIVE,
    AU_BID,
    AU_BIDS,
    AU_DRAW,
    AU_LEADER,
    AU_PLACE,
    AU_PRICE,
    AU_SEALED,
    AU_SPECIAL,
    AU_STAGE,
    AUCTION,
    BACKS,
    BARE,
    BASE_MASK,
    BT_ASSIGN,
    BT_CHOOSE,
    BT_DIPLOMAT,
    BT_DRAGON,
    BT_HITS,
    BT_ROLL,
    BT_SQ,
    BT_STAGE,
    BT_TARGET,
    BT_TARGET_SEAT,
    CASTLE,
    COMBAT,
    CUP,
    CUR,
    DAMAGED,
    DRAGON,
    GOLD,
    HGT,
    HITS0,
    HOLDER,
    HORSES,
    INITIATIVE,
    MAXH,
    MAXSQ,
    MAXSTEPS,
    MOVEMENT,
    MV_PATH,
    MV_SEL,
    MV_SRC,
    NEUTRAL,
    NPATH,
    NQ,
    NSEL,
    NSTEPS,
    OWNER_SHIFT,
    PASSED,
    PEND,
    PHASE,
    PLACEDO,
    POOLS,
    PURCHASE,
    QUEUE,
    READY,
    REGULAR,
    REINFORCEMENT,
    SETUP,
    SPENT,
    START_GOLD,
    STEPS,
    TERR,
    TERRAIN,
    TILESO,
    TYPE,
    VILLAGE,
    N,
    _after,
    _all,
    _delete,
    _push,
    _special_squares,
)
from ._kernel_movement import (
    _chosen,
    _confirm,
    _group,
    _movable,
    _next_squares,
    _select_squares,
    _take_kinds,
)
from ._kernel_rules import (
    _auto_drop,
    _drawn,
    _finish_reinforce,
    _initiative_roll,
    _legal_reinforce,
    _sealed_result,
    _start_purchase,
    advance,
)

depends_on(__file__, _kernel_layout, _kernel_movement, _kernel_combat, _kernel_rules, kernel_random)


# --- who acts, what is legal -----------------------------------------------------------------


@njit(cache=True)
def is_chance(st):
    phase = st[PHASE]
    if phase == INITIATIVE:
        return True
    if phase == AUCTION:
        return st[AU_STAGE] == AU_DRAW
    if phase == COMBAT:
        return st[BT_SQ] >= 0 and (st[BT_STAGE] == BT_ROLL or st[BT_STAGE] == BT_DRAGON)
    return False


@njit(cache=True)
def to_act(st, stk, out):
    """The players to act (``players_to_act``); the count."""
    phase = st[PHASE]
    n = st[N]
    c = 0
    if (
        phase == TERRAIN
        or phase == SETUP
        or phase == PURCHASE
        or (phase == AUCTION and st[AU_STAGE] == AU_SEALED)
    ):
        for p in range(n):
            if st[READY + p] == 0:
                out[c] = p
                c += 1
        return c
    if phase == MOVEMENT or phase == REINFORCEMENT:
        out[0] = st[CUR]
        return 1
    if phase == AUCTION and (st[AU_STAGE] == AU_BID or st[AU_STAGE] == AU_PLACE):
        out[0] = st[CUR]
        return 1
    if phase == COMBAT:
        stage = st[BT_STAGE]
        if st[BT_SQ] < 0:
            if stage == BT_CHOOSE:
                out[0] = st[HOLDER]
                return 1
            return 0
        if stage == BT_DIPLOMAT:
            out[0] = _diplomat_owner(st, stk)
            return 1
        if stage == BT_TARGET:
            out[0] = st[BT_HITS + st[HITS0]] & 7
            return 1
        if stage == BT_ASSIGN:
            hit = st[BT_HITS + st[HITS0]]
            out[0] = (hit & 7) if (hit & 8) else st[BT_TARGET_SEAT]
            return 1
    return 0


@njit(cache=True)
def _setup_sites(st, p, out):
    c = 0
    for sq in range(25 * p, 25 * p + 25):
        if st[TERR + sq] == CASTLE:
            out[c] = sq
            c += 1
    for sq in range(25 * p, 25 * p + 25):
        if st[TERR + sq] == VILLAGE:
            out[c] = sq
            c += 1
    return c


@njit(cache=True)
def legal(st, stk, p, out):
    """The legal actions of ``p`` in the engine's order; the count."""
    phase = st[PHASE]
    c = 0
    if phase == MOVEMENT:
        if st[MV_SRC] < 0:
            work = np.empty(MAXH, np.int64)
            nbuf = np.empty(16, np.int64)
            c = _select_squares(st, stk, p, out, work, nbuf)
            for j in range(c):
                out[j] = (A_SELECT << 16) | out[j]
            out[c] = A_PASS << 16
            return c + 1
        units = np.empty(MAXH, np.int64)
        m = _group(st, stk, units)
        if st[NPATH] == 0:
            keys = np.empty(28, np.int64)
            nk = _take_kinds(st, stk, p, keys)
            for j in range(nk):
                out[c] = (A_TAKE << 16) | ((keys[j] >> 1) << 8) | (keys[j] & 1)
                c += 1
        anyone = False
        for j in range(m):
            if (units[j] & TYPE) != HORSES:
                anyone = True
        if anyone:
            path = np.empty(4, np.int64)
            for j in range(st[NPATH]):
                path[j] = st[MV_PATH + j]
            nxt = np.empty(4, np.int64)
            ns = _next_squares(st, stk, p, st[MV_SRC], path, st[NPATH], units, m, nxt)
            for j in range(ns):
                out[c] = (A_STEP << 16) | nxt[j]
                c += 1
        if st[NPATH] > 0:
            out[c] = A_CONFIRM << 16
            c += 1
        if st[BACKS + p] > 0:
            out[c] = A_BACK << 16
            c += 1
        elif c == 0:
            out[c] = A_PASS << 16  # stuck with no Back left (movement.legal)
            c += 1
        return c
    if phase == COMBAT:
        stage = st[BT_STAGE]
        if stage == BT_CHOOSE:
            for j in range(st[NQ]):
                out[c] = (A_BATTLE << 16) | st[QUEUE + j]
                c += 1
            return c
        if stage == BT_DIPLOMAT:
            out[0] = (A_DIPLO << 16) | 1
            out[1] = A_DIPLO << 16
            return 2
        if stage == BT_TARGET:
            tg = np.empty(8, np.int64)
            nt = _hit_targets(st, stk, st[BT_HITS + st[HITS0]] & 7, tg)
            for j in range(nt):
                seat = -1 if tg[j] == NEUTRAL else tg[j]
                out[j] = (A_TARGET << 16) | (seat + 1)
            return nt
        if stage == BT_ASSIGN:
            keys = np.empty(28, np.int64)
            nk = _hit_kinds(st, stk, st[BT_TARGET_SEAT], keys)
            for j in range(nk):
                out[j] = (A_ASSIGN << 16) | ((keys[j] >> 1) << 8) | (keys[j] & 1)
            return nk
        return 0
    if phase == PURCHASE:
        left = st[GOLD + p] - st[SPENT + p]
        for k in range(REGULAR):
            if st[POOLS + 6 * p + k] > 0 and _COST[k] <= left:
                out[c] = (A_BUY << 16) | (k << 8)
                c += 1
        out[c] = A_DONE << 16
        c += 1
        if st[NSTEPS + p] > 0 and st[BACKS + p] > 0:
            out[c] = A_BACK << 16
            c += 1
        return c
    if phase == REINFORCEMENT:
        return _legal_reinforce(st, stk, p, out)
    if phase == AUCTION:
        stage = st[AU_STAGE]
        if stage == AU_BID:
            out[0] = A_DROP << 16
            c = 1
            for a in range(st[AU_PRICE] + 1, st[GOLD + p] + 1):
                out[c] = (A_BID << 16) | (a << 8)
                c += 1
            return c
        if stage == AU_SEALED:
            for a in range(0, st[GOLD + p] + 1):
                out[c] = (A_SEALED << 16) | (a << 8)
                c += 1
            return c
        sq = np.empty(MAXSQ, np.int64)
        m = _special_squares(st, stk, p, st[AU_SPECIAL], sq)
        for j in range(m):
            out[j] = (A_PLACE_SPECIAL << 16) | sq[j]
        return m
    if phase == TERRAIN:
        anytile = False
        for kind in range(6):
            if st[TILESO + 6 * p + kind] > 0:
                anytile = True
        if anytile:
            for t in range(5):
                kind = _TILE_KINDS[t]
                if st[TILESO + 6 * p + kind] > 0:
                    for sq in range(25 * p, 25 * p + 25):
                        if st[TERR + sq] == BARE:
                            out[c] = (A_TILE << 16) | (kind << 8) | sq
                            c += 1
        else:
            out[c] = A_DONE << 16
            c += 1
        if st[NSTEPS + p] > 0 and st[BACKS + p] > 0:
            out[c] = A_BACK << 16
            c += 1
        return c
    if phase == SETUP:
        sites = np.empty(3, np.int64)
        ns = _setup_sites(st, p, sites)
        low = 1 << 30
        for j in range(ns):
            low = min(low, st[HGT + sites[j]])
        left = START_GOLD - st[SPENT + p]
        for k in range(REGULAR):
            if st[POOLS + 6 * p + k] > 0 and _COST[k] <= left:
                for j in range(ns):
                    if st[HGT + sites[j]] == low:
                        out[c] = (A_RECRUIT << 16) | (k << 8) | sites[j]
                        c += 1
        out[c] = A_DONE << 16
        c += 1
        if st[NSTEPS + p] > 0 and st[BACKS + p] > 0:
            out[c] = A_BACK << 16
            c += 1
        return c
    return 0


# --- applying an action ----------------------------------------------------------------------


@njit(cache=True)
def apply_player(st, stk, p, code, buf):
    kind = code >> 16
    a = (code >> 8) & 255
    b = code & 255
    phase = st[PHASE]
    if phase == MOVEMENT:
        if kind == A_SELECT:
            st[MV_SRC] = b
        elif kind == A_TAKE:
            src = st[MV_SRC]
            for i in range(st[HGT + src] - 1, -1, -1):
                u = stk[src, i]
                if (
                    not _chosen(st, i)
                    and _movable(u, p)
                    and (u & TYPE) == a
                    and (1 if (u & DAMAGED) else 0) == b
                ):
                    st[MV_SEL + st[NSEL]] = i
                    st[NSEL] += 1
                    break
        elif kind == A_STEP:
            st[MV_PATH + st[NPATH]] = b
            st[NPATH] += 1
        elif kind == A_BACK:
            st[BACKS + p] -= 1
            if st[NPATH] > 0:
                st[NPATH] -= 1
            elif st[NSEL] > 0:
                st[NSEL] -= 1
            else:
                st[MV_SRC] = -1
        elif kind == A_PASS:
            st[MV_SRC] = -1
            st[NSEL] = 0
            st[NPATH] = 0
            st[PASSED + p] = 1
            st[CUR] = _after(st, p)
        else:
            units = np.empty(MAXH, np.int64)
            _confirm(st, stk, p, units)
    elif phase == COMBAT:
        if kind == A_BATTLE:
            m = 0
            found = False
            for j in range(st[NQ]):
                sq = st[QUEUE + j]
                if sq == b and not found:
                    found = True
                    continue
                st[QUEUE + m] = sq
                m += 1
            st[NQ] = m
            st[BT_STAGE] = -1
            _begin(st, stk, b)
        elif kind == A_DIPLO:
            if b:
                _use_diplomat(st, stk, p)
            else:
                _battle_flow(st, stk, np.int64(SETUP_ROLLS))
        elif kind == A_TARGET:
            st[BT_TARGET_SEAT] = NEUTRAL if b == 0 else b - 1
            _continue_hits(st, stk)
        elif kind == A_ASSIGN:
            _hit(st, stk, st[BT_TARGET_SEAT], a * 2 + b)
            st[HITS0] += 1
            st[BT_TARGET_SEAT] = -1
            _continue_hits(st, stk)
    elif phase == PURCHASE:
        if kind == A_BUY:
            st[POOLS + 6 * p + a] -= 1
            st[SPENT + p] += _COST[a]
            st[PEND + 6 * p + a] += 1
            st[STEPS + MAXSTEPS * p + st[NSTEPS + p]] = a
            st[NSTEPS + p] += 1
        elif kind == A_BACK:
            st[NSTEPS + p] -= 1
            k = st[STEPS + MAXSTEPS * p + st[NSTEPS + p]]
            st[PEND + 6 * p + k] -= 1
            st[POOLS + 6 * p + k] += 1
            st[SPENT + p] -= _COST[k]
            st[BACKS + p] -= 1
        else:
            st[READY + p] = 1
    elif phase == REINFORCEMENT:
        if kind == A_PLACE:
            st[PEND + 6 * p + a] -= 1
            _push(st, stk, b, a | (p << OWNER_SHIFT))
            st[PLACEDO + b] += 1
        elif kind == A_MERGE:
            hurt = a | DAMAGED | (p << OWNER_SHIFT)
            for _ in range(2):
                for i in range(st[HGT + b]):
                    if (stk[b, i] & BASE_MASK) == hurt:
                        _delete(st, stk, b, i)
                        break
            _push(st, stk, b, a | (p << OWNER_SHIFT))
            st[POOLS + 6 * p + a] += 1
        else:
            _finish_reinforce(st, p)
    elif phase == AUCTION:
        if kind == A_BID:
            st[AU_PRICE] = a
            st[AU_LEADER] = p
            st[CUR] = p
            _auto_drop(st)
        elif kind == A_DROP:
            st[AU_ACTIVE + p] = 0
            st[CUR] = p
            _auto_drop(st)
        elif kind == A_SEALED:
            st[AU_BIDS + p] = a
            st[READY + p] = 1
            if _all(st, np.int64(READY)):
                _sealed_result(st)
        else:
            special = st[AU_SPECIAL]
            owner = NEUTRAL if special == DRAGON else p
            _push(st, stk, b, special | (owner << OWNER_SHIFT))
            st[AU_SPECIAL] = -1
            _start_purchase(st)
    elif phase == TERRAIN:
        if kind == A_TILE:
            st[TERR + b] = a
            st[TILESO + 6 * p + a] -= 1
            st[STEPS + MAXSTEPS * p + st[NSTEPS + p]] = b
            st[NSTEPS + p] += 1
        elif kind == A_BACK:
            st[NSTEPS + p] -= 1
            sq = st[STEPS + MAXSTEPS * p + st[NSTEPS + p]]
            st[TILESO + 6 * p + st[TERR + sq]] += 1
            st[TERR + sq] = BARE
            st[BACKS + p] -= 1
        else:
            st[READY + p] = 1
    elif phase == SETUP:
        if kind == A_RECRUIT:
            st[POOLS + 6 * p + a] -= 1
            st[SPENT + p] += _COST[a]
            _push(st, stk, b, a | (p << OWNER_SHIFT))
            st[STEPS + MAXSTEPS * p + st[NSTEPS + p]] = b * 16 + a
            st[NSTEPS + p] += 1
        elif kind == A_BACK:
            st[NSTEPS + p] -= 1
            v = st[STEPS + MAXSTEPS * p + st[NSTEPS + p]]
            sq = v // 16
            k = v % 16
            u = k | (p << OWNER_SHIFT)
            for i in range(st[HGT + sq] - 1, -1, -1):
                if stk[sq, i] == u:
                    _delete(st, stk, sq, i)
                    break
            st[POOLS + 6 * p + k] += 1
            st[SPENT + p] -= _COST[k]
            st[BACKS + p] -= 1
        else:
            st[READY + p] = 1
    advance(st, stk, buf)


@njit(cache=True)
def chance_count(st, stk):
    """How many outcomes the chance node has (the dice six; the cup its specials)."""
    phase = st[PHASE]
    if phase == INITIATIVE:
        return 6
    if phase == AUCTION:
        c = 0
        for k in range(8):
            c += st[CUP + k]
        return c
    if st[BT_STAGE] == BT_ROLL:
        return 6
    tg = np.empty(8, np.int64)
    return _hit_targets(st, stk, np.int64(NEUTRAL), tg)


@njit(cache=True)
def draw_chance(st, stk, rs):
    """Draw the chance outcome (one draw) as an action code."""
    phase = st[PHASE]
    if phase == INITIATIVE:
        return (A_DIE << 16) | (1 + int(draw_kept(rs) * 6))
    if phase == AUCTION:
        total = 0
        for k in range(8):
            total += st[CUP + k]
        r = int(draw_kept(rs) * total)
        for k in range(8):
            if r < st[CUP + k]:
                return (A_DRAW << 16) | (REGULAR + k)
            r -= st[CUP + k]
        return -1
    if st[BT_STAGE] == BT_ROLL:
        return (A_DIE << 16) | (1 + int(draw_kept(rs) * 6))
    tg = np.empty(8, np.int64)
    nt = _hit_targets(st, stk, np.int64(NEUTRAL), tg)
    return (A_DTARGET << 16) | tg[int(draw_kept(rs) * nt)]


@njit(cache=True, inline="always")
def apply_chance(st, stk, code, buf):
    kind = code >> 16
    v = code & 255
    phase = st[PHASE]
    if phase == INITIATIVE:
        _initiative_roll(st, v)
    elif phase == AUCTION:
        _drawn(st, stk, v)
    elif kind == A_DIE:
        _roll(st, stk, v)
    else:
        st[BT_TARGET_SEAT] = v
        _continue_hits(st, stk)
    advance(st, stk, buf)
