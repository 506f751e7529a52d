"""Replays through the server: every step computed from the stored record with the game's own
views, only what the reader may see; downloading a finished match's record and replaying an
uploaded one (not stored)."""

from __future__ import annotations

import gzip
import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, state

from spelkvall.core import MatchRecord, get_game
from spelkvall.server import replays
from spelkvall.server.replays import WINDOW
from spelkvall.server.service import REPLAYS_AT_ONCE

RANDOM = {"name": None, "bot": "random"}


SHORT = {"dogroyal": {"round_limit": 3}}
"""Options that end a game sooner: a whole DogRoyal game of random computers is some 2,300
steps, a transaction each (40 s a test on PostgreSQL); three rounds deal and hide as many
kinds of card."""


def finished(client: TestClient, game: str, seats: list[dict[str, Any]]) -> tuple[str, str]:
    """An online match of Anna (seat 0) and computers, played to the end (``SHORT``): the
    host hands Anna's own seat to a computer too. Returns the match id and Anna's token."""
    made = create(client, "online", game=game, seats=seats, options=SHORT.get(game, {}))
    match_id, anna = made["match_id"], made["token"]
    reply = client.post(
        f"/api/matches/{match_id}/seats/0/stand-in?token={anna}", json={"bot": "random"}
    )
    assert reply.status_code == 200, reply.text
    for _ in range(3000):
        if state(client, match_id)["status"] == "over":
            return match_id, anna
        time.sleep(0.01)
    raise AssertionError("the computers never finished")


def replay_of(client: TestClient, match_id: str, token: str | None = None) -> dict[str, Any]:
    """The replay with every position, fetched as the client does: the first answer, then a
    window at a time (``?start=``) where positions are missing."""
    query = f"&token={token}" if token else ""
    reply = client.get(f"/api/matches/{match_id}/replay?lang=sv{query}")
    assert reply.status_code == 200, reply.text
    got: dict[str, Any] = reply.json()
    return {
        **got,
        "frames": all_frames(
            got, lambda v: client.get(f"/api/matches/{match_id}/replay?start={v}{query}")
        ),
    }


def all_frames(first: dict[str, Any], window: Any) -> list[dict[str, Any]]:
    """Every position of a replay whose first answer is ``first``; ``window(v)`` answers the
    request for the window from version ``v``. Checks the windows' shape on the way."""
    frames = {f["version"]: f for f in first["frames"]}
    assert len(first["frames"]) <= first["window"] + 1  # the first window and the last
    assert first["count"] - 1 in frames  # the end is always there
    while len(frames) < first["count"]:
        missing = min(v for v in range(first["count"]) if v not in frames)
        reply = window(missing)
        assert reply.status_code == 200, reply.text
        more = reply.json()
        assert set(more) == {"start", "count", "frames"} and more["start"] == missing
        assert 0 < len(more["frames"]) <= first["window"]
        versions = [f["version"] for f in more["frames"]]
        assert versions == list(range(missing, missing + len(versions)))
        frames.update({f["version"]: f for f in more["frames"]})
    return [frames[v] for v in range(first["count"])]


def engine_views(record: MatchRecord, viewer: int | None) -> list[dict[str, Any]]:
    """The engine's own view after every step of the record, for comparison."""
    game = get_game(record.game)
    state_ = game.new_state(record.seats, game.parse_options(record.options))
    views = [state_.view(viewer)]
    for entry in record.log:
        state_.apply(entry.action, entry.player)
        views.append(state_.view(viewer))
    return json.loads(json.dumps(views))  # type: ignore[no-any-return]


@pytest.fixture
def dogroyal(client: TestClient) -> tuple[str, str]:
    return finished(client, "dogroyal", [{"name": "Anna"}, RANDOM, RANDOM, RANDOM])


def test_a_spectator_replay_never_shows_a_hand(client: TestClient, dogroyal: Any) -> None:
    match_id, _anna = dogroyal
    got = replay_of(client, match_id)
    record = client.app.state.service.record(match_id)  # type: ignore[attr-defined]
    # No match file for a spectator: it would show the hands the replay hides.
    assert got["status"] == "over" and got["viewer"] is None and got["download"] is False
    assert len(got["frames"]) == len(record.log) + 1 == len(got["log"]) + 1
    assert [f["version"] for f in got["frames"]] == list(range(len(record.log) + 1))
    # Every step is the game's own spectator view of the replayed record.
    assert [f["view"] for f in got["frames"]] == engine_views(record, None)
    assert all(f["view"]["hand"] is None for f in got["frames"])
    # The dealt cards (chance actions) are never sent, nor another seat's played card.
    assert all(entry["action"] is None for entry in got["log"] if entry["seat"] < 0)
    assert all(entry["action"] is None for entry in got["log"])
    assert got["frames"][-1]["result"]["winners"]
    assert all(f["result"] is None for f in got["frames"][:-1])


