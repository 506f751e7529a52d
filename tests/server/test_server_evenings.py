"""Online evenings that survive real life: the host's hands (a computer for an absent person,
taking the seat back, ending or calling off a match), the turn timer, rematches, "Mina spel",
who is connected, and invites and wrong addresses that say what is wrong.

Played with the two-dice game of ``dice_game.py`` (four throws, no choices), so a computer's
turn is a roll and a whole match takes moments."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from dice_game import TWO_DICE
from fastapi.testclient import TestClient
from server_helpers import Database, create, receive_state, send, state

import spelkvall.server.hub as hub_module
from spelkvall.core import registry
from spelkvall.server.service import MatchService, ServiceError


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    registry.all_games()
    monkeypatch.setitem(registry._GAMES, TWO_DICE.id, TWO_DICE)
    yield


def online(client: TestClient, **body: Any) -> tuple[str, str, str]:
    """Anna's online two-dice match with Bo joined: (match id, Anna's token, Bo's token)."""
    made = create(
        client, "online", game="twodice", seats=[{"name": "Anna"}, {"name": None}], **body
    )
    invite = made["invites"][0]["token"]
    joined = client.post(f"/api/invites/{invite}/join", json={"name": "Bo"})
    assert joined.status_code == 200, joined.text
    return made["match_id"], made["token"], joined.json()["token"]


def roll(client: TestClient, match_id: str, token: str) -> Any:
    version = state(client, match_id, token)["version"]
    return send(client, match_id, token, {"type": "roll", "version": version})


def until(client: TestClient, match_id: str, test: Any, timeout: float = 10) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        got = state(client, match_id)
        if test(got):
            return got
        assert time.monotonic() < deadline, got
        time.sleep(0.05)


def finish(client: TestClient, match_id: str, tokens: list[str]) -> None:
    """Four throws, seats taking turns (``tokens[seat]``)."""
    for throw in range(4):
        assert roll(client, match_id, tokens[throw % 2]).status_code == 200
    assert state(client, match_id)["status"] == "over"


# --- invites and wrong addresses ---------------------------------------------------------
def test_a_made_up_invite_says_there_is_no_such_invite(client: TestClient) -> None:
    for response in (
        client.get("/api/invites/made-up?lang=en"),
        client.post("/api/invites/made-up/join?lang=en", json={"name": "Eve"}),
    ):
        assert response.status_code == 404
        assert response.json()["error"] == "error.invite_unknown"
        assert "no such invitation" in response.json()["message"]


def test_a_used_invite_says_the_seat_is_taken_and_which_match(client: TestClient) -> None:
    made = create(client, "online", game="twodice", seats=[{"name": "Anna"}, {"name": None}])
    invite = made["invites"][0]["token"]
    assert client.post(f"/api/invites/{invite}/join", json={"name": "Bo"}).status_code == 200
    again = client.get(f"/api/invites/{invite}?lang=en")
    assert again.status_code == 410 and again.json()["error"] == "error.invite_used"
    assert again.json()["params"] == {"match_id": made["match_id"], "seat": 1}
    assert "My games" in again.json()["message"]


def test_an_unknown_path_answers_in_the_documented_error_shape(client: TestClient) -> None:
    for path in ("/api/nothing", "/api/matches/x/nothing", "/static/js/none.js", "/nothing"):
        response = client.get(path, headers={"accept": "application/json"})
        assert response.status_code == 404
        assert response.json() == {
            "error": "error.not_found",
            "message": f"Det finns inget här ({path}).",
            "params": {"path": path},
        }
    wrong = client.delete("/api/games")
    assert wrong.status_code == 405 and wrong.json()["error"] == "error.method_not_allowed"


def test_a_browser_on_a_wrong_page_gets_the_client_with_a_way_back(client: TestClient) -> None:
    html = {"accept": "text/html,application/xhtml+xml"}
    lost = client.get("/no/such/page", headers=html)
    assert lost.status_code == 404 and "text/html" in lost.headers["content-type"]
    assert '<main id="app"' in lost.text
    # An invite written as a path is the client's own route.
    assert client.get("/join/abc", headers=html).status_code == 200


