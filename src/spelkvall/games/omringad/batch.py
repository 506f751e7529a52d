"""Omringad's batch simulator: thousands of games from one position, compiled with Numba.

A second implementation of the rules of ``rules.py`` (with ``movement.py`` and ``combat.py``:
the reference engine) and of ``heuristic.py``, for the search bots' playouts
(``Omringad.playout_wins``) and ``spelkvall simulate omringad --fast``. Every seat follows a
policy, ``"random"`` (a uniform pick among the legal actions, like ``bots.RandomBot``) or
``"heuristic"`` (``heuristic.choose`` at every decision, like ``bots.mcts.heuristic_policy``).

What it covers: both maps (2 players on the sphere, 4 on the torus), every option, and games
from any position the engine can be in — the secret terrain, the set-up, every phase of a
round, in the middle of a move (a square selected, units taken, a path begun), of an auction
(ascending or sealed) or of a battle (dice rolled, hits to hand out, a Diplomat's choice, the
Dragon's target) — so from a world sampled from a seat's view too (``Omringad.sample_state``).
The kernel plays the state it is given, hidden units included: a search passes only sampled
worlds.

Randomness: game ``g`` of a batch seeded with ``seed`` draws from its own xorshift64* stream
(:func:`stream_state`), so results do not depend on how games are split over threads.
:class:`XorShiftRandom` is the same stream in plain Python: with :meth:`XorShiftRandom.chance`
at chance nodes and its draws for the policies, the reference engine plays exactly the game the
kernel plays (``_kernel``'s docstring lists how draws are used).

The first call compiles the kernel unless Numba's on-disk cache already holds it;
:func:`warm_up` does that ahead of time.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from spelkvall.core import Action, Seat
from spelkvall.core.batch import POLICIES, check_play, policy_codes, run_games, wins_of_masks
from spelkvall.core.xorshift import M64, XorShiftStream, stream_state

from .actions import (
    Assign,
    Back,
    Battle,
    Bid,
    Buy,
    Confirm,
    Die,
    Diplomacy,
    Done,
    DragonTarget,
    DrawSpecial,
    Drop,
    Merge,
    Pass,
    Place,
    PlaceSpecial,
    PlaceTile,
    Recruit,
    SealedBid,
    Select,
    Step,
    Take,
    Target,
)
from .board import ADJACENT, REGULAR, TERRAIN_INDEX, UNIT_INDEX, UNIT_NAMES
from .options import OmringadOptions
from .phases import AUCTION, OVER
from .rules import OmringadState

MAX_STEPS = 2_000_000
"""A bound on the steps of one game in the kernel (the round limit ends every game first)."""


class StuckGame(RuntimeError):
    """A game of a batch that did not end within ``MAX_STEPS`` (a bug: the round limit ends
    every game first). Carries what reproduces it: ``play(state, ..., seed, first_game=game)``
    with the same policies."""

    def __init__(self, state: OmringadState, seed: int, game: int, policies: Sequence[str]):
        super().__init__(
            f"game {game} of seed {seed} ({', '.join(policies)}) did not end within "
            f"{MAX_STEPS} steps"
        )
        self.state = state
        self.seed = seed
        self.game = game
        self.policies = tuple(policies)


class XorShiftRandom(XorShiftStream):
    """The kernel's random stream for one game: ``random()`` like ``random.Random``, and the
    chance outcome the kernel draws at a chance node (:meth:`chance`)."""

    __slots__ = ()

    def chance(self, state: OmringadState) -> Action:
        """The outcome the kernel draws at the chance node ``state`` (one draw)."""
        outcomes = [a for a, _ in state.chance_outcomes()]
        if state.phase == AUCTION:
            # One draw counted off the cup kind by kind (each special is in it at most once).
            counts = state.cup.counts
            r = int(self.random() * sum(counts))
            for k, c in enumerate(counts):
                if r < c:
                    return DrawSpecial(unit=_unit_name(REGULAR + k))
                r -= c
            raise ValueError("the cup is empty")  # pragma: no cover
        return outcomes[int(self.random() * len(outcomes))]


def _unit_name(k: int) -> str:
    return UNIT_NAMES[k]


def action_code(action: Action) -> int:
    """An engine action as the kernel's code (``_kernel``: ``kind << 16 | a << 8 | b``)."""
    from . import _kernel as k

    def code(kind: int, a: int = 0, b: int = 0) -> int:
        return (kind << 16) | (a << 8) | b

    if isinstance(action, PlaceTile):
        return code(k.A_TILE, TERRAIN_INDEX[action.tile], action.square)
    if isinstance(action, Recruit):
        return code(k.A_RECRUIT, UNIT_INDEX[action.unit], action.square)
    if isinstance(action, Back):
        return code(k.A_BACK)
    if isinstance(action, Done):
        return code(k.A_DONE)
    if isinstance(action, Bid):
        return code(k.A_BID, action.amount)
    if isinstance(action, Drop):
        return code(k.A_DROP)
    if isinstance(action, SealedBid):
        return code(k.A_SEALED, action.amount)
    if isinstance(action, PlaceSpecial):
        return code(k.A_PLACE_SPECIAL, 0, action.square)
    if isinstance(action, Buy):
        return code(k.A_BUY, UNIT_INDEX[action.unit])
    if isinstance(action, Select):
        return code(k.A_SELECT, 0, action.square)
    if isinstance(action, Take):
        return code(k.A_TAKE, UNIT_INDEX[action.unit], int(action.damaged))
    if isinstance(action, Step):
        return code(k.A_STEP, 0, action.square)
    if isinstance(action, Confirm):
        return code(k.A_CONFIRM)
    if isinstance(action, Pass):
        return code(k.A_PASS)
    if isinstance(action, Battle):
        return code(k.A_BATTLE, 0, action.square)
    if isinstance(action, Diplomacy):
        return code(k.A_DIPLO, 0, int(action.use))
    if isinstance(action, Target):
        return code(k.A_TARGET, 0, action.seat + 1)
    if isinstance(action, Assign):
        return code(k.A_ASSIGN, UNIT_INDEX[action.unit], int(action.damaged))
    if isinstance(action, Place):
        return code(k.A_PLACE, UNIT_INDEX[action.unit], action.square)
    if isinstance(action, Merge):
        return code(k.A_MERGE, UNIT_INDEX[action.unit], action.square)
    if isinstance(action, Die):
        return code(k.A_DIE, 0, action.value)
    if isinstance(action, DrawSpecial):
        return code(k.A_DRAW, 0, UNIT_INDEX[action.unit])
    if isinstance(action, DragonTarget):
        return code(k.A_DTARGET, 0, action.seat)
    raise TypeError(f"not an Omringad action: {action!r}")


