"""Högsta budet (sealed bids): the smallest game that uses the whole engine contract.

Every player holds the cards 1..n. Each round chance turns up a prize card; then all players
bid one of their cards at the same time, unseen by the others. The highest bid wins the prize's
points (a tie for the highest wins nothing) and the bids are spent. After n rounds the most
points wins. Chance, simultaneous moves and hidden information in under 200 lines; it is the
example in ``docs/engine.md`` and runs the conformance checks in ``test_example_game.py``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from spelkvall.core import CHANCE, Action, Event, Game, IllegalAction, Result, Seat, State
from spelkvall.core.i18n import DEFAULT_LANGUAGE, register, t

register(
    {
        "bid.title": ("Högsta budet", "Sealed bids"),
        "bid.option.cards": ("Antal kort per spelare", "Cards per player"),
        "bid.action.prize": ("Vänd pris {card}", "Turn up prize {card}"),
        "bid.action.bid": ("Bjud {card}", "Bid {card}"),
        "bid.event.prize": ("Priset är värt {card}.", "The prize is worth {card}."),
        "bid.event.bid": ("{name} har lagt sitt bud.", "{name} has placed a bid."),
        "bid.event.reveal": ("Buden: {bids}.", "The bids: {bids}."),
        "bid.event.won": (
            "{name} vinner {card} med budet {bid}.",
            "{name} wins {card} bidding {bid}.",
        ),
        "bid.event.tie": (
            "Lika bud ({bid}): ingen får {card}.",
            "Tied bids ({bid}): nobody gets {card}.",
        ),
    }
)


@dataclass(frozen=True, slots=True)
class Prize(Action):
    kind: ClassVar[str] = "prize"
    game: ClassVar[str] = "bid"
    card: int


@dataclass(frozen=True, slots=True)
class Bid(Action):
    kind: ClassVar[str] = "bid"
    game: ClassVar[str] = "bid"
    card: int


@dataclass(frozen=True)
class BidOptions:
    cards: int = 5


class BidState(State):
    def __init__(self, seats: tuple[Seat, ...], options: BidOptions) -> None:
        n = len(seats)
        self.hands = [list(range(1, options.cards + 1)) for _ in range(n)]  # cards not yet shown
        self.bids = [0] * n  # a pending bid stays secret (and in the hand) until all have bid
        self.scores = [0] * n
        self.prizes = list(range(1, options.cards + 1))
        self.prize = 0  # 0: chance turns up the next prize

    @property
    def num_players(self) -> int:
        return len(self.scores)

    def players_to_act(self) -> tuple[int, ...]:
        if self.prize == 0:
            return ()
        return tuple(p for p, b in enumerate(self.bids) if b == 0)

    def is_chance(self) -> bool:
        return self.prize == 0 and bool(self.prizes)

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        if not self.is_chance():
            return ()
        return [(Prize(c), 1 / len(self.prizes)) for c in self.prizes]

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.is_chance():
            return [Prize(c) for c in self.prizes] if player in (None, CHANCE) else []
        to_act = self.players_to_act()
        if player is None and len(to_act) == 1:
            player = to_act[0]
        return [Bid(c) for c in self.hands[player]] if player in to_act else []

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        if player is None and len(self.players_to_act()) == 1:
            player = self.players_to_act()[0]
        if action not in self.legal_actions(player):
            raise IllegalAction("error.illegal_action", f"{action!r} by {player} is not legal")
        if isinstance(action, Prize):
            self.prizes.remove(action.card)
            self.prize = action.card
            return [("prize", action.card)]
        assert isinstance(action, Bid) and player is not None
        self.bids[player] = action.card
        events: list[Event] = [("bid", player)]
        if all(self.bids):
            events += self._resolve()
        return events

    def _resolve(self) -> list[Event]:
        best = max(self.bids)
        top = [p for p, b in enumerate(self.bids) if b == best]
        events: list[Event] = [("reveal", tuple(self.bids))]
        if len(top) == 1:
            self.scores[top[0]] += self.prize
            events.append(("won", top[0], self.prize, best))
        else:
            events.append(("tie", self.prize, best))
        for p, b in enumerate(self.bids):
            self.hands[p].remove(b)
        self.bids = [0] * len(self.bids)
        self.prize = 0
        return events

    def is_terminal(self) -> bool:
        return not self.prizes and self.prize == 0

    def result(self) -> Result | None:
        if not self.is_terminal():
            return None
        levels = sorted(set(self.scores), reverse=True)
        ranking = tuple(tuple(p for p, s in enumerate(self.scores) if s == v) for v in levels)
        return Result(winners=ranking[0], ranking=ranking, scores=tuple(map(float, self.scores)))

    def view(self, player: int | None) -> dict[str, Any]:
        mine = player is not None and self.bids[player] != 0
        return {
            "prize": self.prize or None,
            "prizes_left": sorted(self.prizes),
            "scores": list(self.scores),
            "hands": [sorted(h) for h in self.hands],
            "has_bid": [b != 0 for b in self.bids],
            "your_bid": self.bids[player] if mine and player is not None else None,
            "you": player,
        }

    def clone(self) -> BidState:
        new = BidState.__new__(BidState)
        new.hands = [h[:] for h in self.hands]
        new.bids = self.bids[:]
        new.scores = self.scores[:]
        new.prizes = self.prizes[:]
        new.prize = self.prize
        return new


class SealedBids(Game[BidOptions, BidState]):
    id: ClassVar[str] = "bid"
    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    options_type = BidOptions
    action_types = (Prize, Bid)
    event_schema: ClassVar[dict[str, tuple[str, ...]]] = {
        "prize": ("card",),
        "bid": ("seat",),
        "reveal": ("bids",),
        "won": ("seat", "card", "bid"),
        "tie": ("card", "bid"),
    }
    perfect_information: ClassVar[bool] = False

    def _new_state(self, seats: tuple[Seat, ...], options: BidOptions) -> BidState:
        return BidState(seats, options)

    def sample_state(self, state: BidState, player: int, rng: random.Random) -> BidState:
        # Only the others' pending bids are hidden; any card still in their hand may be it.
        sampled = state.clone()
        for p, b in enumerate(sampled.bids):
            if p != player and b != 0:
                sampled.bids[p] = rng.choice(sampled.hands[p])
        return sampled

    def describe_event(
        self, event: Event, names: Sequence[str], lang: str = DEFAULT_LANGUAGE
    ) -> str | None:
        kind = event[0]
        if kind == "reveal":
            bids = ", ".join(f"{names[p]} {b}" for p, b in enumerate(event[1]))
            return t("bid.event.reveal", lang, bids=bids)
        fields = dict(zip(self.event_schema[kind], event[1:], strict=True))
        if "seat" in fields:
            fields["name"] = names[fields.pop("seat")]
        return t(f"bid.event.{kind}", lang, **fields)


GAME = SealedBids()
