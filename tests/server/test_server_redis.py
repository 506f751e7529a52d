"""Scale-out: two server processes on one database hear each other's moves through Redis."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import threading
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from typing import Any, TypeVar

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, dice, send

from spelkvall.server import Settings, create_app
from spelkvall.server.hub import CHANNEL

REDIS_ENV = "SPELKVALL_TEST_REDIS_URL"
T = TypeVar("T")


@pytest.fixture
def url() -> str:
    """The test Redis (the test is skipped without one)."""
    found = os.environ.get(REDIS_ENV)
    if not found:
        pytest.skip(f"{REDIS_ENV} is not set (e.g. redis://127.0.0.1:6379/0)")
    return found


def run_apart(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own: a browser test that ran before in the same
    pytest worker leaves Playwright's event loop running in the main thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@dataclass
class TwoServers:
    """Two apps on one database and one Redis, a match made on the first, a socket on each."""

    first: Any
    a: TestClient
    b: TestClient
    match_id: str
    token: str
    on_a: Any
    on_b: Any


@contextlib.contextmanager
def two_servers(settings: Settings, url: str) -> Iterator[TwoServers]:
    """``TwoServers``, each socket past its first state (version 0); the stores closed after."""
    shared = replace(settings, redis_url=url)
    first, second = create_app(shared), create_app(shared)
    with TestClient(first) as a, TestClient(second) as b:
        made = create(a)
        match_id, token = made["match_id"], made["token"]
        with (
            b.websocket_connect(f"/ws/matches/{match_id}") as on_b,
            a.websocket_connect(f"/ws/matches/{match_id}") as on_a,
        ):
            assert on_b.receive_json()["version"] == 0
            assert on_a.receive_json()["version"] == 0
            yield TwoServers(first, a, b, match_id, token, on_a, on_b)
    for app in (first, second):
        app.state.service.store.close()


def test_a_move_on_one_server_reaches_the_sockets_of_another(settings: Settings, url: str) -> None:
    with two_servers(settings, url) as s:
        dice(s.a, s.match_id, 3)
        assert send(s.a, s.match_id, s.token, {"type": "roll", "version": 0}).status_code == 200
        for ws in (s.on_b, s.on_a):
            got = ws.receive_json()
            assert got["version"] == 1
            assert got["log"][0]["events"] == [{"type": "rolloff", "seat": 0, "value": 3}]
        # And back: a move through the second server reaches the first one's socket.
        assert send(s.b, s.match_id, s.token, {"type": "roll", "version": 1}).status_code == 200
        assert s.on_a.receive_json()["version"] == 2
        assert s.on_b.receive_json()["version"] == 2


def test_a_move_reaches_its_own_process_s_sockets_without_the_redis_round_trip(
    settings: Settings, url: str
) -> None:
    # On PostgreSQL a person's move was about ten round trips; two of them were the publish
    # to Redis and back and a read of the row the process had just stored.
    with two_servers(settings, url) as s:
        hub = s.first.state.hub
        release = threading.Event()
        publish = hub._redis.publish

        async def held(*args: Any) -> Any:
            while not release.is_set():
                await asyncio.sleep(0.01)
            return await publish(*args)

        hub._redis.publish = held
        reads = counted_reads(s.first)
        dice(s.a, s.match_id, 3)
        assert send(s.a, s.match_id, s.token, {"type": "roll", "version": 0}).status_code == 200
        assert s.on_a.receive_json()["version"] == 1  # while Redis holds the change
        assert reads == []  # from the copy that made the move
        release.set()
        assert s.on_b.receive_json()["version"] == 1
        # The change came back to the first process too, and its socket had it already:
        # the next thing it hears is the next move, not the same state again.
        assert send(s.b, s.match_id, s.token, {"type": "roll", "version": 1}).status_code == 200
        assert s.on_a.receive_json()["version"] == 2


def counted_reads(app: Any) -> list[str]:
    """The matches ``service.live`` reads for ``app`` from now on."""
    reads: list[str] = []
    service = app.state.service
    live = service.live

    def counted(match_id: str) -> Any:
        reads.append(match_id)
        return live(match_id)

    service.live = counted
    return reads


def test_thousands_of_changes_at_once_reach_redis_in_a_few_messages(
    settings: Settings, url: str, caplog: pytest.LogCaptureFixture
) -> None:
    # Under load a thousand matches change at the same moment. A publish each queued for the
    # pool's connections until they failed ("No connection available"), and a failed publish
    # reaches no other process's sockets: the changes queued meanwhile now share a message.
    import redis.asyncio as aioredis

    app = create_app(replace(settings, redis_url=url))
    hub = app.state.hub
    count = 2000
    expected = {f"m{i}": (7 if i == 0 else i) for i in range(count)}

    def versions(messages: list[dict[str, Any]]) -> dict[str, int]:
        return {m: v for message in messages for m, v in message["changes"]}

    async def publish_all() -> list[dict[str, Any]]:
        listener = aioredis.Redis.from_url(url)
        pubsub = listener.pubsub()
        await pubsub.subscribe(CHANNEL)
        await hub.start()
        messages: list[dict[str, Any]] = []
        try:
            await asyncio.gather(*(hub.changed(f"m{i}", i) for i in range(count)))
            await hub.changed("m0", 7)  # a newer version of a match: the newest counts
            async with asyncio.timeout(10):
                while versions(messages) != expected:
                    got = await pubsub.get_message(ignore_subscribe_messages=True, timeout=1)
                    if got is not None and "changes" in (message := json.loads(got["data"])):
                        messages.append(message)
        finally:
            await hub.stop()
            await pubsub.aclose()
            await listener.aclose()
        return messages

    with caplog.at_level(logging.ERROR, logger="spelkvall.server"):
        messages = run_apart(publish_all())
    assert "redis publish failed" not in caplog.text
    assert versions(messages) == expected
    assert len(messages) <= 3  # not one a change
    app.state.service.store.close()


def test_a_change_reaches_this_process_s_sockets_when_a_publish_fails(
    settings: Settings, url: str, caplog: pytest.LogCaptureFixture
) -> None:
    from redis.exceptions import ConnectionError as RedisDown

    app = create_app(replace(settings, redis_url=url))
    hub = app.state.hub
    told: list[str] = []

    async def fanout(match_id: str, _version: int | None, read: bool = True) -> None:
        if read:  # not the send from this process's own copy, which needs no Redis
            told.append(match_id)

    async def refused(*_args: Any) -> None:
        raise RedisDown("Redis went away")

    async def change() -> None:
        await hub.start()
        hub._fanout = fanout
        hub._redis.publish = refused
        try:
            await hub.changed("m1", 3)
            await hub.changed("m2", 4)
            async with asyncio.timeout(10):
                while len(told) < 2:
                    await asyncio.sleep(0.01)
        finally:
            await hub.stop()

    with caplog.at_level(logging.ERROR, logger="spelkvall.server"):
        run_apart(change())
    assert sorted(told) == ["m1", "m2"]
    assert "redis publish failed (2 changes)" in caplog.text
    app.state.service.store.close()


def test_who_is_here_on_one_server_is_heard_on_another(settings: Settings, url: str) -> None:
    shared = replace(settings, redis_url=url)
    first, second = create_app(shared), create_app(shared)
    with TestClient(first) as a, TestClient(second) as b:
        made = create(a, "online", seats=[{"name": "Anna"}, {"name": None}])
        match_id, anna = made["match_id"], made["token"]
        joined = b.post(f"/api/invites/{made['invites'][0]['token']}/join", json={"name": "Bo"})
        assert joined.status_code == 200, joined.text
        bo = joined.json()["token"]
        with a.websocket_connect(f"/ws/matches/{match_id}?token={anna}") as anna_ws:
            assert anna_ws.receive_json()["online"] == [0]
            with b.websocket_connect(f"/ws/matches/{match_id}?token={bo}") as bo_ws:
                # Anna's word, from Redis: in Bo's first state, or (a loaded machine) next.
                got = bo_ws.receive_json()
                if got["online"] != [0, 1]:
                    assert got["online"] == [1]
                    assert bo_ws.receive_json() == {"type": "presence", "online": [0, 1]}
                while (got := anna_ws.receive_json()).get("type") != "presence":
                    pass  # Bo's join may come first as a state
                assert got == {"type": "presence", "online": [0, 1]}
    for app in (first, second):
        app.state.service.store.close()
