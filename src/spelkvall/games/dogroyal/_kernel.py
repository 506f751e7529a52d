# mypy: ignore-errors
"""The compiled core of DogRoyal's batch simulator (``batch.py`` is its typed front door).

One Numba function plays many games from one position, each to its end, each with its own
xorshift64* stream, so a game depends only on (seed, game number), not on how the games are
split over threads. The rules are those of ``rules.py``, ``moves.py``, ``deck.py`` and
``cheat.py`` line by line: the legal actions are planned in the engine's order (card by card,
piece by piece, goal before track, the Fool's shorter goal entries, the cheat's n−1 and n+1,
then the accusations), and the deck is the engine's list of segments (a reshuffled pile goes
under what is left). ``tests/games/dogroyal/test_batch.py`` checks it step for step.

A whole position lives in ONE int64 array (``st``, offsets below; the options too), and every
helper is compiled without Numba's reference counting (``_nrt=False``: they allocate nothing;
only ``play_range``, which allocates the work arrays once per batch, counts references). The
atomic increments and decrements of each array passed to a helper took half the time of a
random game (perf: two instructions of Numba's ``NRT_incref``/``NRT_decref``); without them
random games run 1.8× faster (docs/performance.md).

How random draws are used (one stream per game, ``batch.XorShiftRandom`` in Python):

- a dealt or drawn card takes one draw ``u``: ``int(u * cards in the top segment)``, counted
  off card by card (``deck.sample_draw``);
- the first dealer takes one draw: ``int(u * outcomes)`` (one outcome without the random first
  dealer, still one draw); a forfeited card (cheat rule) one: ``int(u * hand size)``, counted
  off card by card;
- a random seat takes one draw per decision, even with one legal action:
  ``legal[int(u * len(legal))]``; in the exchange the lowest seat still to give decides first;
- a heuristic seat takes no draw with one legal action; otherwise ``heuristic.choose``: one
  draw per ``Play`` scored (its tie-break ``+ u * 0.01``), none for a gift, a placement or a
  jump.
"""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.core.types import Array, boolean, int64

from spelkvall.core import kernel_random
from spelkvall.core.kernel_random import draw_kept, game_stream
from spelkvall.core.kernels import depends_on

from . import board, heuristic, moves, phases
from .board import (
    C4,
    C10,
    C11,
    C13,
    C17,
    CITIZEN,
    COPY,
    FOOL,
    GOAL0,
    KENNEL,
    KING,
    KING_MAY_RUN,
    KNIGHT,
    MAGNET,
    NUM_CARDS,
    PLAIN_VALUE,
    RANK,
    RING,
    SWAP,
)
from .heuristic import CARD_COST, GOAL_BONUS, KENNEL_VALUE
from .moves import KING_REACH, MAX_STEPS, P_ACCUSE, P_MOVE, P_START, P_SWAP
from .phases import DEAL, DEALER, DRAW, EXCHANGE, FORFEIT, GAVE, JUMP_PHASE, OVER, PLACE, PLAY

depends_on(__file__, kernel_random, board, heuristic, moves, phases)

RANDOM, HEURISTIC = 0, 1
NC = NUM_CARDS
MAXSEG = 8
MAXMV = 4096
"""Room for the legal actions of one decision (a hand of every card with every option)."""

# --- the offsets of ``st`` -------------------------------------------------------------------
POS = 0  # 16 pieces
OCC = POS + 16  # 64 ring fields
HAND = OCC + RING  # 4 seats x NC cards
HSIZE = HAND + 4 * NC  # 4
SEG = HSIZE + 4  # MAXSEG segments x NC cards, top first
SEGTOT = SEG + MAXSEG * NC  # MAXSEG
NSEG = SEGTOT + MAXSEG
DSIZE = NSEG + 1
DCNT = DSIZE + 1  # NC: the discard pile counted
DLEN = DCNT + NC
DTOP = DLEN + 1  # the pile's top card, -1 when empty
LAST = DTOP + 1  # last_played
RDS = LAST + 1  # round_discard_start
PHASE = RDS + 1
ROUND = PHASE + 1
DEALER_ = ROUND + 1
STARTER = DEALER_ + 1
CUR = STARTER + 1
DEAL_LEFT = CUR + 1
DEAL_SEAT = DEAL_LEFT + 1
GIVES = DEAL_SEAT + 1  # 4
PLACE_LEFT = GIVES + 4
DRAW_SEAT = PLACE_LEFT + 1
JUMP = DRAW_SEAT + 1
FSEAT = JUMP + 1
CTOK = FSEAT + 1  # 4
ATOK = CTOK + 4  # 4
OPEN = ATOK + 4  # 4
CHEATED = OPEN + 4  # 4
NPLACES = CHEATED + 4
PLACES = NPLACES + 1  # 4
WINNERS = PLACES + 4  # bit mask of winners_
LIMIT = WINNERS + 1
TURNS = LIMIT + 1
N = TURNS + 1
START = N + 1  # 4: start field per seat
PARTNER = START + 4  # 4
SPECIAL = PARTNER + 4  # 64: 1 on a special field
# options
O_PLAY_ON = SPECIAL + RING
O_PLUS4_GREEN = O_PLAY_ON + 1
O_KING_ONE = O_PLUS4_GREEN + 1
O_GREEN_KING = O_KING_ONE + 1
O_GOAL_OPT = O_GREEN_KING + 1
O_JUMP_OPT = O_GOAL_OPT + 1
O_JUMP_DRAWS = O_JUMP_OPT + 1
O_SWAP_OWN = O_JUMP_DRAWS + 1
O_KING_ANY = O_SWAP_OWN + 1
O_COPY_ACROSS = O_KING_ANY + 1
O_KEEP_TOP = O_COPY_ACROSS + 1
O_DRAW_RESHUFFLE = O_KEEP_TOP + 1
O_DEALER_RANDOM = O_DRAW_RESHUFFLE + 1
O_PLACEMENT = O_DEALER_RANDOM + 1
O_CHEAT = O_PLACEMENT + 1
O_ROUND_LIMIT = O_CHEAT + 1
SIZE = O_ROUND_LIMIT + 1

