"""The web client: its page, its static files and each game's own ``web/`` folder - only the
files a browser needs, never a package's Python source."""

from __future__ import annotations

import os
from pathlib import Path, PurePosixPath

from fastapi import APIRouter, FastAPI, HTTPException, Request, Response
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles
from starlette.types import Scope

from spelkvall.core import web_folder

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


def add_web(app: FastAPI, static: Path) -> None:
    """``/`` (GET and HEAD), ``/static/games/{id}/…`` and ``/static/…`` from ``static``."""
    routes = APIRouter()

    @routes.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def index() -> FileResponse:  # HEAD: the same headers, no body (FileResponse)
        return FileResponse(static / "index.html", media_type="text/html; charset=utf-8")

    game_files: dict[Path, WebFiles] = {}

    @routes.get("/static/games/{game_id}/{path:path}", include_in_schema=False)
    async def game_file(game_id: str, path: str, request: Request) -> Response:
        # The game's own web folder, found by the registry (a game registered later too).
        folder = web_folder(game_id)
        if folder is None:
            raise HTTPException(status_code=404)
        files = game_files.get(folder)
        if files is None:
            files = game_files[folder] = WebFiles(directory=folder, suffixes=GAME_SUFFIXES)
        return await files.get_response(os.path.normpath(path), request.scope)

    app.include_router(routes)
    # After the routes: the mount answers everything else under /static.
    app.mount("/static", WebFiles(directory=static, suffixes=WEB_SUFFIXES), name="static")
