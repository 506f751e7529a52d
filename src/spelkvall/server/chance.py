"""Where a match's chance outcomes come from: its secret seed, or in test mode a script."""

from __future__ import annotations

import random
import threading
from collections import deque
from collections.abc import Sequence

from spelkvall.core import Action, State

from .errors import ServiceError
from .live import Live, LiveMatches

Scripted = int
"""One queued outcome as a test sent it."""


class Chance:
    """Draws each chance outcome of the matches in ``matches``; in test mode a test may queue
    the next outcomes of a match first."""

    def __init__(self, matches: LiveMatches, *, test_mode: bool = False) -> None:
        self.matches = matches
        self.test_mode = test_mode
        self._scripts: dict[str, deque[Scripted]] = {}
        self._lock = threading.Lock()

    def queue(self, match_id: str, values: Sequence[Scripted]) -> int:
        """Test mode: the next chance outcomes of this match; returns how many are queued."""
        if not self.test_mode:
            raise ServiceError("error.bad_request", "not in test mode", 404, why="test mode")
        self.matches.get(match_id)
        with self._lock:
            queue = self._scripts.setdefault(match_id, deque())
            queue.extend(values)
            return len(queue)

    def outcome(self, live: Live, state: State) -> Action:
        """The outcome of the chance node ``state`` of ``live`` (at ``live.version``)."""
        with self._lock:
            queue = self._scripts.get(live.row.id)
            value = queue.popleft() if queue else None
        if value is not None:
            return scripted_outcome(state, value)
        # Derived from the secret seed and the version alone: after a restart the same match
        # rolls the same dice, and nothing but the server can predict them.
        return state.sample_chance(random.Random(f"{live.row.seed}:{live.version}"))


def scripted_outcome(state: State, value: Scripted) -> Action:
    """The outcome of ``state`` whose one number is ``value`` (a die's face, a prize card)."""
    for action, _p in state.chance_outcomes():
        numbers = [v for k, v in action.to_json().items() if k != "type"]
        if numbers == [value]:
            return action
    raise ServiceError("error.dice", f"die value {value} not possible", value=value)
