"""Get the games' compiled kernels ready without the server ever compiling.

Numba compiles while holding the GIL, for CPU minutes per game on an empty cache: a server that
compiled in one of its own threads answered nobody for seconds at a time. So the server
forbids compiling in its own process (``core.kernels``) and a :class:`Warmer` gets each game's
kernels ready in the background:

1. a child process compiles the game's kernels into Numba's on-disk cache, at a lower priority
   and under a CPU-time limit, one game at a time, the games people are playing first (a
   child compiling a game nobody plays is set aside for one somebody starts: what it
   compiled stays in the cache); it reports how many of the game's kernel functions are
   done, and a child that fails or runs out of time is retried and logged;
2. the server then loads them from the cache (no compiling: a missing signature is refused)
   and from then on uses them.

Until a game is ready its computers search with playouts through the engine, within the same
time caps, and Tips answer from the engine with wider intervals. ``/api/games`` and the match
page say how far the preparation has come.
"""

from __future__ import annotations

import contextlib
import fcntl
import logging
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from spelkvall.bots.advisor import warm_up as warm_advice
from spelkvall.core import ADVICE, FAST_SIMULATOR, Game, all_games, kernels

log = logging.getLogger(__name__)

NICE = 10
"""How much lower the compiling child's priority is than the server's."""
CHILD_CPU = 900
"""CPU seconds a child may compile one game (a game takes well under a minute on a quiet
machine); past that the system stops it and the attempt counts as failed."""
CHILD_TIMEOUT = 3600.0
"""Wall-clock seconds after which a child that still runs is stopped: only for a child that
hangs, since a busy machine may legitimately take long (its CPU time is what is bounded)."""
ATTEMPTS = 3
"""How many times a game's compiling is tried before its computers stay on the engine."""
RETRY_AFTER = (5.0, 30.0)
"""Seconds before the second and the third attempt."""

QUEUED, COMPILING, LOADING, READY, FAILED = "queued", "compiling", "loading", "ready", "failed"


def _lock_path(game_id: str) -> Path:
    cache = os.environ.get("NUMBA_CACHE_DIR") or "default"
    tag = "".join(c if c.isalnum() else "_" for c in cache)[-60:]
    return Path(tempfile.gettempdir()) / f"spelkvall-compile-{game_id}-{tag}.lock"


def _kernel_functions(game: Game[Any, Any]) -> set[int]:
    """The ids of the separately compiled Numba functions in the game's package (a function
    always inlined is compiled inside its callers)."""
    from numba.core.registry import CPUDispatcher

    package = game.batch_module.rsplit(".", 1)[0] if game.batch_module else ""
    found = set()
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith(package + "."):
            continue
        for value in vars(module).values():
            if isinstance(value, CPUDispatcher) and value.targetoptions.get("inline") != "always":
                found.add(id(value))
    return found


def compile_here(
    game_id: str | None = None,
    parent: int | None = None,
    *,
    report: IO[str] | None = None,
    nice: int = 0,
    cpu_limit: int = 0,
) -> None:
    """Load or compile every game's kernels (or ``game_id``'s only) in this process. With
    ``parent``, give up once that process is gone; ``nice`` lowers this process's priority,
    ``cpu_limit`` bounds its CPU seconds; ``report`` gets a line ``progress DONE TOTAL`` as
    each of the game's kernel functions is compiled. Two processes never compile the same
    game at once (a file lock): the second loads what the first compiled."""
    if parent is not None:
        exit_when_orphaned(parent)
    if nice:
        os.nice(nice)
    if cpu_limit:
        import resource

        resource.setrlimit(resource.RLIMIT_CPU, (cpu_limit, cpu_limit + 10))
    for game in all_games():
        if game_id is not None and game.id != game_id:
            continue
        if FAST_SIMULATOR not in game.capabilities:
            continue
        with _locked(_lock_path(game.id)), _reporting(game, report):
            game.warm_up()
            if ADVICE in game.capabilities:
                warm_advice(game)


@contextlib.contextmanager
def _locked(path: Path) -> Any:
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@contextlib.contextmanager
def _reporting(game: Game[Any, Any], report: IO[str] | None) -> Any:
    """Write ``progress DONE TOTAL`` to ``report`` each time one of ``game``'s kernel
    functions has been compiled (Numba's ``numba:compile`` events)."""
    if report is None or game.batch_module is None:
        yield
        return
    from numba.core import event

    done: set[int] = set()

    class Progress(event.Listener):
        def on_start(self, ev: Any) -> None:
            pass

        def on_end(self, ev: Any) -> None:
            # The kernels' modules are imported by now (a batch module may import them late).
            functions = _kernel_functions(game)
            function = id(ev.data["dispatcher"])
            if function in functions and function not in done:
                done.add(function)
                print(f"progress {len(done)} {len(functions)}", file=report, flush=True)

    with event.install_listener("numba:compile", Progress()):
        yield
    print("progress 1 1", file=report, flush=True)


