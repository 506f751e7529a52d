"""The chance-to-win graphs of finished matches, computed in the background, once.

With ``Settings.chances_after_match``, a match that ends in this process is queued here as it
ends (``MatchService.when_over``); a finished match's series is queued by the first request
for it too (one that ended in another process, or before the server started; the win screen
asks as soon as the match is over). One daemon thread takes the queued series one after the
other (``bots.chances``: a fixed number of playouts per step, so a bounded CPU budget, on one
core at most) and stores each (``Store.save_chances``); from then on it is read from the store
and never computed again. A request meanwhile hears how far the computation is.

The playouts run in a child process at the lowest CPU priority that waits while this server
is busy (``chances_child``): people's moves go first, and the playouts never hold this
process's GIL. On a
thread here instead (``Settings.chances_in_child`` off), the thread waits between the steps of
a series for any person's move in flight in this process (``people_first``), as the computer
seats do, but people's p99 still went up under load.
"""

from __future__ import annotations

import hashlib
import logging
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from spelkvall.bots import chances as _chances
from spelkvall.bots.chances import Chances
from spelkvall.core import MatchRecord, SpelkvallError
from spelkvall.core.i18n import register

from .chances_child import ChildDied
from .errors import ServiceError
from .live import OVER
from .service import MatchService

log = logging.getLogger(__name__)

Compute = Callable[..., Chances]
MAX_QUEUE = 64
"""Series waiting at most: beyond it a request is told to come back later (a crawler that
asks for every finished match must not line up hours of playouts)."""
TEST_MODE_POINTS = 30
"""Points of a series in test mode: browser tests wait for graphs of whole matches."""
MAX_FAILED = 1000
"""Matches whose series could not be computed, remembered at most (so none is tried again)."""

register(
    {
        "chances.busy": (
            "Många chansgrafer räknas just nu. Försök igen om en stund.",
            "Many chance graphs are being computed right now. Try again in a while.",
        ),
    }
)


@dataclass
class Progress:
    """Where one queued series is: points done of ``total`` (0 of 0 while it waits)."""

    done: int = 0
    total: int = 0
    error: str | None = None
    """The translation key of why it cannot be computed (then it is not queued again)."""


def seed_of(match_id: str) -> int:
    """The playouts' seed of a match: the same series whichever process computes it."""
    return int.from_bytes(hashlib.sha256(match_id.encode()).digest()[:8], "big")


class ChanceGraphs:
    """Queues, computes and keeps the series of finished matches of one server."""

    def __init__(
        self,
        service: MatchService,
        *,
        compute: Compute | None = None,
        max_points: int | None = None,
    ) -> None:
        self.service = service
        self._compute = compute
        self.max_points = max_points
        """Points of a series at most (``None``: ``bots.chances.MAX_POINTS``)."""
        self._queue: deque[str] = deque()
        self._progress: dict[str, Progress] = {}
        self._lock = threading.Condition()
        self._thread: threading.Thread | None = None
        self.computed = 0
        """Series this object has computed (the tests count them)."""

    def get(self, match_id: str) -> tuple[int, dict[str, Any]]:
        """The answer for ``match_id``: ``(200, series)`` when stored, else ``(202, progress)``
        with the match queued. Raises ``ServiceError`` 409 for a match that is not over (or
        whose series cannot be computed)."""
        live = self.service.live(match_id)
        if live.row.status != OVER:
            raise ServiceError("chances.not_over", "the match is not over", 409)
        stored = self.service.store.chances(match_id)
        if stored is not None:
            return 200, {"status": "ready", **stored}
        with self._lock:
            progress = self._progress.get(match_id) or self._queued(match_id)
            if progress is None:
                raise ServiceError("chances.busy", "too many series queued", 503)
            if progress.error is not None:
                raise ServiceError(progress.error, "no chances for this match", 409)
            ahead = self._queue.index(match_id) if match_id in self._queue else 0
            return 202, {
                "status": "computing",
                "done": progress.done,
                "total": progress.total,
                "queued": ahead,
            }

    def close(self) -> None:
        """End what computes the series (a child process: ``chances_child``) at shutdown."""
        close = getattr(self._compute, "close", None)
        if close is not None:
            close()

    def ended(self, match_id: str) -> None:
        """Queue the series of a match that has just ended (``MatchService.when_over``): it
        is computed whether or not anybody asks. A full queue leaves it to the first request."""
        with self._lock:
            if match_id not in self._progress:
                self._queued(match_id)

    def _queued(self, match_id: str) -> Progress | None:
        """Queue ``match_id`` (the lock held); ``None`` when the queue is full."""
        if len(self._queue) >= MAX_QUEUE:
            return None
        progress = self._progress[match_id] = Progress()
        self._queue.append(match_id)
        self._start()
        self._lock.notify_all()
        return progress

    def _start(self) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="chances", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._queue:
                    self._lock.wait()
                match_id = self._queue[0]
            lost = False
            try:
                self._one(match_id)
            except SpelkvallError as exc:
                with self._lock:
                    self._progress[match_id].error = exc.key
            except ChildDied:
                # Not the match's fault: forgotten, so the next request queues it anew.
                log.warning("the chances child ended on match %s", match_id)
                lost = True
            except Exception:
                log.exception("the chances of match %s failed", match_id)
                with self._lock:
                    self._progress[match_id].error = "error.internal"
            with self._lock:
                self._queue.popleft()
                if lost or self._progress[match_id].error is None:
                    del self._progress[match_id]  # stored: read from the store from now on
                failed = [m for m, p in self._progress.items() if p.error is not None]
                for old in failed[: max(0, len(failed) - MAX_FAILED)]:
                    del self._progress[old]

    def _one(self, match_id: str) -> None:
        if self.service.store.chances(match_id) is not None:
            return  # another process stored it meanwhile
        record: MatchRecord = self.service.record(match_id)
        people = self.service.people

        def progress(done: int, total: int) -> None:
            with self._lock:
                self._progress[match_id].done = done
                self._progress[match_id].total = total

        series = (self._compute or _chances.compute)(
            record,
            seed=seed_of(match_id),
            max_points=self.max_points,
            between=people.computers_wait,
            progress=progress,
        )
        self.computed += 1
        self.service.store.save_chances(match_id, len(record.log), series.to_json())
        log.info(
            "chances of match %s: %d points in %.1f s (%s)",
            match_id,
            len(series.versions),
            series.seconds,
            series.method,
        )
