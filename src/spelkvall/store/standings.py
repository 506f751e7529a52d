"""Standings: the results a finished match writes (with its people's profile rows and the
ratings they move), each match's results read back, and the highscore lists."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from .rating import START, RatedSeat, rate
from .rows import HighscoreRow, Rating, SeatResult, now, profile_key
from .tables import matches, profiles, ratings, results
from .writers import Database


def record_results(conn: Connection, match_id: str, results_rows: Sequence[SeatResult]) -> None:
    """Write the results of a match that ended, and the ratings they move, in the
    transaction that stores its last move."""
    # Each person's row is touched in one order (by key) in every transaction, so two
    # matches of the same people ending at once queue instead of deadlocking.
    people = sorted({res.name for res in results_rows if res.name is not None}, key=profile_key)
    ids = {name: _profile_id(conn, name) for name in people}
    rated: list[RatedSeat] = []
    for res in results_rows:
        profile_id = None if res.name is None else ids[res.name]
        bot = res.bot if profile_id is None else None
        conn.execute(
            results.insert().values(
                match_id=match_id,
                seat=res.seat,
                profile_id=profile_id,
                won=res.won,
                place=res.place,
                bot=bot,
                team=res.team,
            )
        )
        who = ("p", profile_id) if profile_id is not None else ("b", bot) if bot else None
        rated.append(RatedSeat(who, res.team, res.place, res.won))
    if rated:
        _rate(conn, match_id, rated)


def _rate(conn: Connection, match_id: str, seats: list[RatedSeat]) -> None:
    """Update the ratings of the people and computer levels of a finished match, in the
    transaction that writes its result."""
    game = conn.execute(sa.select(matches.c.game).where(matches.c.id == match_id)).scalar_one()
    who: list[tuple[str, Any]] = sorted(
        {cast(tuple[str, Any], s.who) for s in seats if s.who is not None}, key=repr
    )
    stamp = now()
    for kind, ident in who:
        column = ratings.c.profile_id if kind == "p" else ratings.c.bot
        try:
            # Every row exists before any is locked: two matches ending at once then
            # queue on the row locks instead of both inserting a first rating.
            with conn.begin_nested():
                conn.execute(
                    ratings.insert().values(
                        {
                            "game": game,
                            column.name: ident,
                            "mu": START[0],
                            "sigma": START[1],
                            "games": 0,
                            "updated_at": stamp,
                        }
                    )
                )
        except IntegrityError:
            pass  # it was there (or another match wrote it first)
    before: dict[Any, tuple[float, float]] = {}
    ids: dict[Any, int] = {}
    for kind, ident in who:  # one order for every transaction: no deadlock
        column = ratings.c.profile_id if kind == "p" else ratings.c.bot
        row = conn.execute(
            sa.select(ratings.c.id, ratings.c.mu, ratings.c.sigma)
            .where(ratings.c.game == game, column == ident)
            .with_for_update()
        ).one()
        before[(kind, ident)] = (float(row.mu), float(row.sigma))
        ids[(kind, ident)] = int(row.id)
    for key, (mu, sigma) in rate(seats, before).items():
        conn.execute(
            ratings.update()
            .where(ratings.c.id == ids[key])
            .values(mu=mu, sigma=sigma, games=ratings.c.games + 1, updated_at=stamp)
        )


def _profile_id(conn: Connection, name: str) -> int:
    """The profile id of the person ``name``, made at their first result; their latest
    spelling is the one shown."""
    name = unicodedata.normalize("NFC", name)  # shown as it is compared
    key = profile_key(name)
    row = conn.execute(sa.select(profiles.c.id).where(profiles.c.key == key)).first()
    if row is not None:
        # The latest spelling is the one shown.
        conn.execute(profiles.update().where(profiles.c.id == row.id).values(name=name))
        return int(row.id)
    try:
        with conn.begin_nested():
            inserted = conn.execute(profiles.insert().values(name=name, key=key, created_at=now()))
        key_row = inserted.inserted_primary_key
        assert key_row is not None
        return int(key_row[0])
    except IntegrityError:
        # Another transaction created the same person first.
        row = conn.execute(sa.select(profiles.c.id).where(profiles.c.key == key)).one()
        return int(row.id)


def match_results(db: Database, match_id: str) -> list[SeatResult]:
    """The results of a finished match, in seat order."""
    query = (
        sa.select(results.c.seat, profiles.c.name, results.c.won, results.c.place)
        .select_from(results.outerjoin(profiles, results.c.profile_id == profiles.c.id))
        .where(results.c.match_id == match_id)
        .order_by(results.c.seat)
    )
    with db.engine.connect() as conn:
        return [SeatResult(r.seat, r.name, r.won, r.place) for r in conn.execute(query)]


def highscore(
    db: Database,
    game: str | None = None,
    limit: int = 100,
    *,
    sort: str = "wins",
    since: datetime | None = None,
    computers: bool = False,
) -> list[HighscoreRow]:
    """The highscore list of people or computer levels (``Store.highscore``)."""
    wins = sa.func.count(sa.distinct(sa.case((results.c.won, results.c.match_id))))
    played = sa.func.count(sa.distinct(results.c.match_id))
    joined = results.join(matches, results.c.match_id == matches.c.id)
    if computers:
        name_col: Any = results.c.bot
        joined_rating = ratings.c.bot == results.c.bot
        group: list[Any] = [results.c.bot]
    else:
        joined = joined.join(profiles, results.c.profile_id == profiles.c.id)
        name_col = profiles.c.name
        joined_rating = ratings.c.profile_id == profiles.c.id
        group = [profiles.c.id, profiles.c.name]
    columns: list[Any] = [name_col.label("name"), wins.label("wins"), played.label("played")]
    order: list[Any] = []
    if game:
        joined = joined.outerjoin(
            ratings, sa.and_(joined_rating, ratings.c.game == game, ratings.c.games > 0)
        )
        columns += [ratings.c.mu, ratings.c.sigma, ratings.c.games]
        group += [ratings.c.mu, ratings.c.sigma, ratings.c.games]
        if sort == "rating":
            conservative = ratings.c.mu - 3 * ratings.c.sigma
            order += [ratings.c.mu.is_(None), conservative.desc()]
    order += [wins.desc(), played.asc(), name_col.asc()]
    query = sa.select(*columns).select_from(joined).group_by(*group).order_by(*order)
    if computers:
        query = query.where(results.c.bot.is_not(None))
    if game:
        query = query.where(matches.c.game == game)
    if since is not None:
        query = query.where(matches.c.finished_at >= since)
    with db.engine.connect() as conn:
        rows = list(conn.execute(query.limit(limit)))
    return [
        HighscoreRow(
            r.name,
            int(r.wins),
            int(r.played),
            rating=(
                Rating(float(r.mu), float(r.sigma), int(r.games))
                if game and r.mu is not None
                else None
            ),
            bot=r.name if computers else None,
        )
        for r in rows
    ]
