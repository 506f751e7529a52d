"""Names at the door of a match: control characters and a name twice in one match are refused
with a clear error (never a 503), an empty name in an online match is an open seat, and a
match with the longest folded name still finishes and reaches the highscore list."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, send, state
from tests.core.relay_game import GAME

from spelkvall.core import registry

LIGATURES = "ﬃ" * 32


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    registry.all_games()
    monkeypatch.setitem(registry._GAMES, GAME.id, GAME)
    yield


def post(client: TestClient, seats: list[dict[str, Any]], mode: str = "hotseat") -> Any:
    body = {"game": "relay", "mode": mode, "seats": seats}
    return client.post("/api/matches?lang=en", json=body)


@pytest.mark.parametrize("name", ["An\x00na", "Bo\x07", "\u202eanna", "A\x1bB"])
def test_control_characters_in_a_name_are_refused_clearly(client: TestClient, name: str) -> None:
    response = post(client, [{"name": name}, {"name": "Bo"}])
    assert response.status_code == 400
    assert response.json()["error"] == "error.name_control"
    assert "control characters" in response.json()["message"]


@pytest.mark.parametrize(
    "names",
    [
        ("Cia", " cia "),
        (unicodedata.normalize("NFC", "Åsa"), unicodedata.normalize("NFD", "åsa")),
    ],
)
def test_two_seats_of_one_match_may_not_share_a_name(
    client: TestClient, names: tuple[str, str]
) -> None:
    response = post(client, [{"name": names[0]}, {"name": names[1]}])
    assert response.status_code == 400 and response.json()["error"] == "error.name_twice"


def test_joining_with_a_name_already_at_the_table_is_refused(client: TestClient) -> None:
    made = post(client, [{"name": "Anna"}, {"name": None}], mode="online").json()
    invite = made["invites"][0]["token"]
    refused = client.post(f"/api/invites/{invite}/join?lang=en", json={"name": "ANNA"})
    assert refused.status_code == 400 and refused.json()["error"] == "error.name_twice"
    joined = client.post(f"/api/invites/{invite}/join", json={"name": "Anna B"})
    assert joined.status_code == 200, joined.text


def test_an_empty_name_for_another_seat_online_is_an_open_seat_with_an_invite(
    client: TestClient,
) -> None:
    made = post(client, [{"name": "Anna"}, {"name": ""}], mode="online").json()
    assert [i["seat"] for i in made["invites"]] == [1]
    assert state(client, made["match_id"])["status"] == "waiting"


def test_an_empty_name_on_a_shared_device_is_refused(client: TestClient) -> None:
    response = post(client, [{"name": "Anna"}, {"name": "  "}])
    assert response.status_code == 400 and response.json()["error"] == "error.name_empty"


def test_the_longest_folded_name_wins_a_match_and_is_listed(client: TestClient) -> None:
    made = create(
        client,
        game="relay",
        seats=[{"name": LIGATURES}, {"name": "Bo"}],
        options={"goal": 8},
    )
    match_id, token = made["match_id"], made["token"]
    client.post(f"/api/test/matches/{match_id}/dice", json={"values": [{"a": 4, "b": 4}]})
    version = state(client, match_id, token)["version"]
    assert send(client, match_id, token, {"type": "roll", "version": version}).status_code == 200
    for die in (0, 1):
        version = state(client, match_id, token)["version"]
        action = {"type": "use", "die": die}
        message = {"type": "act", "version": version, "action": action}
        assert send(client, match_id, token, message).status_code == 200
    assert state(client, match_id)["status"] == "over"
    rows = client.get("/api/highscore?game=relay").json()
    assert rows[0]["name"] == LIGATURES and rows[0]["wins"] == 1
