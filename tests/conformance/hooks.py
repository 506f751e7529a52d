"""Finding a game's conformance hooks: ``tests/games/<game id>/conformance.py`` with ``HOOKS``."""

from __future__ import annotations

import functools
import importlib
import importlib.util
import sys
from pathlib import Path
from typing import Any

from spelkvall.core import Game

from .checks import GameHooks

GAMES_DIR = Path(__file__).resolve().parents[1] / "games"


@functools.cache
def hooks_for_id(game_id: str) -> GameHooks:
    return load_hooks(GAMES_DIR, game_id)


def load_hooks(games_dir: Path, game_id: str) -> GameHooks:
    """``HOOKS`` of ``games_dir/<game_id>/conformance.py``, or the defaults without one."""
    path = games_dir / game_id / "conformance.py"
    if not path.exists():
        return GameHooks()
    if games_dir == GAMES_DIR and (path.parent / "__init__.py").exists():
        module = importlib.import_module(f"tests.games.{game_id}.conformance")
    else:
        # A test folder without __init__.py imports its helpers by plain module name, as
        # pytest's default import mode allows, so its folder goes on sys.path first.
        folder = str(path.parent)
        if folder not in sys.path:
            sys.path.insert(0, folder)
        spec = importlib.util.spec_from_file_location(f"conformance_{game_id}", path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    hooks = module.HOOKS
    assert isinstance(hooks, GameHooks), f"{path}: HOOKS must be a GameHooks"
    return hooks


def hooks_for(game: Game[Any, Any]) -> GameHooks:
    """The game's own hooks, or the defaults when its test folder has none."""
    return hooks_for_id(game.id)
