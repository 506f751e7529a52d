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

:func:`depends_on` keeps Numba's on-disk cache of a kernel module honest about the other
modules whose code it compiles in (a game's kernel split over several files, the shared random
stream of :mod:`spelkvall.core.kernel_random`).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import threading
from pathlib import Path
from types import ModuleType
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


# --- what a kernel's cached code depends on ---------------------------------------------------

_depends: dict[str, str] = {}
"""A kernel module's file (real path) → the digest of what it depends on (:func:`depends_on`)."""


def depends_on(entry_file: str, *dependencies: ModuleType | str | os.PathLike[str]) -> None:
    """Make the cached compiled functions of ``entry_file`` stale whenever one of
    ``dependencies`` (modules, or paths of source files) changes.

    Numba's on-disk cache of a function checks only the function's own source file (its
    modification time, or since Numba 0.68 its content), yet the cached code also holds what it
    inlined or linked in from other modules. A kernel module calls this at import time, after
    importing its dependencies and before its first ``@njit`` (a function compiled eagerly at
    decoration is covered too): each of its functions' cache entries is then stamped with the
    digest of the dependencies' sources as well, so a change there misses the cache and
    recompiles. A dependency that called this itself contributes its own digest too, so a chain
    of kernel modules goes stale from the bottom up. Nothing is written anywhere: this works
    where the source tree is read-only; a dependency that cannot be read counts as empty.
    """
    digest = hashlib.sha256()
    for dependency in dependencies:
        path = _real_path(dependency)
        with contextlib.suppress(OSError):
            digest.update(hashlib.sha256(Path(path).read_bytes()).digest())
        digest.update(_depends.get(path, "").encode())
    with _lock:
        _depends[_real_path(entry_file)] = digest.hexdigest()
        _install_locator()


def _real_path(source: ModuleType | str | os.PathLike[str]) -> str:
    if isinstance(source, ModuleType):
        file = getattr(source, "__file__", None)
        if file is None:
            raise ValueError(f"module {source.__name__} has no source file")
        source = file
    return os.path.realpath(source)


_locator_installed = False


def _install_locator() -> None:
    """Put a cache locator first in Numba's list that adds, for a function of a file
    registered by :func:`depends_on`, that file's dependency digest to the source stamp Numba
    keeps in the cache index; every other function is located as before."""
    global _locator_installed
    if _locator_installed:
        return
    from numba.core import caching

    impl = getattr(caching, "CacheImpl", None) or getattr(caching, "_CacheImpl", None)
    classes = getattr(impl, "_locator_classes", None)
    if not isinstance(classes, list):
        log.warning("this Numba keeps no list of cache locators: kernel dependencies unchecked")
        _locator_installed = True
        return
    # (``NUMBA_CACHE_LOCATOR_CLASSES``, where set, replaces this list: then nothing is checked.)
    locators: list[Any] = classes

    class DependentLocator(caching._CacheLocator):
        """Numba's own locator for the function, with the dependency digest in its stamp."""

        def __init__(self, inner: Any, extra: str) -> None:
            self._inner = inner
            self._extra = extra
            self._py_file = getattr(inner, "_py_file", None)  # Numba's warnings read it

        def ensure_cache_path(self) -> None:
            self._inner.ensure_cache_path()

        def get_cache_path(self) -> Any:
            return self._inner.get_cache_path()

        def get_source_stamp(self) -> Any:
            return (self._inner.get_source_stamp(), self._extra)

        def get_disambiguator(self) -> Any:
            return self._inner.get_disambiguator()

        @classmethod
        def from_function(cls, py_func: Any, py_file: str) -> Any:
            extra = _depends.get(os.path.realpath(py_file))
            if extra is None:
                return None
            for other in locators:
                if other is not cls:
                    inner = other.from_function(py_func, py_file)
                    if inner is not None:
                        return cls(inner, extra)
            return None

    locators.insert(0, DependentLocator)
    _locator_installed = True
