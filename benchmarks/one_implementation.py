# mypy: disable-error-code="no-untyped-def"
# (The compiled step functions are typed by Numba at compile time, as in the games' kernels.)
"""Could the compiled kernel be the rules? A measured prototype for Fia and Front (#29, item 3).

Today each of these games has two implementations of its rules: ``rules.py`` (the engine: legal
actions, ``apply``, events, views, refusal reasons) and ``_kernel.py`` (a Numba loop that plays
whole games for the batch simulator). The kernels expose no step: ``_play_range`` plays a game
from start to end. So the "one implementation" design needs compiled *step* functions (plan the
legal actions, apply one action, write the events as codes) and a Python adapter that gives the
engine's ``State`` contract over them: it keeps the state in arrays, turns the kernel's action
and event codes into the interned actions and event tuples, and raises the refusal reasons.

This file is that prototype. The step functions are the kernels' code cut at the step (Front's
reuse its compiled helpers: ``_removable``, ``_index``, ``_take_out``, ``_camp_square_near``).
For each game it measures, on the same random games:

- agreement: after every step the legal actions, the events and the state (decoded) equal the
  engine's, counted over N games (a disagreement is printed, never hidden);
- time per step (``legal_actions`` + ``apply``, chance steps included) of the engine and of the
  adapter, with ``time.process_time`` over replays of the same recorded games, the adapter's
  encoding of action codes, decoding of events and Numba's call overhead included; and the
  cost of encoding an engine state into the kernel's arrays (what a stateless adapter would pay
  on top, every step);
- lines: the adapter's Python, its compiled step functions, and the parts of ``rules.py`` that
  stay Python in either design (views and the queries behind them).

Run: ``nice -n 5 .venv/bin/python benchmarks/one_implementation.py [--games N]``.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import random
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from spelkvall.core import CHANCE, TURN_EVENT, Action, Event, IllegalAction, Seat, State
from spelkvall.games.fia import rules as fia_rules
from spelkvall.games.fia.actions import ENTER, ENTER_SIX, ENTER_TWO, MOVES, ROLLS, Roll
from spelkvall.games.fia.board import COLOURS, GOAL, UNIVERSAL
from spelkvall.games.fia.rules import FiaOptions, FiaState
from spelkvall.games.front import _kernel as front_kernel
from spelkvall.games.front import rules as front_rules
from spelkvall.games.front.actions import RETURNS, THROW
from spelkvall.games.front.actions import ROLLS as FRONT_ROLLS
from spelkvall.games.front.actions import Roll as FrontRoll
from spelkvall.games.front.batch import tables
from spelkvall.games.front.options import FrontOptions
from spelkvall.games.front.rules import FrontState

Array = npt.NDArray[np.int64]

# ============================================================================================
# Fia: compiled steps
# ============================================================================================
# One int64 array holds the state, colour-indexed like the kernel; events name seats.
F_POS, F_OCC, F_PHASE, F_CUR, F_DIE, F_BOUND, F_TRIES = 0, 16, 56, 57, 58, 59, 60
F_FIN, F_NFIN, F_ORDER, F_PENDING, F_VALS, F_NXT, F_SEAT = 61, 62, 63, 67, 68, 72, 76
F_THREE, F_PLAYON, F_NPLAYERS, F_ROLLS, F_KNOCKS, F_ROUND, F_N = 80, 81, 82, 83, 84, 88, 89
F_P1, F_P2, F_DST, F_ACT, F_SIZE = 90, 95, 100, 105, 110
FE_ROLLOFF, FE_TIE, FE_STARTS, FE_ROLLED, FE_TRY, FE_NOMOVE, FE_ENTERED = range(7)
FE_MOVED, FE_KNOCKED, FE_GOAL, FE_FINISHED, FE_OVER, FE_BONUS, FE_TURN = range(7, 14)
_UNI = np.array(UNIVERSAL, np.int64)
_ROLLOFF, _ROLL, _MOVE, _OVER = fia_rules.ROLLOFF, fia_rules.ROLL, fia_rules.MOVE, fia_rules.OVER


@njit(cache=False)
def _fia_ev(ev, n, kind, a, b, c, d):
    ev[n, 0] = kind
    ev[n, 1] = a
    ev[n, 2] = b
    ev[n, 3] = c
    ev[n, 4] = d
    return n + 1


@njit(cache=False)
def _fia_plan(S):
    """``FiaState._plan_moves``: the legal moves in the engine's order into ``S[F_P1..]``."""
    cur = S[F_CUR]
    base = 4 * cur
    die = S[F_DIE]
    bound = S[F_BOUND]
    n = 0
    a = -1
    b = -1
    on_start = False
    for i in range(4):
        p = S[base + i]
        if p == 0:
            if a < 0:
                a = i
            elif b < 0:
                b = i
        elif p == 1:
            on_start = True
    if bound == 0 and (die == 1 or die == 6) and a >= 0 and not on_start:
        if die == 1:
            S[F_P1], S[F_P2], S[F_DST], S[F_ACT] = a, -1, 1, 5
            n = 1
        else:
            if b >= 0:
                S[F_P1], S[F_P2], S[F_DST], S[F_ACT] = a, b, 1, 6
                n = 1
            dest = 6
            for i in range(4):
                q = S[base + i]
                if 1 < q <= dest:
                    dest = q - 1
            S[F_P1 + n], S[F_P2 + n], S[F_DST + n], S[F_ACT + n] = a, -1, dest, 7
            n += 1
    for i in range(4):
        p = S[base + i]
        if p == 0 or p == GOAL or (bound != 0 and not (bound >> i) & 1):
            continue
        dest = p + die
        if dest > GOAL:
            continue
        for j in range(4):
            q = S[base + j]
            if p < q <= dest and q != GOAL:
                dest = q - 1
        if dest != p:
            S[F_P1 + n], S[F_P2 + n], S[F_DST + n], S[F_ACT + n] = i, -1, dest, i + 1
            n += 1
    S[F_N] = n


