"""DogRoyal's batch simulator: thousands of games from one position, compiled with Numba.

A second implementation of the rules of ``rules.py`` (with ``moves.py``, ``deck.py`` and
``cheat.py``: the reference engine) and of ``heuristic.py``, for playouts (``DogRoyal.
playout_wins``) and ``spelkvall simulate dogroyal --fast``. Every seat follows a policy,
``"random"`` (a uniform pick among the legal actions, like ``bots.RandomBot``) or
``"heuristic"`` (``heuristic.choose``). Every option is supported, the cheat rule too, and
games may start anywhere: before the first dealer, in a deal, in the exchange, at the placement,
in a turn, at a special field's draw or a Citizen's jump, at a forfeit.

The kernel plays the state it is given, hands and deck included: the true state or, for a
player's search or Tips, a world dealt from their view (``DogRoyal.sample_state``).

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

from .actions import FORFEITS, Dealer
from .board import NUM_CARDS, RING
from .options import DogOptions
from .phases import DEAL, DEALER, DRAW, FORFEIT, OVER
from .rules import DogState

MAX_STEPS = 2_000_000
"""A bound on the steps of one game in the kernel (random games take about 2,300; the round
limit ends every game long before)."""


class XorShiftRandom(XorShiftStream):
    """The kernel's random stream for one game: ``random()`` like ``random.Random``, and the
    chance outcome the kernel draws at a chance node (:meth:`chance`)."""

    __slots__ = ()

    def chance(self, state: DogState) -> Action:
        """The outcome the kernel draws at the chance node ``state`` (one draw)."""
        phase = state.phase
        if phase in (DEAL, DRAW):
            return state.sample_chance(self)  # deck.sample_draw: one draw, counted off
        if phase == DEALER:
            outcomes = state.chance_outcomes()
            dealer = outcomes[int(self.random() * len(outcomes))][0]
            assert isinstance(dealer, Dealer)
            return dealer
        if phase == FORFEIT:
            seat = state.forfeit_seat
            r = int(self.random() * state.hand_size[seat])
            for card, k in enumerate(state.hands[seat]):
                if r < k:
                    return FORFEITS[card]
                r -= k
        raise ValueError(f"no chance node in phase {state.phase}")


def _encode(state: DogState) -> npt.NDArray[np.int64]:
    """``state`` as the kernel's one array (``_kernel``'s offsets)."""
    from . import _kernel as k

    if state.phase == OVER:
        raise ValueError("the game is over: there is nothing to play out")
    if len(state.deck) > k.MAXSEG:
        raise ValueError(f"a deck of {len(state.deck)} segments; the kernel keeps {k.MAXSEG}")
    n = state.n
    st = np.zeros(k.SIZE, np.int64)
    st[k.POS : k.POS + 16] = -1
    st[k.POS : k.POS + 4 * n] = state.pos
    st[k.OCC : k.OCC + RING] = state.occ
    for s in range(n):
        st[k.HAND + s * NUM_CARDS : k.HAND + (s + 1) * NUM_CARDS] = state.hands[s]
        st[k.HSIZE + s] = state.hand_size[s]
    for i, segment in enumerate(state.deck):
        st[k.SEG + i * NUM_CARDS : k.SEG + (i + 1) * NUM_CARDS] = segment
        st[k.SEGTOT + i] = sum(segment)
    st[k.NSEG] = len(state.deck)
    st[k.DSIZE] = state.deck_size
    st[k.DCNT : k.DCNT + NUM_CARDS] = state.discard_counts
    st[k.DLEN] = len(state.discard)
    st[k.DTOP] = state.discard[-1] if state.discard else -1
    st[k.LAST] = state.last_played
    st[k.RDS] = state.round_discard_start
    st[k.PHASE] = state.phase
    st[k.ROUND] = state.round
    st[k.DEALER_] = state.dealer
    st[k.STARTER] = state.starter
    st[k.CUR] = state.current
    st[k.DEAL_LEFT] = state.deal_left
    st[k.DEAL_SEAT] = state.deal_seat
    st[k.GIVES : k.GIVES + 4] = -1
    st[k.GIVES : k.GIVES + n] = state.gives
    st[k.PLACE_LEFT] = state.place_left
    st[k.DRAW_SEAT] = state.draw_seat
    st[k.JUMP] = state.jump_piece
    st[k.FSEAT] = state.forfeit_seat
    st[k.CTOK : k.CTOK + n] = state.cheat_tokens
    st[k.ATOK : k.ATOK + n] = state.accuse_tokens
    st[k.OPEN : k.OPEN + 4] = -1
    st[k.OPEN : k.OPEN + n] = state.open_move
    st[k.CHEATED : k.CHEATED + n] = state.cheated
    st[k.NPLACES] = len(state.places)
    st[k.PLACES : k.PLACES + 4] = -1
    st[k.PLACES : k.PLACES + len(state.places)] = state.places
    st[k.WINNERS] = sum(1 << s for s in state.winners_)
    st[k.LIMIT] = state.limit_reached
    st[k.TURNS] = state.turns
    st[k.N] = n
    st[k.START : k.START + n] = state.start
    st[k.PARTNER : k.PARTNER + 4] = -1
    st[k.PARTNER : k.PARTNER + n] = state.partner
    st[k.SPECIAL : k.SPECIAL + RING] = state.special
    o: DogOptions = state.options
    st[k.O_PLAY_ON] = o.play_on
    st[k.O_PLUS4_GREEN] = o.plus4_green
    st[k.O_KING_ONE] = o.king_uses_one
    st[k.O_GREEN_KING] = o.green_hits_king
    st[k.O_GOAL_OPT] = o.goal_entry_optional
    st[k.O_JUMP_OPT] = o.citizen_jump_optional
    st[k.O_JUMP_DRAWS] = o.citizen_jump_draws
    st[k.O_SWAP_OWN] = o.swap_own
    st[k.O_KING_ANY] = o.king_swap_any_distance
    st[k.O_COPY_ACROSS] = o.copy_across_rounds
    st[k.O_KEEP_TOP] = o.reshuffle_keeps_top
    st[k.O_DRAW_RESHUFFLE] = o.special_draw_reshuffle
    st[k.O_DEALER_RANDOM] = o.first_dealer_random
    st[k.O_PLACEMENT] = o.first_round_placement
    st[k.O_CHEAT] = o.cheat_enabled
    st[k.O_ROUND_LIMIT] = o.round_limit
    return st


@dataclass
class BatchResult:
    """The outcome of a batch, per game (seats as in the state)."""

    winners: npt.NDArray[np.int64]
    """Bit mask of ``Result.winners`` per game (a shared win sets several bits)."""
    open_place: npt.NDArray[np.int64]
    """Bit mask of the seats that took the best place still open in the starting state
    (``DogRoyal.open_place``): the winners, unless somebody had already finished."""
    places: npt.NDArray[np.int64]
    """``[game, i]``: the play-on finishing order, -1 for no one."""
    round_limit: npt.NDArray[np.bool_]
    chance_events: npt.NDArray[np.int64]
    """Dealt and drawn cards, the first dealer and forfeits, per game."""
    moves: npt.NDArray[np.int64]
    """Decisions per game: exchange cards, placements, cards played, accusations, jumps."""
    rounds: npt.NDArray[np.int64]
    turns: npt.NDArray[np.int64]
    """Cards played per game (``DogState.turns`` at the end)."""
    final: npt.NDArray[np.int64] | None
    """``[game, 0:16]`` the final position of every piece (-1 past the seats),
    ``[game, 16:31]`` the discard pile counted, when asked for."""
    trace: npt.NDArray[np.int64] | None
    """``[game, step, 2]`` the kernel's trace of every step (``_kernel.T_*``), when asked."""

    def wins(self, players: int) -> list[int]:
        """Games won per seat (a shared win counts for each winner)."""
        return wins_of_masks(self.winners, players)


