"""Hidden information, simultaneous actions, chance by itself and team wins through the server.

Played with the sealed-bid example game of docs/engine.md (hidden, simultaneous bids; chance
turns up the prize by itself) and a tiny team game (``team_game.py``), both registered for
these tests only.
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, receive_state, send, state
from team_game import GAME as TEAMS
from tests.core.example_game import GAME as BIDS
from tests.core.example_game import Bid, Prize

from spelkvall.core import CHANCE, Seat, registry


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    registry.all_games()
    monkeypatch.setitem(registry._GAMES, BIDS.id, BIDS)
    monkeypatch.setitem(registry._GAMES, TEAMS.id, TEAMS)
    yield


def ws_url(match_id: str, token: str | None = None) -> str:
    return f"/ws/matches/{match_id}" + (f"?token={token}" if token else "")


def wait_for(client: TestClient, match_id: str, version: int, token: str | None = None) -> Any:
    """The state once the server (its computers, its chance) has reached ``version``."""
    for _ in range(200):
        got = state(client, match_id, token)
        if got["version"] >= version:
            return got
        time.sleep(0.01)
    raise AssertionError(f"match never reached version {version}")


def online_bids(client: TestClient, prize: int) -> tuple[str, str, str]:
    """An online sealed-bid match of Anna (seat 0) and Bo (seat 1) with the first prize queued."""
    made = create(client, "online", game="bid", seats=[{"name": "Anna"}, {"name": None}])
    match_id = made["match_id"]
    client.post(f"/api/test/matches/{match_id}/dice", json={"values": [prize]})
    invite = made["invites"][0]["token"]
    bo = client.post(f"/api/invites/{invite}/join", json={"name": "Bo"}).json()["token"]
    return match_id, made["token"], bo


def strip(payload: dict[str, Any]) -> dict[str, Any]:
    # Who is connected depends on which socket the test opened first, not on the bids.
    return {k: v for k, v in payload.items() if k not in ("match_id", "online")}


def test_a_hidden_bid_reaches_nobody_but_its_bidder(client: TestClient) -> None:
    """Bo's and a spectator's every payload is the same whether Anna bid 1 or 5, until the
    bids are revealed; Anna's own payloads do show her bid."""
    seen: dict[int, dict[str, list[Any]]] = {}
    for anna_bid in (1, 5):
        match_id, anna, bo = online_bids(client, prize=3)
        wait_for(client, match_id, 1)  # the prize is turned up by the server itself
        got: dict[str, list[Any]] = {"anna": [], "bo": [], "spectator": []}
        with (
            client.websocket_connect(ws_url(match_id, bo)) as bo_ws,
            client.websocket_connect(ws_url(match_id)) as spectator_ws,
        ):
            got["bo"].append(strip(receive_state(bo_ws)))
            got["spectator"].append(strip(receive_state(spectator_ws)))
            ok = send(
                client,
                match_id,
                anna,
                {"type": "act", "version": 1, "action": {"type": "bid", "card": anna_bid}},
            )
            assert ok.status_code == 200, ok.text
            got["bo"].append(strip(receive_state(bo_ws)))
            got["spectator"].append(strip(receive_state(spectator_ws)))
            got["bo"].append(strip(state(client, match_id, bo)))
            got["spectator"].append(strip(state(client, match_id)))
            got["anna"].append(strip(state(client, match_id, anna)))
        seen[anna_bid] = got
    assert seen[1]["bo"] == seen[5]["bo"]
    assert seen[1]["spectator"] == seen[5]["spectator"]
    assert seen[1]["anna"] != seen[5]["anna"], "Anna sees her own bid"
    mine = seen[5]["anna"][0]["log"][-1]
    assert mine["seat"] == 0 and mine["action"] == {"type": "bid", "card": 5}
    theirs = seen[5]["bo"][-1]["log"][-1]
    assert theirs["seat"] == 0 and theirs["action"] is None
    assert json.dumps(seen[5]["bo"]).count('"your_bid": 5') == 0


