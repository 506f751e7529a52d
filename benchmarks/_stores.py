"""The stores the in-process server benchmarks measure: SQLite in a temporary file, and
PostgreSQL in a throw-away schema when ``SPELKVALL_BENCH_POSTGRES_URL`` is set."""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
from collections.abc import Iterator
from pathlib import Path

import sqlalchemy as sa

from spelkvall.store import Store
from spelkvall.store.db import normalise_url

POSTGRES_ENV = "SPELKVALL_BENCH_POSTGRES_URL"


@contextlib.contextmanager
def sqlite_store() -> Iterator[Store]:
    """A store on a new SQLite file, removed afterwards."""
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(f"sqlite:///{Path(tmp) / 'bench.sqlite3'}")
        try:
            yield store
        finally:
            store.close()


@contextlib.contextmanager
def postgres_store() -> Iterator[Store | None]:
    """A store in a new PostgreSQL schema, dropped afterwards (``None`` without the URL)."""
    url = os.environ.get(POSTGRES_ENV)
    if not url:
        yield None
        return
    schema = f"bench_{secrets.token_hex(4)}"
    admin = sa.create_engine(normalise_url(url))
    with admin.begin() as conn:
        conn.execute(sa.text(f"CREATE SCHEMA {schema}"))
    try:
        store = Store.open(url, schema=schema)
        try:
            yield store
        finally:
            store.close()
    finally:
        with admin.begin() as conn:
            conn.execute(sa.text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()
