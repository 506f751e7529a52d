"""A match the host's computer finished for a person ("Låt datorn spela") does not count for
them, yet their profile lists it among the latest matches, marked ``not_counted:
"stand_in"``, with its replay; it stays out of their games, ratings and the highscore list.
And the highscore list's ``played`` counts what ``rating_games`` counts: each finished,
counted match once, however many seats a computer level had in it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from server_helpers import create, send, state
from team_game import GAME as TEAMS
from test_server_results import until_over

from spelkvall.core import registry


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    registry.all_games()
    monkeypatch.setitem(registry._GAMES, TEAMS.id, TEAMS)
    yield


def claim(client: TestClient, seats: list[dict[str, str | None]]) -> str:
    """A team match (seats 0+2 against 1+3) where seat 0 claims at once and its team wins."""
    made = create(client, "hotseat", game="teams", seats=seats)
    match_id, device = made["match_id"], made["token"]
    act = {"type": "act", "version": 0, "action": {"type": "claim"}}
    assert send(client, match_id, device, act).status_code == 200
    assert state(client, match_id, device)["status"] == "over"
    return str(match_id)


def test_a_match_a_computer_finished_for_a_person_is_in_their_profile_marked(
    client: TestClient,
) -> None:
    made = create(client, "hotseat", game="fia", seats=[{"name": "Anna"}, {"name": "Bo"}])
    match_id, token = made["match_id"], made["token"]
    for seat in (0, 1):
        handed = client.post(
            f"/api/matches/{match_id}/seats/{seat}/stand-in?token={token}", json={"bot": "easy"}
        )
        assert handed.status_code == 200, handed.text
    got = until_over(client, match_id)
    assert [r["reason"] for r in got["not_counted"]] == ["stand_in", "stand_in"]
    places = got["result"]["places"]
    for seat, name in enumerate(("Anna", "Bo")):
        profile = client.get(f"/api/profiles/{name.lower()}")
        assert profile.status_code == 200, profile.text
        body = profile.json()
        assert body["name"] == name
        (entry,) = body["recent"]
        assert entry["match_id"] == match_id and entry["not_counted"] == "stand_in"
        assert entry["game"] == "fia" and entry["seat"] == seat
        assert entry["place"] == places[seat]
        assert entry["won"] == (places[seat] == 1)
        assert [(p["name"], p["bot"]) for p in entry["players"]] == [(None, None), (None, None)]
        # Counted nowhere else.
        assert body["games"] == [] and body["opponents"] == []
    # Its replay, which the entry links to, is there for anybody.
    replay = client.get(f"/api/matches/{match_id}/replay")
    assert replay.status_code == 200 and replay.json()["match_id"] == match_id
    assert client.get("/api/highscore?game=fia").json() == []


def test_a_counted_match_says_so_in_the_profile(client: TestClient) -> None:
    match_id = claim(
        client,
        [{"name": "Anna"}, {"name": "Bo"}, {"name": "Cecilia"}, {"name": None, "bot": "random"}],
    )
    (entry,) = client.get("/api/profiles/Anna").json()["recent"]
    assert entry["match_id"] == match_id and entry["not_counted"] is None


def test_played_counts_each_match_once_as_the_rating_does(client: TestClient) -> None:
    # Two seats of one computer level (partners against Anna and Cecilia), twice.
    seats = [
        {"name": "Anna"},
        {"name": None, "bot": "random"},
        {"name": "Cecilia"},
        {"name": None, "bot": "random"},
    ]
    claim(client, seats)
    claim(client, seats)
    for computers in ("false", "true"):
        rows = client.get(f"/api/highscore?game=teams&computers={computers}").json()
        assert rows, computers
        assert [(r["played"], r["rating_games"]) for r in rows] == [(2, 2)] * len(rows)
    bots = client.get("/api/highscore?game=teams&computers=true").json()
    assert [(r["bot"], r["wins"], r["played"], r["win_rate"]) for r in bots] == [
        ("random", 0, 2, 0.0)
    ]
