"""Scale-out: two server processes on one database hear each other's moves through Redis."""

from __future__ import annotations

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