def test_a_seats_own_replay_shows_its_own_hand_only(client: TestClient, dogroyal: Any) -> None:
    match_id, anna = dogroyal
    got = replay_of(client, match_id, anna)
    record = client.app.state.service.record(match_id)  # type: ignore[attr-defined]
    assert got["viewer"] == 0 and got["you"] == [0]
    mine = engine_views(record, 0)
    assert [f["view"] for f in got["frames"]] == mine
    assert any(f["view"]["hand"] for f in got["frames"])
    # Another seat's hands at the same steps are never in Anna's replay.
    for seat in (1, 2, 3):
        theirs = engine_views(record, seat)
        differ = [
            (a["view"]["hand"], b["hand"])
            for a, b in zip(got["frames"], theirs, strict=True)
            if b["hand"] and a["view"]["hand"] != b["hand"]
        ]
        assert differ, seat
    for entry in got["log"]:
        if entry["seat"] not in (0,):
            assert entry["action"] is None, entry


def test_a_live_match_replays_up_to_now(client: TestClient) -> None:
    made = create(client, "online", game="fia", seats=[{"name": "Anna"}, {"name": None}])
    match_id, anna = made["match_id"], made["token"]
    invite = made["invites"][0]["token"]
    client.post(f"/api/invites/{invite}/join", json={"name": "Bo"})
    client.post(f"/api/test/matches/{match_id}/dice", json={"values": [6, 2]})
    now = state(client, match_id, anna)
    if now["roll_seat"] == 0:
        rolled = client.post(
            f"/api/matches/{match_id}/actions?token={anna}",
            json={"type": "roll", "version": now["version"]},
        )
        assert rolled.status_code == 200, rolled.text
    now = state(client, match_id)
    got = replay_of(client, match_id)
    assert got["status"] == "playing" and got["download"] is False
    assert len(got["frames"]) == now["version"] + 1
    assert got["frames"][-1]["view"] == now["view"]
    refused = client.get(f"/api/matches/{match_id}/record")
    assert refused.status_code == 409 and refused.json()["error"] == "error.record_live"


def test_only_the_players_download_a_hidden_card_games_record(client: TestClient) -> None:
    # The file holds every card dealt: a spectator, whose replay hides the hands, gets no file.
    seats = [{"name": "Anna"}, *({"name": None, "bot": "random"} for _ in range(3))]
    match_id, anna = finished(client, "dogroyal", seats)
    refused = client.get(f"/api/matches/{match_id}/record")
    assert refused.status_code == 403 and refused.json()["error"] == "error.record_private"
    assert replay_of(client, match_id)["download"] is False
    mine = client.get(f"/api/matches/{match_id}/record?token={anna}")
    assert mine.status_code == 200
    assert MatchRecord.loads(mine.text).replay().is_terminal()
    assert replay_of(client, match_id, anna)["download"] is True
    # A game without hidden information gives its file to anybody once it is over.
    fia_id, _ = finished(client, "fia", [{"name": "Anna"}, RANDOM])
    assert client.get(f"/api/matches/{fia_id}/record").status_code == 200
    assert replay_of(client, fia_id)["download"] is True


def test_a_finished_records_download_replays_and_uploads(client: TestClient) -> None:
    match_id, _anna = finished(client, "fia", [{"name": "Anna"}, RANDOM])
    reply = client.get(f"/api/matches/{match_id}/record")
    assert reply.status_code == 200
    assert "attachment" in reply.headers["content-disposition"]
    assert reply.headers["content-disposition"].endswith('.json"')
    record = MatchRecord.loads(reply.text)  # the format of `spelkvall play --save`
    assert reply.json()["format"] == "spelkvall-match/1"
    assert record.replay().is_terminal()
    uploaded = client.post("/api/replays", content=reply.content)
    assert uploaded.status_code == 200, uploaded.text
    stored = replay_of(client, match_id)
    got = uploaded.json()
    assert got["match_id"] is None and got["status"] == "over"
    frames = all_frames(
        got, lambda v: client.post(f"/api/replays?start={v}", content=reply.content)
    )
    assert frames == stored["frames"]
    assert [e["text"] for e in got["log"]] == [e["text"] for e in stored["log"]]
    # Nothing was stored: the highscore and the open list know only the played match.
    assert client.get("/api/matches/open").json() == []


