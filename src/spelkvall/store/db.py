"""Opening the database: SQLite by default, PostgreSQL with ``SPELKVALL_DATABASE_URL``.

Migrations (Alembic, shipped inside this package) are applied on every start.
"""

from __future__ import annotations

import os
from importlib import resources
from pathlib import Path
from typing import IO, Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from platformdirs import user_data_dir
from sqlalchemy import event
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError, OperationalError, SQLAlchemyError

from spelkvall.core import SpelkvallError

from . import texts as _texts  # noqa: F401  (registers the translations)

ENV_URL = "SPELKVALL_DATABASE_URL"


class StoreError(SpelkvallError):
    """The database cannot be used: a bad URL, unreachable, or a failed migration."""


def default_url() -> str:
    """``SPELKVALL_DATABASE_URL`` if set, else a SQLite file in the user's data directory."""
    url = os.environ.get(ENV_URL, "").strip()
    if url:
        return url
    path = Path(user_data_dir("spelkvall", appauthor=False)) / "spelkvall.sqlite3"
    return f"sqlite:///{path}"


def normalise_url(url: str) -> str:
    """``postgres://`` and ``postgresql://`` mean psycopg 3 (the driver we ship)."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _safe(url: str) -> str:
    """The URL with its password hidden, for messages."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "?"


DEFAULT_WAIT = 30.0
"""Seconds a write waits for SQLite's lock before it fails (another writer holds it)."""


def create_engine(url: str, schema: str | None = None, wait: float = DEFAULT_WAIT) -> Engine:
    """An engine for ``url``; raises :class:`StoreError` for a URL that cannot be used.
    ``wait``: seconds a SQLite write waits for the database lock before it fails."""
    url = normalise_url(url)
    try:
        parsed = make_url(url)
    except ArgumentError as exc:
        raise StoreError("store.error.bad_url", f"bad database URL: {exc}", why=str(exc)) from exc
    kwargs: dict[str, Any] = {"future": True}
    connect_args: dict[str, Any] = {}
    if parsed.get_backend_name() == "sqlite":
        database = parsed.database
        if database and database != ":memory:":
            Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        # Several threads (and processes) write; wait for the lock instead of failing at once.
        connect_args = {"timeout": wait, "check_same_thread": False}
    elif parsed.get_backend_name() == "postgresql":
        connect_args = {"connect_timeout": 5}
        if schema:
            connect_args["options"] = f"-csearch_path={schema}"
        kwargs["pool_pre_ping"] = True
    else:
        raise StoreError(
            "store.error.bad_url",
            f"unsupported database {parsed.get_backend_name()!r}",
            why=f"{parsed.get_backend_name()} (sqlite or postgresql)",
        )
    try:
        engine = sa.create_engine(parsed, connect_args=connect_args, **kwargs)
    except (ArgumentError, NoSuchModuleError, ImportError) as exc:
        raise StoreError("store.error.bad_url", f"bad database URL: {exc}", why=str(exc)) from exc
    if parsed.get_backend_name() == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    # WAL lets readers go on while a move is written, and survives a killed process.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL (``None``: another database, or SQLite in memory)."""
    try:
        parsed = make_url(normalise_url(url))
    except ArgumentError:
        return None
    database = parsed.database
    if parsed.get_backend_name() != "sqlite" or not database or database == ":memory:":
        return None
    return Path(database).expanduser()


def hold_sqlite(url: str, *, alone: bool) -> tuple[IO[bytes] | None, bool]:
    """Say which servers use a SQLite file, with a lock on a file beside it that lasts as
    long as the returned file stays open (keep it for the process's life). Returns the file
    (``None``: not a SQLite file, or no ``fcntl`` here, so nothing is known) and whether
    this process writes the database alone.

    ``alone``: this process means to be the file's only writer, trusting what it holds in
    memory; it gets an exclusive lock, or a shared one when other servers (several
    ``--workers``) use the file, and then it is not alone. Without ``alone`` a shared lock.
    Raises :class:`StoreError` when a process that writes alone holds the file: another
    writer would change rows behind its back."""
    path = sqlite_file(url)
    if path is None:
        return None, False
    try:
        import fcntl
    except ImportError:  # not on this system: nobody trusts a copy
        return None, False
    path.parent.mkdir(parents=True, exist_ok=True)
    handle = open(path.with_name(path.name + ".serve-lock"), "ab")  # noqa: SIM115
    if alone:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return handle, True
        except BlockingIOError:
            pass
    try:
        fcntl.flock(handle, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        where = str(path)
        raise StoreError(
            "store.error.in_use", f"{where} is used by another server", where=where
        ) from None
    return handle, False


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to ``revision`` (the newest by default); raises :class:`StoreError`
    with a reason."""
    where = _safe(engine.url.render_as_string(hide_password=False))
    config = Config()
    config.set_main_option(
        "script_location", str(resources.files("spelkvall.store") / "migrations")
    )
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
    except OperationalError as exc:
        why = str(exc.orig).strip().splitlines()[0] if exc.orig else str(exc)
        raise StoreError(
            "store.error.unreachable", f"cannot reach {where}: {why}", where=where, why=why
        ) from exc
    except SQLAlchemyError as exc:
        why = str(exc).splitlines()[0]
        raise StoreError(
            "store.error.migrate", f"cannot migrate {where}: {why}", where=where, why=why
        ) from exc
