"""Guards ahead of the routes: security headers on every HTTP answer, request bodies
limited while they stream in, per-client rate limits (token buckets), and addresses with
control characters (a NUL, which PostgreSQL refuses in text) refused before any route.

A client is its address as the server sees it (``scope["client"]``); behind a reverse proxy
every client shares the proxy's address, so the limits must then be raised (or the proxy
limits instead). Each limit is a setting; 0 switches it off.
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote_to_bytes

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .clock import SYSTEM, Clock

CSP = (
    "default-src 'self'; "
    "script-src 'self'; "
    # The client sets positions and colours in style attributes (no build step, no hashes).
    "style-src 'self' 'unsafe-inline'; "
    # The tab's icon is an SVG data: URL drawn by alerts.js.
    "img-src 'self' data:; "
    "connect-src 'self'; "
    "font-src 'self'; "
    "object-src 'none'; "
    "base-uri 'self'; "
    "form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The Content-Security-Policy of every answer: the no-build-step client loads only its own
ES modules and styles; nothing may frame it."""

TEST_MODE_CSP = CSP.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'")
"""With ``--test-mode`` only: Playwright's ``wait_for_function`` evaluates its string in the
page, which a strict policy forbids. The client itself never evaluates strings (a test checks
its source), so everything else the browser tests see is the real policy."""


def security_headers(csp: str) -> tuple[tuple[bytes, bytes], ...]:
    return (
        (b"content-security-policy", csp.encode()),
        (b"x-content-type-options", b"nosniff"),
        (b"x-frame-options", b"DENY"),
        (b"referrer-policy", b"same-origin"),
    )


Refuse = Callable[[Scope, str, dict[str, Any]], bytes]
"""Renders a refusal (translation key, params) as the documented JSON error body."""

DRAIN_MAX = 8 * 1024 * 1024
"""A body refused for its Content-Length is still read (and dropped) up to this size before
the 413: a server that closes with the body unread makes the kernel reset the connection,
and the client then often never sees the answer. Larger bodies are refused unread."""
DRAIN_SECONDS = 10.0
"""How long that reading may take at most (a slow client gets the 413 unread after it)."""

_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
"""Control characters (C0, DEL, C1): no path or query value of the API holds one, and a NUL
reaching PostgreSQL is an error of the database, not a 404."""

CONTROL_WHY = "control character in the address"
"""``params.why`` of the 400 for such an address."""


def control_in_address(scope: Scope) -> bool:
    """Whether the request's path or query string (percent-decoded) holds a control
    character. Letters beyond ASCII (å, ä, ö, emoji) are no control characters."""
    if _CONTROL.search(scope.get("path", "")):
        return True
    query: bytes = scope.get("query_string", b"")
    if not query:
        return False
    decoded = unquote_to_bytes(query).decode("utf-8", "replace")
    return _CONTROL.search(decoded) is not None


class RateLimit:
    """Token buckets per client: ``rate`` tokens a second, at most ``burst`` saved up.
    Thread-safe; buckets that are full again are dropped, so idle clients cost nothing."""

    def __init__(self, rate: float, burst: float, *, clock: Clock = SYSTEM) -> None:
        self.rate = rate
        self.burst = max(burst, 1.0)
        self.clock = clock
        self._buckets: dict[str, tuple[float, float]] = {}  # client -> (tokens, when)
        self._lock = threading.Lock()
        self._swept = clock.monotonic()

    @property
    def on(self) -> bool:
        return self.rate > 0

    def take(self, client: str) -> float:
        """Take one token for ``client``: 0 when allowed, else seconds until one is free."""
        if not self.on:
            return 0.0
        now = self.clock.monotonic()
        with self._lock:
            tokens, when = self._buckets.get(client, (self.burst, now))
            tokens = min(self.burst, tokens + (now - when) * self.rate)
            if tokens < 1.0:
                self._buckets[client] = (tokens, now)
                return (1.0 - tokens) / self.rate
            self._buckets[client] = (tokens - 1.0, now)
            if now - self._swept > 60:
                self._sweep(now)
        return 0.0

    def _sweep(self, now: float) -> None:
        self._swept = now
        full = [
            c
            for c, (tokens, when) in self._buckets.items()
            if tokens + (now - when) * self.rate >= self.burst
        ]
        for client in full:
            del self._buckets[client]


