"""Computer seats never die: an unexpected error in a match's computer task is logged and
retried with back-off, and a database that was away longer than the server's wait leaves no
match frozen once it is back."""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, state

from spelkvall.server import Settings, create_app

COMPUTERS = [{"bot": "random"}, {"bot": "random"}]


def _wait_for(check: Any, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_computers_resume_after_the_database_was_locked_longer_than_the_wait(
    tmp_path: Path,
) -> None:
    db = tmp_path / "locked.sqlite3"
    settings = Settings(
        database_url=f"sqlite:///{db}", test_mode=True, bot_delay=0.02, database_wait=0.3
    )
    app = create_app(settings)
    app.state.bots.retry_first, app.state.bots.retry_max = 0.1, 0.5
    with TestClient(app) as client:
        made = [create(client, seats=COMPUTERS)["match_id"] for _ in range(3)]
        # Another writer holds SQLite's write lock for far longer than the server waits.
        holder = sqlite3.connect(db, timeout=5, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            time.sleep(0.5)
            frozen = {m: state(client, m)["version"] for m in made}
            time.sleep(1.5)
            assert {m: state(client, m)["version"] for m in made} == frozen
            assert app.state.bots.failures >= 3  # every match's task hit the lock and lived
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        # Once the lock is gone every match's computers carry on by themselves.
        for match_id in made:
            _wait_for(lambda m=match_id: state(client, m)["version"] >= frozen[m] + 10, 20)
    app.state.service.store.close()


def test_an_unexpected_error_in_a_computer_step_is_retried(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = create_app(settings)
    app.state.bots.retry_first, app.state.bots.retry_max = 0.05, 0.2
    service = app.state.service
    real = service.bot_turns  # computers' steps (and who acts after each)
    broken = {"left": 3}

    def flaky(match_ids: list[str]) -> list[Any]:
        if broken["left"] > 0:
            broken["left"] -= 1
            raise RuntimeError("a bug in a bot")
        return real(match_ids)

    monkeypatch.setattr(service, "bot_turns", flaky)
    with TestClient(app) as client:
        match_id = create(client, seats=COMPUTERS)["match_id"]
        _wait_for(lambda: state(client, match_id)["status"] == "over", 60)
    assert broken["left"] == 0
    assert app.state.bots.failures == 3
    app.state.service.store.close()


def test_computer_steps_use_their_own_few_threads_never_the_people_s_pool(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Six matches' computers want to move at once; only the runner's two threads may work
    # for them, so the server's own pool stays free for the people's requests. Catches steps
    # run in the people's pool (more than two at once) and a person's request that waits for
    # a computer's thread: counted in events, not seconds, the request is answered while
    # both computer threads are held at a gate (it used to be timed under a second while they
    # slept, which a loaded machine may miss and a queue of 0.1 s steps would pass).
    app = create_app(settings)
    app.state.bots.threads = 2
    app.state.bots.batch = 1  # a batch of its own for each match's move: six at once
    service = app.state.service
    real = service.bot_turns  # computers' steps (and who acts after each)
    lock = threading.Lock()
    busy = {"now": 0, "most": 0, "steps": 0}
    gate = threading.Event()

    def slow(match_ids: list[str]) -> list[Any]:
        with lock:
            busy["now"] += 1
            busy["most"] = max(busy["most"], busy["now"])
        if busy["steps"] >= 24:
            gate.wait(60)  # held here until the person's request is answered
        else:
            time.sleep(0.1)
        with lock:
            busy["now"] -= 1
            busy["steps"] += 1
        return real(match_ids)

    monkeypatch.setattr(service, "bot_turns", slow)
    with TestClient(app) as client:
        # The first answer of /api/games builds what it lists; the measured one only queues.
        assert client.get("/api/games").status_code == 200
        for _ in range(6):
            create(client, seats=COMPUTERS)
        _wait_for(lambda: busy["steps"] >= 24 and busy["now"] == 2, 60)
        # A person's request is answered meanwhile, without waiting for a computer's thread.
        answered: list[int] = []
        person = threading.Thread(
            target=lambda: answered.append(client.get("/api/games").status_code), daemon=True
        )
        person.start()
        person.join(30)
        held = busy["now"]
        gate.set()
        assert answered == [200], "the person's request waited for a computer's thread"
        assert held == 2  # both computer threads were still held at the gate
    assert busy["most"] == 2
    app.state.service.store.close()