@njit(cache=False)
def _fia_pass(S, ev, ne):
    nc = S[F_NXT + S[F_CUR]]
    while (S[F_FIN] >> nc) & 1:
        nc = S[F_NXT + nc]
    S[F_CUR] = nc
    S[F_PHASE] = _ROLL
    S[F_BOUND] = 0
    S[F_TRIES] = 0
    S[F_DIE] = 0
    S[F_N] = 0
    return _fia_ev(ev, ne, FE_TURN, S[F_SEAT + nc], 0, 0, 0)


@njit(cache=False)
def fia_step(S, code, ev):
    """Apply one action (a die value, or the index of a legal move); the number of events
    written to ``ev``, or -1 when the code is not legal."""
    phase = S[F_PHASE]
    cur = S[F_CUR]
    seat = S[F_SEAT + cur]
    ne = 0
    if phase == _ROLLOFF:
        c = 0
        while not (S[F_PENDING] >> c) & 1:
            c += 1
        S[F_PENDING] &= ~(1 << c)
        S[F_VALS + c] = code
        ne = _fia_ev(ev, ne, FE_ROLLOFF, S[F_SEAT + c], code, 0, 0)
        if S[F_PENDING]:
            return ne
        best = 0
        for c in range(4):
            if (S[F_ROUND] >> c) & 1 and S[F_VALS + c] > best:
                best = S[F_VALS + c]
        tied = 0
        ntied = 0
        first = -1
        for c in range(4):
            if (S[F_ROUND] >> c) & 1 and S[F_VALS + c] == best:
                tied |= 1 << c
                ntied += 1
                if first < 0:
                    first = c
        if ntied > 1:
            S[F_PENDING] = tied
            S[F_ROUND] = tied
            return _fia_ev(ev, ne, FE_TIE, tied, best, 0, 0)
        S[F_CUR] = first
        S[F_PHASE] = _ROLL
        return _fia_ev(ev, ne, FE_STARTS, S[F_SEAT + first], 0, 0, 0)
    if phase == _ROLL:
        S[F_DIE] = code
        S[F_ROLLS] += 1
        ne = _fia_ev(ev, ne, FE_ROLLED, seat, code, 0, 0)
        _fia_plan(S)
        if S[F_N] > 0:
            S[F_PHASE] = _MOVE
            return ne
        if S[F_THREE] and S[F_BOUND] == 0 and S[F_TRIES] < 2:
            home = True
            for i in range(4):
                q = S[4 * cur + i]
                if q != 0 and q != GOAL:
                    home = False
            if home:
                S[F_TRIES] += 1
                return _fia_ev(ev, ne, FE_TRY, seat, S[F_TRIES], 0, 0)
        ne = _fia_ev(ev, ne, FE_NOMOVE, seat, 0, 0, 0)
        return _fia_pass(S, ev, ne)
    if phase != _MOVE or code < 0 or code >= S[F_N]:
        return -1
    base = 4 * cur
    dest = S[F_DST + code]
    bound = 0
    for which in range(2):
        piece = S[F_P1 + code] if which == 0 else S[F_P2 + code]
        if piece < 0:
            break
        bound |= 1 << piece
        old = S[base + piece]
        if old == 0:
            ne = _fia_ev(ev, ne, FE_ENTERED, seat, piece + 1, dest, 0)
        else:
            ne = _fia_ev(ev, ne, FE_MOVED, seat, piece + 1, old, dest)
            sq = _UNI[cur, old]
            if sq >= 0:
                same = 0
                for j in range(4):
                    if S[base + j] == old:
                        same += 1
                if same == 1:
                    S[F_OCC + sq] = -1
        S[base + piece] = dest
    sq = _UNI[cur, dest]
    if sq >= 0:
        other = S[F_OCC + sq]
        if other >= 0 and other != cur:
            for j in range(4):
                if _UNI[other, S[4 * other + j]] == sq:
                    S[4 * other + j] = 0
                    S[F_KNOCKS + cur] += 1
                    ne = _fia_ev(ev, ne, FE_KNOCKED, S[F_SEAT + other], j + 1, seat, sq)
        S[F_OCC + sq] = cur
    elif dest == GOAL:
        ne = _fia_ev(ev, ne, FE_GOAL, seat, S[F_P1 + code] + 1, 0, 0)
        if S[base] == GOAL and S[base + 1] == GOAL and S[base + 2] == GOAL and S[base + 3] == GOAL:
            S[F_FIN] |= 1 << cur
            S[F_ORDER + S[F_NFIN]] = cur
            S[F_NFIN] += 1
            ne = _fia_ev(ev, ne, FE_FINISHED, seat, S[F_NFIN], 0, 0)
            if not S[F_PLAYON] or S[F_NFIN] >= S[F_NPLAYERS] - 1:
                S[F_PHASE] = _OVER
                S[F_BOUND] = 0
                S[F_N] = 0
                return _fia_ev(ev, ne, FE_OVER, S[F_SEAT + S[F_ORDER]], 0, 0, 0)
    if S[F_DIE] == 6 and not (S[F_FIN] >> cur) & 1:
        S[F_BOUND] = bound
        S[F_PHASE] = _ROLL
        S[F_N] = 0
        return _fia_ev(ev, ne, FE_BONUS, seat, 0, 0, 0)
    return _fia_pass(S, ev, ne)


# ============================================================================================
# Fia: the Python adapter (the engine contract over the compiled steps)
# ============================================================================================
_FIA_ACTS: tuple[Action, ...] = (ENTER, *MOVES, ENTER, ENTER_TWO, ENTER_SIX)  # by F_ACT code


