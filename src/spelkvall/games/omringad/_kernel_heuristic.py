# mypy: ignore-errors
# ruff: noqa: SIM102, SIM108, SIM109
# (the loops and comparisons are written the way Numba compiles them: no generators)
"""Omringad's kernel (``_kernel``): the heuristic policy, ``heuristic.py``'s, with its
floating-point sums in the same order."""

from __future__ import annotations

import numpy as np
from numba import njit

from spelkvall.core import kernel_random
from spelkvall.core.kernel_random import draw_kept
from spelkvall.core.kernels import depends_on

from . import _kernel_actions, _kernel_combat, _kernel_layout, _kernel_movement, _kernel_rules
from ._kernel_actions import (
    _setup_sites,
)
from ._kernel_combat import (
    _hit_kinds,
    _hit_targets,
)
from ._kernel_layout import (
    _ARMY,
    _COST,
    _POINTS,
    _PRICE,
    _STRENGTH,
    _TEMPLATE,
    _VALUE,
    A_ASSIGN,
    A_BACK,
    A_BATTLE,
    A_BID,
    A_BUY,
    A_CONFIRM,
    A_DIPLO,
    A_DONE,
    A_DROP,
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
    ADJ,
    ARCHER,
    AU_BID,
    AU_PLACE,
    AU_PRICE,
    AU_SEALED,
    AU_SPECIAL,
    AU_STAGE,
    AUCTION,
    BACKS,
    BASE_MASK,
    BT_ASSIGN,
    BT_CHOOSE,
    BT_DIPLOMAT,
    BT_HITS,
    BT_SQ,
    BT_STAGE,
    BT_TARGET,
    BT_TARGET_SEAT,
    CASTLE,
    CATAPULT,
    COMBAT,
    CTRL,
    DAMAGED,
    DIPLOMAT,
    DRAGON,
    ELITE,
    FROM_MASK,
    FROM_SHIFT,
    GENERAL,
    GOLD,
    HGT,
    HITS0,
    HORSES,
    INFILTRATOR,
    LAKE,
    MAGICIAN,
    MAXH,
    MAXSQ,
    MERC,
    MOUNTAIN,
    MOVE_NO,
    MOVED,
    MOVEMENT,
    MV_PATH,
    MV_SEL,
    MV_SRC,
    NADJ,
    NEUTRAL,
    NPATH,
    NSEL,
    O_PIN_HORSES,
    PEND,
    PHASE,
    PIRATES,
    PL_GROUP,
    PL_MOVE,
    PL_NG,
    PL_NONE,
    PL_NP,
    PL_OK,
    PL_P,
    PL_PATH,
    PL_ROUND,
    PL_SRC,
    POOLS,
    PURCHASE,
    QUEUE,
    REGULAR,
    REINFORCEMENT,
    RIDER,
    ROUND,
    SETUP,
    SPENT,
    START_GOLD,
    TERR,
    TERRAIN,
    TILESO,
    TYPE,
    _host,
    _hostile_in,
    _is_settlement,
    _nsq,
    _owner,
    _special_squares,
)
from ._kernel_movement import (
    _conquers,
    _reach,
    _select_squares,
)
from ._kernel_rules import (
    _merges,
    _place_sites,
)

depends_on(
    __file__,
    _kernel_layout,
    _kernel_movement,
    _kernel_combat,
    _kernel_rules,
    _kernel_actions,
    kernel_random,
)


# --- the heuristic (heuristic.py) ------------------------------------------------------------


@njit(cache=True)
def _unit_power(k, hurt, bonus):
    s = _STRENGTH[k, 1 if hurt else 0]
    lives = (
        1
        if (
            hurt
            or k == GENERAL
            or k == DIPLOMAT
            or k == INFILTRATOR
            or k == MAGICIAN
            or k == HORSES
        )
        else 2
    )
    if k == HORSES:
        return 0.0
    hit = 0.0
    if s > 0:
        hit = max(1, min(5, 7 - (s - bonus))) / 6
    return (hit + 0.12) * lives


