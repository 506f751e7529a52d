"""The database tables (SQLAlchemy Core). Migrations in ``migrations/versions`` create them."""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

profiles = sa.Table(
    "profiles",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("name", sa.String(64), nullable=False),
    # Trimmed and case-folded name: "Anna" and " anna " are one person.
    sa.Column("key", sa.String(128), nullable=False, unique=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

matches = sa.Table(
    "matches",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("rules_version", sa.String(16), nullable=False),
    sa.Column("mode", sa.String(16), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seats", sa.JSON, nullable=False),
    sa.Column("status", sa.String(16), nullable=False, index=True),
    sa.Column("version", sa.Integer, nullable=False),
    # Never leaves the server: every die roll is derived from it and the match version.
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    # Seconds a person may take over a step before a computer plays it (0: no timer).
    sa.Column("turn_seconds", sa.Integer, nullable=False, server_default="0"),
    # The match this one replays with the same players ("Spela igen"); one rematch a match.
    sa.Column("rematch_of", sa.String(32), nullable=True),
    sa.Index("ix_matches_rematch_of", "rematch_of", unique=True),
    # When the result was written (lists of a period count matches finished within it).
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
)

match_actions = sa.Table(
    "match_actions",
    metadata,
    sa.Column(
        "match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    ),
    # The match version after this action (1 for the first).
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("player", sa.Integer, nullable=False),
    sa.Column("action", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    # Who made the move when it was not the seat's own player: "timer" (a computer took
    # over a turn whose time ran out) or "stand_in" (the host's computer for an absent
    # person); None for the seat's own person or computer, and for chance by itself.
    sa.Column("played_by", sa.String(16), nullable=True),
)

seat_tokens = sa.Table(
    "seat_tokens",
    metadata,
    # SHA-256 of the secret: a leaked database does not hand out seats.
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column(
        "match_id",
        sa.String(32),
        sa.ForeignKey("matches.id", ondelete="CASCADE"),
        nullable=False,
        index=True,
    ),
    # device | seat | invite | used (an invite somebody joined with: kept to say so)
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),  # None for a device token (all human seats)
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

match_runners = sa.Table(
    "match_runners",
    metadata,
    sa.Column(
        "match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    ),
    # The process acting for the match's computer seats, until its lease runs out.
    sa.Column("owner", sa.String(32), nullable=False),
    sa.Column("until", sa.DateTime(timezone=True), nullable=False, index=True),
)

results = sa.Table(
    "results",
    metadata,
    sa.Column(
        "match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("seat", sa.Integer, primary_key=True),
    # Bots never get a profile, so they never appear in the highscore list.
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=True, index=True),
    sa.Column("won", sa.Boolean, nullable=False),
    sa.Column("place", sa.Integer, nullable=True),
    # The computer level that played the seat as its own player (not a stand-in).
    sa.Column("bot", sa.String(32), nullable=True),
    # The seat's team in a team game (partners are not opponents); None without teams.
    sa.Column("team", sa.Integer, nullable=True),
)

ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game", sa.String(32), nullable=False),
    # A person's rating (profile_id) or a computer level's (bot): one of the two is set.
    sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=True),
    sa.Column("bot", sa.String(32), nullable=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),  # the matches the rating rests on
    sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    sa.Index("ix_ratings_game_profile", "game", "profile_id", unique=True),
    sa.Index("ix_ratings_game_bot", "game", "bot", unique=True),
)