def fia_encode(state: FiaState) -> Array:
    """The kernel's array of an engine state (what a stateless adapter does every step)."""
    S = np.zeros(F_SIZE, np.int64)
    S[F_POS : F_POS + 16] = state.pos
    S[F_OCC : F_OCC + 40] = state.occ
    colour_of = state.colour_of
    cur = colour_of[state.current]
    S[F_PHASE], S[F_CUR], S[F_DIE], S[F_TRIES] = state.phase, cur, state.die, state.tries
    S[F_BOUND] = sum(1 << (p - 4 * cur) for p in state.bound)
    S[F_FIN] = sum(1 << colour_of[s] for s in state.finished)
    S[F_NFIN] = len(state.finished)
    for i, s in enumerate(state.finished):
        S[F_ORDER + i] = colour_of[s]
    S[F_PENDING] = sum(1 << colour_of[s] for s in state.rolloff_pending)
    rnd = state.rolloff_rounds[-1]
    S[F_ROUND] = S[F_PENDING] | sum(1 << colour_of[s] for s, _ in rnd)
    for s, v in rnd:
        S[F_VALS + colour_of[s]] = v
    S[F_SEAT : F_SEAT + 4] = state.seat_of
    for seat, colour in enumerate(colour_of):
        S[F_NXT + colour] = colour_of[state._next[seat]]
        S[F_KNOCKS + colour] = state.knocks[seat]
    S[F_THREE], S[F_PLAYON] = state.options.three_tries, state.options.play_on
    S[F_NPLAYERS], S[F_ROLLS] = len(state.seats), state.rolls
    if state.phase == _MOVE:
        _fia_plan(S)
    return S


class FiaKernelState(State):
    """The engine's contract answered by ``fia_step``: refusal reasons and events in Python."""

    def __init__(self, seats: tuple[Seat, ...], options: FiaOptions) -> None:
        ref = FiaState(seats, options)
        self.seats = seats
        self.options = options
        self.colour_of = ref.colour_of
        self.S = fia_encode(ref)
        self.ev = np.zeros((16, 5), np.int64)
        self._legal: tuple[Action, ...] = ()

    @property
    def num_players(self) -> int:
        return len(self.seats)

    def _current(self) -> int:
        return int(self.S[F_SEAT + self.S[F_CUR]])

    def players_to_act(self) -> tuple[int, ...]:
        return (self._current(),) if self.S[F_PHASE] == _MOVE else ()

    def is_chance(self) -> bool:
        return bool(self.S[F_PHASE] <= _ROLL)

    def is_terminal(self) -> bool:
        return bool(self.S[F_PHASE] == _OVER)

    def arrays(self) -> tuple[Array, ...]:
        return (self.S,)

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return fia_rules._OUTCOMES if self.S[F_PHASE] <= _ROLL else ()

    def clone(self) -> FiaKernelState:
        new = FiaKernelState.__new__(FiaKernelState)
        new.seats, new.options, new.colour_of = self.seats, self.options, self.colour_of
        new.S, new.ev, new._legal = self.S.copy(), self.ev, self._legal
        return new

    def result(self) -> Any:
        raise NotImplementedError("not part of the prototype: rules.py's result() would move")

    def view(self, player: int | None) -> dict[str, Any]:
        raise NotImplementedError("not part of the prototype: rules.py's view() would move")

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        phase = self.S[F_PHASE]
        if phase == _MOVE:
            return self._legal if player is None or player == self._current() else ()
        if phase <= _ROLL and player in (None, CHANCE):
            return ROLLS
        return ()

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        S = self.S
        phase = S[F_PHASE]
        if phase == _MOVE:
            if player is not None and player != self._current():
                raise IllegalAction("error.not_your_turn", f"seat {player} may not act")
            try:
                code = self._legal.index(action)
            except ValueError:
                raise IllegalAction("error.illegal_action", f"{action!r} is not legal") from None
        elif phase == _OVER:
            raise IllegalAction("error.game_over", "the game is over")
        elif player is not None and player != CHANCE:
            raise IllegalAction("error.chance_pending", "the die has to be rolled first")
        elif type(action) is not Roll or not 1 <= action.value <= 6:
            raise IllegalAction("error.illegal_action", f"{action!r} is not a die roll")
        else:
            code = action.value
        n = fia_step(S, code, self.ev)
        if S[F_PHASE] == _MOVE:
            self._legal = tuple(_FIA_ACTS[a] for a in S[F_ACT : F_ACT + S[F_N]].tolist())
        else:
            self._legal = ()
        return [self._event(*row) for row in self.ev[:n].tolist()]

    def _event(self, kind: int, a: int, b: int, c: int, d: int) -> Event:
        if kind == FE_ROLLOFF:
            return ("rolloff", a, b)
        if kind == FE_TIE:
            seat_of = self.S[F_SEAT : F_SEAT + 4].tolist()
            return ("rolloff_tie", tuple(seat_of[x] for x in range(4) if (a >> x) & 1), b)
        if kind == FE_STARTS:
            return ("starts", a)
        if kind == FE_ROLLED:
            return ("rolled", a, b)
        if kind == FE_TRY:
            return ("try_again", a, b)
        if kind == FE_NOMOVE:
            return ("no_move", a)
        if kind == FE_ENTERED:
            return ("entered", a, b, c)
        if kind == FE_MOVED:
            return ("moved", a, b, c, d)
        if kind == FE_KNOCKED:
            return ("knocked_out", a, b, c, d)
        if kind == FE_GOAL:
            return ("goal", a, b)
        if kind == FE_FINISHED:
            return ("finished", a, b)
        if kind == FE_OVER:
            return ("game_over", a)
        if kind == FE_BONUS:
            return ("bonus_roll", a)
        return (TURN_EVENT, a)

    def snapshot(self) -> dict[str, Any]:
        """The state in engine terms (seats, not colours), for the agreement check."""
        S = self.S.tolist()
        seat_of = S[F_SEAT : F_SEAT + 4]
        pending = [seat_of[c] for c in range(4) if (S[F_PENDING] >> c) & 1]
        return {
            "pos": S[F_POS : F_POS + 16],
            "occ": S[F_OCC : F_OCC + 40],
            "phase": S[F_PHASE],
            "current": seat_of[S[F_CUR]] if S[F_PHASE] != _ROLLOFF else None,
            "die": S[F_DIE],
            "bound": S[F_BOUND],
            "tries": S[F_TRIES],
            "finished": [seat_of[c] for c in S[F_ORDER : F_ORDER + S[F_NFIN]]],
            "knocks": [S[F_KNOCKS + c] for c in self.colour_of],
            "rolls": S[F_ROLLS],
            "pending": pending,
        }


