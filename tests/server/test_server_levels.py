"""Computer seats at a level (easy, medium, hard) play through the service like any bot."""

from __future__ import annotations

from fastapi.testclient import TestClient
from server_helpers import Database

from spelkvall.server.service import MatchService


def test_the_games_list_offers_the_levels(client: TestClient) -> None:
    (fia,) = [g for g in client.get("/api/games").json() if g["id"] == "fia"]
    assert [lv["id"] for lv in fia["levels"]] == ["easy", "medium", "hard"]
    assert [lv["label"]["sv"] for lv in fia["levels"]] == ["Lätt", "Medel", "Svår"]
    assert {"easy", "medium", "hard", "mcts"} <= {b["id"] for b in fia["bots"]}


def test_a_hard_computer_seat_plays_its_moves(database: Database) -> None:
    store = database.open()
    service = MatchService(store)
    made = service.create("fia", "hotseat", [{"bot": "hard"}, {"bot": "easy"}], {})
    match_id = made["match_id"]
    moves_by_hard = 0
    for _ in range(120):
        version = service.bot_step(match_id)
        assert version is not None, "a match of computers never waits for a person"
    for entry in service.live(match_id).entries:
        moves_by_hard += entry.player == 0 and entry.action.to_json().get("type") != "roll"
    assert service.live(match_id).version == 120
    assert moves_by_hard > 0
    store.close()
