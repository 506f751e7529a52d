"""People first: while a person's move is played in a process, its computers' steps wait
(between steps, holding nothing a person's move needs), and never longer than the bound."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Database, FakeClock, create, send

from spelkvall.server.people_first import PeopleFirst
from spelkvall.server.service import MatchService

COMPUTERS = [{"bot": "random"}, {"bot": "random"}]


def _in_thread(fn: Any) -> tuple[threading.Thread, list[Any]]:
    """Run ``fn`` in a thread; its result, and when it returned, land in the list."""
    out: list[Any] = []

    def run() -> None:
        out.append(fn())
        out.append(time.monotonic())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, out


def test_computers_go_on_at_once_when_no_person_is_moving() -> None:
    # Catches a computer that waits out the bound with nobody to wait for: on a clock that
    # stands, any wait at all would show (and pass the whole bound).
    clock = FakeClock()
    people = PeopleFirst(longest=10.0, clock=clock)
    assert people.computers_wait() is False
    assert clock.waits == [] and clock.now == 0.0


def test_computers_wait_until_the_person_s_move_is_done() -> None:
    people = PeopleFirst(longest=10.0)
    with people.person():
        thread, out = _in_thread(people.computers_wait)
        time.sleep(0.2)
        assert not out, "the computer went on while the person was moving"
        done = time.monotonic()
    thread.join(30)  # only so a bug does not hang the run; it returns at once
    assert out[0] is True and out[1] >= done


def test_a_steady_stream_of_people_holds_a_computer_back_only_for_the_bound() -> None:
    # Nobody's move ends while the computer waits (the clock's waits are never woken): it
    # waits once, the bound exactly, and goes on.
    clock = FakeClock()
    people = PeopleFirst(longest=0.05, clock=clock)
    with people.person():
        assert people.computers_wait() is True
    assert clock.waits == [0.05]


def test_the_waits_of_one_batch_add_up_to_the_bound_at_most(database: Database) -> None:
    # The bug: each place a batch waits at (five here: before the reads, before each of the
    # three matches, before the store) got a bound of its own, 5 x 0.5 s = 2.5 s in all with
    # a person moving all the while. On a clock that moves only inside the waits, the batch's
    # own work (rules, database) takes no time: the first wait passes the whole bound and the
    # others find it gone, so the waits add up to the bound exactly.
    clock = FakeClock()
    store = database.open()
    service = MatchService(store, sole_writer=database.schema is None, clock=clock)
    people = service.people
    people.longest = 0.5
    made = [service.create("fia", "hotseat", COMPUTERS, {})["match_id"] for _ in range(3)]
    for match_id in made:
        service.live(match_id)
    with people.person():  # a person moving all the while
        turns = service.bot_turns(made)
    assert all(not isinstance(turn, Exception) and turn[0] for turn in turns)
    assert len(clock.waits) >= 2, clock.waits  # waits to add up: it waits between its steps
    assert clock.waits[0] == 0.5 and sum(clock.waits) == 0.5, clock.waits
    assert clock.now == 0.5
    store.close()


def test_a_computer_s_batch_stores_nothing_while_a_person_moves_and_goes_on_after(
    database: Database,
) -> None:
    store = database.open()
    service = MatchService(store, sole_writer=database.schema is None)
    service.people.longest = 10.0
    computers = service.create("fia", "hotseat", COMPUTERS, {})["match_id"]
    person = service.create("fia", "hotseat", [{"name": "Anna"}, {"name": "Bo"}], {})
    service.live(computers)
    with service.people.person():
        thread, out = _in_thread(lambda: service.bot_turns([computers]))
        time.sleep(0.3)
        assert not out and store.get_match(computers).version == 0  # type: ignore[union-attr]
        # The person's own move is not held up by the computers that wait for it.
        match_id = person["match_id"]
        access = service.access(match_id, person["token"])
        assert service.roll(match_id, access, 0) == 1
    thread.join(30)  # only so a bug does not hang the run; it returns at once
    (turn,) = out[0]
    assert not isinstance(turn, Exception) and turn[0] >= 1
    store.close()


def test_a_person_s_move_over_the_api_is_played_as_a_person_s(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    service: MatchService = client.app.state.service  # type: ignore[attr-defined]
    seen: list[str] = []
    original = service.people.person

    def counted() -> Any:
        seen.append("person")
        return original()

    monkeypatch.setattr(service.people, "person", counted)
    made = create(client, seats=[{"name": "Anna"}, {"name": "Bo"}])
    moved = send(client, made["match_id"], made["token"], {"type": "roll", "version": 0})
    assert moved.json()["ok"]
    assert seen == ["person"]
