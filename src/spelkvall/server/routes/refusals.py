"""Every refusal in the documented shape (docs/api.md "Errors"): the service's own, a stored
match the engine no longer replays, a malformed request, an unknown path or method, and a
database that is away. A person who follows a wrong address gets the page, not JSON."""

from __future__ import annotations

import logging
from pathlib import Path

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

from spelkvall.core import InvalidRecord

from ..errors import ServiceError
from .context import error_body, lang_of, why

log = logging.getLogger("spelkvall.server")


def add_refusals(app: FastAPI, static: Path) -> None:
    """The app's exception handlers; ``static`` holds the page a wrong address is shown."""

    @app.exception_handler(ServiceError)
    async def _service_error(request: Request, exc: ServiceError) -> JSONResponse:
        headers = None
        if "retry_after" in exc.params:
            headers = {"Retry-After": str(exc.params["retry_after"])}
        return JSONResponse(
            error_body(exc, lang_of(request)), status_code=exc.status, headers=headers
        )

    @app.exception_handler(InvalidRecord)
    async def _unreplayable(request: Request, exc: InvalidRecord) -> JSONResponse:
        # A stored match the engine will not replay (its rules changed since): said
        # in words, with both versions, never a bare server error.
        err = ServiceError(exc.key, str(exc), 409, **exc.params)
        return JSONResponse(error_body(err, lang_of(request)), status_code=409)

    @app.exception_handler(RequestValidationError)
    async def _validation_error(request: Request, exc: RequestValidationError) -> JSONResponse:
        reason = why(exc.errors())
        err = ServiceError("error.bad_request", f"bad request: {reason}", 400, why=reason)
        return JSONResponse(error_body(err, lang_of(request)), status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
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
        return JSONResponse(error_body(err, lang_of(request)), status_code=exc.status_code)

    @app.exception_handler(SQLAlchemyError)
    async def _db_error(request: Request, exc: SQLAlchemyError) -> JSONResponse:
        log.error("database error: %s", exc)
        err = ServiceError("error.internal", "database error", 503)
        return JSONResponse(error_body(err, lang_of(request)), status_code=503)


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
