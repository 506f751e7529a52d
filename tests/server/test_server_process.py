"""The real server process: play, SIGKILL, restart — the game goes on from the last move."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from server_helpers import NO_REQUEST_LIMITS
from websockets.sync.client import connect


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(db: Path) -> Iterator[str]:
    port = free_port()
    env = {
        **os.environ,
        "SPELKVALL_DATABASE_URL": f"sqlite:///{db}",
        "SPELKVALL_BOT_DELAY": "0",
        **NO_REQUEST_LIMITS,
    }
    env.pop("SPELKVALL_REDIS_URL", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "spelkvall", "serve", "--port", str(port), "--test-mode"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, proc.stdout.read().decode()  # type: ignore[union-attr]
            try:
                if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "server did not start"
            time.sleep(0.1)
        yield base
    finally:
        # SIGKILL: no shutdown handler runs, as in a crash or power cut.
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)


def next_message(got: dict[str, Any]) -> dict[str, Any]:
    if got["roll_seat"] is not None:
        return {"type": "roll", "version": got["version"]}
    return {"type": "act", "version": got["version"], "action": got["view"]["legal"][0]["action"]}


def test_a_killed_server_resumes_the_match_from_the_last_accepted_move(tmp_path: Path) -> None:
    db = tmp_path / "spelkvall.sqlite3"
    with server(db) as base:
        made = httpx.post(
            f"{base}/api/matches",
            json={"game": "fia", "mode": "hotseat", "seats": [{"name": "Anna"}, {"name": "Bo"}]},
        ).json()
        match_id, token = made["match_id"], made["token"]
        # Roll-off Anna 6, Bo 1; Anna rolls 6 and must move, then whatever the RNG gives.
        httpx.post(f"{base}/api/test/matches/{match_id}/dice", json={"values": [6, 1, 6]})
        ws_base = base.replace("http", "ws")
        with connect(f"{ws_base}/ws/matches/{match_id}?token={token}") as ws:
            got = json.loads(ws.recv(timeout=5))
            # At least 12 actions, and stop where a die is due: the next action after the
            # restart is then drawn by the server, and must be the same draw on both copies.
            while got["version"] < 12 or got["roll_seat"] is None:
                ws.send(json.dumps(next_message(got)))
                got = json.loads(ws.recv(timeout=5))
                assert got["type"] == "state", got
        before = httpx.get(f"{base}/api/matches/{match_id}?token={token}").json()
        assert before["version"] == got["version"] >= 12 and before["roll_seat"] is not None
    # Two copies of the database as the kill left it: both must continue identically.
    copy = tmp_path / "copy.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        if Path(f"{db}{suffix}").exists():
            shutil.copy(f"{db}{suffix}", f"{copy}{suffix}")

    continued = []
    for path in (db, copy):
        with server(path) as base:
            after = httpx.get(f"{base}/api/matches/{match_id}?token={token}").json()
            # Who is connected is not stored: a fresh process has seen nobody yet.
            assert {**after, "online": None} == {**before, "online": None}
            message = next_message(after)
            sent = httpx.post(f"{base}/api/matches/{match_id}/actions?token={token}", json=message)
            assert message["type"] == "roll"
            assert sent.json() == {"ok": True, "version": before["version"] + 1}
            last = httpx.get(f"{base}/api/matches/{match_id}?token={token}").json()["log"][-1]
            continued.append(last)
    assert continued[0] == continued[1]