@njit(cache=True)
def _own_power(units, m):
    general = False
    for j in range(m):
        if (units[j] & TYPE) == GENERAL:
            general = True
    total = 0.0
    for j in range(m):
        u = units[j]
        total += _unit_power(u & TYPE, (u & DAMAGED) != 0, 1 if general else 0)
    return total


@njit(cache=True)
def _seen_power(st, stk, x, p):
    total = 0.0
    tops = np.zeros(8, np.int64)
    heights = np.zeros(8, np.int64)
    order = np.empty(8, np.int64)
    no = 0
    for i in range(st[HGT + x]):
        u = stk[x, i]
        o = _owner(u)
        if not _host(st, p, o):
            continue
        if heights[o] == 0:
            order[no] = o
            no += 1
        tops[o] = u
        heights[o] += 1
    for j in range(no):
        o = order[j]
        top = tops[o]
        k = top & TYPE
        general = k == GENERAL or (k == HORSES and heights[o] > 1)
        total += _unit_power(k, (top & DAMAGED) != 0, 1 if general else 0)
        total += (heights[o] - 1) * 0.55 * (1.2 if general else 1.0)
        if st[TERR + x] == CASTLE:
            total *= 1.35
    return total


@njit(cache=True)
def _threat(st, stk, x, p):
    seen = np.zeros(MAXSQ, np.bool_)
    ring = np.empty(MAXSQ, np.int64)
    nxt = np.empty(MAXSQ, np.int64)
    seen[x] = True
    ring[0] = x
    nr = 1
    score = 0.0
    for depth in range(1, 3):
        nn = 0
        for a in range(nr):
            y = ring[a]
            for j in range(st[NADJ + y]):
                nb = st[ADJ + 4 * y + j]
                if seen[nb]:
                    continue
                seen[nb] = True
                nxt[nn] = nb
                nn += 1
                score += _seen_power(st, stk, nb, p) / depth
        for a in range(nn):
            ring[a] = nxt[a]
        nr = nn
    return score


@njit(cache=True)
def _seen_all(st, stk, p, sp):
    """``sp[x]``: ``_seen_power`` of every square (a plan reads them many times)."""
    for x in range(_nsq(st)):
        sp[x] = _seen_power(st, stk, x, p) if st[HGT + x] > 0 else 0.0


@njit(cache=True)
def _threat_sp(st, x, sp, seen, vis):
    """``_threat`` read from ``sp`` (the same sums in the same order). ``seen`` (all False)
    and ``vis`` (room for 32) are scratch; ``seen`` is all False again on return."""
    seen[x] = True
    vis[0] = x
    start = 0
    end = 1
    score = 0.0
    for depth in range(1, 3):
        stop = end
        for a in range(start, stop):
            y = vis[a]
            for j in range(st[NADJ + y]):
                nb = st[ADJ + 4 * y + j]
                if seen[nb]:
                    continue
                seen[nb] = True
                vis[end] = nb
                end += 1
                score += sp[nb] / depth
        start = stop
    for a in range(end):
        seen[vis[a]] = False
    return score


@njit(cache=True)
def _dragon_spot(st, stk, p, x):
    score = 0.0
    for j in range(st[NADJ + x]):
        nb = st[ADJ + 4 * x + j]
        owner = st[CTRL + nb]
        if _host(st, p, owner):
            if _is_settlement(st[TERR + nb]):
                score += 2
            c = 0
            for i in range(st[HGT + nb]):
                if _host(st, p, _owner(stk[nb, i])):
                    c += 1
            score += 0.3 * c
        elif _is_settlement(st[TERR + nb]):
            score -= 2
    return score


@njit(cache=True)
def _distance_map(st, p, dist):
    nsq = _nsq(st)
    ring = np.empty(MAXSQ, np.int64)
    nxt = np.empty(MAXSQ, np.int64)
    nr = 0
    for x in range(nsq):
        dist[x] = 12
    for x in range(nsq):
        if _is_settlement(st[TERR + x]) and _host(st, p, st[CTRL + x]):
            dist[x] = 0
            ring[nr] = x
            nr += 1
    depth = 0
    while nr > 0 and depth < 11:
        depth += 1
        nn = 0
        for a in range(nr):
            y = ring[a]
            for j in range(st[NADJ + y]):
                nb = st[ADJ + 4 * y + j]
                if dist[nb] > depth and st[TERR + nb] != LAKE:
                    dist[nb] = depth
                    nxt[nn] = nb
                    nn += 1
        for a in range(nn):
            ring[a] = nxt[a]
        nr = nn


