"""The cards off the board: the deck, the hands and the discard pile (§4).

The deck is a multiset, not a sequence: every card is drawn by a chance node (``Draw``) when it
is needed, so no deck order exists anywhere. ``state.deck`` is a list of segments, each the
count of every card, top first, because a reshuffled discard pile goes *under* the cards still
left; ``state.deck_size`` is their total. ``state.discard`` is the pile bottom first (its top
is what = copies) and ``state.discard_counts`` the same cards counted. ``rules.py`` decides
when cards move; these functions say how.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spelkvall.core import Action, Event, IllegalAction

from .actions import DRAWS, Draw
from .board import CARD_INDEX, CARDS, NUM_CARDS

if TYPE_CHECKING:
    from .rules import DogState


def draw_outcomes(state: DogState) -> list[tuple[Action, float]]:
    """The cards the next draw may bring, each with its probability: the top segment's."""
    top = state.deck[0]
    total = sum(top)
    return [(DRAWS[c], k / total) for c, k in enumerate(top) if k]


def sample_draw(state: DogState, rng: Any) -> Action:
    """One draw from the top segment, as :func:`draw_outcomes` weighs them."""
    top = state.deck[0]
    r = int(rng.random() * sum(top))
    for c, k in enumerate(top):
        if r < k:
            return DRAWS[c]
        r -= k
    raise AssertionError("deck segment counts are off")


def draw(state: DogState, action: Action, seat: int) -> None:
    """The card a ``Draw`` outcome names goes from the deck into ``seat``'s hand; raise
    ``IllegalAction`` (and change nothing) when the top segment holds no such card."""
    if type(action) is not Draw:
        raise IllegalAction("error.illegal_action", f"{action!r} is not a card draw")
    card = CARD_INDEX.get(action.card, -1)
    top = state.deck[0]
    if card < 0 or not top[card]:
        raise IllegalAction("error.illegal_action", f"{action!r} is not in the deck")
    top[card] -= 1
    state.deck_size -= 1
    if state.deck_size and not sum(top):
        state.deck.pop(0)
    # give_card's body, not a call: every dealt card passes here.
    state.hands[seat][card] += 1
    state.hand_size[seat] += 1
    state._legal = None


def reshuffle(state: DogState) -> list[Event]:
    """The discard pile (except its top card, §4) goes under the deck."""
    keep = 1 if state.options.reshuffle_keeps_top and state.discard else 0
    moved = state.discard[: len(state.discard) - keep]
    if not moved:
        return []
    segment = [0] * NUM_CARDS
    for c in moved:
        segment[c] += 1
        state.discard_counts[c] -= 1
    state.discard = state.discard[len(moved) :]
    if not state.discard:
        state.last_played = -1  # the card = would copy went into the deck
    state.round_discard_start = 0
    if state.deck_size:
        state.deck.append(segment)
    else:
        # An empty deck may still hold an emptied segment; the pile replaces it.
        state.deck = [segment]
    state.deck_size += len(moved)
    return [("reshuffled", len(moved))]


def give_card(state: DogState, seat: int, card: int) -> None:
    """``card`` goes into ``seat``'s hand (dealt, drawn or passed by the partner)."""
    state.hands[seat][card] += 1
    state.hand_size[seat] += 1
    state._legal = None


def discard_played(state: DogState, seat: int, card: int) -> None:
    """``seat`` plays ``card`` from its hand face up onto the discard pile."""
    state.hands[seat][card] -= 1
    state.hand_size[seat] -= 1
    state._legal = None
    state.discard.append(card)
    state.discard_counts[card] += 1
    state.last_played = card
    _forget_gift(state, seat, card)


def discard_under(state: DogState, seat: int, card: int) -> None:
    """``card`` leaves ``seat``'s hand face up *under* the pile, like a discarded hand, so the
    top card (what = copies) stays on top."""
    state.hands[seat][card] -= 1
    state.hand_size[seat] -= 1
    state._legal = None
    state.discard.insert(0, card)
    state.discard_counts[card] += 1
    state.round_discard_start += 1
    _forget_gift(state, seat, card)


def discard_hand(state: DogState, seat: int) -> tuple[str, ...]:
    """``seat``'s whole hand goes face up under the pile (§5.1.5); the cards shown."""
    hand = state.hands[seat]
    shown: list[int] = []
    for c in range(NUM_CARDS):
        shown += [c] * hand[c]
        state.discard_counts[c] += hand[c]
        hand[c] = 0
    # Under the pile: the top card (what = copies) stays on top.
    state.discard[0:0] = shown
    state.round_discard_start += len(shown)
    state.hand_size[seat] = 0
    state._legal = None
    _forget_gift(state, seat, -1)
    return tuple(CARDS[c] for c in shown)


def _forget_gift(state: DogState, seat: int, card: int) -> None:
    """``seat`` played ``card`` (-1: lost its hand): a giver no longer knows it holds it."""
    for g in range(state.n):
        known = state.gift_known[g]
        if state.partner[g] == seat and known >= 0 and (card < 0 or known == card):
            state.gift_known[g] = -1