# The legal actions: one row per action, the plan and what the heuristic reads.
M_KIND, M_PIECE, M_ARG, M_CARD, M_CHEAT = range(5)
MCOLS = 5
# ``rc``: rows 0..7 the reach of the four pieces (plain, green), then two rows of scratch and
# the calls of ``_forwards`` a card makes (``_request``).
HONEST, SECRET, REQ = 8, 9, 10
RCROWS = 11
R_GREEN, R_FOOL, R_CHEAT, R_DELTA = 256, 512, 1024, 2048

# Trace codes (step-for-step test): kind * 4096 + number of choices, then the outcome.
T_DRAW, T_DEALER, T_FORFEIT, T_GIVE, T_PLACE, T_PLAY, T_JUMP = range(1, 8)

HAND_SIZE = 5
CHEAT_WINDOW = 5

_RANK = np.array(RANK, np.int64)
_PLAIN = np.array(PLAIN_VALUE, np.int64)
_KING_RUN = np.array(KING_MAY_RUN, np.bool_)
_COST = np.array([CARD_COST.get(c, 0) for c in range(NC)], np.int64)

# Helpers called with a constant argument (``_jump(..., True)``, ``_ranked(st, 0)``) have
# explicit signatures: Numba types a constant as a literal and compiles such a helper once per
# constant otherwise (issue #27: ``_forwards`` was compiled 14 times, ``_forward`` 10 times).
_ST = Array(int64, 1, "C")
_M = Array(int64, 2, "C")
_TR = Array(int64, 3, "C")


# --- queries ---------------------------------------------------------------------------------
@njit(_nrt=False, cache=True, inline="always")
def _in_goal(st, seat):
    k = 0
    for q in range(4 * seat, 4 * seat + 4):
        if st[POS + q] >= GOAL0:
            k += 1
    return k


@njit(_nrt=False, cache=True, inline="always")
def _controls(st, seat):
    partner = st[PARTNER + seat]
    if partner >= 0 and _in_goal(st, seat) == 4:
        return partner
    return seat


@njit(_nrt=False, cache=True, inline="always")
def _blocked(st, field):
    piece = st[OCC + field]
    return piece >= 0 and st[START + (piece >> 2)] == field


@njit(_nrt=False, cache=True, inline="always")
def _copy_target(st):
    top = st[LAST]
    if top < 0 or top == COPY:
        return -1
    if st[O_COPY_ACROSS] == 0 and st[DLEN] <= st[RDS]:
        return -1
    return top


@njit(_nrt=False, cache=True, inline="always")
def _goal_taken(st, owner, j):
    target = GOAL0 + j
    for q in range(4 * owner, 4 * owner + 4):  # noqa: SIM110 (a loop Numba compiles)
        if st[POS + q] == target:
            return True
    return False


@njit(_nrt=False, cache=True, inline="always")
def _may_hit(st, mover, other, field, green):
    if st[START + (other >> 2)] == field:
        return False
    if other & 3 == KING and mover & 3 != KING:
        return field == st[START + (mover >> 2)] or (green and st[O_GREEN_KING] != 0)
    return True


@njit(_nrt=False, cache=True, inline="always")
def _is_place(st, seat):
    for i in range(st[NPLACES]):  # noqa: SIM110 (a loop Numba compiles)
        if st[PLACES + i] == seat:
            return True
    return False


# --- cards -----------------------------------------------------------------------------------
@njit(_nrt=False, cache=True)
def _reshuffle(st):
    """``deck.reshuffle``: the pile except (by default) its top card goes under the deck."""
    keep = 1 if st[O_KEEP_TOP] != 0 and st[DLEN] > 0 else 0
    moved = st[DLEN] - keep
    if moved <= 0:
        return
    top = st[DTOP]
    if st[DSIZE] > 0:
        k = st[NSEG]
        st[NSEG] = k + 1
    else:
        k = 0
        st[NSEG] = 1
    for c in range(NC):
        n = st[DCNT + c]
        if keep and c == top:
            n -= 1
        st[SEG + k * NC + c] = n
        st[DCNT + c] -= n
    st[SEGTOT + k] = moved
    st[DLEN] = keep
    if keep == 0:
        st[DTOP] = -1
        st[LAST] = -1
    st[RDS] = 0
    st[DSIZE] += moved


