"""The auction (§B7), from round 2 on: the initiative holder draws a special unit from the cup
and the players bid gold for it, open (raise or drop, in turn order) or sealed (an option: all
bid at once, ties to the earliest from the holder). The winner places it (the Dragon goes
neutral onto open country); an unsold special goes back to the cup. Then the purchase."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from spelkvall.core import Action, Event
from spelkvall.core.turns import next_player, players_in_order

from . import purchase
from . import units as U
from .actions import DROP, PLACE_SPECIALS, Bid, Drop, PlaceSpecial, SealedBid, bid, sealed
from .board import BARE, DRAGON, FOREST, MOUNTAIN, REGULAR
from .phases import AU_BID, AU_DRAW, AU_PLACE, AU_SEALED, AUCTION

if TYPE_CHECKING:
    from .rules import OmringadState


def start(state: OmringadState, events: list[Event]) -> None:
    """Open the auction, or go straight to the purchase when there is none."""
    state.phase = AUCTION
    state.au_special = -1
    if state.round == 1 or not state.cup:
        # §B14: no auction in round 1; §B7: none when the cup is empty.
        purchase.start(state, events)
        return
    state.au_stage = AU_DRAW


def drawn(state: OmringadState, special: int) -> list[Event]:
    """Chance drew ``special`` from the cup: the bidding opens among those who can place it."""
    state.cup.remove(special - REGULAR)
    state.au_special = special
    events: list[Event] = [("drawn", state.holder, special)]
    eligible = [state.can_place_special(p, special) for p in range(state.n)]
    if not any(eligible):
        events.append(("no_bids", special))
        _unsold(state, events)
        return events
    state.au_price = 0
    state.au_leader = -1
    if state.options.auction == "sealed":
        state.au_stage = AU_SEALED
        state.au_bids = [-1 if e else 0 for e in eligible]
        state.ready = [not e for e in eligible]
        return events
    state.au_stage = AU_BID
    state.au_active = eligible
    state.current = state.holder
    _auto_drop(state, events)
    return events


def _unsold(state: OmringadState, events: list[Event]) -> None:
    state.cup.add(state.au_special - REGULAR)
    state.au_special = -1
    purchase.start(state, events)


def _next_bidder(state: OmringadState, after: int) -> int:
    nxt = next_player(
        after,
        state.n,
        lambda s: state.au_active[s] and s != state.au_leader,
        order=state.order,
    )
    return -1 if nxt is None else nxt


def _auto_drop(state: OmringadState, events: list[Event]) -> None:
    """Hand the turn on; a bidder who cannot raise drops out by itself; the auction ends
    when only the leader is left (or nobody, when nobody bid)."""
    while True:
        others = [s for s in range(state.n) if state.au_active[s] and s != state.au_leader]
        if not others:
            if state.au_leader < 0:
                events.append(("no_bids", state.au_special))
                _unsold(state, events)
            else:
                _won(state, state.au_leader, state.au_price, events)
            return
        if state.current not in others:
            state.current = _next_bidder(state, state.current)
        if state.gold[state.current] > state.au_price:
            return
        state.au_active[state.current] = False
        events.append(("dropped", state.current))
        state.current = _next_bidder(state, state.current)


def _won(state: OmringadState, seat: int, price: int, events: list[Event]) -> None:
    state.gold[seat] -= price
    events.append(("won_auction", seat, state.au_special, price))
    state.au_stage = AU_PLACE
    state.current = seat


def legal(state: OmringadState, p: int) -> Sequence[Action]:
    if state.au_stage == AU_BID:
        return [DROP, *(bid(a) for a in range(state.au_price + 1, state.gold[p] + 1))]
    if state.au_stage == AU_SEALED:
        return [sealed(a) for a in range(0, state.gold[p] + 1)]
    return [PLACE_SPECIALS[sq] for sq in state.special_squares(p, state.au_special)]


def apply(state: OmringadState, action: Action, p: int) -> list[Event]:
    events: list[Event] = []
    if isinstance(action, Bid):
        state.au_price = action.amount
        state.au_leader = p
        events.append(("bid", p, action.amount))
        state.current = p
        _auto_drop(state, events)
    elif isinstance(action, Drop):
        state.au_active[p] = False
        events.append(("dropped", p))
        state.current = p
        _auto_drop(state, events)
    elif isinstance(action, SealedBid):
        state.au_bids[p] = action.amount
        state.ready[p] = True
        events.append(("sealed_bid", p))
        if all(state.ready):
            _sealed_result(state, events)
    elif isinstance(action, PlaceSpecial):
        special = state.au_special
        owner = U.NEUTRAL if special == DRAGON else p
        state.add_units(action.square, [U.make(special, owner)])
        events.append(("placed_special", p, special, action.square))
        state.au_special = -1
        purchase.start(state, events)
    return events


def _sealed_result(state: OmringadState, events: list[Event]) -> None:
    bids = state.au_bids
    events.append(("sealed_bids", tuple(bids)))
    best = max(bids)
    if best <= 0:
        events.append(("no_bids", state.au_special))
        _unsold(state, events)
        return
    # Ties go to the player earliest in turn order from the initiative holder.
    for seat in players_in_order(state.holder, state.n, order=state.order):
        if bids[seat] == best:
            _won(state, seat, best, events)
            return


def special_squares(state: OmringadState, seat: int, special: int) -> list[int]:
    """Where ``seat`` may put a special won at auction (§B7): a castle or village it
    controls, ignoring siege; the Dragon on any mountain, forest or bare square free of
    units."""
    if special == DRAGON:
        return [
            sq
            for sq in range(len(state.terrain))
            if state.terrain[sq] in (MOUNTAIN, FOREST, BARE) and not state.stacks[sq]
        ]
    return [sq for sq in range(len(state.terrain)) if state.settlement_ok(sq, seat)]
