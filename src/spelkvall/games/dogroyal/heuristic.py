"""DogRoyal's heuristic player: scores every legal action by what it does on the board.

It reads only the board, the own hand and the legal actions, never another hand or the deck:
the heuristic bot hands it a state sampled from its own view, and the score does not depend on
anything the sample made up.
"""

from __future__ import annotations

import random

from spelkvall.core import Action

from .actions import Give, Jump, Place, Play
from .board import C11, C13, CARD_INDEX, COPY, GOAL0, KENNEL, KING, KNIGHT, MAGNET, RING, SWAP
from .rules import P_ACCUSE, P_START, P_SWAP, DogState

KENNEL_VALUE = -20
GOAL_BONUS = 40
CARD_COST = {C11: 6, C13: 5, COPY: 3, SWAP: 3, MAGNET: 2, CARD_INDEX["1-7"]: 3, CARD_INDEX["4"]: 2}


def progress(state: DogState, piece: int, pos: int) -> int:
    """How far a piece has come: kennel < start field (0) < ... < 63 < goal fields."""
    if pos == KENNEL:
        return KENNEL_VALUE
    if pos >= GOAL0:
        return RING + GOAL_BONUS + 4 * (pos - GOAL0)
    return (pos - state.start[piece >> 2]) % RING


def threat(state: DogState, piece: int, field: int) -> int:
    """Opponent pieces that could land on ``field`` with one card (1..13 fields behind)."""
    if state.start[piece >> 2] == field:
        return 0  # blocked: nobody can hit it there
    team = state.team_of(piece >> 2)
    king = piece & 3 == KING
    occ = state.occ
    count = 0
    for d in range(1, 14):
        other = occ[field - d]  # negative indices wrap round the ring
        if other >= 0 and other >> 2 not in team and (not king or other & 3 == KING):
            count += 1
    return count


def score_play(state: DogState, seat: int, action: Play, plan: tuple[int, ...]) -> float:
    team = state.team_of(seat)
    kind = plan[0]
    piece = plan[1]
    card = CARD_INDEX[action.card]
    value = -CARD_COST.get(card, 0) + (action.cheat * 0.0)
    if kind == P_START:
        field = plan[2]
        value += 30 - 3 * sum(
            1 for q in range(4 * (piece >> 2), 4 * (piece >> 2) + 4) if 0 <= state.pos[q] < GOAL0
        )
        value += 4 if piece & 3 == KNIGHT else 0
        other = state.occ[field]
        if other >= 0:
            value += 15 + progress(state, other, state.pos[other])
        return value
    if kind == P_SWAP:
        other = plan[2]
        a, b = state.pos[piece], state.pos[other]
        mine = progress(state, piece, b) - progress(state, piece, a)
        theirs = progress(state, other, a) - progress(state, other, b)
        sign = -1 if other >> 2 in team else 1
        return (
            value + mine - sign * theirs + 2 * (threat(state, piece, a) - threat(state, piece, b))
        )
    if kind == P_ACCUSE:
        return -100.0  # nobody knows who cheated; an accusation is a gamble the bot skips
    src = state.pos[piece]
    dest = plan[2]
    value += progress(state, piece, dest) - progress(state, piece, src)
    if dest < GOAL0:
        other = state.occ[dest]
        if other >= 0 and other != piece:
            hurt = 15 + progress(state, other, state.pos[other])
            value += -hurt if other >> 2 in team else hurt
        value -= 3 * threat(state, piece, dest)
        if state.special[dest]:
            value += 4
    if 0 <= src < GOAL0:
        value += 3 * threat(state, piece, src)
    return value


def choose(state: DogState, seat: int, rng: random.Random) -> Action:
    legal = list(state.legal_actions(seat))
    first = legal[0]
    if isinstance(first, Give):
        return choose_gift(state, seat, legal)
    if isinstance(first, Place):
        return next((a for a in legal if isinstance(a, Place) and a.piece & 3 == KNIGHT), first)
    if isinstance(first, Jump):
        piece = state.jump_piece
        src = state.pos[piece]
        dest = state._jump_target(piece)
        gain = progress(state, piece, dest) - progress(state, piece, src)
        return next((a for a in legal if isinstance(a, Jump) and a.jump == (gain > 0)), first)
    best: Action = first
    best_value = float("-inf")
    actions, plans = state.planned()
    for action, plan in zip(actions, plans, strict=True):
        if not isinstance(action, Play):
            continue
        value = score_play(state, seat, action, plan) + rng.random() * 0.01
        if value > best_value:
            best, best_value = action, value
    return best


def choose_gift(state: DogState, seat: int, legal: list[Action]) -> Action:
    """A start card when the partner has nothing on the track, else the least useful card."""
    partner = state.partner[seat]
    ctrl = state.controls(partner)
    on_track = any(0 <= state.pos[q] < GOAL0 for q in range(4 * ctrl, 4 * ctrl + 4))
    gifts = [a for a in legal if isinstance(a, Give)]
    if not on_track:
        for a in gifts:
            if CARD_INDEX[a.card] in (C11, C13):
                return a
    return min(gifts, key=lambda a: (CARD_COST.get(CARD_INDEX[a.card], 0), CARD_INDEX[a.card]))
