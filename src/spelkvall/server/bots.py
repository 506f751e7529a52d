"""Computer seats play by themselves, one background task per match, at a human pace; the
same task keeps the turn timer: when a person's time is up, a computer plays their turn."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import secrets
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from .clock import SYSTEM, Clock
from .hub import Hub
from .service import MatchService, ServiceError

log = logging.getLogger("spelkvall.server")


RETRY_FIRST = 0.5
"""Seconds before the first retry after an unexpected error in a match's computer task."""
RETRY_MAX = 5.0
"""The longest wait between retries: a database back after an outage is used within it."""
LEASE = 2.5
"""Seconds a process's lease on a match's computer seats lasts; it is renewed while the task
works, so a dead process's matches are taken over by another within about this long."""
HEARTBEATS = 4
"""The process renews all its leases in one statement this many times a lease (its heartbeat,
``BotRunner._heartbeat``), instead of each match renewing its own. A match claims its lease
itself only when the heartbeat is late by more than half a lease (a loaded machine)."""


THREADS = 8
"""Worker threads the computer seats of all matches share, on SQLite. The people's requests
have the server's own pool (40 threads): a person's move never queues behind hundreds of
computer steps waiting for a thread, and when the machine is saturated the computers slow
down, not the people."""
THREADS_SHARED = 2
"""The same on a shared database (PostgreSQL, ``--workers``). A batch there is a few round
trips, and a thread must win the GIL back after each: at 1,000 matches, 8 threads took
240 ms a batch (3 ms of it the rules), 2 threads took the process to more moves a second and
a quarter of the people's wait (``docs/performance.md``)."""
BATCH = 32
"""Computer moves due at once that one call in a worker thread plays and stores in one
transaction (``MatchService.bot_turns``); more due at once make several calls. Bounded, so a
person's move on the same database waits for one short transaction at most."""
TICK = 0.01
"""The computers' delays end on a common beat of this many seconds: the moves due in one
beat wake together (one timer, not one per match) and go to the worker threads as one batch.
A computer's delay is at most one beat longer than asked."""

T = TypeVar("T")

ELSEWHERE = object()
"""``BotRunner._step``: another process holds the match's lease."""
UNKNOWN = object()
"""``BotRunner._next``: who acts next is not known (ask)."""


