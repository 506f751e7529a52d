"""Round trip of one move through a real ``spelkvall serve`` process: a WebSocket message in,
engine check, compare-and-set commit, and the ``state`` message back. SQLite in a temp file.

    .venv/bin/python benchmarks/server_latency.py [moves]
"""

from __future__ import annotations

import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.sync.client import connect


def main() -> None:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "SPELKVALL_DATABASE_URL": f"sqlite:///{Path(tmp) / 'lat.sqlite3'}"}
        proc = subprocess.Popen(
            [sys.executable, "-m", "spelkvall", "serve", "--port", str(port)],
            env=env,
            stdout=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(300):
                try:
                    httpx.get(f"{base}/api/health", timeout=1)
                    break
                except httpx.TransportError:
                    time.sleep(0.1)
            times: list[float] = []
            while len(times) < moves:
                made = httpx.post(
                    f"{base}/api/matches",
                    json={
                        "game": "fia",
                        "mode": "hotseat",
                        "seats": [{"name": "A"}, {"name": "B"}],
                    },
                ).json()
                url = f"ws://127.0.0.1:{port}/ws/matches/{made['match_id']}?token={made['token']}"
                with connect(url) as ws:
                    got = json.loads(ws.recv())
                    while got["status"] == "playing" and len(times) < moves:
                        if got["roll_seat"] is not None:
                            msg = {"type": "roll", "version": got["version"]}
                        else:
                            action = got["view"]["legal"][0]["action"]
                            msg = {"type": "act", "version": got["version"], "action": action}
                        start = time.perf_counter()
                        ws.send(json.dumps(msg))
                        got = json.loads(ws.recv())
                        times.append(time.perf_counter() - start)
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(10)
    times.sort()
    print(
        f"{len(times)} moves over WebSocket: median {1000 * statistics.median(times):.1f} ms, "
        f"p95 {1000 * times[int(0.95 * len(times))]:.1f} ms, max {1000 * times[-1]:.1f} ms"
    )


if __name__ == "__main__":
    main()
