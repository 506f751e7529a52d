"""Storage rules: migrations, compare-and-set, tokens, profiles and the highscore order."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from spelkvall.store import Append, SeatResult, Store, StoreError, hash_token
from spelkvall.store.db import migrate


def make_match(store: Store, game: str = "fia", names: tuple[str | None, ...] = ("A", "B")) -> str:
    match_id, _ = store.create_match(
        game=game,
        rules_version="1",
        mode="hotseat",
        options={},
        seats=[{"name": n, "colour": None, "bot": None} for n in names],
        status="playing",
        seed=12345,
        tokens=[("device", None)],
    )
    return match_id


def finish(store: Store, match_id: str, results: list[tuple[str | None, bool]]) -> None:
    rows = [
        SeatResult(seat=i, name=name, won=won, place=1 if won else 2)
        for i, (name, won) in enumerate(results)
    ]
    assert store.append_action(
        match_id, 0, 0, {"type": "roll", "value": 6}, status="over", results_rows=rows
    )


def test_migrations_are_idempotent_on_reopen(store: Store) -> None:
    migrate(store.engine)  # a second start applies nothing and fails nothing
    assert store.get_match("nope") is None


def test_actions_are_stored_in_version_order(store: Store) -> None:
    match_id = make_match(store)
    for v in range(3):
        assert store.append_action(
            match_id, v, -1, {"type": "roll", "value": v + 1}, status="playing"
        )
    assert [(a.version, a.action["value"]) for a in store.actions(match_id)] == [
        (1, 1),
        (2, 2),
        (3, 3),
    ]
    assert [a.version for a in store.actions(match_id, after=2)] == [3]
    assert store.get_match(match_id).version == 3  # type: ignore[union-attr]


def test_a_stale_version_is_refused_and_stores_nothing(store: Store) -> None:
    match_id = make_match(store)
    assert store.append_action(match_id, 0, -1, {"type": "roll", "value": 1}, status="playing")
    assert not store.append_action(match_id, 0, -1, {"type": "roll", "value": 2}, status="playing")
    assert [a.action["value"] for a in store.actions(match_id)] == [1]


def test_a_batch_stores_each_match_whose_version_matches_and_only_those(store: Store) -> None:
    ahead, fresh, ended, multi = (make_match(store) for _ in range(4))
    assert store.append_action(ahead, 0, 0, {"type": "roll", "value": 1}, status="playing")
    assert store.end_match(ended, ["playing"], "ended")
    roll = {"type": "roll", "value": 4}
    written = store.append_many(
        [
            Append(ahead, 0, ((1, roll),), "playing"),  # stale: version 1 is stored
            Append(fresh, 0, ((0, roll),), "playing"),
            Append(ended, 0, ((0, roll),), "playing"),  # the host ended it
            Append(multi, 0, ((-1, roll), (-1, {"type": "roll", "value": 5})), "playing"),
        ]
    )
    assert written == [False, True, False, True]
    assert [a.action["value"] for a in store.actions(ahead)] == [1]
    assert [(a.version, a.player) for a in store.actions(fresh)] == [(1, 0)]
    assert store.actions(ended) == []
    assert [(a.version, a.action["value"]) for a in store.actions(multi)] == [(1, 4), (2, 5)]
    rows = store.get_matches([ahead, fresh, ended, multi, "nope"])
    assert {m: r.version for m, r in rows.items()} == {ahead: 1, fresh: 1, ended: 0, multi: 2}


def test_a_batch_with_one_match_twice_lets_only_the_first_move_through(store: Store) -> None:
    match_id, other = make_match(store), make_match(store)
    roll = {"type": "roll", "value": 2}
    written = store.append_many(
        [
            Append(match_id, 0, ((0, roll),), "playing"),
            Append(match_id, 0, ((1, roll),), "playing"),
            Append(other, 0, ((0, roll),), "playing"),
        ]
    )
    assert written == [True, False, True]
    assert [a.player for a in store.actions(match_id)] == [0]


def test_a_batch_move_that_ends_its_match_writes_the_results(store: Store) -> None:
    playing, ending = make_match(store), make_match(store, names=("Ada", "Bert"))
    roll = {"type": "roll", "value": 6}
    results = [SeatResult(0, "Ada", True, 1), SeatResult(1, "Bert", False, 2)]
    written = store.append_many(
        [
            Append(playing, 0, ((0, roll),), "playing"),
            Append(ending, 0, ((0, roll),), "over", results),
        ]
    )
    assert written == [True, True]
    assert store.get_match(ending).status == "over"  # type: ignore[union-attr]
    assert [r.won for r in store.results(ending)] == [True, False]
    assert store.get_match(playing).status == "playing"  # type: ignore[union-attr]


def test_two_concurrent_moves_at_one_version_exactly_one_wins(store: Store) -> None:
    match_id = make_match(store)
    barrier = threading.Barrier(2)
    outcomes: list[bool] = []

    def move(value: int) -> None:
        barrier.wait()
        outcomes.append(
            store.append_action(match_id, 0, 0, {"type": "roll", "value": value}, status="playing")
        )

    threads = [threading.Thread(target=move, args=(v,)) for v in (1, 2)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(outcomes) == [False, True]
    assert len(store.actions(match_id)) == 1
    assert store.get_match(match_id).version == 1  # type: ignore[union-attr]


def test_tokens_are_stored_hashed(store: Store) -> None:
    match_id, (secret,) = store.create_match(
        game="fia",
        rules_version="1",
        mode="online",
        options={},
        seats=[{"name": "A", "colour": "red", "bot": None}],
        status="waiting",
        seed=1,
        tokens=[("seat", 0)],
    )
    tok = store.token(secret)
    assert tok is not None and tok.match_id == match_id and tok.seat == 0
    assert store.token(hash_token(secret)) is None  # the hash is not itself a token
    with store.engine.connect() as conn:
        import sqlalchemy as sa

        stored = conn.execute(sa.text("SELECT token_hash FROM seat_tokens")).scalars().all()
    assert secret not in stored


def test_highscore_orders_by_wins_then_fewer_games(store: Store) -> None:
    # Anna: 2 wins in 3; Bo: 2 wins in 2; Cia: 1 win in 1; Dan: 0 in 3.
    games: list[list[tuple[str | None, bool]]] = [
        [("Anna", True), ("Dan", False)],
        [("Anna", True), ("Dan", False)],
        [("Anna", False), ("Bo", True)],
        [("Bo", True), ("Dan", False)],
        [("Cia", True), (None, False)],
    ]
    for result in games:
        finish(store, make_match(store), result)
    rows = store.highscore()
    assert [(r.name, r.wins, r.played) for r in rows] == [
        ("Bo", 2, 2),
        ("Anna", 2, 3),
        ("Cia", 1, 1),
        ("Dan", 0, 3),
    ]
    assert rows[1].win_rate == pytest.approx(2 / 3)


def test_names_that_differ_in_case_and_space_are_one_person(store: Store) -> None:
    finish(store, make_match(store), [("Anna", True), ("Bo", False)])
    finish(store, make_match(store), [(" anna ", True), ("Bo", False)])
    rows = store.highscore()
    assert [(r.wins, r.played) for r in rows if r.name.strip().casefold() == "anna"] == [(2, 2)]


def test_bots_never_appear_in_the_highscore(store: Store) -> None:
    match_id = make_match(store)
    finish(store, match_id, [(None, True), ("Bo", False)])
    assert [(r.name, r.wins) for r in store.highscore()] == [("Bo", 0)]
    assert [(r.seat, r.name, r.won) for r in store.results(match_id)] == [
        (0, None, True),
        (1, "Bo", False),
    ]


def test_highscore_per_game_counts_only_that_game(store: Store) -> None:
    finish(store, make_match(store, "fia"), [("Anna", True), ("Bo", False)])
    finish(store, make_match(store, "other"), [("Bo", True), ("Anna", False)])
    per_game: dict[str, Any] = {
        g: [(r.name, r.wins, r.played) for r in store.highscore(g)] for g in ("fia", "other")
    }
    assert per_game["fia"] == [("Anna", 1, 1), ("Bo", 0, 1)]
    assert per_game["other"] == [("Bo", 1, 1), ("Anna", 0, 1)]
    assert [(r.name, r.wins, r.played) for r in store.highscore()] == [
        ("Anna", 1, 2),
        ("Bo", 1, 2),
    ]


def test_a_bad_url_is_a_clear_error() -> None:
    with pytest.raises(StoreError) as info:
        Store.open("nonsense")
    assert info.value.key == "store.error.bad_url"


def test_an_unreachable_database_is_a_clear_error() -> None:
    with pytest.raises(StoreError) as info:
        Store.open("postgresql://nobody@127.0.0.1:1/none")
    assert info.value.key == "store.error.unreachable"


def test_the_migrations_create_exactly_the_declared_tables(store: Store) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from spelkvall.store.tables import metadata

    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), metadata)
    assert diff == []


def test_the_database_url_comes_from_the_environment_else_the_data_directory(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from spelkvall.store import default_url

    monkeypatch.setenv("SPELKVALL_DATABASE_URL", "postgresql://u@h/db")
    assert default_url() == "postgresql://u@h/db"
    monkeypatch.delenv("SPELKVALL_DATABASE_URL")
    url = default_url()
    assert url.startswith("sqlite:///") and url.endswith("spelkvall.sqlite3")
