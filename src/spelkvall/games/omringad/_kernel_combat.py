# mypy: ignore-errors
# ruff: noqa: SIM109
# (the loops and comparisons are written the way Numba compiles them: no generators)
"""Omringad's kernel (``_kernel``): battles, line by line ``combat.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from spelkvall.core.kernels import depends_on

from . import _kernel_layout, _kernel_movement
from ._kernel_layout import (
    _STRENGTH,
    ARCHER,
    BASE_MASK,
    BT_ASSIGN,
    BT_DEF,
    BT_DIPLOMAT,
    BT_DRAGON,
    BT_HITFLAG,
    BT_HITS,
    BT_ROLL,
    BT_ROLLERS,
    BT_SQ,
    BT_STAGE,
    BT_STEP,
    BT_TARGET,
    BT_TARGET_SEAT,
    CASTLE,
    CATAPULT,
    CTRL,
    DAMAGED,
    DIPLOMAT,
    DRAGON,
    ELITE,
    FOREST,
    FROM_MASK,
    FROM_SHIFT,
    GENERAL,
    HGT,
    HITS0,
    HORSES,
    INFILTRATOR,
    MAGICIAN,
    MOUNTAIN,
    MOVE_NO,
    MOVED,
    NDICE,
    NEUTRAL,
    NHITS,
    NQ,
    NROLLERS,
    O_GENERALS,
    O_MAGICIAN,
    O_NONCOMBAT,
    QUEUE,
    SHARPSHOOTERS,
    STAMP_SHIFT,
    TERR,
    TYPE,
    _delete,
    _host,
    _owner,
    _push,
    _return_unit,
)
from ._kernel_movement import (
    _in_queue,
)

depends_on(__file__, _kernel_layout, _kernel_movement)


# --- combat (combat.py) ----------------------------------------------------------------------


@njit(cache=True)
def _parties(st, stk, sq, out):
    """The parties able to be hit on ``sq`` in the order they arrived; the count."""
    first = np.full(8, -1, np.int64)
    for i in range(st[HGT + sq]):
        u = stk[sq, i]
        if (u & TYPE) == HORSES:
            continue
        o = _owner(u)
        s = u >> STAMP_SHIFT
        if first[o] < 0 or s < first[o]:
            first[o] = s
    c = 0
    for o in range(8):
        if first[o] >= 0:
            # insert sorted by (stamp, o)
            b = c
            while b > 0 and first[out[b - 1]] > first[o]:
                out[b] = out[b - 1]
                b -= 1
            out[b] = o
            c += 1
    return c


@njit(cache=True)
def _contested(st, stk, sq):
    ps = np.empty(8, np.int64)
    c = _parties(st, stk, sq, ps)
    for a in range(c):
        for b in range(c):
            if _host(st, ps[a], ps[b]):
                return True
    return False


@njit(cache=True)
def _diplomat_owner(st, stk):
    d = st[BT_DEF]
    if d == NEUTRAL:
        return -1
    sq = st[BT_SQ]
    for i in range(st[HGT + sq]):
        u = stk[sq, i]
        if (u & TYPE) == DIPLOMAT and not _host(st, d, _owner(u)):
            return _owner(u)
    return -1


@njit(cache=True)
def _can_roll(st, stk):
    sq = st[BT_SQ]
    for i in range(st[HGT + sq]):
        u = stk[sq, i]
        if _STRENGTH[u & TYPE, 1 if (u & DAMAGED) else 0] > 0:
            return True
    return False


@njit(cache=True)
def _hittable(st, stk, party):
    sq = st[BT_SQ]
    for i in range(st[HGT + sq]):
        u = stk[sq, i]
        if _owner(u) == party and (u & TYPE) != HORSES:
            return True
    return False


@njit(cache=True)
def _hit_targets(st, stk, shooter, out):
    ps = np.empty(8, np.int64)
    c = _parties(st, stk, st[BT_SQ], ps)
    m = 0
    for j in range(c):
        q = ps[j]
        if _host(st, shooter, q) and _hittable(st, stk, q):
            out[m] = q
            m += 1
    return m


@njit(cache=True)
def _hit_kinds(st, stk, party, out):
    """Keys ``k * 2 + damaged`` of ``party``'s hittable units, ascending, distinct."""
    seen = np.zeros(28, np.int64)
    sq = st[BT_SQ]
    for i in range(st[HGT + sq]):
        u = stk[sq, i]
        if _owner(u) == party and (u & TYPE) != HORSES:
            seen[(u & TYPE) * 2 + (1 if (u & DAMAGED) else 0)] = 1
    c = 0
    for key in range(28):
        if seen[key]:
            out[c] = key
            c += 1
    return c


