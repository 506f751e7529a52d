"""Storage for online evenings: used invites kept as such, one rematch a match, the host ending
a match (no move after), seat changes under the row lock, a browser's tokens looked up at
once, the turn timer stored, and the upgrade that adds them."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from spelkvall.store import MatchRow, RematchExists, Store, hash_token
from spelkvall.store.db import migrate


def new_match(store: Store, **extra: Any) -> tuple[str, list[str]]:
    base: dict[str, Any] = {
        "game": "fia",
        "rules_version": "1",
        "mode": "online",
        "options": {},
        "seats": [
            {"name": "A", "colour": "red", "bot": None},
            {"name": None, "colour": None, "bot": None},
        ],
        "status": "waiting",
        "seed": 7,
        "tokens": [("seat", 0), ("invite", 1)],
    }
    base.update(extra)
    return store.create_match(**base)


def join(row: MatchRow) -> tuple[list[dict[str, Any]], str]:
    seats = [dict(s) for s in row.seats]
    seats[1]["name"] = "B"
    return seats, "playing"


def test_a_used_invite_is_kept_as_used_and_cannot_be_used_again(store: Store) -> None:
    match_id, (_creator, invite) = new_match(store)
    secret = store.update_seats(match_id, join, use_invite=hash_token(invite), seat_token_for=1)
    assert secret is not None
    used = store.token(invite)
    assert used is not None and (used.kind, used.seat, used.match_id) == ("used", 1, match_id)
    again = store.update_seats(match_id, join, use_invite=hash_token(invite), seat_token_for=1)
    assert again is None


def test_a_match_has_one_rematch_however_many_ask_at_once(store: Store) -> None:
    old, _ = new_match(store, status="over")
    made: list[str] = []
    refused: list[str] = []

    def ask() -> None:
        try:
            made.append(new_match(store, rematch_of=old)[0])
        except RematchExists:
            refused.append(old)

    threads = [threading.Thread(target=ask) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(made) == 1 and len(refused) == 3
    rematch = store.rematch(old)
    assert rematch is not None and rematch.id == made[0] and rematch.rematch_of == old
    assert store.rematch(made[0]) is None


def test_a_match_the_host_ended_takes_no_more_moves(store: Store) -> None:
    match_id, _ = new_match(store, status="playing")
    assert store.append_action(match_id, 0, 0, {"type": "roll"}, status="playing")
    assert not store.end_match(match_id, ["waiting"], "cancelled")
    assert store.end_match(match_id, ["playing"], "ended")
    assert not store.append_action(match_id, 1, 0, {"type": "roll"}, status="playing")
    row = store.get_match(match_id)
    assert row is not None and (row.status, row.version) == ("ended", 1)
    assert store.playing_match_ids() == []


def test_seats_change_under_the_lock_with_a_token_and_the_turn_clock_kept(store: Store) -> None:
    match_id, _ = new_match(store, status="playing", turn_seconds=30)
    before = store.get_match(match_id)
    assert before is not None and before.turn_seconds == 30

    def stand_in(row: MatchRow) -> tuple[list[dict[str, Any]], str]:
        seats = [dict(s) for s in row.seats]
        seats[0]["stand_in"] = "medium"
        return seats, row.status

    row, secret = store.change_seats(match_id, stand_in, token=("seat", 0))
    assert row.seats[0]["stand_in"] == "medium" and row.updated_at == before.updated_at
    assert secret is not None and store.token(secret).seat == 0  # type: ignore[union-attr]
    row, none = store.change_seats(match_id, lambda r: (r.seats, r.status), touch=True)
    assert none is None and row.updated_at > before.updated_at


def test_a_browsers_tokens_are_looked_up_in_one_go(store: Store) -> None:
    first, (seat0, invite) = new_match(store)
    second, (device,) = new_match(store, mode="hotseat", tokens=[("device", None)])
    got = store.tokens([device, "unknown", seat0, invite])
    assert [None if t is None else (t.match_id, t.kind, t.seat) for t in got] == [
        (second, "device", None),
        None,
        (first, "seat", 0),
        (first, "invite", 1),
    ]
    assert store.tokens([]) == []


def test_a_rematch_is_not_listed_as_an_open_game(store: Store) -> None:
    old, _ = new_match(store, status="over")
    open_one, _ = new_match(store)
    new_match(store, rematch_of=old)
    assert [row.id for row in store.open_matches()] == [open_one]


def test_upgrading_gives_every_match_no_timer_and_no_rematch(tmp_path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    migrate(engine, "0002")
    with engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO matches (id, game, rules_version, mode, options, seats, status,"
                " version, seed, created_at, updated_at) VALUES ('m', 'fia', '1', 'hotseat',"
                " '{}', '[]', 'playing', 0, 1, '2026-01-01', '2026-01-01')"
            )
        )
    migrate(engine)
    store = Store(engine)
    row = store.get_match("m")
    assert row is not None and (row.turn_seconds, row.rematch_of) == (0, None)
    store.close()


@pytest.mark.parametrize("kind", ["invite", "used"])
def test_token_kinds_fit_their_column(store: Store, kind: str) -> None:
    match_id, _ = new_match(store)
    secret = store.add_token(match_id, kind, 1)
    assert store.token(secret).kind == kind  # type: ignore[union-attr]
