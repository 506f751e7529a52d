"""Who really made a logged move.

``match_actions.played_by``: ``"timer"`` when a computer played the move because the seat's
turn timer ran out, ``"stand_in"`` when the host's computer played it for an absent person,
else ``NULL`` (the seat's own person or computer, or chance by itself). The actions stored
before this migration get ``NULL``: nobody recorded then who made them.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("match_actions") as batch:
        batch.add_column(sa.Column("played_by", sa.String(16), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("match_actions") as batch:
        batch.drop_column("played_by")