@njit(cache=True)
def _hit(st, stk, party, key):
    sq = st[BT_SQ]
    k = key >> 1
    hurt = key & 1
    for i in range(st[HGT + sq] - 1, -1, -1):
        u = stk[sq, i]
        if _owner(u) == party and (u & TYPE) == k and (1 if (u & DAMAGED) else 0) == hurt:
            if hurt or k == GENERAL or k == DIPLOMAT or k == INFILTRATOR or k == MAGICIAN:
                _delete(st, stk, sq, i)
                _return_unit(st, u)
            else:
                stk[sq, i] = u | DAMAGED
            return


@njit(cache=True)
def _combat_finish(st, stk):
    sq = st[BT_SQ]
    i = st[HGT + sq] - 1
    while i >= 0:
        u = stk[sq, i]
        if (u & TYPE) == HORSES:
            o = _owner(u)
            other = False
            for j in range(st[HGT + sq]):
                v = stk[sq, j]
                if _owner(v) == o and (v & TYPE) != HORSES:
                    other = True
            if not other:
                _delete(st, stk, sq, i)
                _return_unit(st, u)
        i -= 1
    ps = np.empty(8, np.int64)
    c = _parties(st, stk, sq, ps)
    players = np.empty(8, np.int64)
    npl = 0
    for j in range(c):
        if ps[j] != NEUTRAL:
            players[npl] = ps[j]
            npl += 1
    if npl > 0:
        ctrl = st[CTRL + sq]
        friendly = not _host(st, players[0], ctrl)
        if not friendly:
            anyone = st[O_NONCOMBAT] != 0
            generals = st[O_GENERALS] != 0
            for j in range(npl):
                q = players[j]
                ok = anyone
                if not ok:
                    for i in range(st[HGT + sq]):
                        u = stk[sq, i]
                        k = u & TYPE
                        if _owner(u) != q:
                            continue
                        if (
                            k == MAGICIAN
                            or k == INFILTRATOR
                            or k == DIPLOMAT
                            or k == DRAGON
                            or k == HORSES
                        ):
                            continue
                        if k == GENERAL and not generals:
                            continue
                        ok = True
                        break
                if ok:
                    st[CTRL + sq] = q
                    break
    st[BT_SQ] = -1
    st[BT_STAGE] = -1
    st[HITS0] = 0
    st[NHITS] = 0
    st[BT_TARGET_SEAT] = -1
    st[NROLLERS] = 0
    st[NDICE] = 0


@njit(cache=True)
def _retreat(st, stk):
    sq = st[BT_SQ]
    d = st[BT_DEF]
    h = st[HGT + sq]
    keep = np.empty(h, np.int64)
    nk = 0
    srcs = np.empty(h, np.int64)  # the distinct squares, in first-seen order
    ns = 0
    back = np.empty(h, np.int64)
    backsrc = np.empty(h, np.int64)
    nb = 0
    for i in range(h):
        u = stk[sq, i]
        o = _owner(u)
        if not _host(st, d, o):
            keep[nk] = u
            nk += 1
            continue
        src = ((u & FROM_MASK) >> FROM_SHIFT) - 1
        if src < 0:
            _return_unit(st, u)
        else:
            back[nb] = u
            backsrc[nb] = src
            nb += 1
            new = True
            for j in range(ns):
                if srcs[j] == src:
                    new = False
            if new:
                srcs[ns] = src
                ns += 1
    for i in range(nk):
        stk[sq, i] = keep[i]
    st[HGT + sq] = nk
    for j in range(ns):
        src = srcs[j]
        st[MOVE_NO] += 1
        for i in range(nb):
            if backsrc[i] == src:
                _push(st, stk, src, (back[i] & BASE_MASK) | MOVED | (st[MOVE_NO] << STAMP_SHIFT))
        if not _in_queue(st, src) and _contested(st, stk, src):
            st[QUEUE + st[NQ]] = src
            st[NQ] += 1
    _combat_finish(st, stk)


@njit(cache=True)
def _modifiers(st, stk, party):
    sq = st[BT_SQ]
    general = False
    infiltrator = False
    for i in range(st[HGT + sq]):
        u = stk[sq, i]
        k = u & TYPE
        o = _owner(u)
        if k == GENERAL and o == party:
            general = True
        elif k == INFILTRATOR and _host(st, party, o):
            infiltrator = True
    defends = not _host(st, st[BT_DEF], party)
    return (1 if (general and not infiltrator) else 0), defends


BEFORE_STEP, SETUP_ROLLS, NEXT_STEP = 0, 1, 2


@njit(cache=True)
def _battle_flow(st, stk, mode):
    """``combat.before_step`` (``BEFORE_STEP``), ``setup_rolls`` (``SETUP_ROLLS``) and, after
    the hits of a step, ``next_step`` then ``setup_rolls`` (``NEXT_STEP``), as one loop: the
    engine's functions call each other, which Numba's cache cannot link."""
    while True:
        if mode == BEFORE_STEP:
            if not _contested(st, stk, st[BT_SQ]):
                _combat_finish(st, stk)
                return
            if not _can_roll(st, stk):
                _retreat(st, stk)
                return
            if _diplomat_owner(st, stk) >= 0:
                st[BT_STAGE] = BT_DIPLOMAT
                return
            mode = SETUP_ROLLS
        if mode == SETUP_ROLLS:
            if _setup_rolls(st, stk):
                return
            mode = NEXT_STEP
        # NEXT_STEP
        if st[BT_STEP] == 0:
            st[BT_STEP] = 1
            if not _contested(st, stk, st[BT_SQ]):
                _combat_finish(st, stk)
                return
            mode = SETUP_ROLLS
        else:
            st[BT_STEP] = 0
            mode = BEFORE_STEP