def child_code(game_id: str | None = None, **limits: int) -> str:
    """The code a child runs to compile every game's kernels (or ``game_id``'s); it stops
    when this process is gone. ``limits``: ``nice`` and ``cpu_limit`` (``compile_here``)."""
    extra = "".join(f", {name}={value!r}" for name, value in limits.items())
    report = ", report=__import__('sys').stdout" if limits else ""
    return (
        "from spelkvall.server.warm import compile_here; "
        f"compile_here({game_id!r}, parent={os.getpid()}{report}{extra})"
    )


def exit_when_orphaned(parent: int, every: float = 0.5) -> None:
    """End this process once ``parent`` is no longer its parent. A server stopped while its
    child still compiles would otherwise leave it compiling for minutes (seen: a stopped test
    server's children, one per start, all compiling the same kernels at once)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


@dataclass
class Readiness:
    """How far one game's kernels are from being used by this server."""

    stage: str = QUEUED
    """``queued``, ``compiling`` (in a child), ``loading`` (here), ``ready`` or ``failed``
    (the computers stay on the engine)."""
    progress: float = 0.0
    """The share of the game's kernel functions compiled so far (0 to 1)."""
    attempts: int = 0

    @property
    def ready(self) -> bool:
        return self.stage == READY

    def to_json(self) -> dict[str, Any]:
        return {"ready": self.ready, "stage": self.stage, "progress": round(self.progress, 3)}


