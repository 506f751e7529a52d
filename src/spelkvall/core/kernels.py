"""Which games' compiled kernels this process may use now.

A game's fast simulator (``Game.batch_module``) is compiled by Numba on first use, which takes
CPU minutes on an empty cache and holds the GIL throughout. That is fine for a script or a
test, not for a process that serves people: its matches would stall. Such a process calls
:func:`forbid_compiling` once; from then on

- a game's kernels are used only after :func:`mark_loaded` says they are in this process
  (loaded from Numba's on-disk cache, which a child process filled); until then
  ``Game.playout_wins`` answers ``None`` and the callers (search bots, Tips) play out through
  the engine, which needs no compiler;
- any compile Numba would still start here (a cache that lacks a signature) is refused with
  :class:`CompilingForbidden` before it begins, and the game counts as not loaded again.

Processes that never call :func:`forbid_compiling` (the command line, tests, benchmarks)
compile on demand as before.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

log = logging.getLogger(__name__)

_lock = threading.Lock()
_loaded: set[str] = set()
_forbidden = False
_listener: Any = None


class CompilingForbidden(RuntimeError):
    """Numba was about to compile in a process that must not (:func:`forbid_compiling`)."""


def forbid_compiling() -> None:
    """From now on this process never compiles a kernel (see the module's docstring)."""
    global _forbidden, _listener
    with _lock:
        _forbidden = True
        if _listener is None:
            _listener = _install_listener()


def allow_compiling() -> None:
    """Undo :func:`forbid_compiling` (for tests that play a server and then compile)."""
    global _forbidden
    with _lock:
        _forbidden = False


def compiling_forbidden() -> bool:
    """Whether :func:`forbid_compiling` is in force."""
    return _forbidden


def mark_loaded(game_id: str) -> None:
    """``game_id``'s kernels are loaded in this process: use them."""
    with _lock:
        _loaded.add(game_id)


def mark_unloaded(game_id: str) -> None:
    """``game_id``'s kernels are not (all) loaded here: play out through the engine."""
    with _lock:
        _loaded.discard(game_id)


def loaded(game_id: str) -> bool:
    """Whether ``game_id``'s kernels were loaded in this process (:func:`mark_loaded`)."""
    return game_id in _loaded


def usable(game_id: str) -> bool:
    """Whether ``game_id``'s kernels may be called now: always where compiling is allowed,
    else once they are loaded."""
    return not _forbidden or game_id in _loaded


def _install_listener() -> Any:
    """A Numba event listener that refuses every compile while compiling is forbidden.
    ``numba:compile`` starts only after the on-disk cache missed, so loading is unaffected."""
    from numba.core import event

    class Refuse(event.Listener):
        def on_start(self, ev: Any) -> None:
            if _forbidden:
                func = getattr(ev.data.get("dispatcher"), "py_func", None)
                name = getattr(func, "__qualname__", "?")
                raise CompilingForbidden(f"refused to compile {name} in a serving process")

        def on_end(self, ev: Any) -> None:
            pass

    listener = Refuse()
    event.register("numba:compile", listener)  # type: ignore[no-untyped-call]
    return listener
