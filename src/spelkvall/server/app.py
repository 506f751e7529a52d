"""The FastAPI application: REST, the match WebSocket and the web UI's static files.

The routes only translate between HTTP/WebSocket and :class:`MatchService`; no rules here.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import gzip
import json
import logging
import os
import threading
from collections.abc import AsyncIterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path, PurePosixPath
from typing import Any

from fastapi import FastAPI, HTTPException, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection
from starlette.types import Scope

from spelkvall.core import LAYOUT, Game, InvalidRecord, all_games, kernels, web_folder
from spelkvall.core.i18n import LANGUAGES, t, table
from spelkvall.core.palette import colour as palette_colour
from spelkvall.store import Store

from . import collector
from .bots import THREADS, THREADS_SHARED, BotRunner
from .guard import CSP, TEST_MODE_CSP, Guard, Limits, client_of, retry_after
from .hub import Conn, Hub
from .reach import find_reach
from .replays import MAX_RECORD_BYTES, record_name
from .schemas import (
    MAX_MESSAGE_BYTES,
    ActMsg,
    AdviceIn,
    CreateMatch,
    DiceIn,
    JoinIn,
    MineIn,
    RollMsg,
    StandInIn,
    TutorialIn,
    client_message,
)
from .service import (
    ADVICE_HALF_WIDTH,
    ADVICE_TIME_LIMIT,
    MatchService,
    ServiceError,
    advice_available,
    bot_label,
)
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
    advice_concurrency: int = 2  # Tips computations at once in this process (the cores)
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


READY_FROM_START = {"ready": True, "stage": "ready", "progress": 1.0}
"""``/api/games``' ``computers`` of a game without kernels to prepare."""


def translate(key: str, lang: str, params: dict[str, Any], fallback: str) -> str:
    try:
        text = t(key, lang, **params)
    except (KeyError, IndexError, ValueError):
        return fallback
    return fallback if text == key else text


def error_body(exc: ServiceError, lang: str) -> dict[str, Any]:
    return {
        "error": exc.key,
        "message": translate(exc.key, lang, exc.params, str(exc)),
        "params": exc.params,
    }


def _lang(request: Request | WebSocket) -> str:
    lang = request.query_params.get("lang", "sv")
    return lang if lang in LANGUAGES else "sv"


def _game_info(game: Game[Any, Any]) -> dict[str, Any]:
    """A game's ``/api/games`` entry, read from its declaration alone (docs/api.md)."""
    from spelkvall.bots import BOT_FACTORIES, LEVELS

    defaults = game.default_options()
    counts = game.player_counts(defaults)
    folder = web_folder(game.id)
    base = f"/static/games/{game.id}"
    styles = []
    if folder is not None:
        styles = [f"{base}/{css.relative_to(folder).as_posix()}" for css in folder.rglob("*.css")]
    return {
        "id": game.id,
        "title": {lang: game.title(lang) for lang in LANGUAGES},
        "min_players": game.min_players,
        "max_players": game.max_players,
        "player_counts": list(counts),
        "teams": _teams_json(game, counts, defaults),
        "capabilities": sorted(game.capabilities),
        "colours": list(game.colours),
        "palette": [palette_colour(c).to_json() for c in game.colours],
        "perfect_information": game.perfect_information,
        "may_end_without_winner": game.may_end_without_winner,
        "score_label": None
        if game.score_key is None
        else {lang: t(game.score_key, lang) for lang in LANGUAGES},
        "advice": advice_available(game),
        "tutorial": game.tutorial() is not None,
        "options": _options_json(game, counts, defaults),
        "bots": [{"id": bot, "label": bot_label(bot)} for bot in BOT_FACTORIES],
        "levels": [{"id": level, "label": bot_label(level)} for level in LEVELS],
        "layout": game.layout() if LAYOUT in game.capabilities else None,
        "page": f"{base}/page.js" if folder is not None else None,
        "styles": sorted(styles),
    }


def _teams_json(game: Game[Any, Any], counts: Sequence[int], options: Any) -> dict[str, Any]:
    """``{"4": [[0, 2], [1, 3]]}``: the teams of every player count that has teams."""
    out: dict[str, Any] = {}
    for n in counts:
        teams = game.teams(n, options)
        if teams is not None:
            out[str(n)] = [list(team) for team in teams]
    return out


