"""Stores under test: a SQLite file always; PostgreSQL in a fresh schema when
SPELKVALL_TEST_POSTGRES_URL is set."""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
import sqlalchemy as sa

from spelkvall.store import Store
from spelkvall.store.db import normalise_url

PG_ENV = "SPELKVALL_TEST_POSTGRES_URL"


def _postgres_store() -> Iterator[Store]:
    url = os.environ.get(PG_ENV)
    if not url:
        pytest.skip(f"{PG_ENV} is not set (e.g. postgresql+psycopg://postgres@127.0.0.1/test)")
    schema = f"t_{secrets.token_hex(6)}"
    admin = sa.create_engine(normalise_url(url))
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    store = Store.open(url, schema=schema)
    try:
        yield store
    finally:
        store.close()
        with admin.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        opened = Store.open(f"sqlite:///{tmp_path / 'spelkvall.sqlite3'}")
        yield opened
        opened.close()
    else:
        yield from _postgres_store()
