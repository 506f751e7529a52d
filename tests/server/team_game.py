"""A tiny team game for the server tests: four seats, partners opposite (0+2, 1+3).

On a turn the seat to act either passes or claims the win; a claim ends the game with the
claimer's team as the winners. Just enough to see how a team win is stored.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from spelkvall.core import Action, Event, Game, IllegalAction, Result, Seat, State
from spelkvall.core.i18n import DEFAULT_LANGUAGE


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"
    game: ClassVar[str] = "teams"


@dataclass(frozen=True, slots=True)
class Claim(Action):
    kind: ClassVar[str] = "claim"
    game: ClassVar[str] = "teams"


@dataclass(frozen=True)
class TeamOptions:
    pass


class TeamState(State):
    def __init__(self) -> None:
        self.turn = 0
        self.winner: int | None = None

    @property
    def num_players(self) -> int:
        return 4

    def players_to_act(self) -> tuple[int, ...]:
        return () if self.winner is not None else (self.turn % 4,)

    def is_chance(self) -> bool:
        return False

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        return ()

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        to_act = self.players_to_act()
        if player is None and to_act:
            player = to_act[0]
        return (Pass(), Claim()) if player in to_act else ()

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        if player is None and self.players_to_act():
            player = self.players_to_act()[0]
        if action not in self.legal_actions(player):
            raise IllegalAction("error.illegal_action", f"{action!r} by {player}")
        assert player is not None
        if isinstance(action, Claim):
            self.winner = player % 2
            return [("claimed", player)]
        self.turn += 1
        return [("passed", player)]

    def is_terminal(self) -> bool:
        return self.winner is not None

    def result(self) -> Result | None:
        if self.winner is None:
            return None
        won = (self.winner, self.winner + 2)
        lost = (1 - self.winner, 3 - self.winner)
        return Result(winners=won, ranking=(won, lost))

    def view(self, player: int | None) -> dict[str, Any]:
        return {"turn": self.turn, "winner": self.winner, "you": player}

    def clone(self) -> TeamState:
        new = TeamState()
        new.turn, new.winner = self.turn, self.winner
        return new


class TeamGame(Game[TeamOptions, TeamState]):
    id: ClassVar[str] = "teams"
    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 4
    max_players: ClassVar[int] = 4
    options_type = TeamOptions
    action_types = (Pass, Claim)
    event_schema: ClassVar[dict[str, tuple[str, ...]]] = {
        "passed": ("seat",),
        "claimed": ("seat",),
    }

    def teams(
        self, num_players: int, options: TeamOptions | None = None
    ) -> tuple[tuple[int, ...], ...]:
        return ((0, 2), (1, 3))

    def _new_state(self, seats: tuple[Seat, ...], options: TeamOptions) -> TeamState:
        return TeamState()

    def describe_event(
        self, event: Event, names: Sequence[str], lang: str = DEFAULT_LANGUAGE
    ) -> str | None:
        return f"{names[event[1]]} {event[0]}"


GAME = TeamGame()
