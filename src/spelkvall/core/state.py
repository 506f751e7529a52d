"""The state contract every game implements."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .action import Action, Event

CHANCE = -1
"""The player id under which chance outcomes (dice, shuffles) are applied and logged."""


@dataclass(frozen=True)
class Result:
    """How a finished game ended.

    ``winners`` are seat indices (a team win names every member of the team); empty when
    nobody won (a draw by a turn limit, only in a game that declares
    ``Game.may_end_without_winner``). ``ranking`` lists groups of seats from first place down
    (a group shares the place); ``scores`` is per seat where the game keeps points or money
    (``Game.score_key`` names them).
    """

    winners: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    scores: tuple[float, ...] | None = None
    details: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def no_winner(
        cls,
        ranking: tuple[tuple[int, ...], ...],
        scores: tuple[float, ...] | None = None,
        details: dict[str, Any] | None = None,
    ) -> Result:
        """A game that ended without a winner; ``ranking`` may still order the seats (by
        points) or put them all in one group."""
        return cls((), ranking, scores, details or {})

    @property
    def has_winner(self) -> bool:
        return bool(self.winners)

    def places(self) -> list[int]:
        """Each seat's place, competition style: a shared group shares its place and the next
        group's place counts the seats above it (1, 1, 3)."""
        out = [0] * sum(len(group) for group in self.ranking)
        place = 1
        for group in self.ranking:
            for seat in group:
                out[seat] = place
            place += len(group)
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "ranking": [list(group) for group in self.ranking],
            "scores": None if self.scores is None else list(self.scores),
            "places": self.places(),
            "details": self.details,
        }


class State(ABC):
    """A position of one game. Mutable: :meth:`apply` changes it in place; :meth:`clone` copies.

    At any moment exactly one of these holds:
    - the game is over (:meth:`is_terminal`);
    - chance acts (:meth:`is_chance`): apply one of :meth:`chance_outcomes` as player ``CHANCE``;
    - one or more players act (:meth:`players_to_act`), each choosing from
      :meth:`legal_actions`. Several players act at once in simultaneous steps (secret exchange,
      placement, sealed bids); each applies its own action and the step resolves when all have.
    """

    __slots__ = ()

    @property
    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def players_to_act(self) -> tuple[int, ...]:
        """Seats that may act now, in seat order; empty at chance nodes and at the end."""

    @abstractmethod
    def is_chance(self) -> bool: ...

    def chance_seat(self) -> int | None:
        """The seat that sets off the pending chance event by hand (presses "roll" for its
        die), or ``None`` when chance acts by itself (a shuffle, a deal, a draw): a server
        applies those at once without waiting for anybody."""
        return None

    @abstractmethod
    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        """The possible outcomes with probabilities (empty when the space is too large to list;
        then :meth:`sample_chance` is the only way to draw)."""

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw a chance outcome. Games with huge outcome spaces (shuffles) override this."""
        outcomes = self.chance_outcomes()
        actions = [a for a, _ in outcomes]
        weights = [p for _, p in outcomes]
        return rng.choices(actions, weights)[0]

    @abstractmethod
    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        """Legal actions of ``player`` (default: the only player to act), in a fixed order."""

    @abstractmethod
    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        """Play ``action`` for ``player`` (default: the only one to act; ``CHANCE`` for chance).

        Returns the events it caused. Raises :class:`~spelkvall.core.errors.IllegalAction`
        and leaves the state unchanged when the action is not legal for that player now.
        """

    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def result(self) -> Result | None:
        """The result once the game is over, else ``None``."""

    @abstractmethod
    def view(self, player: int | None) -> dict[str, Any]:
        """All that ``player`` may see, as JSON; ``None`` is a spectator. Never hidden data."""

    @abstractmethod
    def clone(self) -> State: ...

    def winners(self) -> tuple[int, ...]:
        result = self.result()
        return () if result is None else result.winners
