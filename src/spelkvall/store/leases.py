"""Runner leases: which process runs a match's computer seats. A lease is taken by one
compare-and-set, renewed by its holder's heartbeat, and found again when it runs out."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta

import sqlalchemy as sa
from sqlalchemy.exc import IntegrityError

from .rows import now
from .tables import match_runners
from .writers import Database


def claim_runner(db: Database, match_id: str, owner: str, seconds: float) -> bool:
    """Take or renew ``owner``'s lease on ``match_id`` for ``seconds`` (``Store.claim_runner``)."""
    stamp = now()
    until = stamp + timedelta(seconds=seconds)
    with db.write() as conn:
        renewed = conn.execute(
            match_runners.update()
            .where(
                match_runners.c.match_id == match_id,
                sa.or_(match_runners.c.owner == owner, match_runners.c.until < stamp),
            )
            .values(owner=owner, until=until)
        )
        if renewed.rowcount == 1:
            return True
        try:
            with conn.begin_nested():
                conn.execute(
                    match_runners.insert().values(match_id=match_id, owner=owner, until=until)
                )
        except IntegrityError:
            return False  # another process holds a lease that still runs
    return True


def renew_runners(db: Database, match_ids: Sequence[str], owner: str, seconds: float) -> set[str]:
    """``owner``'s heartbeat over ``match_ids`` in one transaction (``Store.renew_runners``)."""
    stamp = now()
    until = stamp + timedelta(seconds=seconds)
    held: set[str] = set()
    with db.write() as conn:
        for start in range(0, len(match_ids), 500):
            chunk = list(match_ids[start : start + 500])
            mine = sa.and_(match_runners.c.owner == owner, match_runners.c.match_id.in_(chunk))
            renewed = conn.execute(
                match_runners.update()
                .where(mine)
                .values(until=until)
                .returning(match_runners.c.match_id)
            )
            held.update(renewed.scalars())
    return held


def release_runner(db: Database, match_id: str, owner: str) -> None:
    """Give ``owner``'s lease on ``match_id`` up."""
    with db.write() as conn:
        conn.execute(
            match_runners.delete().where(
                match_runners.c.match_id == match_id, match_runners.c.owner == owner
            )
        )


def orphaned_runs(db: Database, limit: int = 500) -> list[str]:
    """Matches whose runner's lease ran out without being given up, the oldest first."""
    query = (
        sa.select(match_runners.c.match_id)
        .where(match_runners.c.until < now())
        .order_by(match_runners.c.until)
        .limit(limit)
    )
    with db.engine.connect() as conn:
        return list(conn.execute(query).scalars().all())
