"""Ratings per game and player, the computer behind a result, and when a match finished.

``ratings``: one row per game and person (``profile_id``) or computer level (``bot``), with the
skill estimate ``mu`` and its uncertainty ``sigma`` (openskill's Plackett-Luce model) and the
number of matches it rests on. ``results.bot``: the computer level that played the seat as its
own player (never a stand-in for an absent person), so computer levels get a highscore list of
their own (filled in for the results already stored, from their matches' seats).
``results.team``: the seat's team in a team game, so partners are not each other's opponents.
``matches.finished_at``: when the result was written, for lists of a period; older finished
matches get their last change, which is when they finished.

Ratings start with the matches finished after this migration: the results stored before it do
not say who played with whom in a team game.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("profile_id", sa.Integer, sa.ForeignKey("profiles.id"), nullable=True),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_ratings_game_profile", "ratings", ["game", "profile_id"], unique=True)
    op.create_index("ix_ratings_game_bot", "ratings", ["game", "bot"], unique=True)
    with op.batch_alter_table("results") as batch:
        batch.add_column(sa.Column("bot", sa.String(32), nullable=True))
        batch.add_column(sa.Column("team", sa.Integer, nullable=True))
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True))
    matches = sa.table(
        "matches",
        sa.column("status", sa.String),
        sa.column("updated_at", sa.DateTime(timezone=True)),
        sa.column("finished_at", sa.DateTime(timezone=True)),
    )
    conn = op.get_bind()
    conn.execute(
        matches.update().where(matches.c.status == "over").values(finished_at=matches.c.updated_at)
    )
    # The computers of the results already stored, from each match's seats.
    seats = sa.table("matches", sa.column("id", sa.String), sa.column("seats", sa.JSON))
    results = sa.table(
        "results", sa.column("match_id", sa.String), sa.column("seat"), sa.column("bot")
    )
    with_results = sa.select(results.c.match_id).distinct()
    for match_id, seat_list in list(
        conn.execute(sa.select(seats.c.id, seats.c.seats).where(seats.c.id.in_(with_results)))
    ):
        for index, info in enumerate(seat_list or []):
            if isinstance(info, dict) and info.get("bot"):
                conn.execute(
                    results.update()
                    .where(results.c.match_id == match_id, results.c.seat == index)
                    .values(bot=str(info["bot"])[:32])
                )


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("finished_at")
    with op.batch_alter_table("results") as batch:
        batch.drop_column("team")
        batch.drop_column("bot")
    op.drop_index("ix_ratings_game_bot", "ratings")
    op.drop_index("ix_ratings_game_profile", "ratings")
    op.drop_table("ratings")
