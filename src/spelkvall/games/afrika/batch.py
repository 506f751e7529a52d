"""Afrikas stjärna's batch simulator: thousands of games from one position, compiled with Numba.

A second implementation of the rules of ``rules.py`` (the reference engine) and of the
heuristic of ``heuristic.py``, for the search bots' playouts (``Afrika.playout_wins``: with it
``hard`` plays out thousands of games a move instead of hundreds) and for
``spelkvall simulate afrika --fast``. Every seat follows a policy, ``"random"`` (a uniform pick
among the legal actions, like ``bots.RandomBot``) or ``"heuristic"`` (``heuristic.choose``).
Every option is supported, and playouts may start anywhere: in the turn order's draw or rolls,
at a start point's choice, with a die to roll, a destination to choose, a token to buy or to
draw.

Randomness: game ``g`` of a batch seeded with ``seed`` has its own xorshift64* stream for the
policies (:func:`stream_state`) and a key for chance: the die of a turn, the token of an
opening, a seat of the turn order are each a hash of the key and their turn or count, so the
search's playouts from two positions share their luck (common random numbers that stay aligned
whatever the moves in between). :class:`XorShiftRandom` is the same in plain Python: with its
``chance(state)`` at chance nodes and its stream for the policies, the reference engine plays
exactly the game the kernel plays (``_kernel``'s docstring lists how draws are used).

The first call compiles the kernel (about half a minute on this machine) unless Numba's on-disk
cache already holds it; :func:`warm_up` does that ahead of time.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from spelkvall.core import Seat
from spelkvall.core.batch import POLICIES, check_play, policy_codes, wins_of_seats
from spelkvall.core.xorshift import GOLDEN, M64, XorShiftStream, splitmix, stream_state

from . import heuristic
from .actions import ORDERS, REVEALS, ROLLS
from .board import (
    AIR,
    CAIRO,
    CAPETOWN,
    CITIES,
    GOLD_COAST,
    ISLAND_CITIES,
    LAND,
    LAND_MOVES,
    LEGS,
    MADAGASCAR,
    MADAGASCAR_CITIES,
    MAINLAND,
    NODES,
    NUM_NODES,
    NUM_PLACES,
    SEA_ONLY,
    SLAVE_COAST,
    STARTS,
    TANGIER,
)
from .options import AfrikaOptions
from .phases import DRAW, ORDER, OVER, ROLL
from .rules import _MAINLAND_SET, AfrikaState

MAX_STEPS = 200_000
"""A bound on the steps of one game in the kernel (random games take about 1,500)."""

_DOMAIN = 0x632BE59BD9B4E019
D_DIE, D_TOKEN, D_ORDER, D_ORDER_ROLL = 1, 2, 3, 4


class XorShiftRandom(XorShiftStream):
    """The kernel's randomness for one game: the sequential stream the policies draw from
    (``random()``, ``randrange(n)`` = ``int(random() * n)``, ``choice(seq)``), and the keyed
    chance (:meth:`chance`)."""

    __slots__ = ("key",)

    def __init__(self, seed: int, game: int = 0) -> None:
        super().__init__(seed, game)
        self.key = splitmix((self.state + 1) & M64)

    def keyed(self, domain: int, key: int) -> float:
        """The value in [0, 1) of (domain, key) in this game (the kernel's ``_ku``)."""
        z = splitmix(self.key ^ ((domain * _DOMAIN) & M64) ^ ((key * GOLDEN) & M64))
        return (z >> 11) * (1.0 / 9007199254740992.0)

    def chance(self, state: AfrikaState) -> Any:
        """The outcome the kernel draws at the chance node ``state``: the die of the turn, the
        token of the opening, the seat of the turn order (``_kernel``'s docstring)."""
        if state.phase == ROLL:
            return ROLLS[1 + int(self.keyed(D_DIE, state.turns) * 6)]
        if state.phase == DRAW:
            size = state.bag.size
            pick = int(self.keyed(D_TOKEN, 30 - size) * size)
            for kind, count in enumerate(state.bag.counts):
                if pick < count:
                    return REVEALS[kind]
                pick -= count
        if state.phase == ORDER:
            pending = state.order_pending
            if state.options.turn_order == "highest_roll":
                key = (len(state.order_rolls) - 1) * 8 + len(pending)
                return ROLLS[1 + int(self.keyed(D_ORDER_ROLL, key) * 6)]
            return ORDERS[pending[int(self.keyed(D_ORDER, len(state.order)) * len(pending))]]
        raise ValueError("not a chance node")

    def randrange(self, n: int) -> int:
        return int(self.random() * n)

    def choice(self, seq: Sequence[Any]) -> Any:
        return seq[int(self.random() * len(seq))]


@dataclass(frozen=True)
class Tables:
    """The board and the heuristic's cost tables as the kernel's arrays."""

    arrays: tuple[Any, ...]


@lru_cache(maxsize=1)
def tables() -> Tables:
    """Built once: flags per node, land-move destinations, sea legs, air routes, and the
    heuristic's layered costs for its four ways of pricing (home or not, free passage or
    not), packed as ``_kernel`` reads them."""
    n = NUM_NODES
    flags = [
        [v.kind == "hazard" for v in NODES],
        [v.is_place for v in NODES],
        [v.is_start for v in NODES],
        [v.port for v in NODES],
        [v.airport for v in NODES],
        [bool(LAND[v]) for v in range(n)],
        [v in ISLAND_CITIES for v in range(n)],
        [v in SEA_ONLY for v in range(n)],
        [v in MADAGASCAR for v in range(n)],
        [v in MAINLAND for v in range(n)],
        [v in _MAINLAND_SET for v in range(n)],
    ]
    board = np.array(flags, np.int64)
    mi = np.zeros((4, n * 7), np.int64)
    dlist: list[int] = []
    glist: list[int] = []
    for v in range(n):
        for roll in range(1, 7):
            i = v * 7 + roll
            moves = LAND_MOVES[v][roll]
            mi[0, i], mi[1, i] = len(dlist), len(moves)
            mi[2, i] = len(glist)
            for dest, routes in moves:
                dlist.append(dest)
                glist.extend([dest] * len(routes))
            mi[3, i] = len(glist) - mi[2, i]
    ls = np.zeros((2, n), np.int64)
    legs: list[tuple[int, int, int]] = []
    paths: list[int] = []
    turns: list[tuple[float, float]] = []
    for v in range(n):
        ls[0, v], ls[1, v] = len(legs), len(LEGS[v])
        for dest, path in LEGS[v]:
            legs.append((dest, len(paths), len(path)))
            paths.extend(path)
            turns.append((heuristic.SEA_TURNS[v, dest], heuristic.FREE_SEA_TURNS[v, dest]))
    ai = np.zeros((2, n), np.int64)
    alist: list[int] = []
    for v in range(n):
        ai[0, v], ai[1, v] = len(alist), len(AIR[v])
        alist.extend(AIR[v])
    layers = heuristic.MAX_TICKETS + 1
    cost = np.full((4, layers, NUM_PLACES, n), np.inf)
    nearest = np.zeros((4, layers, n, len(CITIES)), np.int64)
    for variant in range(4):
        t = heuristic.tables(bool(variant & 1), bool(variant & 2))
        for k in range(layers):
            for place, row in t.cost[k].items():
                cost[variant, k, place, :] = row
            nearest[variant, k] = np.array(t.nearest[k], np.int64)
    return Tables(
        (
            board,
            np.array(STARTS, np.int64),
            np.array(CITIES, np.int64),
            mi,
            np.array(dlist, np.int64),
            np.array(glist, np.int64),
            ls,
            np.array(legs, np.int64),
            np.array(paths, np.int64),
            np.array(turns, np.float64),
            ai,
            np.array(alist, np.int64),
            cost,
            nearest,
        )
    )


def _leg_index(origin: int, dest: int) -> int:
    base = sum(len(LEGS[v]) for v in range(origin))
    for i, (d, _path) in enumerate(LEGS[origin]):
        if d == dest:
            return base + i
    raise ValueError(f"no sea leg {origin} → {dest}")


@dataclass(frozen=True)
class Position:
    """An :class:`AfrikaState` as the kernel's arrays and numbers."""

    arrays: tuple[Any, ...]

    @classmethod
    def of(cls, state: AfrikaState) -> Position:
        """Encode ``state``; ``ValueError`` when the game is already over."""
        from . import _kernel as k

        if state.phase == OVER:
            raise ValueError("the game is over: there is nothing to play out")
        num = state.num_players
        S = np.zeros(k.S_SIZE, np.int64)
        S[k.PH] = state.phase
        S[k.PU] = state.purpose
        S[k.DI] = state.die
        S[k.CU] = state.current
        S[k.TI] = state.turn_idx
        S[k.DR] = state.drawing
        S[k.STG] = state.starting
        S[k.BON] = state.bonus_claimed
        S[k.ML] = state.mainland_left
        S[k.WIN] = -1
        S[k.NPEND] = len(state.order_pending)
        S[k.NORD] = len(state.order)
        S[k.NP_] = num
        S[k.TURNS] = state.turns
        S[k.ROUND] = max(0, len(state.order_rolls) - 1)
        o = state.options
        options = np.array(
            [
                o.free_passage_2005,
                o.escape_roll_moves,
                o.strand_waits_for_capetown,
                o.emerald_value,
                o.turn_order == "highest_roll",
            ],
            np.int64,
        )
        special = np.array(
            [CAPETOWN, GOLD_COAST, SLAVE_COAST, TANGIER, CAIRO, *MADAGASCAR_CITIES, NUM_PLACES],
            np.int64,
        )
        players = np.zeros((10, num), np.int64)
        players[k.POS] = state.pos
        players[k.MONEY] = state.money
        players[k.LEG] = -1
        players[k.LSTEP] = state.leg_step
        players[k.FREE] = state.free
        players[k.CAPT] = state.captured
        players[k.SLAVE] = state.slave
        players[k.STARH] = state.star
        players[k.SHOES] = state.shoes
        players[k.STRD] = state.stranded
        for s in range(num):
            if state.leg_dest[s] >= 0:
                players[k.LEG, s] = _leg_index(_origin(state, s), state.leg_dest[s])
        tokens = np.array([*state.token_at, *state.bag.counts], np.int64)
        order = np.zeros((5, num), np.int64)
        order[k.QORDER, : len(state.order)] = state.order
        order[k.QPEND, : len(state.order_pending)] = state.order_pending
        i = 0
        for group in state.order_groups:
            for j, seat in enumerate(group):
                order[k.QGSEAT, i] = seat
                order[k.QGBRK, i] = 1 if j == 0 else 0
                i += 1
        if state.order_rolls:
            for seat, value in state.order_rolls[-1]:
                order[k.QROLL, seat] = value
        return cls((S, options, special, players, tokens, order))


def _origin(state: AfrikaState, seat: int) -> int:
    """The port a voyage left from: the one whose leg to the destination is this path."""
    path = state.leg_path[seat]
    dest = state.leg_dest[seat]
    for v in range(NUM_PLACES):
        for d, p in LEGS[v]:
            if d == dest and p == path:
                return v
    raise ValueError("a voyage on no known sea leg")


@dataclass
class BatchResult:
    """The outcome of a batch: per game the winning seat (-1: nobody won, everybody was
    stranded), the chance events and the decisions."""

    winners: npt.NDArray[np.int64]
    chance_events: npt.NDArray[np.int64]
    moves: npt.NDArray[np.int64]
    trace: npt.NDArray[np.int64] | None = None
    """``[game, step]``: the kernel's trace of every step (``_kernel.T_*``: the kind and count,
    the outcome or action, then every seat's money), when asked for; rows past a game's end
    stay 0."""

    def wins(self, players: int) -> list[int]:
        """Games won per seat."""
        return wins_of_seats(self.winners, players)


def play(
    state: AfrikaState,
    games: int,
    policy: str | Sequence[str] = "heuristic",
    seed: int = 0,
    *,
    first_game: int = 0,
    trace_steps: int = 0,
    parallel: bool = False,
) -> BatchResult:
    """Play ``games`` games from ``state`` (unchanged) to the end; ``policy`` is one name for
    every seat or one per seat; games are numbered from ``first_game``. ``trace_steps`` keeps
    the first that many steps of every game (for the differential tests). The kernel runs on
    one thread: ``parallel`` is accepted like the other batch simulators' and changes
    nothing."""
    from . import _kernel

    check_play(games, state, AfrikaState, "Afrikas stjärna")
    position = Position.of(state)
    codes = np.array(policy_codes(policy, state.num_players), np.int64)
    winners = np.zeros(games, np.int64)
    chance = np.zeros(games, np.int64)
    moves = np.zeros(games, np.int64)
    width = _kernel.TR_MONEY + state.num_players
    tr = np.zeros((games if trace_steps else 0, trace_steps, width), np.int64)
    S0, OP, K, P0, T0, Q0 = position.arrays
    _kernel.play_range(  # type: ignore[call-arg]
        0,
        games,
        np.uint64(seed & M64),
        first_game,
        S0,
        OP,
        K,
        P0,
        T0,
        Q0,
        codes,
        *tables().arrays,
        MAX_STEPS,
        winners,
        chance,
        moves,
        tr,
    )
    if (winners == -2).any():
        raise RuntimeError(f"a game did not end within {MAX_STEPS} steps")
    return BatchResult(winners, chance, moves, tr if trace_steps else None)


def playout_wins(
    state: AfrikaState, games: int, policy: str = "heuristic", seed: int = 0
) -> list[float]:
    """Per seat, the playouts from ``state`` it won (the ``Game.playout_wins`` hook); games
    nobody won count for nobody."""
    return [float(w) for w in play(state, games, policy, seed).wins(state.num_players)]


def warm_up() -> float:
    """Compile (or load from Numba's cache) the kernel; returns the seconds it took."""
    start = time.perf_counter()
    state = AfrikaState(tuple(Seat(f"P{i}") for i in range(3)), AfrikaOptions())
    play(state, 2, "heuristic", 0)
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
