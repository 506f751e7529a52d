"""Profiles: a person's record read back, per game played (wins, places, rating), their
latest matches (those a computer finished for them too) and the opponents they met most."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from datetime import UTC
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from .rows import GameRecord, HeadToHead, Profile, Rating, RecentMatch, profile_key
from .tables import matches, profiles, ratings, results
from .writers import Database

# Keys of the seats the server stores with a match (``matches.seats``) that say a person's seat
# was finished by the host's computer: the result row names nobody then, so only the seats
# tell whose it was.
_SEAT_NAME, _SEAT_STAND_IN, _SEAT_LEARNER = "name", "stand_in", "learner"
# A prefilter in SQL on the seats' JSON text (both dialects store it as json.dumps wrote it):
# only matches where some seat still had a stand-in at the end are read and parsed.
_HAS_STAND_IN = f'%"{_SEAT_STAND_IN}"%'


def profile(db: Database, name: str, recent: int = 20, opponents: int = 10) -> Profile | None:
    """A person's record (``Store.profile``); ``None`` when nobody of that name has a
    finished match."""
    key = profile_key(unicodedata.normalize("NFC", name))
    with db.engine.connect() as conn:
        person = conn.execute(
            sa.select(profiles.c.id, profiles.c.name).where(profiles.c.key == key)
        ).first()
        finished_for = _finished_for(conn, key, recent)
        if person is None:
            if not finished_for:
                return None
            # Somebody whose every match a computer finished has no profile row: the
            # name is the one they sat down with last.
            seat = finished_for[0]
            shown_name = str(seat.seats[seat.seat][_SEAT_NAME])
            recent_rows = _recent(conn, [], finished_for, recent)
            return Profile(shown_name, [], recent_rows, [])
        pid = int(person.id)
        records = _records(conn, pid)
        recent_rows = _recent(conn, _latest(conn, pid, recent), finished_for, recent)
        faced = _opponents(conn, pid, opponents)
    return Profile(str(person.name), records, recent_rows, faced)


def _records(conn: Connection, pid: int) -> list[GameRecord]:
    """The person's record in each game they played, the most played first."""
    mine = sa.select(
        results.c.match_id, results.c.won, results.c.place, matches.c.game
    ).select_from(results.join(matches, results.c.match_id == matches.c.id))
    per_game: dict[str, dict[str, Any]] = {}
    for r in conn.execute(mine.where(results.c.profile_id == pid)):
        entry = per_game.setdefault(r.game, {"played": 0, "wins": 0, "places": {}})
        entry["played"] += 1
        entry["wins"] += int(bool(r.won))
        if r.place is not None:
            entry["places"][int(r.place)] = entry["places"].get(int(r.place), 0) + 1
    rated = {
        r.game: Rating(float(r.mu), float(r.sigma), int(r.games))
        for r in conn.execute(
            sa.select(ratings).where(ratings.c.profile_id == pid, ratings.c.games > 0)
        )
    }
    return [
        GameRecord(g, e["played"], e["wins"], dict(sorted(e["places"].items())), rated.get(g))
        for g, e in sorted(per_game.items(), key=lambda item: -item[1]["played"])
    ]


def _latest(conn: Connection, pid: int, limit: int) -> list[Any]:
    """The person's latest ``limit`` counted matches with their seat's result, newest first."""
    return list(
        conn.execute(
            sa.select(
                matches.c.id,
                matches.c.game,
                matches.c.finished_at,
                results.c.seat,
                results.c.won,
                results.c.place,
            )
            .select_from(results.join(matches, results.c.match_id == matches.c.id))
            .where(results.c.profile_id == pid)
            .order_by(matches.c.finished_at.desc(), matches.c.id)
            .limit(limit)
        )
    )


