"""The highscore list and the profiles: routes over the store's results and ratings.

Nothing here knows a game: a game is only the id the store keeps with each match.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from fastapi import FastAPI, Query
from starlette.concurrency import run_in_threadpool

from spelkvall.store import HighscoreRow, Profile, Rating, Store

from .errors import ServiceError

PERIOD = r"^(all|[1-9][0-9]{0,3}d)$"
"""``all`` or a number of days (``30d``, ``7d``): matches finished within it count."""


def since(period: str, today: datetime | None = None) -> datetime | None:
    """The start of ``period`` (``None`` for all time)."""
    if period == "all":
        return None
    return (today or datetime.now(UTC)) - timedelta(days=int(period[:-1]))


def rating_json(rating: Rating | None) -> dict[str, Any] | None:
    if rating is None:
        return None
    return {"shown": rating.shown, "games": rating.games, "mu": rating.mu, "sigma": rating.sigma}


def row_json(row: HighscoreRow) -> dict[str, Any]:
    rating = row.rating
    return {
        "name": row.name,
        "bot": row.bot,
        "wins": row.wins,
        "played": row.played,
        "win_rate": row.win_rate,
        # The number shown and the matches it rests on; null without a game chosen.
        "rating": None if rating is None else rating.shown,
        "rating_games": 0 if rating is None else rating.games,
    }


def _stamp(value: datetime | None) -> str | None:
    if value is None:
        return None
    # SQLite gives back naive times; they were stored as UTC.
    value = value if value.tzinfo else value.replace(tzinfo=UTC)
    return value.astimezone(UTC).isoformat()


def profile_json(profile: Profile) -> dict[str, Any]:
    return {
        "name": profile.name,
        "games": [
            {
                "game": g.game,
                "played": g.played,
                "wins": g.wins,
                "places": {str(place): n for place, n in g.places.items()},
                "rating": rating_json(g.rating),
            }
            for g in profile.games
        ],
        "recent": [
            {
                "match_id": m.match_id,
                "game": m.game,
                "finished_at": _stamp(m.finished_at),
                "won": m.won,
                "place": m.place,
                "players": m.players,
                "seat": m.seat,
                # "stand_in": a computer finished the person's seat, so it counted nowhere.
                "not_counted": m.not_counted,
            }
            for m in profile.recent
        ],
        "opponents": [
            {"name": o.name, "bot": o.bot, "met": o.met, "ahead": o.ahead, "behind": o.behind}
            for o in profile.opponents
        ],
    }


def add_standings(app: FastAPI, store: Store) -> None:
    """``GET /api/highscore`` and ``GET /api/profiles/{name}``."""

    @app.get("/api/highscore")
    async def highscore(
        game: str | None = None,
        sort: str = Query("wins", pattern="^(wins|rating)$"),
        period: str = Query("all", pattern=PERIOD),
        computers: bool = False,
    ) -> list[dict[str, Any]]:
        rows = await run_in_threadpool(
            lambda: store.highscore(
                game or None, sort=sort, since=since(period), computers=computers
            )
        )
        return [row_json(r) for r in rows]

    @app.get("/api/profiles/{name:path}")  # a name may hold a slash
    async def profile(name: str) -> dict[str, Any]:
        found = await run_in_threadpool(store.profile, name[:64])
        if found is None:
            path = f"/api/profiles/{name[:64]}"
            raise ServiceError("error.not_found", f"no profile {name[:64]!r}", 404, path=path)
        return profile_json(found)