def test_every_log_entry_of_another_seat_or_of_chance_hides_its_action(
    client: TestClient,
) -> None:
    match_id, anna, bo = online_bids(client, prize=2)
    # Ten bids, and a look may come before the server turned up the next prize (a busy
    # machine): enough looks for every bid however often that happens.
    for version in range(1, 40):
        got = wait_for(client, match_id, version, bo)
        if got["status"] == "over":
            break
        if 1 in got["to_act"]:
            card = got["view"]["hands"][1][0]
            action = {"type": "bid", "card": card}
            assert (
                send(
                    client,
                    match_id,
                    bo,
                    {"type": "act", "version": got["version"], "action": action},
                ).status_code
                == 200
            )
        elif 0 in got["to_act"]:
            card = got["view"]["hands"][0][-1]
            action = {"type": "bid", "card": card}
            assert (
                send(
                    client,
                    match_id,
                    anna,
                    {"type": "act", "version": got["version"], "action": action},
                ).status_code
                == 200
            )
    final = wait_for(client, match_id, 1, bo)
    assert final["status"] == "over"
    for entry in final["log"]:
        assert (entry["action"] is not None) == (entry["seat"] == 1), entry
    reveals = [e for entry in final["log"] for e in entry["events"] if e["type"] == "reveal"]
    assert len(reveals) == 5, "the bids themselves are public once all have bid"


def test_the_second_of_a_simultaneous_step_is_not_refused_as_stale(client: TestClient) -> None:
    match_id, anna, bo = online_bids(client, prize=4)
    seen = wait_for(client, match_id, 1, anna)
    assert seen["to_act"] == [0, 1]
    first = send(
        client, match_id, anna, {"type": "act", "version": 1, "action": {"type": "bid", "card": 2}}
    )
    assert first.json() == {"ok": True, "version": 2}
    # Bo chose from version 1 as well; Anna's bid changed nothing for him.
    second = send(
        client, match_id, bo, {"type": "act", "version": 1, "action": {"type": "bid", "card": 3}}
    )
    assert second.status_code == 200, second.text
    # Once the step is over (and the next prize is up) a choice from version 1 is stale.
    wait_for(client, match_id, 4)
    late = send(
        client, match_id, anna, {"type": "act", "version": 1, "action": {"type": "bid", "card": 1}}
    )
    assert late.status_code == 409 and late.json()["error"] == "error.stale"


def test_a_shared_device_is_asked_for_each_seat_in_turn_and_reads_the_public_log(
    client: TestClient,
) -> None:
    made = create(client, "hotseat", game="bid", seats=[{"name": "Anna"}, {"name": "Bo"}])
    match_id, device = made["match_id"], made["token"]
    got = wait_for(client, match_id, 1, device)
    assert got["roll_seat"] is None and got["to_act"] == [0, 1]
    assert got["viewer"] == 0 and got["view"]["you"] == 0
    assert (
        send(
            client,
            match_id,
            device,
            {"type": "act", "version": 1, "seat": 0, "action": {"type": "bid", "card": 5}},
        ).status_code
        == 200
    )
    got = state(client, match_id, device)
    assert got["to_act"] == [1] and got["viewer"] == 1 and got["view"]["your_bid"] is None
    # Bo is at the screen now: Anna's bid is not in the log the device reads.
    assert got["log"][-1]["seat"] == 0 and got["log"][-1]["action"] is None


def test_a_shared_device_shows_no_hand_while_a_computer_acts(client: TestClient) -> None:
    made = create(
        client,
        "hotseat",
        game="bid",
        seats=[{"name": "Anna"}, {"name": "Bo"}, {"name": None, "bot": "random"}],
    )
    match_id, device = made["match_id"], made["token"]
    wait_for(client, match_id, 1, device)
    service = client.app.state.service  # type: ignore[attr-defined]
    live = service.live(match_id)
    # The moment both people have bid and only the computer is to act (not stored).
    trial = BIDS.new_state([Seat("Anna"), Seat("Bo"), Seat("Dator 1", bot="random")])
    trial.apply(Prize(3), CHANCE)
    trial.apply(Bid(1), 0)
    trial.apply(Bid(2), 1)
    assert trial.players_to_act() == (2,)
    got = service.state_object(
        dataclasses.replace(live, state=trial), service.access(match_id, device)
    )
    assert got["viewer"] is None and got["view"]["you"] is None


def test_a_team_win_is_a_win_for_every_person_in_the_team(client: TestClient) -> None:
    made = create(
        client,
        "hotseat",
        game="teams",
        seats=[
            {"name": "Anna"},
            {"name": "Bo"},
            {"name": "Cecilia"},
            {"name": None, "bot": "random"},
        ],
    )
    match_id, device = made["match_id"], made["token"]
    assert (
        send(
            client, match_id, device, {"type": "act", "version": 0, "action": {"type": "claim"}}
        ).status_code
        == 200
    )
    over = state(client, match_id, device)
    assert over["status"] == "over" and over["result"]["winners"] == [0, 2]
    assert over["result"]["places"] == [1, 3, 1, 3]
    rows = {
        r["name"]: (r["wins"], r["played"]) for r in client.get("/api/highscore?game=teams").json()
    }
    assert rows == {"Anna": (1, 1), "Cecilia": (1, 1), "Bo": (0, 1)}
