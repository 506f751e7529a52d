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


class BotRunner:
    def __init__(self, service: MatchService, hub: Hub, delay: float = 0.8) -> None:
        self.service = service
        self.hub = hub
        self.delay = delay
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._wake: dict[str, asyncio.Event] = {}

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
        try:
            while True:
                self._again.discard(match_id)
                who = await run_in_threadpool(self.service.bot_to_act, match_id)
                if who is None:
                    if match_id in self._again:
                        continue
                    # A person is to act: wait for them, or for their turn timer.
                    wait = await run_in_threadpool(self.service.turn_wait, match_id)
                    if match_id in self._again:
                        continue
                    if wait is None:
                        return
                    if wait > 0:
                        await self._sleep(match_id, wait)
                    continue
                # A computer takes a human pace; a shuffle or deal happens at once.
                await asyncio.sleep(self.delay if who == "bot" else 0)
                try:
                    version = await run_in_threadpool(self.service.bot_step, match_id)
                except ServiceError as exc:
                    # Another process moved first (stale): look again after a breath.
                    log.info("bot step in %s refused: %s", match_id, exc.key)
                    await asyncio.sleep(max(self.delay, 0.05))
                    continue
                if version is not None:
                    await self.hub.changed(match_id, version)
        except Exception:
            log.exception("bot task for %s failed", match_id)
        finally:
            if self._tasks.get(match_id) is asyncio.current_task():
                del self._tasks[match_id]
                self._wake.pop(match_id, None)

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