def play(
    state: DogState,
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
    ``first_game``. ``final`` keeps every game's final positions and discard pile;
    ``trace_steps`` keeps the first that many steps of every game. ``parallel`` spreads the
    games over Numba's threads (``NUMBA_NUM_THREADS``); the results are the same either way.
    """
    from . import _kernel

    check_play(games, state, DogState, "DogRoyal")
    st0 = _encode(state)
    codes = np.zeros(4, np.int64)
    codes[: state.n] = policy_codes(policy, state.n)
    out = np.zeros((games, 13), np.int64)
    fin = np.zeros((games if final else 0, 16 + NUM_CARDS), np.int64)
    tr = np.zeros((games if trace_steps else 0, trace_steps, 2), np.int64)
    args: tuple[Any, ...] = (
        st0,
        codes,
        np.uint64(seed & M64),
        first_game,
        MAX_STEPS,
        out,
        fin,
        tr,
    )
    run_games(_kernel.play_range, games, parallel, *args)
    if games and not out[:, 10].all():
        raise RuntimeError(f"a game did not end within {MAX_STEPS} steps")
    return BatchResult(
        winners=out[:, 11],
        open_place=out[:, 12],
        places=out[:, 1:5],
        round_limit=out[:, 5].astype(np.bool_),
        chance_events=out[:, 6],
        moves=out[:, 7],
        rounds=out[:, 8],
        turns=out[:, 9],
        final=fin if final else None,
        trace=tr if trace_steps else None,
    )


def legal_plans(state: DogState) -> list[tuple[int, ...]]:
    """The legal actions the kernel plans for the player to act in the play phase, each as
    ``(plan kind, piece, field or other piece, card, cheat)``; the plan is ``rules``' (an
    accusation: ``(P_ACCUSE, seat, 0, -1, 0)``). For the differential tests."""
    from . import _kernel

    mv = np.zeros((_kernel.MAXMV, _kernel.MCOLS), np.int64)
    n = _kernel.legal_plans(_encode(state), mv)
    return [tuple(int(x) for x in row) for row in mv[:n]]


def playout_wins(
    state: DogState, games: int, policy: str = "random", seed: int = 0, *, first_game: int = 0
) -> list[float]:
    """Per seat, the playouts from ``state`` in which it took the best place still open (the
    ``Game.playout_wins`` hook; a shared place counts for each seat), over every Numba
    thread. The playouts see the whole state: give it a world sampled from a player's view."""
    result = play(state, games, policy, seed, first_game=first_game, parallel=True)
    return [float(((result.open_place >> s) & 1).sum()) for s in range(state.n)]


def warm_up() -> float:
    """Compile (or load from Numba's cache) every kernel; returns the seconds it took."""
    start = time.perf_counter()
    state = DogState(tuple(Seat(f"P{i}") for i in range(4)), DogOptions())
    play(state, 2, "heuristic", 0, final=True, trace_steps=1)
    play(state, 2, "random", 0, parallel=True)
    return time.perf_counter() - start


__all__ = [
    "POLICIES",
    "BatchResult",
    "XorShiftRandom",
    "legal_plans",
    "play",
    "playout_wins",
    "stream_state",
    "warm_up",
]
