# mypy: ignore-errors
# ruff: noqa: SIM109, SIM110
# (the loops and comparisons are written the way Numba compiles them: no generators)
"""Omringad's kernel (``_kernel``): the phases (reinforcement, purchase, auction, rounds,
scoring, the end of the game) and how the game advances between decisions, as ``rules.py``."""

from __future__ import annotations

import numpy as np
from numba import njit

from spelkvall.core.kernels import depends_on

from . import _kernel_combat, _kernel_layout, _kernel_movement
from ._kernel_combat import (
    _begin,
    _contested,
)
from ._kernel_layout import (
    _COST,
    _POINTS,
    A_DONE,
    A_MERGE,
    A_PLACE,
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
    BACK_BUDGET,
    BACKS,
    BT_CHOOSE,
    BT_SQ,
    BT_STAGE,
    COMBAT,
    CONT,
    CTRL,
    CUP,
    CUR,
    DAMAGED,
    GOLD,
    HGT,
    HOLDER,
    INCOME,
    INITIATIVE,
    MAXH,
    MAXSQ,
    MOVEMENT,
    MV_SRC,
    NCONT,
    NQ,
    NROLLS,
    NSTEPS,
    O_BOTH,
    O_HOLDER_ORDER,
    O_LONE_HORSES,
    O_ROUND_LIMIT,
    O_SEALED,
    O_SETUP_SEP,
    O_SHARED,
    O_TARGET,
    O_TEAMS,
    O_WAIT,
    ORDER,
    OVER,
    PASSED,
    PEND,
    PHASE,
    PLACEDO,
    POINTS,
    POOLS,
    PURCHASE,
    QUEUE,
    READY,
    REGULAR,
    REINFORCEMENT,
    ROLLS,
    ROUND,
    SCORING,
    SETUP,
    SPENT,
    TEAMS,
    TERR,
    TERRAIN,
    TYPE,
    WINNERS,
    N,
    _after,
    _all,
    _can_place_special,
    _hostile_in,
    _is_settlement,
    _nsq,
    _owner,
    _siege_limit,
)
from ._kernel_movement import (
    _lone_horses,
    _movement_start,
    _select_squares,
)

depends_on(__file__, _kernel_layout, _kernel_movement, _kernel_combat)


# --- reinforcement, purchase, auction, rounds (rules.py) -------------------------------------


@njit(cache=True)
def _start_reinforce(st):
    st[PHASE] = REINFORCEMENT
    st[CUR] = st[HOLDER]
    for sq in range(MAXSQ):
        st[PLACEDO + sq] = 0
    for p in range(st[N]):
        st[PASSED + p] = 0


@njit(cache=True)
def _merges(st, stk, p, out):
    """``k * 256 + square`` for two damaged units of a type in a settlement of ``p``."""
    c = 0
    cnt = np.zeros(REGULAR, np.int64)
    for sq in range(_nsq(st)):
        if not _is_settlement(st[TERR + sq]) or st[CTRL + sq] != p:
            continue
        for k in range(REGULAR):
            cnt[k] = 0
        for i in range(st[HGT + sq]):
            u = stk[sq, i]
            if (u & DAMAGED) and _owner(u) == p and (u & TYPE) < REGULAR:
                cnt[u & TYPE] += 1
        for k in range(REGULAR):
            if cnt[k] >= 2:
                out[c] = k * 256 + sq
                c += 1
    return c


@njit(cache=True)
def _place_sites(st, stk, p, out):
    c = 0
    for sq in range(_nsq(st)):
        if _is_settlement(st[TERR + sq]) and st[CTRL + sq] == p:
            if _hostile_in(st, stk, sq, p):
                continue
            if _siege_limit(st, stk, sq, p) != 0:
                out[c] = sq
                c += 1
    return c


