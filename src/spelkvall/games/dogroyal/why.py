"""Why a card in the hand cannot be played now: a reason code per unplayable card, for the seat
whose turn it is (the view's ``why_not``; the words are ``dogroyal.why.<code>`` in
``texts.py``). Only the own hand and the public table go in, so the reasons tell nothing a
view does not show already.

The codes, tried in this order:

- ``copy_none``: an = with no card played to copy (none yet, or a reshuffle took it);
- ``copy_copy``: an = after an = (it copies the card, and that card is an =);
- ``copy_round``: an = with nothing played this round (``copy_across_rounds`` off);
- ``kennel``: every piece the player moves is in the kennel, and the card starts none;
- ``start_taken``: a start card, the player's own piece stands on the start field (so none
  comes out), and no piece on the track can use the card's number either;
- ``king``: the pieces out are Kings only, and the King may not use this card (crossed crown);
- ``goal``: the pieces out are all in the goal and cannot move so far without jumping;
- ``swap``: no own track piece and no other piece on the track to swap with (blocked start
  fields do not count);
- ``magnet``: no piece ahead to be drawn to (or it stands right in front);
- ``blocked``: the way is barred: a blocked start field, a piece of higher rank, or the goal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Play
from .board import C11, C13, CARDS, COPY, GOAL0, KENNEL, KING, KING_MAY_RUN, MAGNET, SWAP
from .phases import PLAY

if TYPE_CHECKING:
    from .rules import DogState


def why_not(state: DogState, seat: int) -> dict[str, str]:
    """``{card: code}`` for every card in ``seat``'s hand that has no legal play now; empty
    unless it is ``seat``'s turn to play a card."""
    if state.phase != PLAY or state.current != seat:
        return {}
    hand = state.hands[seat]
    legal, _ = state.planned()
    playable = {a.card for a in legal if isinstance(a, Play)}
    reasons: dict[str, str] = {}
    for card in range(len(hand)):
        if hand[card] and CARDS[card] not in playable:
            reasons[CARDS[card]] = _reason(state, seat, card)
    return reasons


def _reason(state: DogState, seat: int, card: int) -> str:
    if card == COPY:
        last = state.last_played
        if last < 0:
            return "copy_none"
        if last == COPY:
            return "copy_copy"
        if state.copy_target() < 0:
            return "copy_round"
        card = last
    ctrl = state.controls(seat)
    pieces = range(4 * ctrl, 4 * ctrl + 4)
    out = [p for p in pieces if state.pos[p] != KENNEL]
    start_card = card in (C11, C13)
    if not out:
        return "kennel"  # (a start card is always playable from a full kennel)
    if start_card and any(state.pos[p] == KENNEL for p in pieces):
        occupant = state.occ[state.start[ctrl]]
        if occupant >= 0 and occupant >> 2 == ctrl:
            return "start_taken"
    if card == SWAP:
        return "swap"
    if card == MAGNET:
        return "magnet"
    kings_only = all(p & 3 == KING for p in out)
    if kings_only and (not KING_MAY_RUN[card] or (card == C11 and not state.options.king_uses_one)):
        return "king"
    if all(state.pos[p] >= GOAL0 for p in out):
        return "goal"
    return "blocked"
