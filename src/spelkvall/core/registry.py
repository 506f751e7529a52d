"""The registry of games. Game packages under ``spelkvall.games`` are found automatically:
each exposes ``GAME``, so adding a game touches no other file.

A game's presentation lives in its package too and is found the same way: a ``terminal``
module with ``VIEW`` (a :class:`~spelkvall.core.presentation.TerminalView`) for
``spelkvall play``, and a ``web/`` folder with ``page.js`` (and any other modules and CSS it
loads) for the browser. Shared layers ask :func:`terminal_view` and :func:`web_folder`; a game
without them is played through the generic terminal view and web page.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import threading
from pathlib import Path
from typing import Any

from .errors import SpelkvallError
from .game import Game

_GAMES: dict[str, Game[Any, Any]] = {}
_PACKAGES: dict[str, str] = {}
_discovered = False
# A server asks from several threads at start (warm-up, computer seats, requests): the first
# imports every game, the others wait for it rather than see a half-filled registry.
_discovering = threading.RLock()
_importing = False


def register_game(game: Game[Any, Any], package: str | None = None) -> None:
    """Register ``game``; ``package`` is the import name of its folder, where its terminal
    view and web page are looked for (``None``: it has neither, the generic ones serve)."""
    _GAMES[game.id] = game
    if package is None:
        _PACKAGES.pop(game.id, None)
    else:
        _PACKAGES[game.id] = package


def unregister_game(game_id: str) -> None:
    """Forget a game (tests that register a game of their own clean up with this)."""
    _GAMES.pop(game_id, None)
    _PACKAGES.pop(game_id, None)


def _discover() -> None:
    global _discovered, _importing
    if _discovered:
        return
    with _discovering:  # re-entrant: a game that asks while being imported gets no wait
        if _discovered or _importing:
            return
        _importing = True
        try:
            import spelkvall.games as package

            for module in pkgutil.iter_modules(package.__path__):
                name = f"spelkvall.games.{module.name}"
                mod = importlib.import_module(name)
                game = getattr(mod, "GAME", None)
                if game is not None:
                    register_game(game, name)
            _discovered = True
        finally:
            _importing = False


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


def terminal_view(game_id: str) -> Any | None:
    """The game's own ``VIEW`` from ``<package>/terminal.py``, or ``None``."""
    _discover()
    package = _PACKAGES.get(game_id)
    if package is None or importlib.util.find_spec(f"{package}.terminal") is None:
        return None
    return getattr(importlib.import_module(f"{package}.terminal"), "VIEW", None)


def web_folder(game_id: str) -> Path | None:
    """The game's ``web/`` folder (its page module, board and CSS), or ``None``."""
    _discover()
    package = _PACKAGES.get(game_id)
    if package is None:
        return None
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations))) / "web"
    return folder if (folder / "page.js").is_file() else None
