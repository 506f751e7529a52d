"""The compiled core of Fia's batch simulator (``batch.py`` is its typed front door).

One Numba function plays many games from one position, each game to its end, each with its own
xorshift64* stream, so a game's outcome depends only on (seed, game number) and not on how the
games are split over threads. Everything is colour-indexed (``pos[4 * colour + i]``, as in
``rules.FiaState``); ``batch.py`` maps seats to colours and back.

The rules are those of ``rules.py`` line by line (the order of the legal moves, the blocking
rule, the double-entry pair, knockouts, the bonus roll bound to the same piece, three tries,
play-on) and the heuristic is ``heuristic.py`` with the same floating-point operations in the
same order, so the two agree bit for bit; ``tests/games/fia/test_batch.py`` checks it.

How random draws are used (the same as ``bots.RandomBot``/``bots.HeuristicBot`` with one
shared ``random.Random``-like stream, see ``batch.XorShiftRandom``):

- every die roll, the start roll-off included, takes one draw ``u``: ``int(u * 6) + 1``;
- a random seat takes one draw per decision, even with a single legal move: ``int(u * n)``;
- a heuristic seat takes no draw with one legal move; otherwise it scores the moves and takes
  one draw only when several share the best score: ``top[int(u * len(top))]``.

When ``out_trace`` has rows, ``out_trace[g, step]`` holds game ``g``'s first steps as two codes
(so the differential test can name the first step where kernel and engine part):

- a die roll: ``(T_ROLL * 4096 + 16 * colour, value)``, the colour of whoever rolls;
- a move: ``(T_MOVE * 4096 + 16 * colour + number of legal moves, 16 * action + index)``, the
  index of the chosen move in the engine's order and its action (``A_*``).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from spelkvall.core import kernel_random
from spelkvall.core.kernel_random import draw, game_stream
from spelkvall.core.kernels import depends_on

from . import board, heuristic
from .board import GOAL, START_SQUARES, TRACK_LENGTH, UNIVERSAL
from .heuristic import ENTER_BONUS, KNOCK_WEIGHT, THREAT, piece_value

depends_on(__file__, kernel_random, board, heuristic)

ROLLOFF, ROLL, MOVE = 0, 1, 2
RANDOM, HEURISTIC = 0, 1
T_ROLL, T_MOVE = 1, 2
A_ENTER, A_ENTER_TWO, A_ENTER_SIX = 5, 6, 7  # Move(piece) is its piece number, 1..4

_UNI = np.array(UNIVERSAL, dtype=np.int8)  # [colour, local] -> universal square or -1
_PV = np.array([piece_value(p) for p in range(GOAL + 1)], dtype=np.float64)
# _LAP[colour, square]: how far along its own lap a colour is on a universal square.
_LAP = np.array(
    [[(s - START_SQUARES[c]) % TRACK_LENGTH for s in range(TRACK_LENGTH)] for c in range(4)],
    dtype=np.int8,
)
_ONE = np.int64(1)
_BLOCKERS = np.int64(((1 << (GOAL + 1)) - 1) & ~1 & ~(1 << GOAL))  # track and lane, not nest/goal
_WINDOW = np.array([(1 << d) - 1 for d in range(7)], dtype=np.int64)
# _LOW[w]: the index of the lowest set bit of w (1..63).
_LOW = np.array([0] + [(w & -w).bit_length() - 1 for w in range(1, 64)], dtype=np.int8)
# _ENTRY[square]: the colour whose start square (local 1) or sixth square it is, else -1.
_ENTRY = np.full(TRACK_LENGTH, -1, dtype=np.int8)
for _c in range(4):
    _ENTRY[START_SQUARES[_c]] = _c
    _ENTRY[(START_SQUARES[_c] + 5) % TRACK_LENGTH] = _c
# _NEAR[square]: the colour whose start square is 0..5 squares behind (at most one), and
# _NEARLAP[square] how far; 6 where the square's window reaches no start square's back side.
_NEAR = np.zeros(TRACK_LENGTH, dtype=np.int8)
_NEARLAP = np.full(TRACK_LENGTH, 6, dtype=np.int8)
for _c in range(4):
    for _k in range(6):
        _NEAR[(START_SQUARES[_c] + _k) % TRACK_LENGTH] = _c
        _NEARLAP[(START_SQUARES[_c] + _k) % TRACK_LENGTH] = _k
_POP = np.array([bin(w).count("1") for w in range(64)], dtype=np.int64)


@njit(cache=True, inline="always")
def _threats(opp, near_mask, nests, square):
    """``heuristic.threats``: opponent pieces (and nests) that reach ``square`` in one roll.

    ``opp`` has a bit per universal square holding an opponent piece, squares 0..4 repeated as
    bits 40..44 so that the six squares behind any square are one 6-bit window. An attacker
    reaches the square only while it is still on its own lap: the one colour whose start square
    lies at most five squares behind (``_NEAR``) cannot use the squares behind its start, and
    ``near_mask`` holds that colour's pieces (bits as in ``opp``). ``nests`` has a bit per
    opponent in the game with a piece in its nest, which threatens its start and sixth square.
    """
    first = square - 6 if square >= 6 else square + TRACK_LENGTH - 6
    count = _POP[(opp >> first) & 63]
    lap = _NEARLAP[square]
    if lap < 6:
        count -= _POP[(near_mask >> first) & _WINDOW[6 - lap]]
    entry = _ENTRY[square]
    if entry >= 0 and (nests >> entry) & 1:
        count += 1
    return count


@njit(cache=True, inline="always")
def _risk(opp, masks, nests, colour, local):
    square = _UNI[colour, local]
    if square < 0:
        return 0.0
    near = _NEAR[square]
    n = _threats(opp, masks[near] if near != colour else 0, nests, square)
    if n == 0:
        return 0.0
    return min(1.0, THREAT * n) * _PV[local]


@njit(cache=True, inline="always")
def _trace(out_trace, g, step, a, b):
    if step < out_trace.shape[1]:
        out_trace[g, step, 0] = a
        out_trace[g, step, 1] = b


@njit(cache=True, nogil=True)
def _play_range(
    first,
    last,
    pos0,
    phase0,
    cur0,
    die0,
    bound0,
    tries0,
    pending0,
    vals0,
    order0,
    nfin0,
    seated,
    nxt,
    policy,
    three_tries,
    play_on,
    stop_at_first,
    seed,
    game0,
    out_order,
    out_pos,
    out_chance,
    out_moves,
    out_trace,
):
    """Play games ``first`` .. ``last - 1`` from the given position, writing the outputs."""
    nplayers = 0
    for c in range(4):
        if seated[c]:
            nplayers += 1
    pos = np.empty(16, np.int8)
    occ = np.empty(TRACK_LENGTH, np.int8)
    vals = np.empty(4, np.int8)
    finished = np.empty(4, np.bool_)
    order = np.empty(4, np.int8)
    p1 = np.empty(5, np.int8)
    p2 = np.empty(5, np.int8)
    dst = np.empty(5, np.int8)
    score = np.empty(5, np.float64)
    top = np.empty(5, np.int8)
    masks = np.zeros(4, np.int64)
    cm = np.zeros(4, np.int64)  # per colour: a bit per universal square it holds (= occ)
    track = False  # cm is kept up to date only when a heuristic seat reads it
    for c in range(4):
        if seated[c] and policy[c] == HEURISTIC:
            track = True
    record = out_pos.shape[0] > 0
    tracing = out_trace.shape[0] > 0
    for g in range(first, last):
        s = game_stream(seed, np.uint64(g + game0))
        for i in range(16):
            pos[i] = pos0[i]
        for i in range(TRACK_LENGTH):
            occ[i] = -1
        for c in range(4):
            finished[c] = False
            order[c] = -1
            vals[c] = vals0[c]
            cm[c] = 0
            for i in range(4):
                sq = _UNI[c, pos[4 * c + i]]
                if sq >= 0:
                    occ[sq] = c
                    cm[c] |= _ONE << sq
        nfin = nfin0
        for i in range(nfin):
            order[i] = order0[i]
            finished[order0[i]] = True
        phase = phase0
        cur = cur0
        die = die0
        bound = bound0
        tries = tries0
        pending = pending0
        chance = 0
        moves = 0
        while True:
            if phase == ROLLOFF:
                # Everyone still to roll in this round rolls, in clockwise (= colour) order.
                for c in range(4):
                    if pending & (1 << c):
                        s, u = draw(s)
                        vals[c] = np.int8(int(u * 6.0) + 1)
                        if tracing:
                            _trace(out_trace, g, chance + moves, T_ROLL * 4096 + 16 * c, vals[c])
                        chance += 1
                best = 0
                for c in range(4):
                    if vals[c] > best:
                        best = vals[c]
                pending = 0
                ntied = 0
                for c in range(4):
                    if vals[c] == best:
                        pending |= 1 << c
                        ntied += 1
                        cur = c
                for c in range(4):
                    vals[c] = 0
                if ntied > 1:
                    continue
                pending = 0
                phase = ROLL
            if phase == ROLL:
                s, u = draw(s)
                die = int(u * 6.0) + 1
                if tracing:
                    _trace(out_trace, g, chance + moves, T_ROLL * 4096 + 16 * cur, die)
                chance += 1
            phase = ROLL
            # Plan the legal moves in the engine's order: entering first, then pieces 1..4.
            # Own pieces as bit sets over local positions: the first blocker in a move's way
            # is the lowest set bit of a window, found in a table.
            base = 4 * cur
            at = (
                (_ONE << pos[base])
                | (_ONE << pos[base + 1])
                | (_ONE << pos[base + 2])
                | (_ONE << pos[base + 3])
            )
            block = at & _BLOCKERS
            n = 0
            if bound == 0 and (die == 1 or die == 6) and (at & 3) == 1:
                a = -1
                b = -1
                for i in range(4):
                    if pos[base + i] == 0:
                        if a < 0:
                            a = i
                        elif b < 0:
                            b = i
                if die == 1:
                    p1[0] = a
                    p2[0] = -1
                    dst[0] = 1
                    n = 1
                else:
                    if b >= 0:
                        p1[0] = a
                        p2[0] = b
                        dst[0] = 1
                        n = 1
                    # One piece to square 6 stops directly behind an own piece on 2..6.
                    w = (block >> 2) & 31
                    p1[n] = a
                    p2[n] = -1
                    dst[n] = 6 if w == 0 else 1 + _LOW[w]
                    n += 1
            for i in range(4):
                p = pos[base + i]
                if p == 0 or p == GOAL:
                    continue
                if bound != 0 and not (bound >> i) & 1:
                    continue
                d = p + die
                if d > GOAL:
                    continue
                w = (block >> (p + 1)) & _WINDOW[die]
                if w != 0:
                    d = p + _LOW[w]
                if d != p:
                    p1[n] = i
                    p2[n] = -1
                    dst[n] = d
                    n += 1
            if n == 0:
                if three_tries and bound == 0 and tries < 2:
                    home = True
                    for i in range(4):
                        q = pos[base + i]
                        if q != 0 and q != GOAL:
                            home = False
                    if home:
                        tries += 1
                        continue
                nc = nxt[cur]
                while finished[nc]:
                    nc = nxt[nc]
                cur = nc
                bound = 0
                tries = 0
                continue
            # Choose.
            k = 0
            if policy[cur] == RANDOM:
                s, u = draw(s)
                k = int(u * n)
            elif n > 1:
                nests = 0
                opp = 0
                for c in range(4):
                    if c == cur or not seated[c]:
                        masks[c] = 0
                        continue
                    b = 4 * c
                    m = cm[c] | ((cm[c] & 31) << TRACK_LENGTH)
                    masks[c] = m
                    opp |= m
                    if not finished[c] and (
                        pos[b] == 0 or pos[b + 1] == 0 or pos[b + 2] == 0 or pos[b + 3] == 0
                    ):
                        nests |= 1 << c
                for m in range(n):
                    nn = 1 if p2[m] < 0 else 2
                    src = pos[base + p1[m]]
                    d = dst[m]
                    gain = nn * (_PV[d] - _PV[src])
                    if src == 0:
                        gain += nn * ENTER_BONUS
                    gain += nn * (
                        _risk(opp, masks, nests, cur, src) - _risk(opp, masks, nests, cur, d)
                    )
                    sq = _UNI[cur, d]
                    if sq >= 0:
                        other = occ[sq]
                        if other >= 0 and other != cur:
                            for j in range(4 * other, 4 * other + 4):
                                if _UNI[other, pos[j]] == sq:
                                    gain += KNOCK_WEIGHT * _PV[pos[j]]
                    score[m] = gain
                best_score = score[0]
                for m in range(1, n):
                    if score[m] > best_score:
                        best_score = score[m]
                ntop = 0
                for m in range(n):
                    if score[m] == best_score:
                        top[ntop] = m
                        ntop += 1
                if ntop == 1:
                    k = top[0]
                else:
                    s, u = draw(s)
                    k = top[int(u * ntop)]
            if tracing:
                if pos[base + p1[k]] != 0:
                    act = p1[k] + 1
                elif p2[k] >= 0:
                    act = A_ENTER_TWO
                else:
                    act = A_ENTER if die == 1 else A_ENTER_SIX
                _trace(out_trace, g, chance + moves, T_MOVE * 4096 + 16 * cur + n, 16 * act + k)
            moves += 1
            # Move.
            d = dst[k]
            for which in range(2):
                piece = p1[k] if which == 0 else p2[k]
                if piece < 0:
                    break
                old = pos[base + piece]
                if old != 0:
                    sq = _UNI[cur, old]
                    if sq >= 0:
                        same = 0
                        for j in range(4):
                            if pos[base + j] == old:
                                same += 1
                        # The double-entry pair: the one left behind still holds the square.
                        if same == 1:
                            occ[sq] = -1
                            if track:
                                cm[cur] &= ~(_ONE << sq)
                pos[base + piece] = d
            sq = _UNI[cur, d]
            if sq >= 0:
                other = occ[sq]
                if other >= 0 and other != cur:
                    for j in range(4 * other, 4 * other + 4):
                        if _UNI[other, pos[j]] == sq:
                            pos[j] = 0
                    if track:
                        cm[other] &= ~(_ONE << sq)
                occ[sq] = cur
                if track:
                    cm[cur] |= _ONE << sq
            elif d == GOAL and (
                pos[base] == GOAL
                and pos[base + 1] == GOAL
                and pos[base + 2] == GOAL
                and pos[base + 3] == GOAL
            ):
                finished[cur] = True
                order[nfin] = cur
                nfin += 1
                if stop_at_first or not play_on or nfin >= nplayers - 1:
                    break
            if die == 6 and not finished[cur]:
                bound = 1 << p1[k]
                if p2[k] >= 0:
                    bound |= 1 << p2[k]
                continue
            nc = nxt[cur]
            while finished[nc]:
                nc = nxt[nc]
            cur = nc
            bound = 0
            tries = 0
        for i in range(4):
            out_order[g, i] = order[i]
        if record:
            for i in range(16):
                out_pos[g, i] = pos[i]
        out_chance[g] = chance
        out_moves[g] = moves
