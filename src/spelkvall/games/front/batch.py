"""Front's batch simulator: many games from one position, compiled with Numba.

A second implementation of ``rules.py`` (the reference engine) for bulk work: the search bots'
playouts (``Front.playout_wins``), ``spelkvall simulate front --fast`` and measurements. Every
seat follows a policy, ``"random"`` (a uniform pick among the legal actions, like
``bots.RandomBot``) or ``"heuristic"`` (the same choice as ``heuristic.choose``, exact ties
broken by the random stream, like ``bots.HeuristicBot``). All options are supported, and
playouts may start anywhere: in the roll-off, at a removal, before or after a roll, at a return.

Randomness: game ``g`` of a batch seeded with ``seed`` draws from its own xorshift64* stream
(:class:`XorShiftRandom` is the same stream in plain Python), so results do not depend on how
games are split over threads, and the reference engine given that stream plays exactly the game
the kernel plays (``tests/games/front/test_batch.py``).

The first call compiles the kernel (several seconds) unless Numba's on-disk cache holds it;
:func:`warm_up` does that ahead of time. Numba is imported only here, never by the rules.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from spelkvall.core import Seat
from spelkvall.core.batch import POLICIES, check_play, policy_codes, run_games, wins_of_seats
from spelkvall.core.xorshift import M64, XorShiftStream

from .board import Board
from .options import FrontOptions
from .rules import OVER, ROLLOFF, FrontState

XorShiftRandom = XorShiftStream
"""The kernel's random stream for one game (``core.xorshift``)."""


@dataclass(frozen=True)
class Tables:
    """A board's lookup tables as arrays for the kernel."""

    nxt: npt.NDArray[np.int64]
    rays: npt.NDArray[np.int64]
    raylen: npt.NDArray[np.int64]
    row: npt.NDArray[np.int64]
    owner: npt.NDArray[np.int64]
    col: npt.NDArray[np.int64]
    camp: npt.NDArray[np.int64]
    sdist: npt.NDArray[np.int64]

    @classmethod
    def of(cls, b: Board) -> Tables:
        longest = max(len(r) for r in b.rays)
        rays = np.zeros((len(b.rays), longest), np.int64)
        for k, ray in enumerate(b.rays):
            rays[k, : len(ray)] = ray
        return cls(
            nxt=np.array(b.nxt, np.int64),
            rays=rays,
            raylen=np.array([len(r) for r in b.rays], np.int64),
            row=np.array(b.row, np.int64),
            owner=np.array(b.owner, np.int64),
            col=np.array(b.col, np.int64),
            camp=np.array(b.camp, np.int64),
            sdist=np.array(b.score_distance, np.int64),
        )


_TABLES: dict[int, Tables] = {}


def tables(b: Board) -> Tables:
    """The arrays of ``b`` (made once per depth)."""
    if b.depth not in _TABLES:
        _TABLES[b.depth] = Tables.of(b)
    return _TABLES[b.depth]


@dataclass
class BatchResult:
    """The outcome of a batch, per game."""

    winners: npt.NDArray[np.int64]
    """The winning seat of each game, -1 for a draw."""
    scores: npt.NDArray[np.int64]
    """``[game, seat]``: the points at the end."""
    chance_events: npt.NDArray[np.int64]
    """Die rolls per game, the start roll-off included."""
    moves: npt.NDArray[np.int64]
    """Decisions taken per game (removals, throws, moves, returns)."""
    trace: npt.NDArray[np.int64] | None = None
    """``[game, step, 4]``: the kernel's record of each step (``_kernel._trace``), when asked;
    rows past a game's end are zero."""

    def wins(self, players: int = 3) -> list[int]:
        """Games won per seat (draws count for nobody)."""
        return wins_of_seats(self.winners, players)


def _position(state: FrontState) -> tuple[Any, ...]:
    """The kernel's arguments for the position (before the board's tables)."""
    if state.phase == OVER:
        raise ValueError("the game is over: there is nothing to play out")
    pos = np.zeros((3, 9), np.int64)
    cnt = np.zeros(3, np.int64)
    for seat in range(3):
        cnt[seat] = len(state.pos[seat])
        pos[seat, : cnt[seat]] = state.pos[seat]
    pending = rolled = 0
    vals = np.zeros(3, np.int64)
    if state.phase == ROLLOFF:
        for seat, value in state.rolloff_rounds[-1]:
            vals[seat] = value
            rolled |= 1 << seat
        for seat in state.rolloff_pending:
            pending |= 1 << seat
    return (
        np.array(state.cells, np.int64),
        pos,
        cnt,
        np.array(state.scores, np.int64),
        state.phase,
        state.current,
        state.die,
        state.quiet,
        state.turns,
        pending,
        rolled,
        vals,
    )


def play(
    state: FrontState,
    games: int,
    policy: str | Sequence[str] = "random",
    seed: int = 0,
    *,
    first_game: int = 0,
    parallel: bool = False,
    trace_steps: int = 0,
) -> BatchResult:
    """Play ``games`` games from ``state`` (unchanged) to the end.

    ``policy`` is one name for every seat or one per seat. Games are numbered from
    ``first_game`` (so a batch can be continued with fresh games). ``parallel`` spreads the
    games over Numba's threads; the results are the same either way. ``trace_steps`` keeps
    the first that many steps of every game (for the differential test; 0 records nothing).
    """
    from . import _kernel

    check_play(games, state, FrontState, "Front")
    position = _position(state)
    codes = np.array(policy_codes(policy, 3), np.int64)
    t = tables(state.board)
    o = state.options
    winners = np.full(games, -1, np.int64)
    scores = np.zeros((games, 3), np.int64)
    chance = np.zeros(games, np.int64)
    moves = np.zeros(games, np.int64)
    tr = np.zeros((games if trace_steps else 0, trace_steps, 4), np.int64)
    args: tuple[Any, ...] = (
        *position,
        t.nxt,
        t.rays,
        t.raylen,
        t.row,
        t.owner,
        t.col,
        t.camp,
        t.sdist,
        state.board.depth,
        state.reach,
        o.exact_score,
        o.removed_return,
        o.rolloff == "all",
        o.draw_turns,
        o.target,
        codes,
        np.uint64(seed & M64),
        first_game,
        winners,
        scores,
        chance,
        moves,
        tr,
    )
    run_games(_kernel._play_range, games, parallel, *args)
    return BatchResult(winners, scores, chance, moves, tr if trace_steps else None)


def playout_wins(
    state: FrontState, games: int, policy: str = "heuristic", seed: int = 0
) -> list[float]:
    """Per seat, the playouts from ``state`` it won (the ``Game.playout_wins`` hook); a draw
    counts for nobody. Spread over every Numba thread: a heuristic game is long (about a
    millisecond), and Tips ask for thousands within their time limit."""
    return [float(w) for w in play(state, games, policy, seed, parallel=True).wins()]


def warm_up() -> float:
    """Compile (or load from Numba's cache) every kernel; returns the seconds it took."""
    start = time.perf_counter()
    state = FrontState(tuple(Seat(n) for n in ("A", "B", "C")), FrontOptions())
    play(state, 2, "heuristic", 0)
    play(state, 2, "heuristic", 0, parallel=True)
    play(state, 2, "heuristic", 0, trace_steps=1)
    return time.perf_counter() - start


__all__ = ["POLICIES", "BatchResult", "XorShiftRandom", "play", "playout_wins", "warm_up"]
