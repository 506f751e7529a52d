"""The chance-to-win graph of a finished match (``server.chances``): ``GET
/api/matches/{id}/chances`` answers 200 with the series once it is computed, 202 with the
progress while it is (a match is queued as it ends, or by the first request)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from .context import Context


def router(ctx: Context) -> APIRouter:
    """``GET /api/matches/{match_id}/chances``, answered by ``ctx.graphs``."""
    routes = APIRouter()

    @routes.get("/api/matches/{match_id}/chances")
    async def get_chances(match_id: str, token: str | None = None) -> JSONResponse:
        # Whoever may watch the match may see its graph: it holds no hidden information.
        await run_in_threadpool(ctx.service.access, match_id, token)
        status, body = await run_in_threadpool(ctx.graphs.get, match_id)
        return JSONResponse(body, status_code=status, headers={"Cache-Control": "no-store"})

    return routes