def chance_count(state: OmringadState) -> int:
    """How many outcomes the chance node ``state`` has (the kernel's trace counts them)."""
    return len(state.chance_outcomes())


_ADJACENCY: dict[int, tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]] = {}


def _adjacency(n: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The map of ``n`` players as the kernel keeps it: four neighbours a square (0 past the
    last) and their count. Made once per map: ``encode`` runs for every playout of Tips."""
    made = _ADJACENCY.get(n)
    if made is None:
        squares = ADJACENT[n]
        adjacent = np.zeros(4 * len(squares), np.int64)
        counts = np.zeros(len(squares), np.int64)
        for sq, nbs in enumerate(squares):
            adjacent[4 * sq : 4 * sq + len(nbs)] = nbs
            counts[sq] = len(nbs)
        made = _ADJACENCY[n] = (adjacent, counts)
    return made


def encode(state: OmringadState) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """``state`` as the kernel's ``st`` and ``stk`` arrays (``_kernel``'s offsets)."""
    from . import _kernel as k

    if state.phase == OVER:
        raise ValueError("the game is over: there is nothing to play out")
    n = state.n
    st = np.zeros(k.SIZE, np.int64)
    stk = np.zeros((k.MAXSQ, k.MAXH), np.int64)
    st[k.N] = n
    st[k.PHASE] = state.phase
    st[k.ROUND] = state.round
    st[k.HOLDER] = state.holder
    st[k.CUR] = state.current
    squares = 25 * n
    st[k.TERR : k.TERR + squares] = state.terrain
    st[k.CTRL : k.CTRL + squares] = state.control
    for sq, stack in enumerate(state.stacks):
        if stack:  # the arrays start at zero: an empty square needs nothing
            st[k.HGT + sq] = len(stack)
            stk[sq, : len(stack)] = stack
    for p in range(n):
        st[k.POOLS + 6 * p : k.POOLS + 6 * p + 6] = state.pool[p]
        for kind in state.pending[p]:
            st[k.PEND + 6 * p + kind] += 1
        st[k.TILESO + 6 * p : k.TILESO + 6 * p + 6] = state.tiles[p]
        steps = state.steps[p]
        if len(steps) > k.MAXSTEPS:
            raise ValueError(f"{len(steps)} steps to undo; the kernel keeps {k.MAXSTEPS}")
        st[k.STEPS + k.MAXSTEPS * p : k.STEPS + k.MAXSTEPS * p + len(steps)] = steps
        st[k.NSTEPS + p] = len(steps)
    st[k.GOLD : k.GOLD + n] = state.gold
    st[k.POINTS : k.POINTS + n] = state.points
    st[k.CUP : k.CUP + 8] = state.cup.counts
    st[k.READY : k.READY + n] = state.ready
    st[k.BACKS : k.BACKS + n] = state.backs
    st[k.SPENT : k.SPENT + n] = state.spent
    st[k.CONT : k.CONT + len(state.contenders)] = state.contenders
    st[k.NCONT] = len(state.contenders)
    st[k.ROLLS : k.ROLLS + len(state.init_rolls)] = state.init_rolls
    st[k.NROLLS] = len(state.init_rolls)
    st[k.AU_STAGE] = state.au_stage
    st[k.AU_SPECIAL] = state.au_special
    st[k.AU_PRICE] = state.au_price
    st[k.AU_LEADER] = state.au_leader
    st[k.AU_ACTIVE : k.AU_ACTIVE + n] = state.au_active
    st[k.AU_BIDS : k.AU_BIDS + n] = state.au_bids
    st[k.PASSED : k.PASSED + n] = state.passed
    st[k.MV_SRC] = state.mv_src
    st[k.MV_SEL : k.MV_SEL + len(state.mv_sel)] = state.mv_sel
    st[k.NSEL] = len(state.mv_sel)
    st[k.MV_PATH : k.MV_PATH + len(state.mv_path)] = state.mv_path
    st[k.NPATH] = len(state.mv_path)
    st[k.MOVE_NO] = state.move_no
    st[k.QUEUE : k.QUEUE + len(state.queue)] = state.queue
    st[k.NQ] = len(state.queue)
    st[k.BT_SQ] = state.bt_sq
    st[k.BT_STAGE] = state.bt_stage
    st[k.BT_DEF] = state.bt_defender
    st[k.BT_STEP] = state.bt_step
    st[k.BT_ROLLERS : k.BT_ROLLERS + len(state.bt_rollers)] = state.bt_rollers
    st[k.NROLLERS] = len(state.bt_rollers)
    st[k.NDICE] = len(state.bt_dice)
    st[k.BT_HITFLAG : k.BT_HITFLAG + len(state.bt_last)] = [int(x[3]) for x in state.bt_last]
    st[k.BT_HITS : k.BT_HITS + len(state.bt_hits)] = state.bt_hits
    st[k.HITS0] = 0
    st[k.NHITS] = len(state.bt_hits)
    st[k.BT_TARGET_SEAT] = state.bt_target
    for sq, count in state.placed.items():
        st[k.PLACEDO + sq] = count
    st[k.WINNERS] = sum(1 << s for s in state.winners_)
    st[k.ORDER : k.ORDER + n] = state.order
    st[k.HOST : k.HOST + 64] = np.asarray(state.hostile, np.int64).ravel()
    st[k.TEAMS : k.TEAMS + 4] = -1
    if state.teams:
        st[k.TEAMS : k.TEAMS + n] = state.team
    adjacent, counts = _adjacency(n)
    st[k.ADJ : k.ADJ + len(adjacent)] = adjacent
    st[k.NADJ : k.NADJ + len(counts)] = counts
    st[k.PL_OK] = 0
    o = state.options
    st[k.O_TARGET] = o.target
    st[k.O_TEAMS] = int(bool(state.teams))
    st[k.O_BOTH] = int(o.team_target == "both")
    st[k.O_SEALED] = int(o.auction == "sealed")
    st[k.O_SETUP_SEP] = int(o.setup_purchase_separate)
    st[k.O_MAGICIAN] = int(o.magician_ranged)
    st[k.O_MOUNTAIN] = int(o.mountain_beats_horses)
    st[k.O_GENERALS] = int(o.generals_conquer)
    st[k.O_PIN_HORSES] = int(o.pin_counts_horses)
    st[k.O_LONE_HORSES] = int(o.lone_horses_return)
    st[k.O_HOLDER_ORDER] = int(o.battle_order == "holder")
    st[k.O_DRAGON_SIEGE] = int(o.dragon_besieges)
    st[k.O_NONCOMBAT] = int(o.noncombatants_take_control)
    st[k.O_WAIT] = int(o.unplaced_wait)
    st[k.O_SHARED] = int(o.tie_rule == "shared")
    st[k.O_ROUND_LIMIT] = o.round_limit
    return st, stk


@dataclass
class BatchResult:
    """The outcome of a batch, per game (seats as in the state)."""

    winners: npt.NDArray[np.int64]
    """Bit mask of ``Result.winners`` per game (a shared win sets several bits)."""
    points: npt.NDArray[np.int64]
    """``[game, seat]`` the points at the end (0 past the seats)."""
    rounds: npt.NDArray[np.int64]
    chance_events: npt.NDArray[np.int64]
    """Dice rolled, specials drawn and the Dragon's targets, per game."""
    moves: npt.NDArray[np.int64]
    """Decisions per game (every small step of a move counts)."""
    final: npt.NDArray[np.int64] | None
    """``[game, 0:100]`` the final controller of every square, ``[game, 100:200]`` every
    stack's height, when asked for."""
    trace: npt.NDArray[np.int64] | None
    """``[game, step, 2]`` the kernel's trace of every step (``_kernel.T_*``), when asked."""

    def wins(self, players: int) -> list[int]:
        """Games won per seat (a shared win counts for each winner)."""
        return wins_of_masks(self.winners, players)


