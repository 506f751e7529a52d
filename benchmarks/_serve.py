"""A real ``spelkvall serve`` on a free port of 127.0.0.1 for the server benchmarks."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx


@contextlib.contextmanager
def serve(settings: dict[str, str]) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """Start the server with these ``SPELKVALL_*`` settings on top of the environment (and no
    Redis unless they name one), wait until it answers, yield (process, base URL), and stop it
    at the end."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, **settings}
    if "SPELKVALL_REDIS_URL" not in settings:
        env.pop("SPELKVALL_REDIS_URL", None)
    command = [sys.executable, "-m", "spelkvall", "serve", "--host", "127.0.0.1"]
    proc = subprocess.Popen(
        [*command, "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        start_new_session=True,  # its workers are ended with it (below)
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"{base}/api/health", timeout=1)
                break
            except httpx.TransportError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise SystemExit("the server did not start") from None
                time.sleep(0.1)
        yield proc, base
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)
        # A supervisor that was killed leaves its workers running: end the whole session.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
