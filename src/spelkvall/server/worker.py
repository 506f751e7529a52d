"""``spelkvall serve --workers N``: each worker process builds its app from the settings the
parent put in the environment (the parent has already migrated the database)."""

from __future__ import annotations

import json
import os

from fastapi import FastAPI

from .app import Settings, create_app

SETTINGS_ENV = "SPELKVALL_SERVE_SETTINGS"


def app() -> FastAPI:
    """The app of one worker (uvicorn's factory)."""
    return create_app(Settings(**json.loads(os.environ[SETTINGS_ENV])))