def fia_snapshot(state: FiaState) -> dict[str, Any]:
    """The engine state in the terms of ``FiaKernelState.snapshot``."""
    cur = state.colour_of[state.current]
    return {
        "pos": list(state.pos),
        "occ": list(state.occ),
        "phase": state.phase,
        "current": state.current if state.phase != _ROLLOFF else None,
        "die": state.die,
        "bound": sum(1 << (p - 4 * cur) for p in state.bound),
        "tries": state.tries,
        "finished": list(state.finished),
        "knocks": list(state.knocks),
        "rolls": state.rolls,
        "pending": list(state.rolloff_pending),
    }


# ============================================================================================
# Front: compiled steps (over the kernel's own compiled helpers)
# ============================================================================================
R_PHASE, R_CUR, R_DIE, R_QUIET, R_TURNS, R_PENDING, R_ROLLED, R_VALS = 0, 1, 2, 3, 4, 5, 6, 7
R_SCORES, R_REMOVALS, R_WINNER, R_N, R_EXACT, R_RETURN, R_ALL, R_DRAW = (
    10,
    13,
    16,
    17,
    18,
    19,
    20,
    21,
)
R_TARGET, R_REACH, R_SRC, R_DST, R_ACT, R_SIZE = 22, 23, 24, 64, 104, 144
RE_ROLLOFF, RE_TIE, RE_STARTS, RE_ROLLED, RE_NOMOVE, RE_THROWS, RE_MOVED, RE_SCORED = range(8)
RE_WON, RE_RETURNED, RE_REMOVED, RE_SENT, RE_ELIMINATED, RE_DRAW, RE_TURN = range(8, 15)
_FR = front_rules
_F_ROLLOFF, _F_DECIDE, _F_ROLL, _F_MOVE, _F_RETURN, _F_OVER = (
    _FR.ROLLOFF, _FR.DECIDE, _FR.ROLL, _FR.MOVE, _FR.RETURN, _FR.OVER,
)  # fmt: skip
_removable = front_kernel._removable
_take_out = front_kernel._take_out
_index = front_kernel._index
_camp_near = front_kernel._camp_square_near


@njit(cache=False)
def _front_start_turn(S, cells, pos, cnt, rays, raylen, first):
    S[R_DIE] = 0
    n = _removable(cells, pos, cnt, rays, raylen, S[R_REACH], S[R_CUR], first, S[R_SRC:R_DST])
    if n:
        for k in range(n):
            S[R_ACT + k] = S[R_SRC + k]
        S[R_ACT + n] = -1  # the throw
        S[R_N] = n + 1
        S[R_PHASE] = _F_DECIDE
    else:
        S[R_N] = 0
        S[R_PHASE] = _F_ROLL


@njit(cache=False)
def _front_end_turn(S, cells, pos, cnt, rays, raylen, first, eventful, ev, ne):
    S[R_TURNS] += 1
    S[R_QUIET] = 0 if eventful else S[R_QUIET] + 1
    if S[R_QUIET] >= S[R_DRAW]:
        S[R_PHASE] = _F_OVER
        S[R_N] = 0
        return _fia_ev(ev, ne, RE_DRAW, S[R_QUIET], 0, 0, 0)
    nc = S[R_CUR]
    for _ in range(3):
        nc = (nc + 1) % 3
        if cnt[nc] > 0:
            break
    S[R_CUR] = nc
    ne = _fia_ev(ev, ne, RE_TURN, nc, 0, 0, 0)
    _front_start_turn(S, cells, pos, cnt, rays, raylen, first)
    return ne


