"""The chance-to-win graph through the server: computed in the background as a match ends (or
once a finished match's series is asked for), stored, and read from the store from then on."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create
from test_server_replays import RANDOM, finished

from spelkvall.bots import chances as computation
from spelkvall.core import SpelkvallError
from spelkvall.server import Settings, create_app
from spelkvall.server import chances as job


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """These tests count (and replace) the computations of this process: on a thread here,
    not in the child (``test_server_chances_child.py`` tests the child)."""
    return dataclasses.replace(settings, chances_in_child=False)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every computation the server starts, by game; a few points each (a test's budget)."""
    calls: list[str] = []
    real = computation.compute

    def small(record: Any, **kwargs: Any) -> computation.Chances:
        calls.append(record.game)
        kwargs["max_points"] = 6
        return real(record, **kwargs)

    monkeypatch.setattr(computation, "compute", small)
    return calls


def wait_ready(client: TestClient, match_id: str) -> tuple[dict[str, Any], list[int]]:
    """Ask until the series is there; the statuses seen on the way."""
    seen = []
    for _ in range(600):
        reply = client.get(f"/api/matches/{match_id}/chances")
        seen.append(reply.status_code)
        if reply.status_code == 200:
            return reply.json(), seen
        assert reply.status_code == 202, reply.text
        assert reply.json()["status"] == "computing"
        time.sleep(0.05)
    raise AssertionError("the chances were never computed")


def test_a_finished_matchs_series_is_computed_once_and_stored(
    client: TestClient, counted: list[str]
) -> None:
    match_id, _anna = finished(client, "fia", [{"name": "Anna"}, RANDOM])
    series, seen = wait_ready(client, match_id)
    assert seen[0] == 202 and seen[-1] == 200
    assert counted == ["fia"]
    record = client.app.state.service.record(match_id)  # type: ignore[attr-defined]
    assert series["steps"] == len(record.log) and series["versions"][-1] == len(record.log)
    assert len(series["versions"]) == 6 and series["sides"] == [[0], [1]]
    winner = series["winner_side"]
    assert series["chances"][-1][winner] == 1.0
    assert all(abs(sum(point) - 1) < 1e-6 for point in series["chances"])
    stored = client.app.state.service.store.chances(match_id)  # type: ignore[attr-defined]
    assert stored is not None and stored["versions"] == series["versions"]
    # Asked again: read from the store, nothing computed again.
    again = client.get(f"/api/matches/{match_id}/chances")
    assert again.status_code == 200 and again.json() == series
    assert counted == ["fia"]


def test_a_server_started_anew_reads_the_stored_series(
    client: TestClient, counted: list[str]
) -> None:
    match_id, _anna = finished(client, "fia", [{"name": "Anna"}, RANDOM])
    wait_ready(client, match_id)
    service = client.app.state.service  # type: ignore[attr-defined]
    fresh = job.ChanceGraphs(service)  # another process's keeper: nothing in its memory
    status, body = fresh.get(match_id)
    assert status == 200 and body["status"] == "ready" and fresh.computed == 0
    assert counted == ["fia"]


def test_a_match_not_over_has_no_series(client: TestClient, counted: list[str]) -> None:
    made = create(client, "hotseat", game="fia", seats=[{"name": "A"}, {"name": "B"}])
    reply = client.get(f"/api/matches/{made['match_id']}/chances")
    assert reply.status_code == 409 and reply.json()["error"] == "chances.not_over"
    assert client.get("/api/matches/nope/chances").status_code == 404
    assert counted == []


def test_a_series_that_cannot_be_computed_is_refused_and_not_tried_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []

    def cannot(record: Any, **kwargs: Any) -> computation.Chances:
        calls.append(record.game)
        raise SpelkvallError("chances.no_spectator", "no spectator sampler")

    monkeypatch.setattr(computation, "compute", cannot)
    match_id, _anna = finished(client, "fia", [{"name": "Anna"}, RANDOM])
    for _ in range(200):
        reply = client.get(f"/api/matches/{match_id}/chances?lang=en")
        if reply.status_code != 202:
            break
        time.sleep(0.05)
    assert reply.status_code == 409 and reply.json()["error"] == "chances.no_spectator"
    assert "spectator" in reply.json()["message"]
    assert client.get(f"/api/matches/{match_id}/chances").status_code == 409
    assert calls == ["fia"]


@pytest.fixture
def computing(settings: Settings) -> Iterator[TestClient]:
    """A server that computes every graph as its match ends, as one outside test mode does."""
    app = create_app(dataclasses.replace(settings, chances_after_match=True))
    with TestClient(app) as c:
        yield c
    app.state.service.store.close()


def test_a_match_that_ends_has_its_series_computed_without_being_asked(
    computing: TestClient, counted: list[str]
) -> None:
    store = computing.app.state.service.store  # type: ignore[attr-defined]
    match_id, _anna = finished(computing, "fia", [{"name": "Anna"}, RANDOM])
    for _ in range(600):
        if store.chances(match_id) is not None:
            break
        time.sleep(0.05)
    assert store.chances(match_id) is not None, "nobody asked, and nothing was computed"
    assert counted == ["fia"]
    reply = computing.get(f"/api/matches/{match_id}/chances")
    assert reply.status_code == 200  # the first request finds it ready
    assert counted == ["fia"]


def test_a_test_mode_server_computes_a_graph_only_when_asked(
    client: TestClient, counted: list[str]
) -> None:
    match_id, _anna = finished(client, "fia", [{"name": "Anna"}, RANDOM])
    time.sleep(0.5)
    assert counted == []
    assert client.app.state.service.store.chances(match_id) is None  # type: ignore[attr-defined]


def test_graphs_are_computed_as_matches_end_unless_switched_off_or_in_test_mode() -> None:
    assert Settings().graphs_as_matches_end()
    assert not Settings(chances_after_match=False).graphs_as_matches_end()
    assert not Settings(test_mode=True).graphs_as_matches_end()
    assert Settings(test_mode=True, chances_after_match=True).graphs_as_matches_end()
