"""The clock the server's time-bound rules read: the per-client limits (``guard``), how long
the computers hold back for people (``people_first``) and the computer seats' leases
(``bots``). One is given to each of them (the real one by default), so a test can hand them a
clock that moves only when it says and check orderings and counts, not wall-clock windows.

The asyncio timers (a computer's pause, the heartbeat's beat) stay on the event loop's own
clock: only what these parts compare against a time of their own goes through here.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Protocol


class Clock(Protocol):
    """Monotonic seconds, and a wait for a condition that may end at a deadline."""

    def monotonic(self) -> float:
        """Seconds from an arbitrary start that never go back (``time.monotonic``)."""
        ...

    def wait_for(
        self, condition: threading.Condition, predicate: Callable[[], bool], timeout: float
    ) -> bool:
        """With ``condition`` held: wait until ``predicate()`` holds (its waker notifies
        ``condition``) or ``timeout`` seconds of this clock have passed; ``predicate()``."""
        ...


class SystemClock:
    """The real clock: ``time.monotonic`` and ``threading.Condition.wait_for``."""

    def monotonic(self) -> float:
        return time.monotonic()

    def wait_for(
        self, condition: threading.Condition, predicate: Callable[[], bool], timeout: float
    ) -> bool:
        return condition.wait_for(predicate, timeout=timeout)


SYSTEM = SystemClock()
"""The clock every part uses unless it is given another."""
