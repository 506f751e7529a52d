"""The registry of games. Game packages under ``spelkvall.games`` are found automatically:
each exposes ``GAME``, so adding a game touches no other file."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from .errors import SpelkvallError
from .game import Game

_GAMES: dict[str, Game[Any, Any]] = {}
_discovered = False


def register_game(game: Game[Any, Any]) -> None:
    _GAMES[game.id] = game


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    import spelkvall.games as package

    for module in pkgutil.iter_modules(package.__path__):
        mod = importlib.import_module(f"spelkvall.games.{module.name}")
        game = getattr(mod, "GAME", None)
        if game is not None:
            register_game(game)


def get_game(game_id: str) -> Game[Any, Any]:
    """The game with this id; raises SpelkvallError('error.unknown_game') if there is none."""
    _discover()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise SpelkvallError(
            "error.unknown_game", f"unknown game {game_id!r}", game=game_id
        ) from None


def all_games() -> list[Game[Any, Any]]:
    _discover()
    return list(_GAMES.values())
