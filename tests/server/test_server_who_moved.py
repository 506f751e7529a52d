"""The log says who really moved (#28): a move a computer made for a person — because their
turn timer ran out, or standing in while they are away — is marked ``by`` in every log entry
(REST, WebSocket, replay, the match record) with a first text line naming the person and why;
a person's own move and a computer seat's own move are not. The column that stores it comes
with a migration that upgrades an existing database.

Played with the two-dice game (every step a roll of a seat's die: the chance path) and the
team game (every step a seat's move: the computers' move path)."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
import sqlalchemy as sa
from dice_game import TWO_DICE
from fastapi.testclient import TestClient
from server_helpers import Database, create, receive_state, send, state
from team_game import GAME as TEAMS

from spelkvall.core import MatchRecord, registry
from spelkvall.store import Store
from spelkvall.store.db import create_engine, migrate

TIMER_SV = "Datorn spelade åt Anna – tiden tog slut"
TIMER_EN = "The computer played for Anna – time ran out"


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    registry.all_games()
    monkeypatch.setitem(registry._GAMES, TWO_DICE.id, TWO_DICE)
    monkeypatch.setitem(registry._GAMES, TEAMS.id, TEAMS)
    yield


def online(client: TestClient, **body: Any) -> tuple[str, str, str]:
    """Anna's online two-dice match with Bo joined: (match id, Anna's token, Bo's token)."""
    made = create(
        client, "online", game="twodice", seats=[{"name": "Anna"}, {"name": None}], **body
    )
    joined = client.post(f"/api/invites/{made['invites'][0]['token']}/join", json={"name": "Bo"})
    assert joined.status_code == 200, joined.text
    return made["match_id"], made["token"], joined.json()["token"]


def roll(client: TestClient, match_id: str, token: str) -> None:
    version = state(client, match_id, token)["version"]
    got = send(client, match_id, token, {"type": "roll", "version": version})
    assert got.status_code == 200, got.text


def until(client: TestClient, match_id: str, test: Any, timeout: float = 60) -> dict[str, Any]:
    """The state once ``test`` holds (the bound only guards against hanging: a loaded
    machine may be seconds late)."""
    deadline = time.monotonic() + timeout
    while True:
        got = state(client, match_id)
        if test(got):
            return got
        assert time.monotonic() < deadline, got
        time.sleep(0.05)


def who(entries: list[dict[str, Any]]) -> list[tuple[int, int | None, str | None]]:
    """(seat, whose step, by) of each entry."""
    return [(e["seat"], e["turn_of"], e["by"]) for e in entries]


def test_a_turn_the_timer_played_is_marked_in_the_log_and_the_persons_own_is_not(
    client: TestClient,
) -> None:
    match_id, _anna, bo = online(client, turn_seconds=1)
    with client.websocket_connect(f"/ws/matches/{match_id}?token={bo}") as ws:
        assert receive_state(ws)["log"] == []
        # Anna does nothing: when her time is up a computer throws her dice.
        got = receive_state(ws)
        (entry,) = got["log"]
        assert (entry["seat"], entry["turn_of"], entry["by"]) == (-1, 0, "timer")
        assert entry["text"]["sv"][0] == TIMER_SV and entry["text"]["en"][0] == TIMER_EN
        assert len(entry["text"]["sv"]) == 2  # and then the throw itself, as ever
        # Bo throws himself: his own move, unmarked.
        roll(client, match_id, bo)
        mine = receive_state(ws)["log"]
        assert who(mine) == [(-1, 1, None)]
        assert [line for line in mine[0]["text"]["sv"] if "Datorn" in line] == []
    got = state(client, match_id)
    assert who(got["log"]) == [(-1, 0, "timer"), (-1, 1, None)]
    assert got["log"][0]["text"]["en"][0] == TIMER_EN