def test_the_server_says_where_friends_reach_it(client: TestClient) -> None:
    # The test app was not started by `spelkvall serve`: no address of its own is known.
    assert client.get("/api/server").json() == {"public_url": None, "loopback_only": False}


# --- the host's hands ----------------------------------------------------------------------
def test_the_host_hands_an_absent_seat_to_a_computer_that_plays_it(client: TestClient) -> None:
    match_id, anna, bo = online(client)
    refused = client.post(f"/api/matches/{match_id}/seats/0/stand-in?token={bo}", json={})
    assert refused.status_code == 403 and refused.json()["error"] == "error.not_host"
    assert roll(client, match_id, anna).status_code == 200  # Anna's throw; Bo is away
    handed = client.post(f"/api/matches/{match_id}/seats/1/stand-in?token={anna}", json={})
    assert handed.status_code == 200, handed.text
    got = until(client, match_id, lambda s: s["version"] == 2)  # the computer threw for Bo
    assert got["seats"][1]["stand_in"] == "medium" and got["seats"][1]["name"] == "Bo"
    assert roll(client, match_id, anna).status_code == 200
    got = until(client, match_id, lambda s: s["status"] == "over")
    assert [e["seat"] for e in got["log"]] == [-1] * 4


def test_a_person_may_not_play_a_seat_a_computer_stands_in_for(database: Database) -> None:
    # The service alone (no computer runner), so the seat waits for its computer.
    store = database.open()
    service = MatchService(store, test_mode=True)
    made = service.create("twodice", "online", [{"name": "Anna"}, {"name": None}], {})
    joined = service.join(made["invites"][0]["token"], "Bo", None)
    match_id = made["match_id"]
    anna = service.access(match_id, made["token"])
    bo = service.access(match_id, joined["token"])
    service.roll(match_id, anna, 0)
    service.stand_in(match_id, anna, 1, None)
    with pytest.raises(ServiceError) as refused:
        service.roll(match_id, bo, 1)
    assert refused.value.key == "error.seat_computer" and refused.value.status == 409
    assert service.bot_to_act(match_id) == "bot"
    service.take_back(match_id, bo, 1)
    assert service.bot_to_act(match_id) is None
    assert service.roll(match_id, bo, 1) == 2
    store.close()


def test_the_absent_person_takes_the_seat_back_and_plays_on(client: TestClient) -> None:
    match_id, anna, bo = online(client)
    client.post(f"/api/matches/{match_id}/seats/1/stand-in?token={anna}", json={"bot": "easy"})
    assert state(client, match_id, bo)["seats"][1]["stand_in"] == "easy"
    back = client.delete(f"/api/matches/{match_id}/seats/1/stand-in?token={bo}")
    assert back.status_code == 200
    assert state(client, match_id)["seats"][1]["stand_in"] is None
    finish(client, match_id, [anna, bo])
    rows = {r["name"]: r["played"] for r in client.get("/api/highscore?game=twodice").json()}
    assert rows == {"Anna": 1, "Bo": 1}


def test_a_match_a_computer_finished_for_somebody_is_not_in_their_results(
    client: TestClient,
) -> None:
    match_id, anna, _bo = online(client)
    client.post(f"/api/matches/{match_id}/seats/1/stand-in?token={anna}", json={})
    assert roll(client, match_id, anna).status_code == 200
    until(client, match_id, lambda s: s["version"] == 2)
    assert roll(client, match_id, anna).status_code == 200
    until(client, match_id, lambda s: s["status"] == "over")
    names = [r["name"] for r in client.get("/api/highscore?game=twodice").json()]
    assert names == ["Anna"]


def test_the_host_ends_a_match_without_a_result(client: TestClient) -> None:
    match_id, anna, bo = online(client)
    assert roll(client, match_id, anna).status_code == 200
    assert client.post(f"/api/matches/{match_id}/end?token={bo}").json()["error"] == (
        "error.not_host"
    )
    ended = client.post(f"/api/matches/{match_id}/end?token={anna}")
    assert ended.json() == {"ok": True, "status": "ended"}
    assert client.post(f"/api/matches/{match_id}/end?token={anna}").json()["status"] == "ended"
    got = state(client, match_id, bo)
    assert got["status"] == "ended" and got["result"] is None and got["turn_left"] is None
    assert roll(client, match_id, bo).json()["error"] == "error.match_ended"
    assert client.get("/api/highscore?game=twodice").json() == []


