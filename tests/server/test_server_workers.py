"""``spelkvall serve --workers N``: several processes on one port, sharing PostgreSQL and
fanning out through Redis; refused without Redis."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import httpx
from test_server_failover import pg_and_redis, serve
from websockets.sync.client import connect

COMPUTERS = [{"bot": "random"}, {"bot": "random"}]


def test_workers_without_redis_are_refused_in_words(tmp_path: object) -> None:
    env = {**os.environ, "SPELKVALL_DATABASE_URL": f"sqlite:///{tmp_path}/w.sqlite3"}
    env.pop("SPELKVALL_REDIS_URL", None)
    done = subprocess.run(
        [sys.executable, "-m", "spelkvall", "serve", "--workers", "2"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "SPELKVALL_REDIS_URL" in done.stderr


def test_two_workers_play_matches_to_the_end_and_every_socket_hears_them() -> None:
    with (
        pg_and_redis(SPELKVALL_BOT_DELAY="0.02", SPELKVALL_WORKERS="2") as env,
        serve(env) as (base, _),
    ):
        made = [
            httpx.post(
                f"{base}/api/matches",
                json={"game": "fia", "mode": "hotseat", "seats": COMPUTERS},
            ).json()["match_id"]
            for _ in range(4)
        ]
        # A socket (on whichever worker accepts it) follows a match to its end.
        ws_base = base.replace("http", "ws", 1)
        # It waits for the end as long as the whole match may take: a silence alone is no
        # failure (a busy CI machine once kept this socket waiting 30 s); a change it never
        # hears is. The longest silence is printed.
        with connect(f"{ws_base}/ws/matches/{made[0]}") as ws:
            status = "playing"
            deadline = time.monotonic() + 120
            heard, silence = time.monotonic(), 0.0
            while status != "over":
                left = deadline - time.monotonic()
                assert left > 0, "the socket did not hear the end"
                try:
                    message = json.loads(ws.recv(timeout=left))
                except TimeoutError:
                    raise AssertionError("the socket did not hear the end") from None
                silence, heard = max(silence, time.monotonic() - heard), time.monotonic()
                status = message.get("status", status)
            print(f"longest silence on the socket: {silence:.2f} s")
        deadline = time.monotonic() + 120
        for match_id in made:
            while httpx.get(f"{base}/api/matches/{match_id}").json()["status"] != "over":
                assert time.monotonic() < deadline, "a match froze"
                time.sleep(0.2)
