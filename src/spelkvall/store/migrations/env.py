"""Alembic environment: run programmatically by ``spelkvall.store.db.migrate`` with a
connection in ``config.attributes["connection"]``."""

from __future__ import annotations

from alembic import context

from spelkvall.store.tables import metadata

connection = context.config.attributes.get("connection")
if connection is None:  # pragma: no cover - the store always passes a connection
    raise RuntimeError("run migrations through spelkvall.store.db.migrate()")

context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
