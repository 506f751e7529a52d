"""Chance graphs computed in a child process at the lowest CPU priority (``chances_child``):
the same series as computed here, errors passed on by key, a child that dies started anew, and
a server whose child died asks again instead of calling the match's graph failed."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_server_replays import RANDOM, finished
from tests.bots.test_chances import played

from spelkvall.bots import chances as computation
from spelkvall.core import Match, MatchRecord, Seat, SpelkvallError, get_game
from spelkvall.server import chances as job
from spelkvall.server.chances_child import WINDOW, ChildCompute, ChildDied, Pacer, cpu_seconds


@pytest.fixture
def child() -> Iterator[ChildCompute]:
    """A child at normal priority: one at idle time may wait long on a machine busy with tests."""
    compute = ChildCompute(lowest=False)
    yield compute
    compute.close()


def fia_record() -> MatchRecord:
    return played(get_game("fia"), 2, seed=7)


def test_the_child_computes_the_same_series_as_this_process(child: ChildCompute) -> None:
    fia = get_game("fia")
    fia.warm_up()  # the cache is filled and the kernels loaded here: the child loads them too
    record = fia_record()
    seen: list[tuple[int, int]] = []
    series = child(record, seed=11, max_points=6, progress=lambda d, t: seen.append((d, t)))
    here = computation.compute(record, seed=11, max_points=6)
    # The child's series comes through the store's format (chances to 4 decimals).
    assert series.versions == here.versions and series.winners == here.winners
    assert series.chances == [[round(c, 4) for c in point] for point in here.chances]
    assert series.method == "batch"
    assert seen == [(k, 6) for k in range(1, 7)]
    assert child.started == 1 and child.pid != os.getpid()


def test_the_child_runs_at_the_lowest_priority() -> None:
    child = ChildCompute()
    child.start()
    try:
        assert child.pid is not None  # lowered as it starts, before its imports
        assert os.sched_getscheduler(child.pid) == os.SCHED_IDLE
    finally:
        child.close()


def test_a_refusal_in_the_child_arrives_with_its_key(child: ChildCompute) -> None:
    match = Match(get_game("fia"), [Seat("A"), Seat("B")], seed=3)
    with pytest.raises(SpelkvallError) as refused:
        child(match.record, seed=1, max_points=2)
    assert refused.value.key == "chances.not_over"
    # The child is still there for the next series.
    assert child(fia_record(), seed=1, max_points=2).versions[-1] > 0
    assert child.started == 1


def test_a_child_that_dies_is_started_anew_for_the_next_series(child: ChildCompute) -> None:
    def kill(done: int, total: int) -> None:
        assert child.pid is not None
        os.kill(child.pid, signal.SIGKILL)

    with pytest.raises(ChildDied):
        child(fia_record(), seed=1, max_points=6, progress=kill)
    series = child(fia_record(), seed=1, max_points=3)
    assert len(series.versions) == 3 and child.started == 2


def test_closing_does_not_wait_for_a_series_under_way(child: ChildCompute) -> None:
    closing: list[threading.Thread] = []

    def close_on_first_point(done: int, total: int) -> None:
        if not closing:  # from another thread, as the server's shutdown does
            closing.append(threading.Thread(target=child.close))
            closing[0].start()

    with pytest.raises(ChildDied):
        child(fia_record(), seed=1, max_points=200, progress=close_on_first_point)
    closing[0].join(timeout=10)
    assert not closing[0].is_alive() and child.pid is None


def test_a_series_lost_with_its_child_is_queued_again_when_asked(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    service = client.app.state.service  # type: ignore[attr-defined]
    deaths = [ChildDied("killed")]

    def dies_once(record: Any, **kwargs: Any) -> computation.Chances:
        if deaths:
            raise deaths.pop()
        return computation.compute(record, **{**kwargs, "max_points": 3})

    graphs = job.ChanceGraphs(service, compute=dies_once)
    match_id, _anna = finished(client, "fia", [{"name": "Anna"}, RANDOM])
    status, _ = graphs.get(match_id)
    assert status == 202
    for _ in range(600):  # the lost series is forgotten, not failed: asking queues it anew
        status, body = graphs.get(match_id)
        if status == 200:
            break
        time.sleep(0.05)
    assert status == 200 and len(body["versions"]) == 3 and not deaths


def test_the_server_computes_graphs_in_its_child(client: TestClient) -> None:
    match_id, _anna = finished(client, "fia", [{"name": "Anna"}, RANDOM])
    for _ in range(1200):
        reply = client.get(f"/api/matches/{match_id}/chances")
        if reply.status_code == 200:
            break
        assert reply.status_code == 202, reply.text
        time.sleep(0.05)
    assert reply.status_code == 200, "the child never answered"
    graphs = client.app.state.graphs  # type: ignore[attr-defined]
    assert isinstance(graphs._compute, ChildCompute) and graphs._compute.started == 1
    assert graphs.computed == 1 and reply.json()["versions"][-1] == reply.json()["steps"]


class Server:
    """A made-up server process: its CPU seconds grow at ``rate`` cores while time passes."""

    def __init__(self, rate: float) -> None:
        self.now = self.used = 0.0
        self.rate = rate

    def sleep(self, seconds: float) -> None:
        self.now += seconds
        self.used += self.rate * seconds

    def pacer(self) -> Pacer:
        return Pacer(1, cpu=lambda pid: self.used, clock=lambda: self.now, sleep=self.sleep)


def test_the_child_waits_while_the_server_is_busy_and_goes_on_once_it_is_quiet() -> None:
    server = Server(rate=0.9)
    pacer = server.pacer()
    server.sleep(1.0)  # busy since the child started

    def quiet_after_three_windows(seconds: float) -> None:
        server.sleep(seconds)
        if pacer.waited >= 3 * WINDOW:
            server.rate = 0.05

    pacer._sleep = quiet_after_three_windows
    pacer.wait()
    assert 3 * WINDOW <= pacer.waited <= 5 * WINDOW and server.rate == 0.05


def test_the_child_does_not_wait_for_a_quiet_server() -> None:
    server = Server(rate=0.1)
    pacer = server.pacer()
    server.sleep(0.7)
    for _ in range(20):  # steps of 0.1 s: one look a window, none finds it busy
        pacer.wait()
        server.sleep(0.1)
    assert pacer.waited == 0


def test_an_old_measurement_is_not_trusted() -> None:
    # Quiet for a minute, then busy: the average since the last series would say quiet.
    server = Server(rate=0.0)
    pacer = server.pacer()
    server.sleep(60)
    server.rate = 1.0
    calls = [0]

    def quiet_later(seconds: float) -> None:
        server.sleep(seconds)
        calls[0] += 1
        if calls[0] == 3:
            server.rate = 0.0

    pacer._sleep = quiet_later
    pacer.wait()
    assert pacer.waited >= 2 * WINDOW


def test_the_servers_cpu_is_read_from_the_system() -> None:
    used = cpu_seconds(os.getpid())
    assert used is not None and used > 0
    assert cpu_seconds(2**22 + 12345) is None  # no such process
