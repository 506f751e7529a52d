"""Python's cyclic garbage collector in a serving process.

A server holds hundreds of live matches (their states, logs and copies), and every move
makes new objects that outlive the youngest generations. The collector then walks the whole
heap (a full collection) every few seconds: measured at 1,000 live matches, 125–213 ms each
time with nothing to collect, while every request of the process waits. Those pauses were
the people's p99 round trip (`docs/performance.md`).

Freezing what start-up made (modules, the compiled simulators, the app) takes it out of every
later collection, and a larger first threshold makes full collections rarer. Objects still
go the moment their last reference does (reference counting); only cyclic garbage waits for
the next, rarer, full collection.
"""

from __future__ import annotations

import gc
import logging
import time
from typing import Any

log = logging.getLogger("spelkvall.server")

THRESHOLDS = (50_000, 20, 20)
"""(allocations before a young collection, young collections before a middle one, middle ones
before a full one): 700, 10, 10 by default."""

SLOW = 0.05
"""A collection longer than this many seconds is logged."""


def tune(thresholds: tuple[int, int, int] = THRESHOLDS) -> None:
    """Freeze what exists now and set the thresholds; log every slow collection."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*thresholds)
    if _log_slow not in gc.callbacks:
        gc.callbacks.append(_log_slow)


_started = 0.0


def _log_slow(phase: str, info: dict[str, Any]) -> None:
    global _started
    if phase == "start":
        _started = time.perf_counter()
        return
    took = time.perf_counter() - _started
    if took > SLOW:
        log.warning(
            "garbage collection of generation %d took %.0f ms (%d collected)",
            info["generation"],
            took * 1000,
            info["collected"],
        )
