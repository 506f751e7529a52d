"""The highscore list with ratings and the profiles through the API: a team match played on
the server rates both partners (and the computer level), sorts by rating, filters by period,
lists computers apart, and a profile shows games, places, recent matches and opponents."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, send, state
from team_game import GAME as TEAMS

from spelkvall.core import registry


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    registry.all_games()
    monkeypatch.setitem(registry._GAMES, TEAMS.id, TEAMS)
    yield


def claim(client: TestClient) -> str:
    """A team match where Anna (seat 0) claims at once: Anna and Cecilia win against Bo and a
    random computer."""
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
    act = {"type": "act", "version": 0, "action": {"type": "claim"}}
    assert send(client, match_id, device, act).status_code == 200
    assert state(client, match_id, device)["status"] == "over"
    return str(match_id)


def test_partners_both_gain_and_the_list_sorts_by_rating(client: TestClient) -> None:
    first = claim(client)
    claim(client)
    rows = client.get("/api/highscore?game=teams&sort=rating").json()
    by_name = {r["name"]: r for r in rows}
    assert [r["name"] for r in rows][:2] in (["Anna", "Cecilia"], ["Cecilia", "Anna"])
    assert rows[-1]["name"] == "Bo"
    assert by_name["Anna"]["rating"] == by_name["Cecilia"]["rating"] > by_name["Bo"]["rating"]
    assert by_name["Anna"]["rating_games"] == 2 and by_name["Anna"]["wins"] == 2
    bots = client.get("/api/highscore?game=teams&computers=true").json()
    assert [(r["name"], r["bot"], r["played"], r["rating_games"]) for r in bots] == [
        ("random", "random", 2, 2)
    ]
    # No rating across games; the list of a period counts what finished within it.
    assert all(r["rating"] is None for r in client.get("/api/highscore").json())
    assert len(client.get("/api/highscore?game=teams&period=7d").json()) == 3
    assert client.get("/api/highscore?period=forever").status_code == 400
    profile = client.get("/api/profiles/anna").json()
    assert profile["name"] == "Anna"
    assert profile["games"] == [
        {
            "game": "teams",
            "played": 2,
            "wins": 2,
            "places": {"1": 2},
            "rating": profile["games"][0]["rating"],
        }
    ]
    assert profile["games"][0]["rating"]["shown"] == by_name["Anna"]["rating"]
    assert profile["recent"][-1]["match_id"] == first
    assert [p["name"] for p in profile["recent"][0]["players"]] == ["Anna", "Bo", "Cecilia", None]
    # Cecilia is Anna's partner, not an opponent.
    assert {(o["name"], o["met"], o["ahead"]) for o in profile["opponents"]} == {
        ("Bo", 2, 2),
        ("random", 2, 2),
    }
    assert client.get("/api/profiles/%20ANNA%20").json()["name"] == "Anna"
    missing = client.get("/api/profiles/Nobody")
    assert missing.status_code == 404 and missing.json()["error"] == "error.not_found"


def test_a_name_with_a_slash_has_a_profile(client: TestClient) -> None:
    made = create(
        client,
        "hotseat",
        game="teams",
        seats=[{"name": "A/B"}, {"name": "Bo"}, {"name": "Cecilia"}, {"name": "D"}],
    )
    act = {"type": "act", "version": 0, "action": {"type": "claim"}}
    assert send(client, made["match_id"], made["token"], act).status_code == 200
    assert client.get("/api/profiles/A%2FB").json()["name"] == "A/B"
