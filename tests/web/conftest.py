"""Browser tests: Playwright drives Debian's Chromium against a real `spelkvall serve` process.

The server runs in --test-mode (scripted dice) on a free port with a temporary SQLite file and
computers that do not wait. Tests skip with a reason when Chromium or Playwright is missing.
``relay_server`` / ``relay_page`` are the same with Stafett, a game of the test tree only,
registered by ``serve_with_relay.py`` (it has no page of its own: the generic page plays it).
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

if not CHROMIUM.exists():
    pytest.skip(
        f"browser tests need Chromium at {CHROMIUM} (apt-get install chromium)",
        allow_module_level=True,
    )
sync_api = pytest.importorskip(
    "playwright.sync_api", reason="browser tests need Playwright: pip install -e '.[test]'"
)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """A running server process and small helpers for its REST API."""

    def __init__(self, base: str) -> None:
        self.base = base

    def request(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            self.base + path,
            data=data,
            method=method,
            headers={"Content-Type": "application/json"} if data else {},
        )
        with urllib.request.urlopen(req, timeout=10) as response:
            return json.loads(response.read())

    def dice(self, match_id: str, values: list[int], *, replace: bool = False) -> None:
        """Queue the next die outcomes of a match (test mode only); ``replace`` drops those
        still queued."""
        body = {"values": values, "replace": replace}
        self.request("POST", f"/api/test/matches/{match_id}/dice", body)


def _serve(tmp: Path, command: list[str]) -> Iterator[Server]:
    """Run ``command`` plus the server arguments (test mode, a free port, a fresh SQLite
    file) until the generator is closed; yields when the server answers."""
    port = _free_port()
    # The per-client request limits stay on, at four times their defaults: every test's
    # pages come from one address, one test after another, which one real page never does
    # (tests/server/test_server_limits.py replays a real page's requests on the defaults).
    env = {
        **os.environ,
        "SPELKVALL_BOT_DELAY": "0",
        "SPELKVALL_LIMIT_REQUESTS": "40",
        "SPELKVALL_LIMIT_HEAVY": "8",
    }
    env.pop("SPELKVALL_REDIS_URL", None)
    log = (tmp / "server.log").open("w")
    process = subprocess.Popen(
        [
            *command,
            "--test-mode",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--database-url",
            f"sqlite:///{tmp / 'web.sqlite3'}",
        ],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(base + "/api/health", timeout=1) as response:
                if json.loads(response.read()).get("test_mode"):
                    break
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            log.close()
            pytest.fail("the server did not start:\n" + (tmp / "server.log").read_text())
        time.sleep(0.2)
    try:
        yield Server(base)
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``spelkvall serve`` with the games of the package."""
    yield from _serve(
        tmp_path_factory.mktemp("web-server"), [sys.executable, "-m", "spelkvall", "serve"]
    )


@pytest.fixture(scope="session")
def relay_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The same server with Stafett (``tests/core/relay_game.py``, a game of the test tree
    only) registered too: ``serve_with_relay.py``."""
    launcher = Path(__file__).with_name("serve_with_relay.py")
    yield from _serve(tmp_path_factory.mktemp("relay-server"), [sys.executable, str(launcher)])


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


def _pages(browser: Any, server: Server) -> Iterator[Any]:
    contexts = []
    errors: list[str] = []

    def make(**options: Any) -> Any:
        options.setdefault("viewport", {"width": 1200, "height": 900})
        context = browser.new_context(base_url=server.base, **options)
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return page

    yield make
    for context in contexts:
        context.close()
    assert errors == [], f"JavaScript errors in the page: {errors}"


@pytest.fixture
def new_page(browser: Any, server: Server) -> Iterator[Any]:
    """Make pages in fresh browser contexts (own localStorage); page errors fail the test."""
    yield from _pages(browser, server)


@pytest.fixture
def relay_page(browser: Any, relay_server: Server) -> Iterator[Any]:
    """``new_page`` against the server that knows Stafett."""
    yield from _pages(browser, relay_server)
