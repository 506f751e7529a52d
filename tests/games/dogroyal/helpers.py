"""Building DogRoyal positions by hand for the rule tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from spelkvall.core import CHANCE, Event, Seat
from spelkvall.games.dogroyal import GAME, DogOptions, DogState, Draw, Play
from spelkvall.games.dogroyal.board import CARD_INDEX, CARDS, GOAL0, RING
from spelkvall.games.dogroyal.rules import PLAY

NAMES = ("Anna", "Bertil", "Cecilia", "David")
K, R, B, N = range(4)  # King, Knight (Riddare), Citizen (Borgare), Fool (Narr)


def piece(seat: int, kind: int) -> int:
    return 4 * seat + kind


def goal(j: int) -> int:
    return GOAL0 + j


def new_game(n: int = 4, **options: object) -> DogState:
    return GAME.new_state([Seat(name) for name in NAMES[:n]], DogOptions(**options))  # type: ignore[arg-type]


def _take_from_deck(state: DogState, card: str) -> int:
    c = CARD_INDEX[card]
    assert state.deck[0][c] > 0, f"no {card} left in the deck"
    state.deck[0][c] -= 1
    state.deck_size -= 1
    return c


def thin_deck(state: DogState, size: int) -> None:
    """Move deck cards (lowest card first) to the bottom of the discard pile, so its top card
    stays, until ``size`` are left: the next deal or draw then meets a short deck."""
    while state.deck_size > size:
        c = next(c for c in range(len(state.deck[0])) if state.deck[0][c])
        state.deck[0][c] -= 1
        state.deck_size -= 1
        state.discard.insert(0, c)
        state.discard_counts[c] += 1


def stack_deck(state: DogState, cards: Iterable[str]) -> None:
    """Leave exactly ``cards`` in the deck (the rest goes under the discard pile, so its top
    card stays): the next deal takes these first, then the reshuffled pile."""
    keep = [0] * len(state.deck[0])
    for card in cards:
        keep[CARD_INDEX[card]] += 1
    while state.deck_size > sum(keep):
        c = next(c for c in range(len(keep)) if state.deck[0][c] > keep[c])
        state.deck[0][c] -= 1
        state.deck_size -= 1
        state.discard.insert(0, c)
        state.discard_counts[c] += 1
    assert state.deck[0] == keep, "the deck lacks some of these cards"


def position(
    pieces: Mapping[int, int] | None = None,
    hands: Mapping[int, Iterable[str]] | None = None,
    current: int = 0,
    discard: Iterable[str] = (),
    n: int = 4,
    round: int = 2,
    **options: object,
) -> DogState:
    """A state in the play phase: pieces where given (others in the kennel), these hands, this
    discard pile (bottom first), ``current`` to play. The cards come out of the deck."""
    state = new_game(n, **options)
    state.round = round
    state.starter = current
    state.dealer = (current - 1) % n
    for p, pos in (pieces or {}).items():
        state.pos[p] = pos
        if 0 <= pos < RING:
            assert state.occ[pos] == -1
            state.occ[pos] = p
    for seat, cards in (hands or {}).items():
        for card in cards:
            c = _take_from_deck(state, card)
            state.hands[seat][c] += 1
            state.hand_size[seat] += 1
    for card in discard:
        c = _take_from_deck(state, card)
        state.discard.append(c)
        state.discard_counts[c] += 1
        state.last_played = c  # the pile given is cards played, the last on top
    if options.get("cheat_enabled"):
        state.cheat_tokens = [1] * n
        state.accuse_tokens = [1] * n
    state.phase = PLAY
    state.current = current
    state._legal = None
    return state


def plays(state: DogState, card: str | None = None, piece: int | None = None) -> list[Play]:
    return [
        a
        for a in state.legal_actions()
        if isinstance(a, Play)
        and (card is None or a.card == card)
        and (piece is None or a.piece == piece)
    ]


def destinations(state: DogState, card: str, piece: int) -> set[int]:
    """Where ``piece`` can end up with ``card`` (forward, back, magnet and start moves)."""
    result = set()
    for a in plays(state, card, piece):
        plan = state.plan_of(a)
        assert plan is not None
        if a.move != "swap":
            result.add(plan[2])
    return result


def find(state: DogState, **fields: object) -> Play:
    """The one legal play whose fields match."""
    found = [a for a in plays(state) if all(getattr(a, k) == v for k, v in fields.items())]
    assert len(found) == 1, f"{len(found)} plays match {fields}: {found}"
    return found[0]


def deal(state: DogState, hands: Mapping[int, Iterable[str]]) -> list[Event]:
    """Script the deal: each seat gets these cards, in the dealing order (one at a time
    starting left of the dealer)."""
    queues = {s: list(cards) for s, cards in hands.items()}
    events: list[Event] = []
    while state.phase == 1:  # DEAL
        seat = state.deal_seat
        events += state.apply(Draw(queues[seat].pop(0)), CHANCE)
    return events


class PublicPile:
    """The discard pile as everybody at the table knows it, from the events alone: a card
    played goes on top, a hand laid down (no move, out of play, the end) or a forfeited card
    under it, and a reshuffle takes all but the top card (or all of it)."""

    def __init__(self, keeps_top: bool) -> None:
        self.pile: list[str] = []
        self.keeps_top = keeps_top

    def see(self, events: Sequence[Any]) -> None:
        for event in events:
            kind = event[0]
            if kind == "played":
                self.pile.append(event[2])
            elif kind in ("no_move", "laid_down"):
                self.pile[0:0] = list(event[2])
            elif kind == "forfeited":
                self.pile.insert(0, event[2])
            elif kind == "reshuffled":
                keep = 1 if self.keeps_top and self.pile else 0
                assert event[1] == len(self.pile) - keep
                self.pile = self.pile[len(self.pile) - keep :]

    def counts(self) -> dict[str, int]:
        return {c: self.pile.count(c) for c in CARDS}
