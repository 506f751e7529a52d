"""Tips through the server: ``POST /api/matches/{id}/advice`` (the move advisor)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, dice, send, state
from test_server_dogroyal import settle

from spelkvall.core import ADVICE, get_game, kernels
from spelkvall.server import advice as advice_module

# A wide interval: one round of playouts per move, so each answer takes a fraction of a second.
QUICK = {"half_width": 0.25}


def advice(
    client: TestClient,
    match_id: str,
    token: str | None,
    body: dict[str, Any] | None = None,
    lang: str = "sv",
) -> Any:
    query = f"?lang={lang}" + (f"&token={token}" if token else "")
    return client.post(f"/api/matches/{match_id}/advice{query}", json={**QUICK, **(body or {})})


def roll(client: TestClient, match_id: str, token: str) -> dict[str, Any]:
    version = state(client, match_id, token)["version"]
    response = send(client, match_id, token, {"type": "roll", "version": version})
    assert response.status_code == 200, response.text
    return state(client, match_id, token)


def six_with_everyone_home(
    client: TestClient, match_id: str, token: str, bo: str | None = None
) -> dict[str, Any]:
    """Anna wins the roll-off 6–1 and rolls a 6 with all four pieces in the nest: she chooses
    between two pieces to square 1 and one to square 6. ``bo``: Bo's own token (online)."""
    dice(client, match_id, 6, 1, 6)
    for roller in (token, bo or token, token):
        got = roll(client, match_id, roller)
    assert got["to_act"] == [0] and len(got["legal"]) == 2
    return got


def test_the_player_to_move_gets_every_legal_move_rated(client: TestClient) -> None:
    made = create(client)
    match_id, token = made["match_id"], made["token"]
    got = six_with_everyone_home(client, match_id, token)
    response = advice(client, match_id, token, {"version": got["version"]})
    assert response.status_code == 200, response.text
    tips = response.json()
    assert tips["seat"] == 0 and tips["version"] == got["version"]
    # One entry per legal move, in the engine's order, with the move's JSON and its label.
    assert [a["action"] for a in tips["actions"]] == [m["action"] for m in got["legal"]]
    assert [a["label"] for a in tips["actions"]] == [m["label"]["sv"] for m in got["legal"]]
    for item in tips["actions"]:
        low, high = item["ci95"]
        assert 0 <= low <= item["win_rate"] <= high <= 1
        # A whole first round (1,000 playouts a move) in the compiled simulator; through the
        # engine, while the simulator is being prepared, the time limit stops it sooner.
        assert item["playouts"] >= (1 if tips["preparing"] else 1000)
    rates = [a["win_rate"] for a in tips["actions"]]
    assert tips["best"] == rates.index(max(rates))
    assert [a["best"] for a in tips["actions"]] == [i == tips["best"] for i in range(2)]
    assert tips["playouts"] == sum(a["playouts"] for a in tips["actions"])
    # The page asked for a coarse answer; the server never goes finer than its own default.
    assert tips["half_width"] == 0.25
    # The same question in English: the same numbers, English labels.
    english = advice(client, match_id, token, {"version": got["version"]}, lang="en").json()
    assert [a["label"] for a in english["actions"]] == [m["label"]["en"] for m in got["legal"]]
    assert [a["win_rate"] for a in english["actions"]] == rates
    # Advice never makes a move.
    assert state(client, match_id, token)["version"] == got["version"]


def test_no_advice_while_a_die_must_be_rolled(client: TestClient) -> None:
    made = create(client)
    match_id, token = made["match_id"], made["token"]
    sv = advice(client, match_id, token)  # the roll-off: a die to roll, no move to choose
    assert sv.status_code == 400
    assert sv.json()["error"] == "error.advice_no_decision"
    assert "Inget drag att välja just nu" in sv.json()["message"]
    en = advice(client, match_id, token, lang="en")
    assert "No move to choose right now" in en.json()["message"]
    got = six_with_everyone_home(client, match_id, token)
    move = {"type": "act", "version": got["version"], "action": got["legal"][1]["action"]}
    assert send(client, match_id, token, move).status_code == 200
    # Anna's piece is out; the 6 gives her another roll: again a die, not a move.
    assert state(client, match_id, token)["roll_seat"] == 0
    assert advice(client, match_id, token).json()["error"] == "error.advice_no_decision"


def test_a_spectator_gets_no_advice(client: TestClient) -> None:
    made = create(client)
    six_with_everyone_home(client, made["match_id"], made["token"])
    for token in (None, "not-a-token"):
        response = advice(client, made["match_id"], token)
        assert response.status_code == 403
        assert response.json()["error"] == "error.advice_spectator"
        assert "inte den som tittar på" in response.json()["message"]
    english = advice(client, made["match_id"], None, lang="en").json()["message"]
    assert "not someone watching" in english


def test_only_the_seat_to_move_gets_advice_online(client: TestClient) -> None:
    made = create(client, "online", seats=[{"name": "Anna"}, {"name": None}])
    match_id, anna = made["match_id"], made["token"]
    invite = made["invites"][0]["token"]
    joined = client.post(f"/api/invites/{invite}/join", json={"name": "Bo"})
    bo = joined.json()["token"]
    six_with_everyone_home(client, match_id, anna, bo)
    response = advice(client, match_id, bo)
    assert response.status_code == 403
    assert response.json()["error"] == "error.advice_not_your_turn"
    assert "din tur" in response.json()["message"]
    # Naming Anna's seat does not help Bo; Anna herself gets her advice.
    assert advice(client, match_id, bo, {"seat": 0}).json()["error"] == (
        "error.advice_not_your_turn"
    )
    assert advice(client, match_id, anna).status_code == 200


