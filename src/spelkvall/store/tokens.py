"""Seat tokens: the secrets that give a device, a seat or an invite its match. Only their
hashes are stored; a secret is shown once, when it is made."""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from .rows import TokenRow, hash_token, new_token, now
from .tables import seat_tokens
from .writers import Database


def tokens(db: Database, secrets_: Sequence[str]) -> list[TokenRow | None]:
    """Each secret's token (``None`` for an unknown one), in the same order."""
    hashes = [hash_token(s) for s in secrets_]
    if not hashes:
        return []
    with db.engine.connect() as conn:
        rows = conn.execute(
            sa.select(
                seat_tokens.c.token_hash,
                seat_tokens.c.match_id,
                seat_tokens.c.kind,
                seat_tokens.c.seat,
            ).where(seat_tokens.c.token_hash.in_(hashes))
        ).all()
    found = {r.token_hash: TokenRow(r.match_id, r.kind, r.seat) for r in rows}
    return [found.get(h) for h in hashes]


def token(db: Database, secret: str) -> TokenRow | None:
    """The token of ``secret``; ``None`` for an unknown one."""
    with db.engine.connect() as conn:
        row = conn.execute(
            sa.select(seat_tokens.c.match_id, seat_tokens.c.kind, seat_tokens.c.seat).where(
                seat_tokens.c.token_hash == hash_token(secret)
            )
        ).first()
    return None if row is None else TokenRow(row.match_id, row.kind, row.seat)


def add_token(db: Database, match_id: str, kind: str, seat: int | None) -> str:
    """A new secret token of ``kind`` for ``seat`` of the match."""
    secret = new_token()
    with db.write() as conn:
        insert_token(conn, secret, match_id, kind, seat)
    return secret


def insert_token(conn: Connection, secret: str, match_id: str, kind: str, seat: int | None) -> None:
    """Store the hash of ``secret`` as a token of ``kind`` in ``conn``'s transaction."""
    conn.execute(
        seat_tokens.insert().values(
            token_hash=hash_token(secret),
            match_id=match_id,
            kind=kind,
            seat=seat,
            created_at=now(),
        )
    )
