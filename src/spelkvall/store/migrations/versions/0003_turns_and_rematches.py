"""A turn timer per match, and rematches.

``matches.turn_seconds``: how long a person may take over a step before a computer plays it for
them (0: no timer, the default and what every older match gets). ``matches.rematch_of``: the
match this one is the rematch of; unique, so however many players press "Spela igen" at once, a
match gets one rematch.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("turn_seconds", sa.Integer, nullable=False, server_default="0"))
        batch.add_column(sa.Column("rematch_of", sa.String(32), nullable=True))
        batch.create_index("ix_matches_rematch_of", ["rematch_of"], unique=True)


def downgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.drop_index("ix_matches_rematch_of")
        batch.drop_column("rematch_of")
        batch.drop_column("turn_seconds")
