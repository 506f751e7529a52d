"""Sends ``state`` messages to the sockets of a match, in this process or (with Redis) in all,
and says who is here: ``presence`` messages.

After a change is stored, :meth:`Hub.changed` is called. A move's change sends at once to
this process's sockets of the match, from the copy that made it. With Redis the change is also
queued, and one publisher sends every change queued meanwhile as one message
``{changes: [[match_id, version], ...]}``; every process sends to those of its sockets that
have not seen that version when the message comes back, reading the match from the database
unless its own copy has reached it. A change without a move (a seat joined, a stand-in, the
match called off) has no version (``null``): every socket hears it, read from the database.
A message carries no state and cannot be forged into a move.

A process's own sockets do not wait for the Redis round trip and a read of the row they
already have: on PostgreSQL a person's move was about ten round trips, and these were two.

One message per round trip rather than one per change: at 1,000 live matches the changes came
faster than a publish each could carry them (they queued for the pool's connections for
seconds, then failed), and the computer seats waited on them.

Presence: a seat is online while a socket of a token for it is open (a device token counts for
every person at the device), and for ``PRESENCE_GRACE`` seconds after the last one closed, so a
reload is not a departure. With Redis every process publishes its own sockets' seats
(``{match_id, process, online}``) on each change and every ``PRESENCE_BEAT`` seconds; another
process's word counts for ``PRESENCE_TTL`` seconds, so a process that died is forgotten.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket
from starlette.concurrency import run_in_threadpool

from .service import Access, Live, MatchService, ServiceError

CHANNEL = "spelkvall:match"
REDIS_CONNECTIONS = 8
"""Connections to Redis a process opens at most: the changes' publisher, presence and the
subscription (publishes beyond wait for a free one)."""
REDIS_WAIT = 10.0
"""Seconds a publish waits for a free connection before it fails (and only this process's
sockets hear of the change)."""
PRESENCE_GRACE = 3.0
PRESENCE_BEAT = 20.0
PRESENCE_TTL = 60.0
log = logging.getLogger("spelkvall.server")


@dataclass(eq=False)
class Conn:
    """One open socket: who it is (access), its language, and the last version it was sent."""

    ws: WebSocket
    match_id: str
    access: Access
    lang: str
    last: int = 0
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    # Until its first state is sent, a change for it is only marked: ``Hub.open`` sends again.
    ready: bool = False
    missed: bool = False

    async def send(self, message: dict[str, Any]) -> None:
        async with self.lock:
            await self.ws.send_json(message)


class Hub:
    def __init__(self, service: MatchService, redis_url: str | None = None) -> None:
        self.service = service
        self.redis_url = redis_url
        self._conns: dict[str, set[Conn]] = {}
        self._redis: Any = None
        self._listener: asyncio.Task[None] | None = None
        self._beat: asyncio.Task[None] | None = None
        self.process = secrets.token_hex(6)
        # When each seat's last socket here closed (monotonic seconds), per match.
        self._left: dict[str, dict[int, float]] = {}
        # Other processes' seats: match -> process -> (seats, when heard).
        self._remote: dict[str, dict[str, tuple[frozenset[int], float]]] = {}
        self._announced: dict[str, list[int]] = {}
        self._published: dict[str, list[int]] = {}
        self._pending: set[asyncio.Task[None]] = set()
        # match -> newest version not yet published (None: a change without a move)
        self._changes: dict[str, int | None] = {}
        self._queued: asyncio.Event | None = None  # made in start(), in the serving loop
        self._publisher: asyncio.Task[None] | None = None
        self._closing = False

    async def start(self) -> None:
        if not self.redis_url:
            return
        import redis.asyncio as aioredis

        # Callers wait for a free connection rather than fail (the plain pool refuses one
        # beyond its size with "Too many connections").
        pool = aioredis.BlockingConnectionPool.from_url(
            self.redis_url, max_connections=REDIS_CONNECTIONS, timeout=REDIS_WAIT
        )
        self._redis = aioredis.Redis.from_pool(pool)
        subscribed = asyncio.Event()
        self._listener = asyncio.create_task(self._listen(subscribed))
        # Start serving only once this process hears the channel, so no change is missed.
        await asyncio.wait_for(subscribed.wait(), timeout=10)
        self._beat = asyncio.create_task(self._heartbeat())
        self._queued = asyncio.Event()
        self._closing = False
        self._publisher = asyncio.create_task(self._publish_changes(self._queued))

    async def stop(self) -> None:
        for task in list(self._pending):
            task.cancel()
        if self._publisher is not None and self._queued is not None:
            # Not cancelled: redis-py may swallow a cancel that comes mid-publish. Told to
            # stop, it publishes what is still queued and ends.
            self._closing = True
            self._queued.set()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self._publisher, timeout=REDIS_WAIT + 1)
            self._publisher = None
        if self._beat is not None:
            self._beat.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._beat
        if self._listener is not None:
            self._listener.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listener
        if self._redis is not None:
            await self._redis.aclose()

    async def _listen(self, subscribed: asyncio.Event) -> None:
        while True:
            try:
                pubsub = self._redis.pubsub()
                await pubsub.subscribe(CHANNEL)
                subscribed.set()
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        await self._on_message(message["data"])
            except asyncio.CancelledError:
                raise
            except Exception:
                # Redis went away: resubscribe; sockets catch up on the next change.
                log.exception("redis subscription lost; retrying")
                await asyncio.sleep(1)

    async def _on_message(self, data: Any) -> None:
        try:
            message = json.loads(data)
            changed = {str(m): None if v is None else int(v) for m, v in message.get("changes", ())}
            present = str(message["match_id"]) if "online" in message else None
        except (ValueError, KeyError, TypeError, IndexError, AttributeError):
            return
        if present is not None:
            await self._on_presence(present, message)
        here = [(m, v) for m, v in changed.items() if m in self._conns]
        # Side by side: one match's slow socket must not hold up the others'.
        await asyncio.gather(*(self._fanout(m, v) for m, v in here))

    async def _on_presence(self, match_id: str, message: dict[str, Any]) -> None:
        process = str(message.get("process", ""))
        if process == self.process:
            return
        try:
            seats = frozenset(int(s) for s in message["online"])
        except (TypeError, ValueError):
            return
        remote = self._remote.setdefault(match_id, {})
        if seats:
            remote[process] = (seats, time.monotonic())
        else:
            remote.pop(process, None)
            if not remote:
                del self._remote[match_id]
        if match_id in self._conns:
            await self._send_presence(match_id)

    async def _heartbeat(self) -> None:
        while True:
            await asyncio.sleep(PRESENCE_BEAT)
            for match_id in list(self._published):
                await self._publish_presence(match_id, force=True)

    async def open(self, conn: Conn) -> None:
        """Add ``conn`` and send it the match as it is now. It is added before the match is
        read: a change stored while the first state is read or sent (a join, whose fan-out the
        socket would otherwise miss) is marked, and the match is read and sent again."""
        self._conns.setdefault(conn.match_id, set()).add(conn)
        conn.missed = True
        while conn.missed:
            conn.missed = False
            live = await run_in_threadpool(self.service.live, conn.match_id)
            await self.send_state(conn, live)
        conn.ready = True

    def remove(self, conn: Conn) -> None:
        conns = self._conns.get(conn.match_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self._conns[conn.match_id]
        still = self._local_seats(conn.match_id, grace=False)
        gone = [seat for seat in conn.access.seats if seat not in still]
        if gone:
            left = self._left.setdefault(conn.match_id, {})
            for seat in gone:
                left[seat] = time.monotonic()
            # Say so once the grace is over, unless the seat came back meanwhile.
            task = asyncio.get_running_loop().create_task(self._after_grace(conn.match_id))
            self._pending.add(task)
            task.add_done_callback(self._pending.discard)

    async def _after_grace(self, match_id: str) -> None:
        await asyncio.sleep(PRESENCE_GRACE + 0.05)
        await self.presence(match_id)

    # --- presence ------------------------------------------------------------------------
    def _local_seats(self, match_id: str, grace: bool = True) -> set[int]:
        seats: set[int] = set()
        for conn in self._conns.get(match_id, ()):
            seats.update(conn.access.seats)
        left = self._left.get(match_id)
        if grace and left:
            now = time.monotonic()
            for seat, when in list(left.items()):
                if now - when < PRESENCE_GRACE:
                    seats.add(seat)
                elif seat not in seats:
                    del left[seat]
            if not left:
                del self._left[match_id]
        return seats

    def online(self, match_id: str) -> list[int]:
        """The seats with somebody here now (or a moment ago), in every process."""
        seats = self._local_seats(match_id)
        now = time.monotonic()
        for remote_seats, heard in self._remote.get(match_id, {}).values():
            if now - heard < PRESENCE_TTL:
                seats.update(remote_seats)
        return sorted(seats)

    async def presence(self, match_id: str, joined: Conn | None = None) -> None:
        """Somebody came or went: tell the other processes and this match's sockets (not
        ``joined``, the socket that just came: its first state says who is here)."""
        await self._publish_presence(match_id)
        await self._send_presence(match_id, joined)

    async def _publish_presence(self, match_id: str, force: bool = False) -> None:
        if self._redis is None:
            return
        local = sorted(self._local_seats(match_id))
        if not force and self._published.get(match_id) == local:
            return
        if local:
            self._published[match_id] = local
        else:
            self._published.pop(match_id, None)
        payload = json.dumps({"match_id": match_id, "process": self.process, "online": local})
        try:
            await self._redis.publish(CHANNEL, payload)
        except Exception:  # Redis down: the others hear of it with the next beat
            log.exception("redis publish failed")

    async def _send_presence(self, match_id: str, joined: Conn | None = None) -> None:
        conns = [c for c in self._conns.get(match_id, ()) if c is not joined]
        if match_id not in self._conns:
            self._announced.pop(match_id, None)
            return
        online = self.online(match_id)
        if self._announced.get(match_id, []) == online:
            return
        self._announced[match_id] = online
        for conn in conns:
            with contextlib.suppress(Exception):  # a closed socket is removed by its handler
                await conn.send({"type": "presence", "online": online})

    def connections(self, match_id: str) -> int:
        return len(self._conns.get(match_id, ()))

    async def changed(self, match_id: str, version: int | None = None) -> None:
        """A change to ``match_id`` is stored: a move of this process's (the ``version`` it
        stored) or, ``None``, seats or status without a move. Tells every socket of the
        match: this process's at once, with Redis the others' with the next publish."""
        if self._publisher is None or self._queued is None:
            await self._fanout(match_id, version)
            return
        queued = self._changes.get(match_id, 0)
        self._changes[match_id] = (
            None if version is None or queued is None else max(version, queued)
        )
        self._queued.set()
        if version is not None:
            # Only from the copy: one that left the cache is read when the change comes back.
            await self._fanout(match_id, version, read=False)

    async def _publish_changes(self, queued: asyncio.Event) -> None:
        """The one publisher of this process's changes: each round trip carries every change
        queued while the one before was under way."""
        while True:
            await queued.wait()
            queued.clear()
            changes, self._changes = self._changes, {}
            if changes:
                await self._publish(changes)
            if self._closing:
                return

    async def _publish(self, changes: dict[str, int | None]) -> None:
        payload = json.dumps({"changes": [[m, v] for m, v in changes.items()]})
        try:
            await self._redis.publish(CHANNEL, payload)
        except Exception:  # Redis down: at least this process's sockets hear of it.
            log.exception("redis publish failed (%d changes)", len(changes))
            await asyncio.gather(*(self._fanout(m, v) for m, v in changes.items()))

    async def _fanout(self, match_id: str, version: int | None, read: bool = True) -> None:
        """Send ``match_id`` to its sockets here that have not seen ``version`` (``None``:
        to all): from a copy that has it (a copy this process may trust as it is, or that
        reached the version), which costs no hand-off to a worker thread, else (``read``) as
        read from the database."""
        conns = []
        for conn in self._conns.get(match_id, ()):
            if not conn.ready:
                conn.missed = True
            elif version is None or conn.last < version:
                conns.append(conn)
        if not conns:
            return
        matches = self.service.matches
        try:
            live = matches.trusted(match_id)
            if live is None and version is not None:
                live = matches.reached(match_id, version)
            if live is None:
                if not read:
                    return
                live = await run_in_threadpool(self.service.live, match_id)
        except ServiceError:
            return
        except Exception:  # the database is away: the sockets catch up on the next change
            log.exception("cannot refresh match %s for its sockets", match_id)
            return
        for conn in conns:
            with contextlib.suppress(Exception):  # a closed socket is removed by its handler
                await self.send_state(conn, live)

    async def send_state(self, conn: Conn, live: Live) -> None:
        async with conn.lock:
            message = self.service.state_object(live, conn.access, since=conn.last)
            message["online"] = self.online(conn.match_id)
            conn.last = message["version"]
            await conn.ws.send_json({"type": "state", **message})