@njit(cache=True)
def _plan_groups(st, stk, p, src, groups, sizes, sp, thr, seen, vis, pg):
    """Up to two groups (stack indices, ascending) worth trying from ``src``; the count.
    ``pg`` is scratch (5 rows of ``MAXH``)."""
    h = st[HGT + src]
    horses = st[O_PIN_HORSES] != 0
    mine = pg[0]
    nm = 0
    own_count = 0
    hostile = 0
    for i in range(h):
        u = stk[src, i]
        o = _owner(u)
        if o == p:
            if horses or (u & TYPE) != HORSES:
                own_count += 1
            if (u & MOVED) == 0 and (u & TYPE) != DRAGON:
                mine[nm] = i
                nm += 1
        elif _host(st, p, o) and (horses or (u & TYPE) != HORSES):
            hostile += 1
    # movers: mine sorted by (VALUE, index)
    movers = pg[1]
    for j in range(nm):
        v = mine[j]
        b = j
        while b > 0 and (
            _VALUE[stk[src, movers[b - 1]] & TYPE] > _VALUE[stk[src, v] & TYPE]
            or (
                _VALUE[stk[src, movers[b - 1]] & TYPE] == _VALUE[stk[src, v] & TYPE]
                and movers[b - 1] > v
            )
        ):
            movers[b] = movers[b - 1]
            b -= 1
        movers[b] = v
    keep = hostile
    if _is_settlement(st[TERR + src]):
        t = _thr(st, src, sp, thr, seen, vis)
        if t > 0:
            keep = max(keep, 1 + int(t / 1.5))
    counted_mine = 0
    for j in range(nm):
        if horses or (stk[src, mine[j]] & TYPE) != HORSES:
            counted_mine += 1
    stay_anyway = own_count - counted_mine
    need = max(0, keep - stay_anyway)
    free = pg[2]
    nf = 0
    for j in range(need, nm):
        i = movers[j]
        if horses or (stk[src, i] & TYPE) != HORSES:
            free[nf] = i
            nf += 1
    if not horses:
        for j in range(nm):
            i = mine[j]
            if (stk[src, i] & TYPE) == HORSES:
                free[nf] = i
                nf += 1
    ng = 0
    any_mover = False
    for j in range(nf):
        if (stk[src, free[j]] & TYPE) != HORSES:
            any_mover = True
    if any_mover:
        for j in range(nf):
            groups[0, j] = free[j]
        sizes[0] = nf
        _sort(groups[0], nf)
        ng = 1
    one = pg[3]
    fast = pg[4]
    nfa = 0
    any_fast = False
    for j in range(nf):
        i = free[j]
        u = stk[src, i]
        if (u & TYPE) == HORSES:
            fast[nfa] = i
            nfa += 1
        else:
            one[0] = u
            if _reach(st, one, np.int64(1), src) >= 2:
                fast[nfa] = i
                nfa += 1
                any_fast = True
    if any_fast and nfa < nf:
        for j in range(nfa):
            groups[ng, j] = fast[j]
        sizes[ng] = nfa
        _sort(groups[ng], nfa)
        ng += 1
    return ng


@njit(cache=True)
def _sort(a, n):
    for i in range(1, n):
        v = a[i]
        b = i
        while b > 0 and a[b - 1] > v:
            a[b] = a[b - 1]
            b -= 1
        a[b] = v


@njit(cache=True)
def _thr(st, x, sp, thr, seen, vis):
    """``_threat`` of ``x`` for a plan, worked out once (``thr[x] < 0``: not yet)."""
    if thr[x] < 0.0:
        thr[x] = _threat_sp(st, x, sp, seen, vis)
    return thr[x]