@njit(cache=False)
def front_step(S, cells, pos, cnt, nxt, rays, raylen, row, owner, col, camp, code, ev):
    """Apply one action (a die value, or the index of a legal action); the number of events
    written to ``ev``, or -1 when the code is not legal."""
    first = np.empty(4, np.int64)
    phase = S[R_PHASE]
    cur = S[R_CUR]
    ne = 0
    if phase == _F_ROLLOFF:
        seat = 0
        while not (S[R_PENDING] >> seat) & 1:
            seat += 1
        S[R_PENDING] &= ~(1 << seat)
        S[R_ROLLED] |= 1 << seat
        S[R_VALS + seat] = code
        ne = _fia_ev(ev, ne, RE_ROLLOFF, seat, code, 0, 0)
        if S[R_PENDING]:
            return ne
        best = 0
        for p in range(3):
            if (S[R_ROLLED] >> p) & 1 and S[R_VALS + p] > best:
                best = S[R_VALS + p]
        tied = 0
        n_tied = 0
        for p in range(3):
            if (S[R_ROLLED] >> p) & 1 and S[R_VALS + p] == best:
                tied |= 1 << p
                n_tied += 1
                cur = p
        if n_tied > 1:
            S[R_PENDING] = 7 if S[R_ALL] else tied
            S[R_ROLLED] = 0
            return _fia_ev(ev, ne, RE_TIE, tied, best, 0, 0)
        S[R_CUR] = cur
        ne = _fia_ev(ev, ne, RE_STARTS, cur, 0, 0, 0)
        _front_start_turn(S, cells, pos, cnt, rays, raylen, first)
        return ne
    if phase == _F_ROLL:
        die = code
        S[R_DIE] = die
        ne = _fia_ev(ev, ne, RE_ROLLED, cur, die, 0, 0)
        mine = np.empty(9, np.int64)
        n_mine = cnt[cur]
        for k in range(n_mine):
            mine[k] = pos[cur, k]
        mine[:n_mine].sort()
        n = 0
        for k in range(n_mine):
            sq = mine[k]
            for d in range(4):
                st = nxt[4 * sq + d]
                steps = 0
                while st != -1:
                    t = st >> 2
                    if cells[t] >= 0:
                        break
                    steps += 1
                    if steps == die or (not S[R_EXACT] and row[t] == 0 and owner[t] != cur):
                        S[R_SRC + n] = sq
                        S[R_DST + n] = t
                        S[R_ACT + n] = 4 * sq + d
                        n += 1
                        break
                    st = nxt[st]
        S[R_N] = n
        if n:
            S[R_PHASE] = _F_MOVE
            return ne
        ne = _fia_ev(ev, ne, RE_NOMOVE, cur, 0, 0, 0)
        return _front_end_turn(S, cells, pos, cnt, rays, raylen, first, False, ev, ne)
    if phase == _F_OVER or code < 0 or code >= S[R_N]:
        return -1
    if phase == _F_DECIDE:
        sq = S[R_ACT + code]
        if sq < 0:
            S[R_PHASE] = _F_ROLL
            S[R_N] = 0
            return _fia_ev(ev, ne, RE_THROWS, cur, 0, 0, 0)
        victim = cells[sq]
        cells[sq] = -1
        S[R_REMOVALS + cur] += 1
        _take_out(pos, cnt, victim, _index(pos, cnt, victim, sq))
        ne = _fia_ev(ev, ne, RE_REMOVED, cur, victim, sq, 0)
        if S[R_RETURN]:
            home = _camp_near(cells, camp, victim, col[sq])
            cells[home] = victim
            pos[victim, cnt[victim]] = home
            cnt[victim] += 1
            ne = _fia_ev(ev, ne, RE_SENT, victim, home, 0, 0)
        elif cnt[victim] == 0:
            ne = _fia_ev(ev, ne, RE_ELIMINATED, victim, 0, 0, 0)
        return _front_end_turn(S, cells, pos, cnt, rays, raylen, first, True, ev, ne)
    if phase == _F_RETURN:
        sq = S[R_SRC + code]
        cells[sq] = cur
        pos[cur, cnt[cur]] = sq
        cnt[cur] += 1
        ne = _fia_ev(ev, ne, RE_RETURNED, cur, sq, 0, 0)
        return _front_end_turn(S, cells, pos, cnt, rays, raylen, first, True, ev, ne)
    src = S[R_SRC + code]
    dst = S[R_DST + code]
    i = _index(pos, cnt, cur, src)
    cells[src] = -1
    pos[cur, i] = dst
    ne = _fia_ev(ev, ne, RE_MOVED, cur, src, dst, 0)
    if row[dst] == 0 and owner[dst] != cur:
        _take_out(pos, cnt, cur, i)
        S[R_SCORES + cur] += 1
        ne = _fia_ev(ev, ne, RE_SCORED, cur, owner[dst], S[R_SCORES + cur], 0)
        if S[R_SCORES + cur] >= S[R_TARGET]:
            S[R_PHASE] = _F_OVER
            S[R_WINNER] = cur
            S[R_N] = 0
            return _fia_ev(ev, ne, RE_WON, cur, S[R_SCORES + cur], 0, 0)
        n = 0
        for c in range(8):
            sq = camp[cur, c]
            if cells[sq] < 0:
                S[R_SRC + n] = sq
                S[R_ACT + n] = c
                n += 1
        S[R_N] = n
        S[R_PHASE] = _F_RETURN
        return ne
    cells[dst] = cur
    return _front_end_turn(S, cells, pos, cnt, rays, raylen, first, False, ev, ne)


# ============================================================================================
# Front: the Python adapter
# ============================================================================================
def front_encode(state: FrontState) -> tuple[Array, Array, Array, Array]:
    """The kernel's arrays of an engine state (scalars, cells, pieces, piece counts)."""
    S = np.zeros(R_SIZE, np.int64)
    o = state.options
    S[R_PHASE], S[R_CUR], S[R_DIE] = state.phase, state.current, state.die
    S[R_QUIET], S[R_TURNS], S[R_WINNER] = state.quiet, state.turns, state.winner
    S[R_PENDING] = sum(1 << s for s in state.rolloff_pending)
    for s, v in state.rolloff_rounds[-1]:
        S[R_ROLLED] |= 1 << s
        S[R_VALS + s] = v
    S[R_SCORES : R_SCORES + 3] = state.scores
    S[R_REMOVALS : R_REMOVALS + 3] = state.removals
    S[R_EXACT], S[R_RETURN], S[R_ALL] = o.exact_score, o.removed_return, o.rolloff == "all"
    S[R_DRAW], S[R_TARGET], S[R_REACH] = o.draw_turns, o.target, state.reach
    b = state.board
    plans = state._plans
    S[R_N] = len(plans)
    for k, (action, plan) in enumerate(zip(state._legal, plans, strict=True)):
        if state.phase == _F_MOVE:
            S[R_SRC + k], S[R_DST + k] = plan
            S[R_ACT + k] = 4 * plan[0] + action.dir  # type: ignore[attr-defined]
        elif state.phase == _F_RETURN:
            S[R_SRC + k], S[R_ACT + k] = plan, b.col[plan]
        else:
            S[R_SRC + k] = S[R_ACT + k] = plan
    pos = np.zeros((3, 9), np.int64)
    cnt = np.array([len(p) for p in state.pos], np.int64)
    for seat in range(3):
        pos[seat, : cnt[seat]] = state.pos[seat]
    return S, np.array(state.cells, np.int64), pos, cnt