@njit(cache=True)
def _legal_reinforce(st, stk, p, out):
    c = 0
    sites = np.empty(MAXSQ, np.int64)
    anykind = False
    for k in range(REGULAR):
        if st[PEND + 6 * p + k] > 0:
            anykind = True
    if anykind:
        ns = _place_sites(st, stk, p, sites)
        for j in range(ns):
            for k in range(REGULAR):
                if st[PEND + 6 * p + k] > 0:
                    out[c] = (A_PLACE << 16) | (k << 8) | sites[j]
                    c += 1
    placing = c > 0
    mg = np.empty(6 * MAXSQ, np.int64)
    nm = _merges(st, stk, p, mg)
    for j in range(nm):
        out[c] = (A_MERGE << 16) | mg[j]
        c += 1
    if c > 0 and not placing:
        out[c] = A_DONE << 16
        c += 1
    return c


@njit(cache=True)
def _finish_reinforce(st, p):
    st[PASSED + p] = 1
    if st[O_WAIT] == 0:
        for k in range(REGULAR):
            st[POOLS + 6 * p + k] += st[PEND + 6 * p + k]
            st[PEND + 6 * p + k] = 0


@njit(cache=True, inline="always")
def _advance_reinforce(st, stk, buf):
    while True:
        p = st[CUR]
        if st[PASSED + p] == 0 and _legal_reinforce(st, stk, p, buf) > 0:
            return False
        if st[PASSED + p] == 0:
            _finish_reinforce(st, p)
        if _all(st, np.int64(PASSED)):
            st[PHASE] = INCOME
            return True
        st[CUR] = _after(st, p)
        for sq in range(MAXSQ):
            st[PLACEDO + sq] = 0


@njit(cache=True)
def _can_buy(st, p):
    left = st[GOLD + p] - st[SPENT + p]
    for k in range(REGULAR):
        if st[POOLS + 6 * p + k] > 0 and _COST[k] <= left:
            return True
    return False


@njit(cache=True)
def _start_purchase(st):
    st[PHASE] = PURCHASE
    for p in range(st[N]):
        st[SPENT + p] = 0
        st[NSTEPS + p] = 0
        st[BACKS + p] = BACK_BUDGET
    for p in range(st[N]):
        st[READY + p] = 0 if _can_buy(st, p) else 1


@njit(cache=True)
def _unsold(st):
    st[CUP + st[AU_SPECIAL] - REGULAR] += 1
    st[AU_SPECIAL] = -1
    _start_purchase(st)


@njit(cache=True)
def _next_bidder(st, after):
    n = st[N]
    at = 0
    for i in range(n):
        if st[ORDER + i] == after:
            at = i
    for j in range(1, n + 1):
        s = st[ORDER + (at + j) % n]
        if st[AU_ACTIVE + s] != 0 and s != st[AU_LEADER]:
            return s
    return -1


@njit(cache=True)
def _won(st, seat, price):
    st[GOLD + seat] -= price
    st[AU_STAGE] = AU_PLACE
    st[CUR] = seat


@njit(cache=True)
def _auto_drop(st):
    n = st[N]
    while True:
        anyone = False
        cur_in = False
        for s in range(n):
            if st[AU_ACTIVE + s] != 0 and s != st[AU_LEADER]:
                anyone = True
                if s == st[CUR]:
                    cur_in = True
        if not anyone:
            if st[AU_LEADER] < 0:
                _unsold(st)
            else:
                _won(st, st[AU_LEADER], st[AU_PRICE])
            return
        if not cur_in:
            st[CUR] = _next_bidder(st, st[CUR])
        if st[GOLD + st[CUR]] > st[AU_PRICE]:
            return
        st[AU_ACTIVE + st[CUR]] = 0
        st[CUR] = _next_bidder(st, st[CUR])


@njit(cache=True, inline="always")
def _drawn(st, stk, special):
    st[CUP + special - REGULAR] -= 1
    st[AU_SPECIAL] = special
    n = st[N]
    anyone = False
    elig = np.zeros(4, np.int64)
    for p in range(n):
        if _can_place_special(st, stk, p, special):
            elig[p] = 1
            anyone = True
    if not anyone:
        _unsold(st)
        return
    st[AU_PRICE] = 0
    st[AU_LEADER] = -1
    if st[O_SEALED] != 0:
        st[AU_STAGE] = AU_SEALED
        for p in range(n):
            st[AU_BIDS + p] = -1 if elig[p] else 0
            st[READY + p] = 0 if elig[p] else 1
        return
    st[AU_STAGE] = AU_BID
    for p in range(n):
        st[AU_ACTIVE + p] = elig[p]
    st[CUR] = st[HOLDER]
    _auto_drop(st)


