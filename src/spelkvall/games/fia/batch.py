"""Fia's batch simulator: thousands of games from one position, compiled with Numba.

A second implementation of the rules of ``rules.py`` (the reference engine) for bulk work: the
advisor's playouts (``Fia.playout_wins``), ``spelkvall simulate fia --fast`` and research. Every
seat follows a policy, ``"random"`` (a uniform pick among the legal moves, like
``bots.RandomBot``) or ``"heuristic"`` (the same choice as ``heuristic.choose``, exact ties
broken by the random stream, like ``bots.HeuristicBot``). All house rules are supported, and
playouts may start anywhere, also inside the start roll-off or with a move pending.

Randomness: game ``g`` of a batch seeded with ``seed`` draws from its own xorshift64* stream
(:func:`stream_state`), so results do not depend on how games are split over threads.
:class:`XorShiftRandom` is the same stream in plain Python: give it to the reference engine
(``state.sample_chance(rng)`` and the bots) and it plays exactly the game the kernel plays. The
draws are used as in the bots (``_kernel``'s docstring lists them).

The first call compiles the kernel (5–10 s on this machine) unless Numba's on-disk cache already
holds it; :func:`warm_up` does that ahead of time.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from spelkvall.core import Seat
from spelkvall.core.batch import POLICIES, check_play, policy_codes, run_games
from spelkvall.core.xorshift import M64, XorShiftStream, stream_state

from .board import COLOURS
from .rules import MOVE, OVER, ROLLOFF, FiaOptions, FiaState

XorShiftRandom = XorShiftStream
"""The kernel's random stream for one game (``core.xorshift``)."""


@dataclass(frozen=True)
class Position:
    """A :class:`FiaState` as the kernel's arrays and numbers (colour-indexed)."""

    state: FiaState
    pos: npt.NDArray[np.int8]
    phase: int
    current: int
    die: int
    bound: int
    tries: int
    pending: int
    vals: npt.NDArray[np.int8]
    order: npt.NDArray[np.int8]
    finished: int
    seated: npt.NDArray[np.bool_]
    nxt: npt.NDArray[np.int8]

    @classmethod
    def of(cls, state: FiaState) -> Position:
        """Encode ``state``; raises ``ValueError`` when the game is already over."""
        if state.phase == OVER:
            raise ValueError("the game is over: there is nothing to play out")
        colour_of = state.colour_of
        current = colour_of[state.current]
        vals = np.zeros(4, np.int8)
        pending = 0
        if state.phase == ROLLOFF:
            for seat, value in state.rolloff_rounds[-1]:
                vals[colour_of[seat]] = value
            for seat in state.rolloff_pending:
                pending |= 1 << colour_of[seat]
        order = np.full(4, -1, np.int8)
        for i, seat in enumerate(state.finished):
            order[i] = colour_of[seat]
        seated = np.zeros(4, np.bool_)
        nxt = np.zeros(4, np.int8)
        for seat, colour in enumerate(colour_of):
            seated[colour] = True
            nxt[colour] = colour_of[state._next[seat]]
        bound = 0
        for piece in state.bound:
            bound |= 1 << (piece - 4 * current)
        return cls(
            state=state,
            pos=np.array(state.pos, np.int8),
            phase=state.phase,
            current=current,
            die=state.die if state.phase == MOVE else 0,
            bound=bound,
            tries=state.tries,
            pending=pending,
            vals=vals,
            order=order,
            finished=len(state.finished),
            seated=seated,
            nxt=nxt,
        )


@dataclass
class BatchResult:
    """The outcome of a batch, per game, in seats (not colours)."""

    finish_order: npt.NDArray[np.int8]
    """``[game, place]``: the seats in the order they finished, ``-1`` for no one."""
    positions: npt.NDArray[np.int8] | None
    """``[game, seat, piece]`` final local positions, when asked for."""
    chance_events: npt.NDArray[np.int32]
    """Die rolls per game, the start roll-off included."""
    moves: npt.NDArray[np.int32]
    """Moves made per game."""
    trace: npt.NDArray[np.int32] | None = None
    """``[game, step, 2]`` the kernel's codes of each game's first steps (``_kernel``'s
    docstring), when asked; rows past a game's end stay 0."""

    @property
    def winners(self) -> npt.NDArray[np.int8]:
        """The winning seat of each game."""
        return self.finish_order[:, 0]

    def wins(self, players: int) -> list[int]:
        """Games won per seat."""
        counts = np.bincount(self.winners.astype(np.int64), minlength=players)
        return [int(c) for c in counts]


