"""``/ws/matches/{id}``: a match's WebSocket - its states as they change, the player's moves
in, presence, and refusals in the documented shape."""

from __future__ import annotations

import logging

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy.exc import SQLAlchemyError
from starlette.concurrency import run_in_threadpool

from ..errors import ServiceError
from ..guard import client_of
from ..hub import Conn
from ..schemas import MAX_MESSAGE_BYTES
from .context import Context, error_body, lang_of
from .messages import Messages

log = logging.getLogger("spelkvall.server")


def router(ctx: Context, messages: Messages) -> APIRouter:
    """The match socket; ``messages`` is the server's message path."""
    routes = APIRouter()
    limits = ctx.limits

    @routes.websocket("/ws/matches/{match_id}")
    async def match_socket(websocket: WebSocket, match_id: str, token: str | None = None) -> None:
        lang = lang_of(websocket)
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
        service, hub = ctx.service, ctx.hub
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
                try:
                    if await _message(frame.get("text"), match_id, token, client) is None:
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

    async def _message(
        text: str | None, match_id: str, token: str | None, client: str
    ) -> int | None:
        if text is None:
            raise ServiceError("error.malformed_message", "binary frame", why="text frames only")
        if len(text.encode()) > MAX_MESSAGE_BYTES:
            raise ServiceError("error.message_too_large", "too large", 413, max=MAX_MESSAGE_BYTES)
        messages.rate(client)
        return await messages.handle(text, match_id, token)

    return routes
