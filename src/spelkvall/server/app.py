"""The FastAPI application: REST, the match WebSocket and the web UI's static files.

``create_app`` puts one server together - the store, the match service, the socket hub, the
computers, the per-client guard - and adds the routes, a module per concern (``routes``);
the routes only translate between HTTP/WebSocket and :class:`MatchService`; no rules here.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from starlette.concurrency import run_in_threadpool
from starlette.requests import HTTPConnection
from starlette.types import Scope

from spelkvall.core import kernels
from spelkvall.core.i18n import LANGUAGES
from spelkvall.store import Store

from . import collector, quiet_logs
from .bots import THREADS, THREADS_SHARED, BotRunner
from .chances import TEST_MODE_POINTS, ChanceGraphs
from .chances_child import ChildCompute
from .clock import SYSTEM, Clock
from .guard import CSP, TEST_MODE_CSP, Guard, Limits
from .hub import Hub
from .reach import find_reach
from .replays import MAX_RECORD_BYTES
from .routes import chances, games, matches, replays, socket
from .routes.context import Context, error_body
from .routes.messages import Messages
from .routes.refusals import add_refusals
from .routes.web import add_web
from .service import ADVICE_HALF_WIDTH, ADVICE_TIME_LIMIT, MatchService, ServiceError
from .standings import add_standings

log = logging.getLogger("spelkvall.server")
MAX_BODY_BYTES = 16 * 1024


@dataclass
class Settings:
    database_url: str | None = None
    test_mode: bool = False
    bot_delay: float = 0.8
    redis_url: str | None = None
    database_schema: str | None = None  # PostgreSQL tests use a fresh schema each
    advice_half_width: float = ADVICE_HALF_WIDTH  # Tips: the interval aimed for
    advice_time_limit: float = ADVICE_TIME_LIMIT  # Tips: seconds of playouts at most
    # Prepare the games' kernels in the background at start (serve): a child compiles, this
    # process loads. Either way this process never compiles (core.kernels).
    warm_up: bool = False
    tune_collector: bool = False  # freeze start-up's objects, rarer full collections (serve)
    host: str | None = None  # where `spelkvall serve` listens (None: not known, e.g. tests)
    port: int | None = None
    public_url: str | None = None  # the address friends open (--public-url)
    database_wait: float = 30.0  # seconds a SQLite write waits for the lock before failing
    # Per-client limits (0: off); a client is its address (guard.py).
    creates_per_minute: float = 60.0  # new matches
    messages_per_second: float = 20.0  # moves, rolls and pings (WebSocket and REST), burst 2x
    sockets_per_client: int = 64  # open WebSockets
    # Every API request, burst 5 s' worth (a page that polls asks for one every few seconds)
    requests_per_second: float = 10.0
    # Replays, match files and Tips, burst 10 s' worth (each costs CPU, not a row's read)
    heavy_per_second: float = 2.0
    advice_concurrency: int = 2  # Tips computations at once in this process (the cores)
    # Compute a match's chance graph in the background as it ends (False: only when first
    # asked for; None: unless test_mode, whose browser tests wait for the graphs they ask for)
    chances_after_match: bool | None = None
    # Compute chance graphs in a child process at the lowest CPU priority (chances_child.py),
    # not on a thread of this process (False: tests that count what the keeper computed)
    chances_in_child: bool = True
    # An online match nobody joined for this long is called off (0: never). A day: an invite
    # sent for tonight still works tonight, and the open list does not fill with old matches.
    waiting_expiry: float = 24 * 3600.0
    expiry_check: float = 60.0  # seconds between looks for expired waiting matches
    live_max: int = 2000  # matches kept in memory at most (least recently read leave)
    live_idle: float = 600.0  # seconds unread before a match leaves memory (over: 60 s)
    runner_lease: float = 2.5  # seconds a process's hold on a match's computers lasts
    # This process is the database's only writer (``spelkvall serve``, one process, its own
    # SQLite file: ``store.hold_sqlite`` says so): a playing match's copy in memory is used
    # without reading its row again before every step (``live.LiveMatches``).
    sole_writer: bool = False

    def graphs_as_matches_end(self) -> bool:
        """Whether a match's chance graph is computed as it ends (``chances_after_match``)."""
        after = self.chances_after_match
        return after if after is not None else not self.test_mode


def web_dir() -> Path:
    """The web client's folder; importing the package also registers the page's texts."""
    from spelkvall.web import STATIC_DIR

    return STATIC_DIR


