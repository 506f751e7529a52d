"""Guided first games ("Lär dig spela"): ``POST /api/tutorials`` makes a hot-seat match from
a game's tutorial, its chance outcomes scripted without test mode, and it never counts."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Database

from spelkvall.core import CHANCE, all_games, get_game
from spelkvall.server.live import OVER, Access
from spelkvall.server.service import MatchService


def test_the_games_list_says_which_games_have_a_guided_game(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert games["fia"]["tutorial"] is True
    for game_id, info in games.items():
        assert info["tutorial"] is (get_game(game_id).tutorial() is not None)


def test_a_guided_game_is_a_hot_seat_match_against_computers(client: TestClient) -> None:
    response = client.post("/api/tutorials", json={"game": "fia", "lang": "en"})
    assert response.status_code == 201, response.text
    made = response.json()
    assert made["mode"] == "hotseat" and made["tutorial"] is True
    st = client.get(f"/api/matches/{made['match_id']}?token={made['token']}").json()
    assert st["tutorial"] is True
    assert st["seats"][0]["name"] == "Beginner" and st["seats"][0]["bot"] is None
    assert [s["bot"] for s in st["seats"][1:]] == list(get_game("fia").tutorial().computers)
    assert st["you"] == [0]


def test_an_ordinary_match_is_no_guided_game(client: TestClient) -> None:
    made = client.post(
        "/api/matches",
        json={"game": "fia", "mode": "hotseat", "seats": [{"name": "A"}, {"name": "B"}]},
    ).json()
    assert client.get(f"/api/matches/{made['match_id']}").json()["tutorial"] is False


def test_a_game_without_one_and_an_unknown_game_are_refused(client: TestClient) -> None:
    without = [g["id"] for g in client.get("/api/games").json() if not g["tutorial"]]
    if without:
        response = client.post("/api/tutorials", json={"game": without[0]})
        assert response.status_code == 404
        assert response.json()["error"] == "error.no_tutorial"
    response = client.post("/api/tutorials", json={"game": "nosuchgame"})
    assert response.status_code in (400, 404)


def play_out(service: MatchService, match_id: str, token_access: Access) -> None:
    """The learner takes the first choice each time; the computers play through the service."""
    for _ in range(2000):
        live = service.live(match_id)
        if live.status != "playing":
            return
        if service.bot_step(match_id) is not None:
            continue
        st = service.state_object(live, token_access)
        if st["roll_seat"] == 0:
            service.roll(match_id, token_access, st["version"])
        else:
            service.act(match_id, token_access, st["version"], st["legal"][0]["action"], 0)
    raise AssertionError("the guided game did not end")


GUIDED = [game.id for game in all_games() if game.tutorial() is not None]


@pytest.mark.parametrize("game_id", GUIDED)
def test_the_script_is_played_without_test_mode_and_nothing_counts(
    database: Database, game_id: str
) -> None:
    store = database.open()
    service = MatchService(store)  # not in test mode
    assert not service.test_mode
    made = service.create_tutorial(game_id, "sv")
    match_id = made["match_id"]
    device = Access((0,), "device")
    play_out(service, match_id, device)
    live = service.live(match_id)
    assert live.status == OVER
    tutorial = live.game.tutorial()
    assert tutorial is not None
    if tutorial.chance:  # the dice scripted as a list (else chosen from the position)
        rolls = [e.action.to_json()["value"] for e in live.entries if e.player == CHANCE]
        assert tuple(rolls[: len(tutorial.chance)]) == tutorial.chance
    result = live.state.result() if live.state is not None else None
    assert result is not None
    # Nobody's result, no rating: neither the learner nor the computer level.
    assert store.highscore(game_id) == []
    assert store.highscore(game_id, computers=True) == []
    assert all(r.name is None and r.bot is None for r in store.results(match_id))
    store.close()


def test_the_script_survives_a_restart(database: Database) -> None:
    store = database.open()
    service = MatchService(store)
    made = service.create_tutorial("fia", "sv")
    match_id = made["match_id"]
    device = Access((0,), "device")
    st: dict[str, Any] = service.state_object(service.live(match_id), device)
    service.roll(match_id, device, st["version"])  # the learner's roll-off: 6
    again = MatchService(store)  # another process, nothing in memory
    while again.bot_step(match_id) is not None:
        pass
    rolls = [e.action.to_json()["value"] for e in again.live(match_id).entries]
    assert rolls[:2] == [6, 2]
    store.close()