def _opponents(conn: Connection, pid: int, limit: int) -> list[HeadToHead]:
    """The ``limit`` opponents (people and computer levels) the person met most; partners
    in a team game are not opponents."""
    me = results.alias("me")
    other = results.alias("other")
    met = sa.func.count()
    ahead = sa.func.sum(sa.case((me.c.place < other.c.place, 1), else_=0))
    behind = sa.func.sum(sa.case((me.c.place > other.c.place, 1), else_=0))
    h2h = (
        sa.select(
            other.c.profile_id,
            profiles.c.name,
            other.c.bot,
            met.label("met"),
            ahead.label("ahead"),
            behind.label("behind"),
        )
        .select_from(
            me.join(
                other,
                sa.and_(other.c.match_id == me.c.match_id, other.c.seat != me.c.seat),
            ).outerjoin(profiles, other.c.profile_id == profiles.c.id)
        )
        .where(
            me.c.profile_id == pid,
            sa.or_(other.c.profile_id.is_(None), other.c.profile_id != pid),
            sa.or_(other.c.profile_id.is_not(None), other.c.bot.is_not(None)),
            sa.or_(me.c.team.is_(None), other.c.team.is_(None), me.c.team != other.c.team),
        )
        .group_by(other.c.profile_id, profiles.c.name, other.c.bot)
        .order_by(met.desc(), profiles.c.name, other.c.bot)
        .limit(limit)
    )
    return [
        HeadToHead(r.name or r.bot, r.bot, int(r.met), int(r.ahead), int(r.behind))
        for r in conn.execute(h2h)
    ]


def _finished_for(conn: Connection, key: str, limit: int) -> list[Any]:
    """The latest ``limit`` finished matches where a computer finished the seat of the
    person of ``key`` for them (newest first): their result row names nobody and no
    computer level, and the match's seats say whose seat it was. A guided game is not
    one: it counts for nobody anyway."""
    query = (
        sa.select(
            matches.c.id,
            matches.c.game,
            matches.c.finished_at,
            matches.c.seats,
            results.c.seat,
            results.c.won,
            results.c.place,
        )
        .select_from(results.join(matches, results.c.match_id == matches.c.id))
        .where(
            results.c.profile_id.is_(None),
            results.c.bot.is_(None),
            sa.cast(matches.c.seats, sa.Text).like(_HAS_STAND_IN),
        )
        .order_by(matches.c.finished_at.desc(), matches.c.id)
    )
    found: list[Any] = []  # rows of the query above
    for r in conn.execute(query):
        seats = r.seats if isinstance(r.seats, list) else []
        seat = seats[r.seat] if 0 <= r.seat < len(seats) else {}
        seated = seat.get(_SEAT_NAME)
        if (
            seat.get(_SEAT_STAND_IN)
            and isinstance(seated, str)
            and profile_key(seated) == key
            and not any(isinstance(s, dict) and s.get(_SEAT_LEARNER) for s in seats)
        ):
            found.append(r)
            if len(found) >= limit:
                break
    return found


def _recent(
    conn: Connection,
    counted: Sequence[Any],
    finished_for: Sequence[Any],
    limit: int,
) -> list[RecentMatch]:
    """The ``limit`` latest of a person's counted matches and those a computer finished
    for them, newest first, each with every seat's name, level and place."""

    def newest_first(row: Any) -> tuple[bool, float, str]:
        stamp = row.finished_at
        if stamp is None:
            return (True, 0.0, row.id)
        # SQLite gives back naive times; they were stored as UTC.
        stamp = stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)
        return (False, -stamp.timestamp(), row.id)

    stood_in = {r.id for r in finished_for}
    latest = sorted([*counted, *finished_for], key=newest_first)[:limit]
    everyone: dict[str, list[dict[str, Any]]] = {}
    if latest:
        seat_rows = conn.execute(
            sa.select(
                results.c.match_id,
                results.c.seat,
                results.c.won,
                results.c.place,
                results.c.bot,
                profiles.c.name,
            )
            .select_from(results.outerjoin(profiles, results.c.profile_id == profiles.c.id))
            .where(results.c.match_id.in_([r.id for r in latest]))
            .order_by(results.c.match_id, results.c.seat)
        )
        for seat_row in seat_rows:
            everyone.setdefault(seat_row.match_id, []).append(
                {
                    "name": seat_row.name,
                    "bot": seat_row.bot,
                    "place": seat_row.place,
                    "won": bool(seat_row.won),
                }
            )
    return [
        RecentMatch(
            r.id,
            r.game,
            r.finished_at,
            bool(r.won),
            r.place,
            everyone.get(r.id, []),
            seat=int(r.seat),
            not_counted=_SEAT_STAND_IN if r.id in stood_in else None,
        )
        for r in latest
    ]