def test_a_stand_in_s_move_is_marked_and_the_host_chooses_its_level(client: TestClient) -> None:
    match_id, anna, bo = online(client)
    roll(client, match_id, anna)  # Anna's own throw; Bo is away
    handed = client.post(
        f"/api/matches/{match_id}/seats/1/stand-in?token={anna}", json={"bot": "easy"}
    )
    assert handed.status_code == 200, handed.text
    got = until(client, match_id, lambda s: s["version"] == 2)
    assert got["seats"][1]["stand_in"] == "easy"
    assert who(got["log"]) == [(-1, 0, None), (-1, 1, "stand_in")]
    assert got["log"][1]["text"]["sv"][0] == "Datorn spelade åt Bo (Bo är borta)"
    assert got["log"][1]["text"]["en"][0] == "The computer played for Bo (Bo is away)"
    assert not any("Datorn" in line for line in got["log"][0]["text"]["sv"])
    # Bo is back: his own throw is his again; the marked one stays marked (rebuilt too).
    assert client.delete(f"/api/matches/{match_id}/seats/1/stand-in?token={bo}").status_code == 200
    roll(client, match_id, anna)
    roll(client, match_id, bo)
    got = state(client, match_id, bo)
    assert got["status"] == "over"
    assert who(got["log"]) == [(-1, 0, None), (-1, 1, "stand_in"), (-1, 0, None), (-1, 1, None)]
    # A replay shows the marking too, and so does the record file (an optional field that
    # older readers skip), which reads back with it.
    replay = client.get(f"/api/matches/{match_id}/replay?token={bo}").json()
    assert [e["by"] for e in replay["log"]] == [None, "stand_in", None, None]
    assert replay["log"][1]["text"]["sv"][0] == "Datorn spelade åt Bo (Bo är borta)"
    record = client.get(f"/api/matches/{match_id}/record?token={bo}").json()
    assert [e.get("by") for e in record["log"]] == [None, "stand_in", None, None]
    assert sorted(record["log"][0]) == ["action", "player"]  # unmarked: as before
    assert [e.by for e in MatchRecord.from_json(record).log] == [None, "stand_in", None, None]
    uploaded = client.post("/api/replays", content=json.dumps(record)).json()
    assert [e["by"] for e in uploaded["log"]] == [None, "stand_in", None, None]
    # A record without the field (an older file) reads as before: nobody marked.
    for entry in record["log"]:
        entry.pop("by", None)
    older = client.post("/api/replays", content=json.dumps(record)).json()
    assert [e["by"] for e in older["log"]] == [None] * 4


def test_a_stand_in_s_move_is_marked_where_the_computer_chooses_a_move(
    client: TestClient,
) -> None:
    people = [{"name": n} for n in ("Anna", "Bo", "Cilla", "Dan")]
    made = create(client, game="teams", seats=people)
    match_id, device = made["match_id"], made["token"]
    url = f"/ws/matches/{match_id}?token={device}"
    with client.websocket_connect(url) as ws:
        receive_state(ws)
        moved = send(
            client, match_id, device, {"type": "act", "version": 0, "action": {"type": "pass"}}
        )
        assert moved.status_code == 200, moved.text
        assert who(receive_state(ws)["log"]) == [(0, 0, None)]
        handed = client.post(f"/api/matches/{match_id}/seats/1/stand-in?token={device}", json={})
        assert handed.status_code == 200, handed.text
        while True:  # the seat change, then the computer's move for Bo
            got = receive_state(ws)
            if got["log"]:
                break
        assert got["seats"][1]["stand_in"] == "medium"  # the default level
        assert who(got["log"]) == [(1, 1, "stand_in")]
        assert got["log"][0]["text"]["en"][0] == "The computer played for Bo (Bo is away)"


def test_a_computer_seat_s_own_moves_are_not_marked(client: TestClient) -> None:
    made = create(
        client,
        game="teams",
        seats=[{"bot": "easy"}, {"name": "Anna"}, {"name": "Bo"}, {"name": "Cilla"}],
    )
    got = until(client, made["match_id"], lambda s: s["version"] >= 1)
    assert who(got["log"])[0] == (0, 0, None)
    assert not any("Datorn" in line for line in got["log"][0]["text"]["sv"])
    dice = create(client, game="twodice", seats=[{"name": "Anna"}, {"bot": "easy"}])
    roll(client, dice["match_id"], dice["token"])
    got = until(client, dice["match_id"], lambda s: s["version"] >= 2)
    assert who(got["log"]) == [(-1, 0, None), (-1, 1, None)]


def test_the_migration_adds_who_moved_to_an_existing_database(database: Database) -> None:
    engine = create_engine(database.url, database.schema)
    migrate(engine, "0005")
    stamp = datetime(2026, 1, 1, tzinfo=UTC)
    with engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO matches (id, game, rules_version, mode, options, seats, status,"
                " version, seed, created_at, updated_at, turn_seconds) VALUES ('m', 'twodice',"
                " '1', 'hotseat', '{}', :seats, 'playing', 1, 1, :t, :t, 0)"
            ),
            {"seats": '[{"name": "Anna", "colour": null, "bot": null}]', "t": stamp},
        )
        conn.execute(
            sa.text(
                "INSERT INTO match_actions (match_id, version, player, action, created_at)"
                " VALUES ('m', 1, -1, :action, :t)"
            ),
            {"action": '{"type": "throw", "low": 1, "high": 2}', "t": stamp},
        )
    migrate(engine)
    store = Store(engine)
    try:
        (old,) = store.actions("m")
        assert (old.version, old.player, old.action["low"], old.by) == (1, -1, 1, None)
        throw = {"type": "throw", "low": 3, "high": 4}
        assert store.append_action("m", 1, -1, throw, status="playing", by="timer")
        assert [a.by for a in store.actions("m")] == [None, "timer"]
    finally:
        store.close()
