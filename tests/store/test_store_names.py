"""Names as people type them: one person however "Åsa" was encoded or cased, keys that fit
their column on SQLite and PostgreSQL, and the upgrade that merges profiles the old keys kept
apart."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import sqlalchemy as sa

from spelkvall.core import clean_name, name_key
from spelkvall.store import SeatResult, Store
from spelkvall.store.db import migrate

NFC = unicodedata.normalize("NFC", "Åsa")
NFD = unicodedata.normalize("NFD", "Åsa")
LIGATURES = "ﬃ" * 32  # 32 characters that fold to 96


def finish(store: Store, names: tuple[str, str], winner: int) -> None:
    match_id, _ = store.create_match(
        game="relay",
        rules_version="1",
        mode="hotseat",
        options={},
        seats=[{"name": n, "colour": None, "bot": None} for n in names],
        status="playing",
        seed=1,
        tokens=[("device", None)],
    )
    rows = [
        SeatResult(seat=i, name=n, won=i == winner, place=1 if i == winner else 2)
        for i, n in enumerate(names)
    ]
    assert store.append_action(match_id, 0, 0, {"type": "done"}, status="over", results_rows=rows)


def test_a_name_typed_in_nfc_and_in_nfd_is_one_person(store: Store) -> None:
    assert NFC != NFD and clean_name(NFD) == NFC
    finish(store, (NFC, "Bo"), 0)
    finish(store, (NFD, "Bo"), 0)
    rows = {r.name: (r.wins, r.played) for r in store.highscore("relay")}
    assert rows == {NFC: (2, 2), "Bo": (0, 2)}


def test_a_name_whose_fold_is_three_times_longer_still_fits_and_wins(store: Store) -> None:
    assert clean_name(LIGATURES) == LIGATURES and len(name_key(LIGATURES)) == 96
    finish(store, (LIGATURES, "Bo"), 0)
    finish(store, (clean_name(f"  {LIGATURES} "), "Bo"), 0)
    top = store.highscore("relay")[0]
    assert (top.wins, top.played) == (2, 2)


def test_upgrading_merges_the_profiles_that_old_keys_kept_apart(tmp_path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    migrate(engine, "0001")
    with engine.begin() as conn:
        for pid, name in ((1, NFC), (2, NFD), (3, "Bo")):
            key = " ".join(name.split()).casefold()  # the key as version 0001 wrote it
            conn.execute(
                sa.text("INSERT INTO profiles (id, name, key, created_at) VALUES (:i, :n, :k, 0)"),
                {"i": pid, "n": name, "k": key},
            )
        conn.execute(
            sa.text(
                "INSERT INTO matches (id, game, rules_version, mode, options, seats, status,"
                " version, seed, created_at, updated_at) VALUES ('m', 'relay', '1', 'hotseat',"
                " '{}', '[]', 'over', 1, 1, 0, 0)"
            )
        )
        for seat, pid in ((0, 1), (1, 2)):
            conn.execute(
                sa.text(
                    "INSERT INTO results (match_id, seat, profile_id, won, place)"
                    " VALUES ('m', :s, :p, :w, 1)"
                ),
                {"s": seat, "p": pid, "w": seat == 0},
            )
    migrate(engine)
    with engine.begin() as conn:
        profiles = conn.execute(sa.text("SELECT id, key FROM profiles ORDER BY id")).all()
        owners = conn.execute(sa.text("SELECT profile_id FROM results ORDER BY seat")).all()
    assert [tuple(p) for p in profiles] == [(1, name_key(NFC)), (3, "bo")]
    assert [o[0] for o in owners] == [1, 1]
    engine.dispose()
