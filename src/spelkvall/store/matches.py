"""Matches' rows: creating a match with its tokens, reading matches, changing their seats and
status, and the lists of open and playing matches. The moves of a match are in ``log.py``."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from .rows import MatchRow, RematchExists, hash_token, new_token, now
from .tables import matches, seat_tokens
from .tokens import insert_token
from .writers import Database

_READ = sa.select(matches).where(matches.c.id == sa.bindparam("r_id"))
_READ_MANY = sa.select(matches).where(matches.c.id.in_(sa.bindparam("ids", expanding=True)))
"""Matches' rows, read before each step by a server that does not write the database alone."""

SeatChange = Callable[[MatchRow], tuple[list[dict[str, Any]], str]]
"""The new seats and status of a match, from its row (``Store.change_seats``)."""


def create_match(
    db: Database,
    tokens: Sequence[tuple[str, int | None]],
    rematch_of: str | None,
    values: dict[str, Any],
) -> tuple[str, list[str]]:
    """Store a new match with the columns ``values`` and its tokens (``Store.create_match``)."""
    match_id = secrets.token_urlsafe(9)
    stamp = now()
    raw = [new_token() for _ in tokens]
    try:
        _insert_match(db, match_id, stamp, raw, tokens, {**values, "rematch_of": rematch_of})
    except IntegrityError:
        if rematch_of is not None and rematch(db, rematch_of) is not None:
            raise RematchExists(rematch_of) from None
        raise
    if rematch_of is not None:
        db.changed([rematch_of])  # its readers learn of the rematch
    return match_id, raw


def _insert_match(
    db: Database,
    match_id: str,
    stamp: datetime,
    raw: Sequence[str],
    tokens: Sequence[tuple[str, int | None]],
    values: dict[str, Any],
) -> None:
    with db.write() as conn:
        conn.execute(
            matches.insert().values(
                **values,
                id=match_id,
                version=0,
                created_at=stamp,
                updated_at=stamp,
            )
        )
        for secret, (kind, seat) in zip(raw, tokens, strict=True):
            conn.execute(
                seat_tokens.insert().values(
                    token_hash=hash_token(secret),
                    match_id=match_id,
                    kind=kind,
                    seat=seat,
                    created_at=stamp,
                )
            )


def rematch(db: Database, match_id: str) -> MatchRow | None:
    """The rematch of ``match_id``, if somebody asked for one."""
    with db.engine.connect() as conn:
        row = conn.execute(sa.select(matches).where(matches.c.rematch_of == match_id)).first()
    return None if row is None else MatchRow(**row._mapping)


def get_match(db: Database, match_id: str) -> MatchRow | None:
    """The row of ``match_id``; ``None`` when there is no such match."""
    with db.engine.connect() as conn:
        row = conn.execute(_READ, {"r_id": match_id}).first()
    return None if row is None else MatchRow(**row._mapping)


def get_matches(db: Database, match_ids: Sequence[str]) -> dict[str, MatchRow]:
    """The rows of ``match_ids`` that exist, by id, in one statement."""
    if not match_ids:
        return {}
    with db.engine.connect() as conn:
        rows = conn.execute(_READ_MANY, {"ids": list(match_ids)})
        return {row.id: MatchRow(**row._mapping) for row in rows}


def update_seats(
    db: Database, match_id: str, change: SeatChange, use_invite: str, seat_token_for: int
) -> str | None:
    """Join by the invite ``use_invite`` (``Store.update_seats``); the new seat token."""
    secret = new_token()
    with db.write() as conn:
        # Touch the row first: it takes the write lock, so the seats read below are the
        # newest and no other join can interleave (PostgreSQL row lock, SQLite db lock).
        conn.execute(matches.update().where(matches.c.id == match_id).values(updated_at=now()))
        used = conn.execute(
            seat_tokens.update()
            .where(
                seat_tokens.c.token_hash == use_invite,
                seat_tokens.c.kind == "invite",
                seat_tokens.c.match_id == match_id,
            )
            .values(kind="used")
        )
        if used.rowcount != 1:
            return None
        row = conn.execute(sa.select(matches).where(matches.c.id == match_id)).one()
        seats, status = change(MatchRow(**row._mapping))
        conn.execute(
            matches.update().where(matches.c.id == match_id).values(seats=seats, status=status)
        )
        insert_token(conn, secret, match_id, "seat", seat_token_for)
    db.changed([match_id])
    return secret