@njit(cache=True)
def _plan_next(st, p, src, path, ln, f, pirates, hin, banned, out):
    """``movement.next_squares`` for a plan, with the group's reach ``f``, whether it is
    Pirates only, the squares with hostile units ``hin`` and the pinned ``banned`` first
    steps worked out beforehand."""
    if ln >= f:
        return 0
    if ln > 0:
        last = path[ln - 1]
        t = st[TERR + last]
        if t == MOUNTAIN or t == LAKE or hin[last]:
            return 0
    cur = path[ln - 1] if ln > 0 else src
    peace = st[ROUND] == 1
    c = 0
    for j in range(st[NADJ + cur]):
        nb = st[ADJ + 4 * cur + j]
        if nb == src:
            continue
        skip = False
        for q in range(ln):
            if path[q] == nb:
                skip = True
        if skip:
            continue
        if ln == 0 and banned[nb]:
            continue
        if st[TERR + nb] == LAKE and not pirates:
            continue
        if peace and nb // 25 != p:
            continue
        out[c] = nb
        c += 1
    return c


@njit(cache=True)
def _plan_score(st, p, src, path, np_, conquer, mine, dist, sp, thr, hin, seen, vis):
    """``heuristic.score_path`` with the group's power and conquest worked out beforehand."""
    score = 0.0
    for j in range(np_):
        x = path[j]
        if conquer and st[HGT + x] == 0 and _host(st, p, st[CTRL + x]):
            score += (1.0 + _POINTS[st[TERR + x]]) * 1.2
    dest = path[np_ - 1]
    if hin[dest]:
        theirs = sp[dest]
        if mine < 1.4 * theirs + 0.3:
            return -100.0
        score += (1.0 + _POINTS[st[TERR + dest]]) * 1.5 + theirs * 1.5
    elif _is_settlement(st[TERR + dest]) and st[CTRL + dest] == p:
        score += min(_thr(st, dest, sp, thr, seen, vis), mine) * 0.8
    if conquer:
        for j in range(st[NADJ + dest]):
            nb = st[ADJ + 4 * dest + j]
            if _is_settlement(st[TERR + nb]) and _host(st, p, st[CTRL + nb]):
                score += 1.5
    score += 0.35 * (dist[src] - dist[dest])
    danger = 0.0
    for j in range(st[NADJ + dest]):
        danger += sp[st[ADJ + 4 * dest + j]]
    if danger > mine * 1.2 and not hin[dest]:
        score -= 1.0
    return score


@njit(cache=True)
def _best_plan(st, stk, p, only):
    """``heuristic.best_plan``: the best move into ``PL_*``; False to pass."""
    nsq = _nsq(st)
    dist = np.empty(MAXSQ, np.int64)
    _distance_map(st, p, dist)
    sp = np.empty(MAXSQ, np.float64)
    _seen_all(st, stk, p, sp)
    thr = np.full(MAXSQ, -1.0)
    hin = np.zeros(MAXSQ, np.bool_)
    for x in range(nsq):
        hin[x] = _hostile_in(st, stk, x, p)
    banned = np.zeros(MAXSQ, np.bool_)
    seen = np.zeros(MAXSQ, np.bool_)
    vis = np.empty(32, np.int64)
    sources = np.empty(MAXSQ, np.int64)
    if only >= 0:
        sources[0] = only
        ns = 1
    else:
        work = np.empty(MAXH, np.int64)
        nbuf = np.empty(16, np.int64)
        ns = _select_squares(st, stk, p, sources, work, nbuf)
    groups = np.empty((2, MAXH), np.int64)
    sizes = np.zeros(2, np.int64)
    units = np.empty(MAXH, np.int64)
    pg = np.empty((5, MAXH), np.int64)
    todo = np.empty((256, 4), np.int64)  # [length, squares...]
    nxt = np.empty(4, np.int64)
    path = np.empty(4, np.int64)
    found = False
    best = 0.0
    for si in range(ns):
        src = sources[si]
        h = st[HGT + src]
        for i in range(h):
            u = stk[src, i]
            if _host(st, p, _owner(u)):
                came = ((u & FROM_MASK) >> FROM_SHIFT) - 1
                if came >= 0:
                    banned[came] = True
        ng = _plan_groups(st, stk, p, src, groups, sizes, sp, thr, seen, vis, pg)
        for gi in range(ng):
            m = sizes[gi]
            pirates = True
            for j in range(m):
                units[j] = stk[src, groups[gi, j]]
                if (units[j] & TYPE) != PIRATES:
                    pirates = False
            f = _reach(st, units, m, src)
            conquer = _conquers(st, units, m)
            mine = _own_power(units, m)
            # paths(): depth first, the newest first; every path in discovery order
            nt = 1
            todo[0, 0] = 0
            while nt > 0:
                nt -= 1
                ln = todo[nt, 0]
                for j in range(ln):
                    path[j] = todo[nt, 1 + j]
                c = _plan_next(st, p, src, path, ln, f, pirates, hin, banned, nxt)
                for j in range(c):
                    path[ln] = nxt[j]
                    score = _plan_score(
                        st, p, src, path, ln + 1, conquer, mine, dist, sp, thr, hin, seen, vis
                    )
                    if not found or score > best:
                        found = True
                        best = score
                        st[PL_SRC] = src
                        st[PL_NG] = m
                        for q in range(m):
                            st[PL_GROUP + q] = groups[gi, q]
                        st[PL_NP] = ln + 1
                        for q in range(ln + 1):
                            st[PL_PATH + q] = path[q]
                    todo[nt, 0] = ln + 1
                    for q in range(ln + 1):
                        todo[nt, 1 + q] = path[q]
                    nt += 1
        for i in range(h):
            u = stk[src, i]
            came = ((u & FROM_MASK) >> FROM_SHIFT) - 1
            if came >= 0:
                banned[came] = False
    return found and best > 0.2