class BotRunner:
    """One task per match whose computers (or turn timer) have something to do.

    Across processes a lease in the database (``Store.claim_runner``) says which process runs
    a match: only the holder acts and gives it up when done; every process looks for leases
    that ran out (their process died) and takes those matches over. The holder renews all its
    leases at once (``Store.renew_runners``, a few times a lease), except a match whose step
    has been stuck for half a lease: that lease runs out, and another process takes the match
    over as if this one had died. Should two ever act at once (a holder that stalled past its
    lease), the match's compare-and-set still lets only one move per version through.

    The tasks do not each hand their move to a worker thread: the moves due in one beat
    (``tick``) are played by one call, ``batch`` matches at most, and stored in one
    transaction (``MatchService.bot_turns``); each match still gets its own answer or error
    (and its own back-off). People's moves never use these threads."""

    def __init__(
        self,
        service: MatchService,
        hub: Hub,
        delay: float = 0.8,
        *,
        retry_first: float = RETRY_FIRST,
        retry_max: float = RETRY_MAX,
        lease: float = LEASE,
        threads: int = THREADS,
        batch: int = BATCH,
        tick: float = TICK,
        clock: Clock = SYSTEM,
    ) -> None:
        self.service = service
        # The leases' own times (held until, busy since) are read from ``clock``; the asyncio
        # timers stay on the loop's.
        self.clock = clock
        self.hub = hub
        self.delay = delay
        self.retry_first = retry_first
        self.retry_max = retry_max
        self.lease = lease
        self.threads = threads
        self.batch = batch
        self.tick = tick
        self._due: list[tuple[str, asyncio.Future[tuple[int | None, str | None]]]] = []
        self._beats: dict[int, list[asyncio.Future[None]]] = {}  # beat -> who waits for it
        self._pool: ThreadPoolExecutor | None = None  # made on first use (``threads``)
        self._leases: ThreadPoolExecutor | None = None
        self.owner = secrets.token_hex(8)
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._again: set[str] = set()
        self._wake: dict[str, asyncio.Event] = {}
        self._persist: set[str] = set()  # matches to watch while another process holds them
        self._held: dict[str, float] = {}  # match -> when our lease runs out (monotonic)
        self._busy: dict[str, float] = {}  # match -> when its running call in a thread began
        self._next: dict[str, str | None] = {}  # match -> bot_to_act after its last step
        self._scanner: asyncio.Task[None] | None = None
        self._heart: asyncio.Task[None] | None = None
        self.failures = 0  # unexpected errors so far (all matches), for tests and logs
        self.refused = 0  # steps the compare-and-set refused (another process moved first)

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in one of the computer seats' own worker threads: a plain executor,
        the cheapest hand-off asyncio has (anyio's ``to_thread`` showed in the profile at
        1,000 matches: its limiter, task and library look-ups on every call)."""
        return await asyncio.get_running_loop().run_in_executor(self._computers(), fn, *args)

    def _computers(self) -> ThreadPoolExecutor:
        """The computer seats' own worker threads (made on first use)."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(self.threads, thread_name_prefix="computers")
        return self._pool

    async def _lease_call(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in the leases' own thread: the heartbeat and the look for dead
        runners never queue behind the computers' steps (a late heartbeat would make every
        match claim its lease itself)."""
        if self._leases is None:
            self._leases = ThreadPoolExecutor(1, thread_name_prefix="leases")
        return await asyncio.get_running_loop().run_in_executor(self._leases, fn, *args)

    async def _match_call(self, match_id: str, fn: Callable[..., T], *args: Any) -> T:
        """``_call`` for one match's work; while it runs the match is busy (``_heartbeat``)."""
        return await self._call(self._running([match_id], fn), *args)

    def _running(self, match_ids: list[str], fn: Callable[..., T]) -> Callable[..., T]:
        """``fn`` marking ``match_ids`` busy from when it starts in its worker thread: a call
        that waits for a free thread (a saturated process) is not stuck, and keeps its lease
        (were it left to run out, the other processes, as busy, would claim the match one by
        one, each a round trip more)."""

        def run(*args: Any) -> T:
            started = self.clock.monotonic()
            for match_id in match_ids:
                self._busy[match_id] = started
            try:
                return fn(*args)
            finally:
                for match_id in match_ids:
                    self._busy.pop(match_id, None)

        return run

    async def start(self) -> None:
        """Start looking for matches whose runner died (leases that ran out), and the
        heartbeat that renews this process's leases."""
        self._scanner = asyncio.create_task(self._scan())
        self._heart = asyncio.create_task(self._heartbeat())

    async def _heartbeat(self) -> None:
        # At a fixed rate: a beat that took long (a loaded database) does not push the next
        # one later, and with it every lease closer to running out.
        loop = asyncio.get_running_loop()
        due = loop.time()
        while True:
            due = max(due + self.lease / HEARTBEATS, loop.time())
            await asyncio.sleep(due - loop.time())
            try:
                await self._beat()
            except Exception:
                log.exception("cannot renew the leases of this process")

    async def _beat(self) -> None:
        """Renew every lease this process holds in one statement, but not that of a match
        whose step is stuck (a bot, a lock): it runs out, and another process takes over."""
        now = self.clock.monotonic()
        ids = [
            match_id
            for match_id in self._held
            if now - self._busy.get(match_id, now) < self.lease / 2
        ]
        if not ids:
            return
        kept = await self._lease_call(self.service.renew_computers, ids, self.owner, self.lease)
        for match_id in ids:
            if match_id not in self._held:
                continue  # given up meanwhile
            if match_id in kept:
                self._held[match_id] = max(self._held[match_id], now + self.lease)
            else:
                del self._held[match_id]  # another process took it: claim it anew to act

    async def _scan(self) -> None:
        while True:
            await asyncio.sleep(self.lease / 5)
            try:
                orphans = await self._lease_call(self.service.orphaned_matches)
            except Exception:
                log.exception("cannot look for matches whose runner died")
                continue
            for match_id in orphans:
                if match_id not in self._tasks:
                    log.info("taking over the computer seats of %s", match_id)
                self.kick(match_id, watch=False)

    def kick(self, match_id: str, *, watch: bool = True) -> None:
        """Something changed in ``match_id``: let its computers act if it is their turn, and
        start its turn timer anew. ``watch``: a change here (a person's move) that must not
        be lost while another process holds the match, so look again until it lets go;
        without it (start-up, a found orphan) leave the match to its holder."""
        self._next.pop(match_id, None)  # the change may hand the move to somebody else
        if watch:
            self._persist.add(match_id)
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
                await self._work(match_id)
                if match_id in self._held:
                    del self._held[match_id]
                    with contextlib.suppress(Exception):  # it runs out by itself anyway
                        await self._call(self.service.release_computers, match_id, self.owner)
                # A change while the lease was given up: look again (claiming it anew).
                if match_id not in self._again:
                    return
        finally:
            if self._tasks.get(match_id) is asyncio.current_task():
                del self._tasks[match_id]
                self._next.pop(match_id, None)
                self._wake.pop(match_id, None)
                self._persist.discard(match_id)
                if match_id in self._held:
                    del self._held[match_id]
                    with contextlib.suppress(Exception):
                        self.service.release_computers(match_id, self.owner)

    async def _claim(self, match_id: str) -> bool:
        """Hold the match's lease: taken in the database when this process does not hold it
        yet, or holds it with less than a quarter left (the heartbeat renews it otherwise: a
        claim a match is a round trip, and under load those were a third of the process's
        time)."""
        now = self.clock.monotonic()
        if self._held.get(match_id, 0.0) - now > self.lease / 4:
            return True
        if await self._call(self.service.claim_computers, match_id, self.owner, self.lease):
            self._held[match_id] = now + self.lease
            return True
        self._held.pop(match_id, None)
        return False

    async def _work(self, match_id: str) -> None:
        # Returns only when no computer (and no turn timer) has anything to do, the match is
        # gone, or another process runs it. Any other error (a database away longer than its
        # wait, a bug in a bot) is logged and retried with back-off: a match's computers
        # never stop for good.
        failures = 0
        while True:
            try:
                done = await self._step(match_id)
                if done is ELSEWHERE:
                    if match_id not in self._persist:
                        return
                    # Another process runs it: look again until it lets go (or dies).
                    await self._sleep(match_id, self.lease / 3)
                    continue
                if done:
                    return
                failures = 0
            except ServiceError as exc:
                if exc.status == 404:
                    return
                if exc.key == "error.stale":
                    # Another process moved first: look again after a breath.
                    self.refused += 1
                    log.info("bot step in %s refused: %s", match_id, exc.key)
                    await asyncio.sleep(max(self.delay, 0.05))
                    continue
                failures += 1
                await self._back_off(match_id, failures, f"refused: {exc.key}")
            except Exception:
                failures += 1
                await self._back_off(match_id, failures, None)

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

    async def _step(self, match_id: str) -> bool | object:
        """One look at the match: a computer acts, or the task waits for a person or their
        timer. True when there is nothing left to do (the task ends), ``ELSEWHERE`` when
        another process holds the match's lease. The lease is taken only when there is
        something to do, so a person's move with no computer to follow writes nothing more."""
        self._again.discard(match_id)
        # The previous step said who acts next, unless something changed since (``kick``).
        who = self._next.pop(match_id, UNKNOWN)
        if who is UNKNOWN:
            who = await self._match_call(match_id, self.service.bot_to_act, match_id)
        if who is None:
            if match_id in self._again:
                return False
            # A person is to act: wait for them, or for their turn timer.
            wait = await self._match_call(match_id, self.service.turn_wait, match_id)
            if match_id in self._again:
                return False
            if wait is None:
                return True
            if not await self._claim(match_id):
                return ELSEWHERE
            if wait > 0:
                # In slices, so the lease is renewed while the timer runs.
                await self._sleep(match_id, min(wait, self.lease / 3))
            return False
        if not await self._claim(match_id):
            return ELSEWHERE
        # A computer takes a human pace; a shuffle or deal happens at once.
        await self._pause(0 if who == "chance" else self.delay)
        if not await self._claim(match_id):
            return ELSEWHERE  # lost the lease meanwhile (this process stalled)
        version, after = await self._turn(match_id, alone=who == "think")
        if match_id not in self._again:
            self._next[match_id] = after
        if version is not None:
            await self.hub.changed(match_id, version)
        return False

    async def _pause(self, seconds: float) -> None:
        """Sleep ``seconds``, ending on the next beat (``tick``) after them: every match that
        waits for the same beat is woken by one timer, and their moves make one batch."""
        if seconds <= 0 or self.tick <= 0:
            await asyncio.sleep(max(seconds, 0))
            return
        loop = asyncio.get_running_loop()
        beat = math.ceil((loop.time() + seconds) / self.tick)
        waiting = self._beats.get(beat)
        if waiting is None:
            waiting = self._beats[beat] = []
            loop.call_at(beat * self.tick, self._ring, beat)
        # A future of its own: a cancelled waiter must not cancel the others' wake-up.
        woken: asyncio.Future[None] = loop.create_future()
        waiting.append(woken)
        await woken

    def _ring(self, beat: int) -> None:
        for woken in self._beats.pop(beat, ()):
            if not woken.done():
                woken.set_result(None)

    async def _turn(self, match_id: str, alone: bool = False) -> tuple[int | None, str | None]:
        """The match's computer moves (``MatchService.bot_turns``), in a batch with the other
        matches whose moves are due now: one hand-off to a worker thread and one transaction
        for up to ``batch`` of them. An error of this match's step is raised here alone.
        A search (``alone``) thinks for up to a second: it gets a call of its own, so it
        never holds up the quick moves of a batch, nor other searches."""
        loop = asyncio.get_running_loop()
        answer: asyncio.Future[tuple[int | None, str | None]] = loop.create_future()
        if alone:
            self._submit([(match_id, answer)])
        else:
            if not self._due:
                # After the tasks already woken (the same beat): they join this batch.
                loop.call_soon(self._flush)
            self._due.append((match_id, answer))
        return await answer

    def _flush(self) -> None:
        due, self._due = self._due, []
        due = [(match_id, answer) for match_id, answer in due if not answer.done()]
        if not due:
            return
        size = max(1, self.batch)
        for start in range(0, len(due), size):
            self._submit(due[start : start + size])

    def _submit(
        self, chunk: list[tuple[str, asyncio.Future[tuple[int | None, str | None]]]]
    ) -> None:
        """One call of ``MatchService.bot_turns`` in a worker thread for ``chunk``."""
        loop = asyncio.get_running_loop()
        match_ids = [match_id for match_id, _a in chunk]
        done = self._computers().submit(self._running(match_ids, self.service.bot_turns), match_ids)

        def back(done: Future[Any]) -> None:
            # One wake-up of the event loop per batch, not one per move.
            with contextlib.suppress(RuntimeError):  # the loop closed (shutting down)
                loop.call_soon_threadsafe(self._answer, chunk, done)

        done.add_done_callback(back)

    @staticmethod
    def _answer(
        chunk: list[tuple[str, asyncio.Future[tuple[int | None, str | None]]]],
        done: Future[list[tuple[int | None, str | None] | Exception]],
    ) -> None:
        if done.cancelled():
            for _match_id, answer in chunk:
                answer.cancel()
            return
        failed = done.exception()
        results: list[Any] = [failed] * len(chunk) if failed is not None else done.result()
        for (_match_id, answer), result in zip(chunk, results, strict=True):
            if answer.done():
                continue  # its task was cancelled meanwhile
            if isinstance(result, BaseException):
                answer.set_exception(result)
            else:
                answer.set_result(result)

    async def _sleep(self, match_id: str, seconds: float) -> None:
        """Sleep until the timer runs out or the match changes (``kick``)."""
        wake = self._wake.setdefault(match_id, asyncio.Event())
        wake.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), timeout=seconds + 0.05)

    async def stop(self) -> None:
        for background in (self._scanner, self._heart):
            if background is not None:
                background.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await background
        for task in list(self._tasks.values()):
            task.cancel()
        for task in list(self._tasks.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        # A step under way in a thread ends (it may still store its move); queued ones never
        # start. A new start makes new pools.
        pools = [pool for pool in (self._pool, self._leases) if pool is not None]
        self._pool = self._leases = None
        for pool in pools:
            await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)

    def idle(self) -> bool:
        return all(task.done() for task in self._tasks.values())