@njit(_nrt=False, cache=True)
def _draw_card(st, rs, seat):
    """``deck.sample_draw`` then ``deck.draw``: one card off the top segment to ``seat``."""
    total = st[SEGTOT]
    r = int(draw_kept(rs) * total)
    card = 0
    for c in range(NC):
        k = st[SEG + c]
        if r < k:
            card = c
            break
        r -= k
    st[SEG + card] -= 1
    st[SEGTOT] -= 1
    st[DSIZE] -= 1
    if st[DSIZE] > 0 and st[SEGTOT] == 0:
        nseg = st[NSEG]
        for i in range(1, nseg):
            st[SEGTOT + i - 1] = st[SEGTOT + i]
            for c in range(NC):
                st[SEG + (i - 1) * NC + c] = st[SEG + i * NC + c]
        st[NSEG] = nseg - 1
    st[HAND + seat * NC + card] += 1
    st[HSIZE + seat] += 1
    return card


@njit(_nrt=False, cache=True, inline="always")
def _discard_played(st, seat, card):
    st[HAND + seat * NC + card] -= 1
    st[HSIZE + seat] -= 1
    st[DCNT + card] += 1
    st[DLEN] += 1
    st[DTOP] = card
    st[LAST] = card


@njit(_nrt=False, cache=True)
def _discard_under(st, seat, card):
    st[HAND + seat * NC + card] -= 1
    st[HSIZE + seat] -= 1
    if st[DLEN] == 0:
        st[DTOP] = card
    st[DCNT + card] += 1
    st[DLEN] += 1
    st[RDS] += 1


@njit(_nrt=False, cache=True)
def _discard_hand(st, seat):
    size = st[HSIZE + seat]
    if size == 0:
        return
    last = -1
    for c in range(NC):
        k = st[HAND + seat * NC + c]
        if k:
            st[DCNT + c] += k
            st[HAND + seat * NC + c] = 0
            last = c
    if st[DLEN] == 0:
        st[DTOP] = last  # the shown cards in card order; the last is on top
    st[DLEN] += size
    st[RDS] += size
    st[HSIZE + seat] = 0


# --- planning the legal actions ----------------------------------------------------------
@njit(_nrt=False, cache=True, inline="always")
def _add(mv, n, kind, piece, arg, card, cheat):
    mv[n, M_KIND] = kind
    mv[n, M_PIECE] = piece
    mv[n, M_ARG] = arg
    mv[n, M_CARD] = card
    mv[n, M_CHEAT] = cheat
    return n + 1


@njit(_nrt=False, cache=True, inline="always")
def _reach(st, rc, piece, green):
    """``moves._reach`` into ``rc[row]`` (track, then goal) once per piece and turn."""
    row = 2 * (piece & 3) + (1 if green else 0)
    if rc[row, 2 * MAX_STEPS] != 0:
        return row
    rc[row, 2 * MAX_STEPS] = 1
    for i in range(2 * MAX_STEPS):
        rc[row, i] = -1
    p = st[POS + piece]
    owner = piece >> 2
    if p >= GOAL0:
        j = p - GOAL0
        for k in range(j + 1, 4):
            if _goal_taken(st, owner, k):
                break
            rc[row, MAX_STEPS + k - j] = GOAL0 + k
        return row
    rank = _RANK[piece & 3]
    knight = piece & 3 == KNIGHT
    my_start = st[START + owner]
    for i in range(1, MAX_STEPS):
        q = p + i
        if q >= RING:
            q -= RING
        other = st[OCC + q]
        if other < 0 or _may_hit(st, piece, other, q, green):
            rc[row, i] = q
        if other >= 0:
            if st[START + (other >> 2)] == q and not knight:
                break
            if not green and _RANK[other & 3] > rank:
                break
        if q == my_start:
            for j in range(4):
                if i + 1 + j >= MAX_STEPS or _goal_taken(st, owner, j):
                    break
                rc[row, MAX_STEPS + i + 1 + j] = GOAL0 + j
    return row


@njit(_nrt=False, cache=True, inline="always")
def _forward(st, rc, orow, piece, n, green, fool):
    """``moves._forward``: the destinations into ``rc[orow, :4]``; returns how many."""
    row = _reach(st, rc, piece, green)
    k = 0
    g = rc[row, MAX_STEPS + n]
    if g >= 0:
        rc[orow, k] = g
        k += 1
    dest = rc[row, n]
    if dest >= 0 and (g < 0 or st[O_GOAL_OPT] != 0):
        rc[orow, k] = dest
        k += 1
    if fool and st[POS + piece] < GOAL0:
        for m in (n - 1, n - 2):
            if m >= 1 and rc[row, MAX_STEPS + m] >= 0:
                rc[orow, k] = rc[row, MAX_STEPS + m]
                k += 1
    return k


@njit(_nrt=False, cache=True, inline="always")
def _forwards(st, rc, mv, n, card, piece, steps, green, fool_may_shorten, cheat, delta):
    """``moves._forwards``: the honest moves, then the secret n−1 and n+1 ones."""
    k = _forward(st, rc, HONEST, piece, steps, green, fool_may_shorten and piece & 3 == FOOL)
    for i in range(k):
        n = _add(mv, n, P_MOVE, piece, rc[HONEST, i], card, delta)
    if cheat:
        king = piece & 3 == KING
        for d in (-1, 1):
            m = steps + d
            if m < 1 or (king and m > KING_REACH):
                continue
            j = _forward(st, rc, SECRET, piece, m, green, False)
            for i in range(j):
                dest = rc[SECRET, i]
                seen = False
                for h in range(k):
                    if rc[HONEST, h] == dest:
                        seen = True
                if not seen:
                    n = _add(mv, n, P_MOVE, piece, dest, card, d)
    return n


