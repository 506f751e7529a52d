"""Storage: SQLAlchemy 2 + Alembic. SQLite by default, PostgreSQL with SPELKVALL_DATABASE_URL."""

from .db import ENV_URL, StoreError, default_url, hold_sqlite
from .store import (
    ActionRow,
    Append,
    GameRecord,
    HeadToHead,
    HighscoreRow,
    MatchRow,
    Profile,
    Rating,
    RecentMatch,
    RematchExists,
    SeatResult,
    Store,
    TokenRow,
    hash_token,
    profile_key,
)

__all__ = [
    "ENV_URL",
    "ActionRow",
    "Append",
    "GameRecord",
    "HeadToHead",
    "HighscoreRow",
    "MatchRow",
    "Profile",
    "Rating",
    "RecentMatch",
    "RematchExists",
    "SeatResult",
    "Store",
    "StoreError",
    "TokenRow",
    "default_url",
    "hash_token",
    "hold_sqlite",
    "profile_key",
]
