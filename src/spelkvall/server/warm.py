"""Compile the games' fast simulators in a child process.

Numba compiles while holding the GIL: a server that compiles in one of its own threads
answers nobody for seconds at a time (measured: a person's move round trip at p99 2.9 s while
a fresh install compiled, against tens of milliseconds after). The child compiles every
kernel into Numba's on-disk cache and exits; the server then only loads them from there.

:func:`compile_in_child` runs :func:`compile_here` in a fresh interpreter.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from spelkvall.bots.advisor import warm_up as warm_advice
from spelkvall.core import ADVICE, FAST_SIMULATOR, all_games

log = logging.getLogger(__name__)


def child_code(game_id: str | None = None) -> str:
    """The code a child runs to compile every game's kernels (or ``game_id``'s); it stops
    when this process is gone."""
    return (
        "from spelkvall.server.warm import compile_here; "
        f"compile_here({game_id!r}, parent={os.getpid()})"
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


CHILD_TIMEOUT = 900.0
"""Seconds the child may compile (a fresh install compiles every game's kernels: minutes on a
busy 2-core machine); past that, the server compiles in process as before."""


def compile_here(game_id: str | None = None, parent: int | None = None) -> None:
    """Load or compile every game's fast simulator (or ``game_id``'s only) in this process;
    with ``parent``, give up once that process is gone."""
    if parent is not None:
        exit_when_orphaned(parent)
    for game in all_games():
        if game_id is not None and game.id != game_id:
            continue
        if FAST_SIMULATOR in game.capabilities:
            game.warm_up()
        if ADVICE in game.capabilities:
            warm_advice(game)


def compile_in_child(timeout: float = CHILD_TIMEOUT) -> bool:
    """Compile in a child process and wait for it; False when it failed (the caller then
    compiles in process, which still works, only with pauses)."""
    start = time.monotonic()
    try:
        done = subprocess.run(
            [sys.executable, "-c", child_code()],
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.warning("compiling the fast simulators in a child process failed: %s", exc)
        return False
    if done.returncode != 0:
        log.warning(
            "compiling the fast simulators in a child process failed (exit %s): %s",
            done.returncode,
            done.stderr.strip()[-2000:],
        )
        return False
    log.info("fast simulators compiled in a child process in %.1f s", time.monotonic() - start)
    return True


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