@njit(_nrt=False, cache=True, inline="always")
def _request(rc, nreq, steps, green, fool_may_shorten, cheat, delta):
    """Note a call ``_forwards(..., steps, green, fool_may_shorten, cheat, delta)`` in rc[REQ]."""
    r = steps
    if green:
        r |= R_GREEN
    if fool_may_shorten:
        r |= R_FOOL
    if cheat:
        r |= R_CHEAT
    if delta:
        r |= R_DELTA
    rc[REQ, nreq] = r
    return nreq + 1


@njit(_nrt=False, cache=True)
def _backward(st, mv, n, card, piece):
    p = st[POS + piece]
    knight = piece & 3 == KNIGHT
    for i in range(1, 5):
        q = (p - i) % RING
        other = st[OCC + q]
        if other >= 0 and st[START + (other >> 2)] == q and (i == 4 or not knight):
            return n
        if i == 4 and other >= 0 and not _may_hit(st, piece, other, q, True):
            return n
    return _add(mv, n, P_MOVE, piece, (p - 4) % RING, card, 0)


@njit(_nrt=False, cache=True)
def _plan(st, rc, mv):
    """``moves.plan_moves``: the legal actions of the player to act, in the engine's order."""
    seat = st[CUR]
    ctrl = _controls(st, seat)
    n = 0
    for r in range(8):
        rc[r, 2 * MAX_STEPS] = 0
    base = 4 * ctrl
    nplayers = st[N]
    cheat = st[O_CHEAT] != 0 and st[CTOK + seat] > 0
    h = HAND + seat * NC
    copy_of = _copy_target(st) if st[h + COPY] else -1
    for card in range(NC):
        if not st[h + card]:
            continue
        eff = card
        if card == COPY:
            eff = copy_of
            if eff < 0:
                continue
        value = _PLAIN[eff]
        for piece in range(base, base + 4):
            p = st[POS + piece]
            king = piece == base
            if p == KENNEL:
                if eff in (C11, C13):
                    field = st[START + ctrl]
                    occupant = st[OCC + field]
                    if occupant < 0 or occupant >> 2 != ctrl:
                        n = _add(mv, n, P_START, piece, field, card, 0)
                continue
            if king and not _KING_RUN[eff]:
                continue
            # The card's calls of ``moves._forwards`` are listed in rc[REQ] first and made in
            # one place below: ``_forwards`` is then compiled inline once, not at eight call
            # sites (which took 230 s to compile; as calls it ran 17 % slower; issue #27).
            nreq = 0
            if value:
                nreq = _request(rc, nreq, value, eff == C10, True, cheat, 0)
            elif eff == C4:
                nreq = _request(rc, nreq, 4, st[O_PLUS4_GREEN] != 0, True, cheat, 0)
            elif eff == C17:
                for k in range(1, 8):
                    nreq = _request(rc, nreq, k, False, False, False, 0)
                if cheat and not king:
                    nreq = _request(rc, nreq, 8, False, False, False, 1)
            elif eff == C11:
                if not king or st[O_KING_ONE] != 0:
                    nreq = _request(rc, nreq, 1, False, True, False, 0)
                    if cheat:
                        nreq = _request(rc, nreq, 2, False, False, False, 1)
                if not king:
                    nreq = _request(rc, nreq, 11, False, True, cheat, 0)
            elif eff == C13 and not king:
                nreq = _request(rc, nreq, 13, False, True, cheat, 0)
            for j in range(nreq):
                r = rc[REQ, j]
                n = _forwards(
                    st,
                    rc,
                    mv,
                    n,
                    card,
                    piece,
                    r & 255,
                    r & R_GREEN != 0,
                    r & R_FOOL != 0,
                    r & R_CHEAT != 0,
                    1 if r & R_DELTA else 0,
                )
            if eff == C4 and p < GOAL0:
                n = _backward(st, mv, n, card, piece)
            if value or eff in (C4, C17, C11, C13):
                continue
            if eff == SWAP:
                if p < GOAL0 and not _blocked(st, p):
                    for other in range(4 * nplayers):
                        q = st[POS + other]
                        if q < 0 or q >= GOAL0 or _blocked(st, q):
                            continue
                        if other >> 2 == ctrl and not (st[O_SWAP_OWN] != 0 and other != piece):
                            continue
                        if st[O_KING_ANY] == 0 and (king or other & 3 == KING):
                            a = (q - p) % RING
                            b = (p - q) % RING
                            if min(a, b) > KING_REACH:
                                continue
                        n = _add(mv, n, P_SWAP, piece, other, card, 0)
            elif eff == MAGNET and p < GOAL0:
                for d in range(1, RING):
                    if st[OCC + (p + d) % RING] >= 0:
                        if d > 1 and not (king and d - 1 > KING_REACH and st[O_KING_ANY] == 0):
                            n = _add(mv, n, P_MOVE, piece, (p + d - 1) % RING, card, 0)
                        break
    if st[O_CHEAT] != 0 and n > 0 and st[ATOK + seat] > 0:
        for other in range(nplayers):
            if st[OPEN + other] >= 0 and other != seat and other != st[PARTNER + seat]:
                n = _add(mv, n, P_ACCUSE, other, 0, -1, 0)
    return n


# --- the course of a game ----------------------------------------------------------------
@njit(_nrt=False, cache=True)
def _game_over(st):
    st[PHASE] = OVER
    st[CUR] = -1
    for seat in range(st[N]):
        _discard_hand(st, seat)


