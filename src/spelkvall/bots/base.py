"""The bot contract: a bot gets an :class:`Observation` of its own seat and returns an action.

An observation exposes the player's view, its legal actions, and states sampled from what the
view allows (``Game.sample_state``). Bots never get the true state, so a bot cannot use what its
player cannot see.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from spelkvall.core import Action, Game, State


class Observation:
    """What one seat knows at a decision point."""

    __slots__ = ("_legal", "_state", "_view", "game", "player")

    def __init__(self, game: Game[Any, Any], state: State, player: int) -> None:
        self.game = game
        self.player = player
        self._state = state
        self._legal: Sequence[Action] | None = None
        self._view: dict[str, Any] | None = None

    def legal_actions(self) -> Sequence[Action]:
        if self._legal is None:
            self._legal = self._state.legal_actions(self.player)
        return self._legal

    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._state.view(self.player)
        return self._view

    def sample_state(self, rng: random.Random) -> State:
        """A full state consistent with this player's view (an exact copy when nothing is
        hidden). Search bots call it once per simulation."""
        sampled: State = self.game.sample_state(self._state, self.player, rng)
        return sampled


class Bot(ABC):
    """A computer player. ``name`` is how tables and the lobby show it."""

    name: str = "bot"
    thinks: bool = False
    """A move of this bot takes noticeable time (a search): a server plays it in a call of its
    own instead of batching it with quick computer moves."""

    @abstractmethod
    def choose(self, obs: Observation, rng: random.Random) -> Action: ...


class RandomBot(Bot):
    """Picks uniformly among the legal actions: the baseline every other bot must beat."""

    name = "random"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = obs.legal_actions()
        return legal[int(rng.random() * len(legal))]


class HeuristicBot(Bot):
    """Plays the game's rule-of-thumb move (``Game.heuristic_action``) on a state sampled from
    its own view, so it stays fair in hidden-information games. Falls back to a random move
    when the game has no heuristic."""

    name = "heuristic"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = obs.legal_actions()
        if len(legal) == 1:
            return legal[0]
        action = obs.game.heuristic_action(obs.sample_state(rng), obs.player, rng)
        if action is None:
            return legal[int(rng.random() * len(legal))]
        return action


BOT_FACTORIES: dict[str, Callable[[Game[Any, Any]], Bot]] = {
    "random": lambda game: RandomBot(),
    "heuristic": lambda game: HeuristicBot(),
}


def make_bot(name: str, game: Game[Any, Any]) -> Bot:
    """A bot by name for ``game``; raises ``ValueError`` naming the known bots."""
    try:
        factory = BOT_FACTORIES[name]
    except KeyError:
        known = ", ".join(sorted(BOT_FACTORIES))
        raise ValueError(f"unknown bot {name!r}; known bots: {known}") from None
    return factory(game)
