"""Move planning: every legal action of the player to act in the play phase, with what it
does (§5; under the cheat rule also the secret ±1 moves and the accusations, §6).

:func:`plan_moves` lists the legal actions once per position; ``rules.py`` caches them in
``state._legal`` and their plans, index by index, in ``state._plans``. A plan is
``(P_START, piece, field)``, ``(P_MOVE, piece, destination, 1)``, ``(P_SWAP, piece, other)``
or ``(P_ACCUSE, seat)``. This is the hot path of every simulation: plain ints and lists, each
``Play`` interned, and the path ahead of a piece walked once per position (``_reach``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spelkvall.core import Action

from .actions import Accuse, Play
from .board import (
    C4,
    C10,
    C11,
    C13,
    C17,
    CARDS,
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

if TYPE_CHECKING:
    from .rules import DogState

MAX_STEPS = 15
"""Forward distances are 1..14 (13, and 14 with a cheat)."""
KING_REACH = 7
"""The King's cards go up to 7; without ``king_swap_any_distance`` Magnet and Tauscher
move a King no farther either."""

# Plans: what a legal Play does, parallel to the cached actions.
P_START, P_MOVE, P_SWAP, P_ACCUSE = range(4)

_PLAY_CACHE: dict[tuple[Any, ...], Play] = {}
_ACCUSES: tuple[Accuse, ...] = tuple(Accuse(i) for i in range(4))


def _play(
    card: int, piece: int, move: str, steps: int, goal: bool, target: int, cheat: int
) -> Play:
    key = (card, piece, move, steps, goal, target, cheat)
    action = _PLAY_CACHE.get(key)
    if action is None:
        action = Play(CARDS[card], piece, move, steps, goal, target, cheat)
        _PLAY_CACHE[key] = action
    return action


def plan_moves(state: DogState) -> tuple[Action, ...]:
    """The legal actions of the player to act in the play phase; caches them and their plans
    on the state."""
    seat = state.current
    ctrl = state.controls(seat)
    hand = state.hands[seat]
    opts = state.options
    actions: list[Action] = []
    plans: list[tuple[int, ...]] = []
    state._reach_cache = {}
    pos = state.pos
    base = 4 * ctrl
    cheat = opts.cheat_enabled and state.cheat_tokens[seat] > 0
    copy_of = state.copy_target() if hand[COPY] else -1
    for card in range(NUM_CARDS):
        if not hand[card]:
            continue
        eff = card
        if card == COPY:
            eff = copy_of
            if eff < 0:
                continue
        value = PLAIN_VALUE[eff]
        for piece in range(base, base + 4):
            p = pos[piece]
            king = piece == base  # type KING is piece 4*seat + 0
            if p == KENNEL:
                if eff in (C11, C13):
                    field = state.start[ctrl]
                    occupant = state.occ[field]
                    if occupant < 0 or occupant >> 2 != ctrl:
                        actions.append(_play(card, piece, "start", 0, False, -1, 0))
                        plans.append((P_START, piece, field))
                continue
            if king and not KING_MAY_RUN[eff]:
                continue
            if value:
                _forwards(state, actions, plans, card, piece, value, eff == C10, True, cheat)
            elif eff == C4:
                green = opts.plus4_green
                _forwards(state, actions, plans, card, piece, 4, green, True, cheat)
                if p < GOAL0:
                    _backward(state, actions, plans, card, piece)
            elif eff == C17:
                for k in range(1, 8):
                    _forwards(state, actions, plans, card, piece, k, False, False, False)
                if cheat and not king:
                    _forwards(state, actions, plans, card, piece, 8, False, False, False, 1)
            elif eff == C11:
                if not king or opts.king_uses_one:
                    _forwards(state, actions, plans, card, piece, 1, False, True, False)
                    if cheat:
                        _forwards(state, actions, plans, card, piece, 2, False, False, False, 1)
                if not king:
                    _forwards(state, actions, plans, card, piece, 11, False, True, cheat)
            elif eff == C13:
                if not king:
                    _forwards(state, actions, plans, card, piece, 13, False, True, cheat)
            elif eff == SWAP:
                if p < GOAL0 and not state.blocked(p):
                    for other in range(4 * state.n):
                        q = pos[other]
                        if q < 0 or q >= GOAL0 or state.blocked(q):
                            continue
                        if other >> 2 == ctrl and not (opts.swap_own and other != piece):
                            continue
                        if (
                            not opts.king_swap_any_distance
                            and (king or other & 3 == KING)
                            and min((q - p) % RING, (p - q) % RING) > KING_REACH
                        ):
                            continue
                        actions.append(_play(card, piece, "swap", 0, False, other, 0))
                        plans.append((P_SWAP, piece, other))
            elif eff == MAGNET and p < GOAL0:
                occ = state.occ
                for d in range(1, RING):
                    if occ[(p + d) % RING] >= 0:
                        if d > 1 and not (
                            king and d - 1 > KING_REACH and not opts.king_swap_any_distance
                        ):
                            dest = (p + d - 1) % RING
                            actions.append(_play(card, piece, "magnet", d - 1, False, -1, 0))
                            plans.append((P_MOVE, piece, dest, 1))
                        break
    # One accuses on one's own turn, before playing (§6): with no play there is no turn.
    if opts.cheat_enabled and actions and state.accuse_tokens[seat] > 0:
        for other in range(state.n):
            if state.open_move[other] >= 0 and other != seat and other != state.partner[seat]:
                actions.append(_ACCUSES[other])
                plans.append((P_ACCUSE, other))
    legal = tuple(actions)
    state._legal = legal
    state._plans = plans
    return legal


def _forwards(
    state: DogState,
    actions: list[Action],
    plans: list[tuple[int, ...]],
    card: int,
    piece: int,
    n: int,
    green: bool,
    fool_may_shorten: bool,
    cheat: bool,
    cheat_delta: int = 0,
) -> None:
    """Every legal forward move of ``piece`` by ``n`` (§5.4), with the Fool's shortened
    goal entries (§5.7) and, under the cheat rule, the secret n±1 moves (§6)."""
    outcomes = _forward(state, piece, n, green, fool_may_shorten and piece & 3 == FOOL)
    for dest, steps in outcomes:
        goal = dest >= GOAL0
        actions.append(_play(card, piece, "forward", steps, goal, -1, cheat_delta))
        plans.append((P_MOVE, piece, dest, 1))
    if cheat:
        honest = {d for d, _ in outcomes}
        king = piece & 3 == KING
        for delta in (-1, 1):
            m = n + delta
            if m < 1 or (king and m > KING_REACH):
                continue
            for dest, steps in _forward(state, piece, m, green, False):
                if dest not in honest:
                    actions.append(_play(card, piece, "forward", steps, dest >= GOAL0, -1, delta))
                    plans.append((P_MOVE, piece, dest, 1))


def _forward(state: DogState, piece: int, n: int, green: bool, fool: bool) -> list[tuple[int, int]]:
    """(destination, steps) of moving ``piece`` ``n`` fields forward: into the goal and/or
    on the track; ``fool`` adds the goal entries with n-1 and n-2 steps."""
    key = (piece << 1) | green
    reach = state._reach_cache.get(key)
    if reach is None:
        reach = _reach(state, piece, green)
        state._reach_cache[key] = reach
    track, goal = reach
    result: list[tuple[int, int]] = []
    g = goal[n]
    if g >= 0:
        result.append((g, n))
    dest = track[n]
    if dest >= 0 and (g < 0 or state.options.goal_entry_optional):
        result.append((dest, n))
    if fool and state.pos[piece] < GOAL0:
        for m in (n - 1, n - 2):
            if m >= 1 and goal[m] >= 0:
                result.append((goal[m], m))
    return result


def _reach(state: DogState, piece: int, green: bool) -> tuple[list[int], list[int]]:
    """Walk the path ahead of ``piece`` once (§5.4): ``track[n]`` is the ring field a move
    of n lands on (-1: illegal), ``goal[n]`` the goal field it reaches (-1: none)."""
    track = [-1] * MAX_STEPS
    goal = [-1] * MAX_STEPS
    p = state.pos[piece]
    owner = piece >> 2
    if p >= GOAL0:
        j = p - GOAL0
        for k in range(j + 1, 4):
            if _goal_taken(state, owner, k):
                break  # nothing is jumped in the goal
            goal[k - j] = GOAL0 + k
        return track, goal
    occ = state.occ
    start = state.start
    rank = RANK[piece & 3]
    knight = piece & 3 == KNIGHT
    my_start = start[owner]
    for i in range(1, MAX_STEPS):
        q = p + i
        if q >= RING:
            q -= RING
        other = occ[q]
        if other < 0 or _may_hit(state, piece, other, q, green):
            track[i] = q
        if other >= 0:
            if start[other >> 2] == q and not knight:
                break  # a blocked start field is never passed (§5.3)
            if not green and RANK[other & 3] > rank:
                break  # rank (§5.4 d)
        if q == my_start:
            # The goal branches off here; a move beginning here never reaches it.
            for j in range(4):
                if i + 1 + j >= MAX_STEPS or _goal_taken(state, owner, j):
                    break
                goal[i + 1 + j] = GOAL0 + j
    return track, goal


def _goal_taken(state: DogState, owner: int, j: int) -> bool:
    target = GOAL0 + j
    pos = state.pos
    return any(pos[piece] == target for piece in range(4 * owner, 4 * owner + 4))


def _may_hit(state: DogState, mover: int, other: int, field: int, green: bool) -> bool:
    """Whether ``mover`` may land on ``field`` where ``other`` stands (§5.6)."""
    if state.start[other >> 2] == field:
        return False  # blocked on its own start field
    if other & 3 == KING and mover & 3 != KING:
        # A King only by a King, except a foreign King on the mover's own start field.
        return field == state.start[mover >> 2] or (green and state.options.green_hits_king)
    return True


def _backward(
    state: DogState, actions: list[Action], plans: list[tuple[int, ...]], card: int, piece: int
) -> None:
    """−4 (§5.5): backward on the track, rank ignored, blocked start fields block (the
    Knight passes over them in either direction, §5.3 and §5.7, but never lands there)."""
    p = state.pos[piece]
    occ = state.occ
    knight = piece & 3 == KNIGHT
    for i in range(1, 5):
        q = (p - i) % RING
        other = occ[q]
        if other >= 0 and state.start[other >> 2] == q and (i == 4 or not knight):
            return
        if i == 4 and other >= 0 and not _may_hit(state, piece, other, q, True):
            return
    actions.append(_play(card, piece, "back", 4, False, -1, 0))
    plans.append((P_MOVE, piece, (p - 4) % RING, 1))