@njit(cache=True, inline="always")
def _move_step(st, stk, p):
    if st[MV_SRC] < 0:
        if _best_plan(st, stk, p, np.int64(-1)):
            st[PL_OK] = 1
            st[PL_P] = p
            st[PL_MOVE] = st[MOVE_NO]
            st[PL_ROUND] = st[ROUND]
            st[PL_NONE] = 0
            return (A_SELECT << 16) | st[PL_SRC]
        st[PL_OK] = 0
        return A_PASS << 16
    src = st[MV_SRC]
    if not (
        st[PL_OK] != 0
        and st[PL_P] == p
        and st[PL_SRC] == src
        and st[PL_MOVE] == st[MOVE_NO]
        and st[PL_ROUND] == st[ROUND]
    ):
        ok = _best_plan(st, stk, p, src)
        st[PL_OK] = 1
        st[PL_P] = p
        st[PL_SRC] = src
        st[PL_MOVE] = st[MOVE_NO]
        st[PL_ROUND] = st[ROUND]
        st[PL_NONE] = 0 if ok else 1
    if st[PL_NONE] != 0:
        return (A_BACK << 16) if st[BACKS + p] > 0 else -1
    if st[NPATH] == 0:
        ng = st[PL_NG]
        wanted = np.empty(ng, np.int64)
        for j in range(ng):
            wanted[j] = stk[src, st[PL_GROUP + j]]
        alive = np.ones(ng, np.bool_)
        for c in range(st[NSEL]):
            code = stk[src, st[MV_SEL + c]] & BASE_MASK
            for j in range(ng):
                if alive[j] and (wanted[j] & BASE_MASK) == code:
                    alive[j] = False
                    break
        for j in range(ng - 1, -1, -1):
            if alive[j]:
                u = wanted[j]
                return (A_TAKE << 16) | ((u & TYPE) << 8) | (1 if (u & DAMAGED) else 0)
    done = st[NPATH]
    npl = st[PL_NP]
    same = done <= npl
    if same:
        for j in range(done):
            if st[MV_PATH + j] != st[PL_PATH + j]:
                same = False
    if same and done < npl:
        return (A_STEP << 16) | st[PL_PATH + done]
    if done > 0:
        return A_CONFIRM << 16
    return -1


@njit(cache=True)
def _hit_cost(k, hurt, enemy_general):
    if k == HORSES:
        return 99.0
    value = _VALUE[k]
    if k == INFILTRATOR and enemy_general:
        value += 4
    if hurt or k == GENERAL or k == DIPLOMAT or k == INFILTRATOR or k == MAGICIAN:
        return float(value)
    return value * 0.45


