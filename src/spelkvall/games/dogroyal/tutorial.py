"""DogRoyal's guided first game ("Lär dig spela", ``core.tutorial``): the learner against one
easy computer, two players free-for-all (the shortest table the game has: no partner whose
pieces must come home too).

The first round is dealt so that a turn's choices come up at once: the learner places a piece,
then has a start card (13 or 1/11), the ±4 (forward, or four steps back from the start field:
the shortcut to the goal) and cards that move far. Every card is chosen from the position when
it is dealt or drawn on a special field: the learner's hand is planned card by card, each the
card that, with the hand so far, does most for the learner's pieces when the hand is played by
a learner who always takes the first choice offered (Enter, Enter, … on the page) and by a few
seeded ones who pick at random. So whatever the learner played before, the next hand fits, and
a special field landed on is worth a card more. A piece must go into its goal when it can (the
option ``goal_entry_optional`` off), so no run passes the goal by mistake.

The computer gets the small cards and never a start card while the deck holds others, so it
brings out only the piece it places: a real opponent on the board that cannot race the learner.
"""

from __future__ import annotations

import random

from spelkvall.core import Tutorial
from spelkvall.core.tutorial import Scripted

from .actions import Play
from .board import (
    C2,
    C3,
    C4,
    C5,
    C6,
    C8,
    C9,
    C10,
    C11,
    C12,
    C13,
    C17,
    CARD_INDEX,
    CARDS,
    GOAL0,
    KENNEL,
    MAGNET,
    NUM_CARDS,
    RING,
    SWAP,
)
from .phases import DEAL, DEALER, DRAW, PLAY
from .rules import HAND_SIZE, P_MOVE, P_START, P_SWAP, DogState

LEARNER = 0
RANDOM_LEARNERS = 6
"""How many learners who pick at random a planned hand is tried with (besides the one who
takes the first choice): enough to steer clear of hands that mostly go wrong."""
SPECIAL_BONUS = 10.0
"""A special field landed on draws a card, one play more this round: worth some steps."""
COMPUTER_CARDS: tuple[int, ...] = (C2, C3, C9, C5, C6, C12, C10, C8, C17, C4, MAGNET, SWAP)
"""The computer's cards while it has a piece on the track, in order of preference: short
steps first. Never a start card nor an = (it may copy one), so that it brings out no piece
but the one it places and cannot win the guided game."""
IDLE_CARDS: tuple[int, ...] = (SWAP, MAGNET, C9, C12, C10, C3, C2, C8, C6, C5, C17, C4)
"""The computer's cards while it has no piece on the track (it cannot play any): first the
cards the learner needs least, so that the deck keeps the learner's."""
LEARNER_CARDS: tuple[int, ...] = (C13, C11, C4, C8, C17, C6, C5, C10, C12, C2, C3, MAGNET, SWAP)
"""The cards the learner's hands are planned from, in order of preference on a tie."""

TUTORIAL = Tutorial(
    computers=("easy",),
    kinds=("place", "play", "jump"),
    # One opponent: two players play free-for-all, four pieces each, no partner to wait for.
    options={"goal_entry_optional": False},
)


def outcome(state: DogState, drawn: int) -> Scripted | None:
    """The guided game's ``drawn``-th chance outcome: the learner starts (the computer deals
    the first round), and every card is chosen from the position (``None``: the seed
    decides, when no planned card is left in the deck)."""
    if state.phase == DEALER:
        return {"seat": 1}  # the dealer's left neighbour starts: the learner
    if state.phase == DEAL:
        seat = state.deal_seat
    elif state.phase == DRAW:
        seat = state.draw_seat
    else:
        return None
    deck = state.deck[0]
    if seat != LEARNER:
        on_track = any(0 <= state.pos[p] < GOAL0 for p in range(4 * seat, 4 * seat + 4))
        cards = COMPUTER_CARDS if on_track or state.round <= 1 else IDLE_CARDS
        card = next((c for c in cards if deck[c]), -1)
    elif state.phase == DEAL:
        plan = plan_hand(state, HAND_SIZE)
        k = state.hand_size[LEARNER]
        card = plan[k] if k < len(plan) and deck[plan[k]] else _any(deck)
    else:
        plan = plan_hand(state, 1)
        card = plan[0] if plan and deck[plan[0]] else _any(deck)
    return {"card": CARDS[card]} if card >= 0 else None


