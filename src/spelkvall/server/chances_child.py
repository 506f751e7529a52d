"""Chance graphs computed in a child process at the lowest CPU priority, when the server is quiet.

A series is thousands of playouts. Computed on a thread of the server, it shares the GIL with
every request, and people's p99 went up from 28–42 ms to 41–64 ms under
``benchmarks/server_load.py`` even with the thread pausing for people's moves in flight. So
:class:`ChildCompute` hands each series to one long-lived child process that runs under
Linux's ``SCHED_IDLE`` policy (or at the lowest ``nice`` where that is not available) and holds
no lock of the server. That alone was not enough: beside a busy server the child still slowed
people's moves, so before each step it waits while the server is busy (:class:`Pacer`).

The child never compiles (``core.kernels.forbid_compiling``, as the server): it loads a game's
kernels from Numba's cache once the server says they are ready there, else it plays out
through the engine. A child that dies (killed, out of memory) is started again for the next
series; the series it was on is not marked failed (:class:`ChildDied`), so asking again
queues it again.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from spelkvall.bots import chances as _chances
from spelkvall.core import MatchRecord, SpelkvallError, get_game, kernels

log = logging.getLogger(__name__)


class ChildDied(RuntimeError):
    """The child process ended while computing a series (it is started again next time)."""


def lowest_priority(pid: int) -> str:
    """Put process ``pid`` under ``SCHED_IDLE``, else at ``nice`` 19; returns which."""
    try:
        os.sched_setscheduler(pid, os.SCHED_IDLE, os.sched_param(0))
        return "SCHED_IDLE"
    except (AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, pid, 19)
        return "nice 19"


BUSY_SHARE = 0.3
"""The server's CPU (a share of one core) above which the child waits before its next step."""
WINDOW = 0.5
"""Seconds over which the server's CPU is measured, and waited at a time while it is busy."""


def cpu_seconds(pid: int) -> float | None:
    """CPU seconds ``pid`` has used (its own threads, not its children), ``None`` where the
    system does not say (not Linux, or the process is gone)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Pacer:
    """Holds the child back while the server works: before each step of a series, if the
    server used more than ``share`` of a core over the last ``window`` seconds, wait until it
    did not. Measured: a child at idle priority that ran beside a busy server still slowed
    people's moves (two virtual cores share more than the scheduler hands out), so under load
    graphs wait for a quieter moment; on a family's evening the server is far below this."""

    def __init__(
        self,
        pid: int,
        *,
        share: float = BUSY_SHARE,
        window: float = WINDOW,
        cpu: Callable[[int], float | None] = cpu_seconds,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.pid, self.share, self.window = pid, share, window
        self._cpu, self._clock, self._sleep = cpu, clock, sleep
        self._since = (clock(), cpu(pid))
        self.waited = 0.0
        """Seconds waited so far."""

    def wait(self) -> None:
        """Return once the server is quiet enough for the next step."""
        while True:
            now, used = self._clock(), self._cpu(self.pid)
            then, before = self._since
            if used is None:
                return  # nothing to go by: the idle priority alone
            if before is None or now - then > 2 * self.window:
                self._since = (now, used)  # an old sample: measure over the next window
            elif now - then < self.window:
                return  # found quiet a moment ago
            else:
                self._since = (now, used)
                if (used - before) / (now - then) <= self.share:
                    return
            self._sleep(self.window)
            self.waited += self.window


def _load(game_id: str) -> None:
    """Load ``game_id``'s kernels from the cache (never compiling); the engine when that fails."""
    if kernels.loaded(game_id):
        return
    try:
        get_game(game_id).warm_up()
    except Exception as exc:  # a signature missing from the cache is refused, not compiled
        kernels.mark_unloaded(game_id)
        log.warning("the chances child plays %s out through the engine: %r", game_id, exc)


def _serve(conn: Connection, lowest: bool, server: int) -> None:
    """The child's loop: one series per request, until the server closes its end."""
    pacer = Pacer(server)
    kernels.forbid_compiling()
    while True:
        try:
            record, seed, max_points, ready = conn.recv()
        except (EOFError, OSError):
            return
        if ready:
            _load(record.game)
        try:
            series = _chances.compute(
                record,
                seed=seed,
                max_points=max_points,
                between=pacer.wait if lowest else None,
                progress=lambda done, total: conn.send(("progress", done, total)),
            )
        except SpelkvallError as exc:
            conn.send(("refused", exc.key, str(exc)))
            continue
        except Exception as exc:
            conn.send(("failed", repr(exc)))
            continue
        conn.send(("done", series.to_json()))


class ChildCompute:
    """``bots.chances.compute`` with the work done in the child (see the module); one series
    at a time, callers wait their turn."""

    def __init__(self, *, lowest: bool = True) -> None:
        self.lowest = lowest
        """Whether the child runs at the lowest priority and waits while the server is busy
        (:class:`Pacer`); off for a server under test, on a machine busy with tests."""
        self._lock = threading.Lock()
        self._process: Any = None
        self._conn: Connection | None = None
        self.started = 0
        """Children started so far (the tests count them)."""

    def __call__(
        self,
        record: MatchRecord,
        *,
        seed: int,
        max_points: int | None = None,
        between: Callable[[], Any] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> _chances.Chances:
        # ``between`` (wait for people's moves) is the scheduler's job in the child.
        del between
        with self._lock:
            conn = self._connection()
            try:
                conn.send((record, seed, max_points, kernels.loaded(record.game)))
                while True:
                    kind, *rest = conn.recv()
                    if kind == "progress":
                        if progress is not None:
                            progress(*rest)
                    elif kind == "done":
                        return _chances.from_json(rest[0])
                    elif kind == "refused":
                        raise SpelkvallError(rest[0], rest[1])
                    else:
                        raise RuntimeError(f"the chances child failed: {rest[0]}")
            except (EOFError, OSError) as exc:
                self._stop()
                raise ChildDied("the chances child ended while computing a series") from exc

    def start(self) -> None:
        """Start the child now (else the first series does)."""
        with self._lock:
            self._connection()

    @property
    def pid(self) -> int | None:
        """The running child's process id (``None`` before the first series)."""
        return None if self._process is None else self._process.pid

    def _connection(self) -> Connection:
        if self._conn is None or self._process is None or not self._process.is_alive():
            self._stop()
            # spawn: a fork of a server with threads and sockets would copy their locks.
            context = multiprocessing.get_context("spawn")
            ours, theirs = context.Pipe()
            process = context.Process(
                target=_serve,
                args=(theirs, self.lowest, os.getpid()),
                name="spelkvall-chances",
                daemon=True,
            )
            process.start()
            if self.lowest and process.pid is not None:
                policy = lowest_priority(process.pid)  # before its imports, not after
                log.info("chance graphs are computed in process %d (%s)", process.pid, policy)
            theirs.close()
            self._process, self._conn = process, ours
            self.started += 1
        return self._conn

    def _stop(self) -> None:
        if self._conn is not None:
            self._conn.close()
        if self._process is not None:
            self._process.join(timeout=1)
            if self._process.is_alive():
                self._process.kill()
                self._process.join()
        self._process = self._conn = None

    def close(self) -> None:
        """End the child (it also ends with the server: it is a daemon process). A series
        under way is not waited for: its caller hears :class:`ChildDied`."""
        if self._lock.acquire(blocking=False):
            try:
                self._stop()
            finally:
                self._lock.release()
        elif (process := self._process) is not None:
            process.kill()
