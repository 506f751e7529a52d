"""A rule-of-thumb player for Front: the heuristic bot, and the playout policy of search bots.

- **Remove** when a removal is possible, the enemy piece closest to scoring first (and one that
  threatens an own piece before one that does not).
- **Score** whenever a move ends in an enemy camp.
- Otherwise pick the move whose position is worth most by ``evaluate``: pieces further along
  are worth more, a piece that could score with the next roll a little more; a piece an enemy
  could remove next turn (two enemy lines converge on it, three if it is protected) counts as
  lost, one that a single more line would doom counts partly; an enemy piece the player could
  remove next turn counts in its favour.
- Back in the camp after a point, the piece goes where it is protected and its column is open.

It reads the state's cells directly and plays each candidate move on the cell list and back,
so it never clones a state.
"""

from __future__ import annotations

import random

from spelkvall.core import Action

from .board import OFF, PLAYERS
from .rules import DECIDE, MOVE, RETURN, FrontState

PIECE = 6.0
"""Worth of a piece on the board beyond its progress."""
PROGRESS = 1.0
"""Worth of each step closer to an enemy camp."""
SCORE = 60.0
"""Worth of a point (scored at once)."""
READY = 2.5
"""Extra worth of a piece that can score with one exact roll (free line, ≤ 6 steps)."""
DOOMED = 1.0
"""Share of its worth lost by a piece an enemy may remove next turn."""
EXPOSED = 0.2
"""Share lost by an unprotected piece that one enemy line already reaches."""
PREY = 0.35
"""Share of an enemy piece's worth gained when this player could remove it next turn."""


def _lines(state: FrontState, sq: int) -> tuple[int, int, int, int]:
    """Owners of the first piece in each of the four directions (-1: none)."""
    cells = state.cells
    rays = state.board.rays
    reach = state.reach
    out = [-1, -1, -1, -1]
    base = 4 * sq
    for d in range(4):
        for i, s in enumerate(rays[base + d]):
            if i >= reach:
                break
            v = cells[s]
            if v >= 0:
                out[d] = v
                break
    return out[0], out[1], out[2], out[3]


def _ready(state: FrontState, seat: int, sq: int) -> bool:
    """Whether the piece on ``sq`` has a free line of at most 6 steps into an enemy camp."""
    b = state.board
    dist = b.score_distance[seat][sq]
    if dist == 0 or dist > 6:
        return False
    # The shortest way is straight down an enemy column, or up the own column and across.
    d = 2 if b.owner[sq] != seat else 3
    cells = state.cells
    s = b.nxt[4 * sq + d]
    for _ in range(dist):
        if s == OFF or cells[s >> 2] >= 0:
            return False
        s = b.nxt[s]
    return True


def worth(state: FrontState, seat: int, sq: int) -> float:
    """A piece's worth: a base value plus its progress towards an enemy camp."""
    b = state.board
    return PIECE + PROGRESS * (2 * b.depth - 1 - b.score_distance[seat][sq])


def evaluate(state: FrontState, seat: int) -> float:
    """The position's worth for ``seat`` (higher is better), from the pieces' worth, risks and
    the removals the seat itself threatens."""
    total = 0.0
    for sq in state.pos[seat]:
        w = worth(state, seat, sq)
        first = _lines(state, sq)
        protected = seat in first
        risk = 0.0
        for enemy in range(PLAYERS):
            if enemy == seat:
                continue
            n = first.count(enemy)
            if n >= 3 or (n == 2 and not protected):
                risk = DOOMED
                break
            if n and not protected:
                risk = max(risk, EXPOSED * n)
            elif n == 2:
                risk = max(risk, EXPOSED)
        total += w * (1.0 - risk)
        if risk < DOOMED and _ready(state, seat, sq):
            total += READY
    for enemy in range(PLAYERS):
        if enemy == seat:
            continue
        for sq in state.pos[enemy]:
            first = _lines(state, sq)
            n = first.count(seat)
            if n >= 2 and (n >= 3 or enemy not in first):
                total += PREY * worth(state, enemy, sq)
    return total


def _remove_value(state: FrontState, sq: int) -> float:
    seat = state.current
    victim = state.cells[sq]
    value = worth(state, victim, sq)
    if _ready(state, victim, sq):
        value += READY * 2
    # A piece whose lines reach own pieces is the one that threatens them.
    value += 0.5 * sum(1 for owner in _lines(state, sq) if owner == seat)
    return value


def _return_value(state: FrontState, sq: int) -> float:
    seat = state.current
    state.cells[sq] = seat
    state.pos[seat].append(sq)
    try:
        return evaluate(state, seat)
    finally:
        state.pos[seat].pop()
        state.cells[sq] = -1


def score_moves(state: FrontState) -> list[float]:
    """A score per legal action of the player to act (same order as ``legal_actions``)."""
    seat = state.current
    b = state.board
    cells = state.cells
    pos = state.pos[seat]
    if state.phase == DECIDE:
        return [_remove_value(state, sq) if sq >= 0 else 0.0 for sq in state._plans]
    if state.phase == RETURN:
        return [_return_value(state, sq) for sq in state._plans]
    scores: list[float] = []
    for src, dst in state._plans:
        i = pos.index(src)
        cells[src] = -1
        if b.row[dst] == 0 and b.owner[dst] != seat:
            # The point is certain; the piece goes home, so the rest is judged without it.
            pos.pop(i)
            scores.append(SCORE + evaluate(state, seat))
            pos.insert(i, src)
        else:
            cells[dst] = seat
            pos[i] = dst
            scores.append(evaluate(state, seat))
            pos[i] = src
            cells[dst] = -1
        cells[src] = seat
    return scores


def choose(state: FrontState, rng: random.Random | None = None) -> Action | None:
    """The heuristic's choice for the player to act, or ``None`` at chance nodes and the end.

    Exact ties are broken by ``rng`` (the first such action without one), so playouts vary.
    """
    if state.phase not in (DECIDE, MOVE, RETURN):
        return None
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    scores = score_moves(state)
    best = max(scores)
    top = [i for i, s in enumerate(scores) if s == best]
    if len(top) == 1 or rng is None:
        return legal[top[0]]
    return legal[top[int(rng.random() * len(top))]]


__all__ = ["MOVE", "choose", "evaluate", "score_moves", "worth"]