class Warmer:
    """Gets the kernels of ``games`` (those with the ``FAST_SIMULATOR`` capability) ready in
    the background, one game at a time, the games :meth:`want` names first. ``on_change`` is
    called with a game's id whenever its :class:`Readiness` changes (the progress display
    of ``spelkvall serve``)."""

    def __init__(
        self,
        games: Iterable[Game[Any, Any]] | None = None,
        *,
        attempts: int = ATTEMPTS,
        retry_after: tuple[float, ...] = RETRY_AFTER,
        nice: int = NICE,
        cpu_limit: int = CHILD_CPU,
        timeout: float = CHILD_TIMEOUT,
        on_change: Callable[[str], None] | None = None,
    ) -> None:
        chosen = list(all_games() if games is None else games)
        self.games = {g.id: g for g in chosen if FAST_SIMULATOR in g.capabilities}
        self.attempts = attempts
        self.retry_after = retry_after
        self.nice = nice
        self.cpu_limit = cpu_limit
        self.timeout = timeout
        self.on_change = on_change
        self._state = {game_id: Readiness() for game_id in self.games}
        self._order = list(self.games)  # the queue: a wanted game goes first
        self._wanted: set[str] = set()
        self._compiling: str | None = None
        self._set_aside: str | None = None  # compiling, but stopped for a wanted game
        self._lock = threading.Lock()
        self._wake = threading.Event()
        self._stopped = threading.Event()
        self._child: subprocess.Popen[str] | None = None
        self._thread: threading.Thread | None = None

    # --- what the server asks ------------------------------------------------------------
    def status(self, game_id: str) -> Readiness | None:
        """``game_id``'s readiness, or ``None`` for a game without kernels (its computers
        are at full strength from the start). A game loaded by other means counts as ready."""
        state = self._state.get(game_id)
        if state is not None and kernels.loaded(game_id) and not state.ready:
            return Readiness(READY, 1.0, state.attempts)
        return state

    def ready(self, game_id: str) -> bool:
        """Whether ``game_id``'s computers play at full strength (kernels loaded, or none)."""
        state = self.status(game_id)
        return state is None or state.ready

    def want(self, game_id: str) -> None:
        """``game_id`` is being played: prepare it before the games nobody plays. A child
        compiling a game nobody has played is stopped and that game queued again right
        after this one: a newcomer who starts a game right after installing waits for
        that game's kernels only (its functions compiled so far stay in Numba's cache)."""
        with self._lock:
            self._wanted.add(game_id)
            if game_id not in self._order:
                return  # ready, failed or being compiled now
            self._order.remove(game_id)
            self._order.insert(0, game_id)
            busy = self._compiling
            if busy is None or busy in self._wanted or self._set_aside is not None:
                return
            self._set_aside = busy
            self._order.insert(1, busy)
            child = self._child
        if child is not None and child.poll() is None:
            log.info("%s: compiling set aside for %s, which is being played", busy, game_id)
            child.kill()

    def start(self) -> None:
        """Start preparing in a daemon thread (start-up and shutdown never wait for it)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="kernels", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        """Stop preparing; a child compiling now is ended."""
        self._stopped.set()
        self._wake.set()
        child = self._child
        if child is not None and child.poll() is None:
            child.kill()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until every game is ready or failed; whether that happened in ``timeout``."""
        if self._thread is None:
            return False
        self._thread.join(timeout)
        return not self._thread.is_alive()

    # --- the work ------------------------------------------------------------------------
    def _set(self, game_id: str, **changes: Any) -> None:
        state = self._state[game_id]
        for name, value in changes.items():
            setattr(state, name, value)
        if self.on_change is not None:
            try:
                self.on_change(game_id)
            except Exception:  # a display's error must not stop the preparing
                log.exception("the kernels' progress display failed")

    def _next(self) -> str | None:
        with self._lock:
            return self._order.pop(0) if self._order else None

    def _run(self) -> None:
        while not self._stopped.is_set():
            game_id = self._next()
            if game_id is None:
                return
            self._prepare(game_id)

    def _prepare(self, game_id: str) -> None:
        game = self.games[game_id]
        if kernels.loaded(game_id):
            self._set(game_id, stage=READY, progress=1.0)
            return
        for attempt in range(1, self.attempts + 1):
            if self._stopped.is_set():
                return
            self._set(game_id, stage=COMPILING, attempts=attempt)
            start = time.monotonic()
            with self._lock:
                self._compiling = game_id
            error = self._compile(game_id)
            with self._lock:
                self._compiling = None
                set_aside, self._set_aside = self._set_aside == game_id, None
            if set_aside:
                self._set(game_id, stage=QUEUED)  # queued again by want(); no attempt lost
                return
            if error is None:
                self._set(game_id, stage=LOADING, progress=1.0)
                error = self._load(game)
            if error is None:
                self._set(game_id, stage=READY)
                log.info("%s: the computers' kernels are ready", game_id)
                return
            log.warning(
                "%s: preparing the computers' kernels failed (attempt %d of %d, %.0f s): %s",
                game_id,
                attempt,
                self.attempts,
                time.monotonic() - start,
                error,
            )
            if attempt < self.attempts:
                pause = self.retry_after[min(attempt, len(self.retry_after)) - 1]
                if self._stopped.wait(pause):
                    return
        self._set(game_id, stage=FAILED)
        log.error("%s: the computers play without their kernels (through the engine)", game_id)

    def _compile(self, game_id: str) -> str | None:
        """Compile ``game_id``'s kernels in a child; ``None`` when it worked, else why not."""
        code = child_code(game_id, nice=self.nice, cpu_limit=self.cpu_limit)
        try:
            child = subprocess.Popen(
                [sys.executable, "-c", code],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
        except OSError as exc:
            return str(exc)
        with self._lock:
            self._child = child
            if self._set_aside == game_id:  # want() came before the child was there
                child.kill()
        errors: list[str] = []
        reader = threading.Thread(
            target=lambda: errors.append(child.stderr.read() if child.stderr else ""),
            daemon=True,
        )
        reader.start()
        timer = threading.Timer(self.timeout, child.kill)
        timer.start()
        try:
            assert child.stdout is not None
            for line in child.stdout:
                words = line.split()
                if len(words) == 3 and words[0] == "progress":
                    done, total = int(words[1]), int(words[2])
                    self._set(game_id, progress=done / max(1, total))
            code_ = child.wait()
        finally:
            timer.cancel()
            reader.join(5)
            self._child = None
        if code_ == 0:
            return None
        tail = "".join(errors).strip()[-2000:]
        return f"the child exited with {code_}" + (f": {tail}" if tail else "")

    def _load(self, game: Game[Any, Any]) -> str | None:
        """Load ``game``'s kernels here from the cache the child filled; ``None`` when done."""
        try:
            game.warm_up()  # marks them loaded (core.kernels)
            if ADVICE in game.capabilities:
                warm_advice(game)
        except Exception as exc:  # a refused compile (a signature not cached) included
            kernels.mark_unloaded(game.id)
            return f"loading failed: {exc!r}"
        return None


def compile_games(jobs: int | None = None) -> float:
    """Compile every game's kernels into the cache, a child process per game, ``jobs`` at
    once (default: one a core); returns the seconds it took. For ``make test``: its two
    workers each compiled the kernels their first tests needed, often the same ones at the
    same time (all of them: some 8 CPU minutes on a fresh checkout)."""
    start = time.monotonic()
    ids = [game.id for game in all_games() if FAST_SIMULATOR in game.capabilities]

    def one(game_id: str) -> None:
        subprocess.run([sys.executable, "-c", child_code(game_id)], check=True)

    with ThreadPoolExecutor(jobs or os.cpu_count() or 1) as pool:
        list(pool.map(one, ids))
    return time.monotonic() - start
