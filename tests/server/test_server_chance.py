"""The test-mode chance hook: each queued outcome is a number or the outcome action as JSON.

Played with Fia (a die: one number per outcome) and a two-dice game (``dice_game.py``) whose
outcomes have two fields, once listed and once too many to list.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from dice_game import TWO_DICE, UNLISTED
from fastapi.testclient import TestClient
from server_helpers import create, send, state

from spelkvall.core import registry


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    registry.all_games()
    monkeypatch.setitem(registry._GAMES, TWO_DICE.id, TWO_DICE)
    monkeypatch.setitem(registry._GAMES, UNLISTED.id, UNLISTED)
    yield


def queue(client: TestClient, match_id: str, *values: Any) -> Any:
    return client.post(f"/api/test/matches/{match_id}/dice", json={"values": list(values)})


def roll(client: TestClient, match_id: str, token: str) -> Any:
    version = state(client, match_id, token)["version"]
    return send(client, match_id, token, {"type": "roll", "version": version})


def scripted(client: TestClient, game: str, *values: Any) -> tuple[str, str]:
    """A hot-seat match of ``game`` with ``values`` queued; returns its id and device token."""
    made = create(client, game=game)
    match_id = made["match_id"]
    response = queue(client, match_id, *values)
    assert response.status_code == 200, response.text
    assert response.json() == {"queued": len(values)}
    return match_id, made["token"]


def last_outcome(client: TestClient, match_id: str) -> Any:
    entry = state(client, match_id)["log"][-1]
    assert entry["seat"] == -1
    return entry["action"]


def test_an_int_picks_the_outcome_whose_one_field_it_is(client: TestClient) -> None:
    match_id, token = scripted(client, "fia", 6, 2)
    for _ in range(2):
        assert roll(client, match_id, token).status_code == 200
    log = state(client, match_id)["log"]
    assert [e["action"] for e in log] == [{"type": "roll", "value": v} for v in (6, 2)]


@pytest.mark.parametrize("value", [{"type": "throw", "low": 2, "high": 5}, {"low": 2, "high": 5}])
def test_a_whole_object_picks_that_outcome(client: TestClient, value: dict[str, Any]) -> None:
    match_id, token = scripted(client, "twodice", value)
    assert roll(client, match_id, token).status_code == 200
    assert last_outcome(client, match_id) == {"type": "throw", "low": 2, "high": 5}
    assert state(client, match_id)["view"]["totals"] == [7, 0]


def test_a_partial_object_picks_the_one_outcome_it_fits(client: TestClient) -> None:
    # Only a double six has a six as its lower die; only a double one a one as its higher.
    match_id, token = scripted(client, "twodice", {"low": 6}, {"type": "throw", "high": 1})
    assert roll(client, match_id, token).status_code == 200
    assert last_outcome(client, match_id) == {"type": "throw", "low": 6, "high": 6}
    assert roll(client, match_id, token).status_code == 200
    assert last_outcome(client, match_id) == {"type": "throw", "low": 1, "high": 1}
    # A number works the same in a one-field game: Fia's die by its field name.
    match_id, token = scripted(client, "fia", {"value": 4})
    assert roll(client, match_id, token).status_code == 200
    assert last_outcome(client, match_id) == {"type": "roll", "value": 4}


def test_an_ambiguous_partial_object_is_refused_naming_it(client: TestClient) -> None:
    match_id, token = scripted(client, "twodice", {"low": 3})
    response = roll(client, match_id, token)
    assert response.status_code == 400
    body = response.json()
    # 3+3, 3+4, 3+5 and 3+6 all fit: the test must say which one it means.
    assert body["error"] == "error.dice"
    assert body["params"] == {"value": '{"low":3}', "matches": 4}
    assert '{"low":3}' in body["message"] and "4" in body["message"]
    assert state(client, match_id)["version"] == 0


@pytest.mark.parametrize(
    "value",
    [
        {"low": 5, "high": 2},  # the lower die first
        {"low": 7},
        {"type": "roll", "low": 2, "high": 5},  # not this game's outcome
        {"low": True, "high": 1},  # JSON true is no number
        {"low": 2, "high": 5, "third": 1},
        7,  # a number names a one-field outcome; a throw has two
    ],
)
def test_an_impossible_outcome_is_refused(client: TestClient, value: Any) -> None:
    match_id, token = scripted(client, "twodice", value)
    response = roll(client, match_id, token)
    assert response.status_code == 400
    assert response.json()["error"] == "error.dice"
    assert response.json()["params"]["matches"] == 0
    assert state(client, match_id)["version"] == 0


def test_an_impossible_number_is_refused_as_before(client: TestClient) -> None:
    match_id, token = scripted(client, "fia", 7)
    response = roll(client, match_id, token)
    assert response.status_code == 400 and response.json()["error"] == "error.dice"
    assert response.json()["params"] == {"value": "7", "matches": 0}


@pytest.mark.parametrize("value", [{"type": "throw", "low": 2, "high": 5}, {"low": 2, "high": 5}])
def test_an_unlisted_outcome_is_accepted_when_the_rules_allow_it(
    client: TestClient, value: dict[str, Any]
) -> None:
    match_id, token = scripted(client, "twodice_unlisted", value)
    assert roll(client, match_id, token).status_code == 200
    assert last_outcome(client, match_id) == {"type": "throw", "low": 2, "high": 5}


@pytest.mark.parametrize(
    "value",
    [
        {"low": 6},  # partial: with nothing listed, the whole outcome is needed
        {"low": 5, "high": 2},
        {"low": 7, "high": 7},
        {"type": "nothing", "low": 2, "high": 5},
        3,
    ],
)
def test_an_unlisted_outcome_the_rules_refuse_is_refused(client: TestClient, value: Any) -> None:
    match_id, token = scripted(client, "twodice_unlisted", value)
    response = roll(client, match_id, token)
    assert response.status_code == 400 and response.json()["error"] == "error.dice"
    assert state(client, match_id)["version"] == 0


def test_numbers_and_objects_are_used_in_the_order_queued(client: TestClient) -> None:
    match_id, token = scripted(
        client, "twodice", {"low": 1, "high": 2}, {"type": "throw", "low": 4, "high": 6}
    )
    queued = queue(client, match_id, {"low": 6, "high": 6})
    assert queued.json() == {"queued": 3}
    for _ in range(3):
        assert roll(client, match_id, token).status_code == 200
    log = state(client, match_id)["log"]
    assert [(e["action"]["low"], e["action"]["high"]) for e in log] == [(1, 2), (4, 6), (6, 6)]
    # The script is used up: the next throw comes from the match's own seed again.
    assert roll(client, match_id, token).status_code == 200
    assert state(client, match_id)["status"] == "over"


def test_replace_drops_the_outcomes_still_queued(client: TestClient) -> None:
    match_id, token = scripted(client, "fia", 1, 2, 3)
    replaced = client.post(
        f"/api/test/matches/{match_id}/dice", json={"values": [6, 5], "replace": True}
    )
    assert replaced.json() == {"queued": 2}
    for _ in range(2):
        assert roll(client, match_id, token).status_code == 200
    log = state(client, match_id)["log"]
    assert [e["action"] for e in log] == [{"type": "roll", "value": v} for v in (6, 5)]


@pytest.mark.parametrize(
    "values",
    [
        [{f"f{i}": 1 for i in range(17)}],  # at most 16 fields
        [{"low": [1, 2]}],  # scalars only
        [{"low": {"high": 1}}],
        [{"x" * 33: 1}],  # field names of at most 32 characters
        [-1],
        [1001],
        [1.5],
        ["six"],
        [True],
        [1] * 1001,  # at most 1000 outcomes at once
    ],
)
def test_the_hook_takes_small_flat_objects_only(client: TestClient, values: list[Any]) -> None:
    made = create(client, game="twodice")
    response = client.post(f"/api/test/matches/{made['match_id']}/dice", json={"values": values})
    assert response.status_code == 400, response.text
    assert response.json()["error"] == "error.bad_request"
