# mypy: ignore-errors
# ruff: noqa: SIM109, SIM110
# (the loops and comparisons are written the way Numba compiles them: no generators)
"""Omringad's kernel (``_kernel``): the layout of a position, its tables and small helpers.

The offsets of ``st``, the unit bits of ``stk`` (as in ``units.py``), the phase and action
codes, the unit tables (``board.py``'s, as arrays) and the helpers every part reads.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from spelkvall.core.kernels import depends_on

from . import board, heuristic
from .board import ADJACENT, COST, MOVE, POOL, STRENGTH, TILES, TURN_ORDER
from .heuristic import SPECIAL_PRICE, TEMPLATE, VALUE

# The tables below are frozen into the compiled code: an edit of board.py or heuristic.py
# must make the cached kernels stale.
depends_on(__file__, board, heuristic)

RANDOM, HEURISTIC = 0, 1

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
