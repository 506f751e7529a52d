"""Computer moves due at once are played in one call in a worker thread and stored in one
transaction; each match keeps its own compare-and-set and its own errors, and a person's move
never waits for the computers' batches."""

from __future__ import annotations

import re
import threading
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Database, create, dice, send, state
from sqlalchemy import event

from spelkvall.server import Settings, create_app
from spelkvall.server.service import MatchService, ServiceError
from spelkvall.store import Store
from spelkvall.store.tables import match_actions

COMPUTERS = [{"bot": "random"}, {"bot": "random"}]


def _service(database: Database) -> tuple[Store, MatchService]:
    store = database.open()
    # One process on its own SQLite file trusts its copies; PostgreSQL reads every row.
    return store, MatchService(store, sole_writer=database.schema is None)


def _commits(store: Store) -> list[int]:
    seen: list[int] = []
    event.listen(store.engine, "commit", lambda _conn: seen.append(1))
    return seen


def test_moves_due_at_once_are_stored_in_one_transaction(database: Database) -> None:
    store, service = _service(database)
    made = [service.create("fia", "hotseat", COMPUTERS, {})["match_id"] for _ in range(3)]
    for match_id in made:
        service.live(match_id)  # read once: the copies are in memory
    commits = _commits(store)
    turns = service.bot_turns(made)
    assert len(commits) == 1
    for match_id, turn in zip(made, turns, strict=True):
        assert not isinstance(turn, Exception)
        version, who = turn
        row = store.get_match(match_id)
        assert row is not None and version == row.version == service.live(match_id).version
        assert [a.version for a in store.actions(match_id)] == list(range(1, row.version + 1))
        assert who == service.bot_to_act(match_id)
    store.close()


def test_a_batch_reads_its_rows_and_sets_its_versions_in_one_statement_each(
    database: Database,
) -> None:
    store = database.open()
    service = MatchService(store)  # not the sole writer: every step reads the rows again
    made = [service.create("fia", "hotseat", COMPUTERS, {})["match_id"] for _ in range(3)]
    for match_id in made:
        service.live(match_id)
    statements: list[str] = []
    event.listen(
        store.engine, "before_cursor_execute", lambda _c, _cur, sql, *_a: statements.append(sql)
    )
    turns = service.bot_turns(made)
    assert all(not isinstance(turn, Exception) and turn[0] for turn in turns)
    reads = [s for s in statements if re.match(r"SELECT .*\sFROM (\w+\.)?matches\b", s, re.S)]
    bumps = [s for s in statements if re.match(r"UPDATE (\w+\.)?matches\b", s)]
    assert (len(reads), len(bumps)) == (1, 1), statements
    for match_id, turn in zip(made, turns, strict=True):
        assert not isinstance(turn, Exception)
        assert [a.version for a in store.actions(match_id)] == list(range(1, turn[0] + 1))
    store.close()


def test_one_match_s_error_does_not_cost_the_others_their_moves(database: Database) -> None:
    store, service = _service(database)
    made = [service.create("fia", "hotseat", COMPUTERS, {})["match_id"] for _ in range(3)]
    before = [service.live(m).version for m in made]
    # The second match's next log row is taken already: storing its move fails (the shared
    # transaction too), so each is stored again on its own.
    with store.engine.begin() as conn:
        conn.execute(
            match_actions.insert().values(
                match_id=made[1],
                version=before[1] + 1,
                player=0,
                action={"type": "roll"},
                created_at=datetime.now(UTC),
            )
        )
    turns = service.bot_turns([made[0], made[1], "no-such-match", made[2]])
    assert isinstance(turns[1], Exception) and not isinstance(turns[1], ServiceError)
    assert isinstance(turns[2], ServiceError) and turns[2].status == 404
    for i in (0, 2):
        row = store.get_match(made[i])
        assert row is not None and row.version > before[i]
    row = store.get_match(made[1])
    assert row is not None and row.version == before[1]  # nothing of it was stored
    assert service.live(made[1]).version == before[1]  # nor put on its copy
    store.close()