@njit(cache=True)
def _setup_rolls(st, stk):
    """The units that roll in this step, each with the lowest die that hits; False when
    nobody rolls in it."""
    sq = st[BT_SQ]
    ranged_step = st[BT_STEP] == 0
    magician = st[O_MAGICIAN] != 0
    terrain = st[TERR + sq]
    have = np.zeros(8, np.int64)
    mb = np.zeros(8, np.int64)
    md = np.zeros(8, np.int64)
    n = 0
    for i in range(st[HGT + sq]):
        u = stk[sq, i]
        k = u & TYPE
        s = _STRENGTH[k, 1 if (u & DAMAGED) else 0]
        if s <= 0:
            continue
        ranged = k == ARCHER or k == CATAPULT or k == SHARPSHOOTERS or (k == MAGICIAN and magician)
        if ranged != ranged_step:
            continue
        o = _owner(u)
        if have[o] == 0:
            have[o] = 1
            if o != NEUTRAL:
                b, dfd = _modifiers(st, stk, o)
                mb[o] = b
                md[o] = 1 if dfd else 0
        bonus = mb[o]
        defends = md[o] != 0
        if defends and terrain == CASTLE:
            bonus += 1
        if defends and terrain == MOUNTAIN and k == ELITE:
            bonus += 1
        if terrain == FOREST and (k == ARCHER or k == CATAPULT):
            bonus -= 1
        need = s - bonus
        st[BT_ROLLERS + n] = o | (8 if k == SHARPSHOOTERS else 0) | (need << 4) | (k << 8)
        n += 1
    if n > 0:
        st[NROLLERS] = n
        st[NDICE] = 0
        st[BT_STAGE] = BT_ROLL
        return True
    return False


@njit(cache=True)
def _begin(st, stk, sq):
    ps = np.empty(8, np.int64)
    _parties(st, stk, sq, ps)
    st[BT_SQ] = sq
    st[BT_DEF] = ps[0]
    st[BT_STEP] = 0
    st[HITS0] = 0
    st[NHITS] = 0
    st[BT_TARGET_SEAT] = -1
    _battle_flow(st, stk, np.int64(BEFORE_STEP))


@njit(cache=True)
def _continue_hits(st, stk):
    tg = np.empty(8, np.int64)
    kinds = np.empty(28, np.int64)
    while st[HITS0] < st[NHITS]:
        shooter = st[BT_HITS + st[HITS0]] & 7
        if st[BT_TARGET_SEAT] == -1:
            c = _hit_targets(st, stk, shooter, tg)
            if c == 0:
                st[HITS0] += 1
                continue
            if c == 1:
                st[BT_TARGET_SEAT] = tg[0]
            elif shooter == NEUTRAL:
                st[BT_STAGE] = BT_DRAGON
                return
            else:
                st[BT_STAGE] = BT_TARGET
                return
        target = st[BT_TARGET_SEAT]
        c = _hit_kinds(st, stk, target, kinds)
        if c == 1:
            _hit(st, stk, target, kinds[0])
            st[HITS0] += 1
            st[BT_TARGET_SEAT] = -1
            continue
        st[BT_STAGE] = BT_ASSIGN
        return
    st[BT_STAGE] = -1
    _battle_flow(st, stk, np.int64(NEXT_STEP))


@njit(cache=True, inline="always")
def _roll(st, stk, value):
    j = st[NDICE]
    roller = st[BT_ROLLERS + j]
    need = (roller >> 4) & 15
    hit = value == 6 or (value != 1 and value >= need)
    st[BT_HITFLAG + j] = 1 if hit else 0
    st[NDICE] = j + 1
    if j + 1 < st[NROLLERS]:
        return
    m = 0
    for i in range(st[NROLLERS]):
        if st[BT_HITFLAG + i]:
            st[BT_HITS + m] = st[BT_ROLLERS + i] & 15
            m += 1
    st[HITS0] = 0
    st[NHITS] = m
    st[BT_TARGET_SEAT] = -1
    _continue_hits(st, stk)


@njit(cache=True, inline="always")
def _use_diplomat(st, stk, p):
    sq = st[BT_SQ]
    for i in range(st[HGT + sq]):
        u = stk[sq, i]
        if (u & TYPE) == DIPLOMAT and _owner(u) == p:
            _delete(st, stk, sq, i)
            _return_unit(st, u)
            break
    _retreat(st, stk)
