"""Who runs a match's computer seats: a lease per match.

``match_runners``: the process (``owner``) that acts for the computer seats and keeps the turn
timer of a match, until ``until``. The owner renews it while it works; when a process dies its
leases run out and any other live process takes the match over (``Store.claim_runner``).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "match_runners",
        sa.Column(
            "match_id",
            sa.String(32),
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("owner", sa.String(32), nullable=False),
        sa.Column("until", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_match_runners_until", "match_runners", ["until"])


def downgrade() -> None:
    op.drop_index("ix_match_runners_until", "match_runners")
    op.drop_table("match_runners")