def _any(deck: list[int]) -> int:
    return next((c for c in LEARNER_CARDS if deck[c]), -1)


def plan_hand(state: DogState, size: int) -> list[int]:
    """The learner's next ``size`` cards, chosen one by one from the cards still in the deck
    (and, during a deal, those already dealt to the learner this round, so the plan is the
    same at every card of one deal). Each is the card that, added to the hand so far, does
    most for the learner's pieces when the hand is played by a learner who always takes the
    first choice offered (the keyboard's Enter, Enter, Enter) and by a few who pick at random
    (seeded: the plan is the same each time it is made)."""
    dealing = state.phase == DEAL
    left = [
        state.deck[0][c] + (state.hands[LEARNER][c] if dealing else 0) for c in range(NUM_CARDS)
    ]
    held = [0] * NUM_CARDS if dealing else state.hands[LEARNER][:]
    board = state.clone()
    base = 4 * LEARNER
    if board.round <= 1 and all(board.pos[p] == KENNEL for p in range(base, base + 4)):
        # The deal comes before the placement: plan for the King on the start field, the
        # piece the first choice places and the fewest cards can move.
        _put(board, base, board.start[LEARNER])
    plan: list[int] = []
    for _ in range(size):
        choice, choice_value = -1, float("-inf")
        for card in LEARNER_CARDS:
            if not left[card]:
                continue
            held[card] += 1
            value = _played(board, held, None)
            for k in range(RANDOM_LEARNERS):
                value += _played(board, held, random.Random(k)) / RANDOM_LEARNERS
            held[card] -= 1
            if value > choice_value:
                choice, choice_value = card, value
        if choice < 0:
            break
        plan.append(choice)
        left[choice] -= 1
        held[choice] += 1
    return plan


def _played(board: DogState, held: list[int], rng: random.Random | None) -> float:
    """The learner's score after playing the hand ``held`` on ``board``: each time the first
    play offered (``rng`` None) or one at random."""
    trial = board.clone()
    hand = held[:]
    trial.phase = PLAY
    trial.current = LEARNER
    bonus = 0.0
    for _ in range(sum(hand)):
        trial.hands[LEARNER] = hand[:]
        trial.hand_size[LEARNER] = sum(hand)
        trial._legal = None
        actions, plans = trial.planned()
        if not actions:
            break
        i = 0 if rng is None else rng.randrange(len(actions))
        action = actions[i]
        if not isinstance(action, Play):
            break  # an accusation (cheat house rule, off here) plays no card
        hand[CARD_INDEX[action.card]] -= 1
        plan = plans[i]
        _make(trial, plan)
        if plan[0] == P_MOVE and plan[2] < GOAL0 and trial.special[plan[2]]:
            bonus += SPECIAL_BONUS  # a card drawn: one more play this round
    return _score(trial) + bonus


def _score(state: DogState) -> float:
    """The learner's pieces: home deep in the goal best, then near the goal on the track."""
    total = 0.0
    start = state.start[LEARNER]
    for piece in range(4 * LEARNER, 4 * LEARNER + 4):
        p = state.pos[piece]
        if p == KENNEL:
            total -= 20
        elif p >= GOAL0:
            total += 100 + 5 * (p - GOAL0)
        else:
            total += (p - start) % RING
    return total


def _put(state: DogState, piece: int, field: int) -> None:
    old = state.pos[piece]
    if 0 <= old < GOAL0:
        state.occ[old] = -1
    if field < GOAL0:
        other = state.occ[field]
        if other >= 0 and other != piece:
            state.pos[other] = KENNEL
        state.occ[field] = piece
    state.pos[piece] = field
    state._legal = None


def _make(state: DogState, plan: tuple[int, ...]) -> None:
    """The board after a planned play (no cards, no turn: only where the pieces stand)."""
    kind, piece = plan[0], plan[1]
    if kind == P_SWAP:
        a, b = state.pos[piece], state.pos[plan[2]]
        state.pos[piece], state.pos[plan[2]] = b, a
        state.occ[a], state.occ[b] = plan[2], piece
        state._legal = None
    elif kind in (P_START, P_MOVE):
        _put(state, piece, plan[2])


__all__ = ["LEARNER", "TUTORIAL", "outcome", "plan_hand"]