def change_seats(
    db: Database,
    match_id: str,
    change: SeatChange,
    token: tuple[str, int | None] | None,
    touch: bool,
) -> tuple[MatchRow, str | None]:
    """Apply ``change`` under the match's write lock (``Store.change_seats``)."""
    secret = new_token() if token is not None else None
    with db.write() as conn:
        # Take the row's write lock before reading it (as ``update_seats``) without
        # touching ``updated_at``, the turn timer's clock.
        conn.execute(
            matches.update().where(matches.c.id == match_id).values(version=matches.c.version)
        )
        row = conn.execute(sa.select(matches).where(matches.c.id == match_id)).one()
        seats, status = change(MatchRow(**row._mapping))
        values: dict[str, Any] = {"seats": seats, "status": status}
        if touch:
            values["updated_at"] = now()
        conn.execute(matches.update().where(matches.c.id == match_id).values(**values))
        if token is not None:
            assert secret is not None
            insert_token(conn, secret, match_id, *token)
        row = conn.execute(sa.select(matches).where(matches.c.id == match_id)).one()
    db.changed([match_id])
    if row.rematch_of is not None:
        db.changed([row.rematch_of])  # a rematch's seats show on the first match
    return MatchRow(**row._mapping), secret


def end_match(db: Database, match_id: str, from_statuses: Sequence[str], status: str) -> bool:
    """Set the status when it is one of ``from_statuses`` (``Store.end_match``)."""
    with db.write() as conn:
        changed = conn.execute(
            matches.update()
            .where(matches.c.id == match_id, matches.c.status.in_(list(from_statuses)))
            .values(status=status, updated_at=now())
        )
    if changed.rowcount == 1:
        db.changed([match_id])
        return True
    return False


def open_matches(db: Database, game: str | None = None, limit: int = 50) -> list[MatchRow]:
    """Online matches waiting for players, the newest first."""
    # A rematch waits for its own players, not for anybody: it is not listed.
    query = sa.select(matches).where(
        matches.c.status == "waiting",
        matches.c.mode == "online",
        matches.c.rematch_of.is_(None),
    )
    if game:
        query = query.where(matches.c.game == game)
    query = query.order_by(matches.c.created_at.desc()).limit(limit)
    with db.engine.connect() as conn:
        return [MatchRow(**r._mapping) for r in conn.execute(query)]


def expire_waiting(db: Database, before: datetime) -> list[str]:
    """Call off waiting online matches unchanged since ``before`` (``Store.expire_waiting``)."""
    stale = sa.and_(
        matches.c.status == "waiting",
        matches.c.mode == "online",
        matches.c.updated_at < before,
    )
    with db.write() as conn:
        ids = list(conn.execute(sa.select(matches.c.id).where(stale)).scalars().all())
        if ids:
            # The status is checked again: a join between the two statements keeps its match.
            conn.execute(
                matches.update()
                .where(matches.c.id.in_(ids), stale)
                .values(status="cancelled", updated_at=now())
            )
    if ids:
        db.changed(ids)
    return ids


def playing_match_ids(db: Database) -> list[str]:
    """The ids of the matches being played."""
    with db.engine.connect() as conn:
        return list(
            conn.execute(sa.select(matches.c.id).where(matches.c.status == "playing"))
            .scalars()
            .all()
        )


def playing_games(db: Database) -> list[str]:
    """The games of the matches being played, the most played first."""
    count = sa.func.count()
    with db.engine.connect() as conn:
        query = (
            sa.select(matches.c.game)
            .where(matches.c.status == "playing")
            .group_by(matches.c.game)
            .order_by(count.desc(), matches.c.game)
        )
        return list(conn.execute(query).scalars().all())