def play(
    state: FiaState,
    games: int,
    policy: str | Sequence[str] = "random",
    seed: int = 0,
    *,
    first_game: int = 0,
    stop_at_first: bool = False,
    positions: bool = False,
    parallel: bool = False,
    trace_steps: int = 0,
) -> BatchResult:
    """Play ``games`` games from ``state`` (unchanged) to the end.

    ``policy`` is one name for every seat or one per seat. Games are numbered from
    ``first_game`` (so a batch can be continued with fresh games). ``stop_at_first`` ends each
    game at its first finisher even with the play-on rule (enough to know the winner).
    ``positions`` keeps every game's final piece positions. ``trace_steps`` keeps the codes of
    the first that many steps of every game (``BatchResult.trace``). ``parallel`` spreads the
    games over Numba's threads (``NUMBA_NUM_THREADS``); the results are the same either way.
    """
    from . import _kernel

    check_play(games, state, FiaState, "Fia")
    p = Position.of(state)
    codes = np.zeros(4, np.int8)
    codes[list(state.colour_of)] = policy_codes(policy, state.num_players)
    order = np.full((games, 4), -1, np.int8)
    pos = np.zeros((games if positions else 0, 16), np.int8)
    chance = np.zeros(games, np.int32)
    moves = np.zeros(games, np.int32)
    trace = np.zeros((games if trace_steps else 0, trace_steps, 2), np.int32)
    args: tuple[Any, ...] = (
        p.pos,
        p.phase,
        p.current,
        p.die,
        p.bound,
        p.tries,
        p.pending,
        p.vals,
        p.order,
        p.finished,
        p.seated,
        p.nxt,
        codes,
        state.options.three_tries,
        state.options.play_on,
        stop_at_first,
        np.uint64(seed & M64),
        first_game,
        order,
        pos,
        chance,
        moves,
        trace,
    )
    run_games(_kernel._play_range, games, parallel, *args)
    result = _in_seats(state, order, pos if positions else None, chance, moves)
    result.trace = trace if trace_steps else None
    return result


def _in_seats(
    state: FiaState,
    order: npt.NDArray[np.int8],
    pos: npt.NDArray[np.int8] | None,
    chance: npt.NDArray[np.int32],
    moves: npt.NDArray[np.int32],
) -> BatchResult:
    seat_of = np.full(5, -1, np.int8)  # index 4 (= -1) maps "no one" to itself
    for colour, seat in enumerate(state.seat_of):
        seat_of[colour] = seat
    seats_order = seat_of[order.astype(np.int64)]
    seat_pos = None
    if pos is not None:
        cols = np.array(state.colour_of, np.int64)
        seat_pos = pos.reshape(-1, 4, 4)[:, cols, :]
    return BatchResult(seats_order, seat_pos, chance, moves)


def playout_wins(
    state: FiaState, games: int, policy: str = "heuristic", seed: int = 0, *, first_game: int = 0
) -> list[float]:
    """Per seat, the playouts from ``state`` in which it took the best place still open (the
    ``Game.playout_wins`` hook): the win, or with play-on after a winner the next place. Each
    playout stops at that finisher; spread over every Numba thread."""
    result = play(
        state, games, policy, seed, first_game=first_game, stop_at_first=True, parallel=True
    )
    taker = result.finish_order[:, len(state.finished)].astype(np.int64)
    counts = np.bincount(taker[taker >= 0], minlength=state.num_players)
    return [float(c) for c in counts]


def warm_up() -> float:
    """Compile (or load from Numba's cache) every kernel; returns the seconds it took."""
    start = time.perf_counter()
    state = FiaState(tuple(Seat(c, c) for c in COLOURS), FiaOptions())
    play(state, 2, "heuristic", 0, positions=True, trace_steps=1)
    play(state, 2, "heuristic", 0, parallel=True)
    return time.perf_counter() - start


__all__ = [
    "POLICIES",
    "BatchResult",
    "Position",
    "XorShiftRandom",
    "play",
    "playout_wins",
    "stream_state",
    "warm_up",
]