def test_a_move_another_process_made_first_refuses_only_that_match(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    store, service = _service(database)
    made = [service.create("fia", "hotseat", COMPUTERS, {})["match_id"] for _ in range(2)]
    for match_id in made:
        service.live(match_id)
    other = database.open()
    write = store.append_many

    def late(moves: Any) -> Any:
        # Another process moves the first match after this batch chose its moves.
        assert MatchService(other).bot_step(made[0]) is not None
        return write(moves)

    monkeypatch.setattr(store, "append_many", late)
    first, second = service.bot_turns(made)
    monkeypatch.undo()
    other.close()
    assert isinstance(first, ServiceError) and first.key == "error.stale"
    assert not isinstance(second, Exception) and second[0] is not None
    # The refused copy was dropped: the next batch reads the match again and goes on.
    (again,) = service.bot_turns(made[:1])
    assert not isinstance(again, Exception)
    row = store.get_match(made[0])
    assert row is not None and again[0] == row.version == service.live(made[0]).version
    assert [a.version for a in store.actions(made[0])] == list(range(1, row.version + 1))
    store.close()


def test_computers_due_in_one_beat_share_a_call_of_bounded_size(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app(replace(settings, bot_delay=0.05))
    bots = app.state.bots
    bots.tick, bots.batch = 0.2, 3  # a long beat: the six matches' moves fall due together
    service = app.state.service
    real = service.bot_turns
    sizes: list[int] = []

    def counted(match_ids: list[str]) -> list[Any]:
        sizes.append(len(match_ids))
        return real(match_ids)

    monkeypatch.setattr(service, "bot_turns", counted)
    with TestClient(app) as client:
        made = [create(client, seats=COMPUTERS)["match_id"] for _ in range(6)]
        done = threading.Event()
        for _ in range(600):
            if all(state(client, m)["version"] >= 8 for m in made):
                done.set()
                break
            done.wait(0.05)
        assert done.is_set(), "the computers did not play on"
    service.store.close()
    assert max(sizes) == 3  # several matches a call, never more than the bound
    assert len(sizes) < sum(sizes)  # fewer calls than moves


def test_a_person_is_answered_while_the_computers_batch_is_held(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app(settings)
    app.state.bots.threads = 1  # the held batch takes the computers' only thread
    service = app.state.service
    real = service.bot_turns
    inside, release = threading.Event(), threading.Event()

    def held(match_ids: list[str]) -> list[Any]:
        inside.set()
        release.wait(60)
        return real(match_ids)

    monkeypatch.setattr(service, "bot_turns", held)
    # Should the person's move wait for the batch, this lets it go (and the test fail)
    # instead of hanging for good.
    guard = threading.Timer(20, release.set)
    guard.start()
    try:
        with TestClient(app) as client:
            computers = [create(client, seats=COMPUTERS)["match_id"] for _ in range(3)]
            assert inside.wait(30)
            people = create(client)  # Anna and Bo, both people
            match_id, token = people["match_id"], people["token"]
            dice(client, match_id, 6, 2)  # the roll-off: Anna 6, Bo 2
            for version in range(2):
                answer = send(client, match_id, token, {"type": "roll", "version": version})
                assert answer.status_code == 200 and answer.json()["version"] == version + 1
            # Answered while the batch was still held: no computer has moved yet.
            assert not release.is_set()
            assert [state(client, m)["version"] for m in computers] == [0, 0, 0]
            release.set()
            for _ in range(600):
                if all(state(client, m)["version"] > 0 for m in computers):
                    break
                inside.wait(0.05)
            assert all(state(client, m)["version"] > 0 for m in computers)
    finally:
        release.set()
        guard.cancel()
    service.store.close()


def test_a_searching_computer_gets_a_call_of_its_own(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A search thinks for up to a second: in a batch it would hold up every quick move behind
    # it (and other searches would queue in one thread), so it is never batched.
    app = create_app(replace(settings, bot_delay=0.05))
    bots = app.state.bots
    bots.tick = 0.2  # a long beat: the matches' moves fall due together
    service = app.state.service
    real = service.bot_turns
    batched_searches: list[list[str | None]] = []
    searched = {"alone": 0}

    def watched(match_ids: list[str]) -> list[Any]:
        who = [service.bot_to_act(m) for m in match_ids]
        if "think" in who:
            if len(match_ids) > 1:
                batched_searches.append(who)
            else:
                searched["alone"] += 1
        return real(match_ids)

    monkeypatch.setattr(service, "bot_turns", watched)
    searchers = [{"bot": "medium"}, {"bot": "random"}]
    with TestClient(app) as client:
        made = [create(client, seats=searchers)["match_id"] for _ in range(2)]
        made += [create(client, seats=COMPUTERS)["match_id"] for _ in range(2)]
        done = threading.Event()
        for _ in range(1200):
            if searched["alone"] >= 4 and all(state(client, m)["version"] >= 8 for m in made):
                done.set()
                break
            done.wait(0.05)
        assert done.is_set(), "the computers did not play on"
    service.store.close()
    assert batched_searches == []


def test_who_acts_says_when_the_computer_searches(database: Database) -> None:
    store, service = _service(database)
    quick = service.create("fia", "hotseat", COMPUTERS, {})["match_id"]
    searching = service.create("fia", "hotseat", [{"bot": "hard"}, {"bot": "hard"}], {})
    for match_id, expected in ((quick, "bot"), (searching["match_id"], "think")):
        # Rolls (chance at a computer's seat) are quick in both; a choice is where it differs.
        for _ in range(400):
            now = service.live(match_id).state
            assert now is not None
            if not now.is_chance() and len(now.legal_actions(now.players_to_act()[0])) > 1:
                break
            assert service.bot_to_act(match_id) in ("bot", "chance")
            service.bot_step(match_id)
        else:
            pytest.fail("no choice came up")
        assert service.bot_to_act(match_id) == expected
    store.close()


def test_a_computer_whose_search_fails_plays_the_heuristic_move_and_the_match_goes_on(
    database: Database, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # A search that raised on a position raised on every retry (same random stream): the
    # match stood still for good.
    from spelkvall.bots import BOT_FACTORIES, Bot

    class Broken(Bot):
        name = "hard"

        def choose(self, obs: Any, rng: Any) -> Any:
            raise RuntimeError("a playout did not end")

    def failures() -> list[Any]:
        return [r for r in caplog.records if "failed in match" in r.getMessage()]

    monkeypatch.setitem(BOT_FACTORIES, "hard", lambda game: Broken())
    store, service = _service(database)
    seats = [{"bot": "hard"}, {"bot": "hard"}]
    match_id = service.create("fia", "hotseat", seats, {})["match_id"]
    for _ in range(200):  # the dice and forced steps come first: until a computer chooses
        (turn,) = service.bot_turns([match_id])
        assert not isinstance(turn, Exception), turn
        if len(failures()) >= 3:
            break
    failed = failures()
    assert len(failed) >= 3, "the computers never chose in 200 steps"
    assert failed[0].levelname == "ERROR" and match_id in failed[0].getMessage()
    assert "a playout did not end" in (failed[0].exc_text or "")
    row = store.get_match(match_id)
    assert row is not None and row.version == service.live(match_id).version > 3
    store.close()