@njit(_nrt=False, cache=True)
def _start_deal(st):
    nplayers = st[N]
    cards = HAND_SIZE * (nplayers - st[NPLACES])
    if st[DSIZE] < cards:
        _reshuffle(st)
    if st[O_CHEAT] != 0 and (st[ROUND] - 1) % CHEAT_WINDOW == 0:
        for s in range(nplayers):
            st[CTOK + s] = 1
            st[ATOK + s] = 1
    st[RDS] = st[DLEN]
    st[PHASE] = DEAL
    st[DEAL_LEFT] = cards
    st[DEAL_SEAT] = st[STARTER]


@njit(_nrt=False, cache=True, inline="always")
def _in_play_from(st, seat):
    while _is_place(st, seat):
        seat = (seat + 1) % st[N]
    return seat


@njit(_nrt=False, cache=True)
def _end_round(st):
    if st[ROUND] >= st[O_ROUND_LIMIT]:
        st[LIMIT] = 1
        _game_over(st)
        return
    nplayers = st[N]
    st[ROUND] += 1
    st[DEALER_] = st[STARTER]
    st[STARTER] = (st[DEALER_] + 1) % nplayers
    if st[NPLACES] > 0:
        st[DEALER_] = _in_play_from(st, st[DEALER_])
        st[STARTER] = _in_play_from(st, (st[DEALER_] + 1) % nplayers)
    _start_deal(st)


@njit(_nrt=False, cache=True)
def _begin_turn(st, rc, mv, seat):
    """``DogState._begin_turn``; returns the number of legal actions planned into ``mv``."""
    nplayers = st[N]
    for _ in range(nplayers):
        if st[HSIZE + seat]:
            st[OPEN + seat] = -1
            st[CUR] = seat
            st[PHASE] = PLAY
            n = _plan(st, rc, mv)
            if n:
                return n
            _discard_hand(st, seat)
        seat = (seat + 1) % nplayers
    _end_round(st)
    return 0


@njit(_nrt=False, cache=True)
def _resume_turn(st, rc, mv):
    seat = st[CUR]
    st[PHASE] = PLAY
    if st[HSIZE + seat]:
        n = _plan(st, rc, mv)
        if n:
            return n
        _discard_hand(st, seat)
    return _begin_turn(st, rc, mv, (seat + 1) % st[N])


@njit(_nrt=False, cache=True)
def _after_exchange(st, rc, mv):
    if st[ROUND] == 1 and st[O_PLACEMENT] != 0:
        st[PHASE] = PLACE
        st[CUR] = st[STARTER]
        st[PLACE_LEFT] = st[N]
        return 0
    return _begin_turn(st, rc, mv, st[STARTER])


@njit(_nrt=False, cache=True)
def _jump_target(st, piece):
    p = st[POS + piece]
    if not (0 <= p < GOAL0) or st[SPECIAL + p] == 0:
        return -1
    for d in range(1, RING):
        q = (p + d) % RING
        if st[SPECIAL + q] != 0 and st[OCC + q] < 0:
            return q
    return -1


@njit(int64(_ST, _M, _M, boolean), _nrt=False, cache=True)
def _jump(st, rc, mv, jump):
    seat = st[CUR]
    piece = st[JUMP]
    st[JUMP] = -1
    if not jump:
        return _begin_turn(st, rc, mv, (seat + 1) % st[N])
    src = st[POS + piece]
    dest = _jump_target(st, piece)
    st[OCC + src] = -1
    st[OCC + dest] = piece
    st[POS + piece] = dest
    if st[O_JUMP_DRAWS] != 0:
        if st[DSIZE] == 0 and st[O_DRAW_RESHUFFLE] != 0:
            _reshuffle(st)
        if st[DSIZE] > 0:
            st[PHASE] = DRAW
            st[DRAW_SEAT] = seat
            st[JUMP] = -1
            return 0
    return _begin_turn(st, rc, mv, (seat + 1) % st[N])


@njit(_nrt=False, cache=True)
def _after_draw(st, rc, mv):
    seat = st[CUR]
    piece = st[JUMP]
    st[JUMP] = -1
    if piece >= 0 and piece & 3 == CITIZEN and _jump_target(st, piece) >= 0:
        st[JUMP] = piece
        st[PHASE] = JUMP_PHASE
        if st[O_JUMP_OPT] == 0:
            return _jump(st, rc, mv, True)
        return 0
    return _begin_turn(st, rc, mv, (seat + 1) % st[N])


@njit(_nrt=False, cache=True)
def _entered_goal(st, piece):
    owner = piece >> 2
    if _in_goal(st, owner) < 4:
        return
    partner = st[PARTNER + owner]
    if st[O_PLAY_ON] != 0 and partner < 0:
        k = st[NPLACES]
        st[PLACES + k] = owner
        st[NPLACES] = k + 1
        if k == 0:
            st[WINNERS] = 1 << owner
        if k + 1 >= st[N] - 1:
            _game_over(st)
            return
        _discard_hand(st, owner)
        return
    if partner < 0 or _in_goal(st, partner) == 4:
        mask = 1 << owner
        if partner >= 0:
            mask |= 1 << partner
        st[WINNERS] = mask
        _game_over(st)


@njit(_nrt=False, cache=True)
def _send_home(st, piece):
    p = st[POS + piece]
    if 0 <= p < GOAL0:
        st[OCC + p] = -1
    st[POS + piece] = KENNEL


