"""Computer seats play by themselves, one background task per match, at a human pace; the
same task keeps the turn timer: when a person's time is up, a computer plays their turn."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from starlette.concurrency import run_in_threadpool

from .hub import Hub
from .service import MatchService, ServiceError

log = logging.getLogger("spelkvall.server")


RETRY_FIRST = 0.5
"""Seconds before the first retry after an unexpected error in a match's computer task."""
RETRY_MAX = 5.0
"""The longest wait between retries: a database back after an outage is used within it."""


class BotRunner:
    def __init__(
        self,
        service: MatchService,
        hub: Hub,
        delay: float = 0.8,
        *,
        retry_first: float = RETRY_FIRST,
        retry_max: float = RETRY_MAX,
    ) -> None:
        self.service = service
        self.hub = hub
        self.delay = delay
        self.retry_first = retry_first
        self.retry_max = retry_max
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._wake: dict[str, asyncio.Event] = {}
        self.failures = 0  # unexpected errors so far (all matches), for tests and logs

    def kick(self, match_id: str) -> None:
        """Something changed in ``match_id``: let its computers act if it is their turn, and
        start its turn timer anew."""
        task = self._tasks.get(match_id)
        if task is not None and not task.done():
            self._again.add(match_id)
            wake = self._wake.get(match_id)
            if wake is not None:
                wake.set()
            return
        self._tasks[match_id] = asyncio.create_task(self._run(match_id))

    async def _run(self, match_id: str) -> None:
        # The task ends only when no computer (and no turn timer) has anything to do, or the
        # match is gone. Any other error (a database away longer than its wait, a bug in a
        # bot) is logged and retried with back-off: a match's computers never stop for good.
        failures = 0
        try:
            while True:
                try:
                    if await self._step(match_id):
                        return
                    failures = 0
                except ServiceError as exc:
                    if exc.status == 404:
                        return
                    if exc.key == "error.stale":
                        # Another process moved first: look again after a breath.
                        log.info("bot step in %s refused: %s", match_id, exc.key)
                        await asyncio.sleep(max(self.delay, 0.05))
                        continue
                    failures += 1
                    await self._back_off(match_id, failures, f"refused: {exc.key}")
                except Exception:
                    failures += 1
                    await self._back_off(match_id, failures, None)
        finally:
            if self._tasks.get(match_id) is asyncio.current_task():
                del self._tasks[match_id]
                self._wake.pop(match_id, None)

    async def _back_off(self, match_id: str, failures: int, why: str | None) -> None:
        self.failures += 1
        wait = min(self.retry_max, self.retry_first * 2 ** (failures - 1))
        if why is None:
            log.exception(
                "computer task of %s failed (%d in a row); retrying in %.1f s",
                match_id,
                failures,
                wait,
            )
        else:
            log.warning(
                "computer task of %s %s (%d in a row); retrying in %.1f s",
                match_id,
                why,
                failures,
                wait,
            )
        await self._sleep(match_id, wait)

    async def _step(self, match_id: str) -> bool:
        """One look at the match: a computer acts, or the task waits for a person or their
        timer. True when there is nothing left to do (the task ends)."""
        self._again.discard(match_id)
        who = await run_in_threadpool(self.service.bot_to_act, match_id)
        if who is None:
            if match_id in self._again:
                return False
            # A person is to act: wait for them, or for their turn timer.
            wait = await run_in_threadpool(self.service.turn_wait, match_id)
            if match_id in self._again:
                return False
            if wait is None:
                return True
            if wait > 0:
                await self._sleep(match_id, wait)
            return False
        # A computer takes a human pace; a shuffle or deal happens at once.
        await asyncio.sleep(self.delay if who == "bot" else 0)
        version = await run_in_threadpool(self.service.bot_step, match_id)
        if version is not None:
            await self.hub.changed(match_id, version)
        return False

    async def _sleep(self, match_id: str, seconds: float) -> None:
        """Sleep until the timer runs out or the match changes (``kick``)."""
        wake = self._wake.setdefault(match_id, asyncio.Event())
        wake.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), timeout=seconds + 0.05)

    async def stop(self) -> None:
        for task in list(self._tasks.values()):
            task.cancel()
        for task in list(self._tasks.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    def idle(self) -> bool:
        return all(task.done() for task in self._tasks.values())