@njit(cache=True)
def _combat_choice(st, stk, p):
    stage = st[BT_STAGE]
    if stage == BT_CHOOSE:
        return (A_BATTLE << 16) | st[QUEUE]
    sq = st[BT_SQ]
    h = st[HGT + sq]
    if stage == BT_DIPLOMAT:
        ours = np.empty(h, np.int64)
        theirs = np.empty(h, np.int64)
        no = 0
        nt = 0
        for i in range(h):
            u = stk[sq, i]
            if _host(st, p, _owner(u)):
                theirs[nt] = u
                nt += 1
            else:
                ours[no] = u
                no += 1
        if _own_power(ours, no) < 0.8 * _own_power(theirs, nt):
            return (A_DIPLO << 16) | 1
        return A_DIPLO << 16
    if stage == BT_TARGET:
        tg = np.empty(8, np.int64)
        nt = _hit_targets(st, stk, st[BT_HITS + st[HITS0]] & 7, tg)
        best = -1
        bc = 0
        for j in range(nt):
            q = tg[j]
            c = 0
            for i in range(h):
                if _owner(stk[sq, i]) == q:
                    c += 1
            if best < 0 or c < bc or (c == bc and q < best):
                best = q
                bc = c
        seat = -1 if best == NEUTRAL else best
        return (A_TARGET << 16) | (seat + 1)
    if stage == BT_ASSIGN:
        target = st[BT_TARGET_SEAT]
        keys = np.empty(28, np.int64)
        nk = _hit_kinds(st, stk, target, keys)
        pick = -1
        if target == p:
            enemy_general = False
            for i in range(h):
                u = stk[sq, i]
                if (u & TYPE) == GENERAL and _host(st, p, _owner(u)):
                    enemy_general = True
            bc = 0.0
            for j in range(nk):
                c = _hit_cost(keys[j] >> 1, (keys[j] & 1) != 0, enemy_general)
                if pick < 0 or c < bc:
                    pick = keys[j]
                    bc = c
        else:
            bc = 0.0
            for j in range(nk):
                c = _hit_cost(keys[j] >> 1, (keys[j] & 1) != 0, np.bool_(True))
                if pick < 0 or c >= bc:
                    pick = keys[j]
                    bc = c
        return (A_ASSIGN << 16) | ((pick >> 1) << 8) | (pick & 1)
    return -1


@njit(cache=True)
def _reinforce(st, stk, p):
    mg = np.empty(6 * MAXSQ, np.int64)
    if _merges(st, stk, p, mg) > 0:
        return (A_MERGE << 16) | mg[0]
    anyk = False
    for k in range(REGULAR):
        if st[PEND + 6 * p + k] > 0:
            anyk = True
    if not anyk:
        return A_DONE << 16
    sites = np.empty(MAXSQ, np.int64)
    ns = _place_sites(st, stk, p, sites)
    if ns == 0:
        return A_DONE << 16
    x = -1
    bs = 0.0
    for j in range(ns):
        s = sites[j]
        v = _threat(st, stk, s, p) + (0.5 if st[TERR + s] == CASTLE else 0)
        if x < 0 or v > bs:
            x = s
            bs = v
    kbest = -1
    for k in range(REGULAR):
        if st[PEND + 6 * p + k] > 0:
            if kbest < 0 or _VALUE[k] >= _VALUE[kbest]:
                kbest = k
    return (A_PLACE << 16) | (kbest << 8) | x


