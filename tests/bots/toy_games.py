"""Two tiny perfect-information games whose best move is known, for testing search bots.

- Nim (``nim``): players take 1 or 2 stones in turn; who takes the last stone wins. Leaving a
  multiple of three wins, so from 7 stones the only winning move is to take 1.
- Dice bet (``dicebet``): player 0 picks a bet, then a die decides. ``Pick(low=True)`` wins on
  1-2 (1/3), ``Pick(low=False)`` wins on 1-4 (2/3); otherwise player 1 wins. Only chance
  separates the two, so a search must weigh the sampled outcomes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from spelkvall.core import CHANCE, Action, Event, Game, IllegalAction, Result, Seat, State
from spelkvall.core.i18n import DEFAULT_LANGUAGE


@dataclass(frozen=True, slots=True)
class Take(Action):
    kind: ClassVar[str] = "take"
    game: ClassVar[str] = "nim"
    n: int


@dataclass(frozen=True, slots=True)
class Pick(Action):
    kind: ClassVar[str] = "pick"
    game: ClassVar[str] = "dicebet"
    low: bool


@dataclass(frozen=True, slots=True)
class Die(Action):
    kind: ClassVar[str] = "die"
    game: ClassVar[str] = "dicebet"
    value: int


@dataclass(frozen=True)
class NoOptions:
    pass


class _TwoPlayerState(State):
    winner: int | None

    @property
    def num_players(self) -> int:
        return 2

    def is_terminal(self) -> bool:
        return self.winner is not None

    def result(self) -> Result | None:
        if self.winner is None:
            return None
        return Result(winners=(self.winner,), ranking=((self.winner,), (1 - self.winner,)))


class NimState(_TwoPlayerState):
    def __init__(self, stones: int = 7) -> None:
        self.stones = stones
        self.turn = 0
        self.winner = None

    def players_to_act(self) -> tuple[int, ...]:
        return () if self.winner is not None else (self.turn,)

    def is_chance(self) -> bool:
        return False

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return ()

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.winner is not None or player not in (None, self.turn):
            return []
        return [Take(n) for n in (1, 2) if n <= self.stones]

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        if action not in self.legal_actions(player):
            raise IllegalAction("error.illegal_action", f"{action!r} is not legal")
        assert isinstance(action, Take)
        self.stones -= action.n
        if self.stones == 0:
            self.winner = self.turn
        self.turn = 1 - self.turn
        return [("took", action.n)]

    def view(self, player: int | None) -> dict[str, Any]:
        return {"stones": self.stones, "turn": self.turn, "winner": self.winner}

    def clone(self) -> NimState:
        new = NimState(self.stones)
        new.turn = self.turn
        new.winner = self.winner
        return new


class DiceBetState(_TwoPlayerState):
    def __init__(self) -> None:
        self.low: bool | None = None
        self.winner = None

    def players_to_act(self) -> tuple[int, ...]:
        return (0,) if self.low is None else ()

    def is_chance(self) -> bool:
        return self.low is not None and self.winner is None

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return [(Die(v), 1 / 6) for v in range(1, 7)] if self.is_chance() else []

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.is_chance():
            return [Die(v) for v in range(1, 7)] if player in (None, CHANCE) else []
        if self.low is None and player in (None, 0):
            return [Pick(True), Pick(False)]
        return []

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        if action not in self.legal_actions(player):
            raise IllegalAction("error.illegal_action", f"{action!r} is not legal")
        if isinstance(action, Pick):
            self.low = action.low
            return [("picked", action.low)]
        assert isinstance(action, Die)
        self.winner = 0 if action.value <= (2 if self.low else 4) else 1
        return [("rolled", action.value)]

    def view(self, player: int | None) -> dict[str, Any]:
        return {"low": self.low, "winner": self.winner}

    def clone(self) -> DiceBetState:
        new = DiceBetState()
        new.low = self.low
        new.winner = self.winner
        return new


class _ToyGame(Game[NoOptions, Any]):
    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    options_type = NoOptions

    def describe_event(
        self, event: Event, names: Sequence[str], lang: str = DEFAULT_LANGUAGE
    ) -> str | None:
        return None


class Nim(_ToyGame):
    id: ClassVar[str] = "nim"
    action_types = (Take,)
    event_schema: ClassVar[dict[str, tuple[str, ...]]] = {"took": ("n",)}

    def _new_state(self, seats: tuple[Seat, ...], options: NoOptions) -> NimState:
        return NimState()


class DiceBet(_ToyGame):
    id: ClassVar[str] = "dicebet"
    action_types = (Pick, Die)
    event_schema: ClassVar[dict[str, tuple[str, ...]]] = {"picked": ("low",), "rolled": ("v",)}

    def _new_state(self, seats: tuple[Seat, ...], options: NoOptions) -> DiceBetState:
        return DiceBetState()


NIM = Nim()
DICE_BET = DiceBet()
SEATS = (Seat("Anna"), Seat("Bo"))
