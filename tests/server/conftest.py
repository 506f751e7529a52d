"""A server app in test mode, with computers that do not wait, on a fresh database: a SQLite
file always, and PostgreSQL (a fresh schema) when SPELKVALL_TEST_POSTGRES_URL is set."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from server_helpers import Database

from spelkvall.server import Settings, create_app
from spelkvall.store.db import normalise_url

PG_ENV = "SPELKVALL_TEST_POSTGRES_URL"


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    if request.param == "sqlite":
        yield Database(f"sqlite:///{tmp_path / 'server.sqlite3'}")
        return
    url = os.environ.get(PG_ENV)
    if not url:
        pytest.skip(f"{PG_ENV} is not set (e.g. postgresql+psycopg://postgres@127.0.0.1/test)")
    schema = f"t_{secrets.token_hex(6)}"
    admin = sa.create_engine(normalise_url(url))
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    try:
        yield Database(url, schema)
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture
def settings(database: Database) -> Settings:
    # The per-client request limits are off: these tests poll the API as fast as it answers,
    # which no page does (test_server_limits.py tests the limits; the browser tests run with
    # them on, so a real page is seen never to meet them).
    return Settings(
        database_url=database.url,
        database_schema=database.schema,
        test_mode=True,
        bot_delay=0,
        requests_per_second=0,
        heavy_per_second=0,
    )


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    app = create_app(settings)
    with TestClient(app) as c:
        yield c
    app.state.service.store.close()