def test_advice_for_an_old_version_is_refused_as_stale(client: TestClient) -> None:
    made = create(client)
    got = six_with_everyone_home(client, made["match_id"], made["token"])
    response = advice(client, made["match_id"], made["token"], {"version": got["version"] - 1})
    assert response.status_code == 409 and response.json()["error"] == "error.stale"


def test_a_bad_request_body_is_refused(client: TestClient) -> None:
    made = create(client)
    six_with_everyone_home(client, made["match_id"], made["token"])
    url = f"/api/matches/{made['match_id']}/advice?token={made['token']}"
    for body in ({"half_width": 0.9}, {"half_width": "0.1"}, {"hint": True}):
        response = client.post(url, json=body)
        assert response.status_code == 400 and response.json()["error"] == "error.bad_request"
    assert client.post("/api/matches/nope/advice", json={}).status_code == 404


def test_hidden_cards_tips_come_from_worlds_dealt_from_the_players_view(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    infos = {g["id"]: g for g in client.get("/api/games").json()}
    assert infos["fia"]["advice"] is True and infos["dogroyal"]["advice"] is True
    bot = {"name": None, "bot": "random"}
    made = create(client, "online", game="dogroyal", seats=[{"name": "Anna"}, bot, bot, bot])
    match_id, anna = made["match_id"], made["token"]
    for _ in range(500):  # the computers give their exchange cards; Anna is the last to choose
        got = settle(client, match_id, anna, 0)
        if got["to_act"] == [0]:
            break
        time.sleep(0.01)
    assert got["to_act"] == [0]
    given: list[Any] = []
    real = advice_module.advise

    def spy(game: Any, position: Any, *args: Any, **kwargs: Any) -> Any:
        given.append(position)
        return real(game, position, *args, **kwargs)

    monkeypatch.setattr(advice_module, "advise", spy)
    response = advice(client, made["match_id"], anna, {"version": got["version"]})
    assert response.status_code == 200, response.text
    tips = response.json()
    assert tips["seat"] == 0 and tips["team"] == [0, 2] and tips["sampled"] is True
    assert [a["action"] for a in tips["actions"]] == [m["action"] for m in got["legal"]]
    assert [a["label"] for a in tips["actions"]] == [m["label"]["sv"] for m in got["legal"]]
    assert all(a["playouts"] > 0 for a in tips["actions"])
    # The advisor got a world that looks the same to Anna, never the true hands.
    truth = client.app.state.service.live(match_id).state  # type: ignore[attr-defined]
    (world,) = given
    assert world is not truth and world.view(0) == truth.view(0)
    assert any(world.hands[s] != truth.hands[s] for s in (1, 2, 3))
    # Bertil's token gets no Tips for Anna's move; a spectator none at all.
    assert advice(client, match_id, None).json()["error"] == "error.advice_spectator"


def test_tips_follow_the_games_declaration_not_its_methods() -> None:
    fia = get_game("fia")
    assert ADVICE in fia.capabilities and advice_module.advice_available(fia)
    # The same rules and simulator without the declaration: no Tips.
    undeclared = type("Undeclared", (type(fia),), {"capabilities": frozenset()})()
    assert not advice_module.advice_available(undeclared)


def test_one_computation_per_match_at_a_time_and_the_server_stays_responsive(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = create(client)
    match_id, token = made["match_id"], made["token"]
    six_with_everyone_home(client, match_id, token)
    started, release = threading.Event(), threading.Event()
    calls: list[int] = []
    real = advice_module.advise

    def slow_advise(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        started.set()
        assert release.wait(10)
        return real(*args, **kwargs)

    monkeypatch.setattr(advice_module, "advise", slow_advise)
    first: list[Any] = []
    worker = threading.Thread(target=lambda: first.append(advice(client, match_id, token)))
    worker.start()
    try:
        assert started.wait(10)
        # While it computes: the same match is busy, the server answers everything else.
        busy = advice(client, match_id, token)
        assert busy.status_code == 429 and busy.json()["error"] == "error.advice_busy"
        assert client.get("/api/health").json()["ok"] is True
        assert state(client, match_id, token)["to_act"] == [0]
    finally:
        release.set()
        worker.join(20)
    assert first[0].status_code == 200, first[0].text
    # Asked again at the same version: the answer is kept, nothing is computed again.
    again = advice(client, match_id, token)
    assert again.json()["actions"] == first[0].json()["actions"]
    assert len(calls) == 1


def test_tips_while_the_kernels_are_prepared_come_from_the_engine_and_are_not_kept(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = create(client)
    match_id, token = made["match_id"], made["token"]
    got = six_with_everyone_home(client, match_id, token)
    body = {"version": got["version"]}
    monkeypatch.setattr(kernels, "_loaded", set())  # a fresh server: nothing loaded yet
    preparing = advice(client, match_id, token, body).json()
    assert preparing["preparing"] is True
    assert len(preparing["actions"]) == 2 and preparing["playouts"] > 0
    kernels.mark_loaded("fia")
    ready = advice(client, match_id, token, body).json()
    assert ready["preparing"] is False, "the engine's answer was kept after the kernels loaded"