@njit(_nrt=False, cache=True)
def _accuse(st, rc, mv, target):
    seat = st[CUR]
    st[ATOK + seat] = 0
    piece = st[OPEN + target]
    st[OPEN + target] = -1
    correct = st[CHEATED + target] != 0
    st[CHEATED + target] = 0
    victim = -1
    if correct:
        if st[POS + piece] != KENNEL:
            _send_home(st, piece)
        elif st[HSIZE + target]:
            victim = target
    else:
        ctrl = _controls(st, seat)
        start = st[START + ctrl]
        worst = -1
        best = 0
        for q in range(4 * ctrl, 4 * ctrl + 4):
            p = st[POS + q]
            if 0 <= p < GOAL0:
                d = (p - start) % RING
                if worst < 0 or d < best:
                    worst = q
                    best = d
        if worst >= 0:
            _send_home(st, worst)
        else:
            victim = seat
    if victim >= 0:
        st[PHASE] = FORFEIT
        st[FSEAT] = victim
        return 0
    return _resume_turn(st, rc, mv)


@njit(_nrt=False, cache=True)
def _play_card(st, rc, mv, i):
    """``play.play_card`` for the legal action in row ``i`` of ``mv``."""
    seat = st[CUR]
    kind = mv[i, M_KIND]
    piece = mv[i, M_PIECE]
    arg = mv[i, M_ARG]
    card = mv[i, M_CARD]
    cheat = mv[i, M_CHEAT]
    _discard_played(st, seat, card)
    st[TURNS] += 1
    draw = False
    if kind == P_START:
        other = st[OCC + arg]
        if other >= 0:
            st[POS + other] = KENNEL
        st[POS + piece] = arg
        st[OCC + arg] = piece
    elif kind == P_SWAP:
        a = st[POS + piece]
        b = st[POS + arg]
        st[POS + piece] = b
        st[POS + arg] = a
        st[OCC + a] = arg
        st[OCC + b] = piece
    else:
        src = st[POS + piece]
        if 0 <= src < GOAL0:
            st[OCC + src] = -1
        if arg < GOAL0:
            other = st[OCC + arg]
            if other >= 0:
                st[POS + other] = KENNEL
            st[OCC + arg] = piece
            draw = st[SPECIAL + arg] != 0
        st[POS + piece] = arg
        if arg >= GOAL0 and src < GOAL0:
            _entered_goal(st, piece)
            if st[PHASE] == OVER:
                return 0
    if st[O_CHEAT] != 0:
        st[OPEN + seat] = piece
        st[CHEATED + seat] = 1 if cheat != 0 else 0
        if cheat != 0:
            st[CTOK + seat] = 0
        if _is_place(st, seat):
            st[OPEN + seat] = -1
            st[CHEATED + seat] = 0
    if draw:
        st[JUMP] = piece
        if st[DSIZE] == 0 and st[O_DRAW_RESHUFFLE] != 0:
            _reshuffle(st)
        if st[DSIZE] > 0:
            st[PHASE] = DRAW
            st[DRAW_SEAT] = seat
            return 0
        return _after_draw(st, rc, mv)
    return _begin_turn(st, rc, mv, (seat + 1) % st[N])


@njit(_nrt=False, cache=True)
def _give(st, rc, mv, seat, card):
    st[HAND + seat * NC + card] -= 1
    st[HSIZE + seat] -= 1
    st[GIVES + seat] = card
    partner = st[PARTNER + seat]
    theirs = st[GIVES + partner]
    if 0 <= theirs < GAVE:
        st[HAND + partner * NC + card] += 1
        st[HSIZE + partner] += 1
        st[HAND + seat * NC + theirs] += 1
        st[HSIZE + seat] += 1
        st[GIVES + seat] = GAVE
        st[GIVES + partner] = GAVE
    for s in range(st[N]):
        if st[GIVES + s] < 0:
            return 0
    for s in range(st[N]):
        st[GIVES + s] = -1
    return _after_exchange(st, rc, mv)


# --- the heuristic (``heuristic.py``) ------------------------------------------------------
@njit(_nrt=False, cache=True, inline="always")
def _progress(st, piece, pos):
    if pos == KENNEL:
        return KENNEL_VALUE
    if pos >= GOAL0:
        return RING + GOAL_BONUS + 4 * (pos - GOAL0)
    return (pos - st[START + (piece >> 2)]) % RING


@njit(_nrt=False, cache=True, inline="always")
def _same_team(st, a, b):
    return a == b or st[PARTNER + a] == b


@njit(_nrt=False, cache=True)
def _threat(st, piece, field):
    if st[START + (piece >> 2)] == field:
        return 0
    seat = piece >> 2
    king = piece & 3 == KING
    count = 0
    for d in range(1, 14):
        q = field - d
        if q < 0:
            q += RING
        other = st[OCC + q]
        if other >= 0 and not _same_team(st, seat, other >> 2) and (not king or other & 3 == KING):
            count += 1
    return count