@njit(cache=True)
def _auction(st, stk, p):
    special = st[AU_SPECIAL]
    cap = min(_PRICE[special], st[GOLD + p] * 2 // 5)
    stage = st[AU_STAGE]
    if stage == AU_BID:
        if st[AU_PRICE] + 1 <= cap:
            return (A_BID << 16) | ((st[AU_PRICE] + 1) << 8)
        return A_DROP << 16
    if stage == AU_SEALED:
        return (A_SEALED << 16) | (max(0, min(cap, st[GOLD + p])) << 8)
    if stage == AU_PLACE:
        sqs = np.empty(MAXSQ, np.int64)
        m = _special_squares(st, stk, p, special, sqs)
        if m == 0:
            return -1
        x = -1
        bs = 0.0
        for j in range(m):
            s = sqs[j]
            if special == DRAGON:
                v = _dragon_spot(st, stk, p, s)
            else:
                v = _threat(st, stk, s, p)
            if x < 0 or v > bs:
                x = s
                bs = v
        return (A_PLACE_SPECIAL << 16) | x
    return -1


@njit(cache=True)
def _heuristic(st, stk, p, rs, lg, nl):
    """``heuristic.choose``: the action code for ``p``, ``lg[:nl]`` the legal actions."""
    phase = st[PHASE]
    action = -1
    if phase == MOVEMENT:
        action = _move_step(st, stk, p)
    elif phase == COMBAT:
        action = _combat_choice(st, stk, p)
    elif phase == PURCHASE:
        left = st[GOLD + p] - st[SPENT + p]
        pool = POOLS + 6 * p
        order = np.empty(4, np.int64)
        no = 0
        if not (st[pool + GENERAL] < 3) and left >= 16:
            order[0] = GENERAL
            no = 1
        pick = draw_kept(rs)
        if pick < 0.35:
            order[no] = RIDER
            order[no + 1] = ELITE
        elif pick < 0.7:
            order[no] = ELITE
            order[no + 1] = RIDER
        elif pick < 0.85:
            order[no] = CATAPULT
            order[no + 1] = ELITE
        else:
            order[no] = ARCHER
            order[no + 1] = ELITE
        order[no + 2] = MERC
        no += 3
        for j in range(no):
            k = order[j]
            if st[pool + k] > 0 and _COST[k] <= left:
                action = (A_BUY << 16) | (k << 8)
                break
        if action < 0:
            for k in (ELITE, MERC, RIDER, ARCHER, CATAPULT):
                if st[pool + k] > 0 and _COST[k] <= left:
                    action = (A_BUY << 16) | (k << 8)
                    break
        if action < 0:
            action = A_DONE << 16
    elif phase == REINFORCEMENT:
        action = _reinforce(st, stk, p)
    elif phase == AUCTION:
        action = _auction(st, stk, p)
    elif phase == TERRAIN:
        anyt = False
        for kind in range(6):
            if st[TILESO + 6 * p + kind] > 0:
                anyt = True
        if not anyt:
            action = A_DONE << 16
        else:
            turn = p % 4
            for t in range(9):
                kind = _TEMPLATE[t, 0]
                r = _TEMPLATE[t, 1]
                c = _TEMPLATE[t, 2]
                for _ in range(turn):
                    r, c = c, 4 - r
                x = 25 * p + 5 * r + c
                if st[TILESO + 6 * p + kind] > 0 and st[TERR + x] == 0:
                    action = (A_TILE << 16) | (kind << 8) | x
                    break
            if action < 0:
                nf = 0
                for j in range(nl):
                    if (lg[j] >> 16) == A_TILE:
                        nf += 1
                if nf == 0:
                    action = A_DONE << 16
                else:
                    pick = int(draw_kept(rs) * nf)
                    for j in range(nl):
                        if (lg[j] >> 16) == A_TILE:
                            if pick == 0:
                                action = lg[j]
                                break
                            pick -= 1
    elif phase == SETUP:
        left = START_GOLD - st[SPENT + p]
        sites = np.empty(3, np.int64)
        ns = _setup_sites(st, p, sites)
        low = 1 << 30
        bought = 0
        for j in range(ns):
            low = min(low, st[HGT + sites[j]])
            bought += st[HGT + sites[j]]
        site = -1
        for j in range(ns):
            if st[HGT + sites[j]] == low:
                site = sites[j]
                break
        pool = POOLS + 6 * p
        start = bought % 10
        for j in range(start, 20):
            k = _ARMY[j] if j < 10 else _ARMY[j - 10]
            if _COST[k] <= left and st[pool + k] > 0:
                action = (A_RECRUIT << 16) | (k << 8) | site
                break
        if action < 0:
            if _COST[MERC] <= left and st[pool + MERC] > 0:
                action = (A_RECRUIT << 16) | site
            else:
                action = A_DONE << 16
    if action >= 0:
        for j in range(nl):
            if lg[j] == action:
                return action
    return lg[int(draw_kept(rs) * nl)]