def _options_json(
    game: Game[Any, Any], counts: Sequence[int], defaults: Any
) -> list[dict[str, Any]]:
    """Each option with its labels, choices or range, and ``when``: for each other value (of
    a bool or a choice; an int range is not enumerated) that changes the player counts or the
    teams with only that option changed, the counts and teams it gives."""
    teams = _teams_json(game, counts, defaults)
    described = {lang: game.describe_options(lang) for lang in LANGUAGES}
    out = []
    for i, spec in enumerate(game.option_specs()):
        entry: dict[str, Any] = {
            "name": spec.name,
            "type": spec.type_name,
            "default": spec.default,
            "label": {lang: described[lang][i]["label"] for lang in LANGUAGES},
        }
        if spec.choices is not None:
            entry["choices"] = [
                {
                    "value": choice,
                    "label": {
                        lang: described[lang][i]["choices"][k]["label"] for lang in LANGUAGES
                    },
                }
                for k, choice in enumerate(spec.choices)
            ]
        if spec.min is not None:
            entry["min"] = spec.min
        if spec.max is not None:
            entry["max"] = spec.max
        others: Sequence[Any] = ()
        if spec.choices is not None:
            others = [c for c in spec.choices if c != spec.default]
        elif spec.type is bool:
            others = [not spec.default]
        when: dict[str, Any] = {}
        for value in others:
            changed = dataclasses.replace(defaults, **{spec.name: value})
            changed_counts = game.player_counts(changed)
            changed_teams = _teams_json(game, changed_counts, changed)
            if list(changed_counts) != list(counts) or changed_teams != teams:
                key = json.dumps(value) if not isinstance(value, str) else value
                when[key] = {"player_counts": list(changed_counts), "teams": changed_teams}
        entry["when"] = when
        out.append(entry)
    return out


def web_dir() -> Path:
    """The web client's folder; importing the package also registers the page's texts."""
    from spelkvall.web import STATIC_DIR

    return STATIC_DIR