@njit(cache=True)
def _sealed_result(st):
    n = st[N]
    best = -1
    for p in range(n):
        best = max(best, st[AU_BIDS + p])
    if best <= 0:
        _unsold(st)
        return
    at = 0
    for i in range(n):
        if st[ORDER + i] == st[HOLDER]:
            at = i
    for j in range(n):
        s = st[ORDER + (at + j) % n]
        if st[AU_BIDS + s] == best:
            _won(st, s, best)
            return


@njit(cache=True)
def _start_auction(st):
    st[PHASE] = AUCTION
    st[AU_SPECIAL] = -1
    empty = True
    for k in range(8):
        if st[CUP + k] > 0:
            empty = False
    if st[ROUND] == 1 or empty:
        _start_purchase(st)
        return
    st[AU_STAGE] = AU_DRAW


@njit(cache=True)
def _start_round(st):
    st[ROUND] += 1
    if st[ROUND] == 1:
        st[PHASE] = INITIATIVE
        n = st[N]
        for i in range(n):
            st[CONT + i] = st[ORDER + i]
        st[NCONT] = n
        st[NROLLS] = 0
        return
    st[HOLDER] = _after(st, st[HOLDER])
    _start_auction(st)


@njit(cache=True, inline="always")
def _initiative_roll(st, value):
    st[ROLLS + st[NROLLS]] = value
    st[NROLLS] += 1
    nc = st[NCONT]
    if st[NROLLS] < nc:
        return
    best = 0
    for i in range(nc):
        best = max(best, st[ROLLS + i])
    m = 0
    for i in range(nc):
        if st[ROLLS + i] == best:
            st[CONT + m] = st[CONT + i]
            m += 1
    if m > 1:
        st[NCONT] = m
        st[NROLLS] = 0
        return
    st[HOLDER] = st[CONT]
    st[NCONT] = 0
    st[NROLLS] = 0
    _start_auction(st)


@njit(cache=True)
def _finish_game(st, groups_mask, best, totals):
    w = 0
    for gi in range(4):
        if (groups_mask >> gi) & 1:
            w |= _group_members(st, gi)
    st[WINNERS] = w
    st[PHASE] = OVER


@njit(cache=True)
def _ngroups(st):
    return 2 if st[O_TEAMS] != 0 else st[N]


@njit(cache=True)
def _group_members(st, gi):
    if st[O_TEAMS] == 0:
        return 1 << gi
    m = 0
    for p in range(st[N]):
        if st[TEAMS + p] == gi:
            m |= 1 << p
    return m


@njit(cache=True)
def _check_victory(st):
    target = st[O_TARGET]
    ng = _ngroups(st)
    totals = np.zeros(4, np.int64)
    reached = 0
    for gi in range(ng):
        members = _group_members(st, gi)
        all_ = True
        any_ = False
        for p in range(st[N]):
            if (members >> p) & 1:
                totals[gi] += st[POINTS + p]
                if st[POINTS + p] >= target:
                    any_ = True
                else:
                    all_ = False
        if all_ if st[O_BOTH] != 0 else any_:
            reached |= 1 << gi
    if reached:
        best = -1
        for gi in range(ng):
            if (reached >> gi) & 1:
                best = max(best, totals[gi])
        top = 0
        count = 0
        for gi in range(ng):
            if (reached >> gi) & 1 and totals[gi] == best:
                top |= 1 << gi
                count += 1
        if count == 1 or st[O_SHARED] != 0:
            _finish_game(st, top, best, totals)
            return
    if st[ROUND] >= st[O_ROUND_LIMIT]:
        best = -1
        for gi in range(ng):
            best = max(best, totals[gi])
        top = 0
        for gi in range(ng):
            if totals[gi] == best:
                top |= 1 << gi
        _finish_game(st, top, best, totals)