def create_app(
    settings: Settings | None = None, store: Store | None = None, *, clock: Clock = SYSTEM
) -> FastAPI:
    """The app. ``store`` may be given (tests); otherwise it is opened (and migrated) here.
    ``clock`` times the per-client limits, the computers' wait for people and their leases
    (``server.clock``; tests give one that moves only when they say)."""
    settings = settings or Settings()
    if store is None:
        store = Store.open(
            settings.database_url, schema=settings.database_schema, wait=settings.database_wait
        )
    ctx = _parts(settings, store, clock)
    app = FastAPI(title="Spelkväll", lifespan=_lifespan(ctx), docs_url=None, redoc_url=None)
    app.state.service = ctx.service
    app.state.hub = ctx.hub
    app.state.bots = ctx.bots
    app.state.settings = settings
    app.state.limits = ctx.limits
    app.state.graphs = ctx.graphs

    def _refusal(scope: Scope, key: str, params: dict[str, Any]) -> bytes:
        lang = HTTPConnection(scope).query_params.get("lang", "sv")  # a WebSocket's too
        err = ServiceError(key, key, **params)
        body = error_body(err, lang if lang in LANGUAGES else "sv")
        return json.dumps(body, ensure_ascii=False).encode()

    # Security headers on every answer, bodies limited while they stream in (chunked too),
    # the per-client limit on creating matches, and no control character in a path or query
    # (a NUL would reach PostgreSQL, which refuses it in text) (guard.py).
    app.add_middleware(
        Guard,
        max_body=MAX_BODY_BYTES,
        large={"/api/replays": MAX_RECORD_BYTES},
        limits=ctx.limits,
        refuse=_refusal,
        csp=TEST_MODE_CSP if settings.test_mode else CSP,
    )
    add_refusals(app, ctx.static)
    messages = Messages(ctx)
    app.include_router(games.router(ctx))
    app.include_router(matches.router(ctx, messages))
    app.include_router(replays.router(ctx, messages))
    app.include_router(chances.router(ctx))  # GET /api/matches/{id}/chances
    add_standings(app, store)  # GET /api/highscore, GET /api/profiles/{name}
    app.include_router(socket.router(ctx, messages))
    add_web(app, ctx.static)
    return app


def _parts(settings: Settings, store: Store, clock: Clock) -> Context:
    """One server's service, hub, computers, limits and addresses over ``store``."""
    # A serving process never compiles a kernel: Numba holds the GIL for CPU minutes.
    kernels.forbid_compiling()
    service = MatchService(
        store,
        test_mode=settings.test_mode,
        advice_half_width=settings.advice_half_width,
        advice_time_limit=settings.advice_time_limit,
        advice_concurrency=settings.advice_concurrency,
        live_max=settings.live_max,
        live_idle=settings.live_idle,
        sole_writer=settings.sole_writer,
        clock=clock,
    )
    hub = Hub(service, settings.redis_url)
    bots = BotRunner(
        service,
        hub,
        settings.bot_delay,
        lease=settings.runner_lease,
        threads=THREADS if store.sqlite else THREADS_SHARED,
        clock=clock,
    )
    limits = Limits.of(
        settings.creates_per_minute,
        settings.messages_per_second,
        settings.sockets_per_client,
        settings.requests_per_second,
        settings.heavy_per_second,
        clock=clock,
    )
    reach = find_reach(settings.host, settings.port, settings.public_url)
    graphs = ChanceGraphs(
        service,
        compute=ChildCompute(lowest=not settings.test_mode) if settings.chances_in_child else None,
        max_points=TEST_MODE_POINTS if settings.test_mode else None,
    )
    if settings.graphs_as_matches_end():
        service.when_over(graphs.ended)
    return Context(settings, store, service, hub, bots, limits, reach, web_dir(), graphs)


def _lifespan(ctx: Context) -> Any:
    """Start-up and shutdown: the hub, the kernels' warm-up, the computers of matches left
    mid-game, and the sweeps of idle and expired matches."""
    settings, service, hub, bots = ctx.settings, ctx.service, ctx.hub, ctx.bots

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        quiet_logs.install()  # after uvicorn set its logging up
        await hub.start()
        if settings.tune_collector:
            collector.tune()
        if settings.warm_up:
            # A daemon thread: start-up and shutdown never wait for a compiler.
            threading.Thread(target=service.warm_up, name="warm-up", daemon=True).start()
        # Matches left mid-game by a restart: computers whose turn it is carry on (unless
        # another live process runs them: its lease says so).
        for match_id in await run_in_threadpool(service.playing_matches):
            bots.kick(match_id, watch=False)
        await bots.start()
        background = [asyncio.create_task(_sweep(ctx))]
        if settings.waiting_expiry > 0:
            background.append(asyncio.create_task(_expire(ctx)))
        yield
        for task in background:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await bots.stop()
        await hub.stop()
        service.kernels.stop()
        ctx.graphs.close()

    return lifespan


async def _expire(ctx: Context) -> None:
    """Call off online matches nobody joined within ``waiting_expiry`` seconds."""
    settings = ctx.settings
    while True:
        try:
            before = datetime.now(UTC) - timedelta(seconds=settings.waiting_expiry)
            for match_id in await run_in_threadpool(ctx.service.expire_waiting, before):
                log.info("match %s expired: nobody joined", match_id)
                await ctx.hub.changed(match_id)
        except Exception:  # the database is away: look again next time
            log.exception("expiring waiting matches failed")
        await asyncio.sleep(settings.expiry_check)


async def _sweep(ctx: Context) -> None:
    """Idle and finished matches leave memory (rebuilt from the log when read again)."""
    while True:
        await asyncio.sleep(min(30.0, max(0.05, ctx.settings.live_idle / 4)))
        ctx.service.matches.sweep()