class FrontKernelState(State):
    """The engine's contract answered by ``front_step``: refusal reasons and events in Python."""

    def __init__(self, seats: tuple[Seat, ...], options: FrontOptions) -> None:
        ref = FrontState(seats, options)
        self.seats = seats
        self.options = options
        self.board = ref.board
        self.acts = ref.acts
        t = tables(ref.board)
        self.tables = (t.nxt, t.rays, t.raylen, t.row, t.owner, t.col, t.camp)
        self.S, self.cells, self.pos, self.cnt = front_encode(ref)
        self.ev = np.zeros((16, 5), np.int64)
        self._legal: tuple[Action, ...] = ()

    @property
    def num_players(self) -> int:
        return 3

    def players_to_act(self) -> tuple[int, ...]:
        phase = self.S[R_PHASE]
        if phase in (_F_MOVE, _F_DECIDE, _F_RETURN):
            return (int(self.S[R_CUR]),)
        return ()

    def is_chance(self) -> bool:
        return bool(self.S[R_PHASE] == _F_ROLL or self.S[R_PHASE] == _F_ROLLOFF)

    def is_terminal(self) -> bool:
        return bool(self.S[R_PHASE] == _F_OVER)

    def arrays(self) -> tuple[Array, ...]:
        return (self.S, self.cells, self.pos, self.cnt, *self.tables)

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return front_rules._OUTCOMES if self.is_chance() else ()

    def clone(self) -> FrontKernelState:
        new = FrontKernelState.__new__(FrontKernelState)
        new.seats, new.options, new.board, new.acts = (
            self.seats,
            self.options,
            self.board,
            self.acts,
        )
        new.tables, new.ev, new._legal = self.tables, self.ev, self._legal
        new.S, new.cells, new.pos, new.cnt = (
            a.copy() for a in (self.S, self.cells, self.pos, self.cnt)
        )
        return new

    def result(self) -> Any:
        raise NotImplementedError("not part of the prototype: rules.py's result() would move")

    def view(self, player: int | None) -> dict[str, Any]:
        raise NotImplementedError("not part of the prototype: rules.py's view() would move")

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        phase = self.S[R_PHASE]
        if phase in (_F_MOVE, _F_DECIDE, _F_RETURN):
            return self._legal if player is None or player == self.S[R_CUR] else ()
        if (phase in (_F_ROLL, _F_ROLLOFF)) and player in (None, CHANCE):
            return FRONT_ROLLS
        return ()

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        S = self.S
        phase = S[R_PHASE]
        if phase in (_F_MOVE, _F_DECIDE, _F_RETURN):
            if player is not None and player != S[R_CUR]:
                raise IllegalAction("error.not_your_turn", f"seat {player} may not act")
            try:
                code = self._legal.index(action)
            except ValueError:
                raise IllegalAction("error.illegal_action", f"{action!r} is not legal") from None
        elif phase == _F_OVER:
            raise IllegalAction("error.game_over", "the game is over")
        elif player is not None and player != CHANCE:
            raise IllegalAction("error.chance_pending", "the die has to be rolled first")
        elif type(action) is not FrontRoll or not 1 <= action.value <= 6:
            raise IllegalAction("error.illegal_action", f"{action!r} is not a die roll")
        else:
            code = action.value
        n = front_step(S, self.cells, self.pos, self.cnt, *self.tables, code, self.ev)
        self._legal = self._decode_legal()
        return [self._event(*row) for row in self.ev[:n].tolist()]

    def _decode_legal(self) -> tuple[Action, ...]:
        S = self.S
        phase = S[R_PHASE]
        acts = S[R_ACT : R_ACT + S[R_N]].tolist()
        if phase == _F_MOVE:
            moves = self.acts.moves
            return tuple(moves[a] for a in acts)
        if phase == _F_DECIDE:
            removes = self.acts.removes
            return tuple(THROW if a < 0 else removes[a] for a in acts)
        if phase == _F_RETURN:
            return tuple(RETURNS[a] for a in acts)
        return ()

    def _event(self, kind: int, a: int, b: int, c: int, d: int) -> Event:
        coords = self.board.coords
        if kind == RE_ROLLOFF:
            return ("rolloff", a, b)
        if kind == RE_TIE:
            return ("rolloff_tie", tuple(p for p in range(3) if (a >> p) & 1), b)
        if kind == RE_STARTS:
            return ("starts", a)
        if kind == RE_ROLLED:
            return ("rolled", a, b)
        if kind == RE_NOMOVE:
            return ("no_move", a)
        if kind == RE_THROWS:
            return ("throws", a)
        if kind == RE_MOVED:
            return ("moved", a, coords(b), coords(c))
        if kind == RE_SCORED:
            return ("scored", a, b, c)
        if kind == RE_WON:
            return ("won", a, b)
        if kind == RE_RETURNED:
            return ("returned", a, coords(b))
        if kind == RE_REMOVED:
            return ("removed", a, b, coords(c))
        if kind == RE_SENT:
            return ("sent_back", a, coords(b))
        if kind == RE_ELIMINATED:
            return ("eliminated", a)
        if kind == RE_DRAW:
            return ("draw", a)
        return (TURN_EVENT, a)

    def snapshot(self) -> dict[str, Any]:
        """The state in engine terms, for the agreement check."""
        S = self.S.tolist()
        cnt = self.cnt.tolist()
        return {
            "cells": self.cells.tolist(),
            "pos": [self.pos[p, : cnt[p]].tolist() for p in range(3)],
            "scores": S[R_SCORES : R_SCORES + 3],
            "removals": S[R_REMOVALS : R_REMOVALS + 3],
            "phase": S[R_PHASE],
            "current": S[R_CUR] if S[R_PHASE] != _F_ROLLOFF else None,
            "die": S[R_DIE],
            "quiet": S[R_QUIET],
            "turns": S[R_TURNS],
            "winner": S[R_WINNER],
            "pending": [p for p in range(3) if (S[R_PENDING] >> p) & 1],
        }


