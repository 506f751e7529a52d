"""The chance-to-win graph of a finished match (``server.chances``): ``GET
/api/matches/{id}/chances`` answers 200 with the series once it is computed, 202 with the
progress while it is (a match is queued as it ends, or by the first request)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse
from starlette.concurrency import run_in_threadpool

from ..chances import ChanceGraphs
from .context import Context

TEST_MODE_POINTS = 30
"""Points of a series in test mode: browser tests wait for graphs of whole matches."""


def router(ctx: Context, graphs: ChanceGraphs | None = None) -> APIRouter:
    """``GET /api/matches/{match_id}/chances``; ``graphs`` may be given (tests)."""
    routes = APIRouter()
    if graphs is None:
        points = TEST_MODE_POINTS if ctx.settings.test_mode else None
        graphs = ChanceGraphs(ctx.service, max_points=points)
        after = ctx.settings.chances_after_match
        if after:
            ctx.service.when_over(graphs.ended)
    keeper = graphs

    @routes.get("/api/matches/{match_id}/chances")
    async def get_chances(match_id: str, token: str | None = None) -> JSONResponse:
        # Whoever may watch the match may see its graph: it holds no hidden information.
        await run_in_threadpool(ctx.service.access, match_id, token)
        status, body = await run_in_threadpool(keeper.get, match_id)
        return JSONResponse(body, status_code=status, headers={"Cache-Control": "no-store"})

    return routes
