"""A fast rule-of-thumb policy for Fia: the heuristic bot, and the playout policy of search bots.

Each legal move is scored in "squares of progress" without cloning the state: it reads the
planned moves of the roll (``FiaState._plans``, the same plans ``move_preview`` reports) and the
board. A piece is worth the squares it has come (more in the safe lane); a move is worth what
it adds, a little extra for bringing a piece out, plus the worth of any piece it knocks out,
minus the expected loss where it is left standing within reach of opponents (1..6 squares
behind it, or their entry squares while they have pieces in the nest), plus the expected loss
it escapes by leaving its square.
"""

from __future__ import annotations

import random

from spelkvall.core import Action

from .board import COLOURS, FIRST_LANE, GOAL, NEST, START_SQUARES, TRACK_LENGTH, UNIVERSAL
from .rules import FiaState

ENTER_BONUS = 3.0
"""Extra worth of bringing a piece out: it no longer needs a 1 or a 6. Kept small on purpose:
racing the pieces already out beats emptying the nest. Measured over 3 000 games against three
random bots: valuing every piece on the board 10 squares more (entering, risk and knockouts)
won 46-48 %; this bonus of 3 on entering only won 54 %."""
LANE_BONUS = 8.0
"""The middle lane is safe: a piece there can never be knocked out."""
GOAL_BONUS = 4.0
THREAT = 0.3
"""Expected share of a piece lost per opponent piece (or nest) that can reach it next round;
a little above 1/6 because several opponents roll before this player moves again."""
KNOCK_WEIGHT = 1.0
"""How much an opponent's loss counts against one's own gain."""

_ENTRY_OFFSETS = (0, 5)
"""Squares an opponent's nest piece reaches in one roll: its start square (1) and square 6."""


def piece_value(local_pos: int) -> float:
    """The worth of a piece at a local position, in squares of progress."""
    if local_pos == NEST:
        return 0.0
    if local_pos == GOAL:
        return GOAL + LANE_BONUS + GOAL_BONUS
    if local_pos >= FIRST_LANE:
        return local_pos + LANE_BONUS
    return float(local_pos)


def threats(state: FiaState, colour: int, square: int) -> int:
    """How many opponent pieces (and nests) can land on universal ``square`` with one roll.

    A track piece threatens the squares 1..6 ahead of it that are still on its own lap; a
    colour with a piece in the nest threatens its start square and its sixth square.
    """
    pos = state.pos
    occ = state.occ
    seat_of = state.seat_of
    finished = state.finished
    count = 0
    for back in range(1, 7):
        src = (square - back) % TRACK_LENGTH
        other = occ[src]
        if other < 0 or other == colour:
            continue
        # The square must come later on the attacker's lap, not past its lane entrance.
        if (src - START_SQUARES[other]) % TRACK_LENGTH < (
            square - START_SQUARES[other]
        ) % TRACK_LENGTH:
            count += 1
    for other in range(len(COLOURS)):
        if other == colour:
            continue
        seat = seat_of[other]
        if seat < 0 or seat in finished:
            continue
        offset = (square - START_SQUARES[other]) % TRACK_LENGTH
        if offset in _ENTRY_OFFSETS and NEST in pos[4 * other : 4 * other + 4]:
            count += 1
    return count


def _risk(state: FiaState, colour: int, local_pos: int) -> float:
    """Expected loss of a piece standing at ``local_pos`` until this player moves again."""
    square = UNIVERSAL[colour][local_pos]
    if square < 0:
        return 0.0
    n = threats(state, colour, square)
    return min(1.0, THREAT * n) * piece_value(local_pos) if n else 0.0


def score_moves(state: FiaState) -> list[float]:
    """A score per legal action of the player to move (same order as ``legal_actions``)."""
    colour = state.colour_of[state.current]
    table = UNIVERSAL[colour]
    pos = state.pos
    occ = state.occ
    scores: list[float] = []
    for pieces, dest in state._plans:
        n = len(pieces)
        src = pos[pieces[0]]
        gain = n * (piece_value(dest) - piece_value(src))
        if src == NEST:
            gain += n * ENTER_BONUS
        gain += n * (_risk(state, colour, src) - _risk(state, colour, dest))
        square = table[dest]
        if square >= 0:
            other = occ[square]
            if other >= 0 and other != colour:
                other_table = UNIVERSAL[other]
                for j in range(4 * other, 4 * other + 4):
                    if other_table[pos[j]] == square:
                        gain += KNOCK_WEIGHT * piece_value(pos[j])
        scores.append(gain)
    return scores


def choose(state: FiaState, rng: random.Random | None = None) -> Action | None:
    """The heuristic's move for the player to act, or ``None`` when no player move is pending.

    Exact ties are broken by ``rng`` (the first such move without one), so playouts vary.
    """
    legal = state.legal_actions()
    if not legal or state.is_chance():
        return None
    if len(legal) == 1:
        return legal[0]
    scores = score_moves(state)
    best = max(scores)
    top = [i for i, s in enumerate(scores) if s == best]
    if len(top) == 1 or rng is None:
        return legal[top[0]]
    return legal[top[int(rng.random() * len(top))]]
