"""Bad input from a client is one line in the log at warning level, with the reason; a
traceback is kept for our own bugs (#32 item 4)."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

import httpx
from test_server_failover import serve
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from spelkvall.server.quiet_logs import ClientInputFilter


def record_of(exc: BaseException) -> logging.LogRecord:
    try:
        raise exc
    except BaseException:
        info = sys.exc_info()
    return logging.LogRecord(
        "uvicorn.error", logging.ERROR, __file__, 1, "Bad %s.", ("frame",), info
    )


def test_a_client_s_bad_utf8_becomes_one_warning_line_with_the_reason() -> None:
    record = record_of(UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte"))
    assert ClientInputFilter().filter(record)
    assert record.levelno == logging.WARNING and record.exc_info is None
    line = logging.Formatter("%(levelname)s %(message)s").format(record)
    assert line.startswith("WARNING Bad frame. (bad input from a client:")
    assert "\n" not in line and "0xff" in line


def test_our_own_errors_keep_their_traceback() -> None:
    record = record_of(ValueError("a bug of ours"))
    assert ClientInputFilter().filter(record)
    assert record.levelno == logging.ERROR
    assert "Traceback" in logging.Formatter().format(record)


def test_a_served_socket_fed_invalid_utf8_logs_no_traceback(tmp_path: Path) -> None:
    env = {**os.environ, "SPELKVALL_DATABASE_URL": f"sqlite:///{tmp_path}/q.sqlite3"}
    env.pop("SPELKVALL_REDIS_URL", None)
    log = tmp_path / "server.log"
    with serve(env, log) as (base, _):
        made = httpx.post(
            f"{base}/api/matches",
            json={"game": "fia", "mode": "hotseat", "seats": [{"name": "A"}, {"name": "B"}]},
        ).json()
        ws_url = base.replace("http", "ws", 1) + f"/ws/matches/{made['match_id']}"
        closes = []
        for _ in range(5):
            with connect(ws_url) as ws:
                ws.recv(timeout=10)  # the match's state
                ws.send(b"\xff\xfe", text=True)  # a text frame that is not UTF-8
                try:
                    ws.recv(timeout=10)
                except ConnectionClosed as closed:
                    closes.append(closed.rcvd.code if closed.rcvd else None)
        assert closes == [1007] * 5  # refused as the protocol says
        # The server still serves.
        assert httpx.get(f"{base}/api/health").status_code == 200
    text = log.read_text(encoding="utf-8", errors="replace")
    assert text.count("bad input from a client") == 5, text[-3000:]
    assert "Traceback" not in text
