"""A game defined only in the test tree (Stafett, ``tests/core/relay_game.py``) is played to the
end through the server without the server knowing anything of it: its options are checked
against their declaration, two dice are scripted as one JSON outcome, a turn is several steps,
and the no-winner result updates nobody's wins."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, send, state
from tests.core.relay_game import GAME

from spelkvall.core import registry


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    registry.all_games()
    monkeypatch.setitem(registry._GAMES, GAME.id, GAME)
    yield


def act(client: TestClient, match_id: str, token: str, action: dict[str, Any]) -> None:
    version = state(client, match_id, token)["version"]
    response = send(client, match_id, token, {"type": "act", "version": version, "action": action})
    assert response.status_code == 200, response.text


def roll(client: TestClient, match_id: str, token: str, a: int, b: int) -> None:
    queued = client.post(f"/api/test/matches/{match_id}/dice", json={"values": [{"a": a, "b": b}]})
    assert queued.status_code == 200, queued.text
    version = state(client, match_id, token)["version"]
    response = send(client, match_id, token, {"type": "roll", "version": version})
    assert response.status_code == 200, response.text


def test_a_relay_plays_to_a_draw_by_the_turn_limit_and_nobody_gets_a_win(
    client: TestClient,
) -> None:
    made = create(
        client,
        game="relay",
        seats=[{"name": "Anna"}, {"name": "Bo"}],
        options={"goal": 16, "turn_limit": 4, "dice": "two"},
    )
    match_id, token = made["match_id"], made["token"]
    for a, b in ((1, 2), (3, 3), (2, 2), (1, 4)):
        roll(client, match_id, token, a, b)
        legal = [entry["action"] for entry in state(client, match_id, token)["legal"]]
        assert legal == [{"type": "use", "die": 0}, {"type": "use", "die": 1}]
        act(client, match_id, token, {"type": "use", "die": 0})
        act(client, match_id, token, {"type": "back"})
        act(client, match_id, token, {"type": "use", "die": 1})
        act(client, match_id, token, {"type": "done"})
    final = state(client, match_id, token)
    assert final["status"] == "over"
    assert final["result"]["winners"] == [] and final["result"]["places"] == [2, 1]
    assert final["view"]["positions"] == [4, 7]
    highscore = client.get("/api/highscore?game=relay").json()
    assert {row["name"]: row["wins"] for row in highscore} == {"Anna": 0, "Bo": 0}
    lines = [line for entry in final["log"] for line in entry["text"]["sv"]]
    assert lines[-1] == "4 drag utan vinnare: oavgjort.", lines


def test_relay_options_outside_their_declaration_are_refused_naming_what_is_allowed(
    client: TestClient,
) -> None:
    body = {"game": "relay", "mode": "hotseat", "seats": [{"name": "A"}, {"name": "B"}]}
    response = client.post("/api/matches?lang=en", json={**body, "options": {"goal": 10}})
    assert response.status_code == 400
    error = response.json()
    assert error["error"] == "error.option_choice" and "8, 12, 16" in error["message"]
    seven = [{"name": f"P{i}"} for i in range(7)]
    response = client.post("/api/matches", json={**body, "seats": seven})
    assert response.json()["error"] == "error.players" and "2–6" in response.json()["message"]


def test_six_computers_finish_a_relay_by_themselves(client: TestClient) -> None:
    seats = [{"name": f"Dator {i}", "bot": "random"} for i in range(6)]
    made = create(client, game="relay", seats=seats, options={"teams": True, "goal": 8})
    deadline = time.monotonic() + 60
    while state(client, made["match_id"])["status"] != "over":
        assert time.monotonic() < deadline, "the computers did not finish"
        time.sleep(0.05)
    result = state(client, made["match_id"])["result"]
    winners = set(result["winners"])
    assert winners in ({0, 3}, {1, 4}, {2, 5}, set()), result


class RelayUpToSix(type(GAME)):  # type: ignore[misc]
    """Stafett where a sixth runner needs the ``teams`` option: counts that depend on options."""

    id = "relay6"

    def player_counts(self, options: Any = None) -> tuple[int, ...]:
        return (2, 3, 4, 5, 6) if options is not None and options.teams else (2, 3, 4, 5)


def test_player_counts_that_depend_on_an_option_are_checked_with_that_option(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(registry._GAMES, "relay6", RelayUpToSix())
    six = [{"name": f"P{i}"} for i in range(6)]
    body = {"game": "relay6", "mode": "hotseat", "seats": six}
    refused = client.post("/api/matches", json=body)
    assert refused.status_code == 400 and refused.json()["error"] == "error.players"
    made = client.post("/api/matches", json={**body, "options": {"teams": True}})
    assert made.status_code == 201, made.text
    online = [{"name": "Host"}, *({"name": None} for _ in range(5))]
    created = client.post(
        "/api/matches",
        json={"game": "relay6", "mode": "online", "seats": online, "options": {"teams": True}},
    ).json()
    last = created["invites"][-1]["token"]
    joined = client.post(f"/api/invites/{last}/join", json={"name": "Sixth"})
    assert joined.status_code == 200, joined.text


def test_api_games_says_a_game_may_end_without_a_winner_and_names_its_scores(
    client: TestClient,
) -> None:
    (relay,) = [g for g in client.get("/api/games").json() if g["id"] == "relay"]
    assert relay["may_end_without_winner"] is True
    assert relay["score_label"] == {"sv": "Sträcka", "en": "Distance"}
    (fia,) = [g for g in client.get("/api/games").json() if g["id"] == "fia"]
    assert fia["may_end_without_winner"] is False and fia["score_label"] is None
