"""The match WebSocket: state on connect, broadcasts, validation, token isolation, secrets."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from server_helpers import Database, create, dice, receive_state, send, state

from spelkvall.server.service import MatchService, ServiceError


def ws_url(match_id: str, token: str | None = None) -> str:
    return f"/ws/matches/{match_id}" + (f"?token={token}" if token else "")


def test_a_socket_gets_the_state_on_connect_and_every_change_after(client: TestClient) -> None:
    made = create(client)
    match_id, token = made["match_id"], made["token"]
    with (
        client.websocket_connect(ws_url(match_id, token)) as player,
        client.websocket_connect(ws_url(match_id)) as spectator,
    ):
        first = receive_state(player)
        assert first["type"] == "state" and first["version"] == 0 and first["you"] == [0, 1]
        assert receive_state(spectator)["you"] == []
        dice(client, match_id, 4)
        player.send_json({"type": "roll", "version": 0})
        for ws in (player, spectator):
            got = receive_state(ws)
            assert got["type"] == "state" and got["version"] == 1
            assert [e["version"] for e in got["log"]] == [1]
            assert got["log"][0]["events"] == [{"type": "rolloff", "seat": 0, "value": 4}]


@pytest.mark.parametrize("reads_before_the_join", [1, 2])
def test_a_join_stored_while_a_socket_opens_reaches_that_socket(
    client: TestClient, reads_before_the_join: int
) -> None:
    # A page reconnecting after a restart read the match, the join landed, and the page never
    # heard of it: the socket was not yet among the match's sockets when the join went out.
    made = create(client, "online", seats=[{"name": "Anna"}, {"name": None}])
    match_id = made["match_id"]
    service: MatchService = client.app.state.service  # type: ignore[attr-defined]
    read_through = service.live
    calls, entered, gate = [0], threading.Event(), threading.Event()

    def live(wanted: str) -> Any:
        got = read_through(wanted)
        calls[0] += 1
        if calls[0] == reads_before_the_join:
            entered.set()
            gate.wait(timeout=5)
        return got

    service.live = live  # type: ignore[method-assign]
    with client.websocket_connect(ws_url(match_id, made["token"])) as ws:
        entered.wait(timeout=2)  # the second read may not exist: then the join comes after
        client.post(f"/api/invites/{made['invites'][0]['token']}/join", json={"name": "Bo"})
        gate.set()
        ws.send_json({"type": "ping"})
        statuses = []
        while (got := ws.receive_json())["type"] != "pong":
            if got["type"] == "state":
                statuses.append(got["status"])
    assert statuses[-1] == "playing", statuses


@pytest.mark.parametrize(
    ("frame", "key"),
    [
        ("not json", "error.malformed_message"),
        ("[1, 2]", "error.malformed_message"),
        ('{"type": "fly"}', "error.malformed_message"),
        ('{"type": "roll"}', "error.malformed_message"),
        ('{"type": "roll", "version": "0"}', "error.malformed_message"),
        ('{"type": "roll", "version": 0, "seed": 1}', "error.malformed_message"),
        ('{"type": "act", "version": 0, "action": {"type": {"x": 1}}}', "error.malformed_message"),
        ('{"type": "act", "version": 0, "action": {"type": "warp"}}', "error.not_started"),
        (json.dumps({"type": "ping", "pad": "x" * 5000}), "error.message_too_large"),
    ],
)
def test_a_malformed_message_gets_an_error_and_the_socket_stays_open(
    client: TestClient, frame: str, key: str
) -> None:
    made = create(client, "online", seats=[{"name": "Anna"}, {"name": None}])
    with client.websocket_connect(ws_url(made["match_id"], made["token"])) as ws:
        ws.receive_json()
        ws.send_text(frame)
        got = ws.receive_json()
        assert got["type"] == "error" and got["error"] == key and got["message"]
        ws.send_bytes(b"\x00\x01")
        assert ws.receive_json()["error"] == "error.malformed_message"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}


def test_an_illegal_action_type_is_refused_with_the_engine_reason(client: TestClient) -> None:
    made = create(client)
    with client.websocket_connect(ws_url(made["match_id"], made["token"])) as ws:
        ws.receive_json()
        ws.send_json({"type": "act", "version": 0, "action": {"type": "warp"}})
        assert ws.receive_json()["error"] == "error.malformed_action"
        ws.send_json({"type": "act", "version": 0, "action": {"type": "enter"}})
        assert ws.receive_json()["error"] == "error.chance_pending"


def test_an_unknown_match_socket_gets_an_error_and_is_closed(client: TestClient) -> None:
    with client.websocket_connect(ws_url("nothing")) as ws:
        assert ws.receive_json()["error"] == "error.match_not_found"


def test_a_seat_token_acts_only_for_its_own_seat(client: TestClient) -> None:
    made = create(client, "online", seats=[{"name": "Anna"}, {"name": None}])
    match_id, anna = made["match_id"], made["token"]
    invite = made["invites"][0]["token"]
    # An unused invite is no seat token.
    assert state(client, match_id, invite)["you"] == []
    bo = client.post(f"/api/invites/{invite}/join", json={"name": "Bo"}).json()["token"]
    dice(client, match_id, 5, 3)
    roll_seat = state(client, match_id)["roll_seat"]
    assert roll_seat == 0  # red (Anna) rolls first in the roll-off
    refused = send(client, match_id, bo, {"type": "roll", "version": 0})
    assert refused.status_code == 403 and refused.json()["error"] == "error.not_your_die"
    assert send(client, match_id, invite, {"type": "roll", "version": 0}).status_code == 403
    assert send(client, match_id, None, {"type": "roll", "version": 0}).status_code == 403
    assert send(client, match_id, anna, {"type": "roll", "version": 0}).status_code == 200
    assert send(client, match_id, anna, {"type": "roll", "version": 1}).status_code == 403
    assert send(client, match_id, bo, {"type": "roll", "version": 1}).status_code == 200
    # Anna (5) starts: Bo may not act for her seat.
    wrong = send(
        client, match_id, bo, {"type": "act", "version": 2, "seat": 0, "action": {"type": "enter"}}
    )
    assert wrong.json()["error"] == "error.not_your_seat"


def test_a_token_of_another_match_is_a_spectator(client: TestClient) -> None:
    one = create(client)
    two = create(client)
    assert state(client, two["match_id"], one["token"])["you"] == []
    refused = send(client, two["match_id"], one["token"], {"type": "roll", "version": 0})
    assert refused.status_code == 403


def _all_payloads(client: TestClient, made: dict[str, Any]) -> list[str]:
    match_id, token = made["match_id"], made["token"]
    out: list[str] = [json.dumps(made)]
    with client.websocket_connect(ws_url(match_id, token)) as ws:
        out.append(ws.receive_text())
        for _ in range(30):
            got = state(client, match_id, token)
            out.append(json.dumps(got))
            if got["roll_seat"] is not None:
                ws.send_json({"type": "roll", "version": got["version"]})
            elif got["to_act"]:
                action = got["view"]["legal"][0]["action"]
                ws.send_json({"type": "act", "version": got["version"], "action": action})
            else:
                break
            out.append(ws.receive_text())
    out.append(client.get("/api/matches/open").text)
    out.append(client.get("/api/highscore").text)
    return out


def test_the_seed_never_reaches_a_client(client: TestClient) -> None:
    made = create(client)
    payloads = _all_payloads(client, made)
    store = client.app.state.service.store  # type: ignore[attr-defined]
    with store.engine.connect() as conn:
        seed = conn.execute(
            sa.text("SELECT seed FROM matches WHERE id = :id"), {"id": made["match_id"]}
        ).scalar_one()
    assert len(payloads) > 30
    for payload in payloads:
        assert str(seed) not in payload and "seed" not in payload


def _wait(predicate: Any, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.02)


def test_computer_seats_play_by_themselves(client: TestClient) -> None:
    made = create(client, seats=[{"name": "Anna"}, {"bot": "random"}])
    match_id, token = made["match_id"], made["token"]
    dice(client, match_id, 1, 6, 3)  # Anna 1, the computer 6 in the roll-off, then rolls 3
    send(client, match_id, token, {"type": "roll", "version": 0})
    # The computer rolls the roll-off, starts, rolls a 3 (no piece out: no move), passes.
    _wait(lambda: state(client, match_id)["roll_seat"] == 0)
    got = state(client, match_id, token)
    kinds = [ev["type"] for entry in got["log"] for ev in entry["events"]]
    assert kinds[:3] == ["rolloff", "rolloff", "starts"]
    assert "no_move" in kinds and got["version"] == 3


def test_a_game_to_the_end_writes_results_and_the_highscore(database: Database) -> None:
    store = database.open()
    service = MatchService(store)
    made = service.create("fia", "hotseat", [{"name": "Anna"}, {"name": "Bo"}], {})
    match_id = made["match_id"]
    access = service.access(match_id, made["token"])
    for _ in range(5000):
        live = service.live(match_id)
        if live.status == "over":
            break
        if live.state.is_chance():  # type: ignore[union-attr]
            service.roll(match_id, access, live.version)
        else:
            legal = live.state.legal_actions()  # type: ignore[union-attr]
            service.act(match_id, access, live.version, legal[-1].to_json(), None)
    live = service.live(match_id)
    assert live.status == "over"
    winner = live.state.result().winners[0]  # type: ignore[union-attr]
    names = ["Anna", "Bo"]
    rows = store.highscore("fia")
    assert [(r.name, r.wins, r.played) for r in rows] == [
        (names[winner], 1, 1),
        (names[1 - winner], 0, 1),
    ]
    with pytest.raises(ServiceError) as info:
        service.roll(match_id, access, live.version)
    assert info.value.key == "error.game_over"
    store.close()


def test_two_servers_moving_at_one_version_exactly_one_wins(database: Database) -> None:
    first, second = MatchService(database.open()), MatchService(database.open())
    made = first.create("fia", "hotseat", [{"name": "Anna"}, {"name": "Bo"}], {})
    match_id = made["match_id"]
    access = first.access(match_id, made["token"])
    second.live(match_id)  # both processes have the match cached at version 0
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def roll(service: MatchService) -> None:
        barrier.wait()
        try:
            service.roll(match_id, access, 0)
            outcomes.append("ok")
        except ServiceError as exc:
            outcomes.append(exc.key)

    threads = [threading.Thread(target=roll, args=(s,)) for s in (first, second)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert sorted(outcomes) == ["error.stale", "ok"]
    assert first.live(match_id).version == second.live(match_id).version == 1
    assert len(first.store.actions(match_id)) == 1
    first.store.close()
    second.store.close()


def test_after_a_restart_computers_whose_turn_it_is_carry_on(settings: Any) -> None:
    from dataclasses import replace

    from spelkvall.server import create_app

    slow = create_app(replace(settings, bot_delay=60))
    with TestClient(slow) as first:
        # Red (the computer, seat 0) rolls first in the roll-off, but not within a minute.
        made = create(first, seats=[{"bot": "random"}, {"name": "Anna"}])
        assert state(first, made["match_id"])["roll_seat"] == 0
    slow.state.service.store.close()
    assert state_version(settings, made["match_id"]) == 0
    fast = create_app(settings)
    with TestClient(fast) as second:
        _wait(lambda: state(second, made["match_id"])["version"] == 1)
        got = state(second, made["match_id"])
        assert got["roll_seat"] == 1 and got["log"][0]["seat"] == -1
    fast.state.service.store.close()


def state_version(settings: Any, match_id: str) -> int:
    store = Database(settings.database_url, settings.database_schema).open()
    try:
        row = store.get_match(match_id)
        assert row is not None
        return row.version
    finally:
        store.close()
