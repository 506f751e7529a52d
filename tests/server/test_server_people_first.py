"""People first: while a person's move is played in a process, its computers' steps wait
(between steps, holding nothing a person's move needs), and never longer than the bound."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Database, create, send

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
    # Catches a computer that waits out the bound with nobody to wait for: 10 s, against a
    # bound of half that which a loaded machine meets (it returns without blocking).
    people = PeopleFirst(longest=10.0)
    started = time.monotonic()
    assert people.computers_wait() is False
    assert time.monotonic() - started < 5.0


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
    people = PeopleFirst(longest=0.05)
    with people.person():
        started = time.monotonic()
        assert people.computers_wait() is True
        waited = time.monotonic() - started
    assert 0.04 <= waited < 5.0


def test_the_waits_of_one_batch_add_up_to_the_bound_at_most(
    database: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The bug: each place a batch waits at (five here: before the reads, before each of the
    # three matches, before the store) got a bound of its own, 5 x 0.5 s = 2.5 s in all with
    # a person moving all the while. Only the time spent inside the waits is measured, not
    # the batch's own work (rules, database), which a loaded machine makes as slow as it
    # likes: a late wake-up adds a few milliseconds a wait, and the bound below leaves a
    # whole second for them. A wait never ends before its time, so the lower bound holds
    # however busy the machine is.
    store = database.open()
    service = MatchService(store, sole_writer=database.schema is None)
    people = service.people
    people.longest = 0.5
    inside: list[float] = []
    real_wait = people.computers_wait

    def timed_wait(deadline: float | None = None) -> bool:
        started = time.monotonic()
        try:
            return real_wait(deadline)
        finally:
            inside.append(time.monotonic() - started)

    monkeypatch.setattr(people, "computers_wait", timed_wait)
    made = [service.create("fia", "hotseat", COMPUTERS, {})["match_id"] for _ in range(3)]
    for match_id in made:
        service.live(match_id)
    with people.person():  # a person moving all the while
        turns = service.bot_turns(made)
    assert all(not isinstance(turn, Exception) and turn[0] for turn in turns)
    assert len(inside) >= 2, inside  # waits to add up: the batch waits between its steps
    assert 0.5 <= sum(inside) < 1.5, inside
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