def create_app(settings: Settings | None = None, store: Store | None = None) -> FastAPI:
    """The app. ``store`` may be given (tests); otherwise it is opened (and migrated) here."""
    settings = settings or Settings()
    if store is None:
        store = Store.open(
            settings.database_url, schema=settings.database_schema, wait=settings.database_wait
        )
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
    )
    hub = Hub(service, settings.redis_url)
    bots = BotRunner(
        service,
        hub,
        settings.bot_delay,
        lease=settings.runner_lease,
        threads=THREADS if service.store.sqlite else THREADS_SHARED,
    )
    reach = find_reach(settings.host, settings.port, settings.public_url)
    static = web_dir()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        if settings.tune_collector:
            collector.tune()
        if settings.warm_up:
            # A daemon thread: start-up and shutdown never wait for a compiler.
            threading.Thread(target=service.warm_up, name="warm-up", daemon=True).start()
        # Matches left mid-game by a restart: computers whose turn it is carry on (unless
        # another live process runs them: its lease says so).
        for match_id in await run_in_threadpool(store.playing_match_ids):
            bots.kick(match_id, watch=False)
        await bots.start()
        background = [asyncio.create_task(_sweep())]
        if settings.waiting_expiry > 0:
            background.append(asyncio.create_task(_expire()))
        yield
        for task in background:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await bots.stop()
        await hub.stop()
        service.kernels.stop()

    async def _expire() -> None:
        """Call off online matches nobody joined within ``waiting_expiry`` seconds."""
        while True:
            try:
                before = datetime.now(UTC) - timedelta(seconds=settings.waiting_expiry)
                for match_id in await run_in_threadpool(store.expire_waiting, before):
                    log.info("match %s expired: nobody joined", match_id)
                    await hub.changed(match_id)
            except Exception:  # the database is away: look again next time
                log.exception("expiring waiting matches failed")
            await asyncio.sleep(settings.expiry_check)

    async def _sweep() -> None:
        """Idle and finished matches leave memory (rebuilt from the log when read again)."""
        while True:
            await asyncio.sleep(min(30.0, max(0.05, settings.live_idle / 4)))
            service.matches.sweep()

    app = FastAPI(title="Spelkväll", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.service = service
    app.state.hub = hub
    app.state.bots = bots
    app.state.settings = settings

    limits = Limits.of(
        settings.creates_per_minute, settings.messages_per_second, settings.sockets_per_client
    )
    app.state.limits = limits

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
        limits=limits,
        refuse=_refusal,
        csp=TEST_MODE_CSP if settings.test_mode else CSP,
    )

    @app.exception_handler(ServiceError)
    async def _service_error(request: Request, exc: ServiceError) -> JSONResponse:
        headers = None
        if "retry_after" in exc.params:
            headers = {"Retry-After": str(exc.params["retry_after"])}
        return JSONResponse(
            error_body(exc, _lang(request)), status_code=exc.status, headers=headers
        )

    @app.exception_handler(InvalidRecord)
    async def _unreplayable(request: Request, exc: InvalidRecord) -> JSONResponse:
        # A stored match the engine will not replay (its rules changed since): said
        # in words, with both versions, never a bare server error.
        err = ServiceError(exc.key, str(exc), 409, **exc.params)
        return JSONResponse(error_body(err, _lang(request)), status_code=409)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        why = _why(errors)
        err = ServiceError("error.bad_request", f"bad request: {why}", 400, why=why)
        return JSONResponse(error_body(err, _lang(request)), status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        # Every refusal in the documented shape: an unknown path or method too.
        path = request.url.path
        if exc.status_code == 404 and _wants_page(request):
            # A person typed or followed a wrong address: the page says so, with a way back.
            status = 200 if _client_route(path) else 404
            return FileResponse(
                static / "index.html", status_code=status, media_type="text/html; charset=utf-8"
            )
        if exc.status_code == 404:
            err = ServiceError("error.not_found", "not found", 404, path=path[:200])
        elif exc.status_code == 405:
            err = ServiceError(
                "error.method_not_allowed", "method not allowed", 405, method=request.method
            )
        else:
            err = ServiceError("error.http", str(exc.detail), exc.status_code)
        return JSONResponse(error_body(err, _lang(request)), status_code=exc.status_code)

    @app.exception_handler(SQLAlchemyError)
    async def _db_error(request: Request, exc: SQLAlchemyError) -> JSONResponse:
        log.error("database error: %s", exc)
        err = ServiceError("error.internal", "database error", 503)
        return JSONResponse(error_body(err, _lang(request)), status_code=503)

    # --- REST ----------------------------------------------------------------------------
    @app.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "test_mode": settings.test_mode}

    @app.get("/api/server")
    async def server_info() -> dict[str, Any]:
        return reach.to_json()

    @app.get("/api/i18n/{lang}")
    async def i18n(lang: str) -> dict[str, str]:
        if lang not in LANGUAGES:
            raise ServiceError("error.language", "unknown language", 404, lang=lang[:8])
        all_games()  # every game's texts are registered
        return table(lang)

    def readiness(game_id: str) -> dict[str, Any]:
        """Whether the game's computers play at full strength yet (``server.warm``)."""
        status = service.kernels.status(game_id)
        return READY_FROM_START if status is None else status.to_json()

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return [{**_game_info(game), "computers": readiness(game.id)} for game in all_games()]

    @app.get("/api/games/{game_id}/computers")
    async def computers(game_id: str) -> dict[str, Any]:
        if game_id not in {game.id for game in all_games()}:
            raise ServiceError("error.unknown_game", "unknown game", 404, game=game_id)
        return readiness(game_id)

    @app.post("/api/matches", status_code=201)
    async def create_match(body: CreateMatch) -> dict[str, Any]:
        seats = [s.model_dump() for s in body.seats]
        created = await run_in_threadpool(
            service.create, body.game, body.mode, seats, dict(body.options), body.turn_seconds
        )
        bots.kick(created["match_id"])
        return created

    @app.post("/api/tutorials", status_code=201)
    async def create_tutorial(body: TutorialIn) -> dict[str, Any]:
        created = await run_in_threadpool(service.create_tutorial, body.game, body.lang)
        bots.kick(created["match_id"])
        return created

    @app.post("/api/matches/mine")
    async def my_matches(body: MineIn) -> list[dict[str, Any] | None]:
        return await run_in_threadpool(service.mine, body.tokens)

    @app.get("/api/matches/open")
    async def open_matches(game: str | None = None) -> list[dict[str, Any]]:
        rows = await run_in_threadpool(store.open_matches, game)
        return [
            {
                "match_id": row.id,
                "game": row.game,
                "created": _utc(row.created_at).isoformat(),
                "seats": [
                    {"seat": i, "name": s["name"], "colour": s["colour"], "bot": s["bot"]}
                    for i, s in enumerate(row.seats)
                ],
                "open_seats": [i for i, s in enumerate(row.seats) if s["name"] is None],
            }
            for row in rows
        ]

    @app.get("/api/invites/{token}")
    async def invite(token: str) -> dict[str, Any]:
        return await run_in_threadpool(service.invite, token)

    @app.post("/api/invites/{token}/join")
    async def join(token: str, body: JoinIn) -> dict[str, Any]:
        joined = await run_in_threadpool(service.join, token, body.name, body.colour)
        await hub.changed(joined["match_id"])
        bots.kick(joined["match_id"])
        return joined

    @app.get("/api/matches/{match_id}")
    async def get_match(match_id: str, request: Request, token: str | None = None) -> Any:
        live = await run_in_threadpool(service.live, match_id)
        access = await run_in_threadpool(service.access, match_id, token)
        got = service.state_object(live, access, since=0, lang=_lang(request))
        return {**got, "online": hub.online(match_id)}

    async def _changed(match_id: str) -> None:
        """Seats or status changed without a move: every socket hears it, computers look."""
        await hub.changed(match_id)
        bots.kick(match_id)

    @app.post("/api/matches/{match_id}/seats/{seat}/stand-in")
    async def stand_in(
        match_id: str, seat: int, body: StandInIn | None = None, token: str | None = None
    ) -> dict[str, Any]:
        access = await run_in_threadpool(service.access, match_id, token)
        bot = body.bot if body else None
        await run_in_threadpool(service.stand_in, match_id, access, seat, bot)
        await _changed(match_id)
        return {"ok": True}

    @app.delete("/api/matches/{match_id}/seats/{seat}/stand-in")
    async def take_back(match_id: str, seat: int, token: str | None = None) -> dict[str, Any]:
        access = await run_in_threadpool(service.access, match_id, token)
        await run_in_threadpool(service.take_back, match_id, access, seat)
        await _changed(match_id)
        return {"ok": True}

    @app.post("/api/matches/{match_id}/end")
    async def end_match(match_id: str, token: str | None = None) -> dict[str, Any]:
        access = await run_in_threadpool(service.access, match_id, token)
        status = await run_in_threadpool(service.end, match_id, access)
        await _changed(match_id)
        return {"ok": True, "status": status}

    @app.post("/api/matches/{match_id}/rematch")
    async def rematch(match_id: str, token: str | None = None) -> dict[str, Any]:
        access = await run_in_threadpool(service.access, match_id, token)
        made = await run_in_threadpool(service.rematch, match_id, access)
        await _changed(made["match_id"])
        await _changed(match_id)  # the old match's players see who said yes
        return made

    @app.post("/api/matches/{match_id}/actions")
    async def post_action(match_id: str, request: Request, token: str | None = None) -> Any:
        _rate(client_of(request.scope))
        raw = await request.body()
        if len(raw) > MAX_MESSAGE_BYTES:
            raise ServiceError("error.message_too_large", "too large", 413, max=MAX_MESSAGE_BYTES)
        version = await _handle(raw.decode("utf-8", "replace"), match_id, token)
        return {"ok": True, "version": version}

    @app.post("/api/matches/{match_id}/advice")
    async def post_advice(
        match_id: str, request: Request, body: AdviceIn | None = None, token: str | None = None
    ) -> Any:
        body = body or AdviceIn()
        access = await run_in_threadpool(service.access, match_id, token)
        # Up to a second of playouts: in a worker thread, so the event loop (every socket of
        # every match) carries on meanwhile.
        return await run_in_threadpool(
            service.advice,
            match_id,
            access,
            body.version,
            body.seat,
            body.half_width,
            _lang(request),
        )

    # --- replays (replays.py): every step as the reader may see it; records down and up --
    def _gzipped(body: bytes, request: Request) -> Response:
        headers = {"Vary": "Accept-Encoding", "Cache-Control": "no-store"}
        if "gzip" in request.headers.get("accept-encoding", ""):
            headers["Content-Encoding"] = "gzip"
            return Response(body, media_type="application/json", headers=headers)
        return Response(gzip.decompress(body), media_type="application/json", headers=headers)

    @app.get("/api/matches/{match_id}/replay")
    async def get_replay(match_id: str, request: Request, token: str | None = None) -> Response:
        access = await run_in_threadpool(service.access, match_id, token)
        body = await run_in_threadpool(service.replay, match_id, access)
        return _gzipped(body, request)

    @app.get("/api/matches/{match_id}/record")
    async def get_record(match_id: str, token: str | None = None) -> Response:
        access = await run_in_threadpool(service.access, match_id, token)
        record = await run_in_threadpool(service.record_file, match_id, access)
        name = record_name(record, match_id)
        return Response(
            record.dumps(),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @app.post("/api/replays")
    async def post_replay(request: Request) -> Response:
        _rate(client_of(request.scope))
        raw = await request.body()
        return _gzipped(await run_in_threadpool(service.replay_upload, raw), request)

    add_standings(app, store)  # GET /api/highscore, GET /api/profiles/{name}

    if settings.test_mode:

        @app.post("/api/test/matches/{match_id}/dice")
        async def queue_dice(match_id: str, body: DiceIn) -> dict[str, Any]:
            queued = await run_in_threadpool(
                service.queue_dice, match_id, body.values, replace=body.replace
            )
            return {"queued": queued}

    # --- the message path shared by WebSocket and REST -----------------------------------
    def _rate(client: str) -> None:
        wait = limits.messages.take(client)
        if wait > 0:
            raise ServiceError(
                "error.rate_limited", "too many messages", 429, retry_after=retry_after(wait)
            )

    def _perform(message: RollMsg | ActMsg, match_id: str, token: str | None) -> int:
        with service.people.person():
            access = service.access(match_id, token)
            if isinstance(message, RollMsg):
                return service.roll(match_id, access, message.version)
            return service.act(
                match_id, access, message.version, dict(message.action), message.seat
            )

    async def _handle(text: str, match_id: str, token: str | None) -> int | None:
        """Validate and perform one client message; returns the new version (None for ping)."""
        try:
            message = client_message.validate_json(text)
        except ValidationError as exc:
            why = _why(exc.errors())
            raise ServiceError("error.malformed_message", f"malformed: {why}", why=why) from None
        if message.type == "ping":
            return None
        # One hand-off to a worker thread, not one for the token and one for the move: in a
        # process busy with computers each hand-off may wait for the GIL.
        version = await run_in_threadpool(_perform, message, match_id, token)
        await hub.changed(match_id, version)
        bots.kick(match_id)
        return version

    # --- WebSocket -----------------------------------------------------------------------
    @app.websocket("/ws/matches/{match_id}")
    async def match_socket(websocket: WebSocket, match_id: str, token: str | None = None) -> None:
        lang = _lang(websocket)
        client = client_of(websocket.scope)
        await websocket.accept()
        if not limits.sockets.acquire(client):
            # Too many open sockets from one client: said in the documented shape, then shut
            # (4429: "too many", as HTTP's 429; a browser tab reconnects later).
            err = ServiceError(
                "error.too_many_sockets", "too many sockets", 429, max=limits.sockets.limit
            )
            await websocket.send_json({"type": "error", **error_body(err, lang)})
            await websocket.close(code=4429)
            return
        try:
            await _socket(websocket, match_id, token, lang, client)
        finally:
            limits.sockets.release(client)

    async def _socket(
        websocket: WebSocket, match_id: str, token: str | None, lang: str, client: str
    ) -> None:
        try:
            await run_in_threadpool(service.live, match_id)
        except ServiceError as exc:
            await websocket.send_json({"type": "error", **error_body(exc, lang)})
            await websocket.close(code=4404)
            return
        access = await run_in_threadpool(service.access, match_id, token)
        conn = Conn(websocket, match_id, access, lang)
        try:
            await hub.open(conn)
            await hub.presence(match_id, joined=conn)
            while True:
                frame = await websocket.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                try:
                    if text is None:
                        raise ServiceError(
                            "error.malformed_message", "binary frame", why="text frames only"
                        )
                    if len(text.encode()) > MAX_MESSAGE_BYTES:
                        raise ServiceError(
                            "error.message_too_large", "too large", 413, max=MAX_MESSAGE_BYTES
                        )
                    _rate(client)
                    if await _handle(text, match_id, token) is None:
                        await conn.send({"type": "pong"})
                except ServiceError as exc:
                    await conn.send({"type": "error", **error_body(exc, lang)})
                except SQLAlchemyError as exc:
                    log.error("database error: %s", exc)
                    err = ServiceError("error.internal", "database error", 503)
                    await conn.send({"type": "error", **error_body(err, lang)})
        except WebSocketDisconnect:
            pass
        finally:
            hub.remove(conn)  # says who left once the grace is over

    # --- the web UI ----------------------------------------------------------------------

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def index() -> FileResponse:  # HEAD: the same headers, no body (FileResponse)
        return FileResponse(static / "index.html", media_type="text/html; charset=utf-8")

    game_files: dict[Path, WebFiles] = {}

    @app.get("/static/games/{game_id}/{path:path}", include_in_schema=False)
    async def game_file(game_id: str, path: str, request: Request) -> Response:
        # The game's own web folder, found by the registry (a game registered later too).
        folder = web_folder(game_id)
        if folder is None:
            raise HTTPException(status_code=404)
        files = game_files.get(folder)
        if files is None:
            files = game_files[folder] = WebFiles(directory=folder, suffixes=GAME_SUFFIXES)
        return await files.get_response(os.path.normpath(path), request.scope)

    app.mount("/static", WebFiles(directory=static, suffixes=WEB_SUFFIXES), name="static")
    return app


WEB_SUFFIXES = frozenset({".html", ".js", ".css", ".svg", ".json", ".png"})
"""What ``/static/…`` serves of the shared client: never its Python source or notes."""
GAME_SUFFIXES = frozenset({".js", ".css", ".svg", ".json", ".png"})
"""What ``/static/games/<id>/…`` serves of a game's ``web/`` folder."""


class WebFiles(StaticFiles):
    """Static files with only the given suffixes: any other file is a 404, so a folder that
    is also a Python package never hands out its source."""

    def __init__(self, *, directory: Path, suffixes: frozenset[str]) -> None:
        super().__init__(directory=directory)
        self.suffixes = suffixes

    async def get_response(self, path: str, scope: Scope) -> Response:
        if PurePosixPath(path).suffix.lower() not in self.suffixes:
            raise HTTPException(status_code=404)
        return await super().get_response(path, scope)


def _wants_page(request: Request) -> bool:
    """A browser navigating (not the client's API calls, scripts or styles)."""
    path = request.url.path
    if path.startswith(("/api/", "/ws/", "/static/")):
        return False
    return request.method == "GET" and "text/html" in request.headers.get("accept", "")


def _client_route(path: str) -> bool:
    """Paths the web client itself answers (an invite link written as a path)."""
    parts = [p for p in path.split("/") if p]
    return len(parts) == 2 and parts[0] in ("join", "invite")


def _utc(stamp: datetime) -> datetime:
    """SQLite gives back naive times; they were stored as UTC."""
    return stamp.astimezone(UTC) if stamp.tzinfo else stamp.replace(tzinfo=UTC)


def _why(errors: Any) -> str:
    """A short, safe description of a validation failure (no echo of the input)."""
    parts = []
    for err in list(errors)[:3]:
        loc = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
        parts.append(f"{loc}: {err.get('msg', '')}" if loc else str(err.get("msg", "")))
    return "; ".join(parts)[:300]