class Counter:
    """Open things per client (WebSockets), at most ``limit`` each (0: no limit)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._open: dict[str, int] = {}
        self._lock = threading.Lock()

    def acquire(self, client: str) -> bool:
        with self._lock:
            n = self._open.get(client, 0)
            if self.limit and n >= self.limit:
                return False
            self._open[client] = n + 1
            return True

    def release(self, client: str) -> None:
        with self._lock:
            n = self._open.get(client, 0) - 1
            if n > 0:
                self._open[client] = n
            else:
                self._open.pop(client, None)

    def count(self, client: str) -> int:
        return self._open.get(client, 0)


REQUESTS_BURST = 5.0
"""A client's requests bucket holds this many seconds' worth: a page that opens asks for its
games, match, texts and server at once, and a family's devices share one address."""
HEAVY_BURST = 10.0
"""Seconds' worth the heavy bucket holds: a replay opened, downloaded and Tips asked twice."""

_HEAVY = re.compile(r"^/api/(replays|matches/[^/]+/(replay|record|advice))$")
"""The routes whose answer costs CPU beyond a read of a row: a replay (every step's state), a
match file, an uploaded one, Tips (a second of playouts). Their refusals count too."""


def heavy(path: str) -> bool:
    """Whether ``path`` is one of the :data:`_HEAVY` routes."""
    return _HEAVY.match(path.rstrip("/")) is not None


@dataclass
class Limits:
    """The per-client limits of one app (``Settings``): new matches, messages (moves, rolls,
    pings), open sockets, every request to the API, and the heavy requests among them."""

    creates: RateLimit
    messages: RateLimit
    sockets: Counter
    requests: RateLimit
    heavy: RateLimit

    @classmethod
    def of(
        cls,
        creates_per_minute: float,
        messages_per_second: float,
        sockets: int,
        requests_per_second: float = 0.0,
        heavy_per_second: float = 0.0,
        *,
        clock: Clock = SYSTEM,
    ) -> Limits:
        """The limits of these settings, their buckets timed by ``clock``."""
        return cls(
            creates=RateLimit(creates_per_minute / 60.0, creates_per_minute, clock=clock),
            messages=RateLimit(messages_per_second, 2 * messages_per_second, clock=clock),
            sockets=Counter(sockets),
            requests=RateLimit(
                requests_per_second, REQUESTS_BURST * requests_per_second, clock=clock
            ),
            heavy=RateLimit(heavy_per_second, HEAVY_BURST * heavy_per_second, clock=clock),
        )

    def wait(self, method: str, path: str, client: str) -> float:
        """Take the tokens an HTTP request to ``path`` needs: 0 when it may go on, else the
        seconds until it may. Every API request takes one of ``requests``; a heavy one one
        of ``heavy`` too; a new match one of ``creates`` too. The web client's own files are
        not counted (the browser caches them)."""
        if not path.startswith("/api/"):
            return 0.0
        wait = self.requests.take(client)
        if wait == 0 and heavy(path):
            wait = self.heavy.take(client)
        if wait == 0 and method == "POST" and path.rstrip("/") == "/api/matches":
            wait = self.creates.take(client)
        return wait


