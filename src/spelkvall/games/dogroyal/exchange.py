"""Between the deal and the first turn of a round: the partners' exchange of one card each
(§4, teams only) and the first round's placement of a piece on each start field (an option).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spelkvall.core import Event

from . import deck
from .board import CARDS
from .phases import GAVE

if TYPE_CHECKING:
    from .rules import DogState


def give(state: DogState, seat: int, card: int) -> list[Event]:
    """``seat`` sets ``card`` aside for its partner; once both of a pair have, they swap."""
    state.hands[seat][card] -= 1
    state.hand_size[seat] -= 1
    state.gives[seat] = card
    events: list[Event] = [("chose", seat)]
    partner = state.partner[seat]
    if 0 <= state.gives[partner] < GAVE:
        mine, theirs = state.gives[seat], state.gives[partner]
        deck.give_card(state, partner, mine)
        deck.give_card(state, seat, theirs)
        state.gift_known[seat] = mine
        state.gift_known[partner] = theirs
        state.gives[seat] = state.gives[partner] = GAVE
        events.append(("exchanged", min(seat, partner), max(seat, partner)))
        # Private to the receiver (DogRoyal.event_for): what came from the partner.
        events.append(("received", seat, CARDS[theirs], partner))
        events.append(("received", partner, CARDS[mine], seat))
    if all(g >= 0 for g in state.gives):
        state.gives = [-1] * state.n
        events += state._after_exchange()
    return events


def place(state: DogState, piece: int) -> list[Event]:
    """The player to act puts ``piece`` on its start field (first-round placement)."""
    seat = state.current
    field = state.start[seat]
    state.pos[piece] = field
    state.occ[field] = piece
    events: list[Event] = [("placed", seat, piece)]
    state.place_left -= 1
    if state.place_left:
        state.current = (seat + 1) % state.n
        events.append(("place_turn", state.current))
        return events
    return events + state._begin_turn(state.starter)
