"""DogRoyal through the server: dealing by itself, the exchange, and no hand but one's own."""

from __future__ import annotations

import json
import time
from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient
from server_helpers import create, send, state

from spelkvall.games.dogroyal import GAME
from spelkvall.server import Settings, create_app

BOTS = {"name": None, "bot": "random"}


def ws_url(match_id: str, token: str | None = None) -> str:
    return f"/ws/matches/{match_id}" + (f"?token={token}" if token else "")


def settle(client: TestClient, match_id: str, token: str | None, seat: int) -> dict[str, Any]:
    """The state once the computers and chance are done and it is this seat's turn (or over)."""
    for _ in range(500):
        got = state(client, match_id, token)
        if got["status"] == "over" or seat in got["to_act"]:
            return got
        time.sleep(0.01)
    raise AssertionError("the computers never finished")


def test_the_server_deals_by_itself_and_the_person_exchanges_first(client: TestClient) -> None:
    made = create(client, "hotseat", game="dogroyal", seats=[{"name": "Anna"}, BOTS, BOTS, BOTS])
    match_id, device = made["match_id"], made["token"]
    got = settle(client, match_id, device, 0)
    view = got["view"]
    assert got["roll_seat"] is None
    assert view["phase"] == "exchange" and len(view["hand"]) == 5
    assert got["viewer"] == 0
    gives = [e["action"] for e in got["legal"]]
    assert gives and all(a["type"] == "give" for a in gives)
    assert all(e["label"]["sv"] and e["label"]["en"] for e in got["legal"])


def play_rounds(client: TestClient, match_id: str, token: str, rounds: int) -> list[Any]:
    """Anna (seat 0) plays the first legal action each time, until ``rounds`` rounds began.
    Returns every payload Anna's token got."""
    payloads: list[Any] = []
    with client.websocket_connect(ws_url(match_id, token)) as ws:
        payloads.append(ws.receive_json())
        for _ in range(400):
            got = settle(client, match_id, token, 0)
            payloads.append(got)
            if got["status"] == "over" or got["view"]["round"] > rounds:
                break
            action = got["legal"][0]["action"]
            reply = send(
                client,
                match_id,
                token,
                {"type": "act", "version": got["version"], "action": action},
            )
            assert reply.status_code == 200, reply.text
    payloads.append(state(client, match_id, token))
    return payloads


def test_a_seat_sees_only_its_own_hand_and_nobody_elses_cards(client: TestClient) -> None:
    made = create(client, "online", game="dogroyal", seats=[{"name": "Anna"}, BOTS, BOTS, BOTS])
    match_id, anna = made["match_id"], made["token"]
    payloads = play_rounds(client, match_id, anna, rounds=2)
    assert payloads[-1]["view"]["round"] >= 2
    service = client.app.state.service  # type: ignore[attr-defined]
    live = service.live(match_id)
    secret_hands = [live.state.view(s)["hand"] for s in (1, 2, 3)]
    for payload in payloads:
        text = json.dumps(payload)
        assert '"draw"' not in text and "deck_order" not in text
        view = payload["view"]
        assert view["you"] == 0 and payload["viewer"] == 0
        for entry in payload["log"]:
            if entry["seat"] != 0:
                assert entry["action"] is None, entry
    final = payloads[-1]
    assert final["view"]["hand"] == live.state.view(0)["hand"]
    assert any(h != final["view"]["hand"] for h in secret_hands)
    kinds = {e["type"] for p in payloads for entry in p["log"] for e in entry["events"]}
    assert {"exchanged", "played"} <= kinds
    spectator = state(client, match_id)
    assert spectator["view"]["hand"] is None and spectator["legal"] == []
    assert all(entry["action"] is None for entry in spectator["log"])


def test_a_stored_match_of_older_rules_is_refused_in_words(
    client: TestClient, settings: Settings
) -> None:
    """After an upgrade that changed DogRoyal's rules, a match stored under the old version is
    not replayed under the new rules (its moves may mean something else): the server says so
    with both versions, it does not answer with a bare error."""
    made = create(client, "hotseat", game="dogroyal", seats=[{"name": "Anna"}, BOTS, BOTS, BOTS])
    match_id, token = made["match_id"], made["token"]
    settle(client, match_id, token, 0)
    # Through the running server's store: it knows the test's own schema on PostgreSQL.
    with client.app.state.service.store.engine.begin() as conn:  # type: ignore[attr-defined]
        conn.execute(
            sa.text("UPDATE matches SET rules_version = '1' WHERE id = :id"), {"id": match_id}
        )
    restarted = create_app(settings)  # a new server process: nothing cached
    with TestClient(restarted) as other:
        reply = other.get(f"/api/matches/{match_id}?token={token}&lang=sv")
    restarted.state.service.store.close()
    assert reply.status_code == 409, reply.text
    body = reply.json()
    assert body["error"] == "error.record_rules"
    assert body["params"]["record"] == "1" and body["params"]["engine"] == GAME.rules_version
    assert (
        "regelversion 1" in body["message"] and f"version {GAME.rules_version}" in body["message"]
    )
