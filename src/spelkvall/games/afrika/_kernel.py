# mypy: ignore-errors
"""The compiled core of Afrikas stjärna's batch simulator (``batch.py`` is its typed front door).

One Numba function plays many games from one position, each to its end, each with its own
xorshift64* stream, so a game's outcome depends only on (seed, game number). The rules are
those of ``rules.py`` step by step (the order of the legal actions, arrival effects, tokens
drawn from the bag, stranded players, the turn order by draw or by roll) and the heuristic is
``heuristic.py`` with the same floating-point operations in the same order, so the two agree
game for game; ``tests/games/afrika/test_batch.py`` checks it against the engine.

The board and the heuristic's cost tables come in as arrays (``batch.Tables``), the position as
arrays and a few numbers (``batch.Position``). Randomness (``batch.XorShiftRandom`` is the same
in Python):

- chance is keyed (see ``_ku``), a value ``u`` of the game's key and (domain, key): the die of
  turn ``t`` (``state.turns``) is ``1 + int(u * 6)``; the token opened when ``k`` are opened
  is ``int(u * size)`` counted through the kinds; the seat drawn when ``k`` are in the order
  is ``pending[int(u * len(pending))]``; the turn-order roll of round ``r`` with ``n`` still
  to roll is keyed ``8r + n``;
- a random seat takes one draw per decision, even with a single legal action:
  ``legal[int(u * len(legal))]``;
- a heuristic seat takes no draw with a single legal action; otherwise draws only where
  ``heuristic.choose`` calls ``rng.choice`` (the start point, and wandering when no target is
  in reach), ``seq[int(u * len(seq))]``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from spelkvall.core import kernel_random
from spelkvall.core.kernel_random import GOLDEN, TO_UNIT, draw_kept, game_stream, splitmix
from spelkvall.core.kernels import depends_on

depends_on(__file__, kernel_random)

# Phases and roll purposes, as in rules.py.
ORDER, START, TURN, ROLL, STEP, BUY, DRAW, OVER = 0, 1, 2, 3, 4, 5, 6, 7
F_MOVE, F_ESCAPE, F_SEA, F_TOKEN, F_ORDER = 0, 1, 2, 3, 4
# Action kinds of a turn.
A_WALK, A_SAIL, A_SAILFREE, A_SAILON, A_FLY, A_TRY, A_BUY, A_PASS = 0, 1, 2, 3, 4, 5, 6, 7
# Tokens, as in tokens.py.
BLANK, HORSESHOE, ROBBER, TOPAZ, EMERALD, RUBY, STAR = 0, 1, 2, 3, 4, 5, 6
UNOPENED = -1
RANDOM, HEURISTIC = 0, 1
# The position is a few packed arrays, so that the helpers take few arguments (Numba counts
# references to every array passed, which costs more than the rules themselves).
# S: the numbers of the position.
PH, PU, DI, CU, TI, DR, STG, BON, ML, WIN, NPEND, NORD, NP_, ROUND, TURNS = range(15)
S_SIZE = 16
# OP: the options.
O_FREE, O_ESCAPE, O_S3WAIT, O_EMERALD, O_HIGHROLL = range(5)
# K: special places and sizes.
K_CAPE, K_GOLD, K_SLAVE, K_TANGIER, K_CAIRO, K_MAD0, K_MAD1, K_NPLACES = range(8)
# P[row, seat]: the players.
POS, MONEY, LEG, LSTEP, FREE, CAPT, SLAVE, STARH, SHOES, STRD = range(10)
# T: token_at per place (0..31), then the bag's counts by kind (BAG + kind).
BAG = 32
# Q[row, i]: the turn order, the seats still to roll or be drawn, the tied groups, the rolls.
QORDER, QPEND, QGSEAT, QGBRK, QROLL = range(5)
# B[row, node]: the board's flags.
(
    B_HAZARD,
    B_PLACE,
    B_START,
    B_PORT,
    B_AIRPORT,
    B_LAND,
    B_ISLAND,
    B_SEAONLY,
    B_MADAGASCAR,
    B_MAINLAND,
    B_MAINCITY,
) = range(11)
# MI[row, node * 7 + roll]: where the land moves' destinations start and how many (unique,
# and one per route), in ML1 and ML2.
MI_DSTART, MI_DCOUNT, MI_GSTART, MI_GCOUNT = range(4)
# LG[leg]: destination, first node in PATHS, length; AI[row, node]: flights in ALIST.
LG_DEST, LG_START, LG_LEN = range(3)
# W: scratch for one decision: legal kinds and args, trips, unopened cities.
W_KIND, W_ARG, W_AKIND, W_AARG, W_UNOP, W_UFLAG = 0, 64, 128, 192, 256, 320
W_SIZE = 384
# The trace of a step (``play_range``'s ``tr[g, step]``, for the differential tests): its kind
# * 4096 + its count (the number of legal actions of a decision; of a chance step the
# pending seats, the roll's purpose or the place opened), the outcome or the action chosen
# (``T_TURN``: kind * 1000 + destination), then every seat's money after it (the scores).
T_ORDER, T_ROLL, T_TOKEN, T_START, T_BUY, T_STEP, T_TURN = range(1, 8)
TR_MONEY = 2

INF = np.inf
STEP_TURNS = 1 / 3.5
FLIGHT_TURNS = 1.0
CAPTURE_TURNS = 3.0
MONEY_TURNS = 0.0086
MAX_TICKETS = 10
PRICE, FARE, BONUS, SLAVE_TURNS, FREE_STEPS = 100, 300, 500, 3, 2


# Chance is keyed: the die of turn t, the k-th token opened, the seat drawn k-th for the turn
# order each come from a hash of the game's key and (domain, key), not from the next draw of
# a stream. Two playouts from different positions of one search so see the same dice in the
# same turns and the same tokens in the same order, however many draws the moves between
# took: the search's paired comparisons of its moves (common random numbers) then measure the
# moves, not the luck. The policies' draws come from the sequential stream R[0].
D_DIE, D_TOKEN, D_ORDER, D_ORDER_ROLL = 1, 2, 3, 4
_DOMAIN = np.uint64(0x632BE59BD9B4E019)


@njit(cache=True, inline="always")
def _ku(R, domain, key):
    z = splitmix(R[1] ^ (np.uint64(domain) * _DOMAIN) ^ (np.uint64(key) * GOLDEN))
    return np.float64(z >> np.uint64(11)) * TO_UNIT


# --- the rules --------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _strand(p, S, OP, K, P, T, B):
    """S1–S4 for seat p: 0 (none) or 1..4."""
    v = P[POS, p]
    if v < 0 or P[LEG, p] >= 0:
        return 0
    item = P[STARH, p] != 0 or P[SHOES, p] > 0
    if T[BAG + STAR] == 0 and T[BAG + HORSESHOE] == 0 and not item:
        return 4
    if OP[O_FREE] != 0 or P[MONEY, p] >= PRICE:
        return 0
    if B[B_SEAONLY, v]:
        return 1 if T[v] != UNOPENED else 0
    if B[B_MADAGASCAR, v]:
        if T[K[K_MAD0]] == UNOPENED or T[K[K_MAD1]] == UNOPENED:
            return 0
        return 2
    if B[B_MAINLAND, v] and not item and S[ML] == 0 and (S[BON] != 0 or OP[O_S3WAIT] == 0):
        return 3
    return 0


@njit(cache=True, inline="always")
def _strand_check(S, OP, K, P, T, B):
    n = S[NP_]
    for s in range(n):
        if P[STRD, s] == 0:
            r = _strand(s, S, OP, K, P, T, B)
            if r:
                P[STRD, s] = r
    for s in range(n):
        if P[STRD, s] == 0:
            return False
    S[WIN] = -1
    S[PH] = OVER
    return True


@njit(cache=True, inline="always")
def _next_player(S, P, Q):
    n = S[NP_]
    i = S[TI]
    for _ in range(n):
        i = (i + 1) % n
        if P[STRD, Q[QORDER, i]] == 0:
            break
    S[TI] = i
    S[CU] = Q[QORDER, i]


@njit(cache=True, inline="always")
def _begin_turn(S, OP, K, P, T, Q, B):
    while True:
        p = S[CU]
        S[DI] = 0
        S[TURNS] += 1
        if P[SLAVE, p] > 0:
            P[SLAVE, p] -= 1
            if _strand_check(S, OP, K, P, T, B):
                return
            _next_player(S, P, Q)
            continue
        if P[CAPT, p]:
            S[PH] = ROLL
            S[PU] = F_ESCAPE
            return
        if P[LEG, p] >= 0:
            if P[FREE, p]:
                S[PH] = TURN
            else:
                S[PH] = ROLL
                S[PU] = F_SEA
            return
        S[PH] = TURN
        return


@njit(cache=True)
def _end_turn(S, OP, K, P, T, Q, B):
    if _strand_check(S, OP, K, P, T, B):
        return
    _next_player(S, P, Q)
    _begin_turn(S, OP, K, P, T, Q, B)


@njit(cache=True)
def _arrive(p, v, S, OP, K, P, T, Q, B):
    if B[B_HAZARD, v]:
        P[CAPT, p] = 1
        _end_turn(S, OP, K, P, T, Q, B)
        return
    if v == K[K_CAPE] and S[BON] == 0:
        S[BON] = 1
        P[MONEY, p] += BONUS
    if B[B_START, v] and (P[STARH, p] != 0 or P[SHOES, p] > 0):
        S[WIN] = p
        S[PH] = OVER
        return
    if v < K[K_NPLACES] and T[v] == UNOPENED and P[MONEY, p] >= PRICE:
        S[PH] = BUY
        return
    _end_turn(S, OP, K, P, T, Q, B)


@njit(cache=True)
def _sail(p, steps, S, OP, K, P, T, Q, B, LG, PATHS):
    L = P[LEG, p]
    n = LG[L, LG_LEN]
    k = P[LSTEP, p] + steps
    if k > n:
        k = n
    P[LSTEP, p] = k
    v = PATHS[LG[L, LG_START] + k - 1]
    P[POS, p] = v
    if k == n:
        P[LEG, p] = -1
        P[LSTEP, p] = 0
        P[FREE, p] = 0
        _arrive(p, v, S, OP, K, P, T, Q, B)
        return
    if B[B_HAZARD, v]:
        P[CAPT, p] = 1
    _end_turn(S, OP, K, P, T, Q, B)


# --- the heuristic ----------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _tickets(p, S, P, T, B):
    """heuristic.tickets: the budget (§10's table) within the money, in £100 tickets."""
    m = P[MONEY, p]
    if P[STARH, p] != 0 or P[SHOES, p] > 0:
        b = m
    elif T[BAG + STAR] == 0 and m == 300:
        b = 200
    elif m <= 100:
        v = P[POS, p]
        b = m if S[ML] == 0 or B[B_ISLAND, v] or not B[B_LAND, v] else 0
    elif m <= 500:
        b = 100
    elif m <= 1000:
        b = 300
    else:
        b = m // 3
    t = min(m, b) // 100
    return MAX_TICKETS if t > MAX_TICKETS else t


@njit(cache=True, inline="always")
def _cost(v, k, home, variant, pen_slave, pen_gold, bonus, K, W, nun, cost, nearest, B):
    """Plan.cost: expected turns from v to the nearest target with k tickets: the minimum over
    the unopened cities (W[W_UNOP:][:nun]), taken directly when few are left, else along the
    cities nearest first until none can be nearer."""
    if home:
        a = cost[variant, k, K[K_TANGIER], v]
        b = cost[variant, k, K[K_CAIRO], v]
        best = a if a <= b else b
    else:
        best = INF
        low_pen = pen_gold if pen_gold < 0.0 else 0.0
        slave_coast = K[K_SLAVE]
        gold_coast = K[K_GOLD]
        if nun <= 10:
            for i in range(nun):
                c = W[W_UNOP + i]
                value = cost[variant, k, c, v]
                if c == slave_coast:
                    value = value + pen_slave
                elif c == gold_coast:
                    value = value + pen_gold
                if value < best:
                    best = value
        else:
            for i in range(nearest.shape[3]):
                c = nearest[variant, k, v, i]
                base = cost[variant, k, c, v]
                if base + low_pen >= best:
                    break
                if W[W_UFLAG + c] != 0:
                    value = base
                    if c == slave_coast:
                        value = base + pen_slave
                    elif c == gold_coast:
                        value = base + pen_gold
                    if value < best:
                        best = value
        if bonus != 0.0:
            cb = cost[variant, k, K[K_CAPE], v] - bonus + 1.0
            if cb < best:
                best = cb
    if B[B_HAZARD, v]:
        best += CAPTURE_TURNS
    return best


@njit(cache=True, inline="always")
def _prepare(p, S, P, T, W, cities):
    """A decision's prices: unopened cities into W, and (pen_slave, pen_gold, bonus, nun)."""
    nun = 0
    for i in range(cities.shape[0]):
        c = cities[i]
        if T[c] == UNOPENED:
            W[W_UNOP + nun] = c
            nun += 1
            W[W_UFLAG + c] = 1
        else:
            W[W_UFLAG + c] = 0
    left = 0
    for i in range(7):
        left += T[BAG + i]
    if left == 0:
        left = 1
    pen_slave = 3.0 * T[BAG + BLANK] / left
    pen_gold = 0.0
    bonus = 0.0
    if P[MONEY, p] <= 100:
        gems = 300 * T[BAG + TOPAZ] + 500 * T[BAG + EMERALD] + 1000 * T[BAG + RUBY]
        g = gems / left / 400
        pen_gold = -(2.0 if g > 2.0 else g)
        if S[BON] == 0:
            bonus = 2.5
    return pen_slave, pen_gold, bonus, nun


@njit(cache=True)
def _h_step(p, v, die, R, S, OP, K, P, T, B, W, MI, ML1, ML2, cost, nearest, cities):
    """heuristic.choose in the step phase: the destination."""
    idx = v * 7 + die
    if MI[MI_GCOUNT, idx] == 1:
        return ML2[MI[MI_GSTART, idx]]
    home = P[STARH, p] != 0 or P[SHOES, p] > 0
    variant = (1 if home else 0) + (2 if OP[O_FREE] else 0)
    k = _tickets(p, S, P, T, B)
    pen_slave, pen_gold, bonus, nun = _prepare(p, S, P, T, W, cities)
    if home:
        pen_slave, pen_gold, bonus = 0.0, 0.0, 0.0
    best = INF
    dest = -1
    for i in range(MI[MI_DCOUNT, idx]):
        d = ML1[MI[MI_DSTART, idx] + i]
        c = _cost(d, k, home, variant, pen_slave, pen_gold, bonus, K, W, nun, cost, nearest, B)
        if dest < 0 or c < best:
            best = c
            dest = d
    if best == INF:
        dest = ML2[MI[MI_GSTART, idx] + int(draw_kept(R) * MI[MI_GCOUNT, idx])]
    return dest


@njit(cache=True)
def _h_turn(p, v, nl, R, S, OP, K, P, T, B, W, MI, ML1, LG, FT, cost, nearest, cities):
    """heuristic.choose in the turn phase (several legal actions in W): (kind, arg)."""
    home = P[STARH, p] != 0 or P[SHOES, p] > 0
    m = P[MONEY, p]
    has_buy = False
    has_try = False
    has_walk = False
    for i in range(nl):
        kind = W[W_KIND + i]
        if kind == A_BUY:
            has_buy = True
        elif kind == A_TRY:
            has_try = True
        elif kind == A_WALK:
            has_walk = True
    if not home and has_try:
        # Buy (the baseline's rule) or roll for it.
        if has_buy and (not B[B_ISLAND, v] or OP[O_FREE] != 0 or m >= 200):
            return A_BUY, 0
        return A_TRY, 0
    variant = (1 if home else 0) + (2 if OP[O_FREE] else 0)
    k = _tickets(p, S, P, T, B)
    pen_slave, pen_gold, bonus, nun = _prepare(p, S, P, T, W, cities)
    if home:
        pen_slave, pen_gold, bonus = 0.0, 0.0, 0.0
    money_turns = 0.0 if home else MONEY_TURNS
    best_kind = W[W_KIND]
    best_arg = W[W_ARG]
    best = INF
    if has_walk:
        total = 0.0
        for roll in range(1, 7):
            idx = v * 7 + roll
            low = INF
            for i in range(MI[MI_DCOUNT, idx]):
                d = ML1[MI[MI_DSTART, idx] + i]
                c = _cost(
                    d, k, home, variant, pen_slave, pen_gold, bonus, K, W, nun, cost, nearest, B
                )
                if i == 0 or c < low:
                    low = c
            total += low
        best = 1.0 + total / 6
        best_kind = A_WALK
        best_arg = 0
    # The trips on offer, in the heuristic's order: sails, flights, free sails.
    navail = 0
    for phase in range(3):
        want = A_SAIL if phase == 0 else (A_FLY if phase == 1 else A_SAILFREE)
        if want == A_SAIL and k < 1:
            continue
        if want == A_FLY and k < 3:
            continue
        if want == A_SAILFREE and m != 0:
            continue
        for i in range(nl):
            if W[W_KIND + i] != want:
                continue
            arg = W[W_ARG + i]
            if want == A_FLY:
                dest = arg
                turns = FLIGHT_TURNS
                spent = 3
            elif want == A_SAIL:
                dest = LG[arg, LG_DEST]
                turns = FT[arg, 0]
                spent = 1
            else:
                dest = LG[arg, LG_DEST]
                turns = FT[arg, 1]
                spent = 0
            W[W_AKIND + navail] = want
            W[W_AARG + navail] = arg
            navail += 1
            value = (
                turns
                + _cost(
                    dest,
                    k - spent,
                    home,
                    variant,
                    pen_slave,
                    pen_gold,
                    bonus,
                    K,
                    W,
                    nun,
                    cost,
                    nearest,
                    B,
                )
                + 100 * spent * money_turns
            )
            if value < best:
                best = value
                best_kind = want
                best_arg = arg
    if best == INF:
        if navail > 0:
            i = int(draw_kept(R) * navail)
            return W[W_AKIND + i], W[W_AARG + i]
        if has_try:
            return A_TRY, 0
        i = int(draw_kept(R) * nl)
        return W[W_KIND + i], W[W_ARG + i]
    return best_kind, best_arg


# --- one game -------------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _trace(tr, g, k, a, b, P):
    if k < tr.shape[1]:
        tr[g, k, 0] = a
        tr[g, k, 1] = b
        for s in range(P.shape[1]):
            tr[g, k, TR_MONEY + s] = P[MONEY, s]
    return k + 1


@njit(cache=True)
def _order_step(R, S, OP, Q):
    """One chance step of the turn order: a seat drawn, or a roll of the highest-roll order."""
    n = S[NP_]
    if OP[O_HIGHROLL]:
        value = 1 + int(_ku(R, D_ORDER_ROLL, S[ROUND] * 8 + S[NPEND]) * 6)
        seat = Q[QPEND, 0]
        for i in range(S[NPEND] - 1):
            Q[QPEND, i] = Q[QPEND, i + 1]
        S[NPEND] -= 1
        Q[QROLL, seat] = value
        if S[NPEND] > 0:
            return
        # Split the first tied group by the rolls, highest first, keeping seat order within.
        a = 0
        while True:
            b = a + 1
            while b < n and Q[QGBRK, b] == 0:
                b += 1
            if b - a > 1:
                break
            a = b
        for i in range(a + 1, b):
            x = Q[QGSEAT, i]
            j = i - 1
            while j >= a and Q[QROLL, Q[QGSEAT, j]] < Q[QROLL, x]:
                Q[QGSEAT, j + 1] = Q[QGSEAT, j]
                j -= 1
            Q[QGSEAT, j + 1] = x
        for i in range(a + 1, b):
            Q[QGBRK, i] = 1 if Q[QROLL, Q[QGSEAT, i]] != Q[QROLL, Q[QGSEAT, i - 1]] else 0
        a = 0
        while a < n:
            b = a + 1
            while b < n and Q[QGBRK, b] == 0:
                b += 1
            if b - a > 1:
                S[NPEND] = b - a
                for i in range(a, b):
                    Q[QPEND, i - a] = Q[QGSEAT, i]
                S[ROUND] += 1
                return
            a = b
        for i in range(n):
            Q[QORDER, i] = Q[QGSEAT, i]
        S[NORD] = n
    else:
        i = int(_ku(R, D_ORDER, S[NORD]) * S[NPEND])
        seat = Q[QPEND, i]
        for j in range(i, S[NPEND] - 1):
            Q[QPEND, j] = Q[QPEND, j + 1]
        S[NPEND] -= 1
        Q[QORDER, S[NORD]] = seat
        S[NORD] += 1
        if S[NPEND] > 1:
            return
        Q[QORDER, S[NORD]] = Q[QPEND, 0]
        S[NORD] += 1
    S[NPEND] = 0
    S[PH] = START
    S[STG] = 0
    S[CU] = Q[QORDER, 0]


@njit(cache=True)
def _draw(R, S, OP, K, P, T, Q, B):
    """A token drawn from the bag and its effects (opening.reveal)."""
    size = 0
    for i in range(7):
        size += T[BAG + i]
    pick = int(_ku(R, D_TOKEN, 30 - size) * size)
    kind = 0
    for i in range(7):
        if pick < T[BAG + i]:
            kind = i
            break
        pick -= T[BAG + i]
    p = S[CU]
    v = S[DR]
    star_was_found = T[BAG + STAR] == 0
    T[BAG + kind] -= 1
    T[v] = kind
    S[DR] = -1
    if B[B_MAINCITY, v]:
        S[ML] -= 1
    if kind == BLANK:
        if v == K[K_SLAVE]:
            P[SLAVE, p] = SLAVE_TURNS
    elif kind == HORSESHOE:
        if star_was_found:
            P[SHOES, p] += 1
    elif kind == ROBBER:
        P[MONEY, p] = 0
    elif kind == STAR:
        P[STARH, p] = 1
        if T[BAG + HORSESHOE] == 0 and _strand(p, S, OP, K, P, T, B) == 0:
            S[WIN] = p
            S[PH] = OVER
            return
    else:
        if kind == TOPAZ:
            amount = 300
        elif kind == EMERALD:
            amount = OP[O_EMERALD]
        else:
            amount = 1000
        if v == K[K_GOLD]:
            amount *= 2
        P[MONEY, p] += amount
    if _strand_check(S, OP, K, P, T, B):
        return
    _end_turn(S, OP, K, P, T, Q, B)


@njit(cache=True)
def _rolled(R, S, OP, K, P, T, Q, B, LG, PATHS):
    """A die for the player to act, for whatever it was rolled (rules._rolled); returns it."""
    value = 1 + int(_ku(R, D_DIE, S[TURNS]) * 6)
    p = S[CU]
    S[DI] = value
    pu = S[PU]
    if pu == F_MOVE:
        S[PH] = STEP
    elif pu == F_SEA:
        _sail(p, value, S, OP, K, P, T, Q, B, LG, PATHS)
    elif pu == F_TOKEN:
        if value >= 4:
            S[DR] = P[POS, p]
            S[PH] = DRAW
        else:
            _end_turn(S, OP, K, P, T, Q, B)
    elif value > 2:
        _end_turn(S, OP, K, P, T, Q, B)
    else:
        P[CAPT, p] = 0
        if OP[O_ESCAPE] == 0:
            _end_turn(S, OP, K, P, T, Q, B)
        elif P[LEG, p] >= 0:
            _sail(p, value, S, OP, K, P, T, Q, B, LG, PATHS)
        else:
            S[PH] = STEP
    return value


@njit(cache=True)
def _legal_turn(p, S, OP, K, P, T, B, W, LS, LG, AI, ALIST):
    """The turn's legal actions in the engine's order into W; returns how many."""
    if P[LEG, p] >= 0:
        W[W_KIND] = A_SAILON
        W[W_ARG] = 0
        return 1
    v = P[POS, p]
    m = P[MONEY, p]
    nl = 0
    if B[B_LAND, v]:
        W[W_KIND + nl] = A_WALK
        W[W_ARG + nl] = 0
        nl += 1
    if B[B_PLACE, v]:
        if B[B_PORT, v]:
            if m >= PRICE:
                for i in range(LS[1, v]):
                    W[W_KIND + nl] = A_SAIL
                    W[W_ARG + nl] = LS[0, v] + i
                    nl += 1
            elif OP[O_FREE]:
                for i in range(LS[1, v]):
                    W[W_KIND + nl] = A_SAILFREE
                    W[W_ARG + nl] = LS[0, v] + i
                    nl += 1
        if B[B_AIRPORT, v] and m >= FARE:
            for i in range(AI[1, v]):
                W[W_KIND + nl] = A_FLY
                W[W_ARG + nl] = ALIST[AI[0, v] + i]
                nl += 1
        if v < K[K_NPLACES] and T[v] == UNOPENED:
            W[W_KIND + nl] = A_TRY
            W[W_ARG + nl] = 0
            nl += 1
            if m >= PRICE:
                W[W_KIND + nl] = A_BUY
                W[W_ARG + nl] = 0
                nl += 1
    if nl == 0:
        W[W_KIND] = A_PASS
        W[W_ARG] = 0
        nl = 1
    return nl


@njit(cache=True)
def _play_one(
    R,
    S,
    OP,
    K,
    P,
    T,
    Q,
    B,
    W,
    policy,
    starts,
    cities,
    MI,
    ML1,
    ML2,
    LS,
    LG,
    PATHS,
    FT,
    AI,
    ALIST,
    cost,
    nearest,
    max_steps,
    tr,
    g,
):
    """Play the game in the arrays to its end; returns (chance events, decisions). With rows
    in ``tr``, ``tr[g]`` gets the trace of the game's first steps."""
    chance = 0
    moves = 0
    tracing = tr.shape[0] > 0
    k = 0
    for _ in range(max_steps):
        ph = S[PH]
        if ph == OVER:
            break
        if ph == ORDER:
            chance += 1
            if tracing:
                npend = S[NPEND]
                nord = S[NORD]
                roller = Q[QPEND, 0]
                _order_step(R, S, OP, Q)
                out = Q[QROLL, roller] if OP[O_HIGHROLL] else Q[QORDER, nord]
                k = _trace(tr, g, k, T_ORDER * 4096 + npend, out, P)
            else:
                _order_step(R, S, OP, Q)
            continue
        if ph == ROLL:
            chance += 1
            if tracing:
                pu = S[PU]
                value = _rolled(R, S, OP, K, P, T, Q, B, LG, PATHS)
                k = _trace(tr, g, k, T_ROLL * 4096 + pu, value, P)
            else:
                _rolled(R, S, OP, K, P, T, Q, B, LG, PATHS)
            continue
        if ph == DRAW:
            chance += 1
            if tracing:
                v = S[DR]
                _draw(R, S, OP, K, P, T, Q, B)
                k = _trace(tr, g, k, T_TOKEN * 4096 + v, T[v], P)
            else:
                _draw(R, S, OP, K, P, T, Q, B)
            continue
        # ---- a decision ----
        moves += 1
        p = S[CU]
        pol = policy[p]
        v = P[POS, p]
        if ph == START:
            if pol == RANDOM:
                choice = starts[int(draw_kept(R) * 2)]
            else:
                c0 = 0
                c1 = 0
                for s in range(S[NP_]):
                    if P[POS, s] == starts[0]:
                        c0 += 1
                    elif P[POS, s] == starts[1]:
                        c1 += 1
                if c0 < c1:
                    choice = starts[int(draw_kept(R) * 1)]
                elif c1 < c0:
                    choice = starts[1 + int(draw_kept(R) * 1)]
                else:
                    choice = starts[int(draw_kept(R) * 2)]
            P[POS, p] = choice
            S[STG] += 1
            if S[STG] < S[NORD]:
                S[CU] = Q[QORDER, S[STG]]
            else:
                S[TI] = 0
                S[CU] = Q[QORDER, 0]
                _begin_turn(S, OP, K, P, T, Q, B)
            if tracing:
                k = _trace(tr, g, k, T_START * 4096 + 2, choice, P)
            continue
        if ph == BUY:
            if pol == RANDOM:
                buy = int(draw_kept(R) * 2) == 0
            else:
                m = P[MONEY, p]
                if P[STARH, p] != 0 or P[SHOES, p] > 0 or m < 100:
                    buy = False
                elif B[B_ISLAND, v] and OP[O_FREE] == 0:
                    buy = m >= 200
                else:
                    buy = True
            if buy:
                P[MONEY, p] -= PRICE
                S[DR] = v
                S[PH] = DRAW
            else:
                _end_turn(S, OP, K, P, T, Q, B)
            if tracing:
                k = _trace(tr, g, k, T_BUY * 4096 + 2, 1 if buy else 0, P)
            continue
        if ph == STEP:
            idx = v * 7 + S[DI]
            if pol == RANDOM:
                dest = ML2[MI[MI_GSTART, idx] + int(draw_kept(R) * MI[MI_GCOUNT, idx])]
            else:
                dest = _h_step(
                    p, v, S[DI], R, S, OP, K, P, T, B, W, MI, ML1, ML2, cost, nearest, cities
                )
            P[POS, p] = dest
            _arrive(p, dest, S, OP, K, P, T, Q, B)
            if tracing:
                k = _trace(tr, g, k, T_STEP * 4096 + MI[MI_GCOUNT, idx], dest, P)
            continue
        # TURN
        nl = _legal_turn(p, S, OP, K, P, T, B, W, LS, LG, AI, ALIST)
        if pol == RANDOM:
            i = int(draw_kept(R) * nl)
            kind = W[W_KIND + i]
            arg = W[W_ARG + i]
        elif nl == 1:
            kind = W[W_KIND]
            arg = W[W_ARG]
        else:
            kind, arg = _h_turn(
                p, v, nl, R, S, OP, K, P, T, B, W, MI, ML1, LG, FT, cost, nearest, cities
            )
        if kind == A_WALK:
            S[PH] = ROLL
            S[PU] = F_MOVE
        elif kind in (A_SAIL, A_SAILFREE):
            if kind == A_SAIL:
                P[MONEY, p] -= PRICE
            P[LEG, p] = arg
            P[LSTEP, p] = 0
            P[FREE, p] = 1 if kind == A_SAILFREE else 0
            if kind == A_SAIL:
                S[PH] = ROLL
                S[PU] = F_SEA
            else:
                # np.int64: a bare constant is typed as a literal, and ``_sail`` (with
                # everything it calls) was compiled once more for it (issue #27).
                _sail(p, np.int64(FREE_STEPS), S, OP, K, P, T, Q, B, LG, PATHS)
        elif kind == A_SAILON:
            _sail(p, np.int64(FREE_STEPS), S, OP, K, P, T, Q, B, LG, PATHS)
        elif kind == A_FLY:
            P[MONEY, p] -= FARE
            P[POS, p] = arg
            _arrive(p, arg, S, OP, K, P, T, Q, B)
        elif kind == A_TRY:
            S[PH] = ROLL
            S[PU] = F_TOKEN
        elif kind == A_BUY:
            P[MONEY, p] -= PRICE
            S[DR] = v
            S[PH] = DRAW
        else:
            _end_turn(S, OP, K, P, T, Q, B)
        if tracing:
            to = 0
            if kind == A_FLY:
                to = arg
            elif kind in (A_SAIL, A_SAILFREE):
                to = LG[arg, LG_DEST]
            k = _trace(tr, g, k, T_TURN * 4096 + nl, kind * 1000 + to, P)
    return chance, moves


@njit(cache=True)
def play_range(
    first,
    last,
    seed,
    game0,
    S0,
    OP,
    K,
    P0,
    T0,
    Q0,
    policy,
    B,
    starts,
    cities,
    MI,
    ML1,
    ML2,
    LS,
    LG,
    PATHS,
    FT,
    AI,
    ALIST,
    cost,
    nearest,
    max_steps,
    out_winner,
    out_chance,
    out_moves,
    tr,
):
    """Games first..last-1 from the position (S0, P0, T0, Q0); per game the winner (-1:
    nobody, -2: not ended within max_steps), the chance events and the decisions; ``tr[g]``
    the trace of its first steps when ``tr`` has rows (``T_*``)."""
    R = np.zeros(2, np.uint64)
    W = np.zeros(W_SIZE, np.int64)
    for g in range(first, last):
        R[0] = game_stream(seed, np.uint64(game0 + g))
        R[1] = splitmix(R[0] + np.uint64(1))
        S = S0.copy()
        P = P0.copy()
        T = T0.copy()
        Q = Q0.copy()
        chance, moves = _play_one(
            R,
            S,
            OP,
            K,
            P,
            T,
            Q,
            B,
            W,
            policy,
            starts,
            cities,
            MI,
            ML1,
            ML2,
            LS,
            LG,
            PATHS,
            FT,
            AI,
            ALIST,
            cost,
            nearest,
            max_steps,
            tr,
            g,
        )
        out_winner[g] = S[WIN] if S[PH] == OVER else -2
        out_chance[g] = chance
        out_moves[g] = moves
