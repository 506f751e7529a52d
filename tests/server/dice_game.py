"""A tiny dice game for the test-mode chance hook: an outcome with several fields.

Two players take turns throwing two dice (the seat to throw presses "roll"); the outcome is
``Throw(low, high)``, the two faces in order. After two throws each, the higher total wins (a
tie: both). ``TWO_DICE`` lists its 21 outcomes; ``UNLISTED`` lists none, as a game with too
many outcomes to list would, so the server must ask the rules whether a throw is possible.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from spelkvall.core import CHANCE, Action, Event, Game, IllegalAction, Result, Seat, State
from spelkvall.core.i18n import DEFAULT_LANGUAGE

THROWS = 4


@dataclass(frozen=True, slots=True)
class Throw(Action):
    kind: ClassVar[str] = "throw"
    game: ClassVar[str] = "twodice"
    low: int
    high: int


@dataclass(frozen=True)
class DiceOptions:
    pass


class DiceState(State):
    def __init__(self, listed: bool) -> None:
        self.listed = listed
        self.totals = [0, 0]
        self.throws = 0

    @property
    def num_players(self) -> int:
        return 2

    def players_to_act(self) -> tuple[int, ...]:
        return ()

    def is_chance(self) -> bool:
        return self.throws < THROWS

    def chance_seat(self) -> int | None:
        return self.throws % 2 if self.is_chance() else None

    def _possible(self) -> list[tuple[Action, float]]:
        return [
            (Throw(low, high), (1 if low == high else 2) / 36)
            for low in range(1, 7)
            for high in range(low, 7)
        ]

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return self._possible() if self.listed and self.is_chance() else ()

    def sample_chance(self, rng: random.Random) -> Action:
        low, high = sorted((rng.randint(1, 6), rng.randint(1, 6)))
        return Throw(low, high)

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if not self.is_chance() or player not in (None, CHANCE):
            return ()
        return [action for action, _p in self._possible()]

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        if action not in self.legal_actions(player):
            raise IllegalAction("error.illegal_action", f"{action!r} by {player}")
        assert isinstance(action, Throw)
        seat = self.throws % 2
        self.totals[seat] += action.low + action.high
        self.throws += 1
        return [("threw", seat, action.low, action.high)]

    def is_terminal(self) -> bool:
        return self.throws >= THROWS

    def result(self) -> Result | None:
        if not self.is_terminal():
            return None
        best = max(self.totals)
        won = tuple(p for p, total in enumerate(self.totals) if total == best)
        rest = tuple(p for p in range(2) if p not in won)
        return Result(winners=won, ranking=(won, rest) if rest else (won,))

    def view(self, player: int | None) -> dict[str, Any]:
        return {"totals": list(self.totals), "throws": self.throws, "you": player}

    def clone(self) -> DiceState:
        new = DiceState(self.listed)
        new.totals, new.throws = self.totals[:], self.throws
        return new


class TwoDice(Game[DiceOptions, DiceState]):
    id: ClassVar[str] = "twodice"
    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_type = DiceOptions
    action_types = (Throw,)
    event_schema: ClassVar[dict[str, tuple[str, ...]]] = {"threw": ("seat", "low", "high")}
    listed: ClassVar[bool] = True

    def _new_state(self, seats: tuple[Seat, ...], options: DiceOptions) -> DiceState:
        return DiceState(self.listed)

    def describe_event(
        self, event: Event, names: Sequence[str], lang: str = DEFAULT_LANGUAGE
    ) -> str | None:
        return f"{names[event[1]]} {event[2]}+{event[3]}"


class UnlistedDice(TwoDice):
    id: ClassVar[str] = "twodice_unlisted"
    listed: ClassVar[bool] = False


TWO_DICE = TwoDice()
UNLISTED = UnlistedDice()
