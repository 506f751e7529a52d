"""Finding a game's conformance hooks: ``tests/games/<game id>/conformance.py`` with ``HOOKS``."""

from __future__ import annotations

import importlib
from typing import Any

from spelkvall.core import Game

from .checks import GameHooks


def hooks_for(game: Game[Any, Any]) -> GameHooks:
    """The game's own hooks, or the defaults when its test package has none."""
    name = f"tests.games.{game.id}.conformance"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return GameHooks()
        raise
    hooks = module.HOOKS
    assert isinstance(hooks, GameHooks), f"{name}.HOOKS must be a GameHooks"
    return hooks