def test_the_host_calls_off_a_waiting_match_and_its_invite_says_so(client: TestClient) -> None:
    made = create(client, "online", game="twodice", seats=[{"name": "Anna"}, {"name": None}])
    match_id, invite = made["match_id"], made["invites"][0]["token"]
    assert client.post(f"/api/matches/{match_id}/end?token={made['token']}").json() == {
        "ok": True,
        "status": "cancelled",
    }
    assert client.get("/api/matches/open").json() == []
    gone = client.post(f"/api/invites/{invite}/join", json={"name": "Bo"})
    assert gone.status_code == 410 and gone.json()["error"] == "error.match_cancelled"
    assert state(client, match_id)["status"] == "cancelled"


def test_on_a_shared_device_the_device_is_the_host(client: TestClient) -> None:
    made = create(client, game="twodice")
    assert state(client, made["match_id"], made["token"])["host"] is True
    assert state(client, made["match_id"])["host"] is False
    ended = client.post(f"/api/matches/{made['match_id']}/end?token={made['token']}")
    assert ended.json()["status"] == "ended"


# --- the turn timer ------------------------------------------------------------------------
def test_when_the_turn_timer_runs_out_a_computer_plays_that_turn(client: TestClient) -> None:
    match_id, anna, bo = online(client, turn_seconds=1)
    got = state(client, match_id, anna)
    assert got["turn_seconds"] == 1 and 0 < got["turn_left"] <= 1
    # Catches a timer that never runs out (the wait below is only a guard against hanging: a
    # loaded machine may be seconds late) and one that plays before the time is up (a lower
    # bound, which lateness only makes surer).
    started = time.monotonic()
    got = until(client, match_id, lambda s: s["version"] >= 1, timeout=60)
    assert time.monotonic() - started > 0.5  # not before the time was up
    assert got["log"][0]["seat"] == -1 and got["to_act"] == []
    # Bo is here and throws himself within his time; the match goes on and ends.
    assert roll(client, match_id, bo).status_code == 200
    until(client, match_id, lambda s: s["status"] == "over", timeout=60)
    rows = {r["name"]: r["played"] for r in client.get("/api/highscore?game=twodice").json()}
    assert rows == {"Anna": 1, "Bo": 1}  # a timed-out turn keeps the seat its person's


def test_a_turn_timer_is_off_unless_asked_for_and_has_a_limit(client: TestClient) -> None:
    made = create(client, game="twodice")
    got = state(client, made["match_id"], made["token"])
    assert got["turn_seconds"] == 0 and got["turn_left"] is None
    body = {"game": "twodice", "mode": "hotseat", "seats": [{"name": "A"}, {"name": "B"}]}
    refused = client.post("/api/matches", json={**body, "turn_seconds": 3601})
    assert refused.status_code == 400 and refused.json()["error"] == "error.turn_seconds"


# --- rematch -------------------------------------------------------------------------------
def test_a_rematch_on_a_shared_device_starts_at_once_with_the_same_seats(
    client: TestClient,
) -> None:
    made = create(
        client,
        game="twodice",
        seats=[{"name": "Anna", "colour": "green"}, {"name": "Bo", "colour": "red"}],
    )
    match_id, token = made["match_id"], made["token"]
    assert client.post(f"/api/matches/{match_id}/rematch?token={token}").json()["error"] == (
        "error.rematch_not_over"
    )
    finish(client, match_id, [token, token])
    again = client.post(f"/api/matches/{match_id}/rematch?token={token}").json()
    assert again["status"] == "playing" and again["mode"] == "hotseat"
    new = state(client, again["match_id"], again["token"])
    assert [(s["name"], s["colour"]) for s in new["seats"]] == [("Anna", "green"), ("Bo", "red")]
    assert new["you"] == [0, 1] and new["rematch_of"] == match_id
    # Asking twice (a double click, a reload) gives the same match.
    twice = client.post(f"/api/matches/{match_id}/rematch?token={token}").json()
    assert twice["match_id"] == again["match_id"]
    assert state(client, match_id)["rematch"] == {
        "match_id": again["match_id"],
        "status": "playing",
        "ready": [0, 1],
    }
    spectator = client.post(f"/api/matches/{match_id}/rematch")
    assert spectator.status_code == 403 and spectator.json()["error"] == "error.rematch_spectator"


