"""Memory stays flat: the live-match cache is bounded (least recently read leave first),
finished and idle matches leave it, and a match that left is rebuilt from the database."""

from __future__ import annotations

import gc
import time
from dataclasses import replace

from fastapi.testclient import TestClient
from server_helpers import create, dice, send, state

from spelkvall.server import Settings, collector, create_app

COMPUTERS = [{"bot": "random"}, {"bot": "random"}]


def test_the_live_cache_is_bounded_and_a_match_that_left_is_rebuilt(settings: Settings) -> None:
    app = create_app(replace(settings, live_max=3))
    matches = app.state.service.matches
    with TestClient(app) as client:
        made = [create(client) for _ in range(6)]
        first = made[0]
        dice(client, first["match_id"], 6, 1)
        for version in (0, 1):
            response = send(
                client, first["match_id"], first["token"], {"type": "roll", "version": version}
            )
            assert response.status_code == 200, response.text
        before = state(client, first["match_id"], first["token"])
        for m in made[1:]:
            state(client, m["match_id"], m["token"])
            assert len(matches) <= 3
        assert not matches.cached(first["match_id"])  # the least recently read left
        # Read again: rebuilt from its log, the same position, and it plays on.
        again = state(client, first["match_id"], first["token"])
        assert again["version"] == before["version"] == 2
        assert again["view"] == before["view"] and again["log"] == before["log"]
        assert matches.cached(first["match_id"]) and len(matches) <= 3
    app.state.service.store.close()


def test_finished_matches_leave_sooner_than_idle_ones(settings: Settings) -> None:
    app = create_app(settings)
    matches = app.state.service.matches
    with TestClient(app) as client:
        done = create(client, seats=COMPUTERS)["match_id"]
        deadline = time.monotonic() + 60
        while state(client, done)["status"] != "over":
            assert time.monotonic() < deadline
            time.sleep(0.05)
        playing = create(client)["match_id"]
        state(client, playing)
        assert matches.sweep(time.monotonic() + 61) == 1  # the finished one only
        assert matches.cached(playing) and not matches.cached(done)
        assert matches.sweep(time.monotonic() + 601) == 1
        assert len(matches) == 0
        assert state(client, done)["status"] == "over"  # rebuilt when somebody looks
    app.state.service.store.close()


def test_computers_finish_many_matches_through_a_tiny_cache(settings: Settings) -> None:
    # Matches leave the cache while their computers think and commit: the compare-and-set
    # keeps every log whole, and each match still reaches its end.
    app = create_app(replace(settings, live_max=2))
    with TestClient(app) as client:
        made = [create(client, seats=COMPUTERS)["match_id"] for _ in range(5)]
        deadline = time.monotonic() + 120
        while any(state(client, m)["status"] != "over" for m in made):
            assert time.monotonic() < deadline, "a match froze"
            time.sleep(0.1)
        assert len(app.state.service.matches) <= 2
        for match_id in made:
            record = app.state.service.record(match_id)
            assert record.replay().is_terminal()
    app.state.service.store.close()


def test_a_serving_process_freezes_start_up_and_collects_the_heap_rarely(
    settings: Settings,
) -> None:
    # Full collections walked the heap of 1,000 live matches for 125-213 ms every few
    # seconds, and every request waited: the people's p99 (docs/performance.md).
    before = gc.get_threshold()
    try:
        gc.set_threshold(700, 10, 10)
        with TestClient(create_app(replace(settings, tune_collector=True))):
            assert gc.get_threshold() == collector.THRESHOLDS
            assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
        if collector._log_slow in gc.callbacks:
            gc.callbacks.remove(collector._log_slow)


def test_the_collector_is_left_alone_unless_asked(settings: Settings) -> None:
    before = gc.get_threshold()
    with TestClient(create_app(settings)):
        assert gc.get_threshold() == before
