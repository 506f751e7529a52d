# mypy: ignore-errors
# (Numba kernels are typed by Numba at compile time; batch.py is their typed front door.)
"""The compiled core of Front's batch simulator (``batch.py`` is its typed front door).

One Numba function plays many games from one position, each to its end, each game with its own
xorshift64* stream (the same as Fia's: ``batch.XorShiftRandom``), so a game's outcome depends
only on (seed, game number). The board comes in as the tables of ``board.Board`` (``nxt``, the
rays, rows, owners, the camps, the distances to score).

The rules are those of ``rules.py`` step by step, with the same order of legal actions
(removals by square then the throw; moves by square then direction; returns by column) and
the same list order of each seat's pieces (a move replaces, a point or a removal takes out, a
return or a piece sent back goes last), and the heuristic is ``heuristic.py`` with the same
floating-point operations in the same order, so that the two agree bit for bit
(``tests/games/front/test_batch.py``).

How random draws are used (as ``bots.RandomBot`` / ``bots.HeuristicBot`` with one shared
``random.Random``-like stream):

- every die roll, the start roll-off included, takes one draw ``u``: ``int(u * 6) + 1``;
- a random seat takes one draw per decision, even with a single legal action: ``int(u * n)``;
- a heuristic seat takes no draw with one legal action; otherwise it scores them and takes one
  draw only when several share the best score: ``top[int(u * len(top))]``.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from spelkvall.core import kernel_random
from spelkvall.core.kernel_random import draw, game_stream
from spelkvall.core.kernels import depends_on

from . import heuristic
from .heuristic import DOOMED, EXPOSED, PIECE, PREY, PROGRESS, READY, SCORE

depends_on(__file__, kernel_random, heuristic)

ROLLOFF, DECIDE, ROLL, MOVE, RETURN, OVER = range(6)
RANDOM, HEURISTIC = 0, 1
OFF = -1
MAX_ACTIONS = 40  # 8 pieces × 4 directions; 16 removals + the throw; 8 returns
# The kinds of step in a trace (``_trace``): a roll-off die, a turn's die, a removal or the
# throw, a move, a return.
T_ROLLOFF, T_ROLL, T_REMOVE, T_MOVE, T_RETURN = 1, 2, 3, 4, 5


# --- threat and protection ----------------------------------------------------------------


@njit(cache=True, inline="always")
def _lines(cells, rays, raylen, reach, sq, out):
    """``heuristic._lines``: the owner of the first piece along each direction, or -1."""
    for d in range(4):
        out[d] = -1
        k = 4 * sq + d
        n = raylen[k]
        if n > reach:
            n = reach
        for i in range(n):
            v = cells[rays[k, i]]
            if v >= 0:
                out[d] = v
                break


@njit(cache=True)
def _removable(cells, pos, cnt, rays, raylen, reach, attacker, first, out):
    """``FrontState.removable``: the squares ``attacker`` may clear, sorted; returns how many."""
    n_out = 0
    for other in range(3):
        if other == attacker:
            continue
        for j in range(cnt[other]):
            sq = pos[other, j]
            _lines(cells, rays, raylen, reach, sq, first)
            n = 0
            protected = False
            for d in range(4):
                if first[d] == attacker:
                    n += 1
                elif first[d] == other:
                    protected = True
            if n >= 3 or (n == 2 and not protected):
                out[n_out] = sq
                n_out += 1
    for i in range(1, n_out):
        v = out[i]
        k = i - 1
        while k >= 0 and out[k] > v:
            out[k + 1] = out[k]
            k -= 1
        out[k + 1] = v
    return n_out


# --- the heuristic --------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _ready(cells, nxt, owner, sdist, seat, sq):
    dist = sdist[seat, sq]
    if dist == 0 or dist > 6:
        return False
    d = 2 if owner[sq] != seat else 3
    s = nxt[4 * sq + d]
    for _ in range(dist):
        if s == OFF or cells[s >> 2] >= 0:
            return False
        s = nxt[s]
    return True


@njit(cache=True, inline="always")
def _worth(sdist, depth, seat, sq):
    return PIECE + PROGRESS * (2 * depth - 1 - sdist[seat, sq])


@njit(cache=True)
def _evaluate(cells, pos, cnt, nxt, rays, raylen, reach, owner, sdist, depth, seat, first):
    """``heuristic.evaluate``."""
    total = 0.0
    for j in range(cnt[seat]):
        sq = pos[seat, j]
        w = _worth(sdist, depth, seat, sq)
        _lines(cells, rays, raylen, reach, sq, first)
        protected = first[0] == seat or first[1] == seat or first[2] == seat or first[3] == seat
        risk = 0.0
        for enemy in range(3):
            if enemy == seat:
                continue
            n = 0
            for d in range(4):
                if first[d] == enemy:
                    n += 1
            if n >= 3 or (n == 2 and not protected):
                risk = DOOMED
                break
            if n and not protected:
                risk = max(risk, EXPOSED * n)
            elif n == 2:
                risk = max(risk, EXPOSED)
        total += w * (1.0 - risk)
        if risk < DOOMED and _ready(cells, nxt, owner, sdist, seat, sq):
            total += READY
    for enemy in range(3):
        if enemy == seat:
            continue
        for j in range(cnt[enemy]):
            sq = pos[enemy, j]
            _lines(cells, rays, raylen, reach, sq, first)
            n = 0
            mine = False
            for d in range(4):
                if first[d] == seat:
                    n += 1
                elif first[d] == enemy:
                    mine = True
            if n >= 2 and (n >= 3 or not mine):
                total += PREY * _worth(sdist, depth, enemy, sq)
    return total


@njit(cache=True, inline="always")
def _take_out(pos, cnt, seat, i):
    for k in range(i, cnt[seat] - 1):
        pos[seat, k] = pos[seat, k + 1]
    cnt[seat] -= 1


@njit(cache=True, inline="always")
def _put_in(pos, cnt, seat, i, sq):
    for k in range(cnt[seat], i, -1):
        pos[seat, k] = pos[seat, k - 1]
    pos[seat, i] = sq
    cnt[seat] += 1


@njit(cache=True, inline="always")
def _index(pos, cnt, seat, sq):
    for k in range(cnt[seat]):
        if pos[seat, k] == sq:
            return k
    return -1


@njit(cache=True, inline="always")
def _camp_square_near(cells, camp, seat, col):
    for dist in range(8):
        c = col - dist
        if 0 <= c < 8 and cells[camp[seat, c]] < 0:
            return camp[seat, c]
        c = col + dist
        if 0 <= c < 8 and cells[camp[seat, c]] < 0:
            return camp[seat, c]
    return -1


# --- playing -----------------------------------------------------------------------------


@njit(cache=True, inline="always")
def _trace(tr, g, k, a, b, c, scores):
    """Row ``k`` of game ``g``'s trace, when ``tr`` has rows: ``a`` the kind of step × 4096 +
    the number of legal actions (0 for a die), ``b`` the die or the index of the action chosen,
    ``c`` the seat that rolled or the squares the action names, and the scores after the step
    (6 bits a seat); returns the next row."""
    if k < tr.shape[1]:
        tr[g, k, 0] = a
        tr[g, k, 1] = b
        tr[g, k, 2] = c
        tr[g, k, 3] = scores[0] + 64 * scores[1] + 4096 * scores[2]
    return k + 1


@njit(cache=True, nogil=True)
def _play_range(
    first_game,
    last_game,
    cells0,
    pos0,
    cnt0,
    scores0,
    phase0,
    cur0,
    die0,
    quiet0,
    turns0,
    pending0,
    rolled0,
    vals0,
    nxt,
    rays,
    raylen,
    row,
    owner,
    col,
    camp,
    sdist,
    depth,
    reach,
    exact,
    removed_return,
    rolloff_all,
    draw_turns,
    target,
    policy,
    seed,
    game0,
    out_winner,
    out_scores,
    out_chance,
    out_moves,
    tr,
):
    """Play games ``first_game``..``last_game - 1`` from the given position (arrays are left
    unchanged) and write each game's winner (-1: a draw), scores, dice and decisions; and, when
    ``tr`` has rows, the first ``tr.shape[1]`` steps of game ``g`` to ``tr[g]`` (``_trace``)."""
    tracing = tr.shape[0] > 0
    first = np.empty(4, np.int64)
    targets = np.empty(MAX_ACTIONS, np.int64)
    srcs = np.empty(MAX_ACTIONS, np.int64)
    dsts = np.empty(MAX_ACTIONS, np.int64)
    values = np.empty(MAX_ACTIONS, np.float64)
    top = np.empty(MAX_ACTIONS, np.int64)
    mine = np.empty(8, np.int64)
    for g in range(first_game, last_game):
        s = game_stream(seed, np.uint64(game0 + g))
        cells = cells0.copy()
        pos = pos0.copy()
        cnt = cnt0.copy()
        scores = scores0.copy()
        vals = vals0.copy()
        phase = phase0
        cur = cur0
        die = die0
        quiet = quiet0
        turns = turns0
        pending = pending0
        rolled = rolled0
        winner = -1
        chance = 0
        decisions = 0
        n_legal = 0
        k_tr = 0
        t_kind = t_what = t_legal = 0
        # A position handed over mid-turn: plan what the engine had planned.
        start_turn = False
        plan_moves = phase == MOVE
        plan_returns = phase == RETURN
        if phase == DECIDE:
            start_turn = True
        while phase != OVER:
            if start_turn:
                start_turn = False
                die = 0
                n_legal = _removable(cells, pos, cnt, rays, raylen, reach, cur, first, targets)
                if n_legal:
                    phase = DECIDE
                    n_legal += 1  # the throw comes last
                else:
                    phase = ROLL
                continue
            if plan_moves:
                plan_moves = False
                n_mine = cnt[cur]
                for k in range(n_mine):
                    mine[k] = pos[cur, k]
                for i in range(1, n_mine):
                    v = mine[i]
                    k = i - 1
                    while k >= 0 and mine[k] > v:
                        mine[k + 1] = mine[k]
                        k -= 1
                    mine[k + 1] = v
                n_legal = 0
                for k in range(n_mine):
                    sq = mine[k]
                    for d in range(4):
                        st = nxt[4 * sq + d]
                        steps = 0
                        while st != OFF:
                            t = st >> 2
                            if cells[t] >= 0:
                                break
                            steps += 1
                            if steps == die or (not exact and row[t] == 0 and owner[t] != cur):
                                srcs[n_legal] = sq
                                dsts[n_legal] = t
                                n_legal += 1
                                break
                            st = nxt[st]
                continue
            if plan_returns:
                plan_returns = False
                n_legal = 0
                for c in range(8):
                    sq = camp[cur, c]
                    if cells[sq] < 0:
                        targets[n_legal] = sq
                        n_legal += 1
                continue
            if phase == ROLLOFF:
                seat = 0
                while not (pending >> seat) & 1:
                    seat += 1
                s, u = draw(s)
                chance += 1
                vals[seat] = int(u * 6) + 1
                if tracing:
                    k_tr = _trace(tr, g, k_tr, T_ROLLOFF * 4096, vals[seat], seat, scores)
                pending &= ~(1 << seat)
                rolled |= 1 << seat
                if pending == 0:
                    best = 0
                    for p in range(3):
                        if (rolled >> p) & 1 and vals[p] > best:
                            best = vals[p]
                    tied = 0
                    n_tied = 0
                    for p in range(3):
                        if (rolled >> p) & 1 and vals[p] == best:
                            tied |= 1 << p
                            n_tied += 1
                    if n_tied > 1:
                        pending = 7 if rolloff_all else tied
                        rolled = 0
                    else:
                        cur = 0
                        while not (tied >> cur) & 1:
                            cur += 1
                        start_turn = True
                continue
            if phase == ROLL:
                s, u = draw(s)
                chance += 1
                die = int(u * 6) + 1
                if tracing:
                    k_tr = _trace(tr, g, k_tr, T_ROLL * 4096, die, cur, scores)
                phase = MOVE
                plan_moves = True
                # With no move the turn passes (decided once the moves are planned below).
                continue
            # A decision: DECIDE, MOVE or RETURN with n_legal actions.
            if phase == MOVE and n_legal == 0:
                end_turn = True
                eventful = False
            else:
                decisions += 1
                if policy[cur] == RANDOM or n_legal == 1:
                    if policy[cur] == RANDOM:
                        s, u = draw(s)
                        choice = int(u * n_legal)
                    else:
                        choice = 0
                else:
                    if phase == DECIDE:
                        for k in range(n_legal - 1):
                            sq = targets[k]
                            victim = cells[sq]
                            value = _worth(sdist, depth, victim, sq)
                            if _ready(cells, nxt, owner, sdist, victim, sq):
                                value += READY * 2
                            _lines(cells, rays, raylen, reach, sq, first)
                            n = 0
                            for d in range(4):
                                if first[d] == cur:
                                    n += 1
                            value += 0.5 * n
                            values[k] = value
                        values[n_legal - 1] = 0.0
                    elif phase == RETURN:
                        for k in range(n_legal):
                            sq = targets[k]
                            cells[sq] = cur
                            pos[cur, cnt[cur]] = sq
                            cnt[cur] += 1
                            values[k] = _evaluate(
                                cells, pos, cnt, nxt, rays, raylen, reach, owner, sdist, depth,
                                cur, first,
                            )  # fmt: skip
                            cnt[cur] -= 1
                            cells[sq] = -1
                    else:
                        for k in range(n_legal):
                            src = srcs[k]
                            dst = dsts[k]
                            i = _index(pos, cnt, cur, src)
                            cells[src] = -1
                            if row[dst] == 0 and owner[dst] != cur:
                                _take_out(pos, cnt, cur, i)
                                values[k] = SCORE + _evaluate(
                                    cells, pos, cnt, nxt, rays, raylen, reach, owner, sdist,
                                    depth, cur, first,
                                )  # fmt: skip
                                _put_in(pos, cnt, cur, i, src)
                            else:
                                cells[dst] = cur
                                pos[cur, i] = dst
                                values[k] = _evaluate(
                                    cells, pos, cnt, nxt, rays, raylen, reach, owner, sdist,
                                    depth, cur, first,
                                )  # fmt: skip
                                pos[cur, i] = src
                                cells[dst] = -1
                            cells[src] = cur
                    best_value = values[0]
                    for k in range(1, n_legal):
                        if values[k] > best_value:
                            best_value = values[k]
                    n_top = 0
                    for k in range(n_legal):
                        if values[k] == best_value:
                            top[n_top] = k
                            n_top += 1
                    if n_top == 1:
                        choice = top[0]
                    else:
                        s, u = draw(s)
                        choice = top[int(u * n_top)]
                end_turn = False
                eventful = False
                if tracing:
                    # Before the action changes the phase and the lists it chose from.
                    if phase == DECIDE:
                        t_kind = T_REMOVE
                        t_what = -1 if choice == n_legal - 1 else targets[choice]
                    elif phase == RETURN:
                        t_kind = T_RETURN
                        t_what = targets[choice]
                    else:
                        t_kind = T_MOVE
                        t_what = 256 * srcs[choice] + dsts[choice]
                    t_legal = n_legal
                if phase == DECIDE:
                    if choice == n_legal - 1:
                        phase = ROLL
                        n_legal = 0
                    else:
                        sq = targets[choice]
                        victim = cells[sq]
                        cells[sq] = -1
                        _take_out(pos, cnt, victim, _index(pos, cnt, victim, sq))
                        if removed_return:
                            home = _camp_square_near(cells, camp, victim, col[sq])
                            cells[home] = victim
                            pos[victim, cnt[victim]] = home
                            cnt[victim] += 1
                        end_turn = True
                        eventful = True
                elif phase == RETURN:
                    sq = targets[choice]
                    cells[sq] = cur
                    pos[cur, cnt[cur]] = sq
                    cnt[cur] += 1
                    end_turn = True
                    eventful = True
                else:
                    src = srcs[choice]
                    dst = dsts[choice]
                    i = _index(pos, cnt, cur, src)
                    cells[src] = -1
                    pos[cur, i] = dst
                    if row[dst] == 0 and owner[dst] != cur:
                        _take_out(pos, cnt, cur, i)
                        scores[cur] += 1
                        if scores[cur] >= target:
                            winner = cur
                            phase = OVER
                        else:
                            phase = RETURN
                            plan_returns = True
                    else:
                        cells[dst] = cur
                        end_turn = True
                if tracing:
                    k_tr = _trace(
                        tr, g, k_tr, t_kind * 4096 + t_legal, choice, t_what, scores
                    )  # fmt: skip
            if end_turn:
                turns += 1
                if eventful:
                    quiet = 0
                else:
                    quiet += 1
                if quiet >= draw_turns:
                    phase = OVER
                    break
                nc = cur
                for _ in range(3):
                    nc = (nc + 1) % 3
                    if cnt[nc] > 0:
                        break
                cur = nc
                start_turn = True
        out_winner[g] = winner
        for p in range(3):
            out_scores[g, p] = scores[p]
        out_chance[g] = chance
        out_moves[g] = decisions