def test_an_online_rematch_starts_when_every_player_said_yes(client: TestClient) -> None:
    match_id, anna, bo = online(client)
    finish(client, match_id, [anna, bo])
    mine = client.post(f"/api/matches/{match_id}/rematch?token={anna}").json()
    assert mine["status"] == "waiting" and mine["seat"] == 0
    assert state(client, match_id)["rematch"]["ready"] == [0]
    waiting = state(client, mine["match_id"], mine["token"])
    assert [s["ready"] for s in waiting["seats"]] == [True, False]
    assert waiting["host"] is True
    assert client.get("/api/matches/open").json() == []  # reserved for Anna and Bo
    yes = client.post(f"/api/matches/{match_id}/rematch?token={bo}").json()
    assert yes["match_id"] == mine["match_id"] and yes["seat"] == 1
    assert yes["status"] == "playing"
    assert state(client, yes["match_id"], yes["token"])["you"] == [1]
    finish(client, mine["match_id"], [mine["token"], yes["token"]])


def test_players_asking_for_a_rematch_at_once_get_one_match(client: TestClient) -> None:
    match_id, anna, bo = online(client)
    finish(client, match_id, [anna, bo])
    got: list[Any] = []

    def ask(token: str) -> None:
        got.append(client.post(f"/api/matches/{match_id}/rematch?token={token}").json())

    threads = [threading.Thread(target=ask, args=(t,)) for t in (anna, bo, anna, bo)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len({g["match_id"] for g in got}) == 1, got
    assert state(client, got[0]["match_id"])["status"] == "playing"


# --- "Mina spel" -----------------------------------------------------------------------------
def test_my_games_say_whose_turn_it_is_from_the_tokens_a_browser_keeps(
    client: TestClient,
) -> None:
    match_id, anna, bo = online(client)
    hotseat = create(client, game="twodice", seats=[{"name": "Cia"}, {"name": "Dan"}])
    tokens = [anna, bo, hotseat["token"], "forgotten"]
    first, second, third, fourth = client.post("/api/matches/mine", json={"tokens": tokens}).json()
    assert first["match_id"] == match_id and first["you"] == [0] and first["your_turn"]
    assert second["you"] == [1] and not second["your_turn"] and second["to_act"] == [0]
    assert [s["name"] for s in second["seats"]] == ["Anna", "Bo"]
    assert third["mode"] == "hotseat" and third["you"] == [0, 1] and third["your_turn"]
    assert fourth is None
    assert "token" not in str([first, second, third])
    too_many = client.post("/api/matches/mine", json={"tokens": ["x"] * 101})
    assert too_many.status_code == 400


# --- presence ------------------------------------------------------------------------------
def test_everyone_sees_who_is_connected_and_who_left(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(hub_module, "PRESENCE_GRACE", 0.3)
    match_id, anna, bo = online(client)
    url = f"/ws/matches/{match_id}"
    with client.websocket_connect(f"{url}?token={anna}") as anna_ws:
        assert anna_ws.receive_json()["online"] == [0]
        with client.websocket_connect(url) as spectator:
            assert spectator.receive_json()["online"] == [0]
            with client.websocket_connect(f"{url}?token={bo}") as bo_ws:
                assert bo_ws.receive_json()["online"] == [0, 1]
                assert anna_ws.receive_json() == {"type": "presence", "online": [0, 1]}
                assert spectator.receive_json() == {"type": "presence", "online": [0, 1]}
                assert state(client, match_id)["online"] == [0, 1]
            # Bo closed his tab: after the grace everybody hears he is gone.
            assert anna_ws.receive_json() == {"type": "presence", "online": [0]}
            assert spectator.receive_json() == {"type": "presence", "online": [0]}
            # A move still reaches everyone as a state with the same presence.
            assert roll(client, match_id, anna).status_code == 200
            assert receive_state(spectator)["online"] == [0]
