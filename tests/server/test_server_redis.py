"""Scale-out: two server processes on one database hear each other's moves through Redis."""

from __future__ import annotations

import asyncio
import logging
import os
from dataclasses import replace

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, dice, send

from spelkvall.server import Settings, create_app

REDIS_ENV = "SPELKVALL_TEST_REDIS_URL"


def test_a_move_on_one_server_reaches_the_sockets_of_another(settings: Settings) -> None:
    url = os.environ.get(REDIS_ENV)
    if not url:
        pytest.skip(f"{REDIS_ENV} is not set (e.g. redis://127.0.0.1:6379/0)")
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
            dice(a, match_id, 3)
            assert send(a, match_id, token, {"type": "roll", "version": 0}).status_code == 200
            for ws in (on_b, on_a):
                got = ws.receive_json()
                assert got["version"] == 1
                assert got["log"][0]["events"] == [{"type": "rolloff", "seat": 0, "value": 3}]
            # And back: a move through the second server reaches the first one's socket.
            assert send(b, match_id, token, {"type": "roll", "version": 1}).status_code == 200
            assert on_a.receive_json()["version"] == 2
            assert on_b.receive_json()["version"] == 2
    for app in (first, second):
        app.state.service.store.close()


def test_hundreds_of_changes_published_at_once_all_reach_redis(
    settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    # Under load hundreds of matches publish at the same moment: they queue for the
    # process's few connections instead of failing (a failed publish reaches no other
    # process's sockets).
    url = os.environ.get(REDIS_ENV)
    if not url:
        pytest.skip(f"{REDIS_ENV} is not set (e.g. redis://127.0.0.1:6379/0)")
    app = create_app(replace(settings, redis_url=url))
    hub = app.state.hub

    async def publish_all() -> None:
        await hub.start()
        try:
            await asyncio.gather(*(hub.changed(f"m{i}", i) for i in range(400)))
        finally:
            await hub.stop()

    with caplog.at_level(logging.ERROR, logger="spelkvall.server"):
        asyncio.run(publish_all())
    assert "redis publish failed" not in caplog.text
    app.state.service.store.close()
