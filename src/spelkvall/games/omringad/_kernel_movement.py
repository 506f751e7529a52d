# mypy: ignore-errors
# ruff: noqa: SIM102, SIM109, SIM110
# (the loops and comparisons are written the way Numba compiles them: no generators)
"""Omringad's kernel (``_kernel``): movement, line by line ``movement.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from spelkvall.core.kernels import depends_on

from . import _kernel_layout
from ._kernel_layout import (
    _MOVE,
    ADJ,
    BACK_BUDGET,
    BACKS,
    BASE_MASK,
    CTRL,
    CUR,
    DAMAGED,
    DIPLOMAT,
    DRAGON,
    ELEPHANTS,
    FROM_MASK,
    FROM_SHIFT,
    GENERAL,
    HGT,
    HOLDER,
    HORSES,
    INFILTRATOR,
    LAKE,
    MAGICIAN,
    MOUNTAIN,
    MOVE_NO,
    MOVED,
    MOVEMENT,
    MV_PATH,
    MV_SEL,
    MV_SRC,
    NADJ,
    NPATH,
    NQ,
    NSEL,
    O_GENERALS,
    O_MOUNTAIN,
    O_PIN_HORSES,
    PASSED,
    PHASE,
    PIRATES,
    QUEUE,
    ROUND,
    STAMP_SHIFT,
    TERR,
    TYPE,
    N,
    _after,
    _delete,
    _host,
    _hostile_in,
    _nsq,
    _owner,
    _push,
    _return_unit,
)

depends_on(__file__, _kernel_layout)


# --- movement (movement.py) ------------------------------------------------------------------


@njit(cache=True)
def _counts_own(st, stk, sq, p, leaving):
    """(own - leaving, hostile) on ``sq`` for pinning, packed as own * 1024 + hostile + 512."""
    horses = st[O_PIN_HORSES] != 0
    own = 0
    hostile = 0
    for i in range(st[HGT + sq]):
        u = stk[sq, i]
        if (u & TYPE) == HORSES and not horses:
            continue
        o = _owner(u)
        if o == p:
            own += 1
        elif _host(st, p, o):
            hostile += 1
    return own - leaving, hostile


@njit(cache=True)
def _movable(u, p):
    return _owner(u) == p and (u & MOVED) == 0 and (u & TYPE) != DRAGON


@njit(cache=True)
def _reach(st, units, m, src):
    horses = False
    for j in range(m):
        if (units[j] & TYPE) == HORSES:
            horses = True
    f = 3
    movers = 0
    for j in range(m):
        u = units[j]
        k = u & TYPE
        if k == HORSES:
            continue
        movers += 1
        base = _MOVE[k, 1 if (u & DAMAGED) else 0]
        if horses and k != ELEPHANTS:
            base += 1
        f = min(f, base)
    if movers == 0:
        return 0
    t = st[TERR + src]
    if t == MOUNTAIN or t == LAKE:
        limit = 2 if (horses and st[O_MOUNTAIN] == 0) else 1
        f = min(f, limit)
    return f


@njit(cache=True)
def _stops(st, stk, sq, p):
    t = st[TERR + sq]
    return t == MOUNTAIN or t == LAKE or _hostile_in(st, stk, sq, p)


@njit(cache=True)
def _next_squares(st, stk, p, src, path, np_, units, m, out):
    """Where the path (``path[:np_]``) of the group ``units[:m]`` may go next; the count."""
    if m == 0:
        return 0
    f = _reach(st, units, m, src)
    if np_ >= f:
        return 0
    if np_ > 0 and _stops(st, stk, path[np_ - 1], p):
        return 0
    cur = path[np_ - 1] if np_ > 0 else src
    pirates_only = True
    for j in range(m):
        if (units[j] & TYPE) != PIRATES:
            pirates_only = False
    peace = st[ROUND] == 1
    c = 0
    for j in range(st[NADJ + cur]):
        nb = st[ADJ + 4 * cur + j]
        if nb == src:
            continue
        skip = False
        for q in range(np_):
            if path[q] == nb:
                skip = True
        if skip:
            continue
        if np_ == 0:
            # pinned: not back where hostile units on src came from
            for i in range(st[HGT + src]):
                u = stk[src, i]
                if _host(st, p, _owner(u)):
                    if ((u & FROM_MASK) >> FROM_SHIFT) - 1 == nb:
                        skip = True
            if skip:
                continue
        if st[TERR + nb] == LAKE and not pirates_only:
            continue
        if peace and nb // 25 != p:
            continue
        out[c] = nb
        c += 1
    return c


@njit(cache=True)
def _select_squares(st, stk, p, out, work, nbuf):
    c = 0
    lo = 0
    hi = _nsq(st)
    if st[ROUND] == 1:
        lo = 25 * p
        hi = lo + 25
    for sq in range(lo, hi):
        h = st[HGT + sq]
        if h == 0:
            continue
        own, hostile = _counts_own(st, stk, sq, p, np.int64(1))
        if own < hostile:
            continue
        for i in range(h):
            u = stk[sq, i]
            if _movable(u, p) and (u & TYPE) != HORSES:
                work[0] = u
                ns = _next_squares(st, stk, p, sq, nbuf, np.int64(0), work, np.int64(1), nbuf[4:])
                if ns > 0:
                    out[c] = sq
                    c += 1
                    break
    return c


@njit(cache=True)
def _chosen(st, i):
    for j in range(st[NSEL]):
        if st[MV_SEL + j] == i:
            return True
    return False


@njit(cache=True)
def _take_kinds(st, stk, p, out):
    """Keys ``k * 2 + damaged`` that may still join the group, ascending."""
    src = st[MV_SRC]
    horses_count = st[O_PIN_HORSES] != 0
    leaving = 0
    for j in range(st[NSEL]):
        if horses_count or (stk[src, st[MV_SEL + j]] & TYPE) != HORSES:
            leaving += 1
    own, hostile = _counts_own(st, stk, src, p, leaving)
    c = 0
    for i in range(st[HGT + src]):
        u = stk[src, i]
        if _chosen(st, i) or not _movable(u, p):
            continue
        key = (u & TYPE) * 2 + (1 if (u & DAMAGED) else 0)
        seen = False
        for j in range(c):
            if out[j] == key:
                seen = True
        if seen:
            continue
        counted = horses_count or (u & TYPE) != HORSES
        if hostile > 0 and counted and own - 1 < hostile:
            continue
        out[c] = key
        c += 1
    # sort ascending (insertion)
    for a in range(1, c):
        v = out[a]
        b = a
        while b > 0 and out[b - 1] > v:
            out[b] = out[b - 1]
            b -= 1
        out[b] = v
    return c


@njit(cache=True)
def _group(st, stk, units):
    src = st[MV_SRC]
    m = st[NSEL]
    for j in range(m):
        units[j] = stk[src, st[MV_SEL + j]]
    return m


@njit(cache=True)
def _lone_horses(st, stk):
    for sq in range(_nsq(st)):
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


@njit(cache=True)
def _movement_start(st, stk):
    st[PHASE] = MOVEMENT
    for sq in range(_nsq(st)):
        for i in range(st[HGT + sq]):
            u = stk[sq, i]
            if u >> 8:
                stk[sq, i] = u & BASE_MASK
    for p in range(st[N]):
        st[PASSED + p] = 0
        st[BACKS + p] = BACK_BUDGET
    st[CUR] = st[HOLDER]
    st[MV_SRC] = -1
    st[NSEL] = 0
    st[NPATH] = 0
    st[MOVE_NO] = 0
    st[NQ] = 0


@njit(cache=True)
def _conquers(st, units, m):
    generals = st[O_GENERALS] != 0
    for j in range(m):
        k = units[j] & TYPE
        if k == MAGICIAN or k == INFILTRATOR or k == DIPLOMAT or k == DRAGON or k == HORSES:
            continue
        if k == GENERAL and not generals:
            continue
        return True
    return False


@njit(cache=True)
def _in_queue(st, sq):
    for j in range(st[NQ]):
        if st[QUEUE + j] == sq:
            return True
    return False


@njit(cache=True)
def _confirm(st, stk, p, units):
    src = st[MV_SRC]
    m = st[NSEL]
    # chosen sorted ascending
    for a in range(1, m):
        v = st[MV_SEL + a]
        b = a
        while b > 0 and st[MV_SEL + b - 1] > v:
            st[MV_SEL + b] = st[MV_SEL + b - 1]
            b -= 1
        st[MV_SEL + b] = v
    for j in range(m):
        units[j] = stk[src, st[MV_SEL + j]]
    for j in range(m - 1, -1, -1):
        _delete(st, stk, src, st[MV_SEL + j])
    npath = st[NPATH]
    dest = st[MV_PATH + npath - 1]
    st[MOVE_NO] += 1
    entered = st[MV_PATH + npath - 2] if npath > 1 else src
    if _conquers(st, units, m):
        for j in range(npath):
            sq = st[MV_PATH + j]
            if st[HGT + sq] == 0 and _host(st, p, st[CTRL + sq]):
                st[CTRL + sq] = p
    contested = _hostile_in(st, stk, dest, p)
    for j in range(m):
        u = units[j]
        _push(
            st,
            stk,
            dest,
            (u & BASE_MASK) | MOVED | ((entered + 1) << FROM_SHIFT) | (st[MOVE_NO] << STAMP_SHIFT),
        )
    if contested and not _in_queue(st, dest):
        st[QUEUE + st[NQ]] = dest
        st[NQ] += 1
    st[MV_SRC] = -1
    st[NSEL] = 0
    st[NPATH] = 0
    st[CUR] = _after(st, p)