def front_snapshot(state: FrontState) -> dict[str, Any]:
    """The engine state in the terms of ``FrontKernelState.snapshot``."""
    return {
        "cells": list(state.cells),
        "pos": [list(p) for p in state.pos],
        "scores": list(state.scores),
        "removals": list(state.removals),
        "phase": state.phase,
        "current": state.current if state.phase != _F_ROLLOFF else None,
        "die": state.die,
        "quiet": state.quiet,
        "turns": state.turns,
        "winner": state.winner,
        "pending": list(state.rolloff_pending),
    }


# ============================================================================================
# The measurements
# ============================================================================================
Step = tuple[int | None, Action, int]
"""(player, action, the kernel's code of the action: a die value or the index of a move)."""


def fia_setup(rng: random.Random) -> tuple[tuple[Seat, ...], FiaOptions]:
    """A random table: 2-4 colours (any of them) and random house rules."""
    colours = rng.sample(COLOURS, rng.randint(2, 4))
    seats = tuple(Seat(f"P{i}", c) for i, c in enumerate(colours))
    return seats, FiaOptions(three_tries=rng.random() < 0.5, play_on=rng.random() < 0.5)


def front_setup(rng: random.Random) -> tuple[tuple[Seat, ...], FrontOptions]:
    """Random house rules (short draw limits now and then, so draws happen too)."""
    seats = tuple(Seat(n) for n in ("A", "B", "C"))
    options = FrontOptions(
        depth=rng.choice((4, 5, 6)),
        target=rng.choice((3, 10)),
        exact_score=rng.random() < 0.5,
        removed_return=rng.random() < 0.5,
        threat_range=rng.choice((0, 3)),
        rolloff=rng.choice(("tied", "all")),
        draw_turns=rng.choice((30, 300)),
    )
    return seats, options


def play_pair(
    engine: State, kernel: Any, snap: Callable[[Any], dict[str, Any]], rng: random.Random
) -> tuple[list[Step], list[str]]:
    """One random game played on both in lockstep; its steps and every disagreement."""
    steps: list[Step] = []
    problems: list[str] = []
    while not engine.is_terminal():
        if engine.is_chance():
            player: int | None = CHANCE
            legal = engine.legal_actions(CHANCE)
            action = engine.sample_chance(rng)
            code = action.value  # type: ignore[attr-defined]
        else:
            player = engine.players_to_act()[0]
            legal = engine.legal_actions(player)
            code = int(rng.random() * len(legal))
            action = legal[code]
        if (
            tuple(kernel.legal_actions(player)) != tuple(legal)
            or kernel.players_to_act() != engine.players_to_act()
        ):
            problems.append(f"step {len(steps)}: legal actions or seat to act differ")
            break
        steps.append((player, action, code))
        ev_engine = engine.apply(action, player)
        ev_kernel = kernel.apply(action, player)
        if ev_engine != ev_kernel:
            problems.append(f"step {len(steps)}: events {ev_engine} != {ev_kernel}")
            break
        if snap(engine) != kernel.snapshot():
            problems.append(f"step {len(steps)}: states differ")
            break
    if not problems and not kernel.is_terminal():
        problems.append("the kernel's game did not end with the engine's")
    return steps, problems


def replay(make: Callable[[], State], steps: list[Step]) -> float:
    """CPU seconds to replay ``steps`` (legal actions, then apply) from a fresh state."""
    state = make()
    start = time.process_time()
    for player, action, _ in steps:
        state.legal_actions(player)
        state.apply(action, player)
    return time.process_time() - start


def replay_raw(make: Callable[[], Any], steps: list[Step], call: Callable[..., int]) -> float:
    """CPU seconds to replay the codes of ``steps`` with ``call`` on the adapter's arrays,
    nothing decoded: the compiled step and Numba's call overhead alone."""
    state = make()
    args = state.arrays()
    ev = state.ev
    start = time.process_time()
    for _, _, code in steps:
        call(*args, code, ev)
    return time.process_time() - start


@njit(cache=False)
def _noop_fia(S, code, ev):
    return 0


@njit(cache=False)
def _noop_front(S, cells, pos, cnt, nxt, rays, raylen, row, owner, col, camp, code, ev):
    return 0


