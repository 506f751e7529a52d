"""A process's writes to its SQLite file queue in the process (a person's move first) instead
of polling SQLite's lock, which kept a person's move waiting hundreds of milliseconds behind
the computers' batches under load."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from spelkvall.store import Store
from spelkvall.store.store import _Writers


def _hold(writers: _Writers, urgent: bool, order: list[str], name: str) -> threading.Thread:
    def run() -> None:
        with writers.turn(urgent):
            order.append(name)

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def _waiting(writers: _Writers, count: int) -> None:
    # The threads are queued once they wait on the condition (no public count: poll a bit).
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        with writers._free:
            if len(writers._free._waiters) >= count:  # type: ignore[attr-defined]
                return
        time.sleep(0.005)
    raise AssertionError("the writers did not queue")


def test_an_urgent_write_goes_before_the_writes_already_waiting() -> None:
    writers = _Writers()
    order: list[str] = []
    with writers.turn(False):
        threads = [_hold(writers, False, order, f"computers {i}") for i in range(3)]
        _waiting(writers, 3)
        threads.append(_hold(writers, True, order, "person"))
        _waiting(writers, 4)
    for thread in threads:
        thread.join(5)
    assert order[0] == "person"
    assert sorted(order[1:]) == ["computers 0", "computers 1", "computers 2"]


def test_one_writer_at_a_time_and_a_write_may_call_another() -> None:
    writers = _Writers()
    inside = {"now": 0, "most": 0}
    lock = threading.Lock()

    def write() -> None:
        for _ in range(50):
            with writers.turn(False), writers.turn(True):  # nested: the same thread goes on
                with lock:
                    inside["now"] += 1
                    inside["most"] = max(inside["most"], inside["now"])
                time.sleep(0.0005)
                with lock:
                    inside["now"] -= 1

    threads = [threading.Thread(target=write) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert inside["most"] == 1


def test_only_sqlite_queues_writes_in_the_process(tmp_path: Path) -> None:
    store = Store.open(f"sqlite:///{tmp_path / 'a.sqlite3'}")
    assert isinstance(store._writers, _Writers)
    store.close()