@njit(_nrt=False, cache=True)
def _score(st, mv, i, seat):
    kind = mv[i, M_KIND]
    piece = mv[i, M_PIECE]
    card = mv[i, M_CARD]
    value = float(-_COST[card]) + (mv[i, M_CHEAT] * 0.0)
    if kind == P_START:
        field = mv[i, M_ARG]
        on = 0
        owner = piece >> 2
        for q in range(4 * owner, 4 * owner + 4):
            if 0 <= st[POS + q] < GOAL0:
                on += 1
        value += 30 - 3 * on
        value += 4 if piece & 3 == KNIGHT else 0
        other = st[OCC + field]
        if other >= 0:
            value += 15 + _progress(st, other, st[POS + other])
        return value
    if kind == P_SWAP:
        other = mv[i, M_ARG]
        a = st[POS + piece]
        b = st[POS + other]
        mine = _progress(st, piece, b) - _progress(st, piece, a)
        theirs = _progress(st, other, a) - _progress(st, other, b)
        sign = -1 if _same_team(st, seat, other >> 2) else 1
        return value + mine - sign * theirs + 2 * (_threat(st, piece, a) - _threat(st, piece, b))
    src = st[POS + piece]
    dest = mv[i, M_ARG]
    value += _progress(st, piece, dest) - _progress(st, piece, src)
    if dest < GOAL0:
        other = st[OCC + dest]
        if other >= 0 and other != piece:
            hurt = 15 + _progress(st, other, st[POS + other])
            value += -hurt if _same_team(st, seat, other >> 2) else hurt
        value -= 3 * _threat(st, piece, dest)
        if st[SPECIAL + dest] != 0:
            value += 4
    if 0 <= src < GOAL0:
        value += 3 * _threat(st, piece, src)
    return value


@njit(_nrt=False, cache=True)
def _choose_play(st, mv, n, rs, seat):
    """``heuristic.choose`` in the play phase: the best ``Play`` (accusations are not)."""
    best = 0
    best_value = -np.inf
    for i in range(n):
        if mv[i, M_KIND] == P_ACCUSE:
            continue
        value = _score(st, mv, i, seat) + draw_kept(rs) * 0.01
        if value > best_value:
            best = i
            best_value = value
    return best


@njit(_nrt=False, cache=True)
def _choose_gift(st, seat):
    """``heuristic.choose_gift``: a start card for a partner with nothing on the track, else
    the least useful card (by cost, then card number)."""
    partner = st[PARTNER + seat]
    ctrl = _controls(st, partner)
    on_track = False
    for q in range(4 * ctrl, 4 * ctrl + 4):
        if 0 <= st[POS + q] < GOAL0:
            on_track = True
    h = HAND + seat * NC
    if not on_track:
        for c in range(NC):
            if st[h + c] and c in (C11, C13):
                return c
    best = -1
    for c in range(NC):
        if st[h + c] and (best < 0 or _COST[c] < _COST[best]):
            best = c
    return best


@njit(int64(_ST, int64), _nrt=False, cache=True)
def _ranked(st, place):
    """The seats (bit mask) ranked at ``place`` (0-based) by ``DogState.result``: finishers
    in order (play-on), else the winners; at the round limit the rest by pieces home, the
    team's counted together."""
    k = st[NPLACES]
    if place < k:
        return 1 << st[PLACES + place]
    if k == 0 and st[LIMIT] == 0:
        return st[WINNERS] if place == 0 else 0
    nplayers = st[N]
    best = -1
    mask = 0
    for s in range(nplayers):
        if _is_place(st, s):
            continue
        score = _in_goal(st, s)
        partner = st[PARTNER + s]
        if partner >= 0:
            score += _in_goal(st, partner)
        if score > best:
            best = score
            mask = 1 << s
        elif score == best:
            mask |= 1 << s
    return mask


# --- the game loop -----------------------------------------------------------------------
@njit(int64(_TR, int64, int64, int64, int64), _nrt=False, cache=True)
def _trace(tr, g, k, a, b):
    if tr.shape[0] > 0 and k < tr.shape[1]:
        tr[g, k, 0] = a
        tr[g, k, 1] = b
    return k + 1


