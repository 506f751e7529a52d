"""Sends ``state`` messages to the sockets of a match, in this process or (with Redis) in all.

After a change is stored, :meth:`Hub.changed` is called. Without Redis it sends at once to the
local sockets; with Redis it publishes ``{match_id, version}`` and every process (this one too)
sends to its own sockets when the message comes back. Each process reads the match from the
database, so a message carries no state and cannot be forged into a move.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket
from starlette.concurrency import run_in_threadpool

from .service import Access, Live, MatchService, ServiceError

CHANNEL = "spelkvall:match"
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

    async def start(self) -> None:
        if not self.redis_url:
            return
        import redis.asyncio as aioredis

        self._redis = aioredis.from_url(self.redis_url)
        subscribed = asyncio.Event()
        self._listener = asyncio.create_task(self._listen(subscribed))
        # Start serving only once this process hears the channel, so no change is missed.
        await asyncio.wait_for(subscribed.wait(), timeout=10)

    async def stop(self) -> None:
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
            match_id = str(json.loads(data)["match_id"])
        except (ValueError, KeyError, TypeError):
            return
        if match_id in self._conns:
            await self._fanout(match_id)

    def add(self, conn: Conn) -> None:
        self._conns.setdefault(conn.match_id, set()).add(conn)

    def remove(self, conn: Conn) -> None:
        conns = self._conns.get(conn.match_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self._conns[conn.match_id]

    def connections(self, match_id: str) -> int:
        return len(self._conns.get(match_id, ()))

    async def changed(self, match_id: str, version: int) -> None:
        """A change to ``match_id`` is stored: tell every socket of the match."""
        if self._redis is not None:
            payload = json.dumps({"match_id": match_id, "version": version})
            try:
                await self._redis.publish(CHANNEL, payload)
                return
            except Exception:  # Redis down: at least this process's sockets hear of it.
                log.exception("redis publish failed")
        await self._fanout(match_id)

    async def _fanout(self, match_id: str) -> None:
        conns = list(self._conns.get(match_id, ()))
        if not conns:
            return
        try:
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
            conn.last = message["version"]
            await conn.ws.send_json({"type": "state", **message})
