"""Results a person understands (#28): the state object of a finished match carries the game's
line of recap (``result.recap``) and every score with its unit (``result.score_texts``), and
says why the match does not count in the highscore list (``not_counted``): a computer finished
the game for a person, a guided game, a match the host ended."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient
from server_helpers import Database, create, state
from test_server_tutorial import play_out

from spelkvall.server.live import OVER, Access
from spelkvall.server.service import MatchService


def until_over(client: TestClient, match_id: str, timeout: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        got = state(client, match_id)
        if got["status"] == "over":
            return got
        assert time.monotonic() < deadline, got["version"]
        time.sleep(0.05)


def test_a_game_a_computer_finished_for_its_people_says_so_and_has_a_recap(
    client: TestClient,
) -> None:
    made = create(client, "hotseat", game="fia", seats=[{"name": "Anna"}, {"name": "Bo"}])
    match_id, token = made["match_id"], made["token"]
    before = state(client, match_id, token)
    assert before["result"] is None and before["not_counted"] == []
    for seat in (0, 1):
        handed = client.post(
            f"/api/matches/{match_id}/seats/{seat}/stand-in?token={token}", json={"bot": "easy"}
        )
        assert handed.status_code == 200, handed.text
    got = until_over(client, match_id)
    result = got["result"]
    (winner,) = result["winners"]
    name = ["Anna", "Bo"][winner]
    # One line of recap per language, naming the winner.
    assert set(result["recap"]) == {"sv", "en"}
    assert result["recap"]["sv"].startswith(f"{name} fick hem alla fyra pjäserna först")
    assert result["recap"]["en"].startswith(f"{name} got all four pieces home first")
    assert result["score_texts"] is None  # Fia keeps no scores
    # Neither person counts: the computer finished for both.
    reasons = got["not_counted"]
    assert [(r["reason"], r["seat"]) for r in reasons] == [("stand_in", 0), ("stand_in", 1)]
    assert reasons[1]["text"]["sv"] == (
        "Räknas inte i topplistan för Bo: datorn spelade klart för Bo."
    )
    assert reasons[1]["text"]["en"] == (
        "Does not count for Bo in the highscore list: the computer finished the game for Bo."
    )
    board = client.get("/api/highscore?game=fia").json()
    assert [row["name"] for row in board] == []


def test_scores_come_with_their_unit(client: TestClient) -> None:
    seats = [{"name": n, "bot": "random"} for n in ("A", "B", "C")]
    made = create(client, "hotseat", game="front", seats=seats, options={"target": 2})
    got = until_over(client, made["match_id"])
    result = got["result"]
    texts = result["score_texts"]
    assert [s.endswith(" poäng") for s in texts["sv"]] == [True] * 3
    for score, text in zip(result["scores"], texts["en"], strict=True):
        assert text == (f"{score:g} point" if score == 1 else f"{score:g} points")
    assert result["recap"]["en"] and result["recap"]["sv"] != result["recap"]["en"]
    # Computers' own seats are no people: nothing is said about them.
    assert got["not_counted"] == []


def test_a_match_the_host_ended_says_it_has_no_result(client: TestClient) -> None:
    made = create(client, "hotseat", game="fia", seats=[{"name": "Anna"}, {"name": "Bo"}])
    match_id, token = made["match_id"], made["token"]
    ended = client.post(f"/api/matches/{match_id}/end?token={token}")
    assert ended.status_code == 200, ended.text
    got = state(client, match_id, token)
    assert got["status"] == "ended" and got["result"] is None
    assert [r["reason"] for r in got["not_counted"]] == ["ended"]
    assert got["not_counted"][0]["text"]["en"].startswith("Does not count in the highscore")


def test_a_guided_game_says_it_counts_for_nobody(database: Database) -> None:
    store = database.open()
    service = MatchService(store)
    made = service.create_tutorial("fia", "en")
    match_id = made["match_id"]
    device = Access((0,), "device")
    play_out(service, match_id, device)
    live = service.live(match_id)
    assert live.status == OVER
    got = service.state_object(live, device)
    assert got["result"]["recap"]["en"].startswith("Beginner got all four pieces home first")
    (reason,) = got["not_counted"]
    assert reason["reason"] == "guided" and reason["seat"] is None
    assert reason["text"]["sv"] == "Räknas inte i topplistan: det här var en guidad omgång."
    store.close()