@njit(_nrt=False, cache=True)
def _play_game(st, rc, mv, rs, policy, max_steps, tr, g):
    """Play the game in ``st`` to its end; returns (chance events, decisions)."""
    chance = 0
    moves = 0
    k = 0
    nplayers = st[N]
    n = 0
    if st[PHASE] == PLAY:
        n = _plan(st, rc, mv)
    while st[PHASE] != OVER:
        if chance + moves >= max_steps:
            return chance, moves, False
        phase = st[PHASE]
        if phase == DEAL:
            seat = st[DEAL_SEAT]
            card = _draw_card(st, rs, seat)
            k = _trace(tr, g, k, T_DRAW * 4096, card)
            chance += 1
            st[DEAL_LEFT] -= 1
            seat = (seat + 1) % nplayers
            if st[NPLACES] > 0:
                seat = _in_play_from(st, seat)
            st[DEAL_SEAT] = seat
            if st[DEAL_LEFT] == 0:
                if st[PARTNER] >= 0:
                    st[PHASE] = EXCHANGE
                    for s in range(nplayers):
                        st[GIVES + s] = -1
                else:
                    n = _after_exchange(st, rc, mv)
            continue
        if phase == DRAW:
            seat = st[DRAW_SEAT]
            card = _draw_card(st, rs, seat)
            k = _trace(tr, g, k, T_DRAW * 4096, card)
            chance += 1
            st[DRAW_SEAT] = -1
            n = _after_draw(st, rc, mv)
            continue
        if phase == DEALER:
            outcomes = nplayers if st[O_DEALER_RANDOM] != 0 else 1
            dealer = int(draw_kept(rs) * outcomes)
            k = _trace(tr, g, k, T_DEALER * 4096 + outcomes, dealer)
            chance += 1
            st[DEALER_] = dealer
            st[ROUND] = 1
            st[STARTER] = (dealer + 1) % nplayers
            _start_deal(st)
            continue
        if phase == FORFEIT:
            seat = st[FSEAT]
            total = st[HSIZE + seat]
            r = int(draw_kept(rs) * total)
            card = 0
            for c in range(NC):
                kk = st[HAND + seat * NC + c]
                if r < kk:
                    card = c
                    break
                r -= kk
            k = _trace(tr, g, k, T_FORFEIT * 4096 + total, card)
            chance += 1
            _discard_under(st, seat, card)
            st[FSEAT] = -1
            n = _resume_turn(st, rc, mv)
            continue
        moves += 1
        if phase == EXCHANGE:
            seat = 0
            while st[GIVES + seat] >= 0:
                seat += 1
            h = HAND + seat * NC
            kinds = 0
            for c in range(NC):
                if st[h + c]:
                    kinds += 1
            if policy[seat] == RANDOM:
                pick = int(draw_kept(rs) * kinds)
                card = -1
                for c in range(NC):
                    if st[h + c]:
                        if pick == 0:
                            card = c
                            break
                        pick -= 1
            elif kinds == 1:
                card = 0
                while not st[h + card]:
                    card += 1
            else:
                card = _choose_gift(st, seat)
            k = _trace(tr, g, k, T_GIVE * 4096 + kinds, card)
            n = _give(st, rc, mv, seat, card)
            continue
        seat = st[CUR]
        if phase == PLACE:
            # The four kennel pieces; the heuristic places the Knight.
            pick = int(draw_kept(rs) * 4) if policy[seat] == RANDOM else KNIGHT
            piece = 4 * seat + pick
            k = _trace(tr, g, k, T_PLACE * 4096 + 4, piece)
            field = st[START + seat]
            st[POS + piece] = field
            st[OCC + field] = piece
            st[PLACE_LEFT] -= 1
            if st[PLACE_LEFT] > 0:
                st[CUR] = (seat + 1) % nplayers
            else:
                n = _begin_turn(st, rc, mv, st[STARTER])
            continue
        if phase == JUMP_PHASE:
            options = 2 if st[O_JUMP_OPT] != 0 else 1
            if policy[seat] == RANDOM:
                jump = int(draw_kept(rs) * options) == 0
            elif options == 1:
                jump = True
            else:
                piece = st[JUMP]
                gain = _progress(st, piece, _jump_target(st, piece)) - _progress(
                    st, piece, st[POS + piece]
                )
                jump = gain > 0
            k = _trace(tr, g, k, T_JUMP * 4096 + options, 1 if jump else 0)
            n = _jump(st, rc, mv, jump)
            continue
        # PLAY: ``mv`` holds the ``n`` legal actions planned when the turn began.
        if policy[seat] == RANDOM:
            i = int(draw_kept(rs) * n)
        elif n == 1:
            i = 0
        else:
            i = _choose_play(st, mv, n, rs, seat)
        k = _trace(
            tr,
            g,
            k,
            T_PLAY * 4096 + n,
            mv[i, M_KIND] * 10000 + mv[i, M_PIECE] * 100 + mv[i, M_ARG] + 1,
        )
        if mv[i, M_KIND] == P_ACCUSE:
            n = _accuse(st, rc, mv, mv[i, M_PIECE])
        else:
            n = _play_card(st, rc, mv, i)
    return chance, moves, True


@njit(cache=True, nogil=True)
def play_range(first, last, st0, policy, seed, game0, max_steps, out, out_pos, tr):
    """Play games ``first`` .. ``last - 1`` from ``st0``. ``out[g]``: winners (bit mask),
    places (4, -1 for none), the round-limit flag, chance events, decisions, rounds, turns,
    whether the game ended within ``max_steps``; ``out_pos[g]`` the final positions when it
    has rows; ``tr[g]`` the trace when it has rows."""
    st = np.empty(SIZE, np.int64)
    rc = np.zeros((RCROWS, 2 * MAX_STEPS + 1), np.int64)
    mv = np.empty((MAXMV, MCOLS), np.int64)
    rs = np.empty(1, np.uint64)
    record = out_pos.shape[0] > 0
    open0 = st0[NPLACES]
    for g in range(first, last):
        for i in range(SIZE):
            st[i] = st0[i]
        rs[0] = game_stream(seed, np.uint64(g + game0))
        chance, moves, done = _play_game(st, rc, mv, rs, policy, max_steps, tr, g)
        out[g, 0] = st[WINNERS]
        for i in range(4):
            out[g, 1 + i] = st[PLACES + i] if i < st[NPLACES] else -1
        out[g, 5] = st[LIMIT]
        out[g, 6] = chance
        out[g, 7] = moves
        out[g, 8] = st[ROUND]
        out[g, 9] = st[TURNS]
        out[g, 10] = 1 if done else 0
        out[g, 11] = _ranked(st, 0)
        out[g, 12] = _ranked(st, open0)
        if record:
            for i in range(16):
                out_pos[g, i] = st[POS + i]
            for i in range(NC):
                out_pos[g, 16 + i] = st[DCNT + i]


@njit(cache=True)
def legal_plans(st0, mv):
    """The legal actions ``_plan`` lists in the play phase of ``st0`` (a copy is planned)."""
    st = st0.copy()
    rc = np.zeros((RCROWS, 2 * MAX_STEPS + 1), np.int64)
    return _plan(st, rc, mv)
