"""A match's action log: reading it, and appending moves by compare-and-set on the match's
version, one match at a time or a server's batch of matches in one transaction. A move that
ends its match hands its results to ``standings.py`` in the same transaction."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection
from sqlalchemy.exc import OperationalError

from .rows import ActionRow, Append, SeatResult, now
from .standings import record_results
from .tables import match_actions, matches
from .writers import Database

# The statements of every accepted move, built once: building them anew per move (coercing
# each clause, the cache key) was a good part of the move's CPU in the server's profile.
_BUMP_WHERE = (
    matches.c.id == sa.bindparam("b_id"),
    matches.c.version == sa.bindparam("b_expected"),
    matches.c.status == "playing",  # a match the host ended takes no more moves
)
_BUMP_VALUES: dict[str, Any] = {
    "version": sa.bindparam("b_version"),
    "status": sa.bindparam("b_status"),
    "updated_at": sa.bindparam("b_stamp"),
}
_BUMP = matches.update().where(*_BUMP_WHERE).values(**_BUMP_VALUES)
_FINISH = (
    matches.update().where(*_BUMP_WHERE).values(**_BUMP_VALUES, finished_at=sa.bindparam("b_stamp"))
)
_LOG = match_actions.insert()


@functools.lru_cache(maxsize=64)
def _bump_many(n: int) -> sa.Update:
    """The compare-and-set of ``n`` matches' moves in one statement (``_append_all``),
    built once a size: match ``k`` is bound as ``i{k}`` (id), ``e{k}`` (expected version),
    ``v{k}`` (new version) and ``s{k}`` (status); ``stamp`` is the time. It returns the ids
    it bumped."""
    by_id = matches.c.id
    ks = range(n)
    return (
        matches.update()
        .where(
            sa.or_(
                *(
                    sa.and_(
                        by_id == sa.bindparam(f"i{k}"), matches.c.version == sa.bindparam(f"e{k}")
                    )
                    for k in ks
                )
            ),
            matches.c.status == "playing",  # a match the host ended takes no more moves
        )
        .values(
            version=sa.case(*((by_id == sa.bindparam(f"i{k}"), sa.bindparam(f"v{k}")) for k in ks)),
            status=sa.case(*((by_id == sa.bindparam(f"i{k}"), sa.bindparam(f"s{k}")) for k in ks)),
            updated_at=sa.bindparam("stamp"),
        )
        .returning(by_id)
    )


def _log_rows(move: Append, stamp: datetime) -> list[dict[str, Any]]:
    """The ``match_actions`` rows of a move let through its compare-and-set."""
    return [
        {
            "match_id": move.match_id,
            "version": move.expected_version + n,
            "player": player,
            "action": action,
            "created_at": stamp,
            "played_by": move.by[n - 1] if move.by else None,
        }
        for n, (player, action) in enumerate(move.actions, start=1)
    ]


def actions(db: Database, match_id: str, after: int = 0) -> list[ActionRow]:
    """The log entries with version > ``after``, in order."""
    query = (
        sa.select(
            match_actions.c.version,
            match_actions.c.player,
            match_actions.c.action,
            match_actions.c.played_by,
        )
        .where(match_actions.c.match_id == match_id, match_actions.c.version > after)
        .order_by(match_actions.c.version)
    )
    with db.engine.connect() as conn:
        return [ActionRow(r.version, r.player, r.action, r.played_by) for r in conn.execute(query)]


def append_action(
    db: Database,
    match_id: str,
    expected_version: int,
    player: int,
    action: dict[str, Any],
    status: str,
    results_rows: Sequence[SeatResult],
    by: str | None,
) -> bool:
    """One person's move by compare-and-set (``Store.append_action``), before others' writes."""
    move = Append(match_id, expected_version, ((player, action),), status, results_rows, (by,))
    with db.write(urgent=True) as conn:
        return _append(conn, move, now())


def append_many(db: Database, moves: Sequence[Append]) -> list[bool | Exception]:
    """Several matches' moves, sharing a transaction where they can (``Store.append_many``)."""
    stamp = now()
    out: list[bool | Exception | None] = [None] * len(moves)
    shared = [i for i, move in enumerate(moves) if not move.results_rows]
    if len({moves[i].match_id for i in shared}) < len(shared):
        shared = []  # one compare-and-set per match and statement: each on its own
    if len(shared) > 1:
        try:
            with db.write() as conn:
                bumped = _append_all(conn, [moves[i] for i in shared], stamp)
                for i in shared:
                    out[i] = moves[i].match_id in bumped
        except OperationalError as exc:
            for i in shared:
                out[i] = exc
        except Exception:
            for i in shared:
                out[i] = None  # rolled back: each on its own below
    for i, move in enumerate(moves):
        if out[i] is not None:
            continue
        try:
            with db.write() as conn:
                out[i] = _append(conn, move, stamp)
        except Exception as exc:
            out[i] = exc
    return [False if result is None else result for result in out]


def _append_all(conn: Connection, moves: Sequence[Append], stamp: datetime) -> set[str]:
    """The compare-and-sets of several matches' moves (none ends its match, no match
    twice) in one statement, and the log rows of those it let through in one more: two
    round trips for a batch where ``_append`` takes two a move. The ids let through."""
    params: dict[str, Any] = {"stamp": stamp}
    for k, move in enumerate(moves):
        params[f"i{k}"] = move.match_id
        params[f"e{k}"] = move.expected_version
        params[f"v{k}"] = move.expected_version + len(move.actions)
        params[f"s{k}"] = move.status
    bumped = set(conn.execute(_bump_many(len(moves)), params).scalars())
    rows = [row for move in moves if move.match_id in bumped for row in _log_rows(move, stamp)]
    if rows:
        conn.execute(_LOG, rows)
    return bumped


def _append(conn: Connection, move: Append, stamp: datetime) -> bool:
    """One move's compare-and-set, log rows and (at its end) results, in ``conn``'s
    transaction. A refused compare-and-set writes nothing."""
    bumped = conn.execute(
        _FINISH if move.results_rows else _BUMP,
        {
            "b_id": move.match_id,
            "b_expected": move.expected_version,
            "b_version": move.expected_version + len(move.actions),
            "b_status": move.status,
            "b_stamp": stamp,
        },
    )
    if bumped.rowcount != 1:
        return False
    conn.execute(_LOG, _log_rows(move, stamp))
    record_results(conn, move.match_id, move.results_rows)
    return True
