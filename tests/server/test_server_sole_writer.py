"""A process that writes its SQLite database alone trusts the matches it holds in memory: a
computer's step reads no match row again, every other change made in the process (the host's
hands) still reaches the copy, and a move the compare-and-set refuses reloads the match."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from spelkvall.core import CHANCE
from spelkvall.server.service import MatchService, ServiceError
from spelkvall.store import Store, StoreError, hold_sqlite

COMPUTERS = [{"bot": "random"}, {"bot": "random"}]


def _row_reads(store: Store) -> list[str]:
    """Every statement that reads a match row (``matches``), as it is run."""
    seen: list[str] = []

    def before(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        text = " ".join(statement.split()).lower()
        if text.startswith("select") and " from matches" in text:
            seen.append(text)

    event.listen(store.engine, "before_cursor_execute", before)
    return seen


def _steps(service: MatchService, match_id: str, count: int) -> None:
    for _ in range(count):
        assert service.bot_to_act(match_id) is not None
        assert service.bot_step(match_id) is not None


@pytest.mark.parametrize("sole_writer", [True, False])
def test_a_sole_writer_steps_without_reading_the_row_again(
    tmp_path: Path, sole_writer: bool
) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    service = MatchService(store, sole_writer=sole_writer)
    match_id = service.create("fia", "hotseat", COMPUTERS, {})["match_id"]
    _steps(service, match_id, 1)  # the first read fills the cache
    reads = _row_reads(store)
    _steps(service, match_id, 20)
    if sole_writer:
        assert reads == []
    else:
        assert len(reads) >= 40  # the row again in each look and each step
    # The copy is what the database holds.
    row = store.get_match(match_id)
    assert row is not None and row.version == service.live(match_id).version == 21
    assert len(store.actions(match_id)) == 21
    store.close()


def test_a_refused_move_reloads_the_match_and_play_goes_on(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    alone, other = Store.open(url), Store.open(url)
    service = MatchService(alone, sole_writer=True)
    match_id = service.create("fia", "hotseat", COMPUTERS, {})["match_id"]
    _steps(service, match_id, 3)
    # A writer it was told about never (a second server on the file) moves the match on.
    intruder = MatchService(other)
    assert intruder.bot_step(match_id) == 4
    assert service.live(match_id).version == 3  # trusted: the change is not seen
    with pytest.raises(ServiceError) as refused:
        service.bot_step(match_id)
    assert refused.value.key == "error.stale"
    # The refusal dropped the copy: the next step reads the match again and plays on.
    assert service.bot_step(match_id) == 5
    stored = [(a.version, a.player, a.action) for a in alone.actions(match_id)]
    held = [(e.version, e.player, e.action.to_json()) for e in service.live(match_id).entries]
    assert len(stored) == 5 and held == stored
    alone.close()
    other.close()


def test_the_hosts_changes_reach_a_trusted_copy(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    service = MatchService(store, sole_writer=True)
    made = service.create("fia", "hotseat", [{"name": "Anna"}, {"bot": "random"}], {})
    match_id = made["match_id"]
    host = service.access(match_id, made["token"])
    assert service.live(match_id).computer(0) is None
    service.stand_in(match_id, host, 0, "random")
    assert service.live(match_id).computer(0) == "random"
    _steps(service, match_id, 3)  # both seats are computers now
    service.end(match_id, host)
    live = service.live(match_id)
    assert live.status == "ended"
    assert service.bot_to_act(match_id) is None and service.bot_step(match_id) is None
    store.close()


def test_one_server_alone_on_a_sqlite_file_and_no_other_writer_beside_it(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    first, alone = hold_sqlite(url, alone=True)
    assert first is not None and alone
    with pytest.raises(StoreError) as refused:
        hold_sqlite(url, alone=False)  # workers beside it would write behind its back
    assert refused.value.key == "store.error.in_use"
    with pytest.raises(StoreError):
        hold_sqlite(url, alone=True)
    first.close()
    # Several workers share the file: none of them, nor a server started later, is alone.
    workers, alone = hold_sqlite(url, alone=False)
    assert workers is not None and not alone
    later, alone = hold_sqlite(url, alone=True)
    assert later is not None and not alone
    workers.close()
    later.close()
    assert hold_sqlite("sqlite://", alone=True) == (None, False)  # in memory: nobody else
    assert hold_sqlite("postgresql+psycopg://u@h/db", alone=True) == (None, False)


def test_a_move_stored_while_the_row_is_read_leaves_the_copy_to_be_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The host hands a seat to a computer while a computer's move of the same match is being
    # stored: the row read for the stand-in is older than the copy by then. The copy must not
    # be trusted without the stand-in.
    store = Store.open(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    service = MatchService(store, sole_writer=True)
    made = service.create("fia", "hotseat", [{"name": "Anna"}, {"bot": "random"}], {})
    match_id = made["match_id"]
    host = service.access(match_id, made["token"])
    live = service.live(match_id)  # fresh: trusted from now on
    service.stand_in(match_id, host, 0, "random")  # stale: the next read reads the row
    real = store.get_matches
    raced = []

    def read_while_a_move_is_stored(wanted: list[str]) -> Any:
        rows = real(wanted)
        if not raced:  # a move stored (by a step that held the copy) after this read
            raced.append(True)
            with live.lock:
                state = live.state
                assert state is not None and state.is_chance()
                outcome = service._chance.outcome(live, state)
                service._play._commit(live, state, CHANCE, outcome)
        return rows

    monkeypatch.setattr(store, "get_matches", read_while_a_move_is_stored)
    service.live(match_id)
    assert raced
    assert service.live(match_id).computer(0) == "random"
    assert service.live(match_id).version == 1
    store.close()