def play(
    state: OmringadState,
    games: int,
    policy: str | Sequence[str] = "random",
    seed: int = 0,
    *,
    first_game: int = 0,
    final: bool = False,
    trace_steps: int = 0,
    parallel: bool = False,
) -> BatchResult:
    """Play ``games`` games from ``state`` (unchanged) to the end.

    ``policy`` is one name for every seat or one per seat. Games are numbered from
    ``first_game``. ``final`` keeps every game's final control and stack heights;
    ``trace_steps`` keeps the first that many steps of every game. ``parallel`` spreads the
    games over Numba's threads (``NUMBA_NUM_THREADS``); the results are the same either way.
    """
    from . import _kernel

    check_play(games, state, OmringadState, "Omringad")
    st0, stk0 = encode(state)
    codes = np.zeros(4, np.int64)
    codes[: state.n] = policy_codes(policy, state.n)
    out = np.zeros((games, 9), np.int64)
    fin = np.zeros((games if final else 0, 2 * _kernel.MAXSQ), np.int64)
    tr = np.zeros((games if trace_steps else 0, trace_steps, 2), np.int64)
    args: tuple[Any, ...] = (
        st0,
        stk0,
        codes,
        np.uint64(seed & M64),
        first_game,
        MAX_STEPS,
        out,
        fin,
        tr,
    )
    run_games(_kernel.play_range, games, parallel, *args)
    if games and not out[:, 8].all():
        stuck = first_game + int(np.argmin(out[:, 8]))
        raise StuckGame(state.clone(), seed, stuck, [POLICIES[c] for c in codes[: state.n]])
    return BatchResult(
        winners=out[:, 0],
        points=out[:, 1:5],
        rounds=out[:, 5],
        chance_events=out[:, 6],
        moves=out[:, 7],
        final=fin if final else None,
        trace=tr if trace_steps else None,
    )


def playout_wins(
    state: OmringadState, games: int, policy: str = "heuristic", seed: int = 0
) -> list[float]:
    """Per seat, the playouts from ``state`` it won (the ``Game.playout_wins`` hook; a shared
    win counts for each winner), over every Numba thread. The playouts see the whole state:
    give it a world sampled from a player's view."""
    result = play(state, games, policy, seed, parallel=True)
    return [float(w) for w in result.wins(state.n)]


def warm_up() -> float:
    """Compile (or load from Numba's cache) every kernel; returns the seconds it took."""
    start = time.perf_counter()
    state = OmringadState(tuple(Seat(f"P{i}") for i in range(2)), OmringadOptions())
    play(state, 2, "heuristic", 0, final=True, trace_steps=1)
    play(state, 2, "random", 0, parallel=True)
    return time.perf_counter() - start


__all__ = [
    "POLICIES",
    "BatchResult",
    "XorShiftRandom",
    "action_code",
    "chance_count",
    "encode",
    "play",
    "playout_wins",
    "stream_state",
    "warm_up",
]