def test_the_replay_is_sent_compressed(client: TestClient) -> None:
    match_id, _anna = finished(client, "fia", [{"name": "Anna"}, RANDOM])
    raw = client.get(f"/api/matches/{match_id}/replay", headers={"Accept-Encoding": "gzip"})
    assert raw.headers["content-encoding"] == "gzip"
    plain = client.get(f"/api/matches/{match_id}/replay", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers
    assert raw.json() == plain.json()
    assert len(gzip.compress(plain.content)) < len(plain.content) / 10


@pytest.mark.parametrize(
    ("body", "key"),
    [
        (b"not json", "error.record"),
        (b'{"format": "spelkvall-match/1", "game": "nope"}', "error.record"),
        (b"\xff\xfe", "error.record"),
    ],
)
def test_a_bad_upload_is_refused_in_words(client: TestClient, body: bytes, key: str) -> None:
    reply = client.post("/api/replays?lang=en", content=body)
    assert reply.status_code == 409
    assert reply.json()["error"] == key
    assert reply.json()["message"].startswith("The match file could not be read")


def test_an_upload_of_older_rules_is_refused_with_both_versions(client: TestClient) -> None:
    match_id, _anna = finished(client, "fia", [{"name": "Anna"}, RANDOM])
    data = client.get(f"/api/matches/{match_id}/record").json()
    data["rules_version"] = "0.0-old"
    reply = client.post("/api/replays", json=data)
    assert reply.status_code == 409
    body = reply.json()
    assert body["error"] == "error.record_rules"
    assert "0.0-old" in body["message"] and "regelversion" in body["message"]


def test_an_upload_whose_log_does_not_replay_is_refused(client: TestClient) -> None:
    match_id, _anna = finished(client, "fia", [{"name": "Anna"}, RANDOM])
    data = client.get(f"/api/matches/{match_id}/record").json()
    first = next(e for e in data["log"] if e["player"] >= 0)
    first["player"] = 1 - first["player"]  # a move by the seat whose turn it is not
    reply = client.post("/api/replays?lang=en", json=data)
    assert reply.status_code == 409 and reply.json()["error"] == "error.record"


def test_an_upload_larger_than_the_limit_is_refused_unread(client: TestClient) -> None:
    reply = client.post("/api/replays", content=b" " * (1024 * 1024 + 1))
    assert reply.status_code == 413
    assert reply.json()["params"]["max"] == 1024 * 1024
    # Other paths keep their own small limit.
    reply = client.post("/api/matches", content=b" " * (17 * 1024))
    assert reply.status_code == 413


def test_an_unknown_or_unstarted_match_has_no_replay(client: TestClient) -> None:
    assert client.get("/api/matches/nope/replay").status_code == 404
    made = create(client, "online", game="fia", seats=[{"name": "Anna"}, {"name": None}])
    reply = client.get(f"/api/matches/{made['match_id']}/replay")
    assert reply.status_code == 409 and reply.json()["error"] == "error.replay_not_started"


def test_a_replay_sends_the_log_and_only_the_positions_looked_at(client: TestClient) -> None:
    # Catches a replay that sends every position up front again (#32: a 1 MiB upload
    # answered 66 MB): the first answer has the first window and the end, no more.
    match_id, _anna = finished(client, "fia", [{"name": "Anna"}, RANDOM])
    first = client.get(f"/api/matches/{match_id}/replay").json()
    record = client.app.state.service.record(match_id)  # type: ignore[attr-defined]
    assert first["count"] == len(record.log) + 1 > WINDOW + 1
    assert len(first["log"]) == len(record.log)
    versions = [f["version"] for f in first["frames"]]
    assert versions == [*range(WINDOW), len(record.log)]
    assert first["frames"][-1]["result"]["winners"]
    # A window past the end is the last positions; one from the end, the end alone.
    end = client.get(f"/api/matches/{match_id}/replay?start={len(record.log)}").json()
    assert [f["version"] for f in end["frames"]] == [len(record.log)]
    assert client.get(f"/api/matches/{match_id}/replay?start=-1").status_code == 400


def test_a_replay_over_its_cpu_budget_is_stopped_with_retry_after(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id, _anna = finished(client, "fia", [{"name": "Anna"}, RANDOM])
    monkeypatch.setattr(replays, "CPU_BUDGET", 0.0)  # any replay runs over it
    reply = client.get(f"/api/matches/{match_id}/replay?lang=en")
    assert reply.status_code == 503 and reply.json()["error"] == "error.replay_too_costly"
    assert reply.headers["retry-after"] == "10"
    assert reply.json()["message"].startswith("This replay took too much")
    monkeypatch.setattr(replays, "CPU_BUDGET", 3.0)
    assert client.get(f"/api/matches/{match_id}/replay").status_code == 200  # nothing stuck


def test_replays_at_once_are_bounded_per_process(client: TestClient) -> None:
    match_id, _anna = finished(client, "fia", [{"name": "Anna"}, RANDOM])
    slots = client.app.state.service._replaying  # type: ignore[attr-defined]
    for _ in range(REPLAYS_AT_ONCE):
        assert slots.acquire(blocking=False)  # as if that many were being computed
    try:
        reply = client.get(f"/api/matches/{match_id}/replay")
        assert reply.status_code == 503 and reply.json()["error"] == "error.replays_busy"
        assert reply.headers["retry-after"] == "2"
        upload = client.post("/api/replays", content=b"{}")
        assert upload.status_code == 503
    finally:
        for _ in range(REPLAYS_AT_ONCE):
            slots.release()
    assert client.get(f"/api/matches/{match_id}/replay").status_code == 200


def test_a_long_replay_lets_people_s_moves_go_first() -> None:
    # The budget's pause (the people-first wait) comes every PAUSE_EVERY steps.
    paused: list[int] = []
    budget = replays.Budget(60.0, pause=lambda: paused.append(1))
    for _ in range(3 * replays.PAUSE_EVERY + 1):
        budget.step()
    assert len(paused) == 3