def measure(
    name: str,
    games: int,
    setup: Callable[[random.Random], tuple[tuple[Seat, ...], Any]],
    engine_type: Callable[..., State],
    kernel_type: Callable[..., Any],
    snap: Callable[[Any], dict[str, Any]],
    encode: Callable[[Any], Any],
    step: Callable[..., int],
    noop: Callable[..., int],
    repeats: int,
) -> dict[str, Any]:
    """Agreement over ``games`` random games, then the timed replays of the same games."""
    rng = random.Random(2026_12_02)
    recorded: list[tuple[tuple[Seat, ...], Any, list[Step]]] = []
    disagreements = 0
    for g in range(games):
        seats, options = setup(rng)
        steps, problems = play_pair(
            engine_type(seats, options), kernel_type(seats, options), snap, rng
        )
        if problems:
            disagreements += 1
            if disagreements <= 5:
                print(f"{name} game {g} ({options}): {problems[0]}")
        recorded.append((seats, options, steps))
    total = sum(len(s) for _, _, s in recorded)
    t_engine: list[float] = []
    t_kernel: list[float] = []
    t_step: list[float] = []
    t_noop: list[float] = []
    for _ in range(repeats):
        t_engine.append(sum(replay(partial(engine_type, se, o), st) for se, o, st in recorded))
        t_kernel.append(sum(replay(partial(kernel_type, se, o), st) for se, o, st in recorded))
        t_step.append(
            sum(replay_raw(partial(kernel_type, se, o), st, step) for se, o, st in recorded)
        )
        t_noop.append(
            sum(replay_raw(partial(kernel_type, se, o), st, noop) for se, o, st in recorded)
        )
    # Encoding an engine state into the kernel's arrays, on states met along the games.
    states = []
    for seats, options, steps in recorded[: max(1, games // 10)]:
        state = engine_type(seats, options)
        for player, action, _ in steps:
            state.apply(action, player)
            states.append(state.clone())
    start = time.process_time()
    for state in states:
        encode(state)
    t_encode = (time.process_time() - start) / len(states)
    return {
        "game": name,
        "games": games,
        "steps": total,
        "disagree": disagreements,
        "engine_us": 1e6 * min(t_engine) / total,
        "kernel_us": 1e6 * min(t_kernel) / total,
        "encode_us": 1e6 * t_encode,
        "step_us": 1e6 * min(t_step) / total,
        "noop_us": 1e6 * min(t_noop) / total,
    }


def python_lines(node: ast.AST) -> int:
    """Lines of a definition, its docstring and blank lines left out."""
    source = ast.get_source_segment(SOURCE, node) or ""
    doc = ast.get_docstring(node)  # type: ignore[arg-type]
    lines = [ln for ln in source.splitlines() if ln.strip()]
    return len(lines) - (len(doc.splitlines()) if doc else 0)


SOURCE = Path(__file__).read_text()


def line_counts() -> dict[str, dict[str, int]]:
    """Per game: the adapter's Python, the compiled steps, ``rules.py`` and its view side."""
    tree = ast.parse(SOURCE)
    defs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef | ast.ClassDef)}
    out = {}
    for game, module, adapter, compiled, view_side in (
        (
            "fia", fia_rules, ("FiaKernelState", "fia_encode"),
            ("_fia_ev", "_fia_plan", "_fia_pass", "fia_step"),
            ("view", "move_preview", "local_positions", "universal_positions", "result",
             "_standing"),
        ),
        (
            "front", front_rules, ("FrontKernelState", "front_encode"),
            ("_front_start_turn", "_front_end_turn", "front_step"),
            ("view", "threat_lines", "protectors", "first_piece", "converging", "move_plan",
             "result"),
        ),
    ):  # fmt: skip
        src = inspect.getsource(module)
        rules_tree = ast.parse(src)
        state_class = next(
            n for n in rules_tree.body if isinstance(n, ast.ClassDef) and n.name.endswith("State")
        )
        methods = {n.name: n for n in state_class.body if isinstance(n, ast.FunctionDef)}
        view_lines = 0
        for m in view_side:
            seg = ast.get_source_segment(src, methods[m]) or ""
            view_lines += sum(1 for ln in seg.splitlines() if ln.strip())
        adapter_lines = sum(python_lines(defs[n]) for n in adapter)
        snapshot_lines = sum(
            python_lines(m)
            for n in adapter
            if isinstance(defs[n], ast.ClassDef)
            for m in defs[n].body
            if isinstance(m, ast.FunctionDef) and m.name == "snapshot"
        )
        out[game] = {
            "rules_py": sum(1 for ln in src.splitlines() if ln.strip()),
            "rules_view_side": view_lines,
            "adapter_py": adapter_lines - snapshot_lines,
            "compiled_steps": sum(python_lines(defs[n]) for n in compiled),
        }
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="random games per game")
    parser.add_argument("--repeats", type=int, default=3, help="timed replays (best counts)")
    args = parser.parse_args()
    start = time.process_time()
    # Compile the steps before anything is timed.
    measure(
        "fia",
        2,
        fia_setup,
        FiaState,
        FiaKernelState,
        fia_snapshot,
        fia_encode,
        fia_step,
        _noop_fia,
        1,
    )
    measure(
        "front",
        2,
        front_setup,
        FrontState,
        FrontKernelState,
        front_snapshot,
        front_encode,
        front_step,
        _noop_front,
        1,
    )
    print(f"compiling the step functions: {time.process_time() - start:.1f} s CPU")
    rows = [
        measure(
            "fia", args.games, fia_setup, FiaState, FiaKernelState, fia_snapshot, fia_encode,
            fia_step, _noop_fia, args.repeats,
        ),
        measure(
            "front", args.games, front_setup, FrontState, FrontKernelState, front_snapshot,
            front_encode, front_step, _noop_front, args.repeats,
        ),
    ]  # fmt: skip
    lines = line_counts()
    print()
    print(
        "| game | games | steps | disagreeing games | engine µs/step | kernel+adapter µs/step "
        "| ratio | compiled step alone µs | empty Numba call µs | encode µs/state |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['game']} | {r['games']} | {r['steps']} | {r['disagree']} "
            f"| {r['engine_us']:.2f} | {r['kernel_us']:.2f} "
            f"| {r['kernel_us'] / r['engine_us']:.2f} | {r['step_us']:.2f} "
            f"| {r['noop_us']:.2f} | {r['encode_us']:.1f} |"
        )
    print()
    print("| game | rules.py lines | of which views/queries | adapter Python | compiled steps |")
    print("|---|---|---|---|---|")
    for game, c in lines.items():
        print(
            f"| {game} | {c['rules_py']} | {c['rules_view_side']} | {c['adapter_py']} "
            f"| {c['compiled_steps']} |"
        )
    print("\n(non-blank lines; the adapter's counts leave out its docstrings and `snapshot`,")
    print(" which exists only for the agreement check; views are not in the adapter at all)")


if __name__ == "__main__":
    main()
