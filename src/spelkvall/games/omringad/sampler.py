"""The sampler (``Game.sample_state``): a full position a seat cannot tell apart from the true
one, drawn from what its view shows.

What is redrawn for the other seats: their terrain while it is secret, their set-up piles
until revealed, the type of every unit of theirs that the seat cannot see (assumed undamaged),
their pools, their purchases and a sealed bid. A hidden unit's type is drawn from what the
player can still have: its 35 units less those in sight, and the specials it is known to own
(auctions are public). The draw keeps what the view shows: the public ``besieges`` mark of each
stack, and Generals only under Horses or other Generals (§B15).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from . import units as U
from .board import (
    BARE,
    COST,
    DIPLOMAT,
    GENERAL,
    HORSES,
    INFILTRATOR,
    LAKE,
    MAGICIAN,
    POOL,
    REGULAR,
    TILE_KINDS,
    TILES,
)
from .phases import AU_SEALED, AUCTION, BACK_BUDGET, COMBAT, OVER, PURCHASE, SETUP, TERRAIN
from .view import besieges

if TYPE_CHECKING:
    from .rules import OmringadState

NON_BESIEGING = (MAGICIAN, INFILTRATOR, DIPLOMAT)


def sample(state: OmringadState, player: int, rng: random.Random) -> OmringadState:
    new = state.clone()
    others = [q for q in range(state.n) if q != player]
    for q in others:
        new.backs[q] = BACK_BUDGET  # how often another seat stepped back is not in the view
    if state.phase == TERRAIN:
        for q in others:
            _terrain(new, q, state.ready[q], rng)
        return new
    if state.phase == SETUP:
        for q in others:
            _setup(new, q, state.ready[q], rng)
        return new
    for q in others:
        if not state.options.open_stacks and state.phase != OVER:
            _retype(new, q, rng)
        else:
            _pool_only(new, q)
        if state.phase == PURCHASE:
            _purchase(new, q, state.ready[q], rng)
        else:
            _redraw_pending(new, q, rng)
    if state.phase == AUCTION and state.au_stage == AU_SEALED:
        for q in others:
            # A seat with nowhere to put the special is known to bid nothing.
            if state.ready[q] and state.can_place_special(q, state.au_special):
                new.au_bids[q] = rng.randint(0, state.gold[q])
    return new


def _terrain(new: OmringadState, q: int, ready: bool, rng: random.Random) -> None:
    squares = list(new.country(q))
    for sq in squares:
        new.terrain[sq] = BARE
    new.tiles[q] = list(TILES)
    new.steps[q] = []
    if ready:
        chosen = rng.sample(squares, sum(TILES))
        i = 0
        for kind in TILE_KINDS:
            for _ in range(TILES[kind]):
                new.terrain[chosen[i]] = kind
                i += 1
        new.tiles[q] = [0] * len(TILES)


def _setup(new: OmringadState, q: int, ready: bool, rng: random.Random) -> None:
    sites = new.setup_sites(q)
    for sq in sites:
        new.stacks[sq] = [u for u in new.stacks[sq] if (u >> U.OWNER_SHIFT) & 7 != q]
    new.pool[q] = list(POOL)
    new.spent[q] = 0
    new.steps[q] = []
    if not ready:
        return
    left = 25
    while True:
        affordable = [k for k in range(REGULAR) if new.pool[q][k] and COST[k] <= left]
        if not affordable or rng.random() < 0.05:
            break
        k = rng.choice(affordable)
        sizes = [len([u for u in new.stacks[sq] if (u >> U.OWNER_SHIFT) & 7 == q]) for sq in sites]
        low = min(sizes)
        sq = rng.choice([s for s, size in zip(sites, sizes, strict=True) if size == low])
        new.pool[q][k] -= 1
        left -= COST[k]
        new.add_units(sq, [U.make(k, q)])
    new.spent[q] = 25 - left


def _visible_flags(new: OmringadState, sq: int, q: int) -> list[int]:
    """Indices (in the square's list) of ``q``'s units the sampling seat cannot see."""
    mine = [i for i, u in enumerate(new.stacks[sq]) if (u >> U.OWNER_SHIFT) & 7 == q]
    if new.phase == COMBAT and sq == new.bt_sq:
        return []
    return mine[:-1]


def _retype(new: OmringadState, q: int, rng: random.Random) -> None:
    regular_left = list(POOL)
    specials: list[int] = []  # q's specials on the board that the seat cannot see
    slots: list[tuple[int, int]] = []  # (square, index) of hidden units
    stacks: list[tuple[int, list[int], bool]] = []  # (square, hidden indices, besieges)
    for sq, stack in enumerate(new.stacks):
        if not stack:
            continue
        hidden = _visible_flags(new, sq, q)
        hidden_set = set(hidden)
        flag = False
        for i, u in enumerate(stack):
            if (u >> U.OWNER_SHIFT) & 7 != q:
                continue
            k = u & U.TYPE
            if i in hidden_set:
                if k >= REGULAR:
                    specials.append(k)
                continue
            if k < REGULAR:
                regular_left[k] -= 1
        if hidden:
            flag = besieges(new, sq, q)
            stacks.append((sq, hidden, flag))
            slots.extend((sq, i) for i in hidden)
    if not slots:
        _pool_from(new, q, regular_left)
        return
    assigned: dict[tuple[int, int], int] = {}
    # Stacks that do not besiege hold nothing but Magician, Infiltrator, Diplomat underneath.
    # (Sorted first: where the true specials stand must not steer the draw.)
    specials.sort()
    rng.shuffle(specials)
    quiet = [k for k in specials if k in NON_BESIEGING]
    loud = [k for k in specials if k not in NON_BESIEGING]
    needs_besieger: list[tuple[int, int]] = []
    free: list[tuple[int, int]] = []
    for sq, hidden, flag in stacks:
        mine = [u for u in new.stacks[sq] if (u >> U.OWNER_SHIFT) & 7 == q]
        top_kind = mine[-1] & U.TYPE
        if not flag and new.terrain[sq] != LAKE:
            for i in hidden:
                assigned[sq, i] = quiet.pop()
            continue
        top_besieges = top_kind not in NON_BESIEGING and top_kind != HORSES
        order = hidden[:]
        rng.shuffle(order)
        if flag and not top_besieges:
            needs_besieger.append((sq, order[0]))
            free.extend((sq, i) for i in order[1:])
        else:
            free.extend((sq, i) for i in order)
    rng.shuffle(free)
    for k in quiet:
        assigned[free.pop()] = k
    rest = free + needs_besieger
    rng.shuffle(rest)
    for k in loud:
        assigned[rest.pop()] = k
    # The rest are regular units, Generals only below Horses or Generals.
    for sq, hidden, _flag in stacks:
        stack = new.stacks[sq]
        mine = [i for i, u in enumerate(stack) if (u >> U.OWNER_SHIFT) & 7 == q]
        on_top_block = True
        for i in reversed(mine):
            u = stack[i]
            if (sq, i) in assigned:
                k = assigned[sq, i]
            elif i in hidden:
                k = _draw_regular(regular_left, on_top_block, rng)
            else:
                k = u & U.TYPE
            if i in hidden:
                stack[i] = (u & U.PUBLIC_MASK) | k
            if k not in (HORSES, GENERAL):
                on_top_block = False
    _pool_from(new, q, regular_left)


def _draw_regular(left: list[int], general_ok: bool, rng: random.Random) -> int:
    weights = [c if (general_ok or k != GENERAL) else 0 for k, c in enumerate(left)]
    if not any(weights):
        weights = left[:]
    k = rng.choices(range(REGULAR), weights)[0]
    left[k] -= 1
    return k


def _pool_from(new: OmringadState, q: int, left: list[int]) -> None:
    """What is neither on the board nor bought is in the pool; the purchases are redrawn."""
    new.pool[q] = left


def _pool_only(new: OmringadState, q: int) -> None:
    left = list(POOL)
    for stack in new.stacks:
        for u in stack:
            if (u >> U.OWNER_SHIFT) & 7 == q and u & U.TYPE < REGULAR:
                left[u & U.TYPE] -= 1
    new.pool[q] = left


def _redraw_pending(new: OmringadState, q: int, rng: random.Random) -> None:
    """The bought units waiting for the reinforcement: their number is public, not their
    types (drawn from the pool)."""
    count = len(new.pending[q])
    new.pending[q] = []
    pool = new.pool[q]
    for _ in range(count):
        if not any(pool):
            break
        k = rng.choices(range(REGULAR), pool)[0]
        pool[k] -= 1
        new.pending[q].append(k)


def _purchase(new: OmringadState, q: int, ready: bool, rng: random.Random) -> None:
    """During the purchase the others' buying is secret: a seat still buying has bought
    nothing yet in the sample; one that is done bought at random for its gold."""
    pool = new.pool[q]
    new.pending[q] = []
    new.spent[q] = 0
    new.steps[q] = []
    if not ready:
        return
    left = new.gold[q]
    while True:
        affordable = [k for k in range(REGULAR) if pool[k] and COST[k] <= left]
        if not affordable or rng.random() < 0.1:
            break
        k = rng.choice(affordable)
        pool[k] -= 1
        left -= COST[k]
        new.pending[q].append(k)
    new.spent[q] = new.gold[q] - left