@njit(cache=True, inline="always")
def _score(st):
    n = st[N]
    held = np.zeros(4, np.int64)
    gained = np.zeros(4, np.int64)
    for sq in range(_nsq(st)):
        o = st[CTRL + sq]
        held[o] += 1
        gained[o] += _POINTS[st[TERR + sq]]
    most = 0
    for p in range(n):
        most = max(most, held[p])
    count = 0
    first = -1
    for p in range(n):
        if held[p] == most:
            count += 1
            if first < 0:
                first = p
    if count == 1:
        gained[first] += 1
    for p in range(n):
        st[POINTS + p] += gained[p]
    _check_victory(st)


@njit(cache=True)
def _start_setup(st):
    st[PHASE] = SETUP
    for p in range(st[N]):
        st[READY + p] = 0
        st[NSTEPS + p] = 0
        st[BACKS + p] = BACK_BUDGET
        st[SPENT + p] = 0


@njit(cache=True, inline="always")
def _combat_advance(st, stk):
    """Start the next battle when none is running; True when the phase is over."""
    while st[BT_SQ] < 0:
        m = 0
        for j in range(st[NQ]):
            sq = st[QUEUE + j]
            if _contested(st, stk, sq):
                st[QUEUE + m] = sq
                m += 1
        st[NQ] = m
        if m == 0:
            _start_reinforce(st)
            return True
        if st[O_HOLDER_ORDER] != 0 and m > 1:
            st[BT_STAGE] = BT_CHOOSE
            return False
        sq = st[QUEUE]
        for j in range(m - 1):
            st[QUEUE + j] = st[QUEUE + j + 1]
        st[NQ] = m - 1
        _begin(st, stk, sq)
    return False


@njit(cache=True)
def advance(st, stk, buf):
    """Run the phases that need nobody (``OmringadState._advance``)."""
    while True:
        phase = st[PHASE]
        if phase == TERRAIN:
            if not _all(st, np.int64(READY)):
                return
            _start_setup(st)
        elif phase == SETUP:
            if not _all(st, np.int64(READY)):
                return
            if st[O_SETUP_SEP] == 0:
                for p in range(st[N]):
                    st[GOLD + p] = 0
            _start_round(st)
        elif phase == INITIATIVE or phase == AUCTION:
            return
        elif phase == PURCHASE:
            if not _all(st, np.int64(READY)):
                return
            for p in range(st[N]):
                st[GOLD + p] = 0
            _movement_start(st, stk)
        elif phase == MOVEMENT:
            if not _movement_advance(st, stk, buf):
                return
        elif phase == COMBAT:
            if not _combat_advance(st, stk):
                return
        elif phase == REINFORCEMENT:
            if not _advance_reinforce(st, stk, buf):
                return
        elif phase == INCOME:
            for p in range(st[N]):
                st[GOLD + p] = 0
            for sq in range(_nsq(st)):
                st[GOLD + st[CTRL + sq]] += 1
            st[PHASE] = SCORING
        elif phase == SCORING:
            _score(st)
            if st[PHASE] == OVER:
                return
            _start_round(st)
        else:
            return


@njit(cache=True, inline="always")
def _movement_advance(st, stk, buf):
    while True:
        if _all(st, np.int64(PASSED)):
            if st[O_LONE_HORSES] != 0:
                _lone_horses(st, stk)
            st[PHASE] = COMBAT
            st[BT_SQ] = -1
            st[BT_STAGE] = -1
            return True
        p = st[CUR]
        if st[PASSED + p] != 0:
            st[CUR] = _after(st, p)
            continue
        if st[MV_SRC] < 0:
            work = np.empty(MAXH, np.int64)
            nbuf = np.empty(16, np.int64)
            if _select_squares(st, stk, p, buf, work, nbuf) == 0:
                st[PASSED + p] = 1
                continue
        return False
