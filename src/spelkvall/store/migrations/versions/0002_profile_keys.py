"""Profile keys: NFC-normalised before case folding, and room for every folded name.

A name of 32 characters can fold to 96 (a ligature such as "ﬃ" folds to three letters), which
did not fit the 64 characters of ``profiles.key`` on PostgreSQL, and "Åsa" typed in NFC and NFD
were two people. The column grows to 128 and every key is computed anew; profiles whose new
keys meet are merged into the oldest, which takes over the others' results.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-25
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from spelkvall.core import name_key

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        batch.alter_column("key", existing_type=sa.String(64), type_=sa.String(128))
    conn = op.get_bind()
    profiles = sa.table(
        "profiles", sa.column("id", sa.Integer), sa.column("name"), sa.column("key")
    )
    results = sa.table("results", sa.column("profile_id", sa.Integer))
    keep: dict[str, int] = {}
    rows = conn.execute(sa.select(profiles.c.id, profiles.c.name).order_by(profiles.c.id))
    for profile_id, name in list(rows):
        key = name_key(name)
        if key in keep:
            conn.execute(
                results.update()
                .where(results.c.profile_id == profile_id)
                .values(profile_id=keep[key])
            )
            conn.execute(profiles.delete().where(profiles.c.id == profile_id))
        else:
            keep[key] = profile_id
    # New keys are written only once the merged rows are gone, so none meets a unique twin.
    for key, profile_id in keep.items():
        conn.execute(profiles.update().where(profiles.c.id == profile_id).values(key=key))


def downgrade() -> None:
    with op.batch_alter_table("profiles") as batch:
        batch.alter_column("key", existing_type=sa.String(128), type_=sa.String(64))
