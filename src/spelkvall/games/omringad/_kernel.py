# mypy: ignore-errors
# ruff: noqa: SIM102, SIM108, SIM109, SIM110
# (the loops and comparisons are written the way Numba compiles them: no generators)
"""The compiled core of Omringad's batch simulator (``batch.py`` is its typed front door).

One Numba function plays many games from one position, each to its end, each with its own
xorshift64* stream, so a game depends only on (seed, game number). The rules are those of
``rules.py``, ``movement.py`` and ``combat.py`` line by line (both maps, every option), and the
heuristic is ``heuristic.py``'s, with its floating-point sums in the same order; the legal
actions are listed in the engine's order. ``tests/games/omringad/test_batch.py`` checks it
step for step.

A position is an int64 array ``st`` (offsets below; the options and the map too) and the
stacks ``stk[square, i]`` (units as in ``units.py``, bottom first; heights in ``st[HGT + sq]``).
An action is one int: ``kind << 16 | a << 8 | b`` (``A_*``; a target seat is stored + 1).

How random draws are used (one stream per game, ``batch.XorShiftRandom`` in Python):

- a die (initiative, battle) takes one draw ``u``: ``1 + int(u * 6)``; the special drawn from
  the cup one: ``int(u * specials in the cup)``, counted off kind by kind; the Dragon's target
  one: ``int(u * targets)``;
- a random seat takes one draw per decision, even with one legal action:
  ``legal[int(u * len(legal))]``; where several act at once, the lowest seat first, each
  once, then the seats still to act again (``bots.mcts.play_to_end``);
- a heuristic seat plays ``heuristic.choose`` every time (as ``bots.mcts.heuristic_policy``):
  a purchase takes one draw, and so does every fallback to a random legal action.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from spelkvall.core.kernel_random import draw_kept, game_stream

from .board import ADJACENT, COST, MOVE, POOL, STRENGTH, TILES, TURN_ORDER
from .heuristic import SPECIAL_PRICE, TEMPLATE, VALUE

RANDOM, HEURISTIC = 0, 1

# Compiling costs (issue #27). A constant argument of a compiled helper is written
# ``np.int64(...)`` (or ``np.bool_``): Numba types a bare constant as a literal and compiled the
# helper (and what it calls) once more for every constant it was called with (``_battle_flow``
# three times). Helpers called from one place only (``_play_game``, ``apply_chance``,
# ``_move_step``, ...) are ``inline="always"``: every separately compiled function links in
# and optimises again the code of everything it calls, which in this deep call graph cost
# more than typing those helpers once inside their caller.

MAXH = 150
"""Room for a stack: every unit of four players and every special fits on one square."""
MAXSQ = 100
MAXSTEPS = 48
MAXLEGAL = 2048

# --- units (units.py) -----------------------------------------------------------------------
TYPE = 15
DAMAGED = 16
OWNER_SHIFT = 5
NEUTRAL = 7
MOVED = 256
FROM_SHIFT = 9
FROM_MASK = 127 << 9
STAMP_SHIFT = 16
BASE_MASK = 15 | 16 | (7 << 5)

# unit types (board.py)
MERC, ELITE, ARCHER, RIDER, CATAPULT, GENERAL = 0, 1, 2, 3, 4, 5
DIPLOMAT, DRAGON, HORSES, INFILTRATOR, ELEPHANTS, MAGICIAN, PIRATES, SHARPSHOOTERS = (
    6,
    7,
    8,
    9,
    10,
    11,
    12,
    13,
)
REGULAR = 6
BARE, MOUNTAIN, CASTLE, VILLAGE, LAKE, FOREST = 0, 1, 2, 3, 4, 5

# phases (phases.py)
TERRAIN, SETUP = 0, 1
INITIATIVE, AUCTION, PURCHASE, MOVEMENT, COMBAT, REINFORCEMENT, INCOME, SCORING = (
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9,
)
OVER = 10
AU_DRAW, AU_BID, AU_SEALED, AU_PLACE = 0, 1, 2, 3
BT_CHOOSE, BT_DIPLOMAT, BT_ROLL, BT_TARGET, BT_DRAGON, BT_ASSIGN = 0, 1, 2, 3, 4, 5
BACK_BUDGET = 12
START_GOLD = 25

# actions
A_TILE, A_RECRUIT, A_BACK, A_DONE, A_BID, A_DROP, A_SEALED, A_PLACE_SPECIAL = 1, 2, 3, 4, 5, 6, 7, 8
A_BUY, A_SELECT, A_TAKE, A_STEP, A_CONFIRM, A_PASS, A_BATTLE, A_DIPLO = (
    9,
    10,
    11,
    12,
    13,
    14,
    15,
    16,
)
A_TARGET, A_ASSIGN, A_PLACE, A_MERGE, A_DIE, A_DRAW, A_DTARGET = 17, 18, 19, 20, 21, 22, 23

# --- the offsets of ``st`` -------------------------------------------------------------------
N = 0
PHASE = 1
ROUND = 2
HOLDER = 3
CUR = 4
TERR = 5
CTRL = TERR + MAXSQ
HGT = CTRL + MAXSQ
POOLS = HGT + MAXSQ  # 4 x 6
PEND = POOLS + 24  # 4 x 6: bought units waiting, counted by type
GOLD = PEND + 24
POINTS = GOLD + 4
CUP = POINTS + 4  # 8
READY = CUP + 8
TILESO = READY + 4  # 4 x 6
STEPS = TILESO + 24  # 4 x MAXSTEPS
NSTEPS = STEPS + 4 * MAXSTEPS
BACKS = NSTEPS + 4
SPENT = BACKS + 4
CONT = SPENT + 4  # 4 contenders
NCONT = CONT + 4
ROLLS = NCONT + 1  # 4 initiative rolls
NROLLS = ROLLS + 4
AU_STAGE = NROLLS + 1
AU_SPECIAL = AU_STAGE + 1
AU_PRICE = AU_SPECIAL + 1
AU_LEADER = AU_PRICE + 1
AU_ACTIVE = AU_LEADER + 1  # 4
AU_BIDS = AU_ACTIVE + 4  # 4
PASSED = AU_BIDS + 4  # 4
MV_SRC = PASSED + 4
MV_SEL = MV_SRC + 1  # MAXH stack indices
NSEL = MV_SEL + MAXH
MV_PATH = NSEL + 1  # 4
NPATH = MV_PATH + 4
MOVE_NO = NPATH + 1
QUEUE = MOVE_NO + 1  # MAXSQ
NQ = QUEUE + MAXSQ
BT_SQ = NQ + 1
BT_STAGE = BT_SQ + 1
BT_DEF = BT_STAGE + 1
BT_STEP = BT_DEF + 1
BT_ROLLERS = BT_STEP + 1  # MAXH
NROLLERS = BT_ROLLERS + MAXH
NDICE = NROLLERS + 1
BT_HITFLAG = NDICE + 1  # MAXH: whether each die of the step hit
BT_HITS = BT_HITFLAG + MAXH  # MAXH pending hits
HITS0 = BT_HITS + MAXH  # the first pending hit
NHITS = HITS0 + 1  # one past the last
BT_TARGET_SEAT = NHITS + 1  # the side a hit goes to (stage BT_TARGET)
PLACEDO = BT_TARGET_SEAT + 1  # MAXSQ: units placed per square this turn
WINNERS = PLACEDO + MAXSQ
ORDER = WINNERS + 1  # 4
HOST = ORDER + 4  # 8 x 8
TEAMS = HOST + 64  # 4: team index per seat, -1 without teams
ADJ = TEAMS + 4  # MAXSQ x 4
NADJ = ADJ + 4 * MAXSQ
# the heuristic's plan of the move under way (heuristic._PLANS)
PL_OK = NADJ + MAXSQ
PL_P = PL_OK + 1
PL_SRC = PL_P + 1
PL_MOVE = PL_SRC + 1
PL_ROUND = PL_MOVE + 1
PL_NONE = PL_ROUND + 1
PL_GROUP = PL_NONE + 1  # MAXH
PL_NG = PL_GROUP + MAXH
PL_PATH = PL_NG + 1  # 3
PL_NP = PL_PATH + 3
# options
O_TARGET = PL_NP + 1
O_TEAMS = O_TARGET + 1  # 1 when there are teams
O_BOTH = O_TEAMS + 1
O_SEALED = O_BOTH + 1
O_SETUP_SEP = O_SEALED + 1
O_MAGICIAN = O_SETUP_SEP + 1
O_MOUNTAIN = O_MAGICIAN + 1
O_GENERALS = O_MOUNTAIN + 1
O_PIN_HORSES = O_GENERALS + 1
O_LONE_HORSES = O_PIN_HORSES + 1
O_HOLDER_ORDER = O_LONE_HORSES + 1
O_DRAGON_SIEGE = O_HOLDER_ORDER + 1
O_NONCOMBAT = O_DRAGON_SIEGE + 1
O_WAIT = O_NONCOMBAT + 1
O_SHARED = O_WAIT + 1
O_ROUND_LIMIT = O_SHARED + 1
SIZE = O_ROUND_LIMIT + 1

# Trace codes (step-for-step test): chance or a seat's decision, the choices, the action.
T_CHANCE, T_SEAT = 1, 2

_COST = np.array(COST, np.int64)
_POOL = np.array(POOL, np.int64)
_TILES = np.array(TILES, np.int64)
_MOVE = np.array(MOVE, np.int64)
_STRENGTH = np.array(STRENGTH, np.int64)
_VALUE = np.array(VALUE, np.int64)
_PRICE = np.array([SPECIAL_PRICE.get(k, 3) for k in range(14)], np.int64)
_TEMPLATE = np.array(TEMPLATE, np.int64)
_POINTS = np.array((0, 1, 5, 2, 0, 1), np.int64)
_ARMY = np.array((RIDER, ELITE, ELITE, MERC, RIDER, ELITE, MERC, MERC, ELITE, MERC), np.int64)
_TILE_KINDS = np.array((CASTLE, VILLAGE, LAKE, FOREST, MOUNTAIN), np.int64)


def adjacency(players: int) -> np.ndarray:
    """``[square, 0:4]`` neighbours (ascending, -1 padded) of the map for ``players``."""
    out = np.full((MAXSQ, 4), -1, np.int64)
    for sq, nbs in enumerate(ADJACENT[players]):
        out[sq, : len(nbs)] = nbs
    return out


TURN = TURN_ORDER


# --- small helpers ---------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _owner(u):
    return (u >> OWNER_SHIFT) & 7


@njit(cache=True, inline="always")
def _host(st, a, b):
    return st[HOST + 8 * a + b] != 0


@njit(cache=True)
def _after(st, seat):
    n = st[N]
    at = 0
    for i in range(n):
        if st[ORDER + i] == seat:
            at = i
    return st[ORDER + (at + 1) % n]


@njit(cache=True)
def _hostile_in(st, stk, sq, party):
    for i in range(st[HGT + sq]):
        if st[HOST + 8 * party + _owner(stk[sq, i])] != 0:
            return True
    return False


@njit(cache=True)
def _rank(u):
    k = u & TYPE
    if k == HORSES:
        return 2
    if k == GENERAL:
        return 1
    return 0


@njit(cache=True)
def _push(st, stk, sq, u):
    """Add one unit, keeping the stack ordered by rank (a stable sort: §B15)."""
    h = st[HGT + sq]
    r = _rank(u)
    i = h
    while i > 0 and _rank(stk[sq, i - 1]) > r:
        stk[sq, i] = stk[sq, i - 1]
        i -= 1
    stk[sq, i] = u
    st[HGT + sq] = h + 1


@njit(cache=True)
def _delete(st, stk, sq, i):
    h = st[HGT + sq]
    for j in range(i, h - 1):
        stk[sq, j] = stk[sq, j + 1]
    st[HGT + sq] = h - 1


@njit(cache=True)
def _return_unit(st, u):
    k = u & TYPE
    if k >= REGULAR:
        st[CUP + k - REGULAR] += 1
    else:
        st[POOLS + 6 * _owner(u) + k] += 1


@njit(cache=True)
def _is_settlement(t):
    return t == CASTLE or t == VILLAGE


@njit(cache=True)
def _settlement_ok(st, stk, sq, seat):
    return (
        _is_settlement(st[TERR + sq])
        and st[CTRL + sq] == seat
        and not _hostile_in(st, stk, sq, seat)
    )


@njit(cache=True)
def _besieging(st, stk, sq, seat):
    count = 0
    for j in range(st[NADJ + sq]):
        nb = st[ADJ + 4 * sq + j]
        lake = st[TERR + nb] == LAKE
        for i in range(st[HGT + nb]):
            u = stk[nb, i]
            if not _host(st, seat, _owner(u)):
                continue
            k = u & TYPE
            if k == MAGICIAN or k == INFILTRATOR or k == DIPLOMAT or k == HORSES:
                continue
            if k == DRAGON and st[O_DRAGON_SIEGE] == 0:
                continue
            if lake:
                continue
            count += 1
            break
    return count


@njit(cache=True)
def _siege_limit(st, stk, sq, seat):
    b = _besieging(st, stk, sq, seat)
    if b == 0:
        return -1
    if b >= 2:
        return 0
    return max(0, 2 - st[PLACEDO + sq])


@njit(cache=True)
def _nsq(st):
    return 25 * st[N]


@njit(cache=True)
def _special_squares(st, stk, seat, special, out):
    m = 0
    for sq in range(_nsq(st)):
        if special == DRAGON:
            t = st[TERR + sq]
            if (t == MOUNTAIN or t == FOREST or t == BARE) and st[HGT + sq] == 0:
                out[m] = sq
                m += 1
        elif _settlement_ok(st, stk, sq, seat):
            out[m] = sq
            m += 1
    return m


@njit(cache=True)
def _can_place_special(st, stk, seat, special):
    for sq in range(_nsq(st)):
        if special == DRAGON:
            t = st[TERR + sq]
            if (t == MOUNTAIN or t == FOREST or t == BARE) and st[HGT + sq] == 0:
                return True
        elif _settlement_ok(st, stk, sq, seat):
            return True
    return False


@njit(cache=True)
def _all(st, off):
    for p in range(st[N]):
        if st[off + p] == 0:
            return False
    return True


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


# --- playing games ---------------------------------------------------------------------------


@njit(cache=True)
def _trace(tr, g, k, a, b):
    if k < tr.shape[1]:
        tr[g, k, 0] = a
        tr[g, k, 1] = b
    return k + 1


@njit(cache=True, inline="always")
def _play_game(st, stk, rs, policy, max_steps, tr, g, lg, buf):
    """Play one game to its end; (chance events, decisions, finished)."""
    acting = np.empty(4, np.int64)
    chance = 0
    moves = 0
    k = 0
    for _step in range(max_steps):
        if st[PHASE] == OVER:
            return chance, moves, True
        if is_chance(st):
            nc = chance_count(st, stk)
            code = draw_chance(st, stk, rs)
            k = _trace(tr, g, k, T_CHANCE * 4096 + nc, code)
            chance += 1
            apply_chance(st, stk, code, buf)
            continue
        na = to_act(st, stk, acting)
        for j in range(na):
            p = acting[j]
            nl = legal(st, stk, p, lg)
            if policy[p] == RANDOM:
                code = lg[int(draw_kept(rs) * nl)]
            else:
                code = _heuristic(st, stk, p, rs, lg, nl)
            k = _trace(tr, g, k, T_SEAT * 4096 + nl, code)
            moves += 1
            apply_player(st, stk, p, code, buf)
    return chance, moves, st[PHASE] == OVER


@njit(cache=True, nogil=True)
def play_range(first, last, st0, stk0, policy, seed, game0, max_steps, out, fin, tr):
    """Play games ``first`` .. ``last - 1`` from ``st0``/``stk0``. ``out[g]``: winners (bit
    mask), points (4), rounds, chance events, decisions, whether the game ended; ``fin[g]``
    the final control of every square when it has rows; ``tr[g]`` the trace when it has rows."""
    st = np.empty(SIZE, np.int64)
    stk = np.empty_like(stk0)
    lg = np.empty(MAXLEGAL, np.int64)
    buf = np.empty(MAXLEGAL, np.int64)
    rs = np.empty(1, np.uint64)
    record = fin.shape[0] > 0
    nsq = 25 * st0[N]
    for g in range(first, last):
        for i in range(SIZE):
            st[i] = st0[i]
        for sq in range(nsq):
            for i in range(st0[HGT + sq]):
                stk[sq, i] = stk0[sq, i]
        rs[0] = game_stream(seed, np.uint64(g + game0))
        chance, moves, done = _play_game(st, stk, rs, policy, max_steps, tr, g, lg, buf)
        out[g, 0] = st[WINNERS]
        for p in range(4):
            out[g, 1 + p] = st[POINTS + p] if p < st[N] else 0
        out[g, 5] = st[ROUND]
        out[g, 6] = chance
        out[g, 7] = moves
        out[g, 8] = 1 if done else 0
        if record:
            for sq in range(nsq):
                fin[g, sq] = st[CTRL + sq]
                fin[g, MAXSQ + sq] = st[HGT + sq]