def client_of(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "?"


def retry_after(seconds: float) -> int:
    """Whole seconds for ``Retry-After`` (at least 1)."""
    return max(1, math.ceil(seconds))


class Guard:
    """ASGI middleware: security headers on every HTTP answer, the body limit while the body
    streams in (a body without Content-Length, e.g. chunked, is read up to the limit and
    then refused: a missing length never counts as 0), the per-client request limits
    (:meth:`Limits.wait`), and a
    control character in the path or query refused (HTTP: 400 ``error.bad_request``; a
    WebSocket: an ``error`` message, then closed with 4400) before any route sees it."""

    def __init__(
        self,
        app: ASGIApp,
        *,
        max_body: int,
        limits: Limits,
        refuse: Refuse,
        csp: str = CSP,
        large: dict[str, int] | None = None,
    ) -> None:
        self.app = app
        self.headers = security_headers(csp)
        self.max_body = max_body
        # Paths whose bodies may be larger (an uploaded match record), with their own limit.
        self.large = dict(large or {})
        self.limits = limits
        self.refuse = refuse

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket" and control_in_address(scope):
            await self._refuse_socket(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *self.headers]
            await send(message)

        if control_in_address(scope):
            await self._refuse(scope, send_with_headers, 400, "error.bad_request")
            return
        limit = self.large.get(scope["path"].rstrip("/"), self.max_body)
        length = _header(scope, b"content-length")
        if length is not None:
            if not length.isdigit() or int(length) > limit:
                if length.isdigit() and not await _drain(scope, receive, int(length)):
                    return  # the client went away meanwhile
                await self._refuse(
                    scope, send_with_headers, 413, "error.message_too_large", limit=limit
                )
                return
        elif _header(scope, b"transfer-encoding") is not None or scope["method"] in (
            "POST",
            "PUT",
            "PATCH",
        ):
            body, more = b"", True
            while more:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                body += message.get("body", b"")
                more = message.get("more_body", False)
                if len(body) > limit:
                    # Refused after at most the limit (plus one chunk): the rest is never read.
                    await self._refuse(
                        scope, send_with_headers, 413, "error.message_too_large", limit=limit
                    )
                    return
            receive = _replay(body, receive)
        wait = self.limits.wait(scope["method"], scope["path"], client_of(scope))
        if wait > 0:
            await self._refuse(scope, send_with_headers, 429, "error.rate_limited", wait)
            return
        await self.app(scope, receive, send_with_headers)

    async def _refuse(
        self,
        scope: Scope,
        send: Send,
        status: int,
        key: str,
        wait: float | None = None,
        limit: int | None = None,
    ) -> None:
        params: dict[str, Any] = {}
        if key == "error.bad_request":
            params["why"] = CONTROL_WHY
        if key == "error.message_too_large":
            params["max"] = self.max_body if limit is None else limit
        if wait is not None:
            params["retry_after"] = retry_after(wait)
        body = self.refuse(scope, key, params)
        headers = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
        if wait is not None:
            headers.append((b"retry-after", str(retry_after(wait)).encode()))
        if status == 413:
            headers.append((b"connection", b"close"))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def _refuse_socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        """A WebSocket to an address with a control character: accepted, told why as an
        ``error`` message (as an unknown match is), then closed with 4400."""
        if (await receive())["type"] != "websocket.connect":
            return
        body = json.loads(self.refuse(scope, "error.bad_request", {"why": CONTROL_WHY}))
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": json.dumps({"type": "error", **body})})
        await send({"type": "websocket.close", "code": 4400})


async def _drain(scope: Scope, receive: Receive, length: int) -> bool:
    """Read and drop a refused body of ``length`` bytes (at most ``DRAIN_MAX``, for at most
    ``DRAIN_SECONDS``), so that closing after the 413 does not reset the connection under
    the client's feet. ``False`` when the client disconnected meanwhile. A client that waits
    for ``100 Continue`` has sent nothing yet: it is answered at once."""
    if length > DRAIN_MAX or _header(scope, b"expect") is not None:
        return True
    got = 0
    try:
        async with asyncio.timeout(DRAIN_SECONDS):
            while got <= length:
                message = await receive()
                if message["type"] == "http.disconnect":
                    return False
                got += len(message.get("body", b""))
                if not message.get("more_body", False):
                    break
    except TimeoutError:
        pass
    return True


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key.lower() == name:
            return str(value.decode("latin-1")).strip()
    return None


def _replay(body: bytes, real: Receive) -> Receive:
    """The body read ahead, once; after it the connection's own messages (a disconnect)."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await real()

    return receive
