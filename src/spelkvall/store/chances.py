"""The chance-to-win series of finished matches (``bots.chances``), kept so that each is
computed once: a row per match, the series as JSON, written when the computation is done."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from .rows import now
from .tables import metadata
from .writers import Database

match_chances = sa.Table(
    "match_chances",
    metadata,
    sa.Column(
        "match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    ),
    # The match version the series ends at (a finished match's version never changes).
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("series", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)


def chances(db: Database, match_id: str) -> dict[str, Any] | None:
    """The stored series of ``match_id``, or ``None`` when none is stored yet."""
    query = sa.select(match_chances.c.series).where(match_chances.c.match_id == match_id)
    with db.engine.connect() as conn:
        found = conn.execute(query).scalar_one_or_none()
    return None if found is None else dict(found)


def save_chances(db: Database, match_id: str, version: int, series: dict[str, Any]) -> bool:
    """Store the series unless one is stored already (another process was first): whether
    this one was stored."""
    try:
        with db.write() as conn:
            conn.execute(
                match_chances.insert().values(
                    match_id=match_id, version=version, series=series, created_at=now()
                )
            )
    except IntegrityError:
        return False
    return True
