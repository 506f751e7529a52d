"""Where a match's chance outcomes come from: its secret seed, or in test mode a script.

A scripted outcome is an int (the listed outcome whose one field is that number: a die's
face, a prize card) or the outcome action as a JSON object, possibly partial (``{"die": 3}``;
``"type"`` may be left out). Exactly one outcome must fit it, else the roll is refused.
"""

from __future__ import annotations

import json
import random
import threading
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from spelkvall.core import CHANCE, Action, Game, IllegalAction, State

from . import tutorial
from .errors import ServiceError
from .live import Live, LiveMatches

Scripted = int | Mapping[str, Any]
"""One queued outcome as a test sent it (see the module docstring)."""


class Chance:
    """Draws each chance outcome of the matches in ``matches``; in test mode a test may queue
    the next outcomes of a match first."""

    def __init__(self, matches: LiveMatches, *, test_mode: bool = False) -> None:
        self.matches = matches
        self.test_mode = test_mode
        self._scripts: dict[str, deque[Scripted]] = {}
        self._lock = threading.Lock()

    def queue(self, match_id: str, values: Sequence[Scripted], *, replace: bool = False) -> int:
        """Test mode: the next chance outcomes of this match, after those still queued or
        (``replace``) instead of them; returns how many are queued."""
        if not self.test_mode:
            raise ServiceError("error.bad_request", "not in test mode", 404, why="test mode")
        self.matches.get(match_id)
        with self._lock:
            queue = self._scripts.setdefault(match_id, deque())
            if replace:
                queue.clear()
            # Copied: the caller's objects must not change the script after the fact.
            queue.extend(v if isinstance(v, int) else dict(v) for v in values)
            return len(queue)

    def outcome(self, live: Live, state: State, version: int | None = None) -> Action:
        """The outcome of the chance node ``state`` of ``live`` at ``version`` (default
        ``live.version``; a step of several outcomes draws each at its own version)."""
        with self._lock:
            queue = self._scripts.get(live.row.id)
            value = queue.popleft() if queue else None
        if value is not None:
            return scripted_outcome(live.game, state, value)
        guided = tutorial.scripted(live, state, version)
        if guided is not None:
            try:
                return scripted_outcome(live.game, state, guided)
            except ServiceError:
                pass  # the learner took another path: the seed decides this one
        # Derived from the secret seed and the version alone: after a restart the same match
        # rolls the same dice, and nothing but the server can predict them.
        at = live.version if version is None else version
        return state.sample_chance(random.Random(f"{live.row.seed}:{at}"))


def scripted_outcome(game: Game[Any, Any], state: State, value: Scripted) -> Action:
    """The one outcome of ``state`` that ``value`` describes; ``error.dice`` naming ``value``
    when none or several do."""
    listed = [action for action, _p in state.chance_outcomes()]
    if isinstance(value, int):
        found = [a for a in listed if _single_number(a) == value]
    elif listed:
        found = [a for a in listed if _fits(a.to_json(), value)]
    else:
        # Too many outcomes to list (a shuffle, a draw from a big bag): the game's own rules
        # decide whether the action is a possible outcome now.
        found = _decoded(game, state, value)
    distinct: list[Action] = []
    for action in found:
        if action not in distinct:  # a listing may name one outcome twice (two equal cards)
            distinct.append(action)
    if len(distinct) != 1:
        shown = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
        raise ServiceError(
            "error.dice",
            f"chance outcome {shown} fits {len(distinct)} possible outcomes, not one",
            value=shown,
            matches=len(distinct),
        )
    return distinct[0]


def _single_number(action: Action) -> int | None:
    fields = [v for k, v in action.to_json().items() if k != "type"]
    # JSON true is no number here, though Python's bool is an int.
    return fields[0] if len(fields) == 1 and type(fields[0]) is int else None


def _fits(data: Mapping[str, Any], given: Mapping[str, Any]) -> bool:
    # Same type as well as equal: 1 must not pick an outcome whose field is true.
    return all(k in data and type(data[k]) is type(v) and data[k] == v for k, v in given.items())


def _decoded(game: Game[Any, Any], state: State, given: Mapping[str, Any]) -> list[Action]:
    kinds = [given["type"]] if "type" in given else [cls.kind for cls in game.action_types]
    found = []
    for kind in kinds:
        try:
            action = game.action_from_json({**given, "type": kind})
            state.clone().apply(action, CHANCE)
        except IllegalAction:
            continue
        found.append(action)
    return found
