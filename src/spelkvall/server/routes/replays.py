"""Replays (``replays.py``): a match as the reader may see it, its positions a window at a
time (``?start=``), the match file to download, and a match file uploaded to be replayed."""

from __future__ import annotations

import gzip

from fastapi import APIRouter, Query, Request, Response
from starlette.concurrency import run_in_threadpool

from ..guard import client_of
from ..replays import record_name
from .context import Context
from .messages import Messages

START = Query(None, ge=0, le=100_000, description="the first position of a window")


def router(ctx: Context, messages: Messages) -> APIRouter:
    """``GET …/replay``, ``GET …/record`` and ``POST /api/replays``."""
    routes = APIRouter()
    service = ctx.service

    @routes.get("/api/matches/{match_id}/replay")
    async def get_replay(
        match_id: str, request: Request, token: str | None = None, start: int | None = START
    ) -> Response:
        access = await run_in_threadpool(service.access, match_id, token)
        body = await run_in_threadpool(service.replay, match_id, access, start)
        return _gzipped(body, request)

    @routes.get("/api/matches/{match_id}/record")
    async def get_record(match_id: str, token: str | None = None) -> Response:
        access = await run_in_threadpool(service.access, match_id, token)
        record = await run_in_threadpool(service.record_file, match_id, access)
        name = record_name(record, match_id)
        return Response(
            record.dumps(),
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    @routes.post("/api/replays")
    async def post_replay(request: Request, start: int | None = START) -> Response:
        messages.rate(client_of(request.scope))
        raw = await request.body()
        return _gzipped(await run_in_threadpool(service.replay_upload, raw, start), request)

    return routes


def _gzipped(body: bytes, request: Request) -> Response:
    """A gzipped JSON body as it is when the client takes gzip, else unpacked."""
    headers = {"Vary": "Accept-Encoding", "Cache-Control": "no-store"}
    if "gzip" in request.headers.get("accept-encoding", ""):
        headers["Content-Encoding"] = "gzip"
        return Response(body, media_type="application/json", headers=headers)
    return Response(gzip.decompress(body), media_type="application/json", headers=headers)
