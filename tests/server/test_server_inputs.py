"""Inputs that once broke a match or the database (issue #33), on SQLite and PostgreSQL alike:
a control character (a NUL above all, which PostgreSQL refuses in text) in a path or query is
refused before any route with a 400 in the documented shape; a named person's seat in an
online match is an open seat whose invite is for that person (never a seat nobody holds);
"?2" is a name like any; ``HEAD /`` answers; and a body too large for its Content-Length gets
its 413 over a real socket instead of a reset connection."""

from __future__ import annotations

import logging
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from server_helpers import create, send, state
from starlette.websockets import WebSocketDisconnect
from team_game import GAME as TEAMS
from test_server_limits import real_server

from spelkvall.core import registry
from spelkvall.server import Settings

CONTROLS = ["%00", "%01", "%09", "%1F", "%7F", "%C2%85"]
"""NUL, other C0 controls (a tab too), DEL and a C1 control (NEL), percent-encoded."""

# Each route that reached the database with a NUL: ``{id}`` is a match id; ``{q}`` the query
# parameter that carries a value (a token, or a game).
ROUTES = [
    ("GET", "/api/profiles/{id}", "x"),
    ("GET", "/api/matches/{id}", "token"),
    ("GET", "/api/matches/{id}/replay", "token"),
    ("GET", "/api/matches/{id}/record", "token"),
    ("POST", "/api/matches/{id}/advice", "token"),
    ("POST", "/api/matches/{id}/end", "token"),
    ("POST", "/api/matches/{id}/rematch", "token"),
    ("POST", "/api/matches/{id}/seats/0/stand-in", "token"),
    ("GET", "/api/matches/open", "game"),
    ("GET", "/api/highscore", "game"),
]


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    registry.all_games()
    monkeypatch.setitem(registry._GAMES, TEAMS.id, TEAMS)
    yield


@pytest.fixture
def statements(client: TestClient) -> Iterator[list[str]]:
    """Every parameter value of the statements the app sends to its database from now on."""
    seen: list[str] = []
    engine = client.app.state.service.store.engine  # type: ignore[attr-defined]

    def record(_conn: Any, _cursor: Any, _sql: str, params: Any, *_rest: Any) -> None:
        values = params.values() if isinstance(params, dict) else params or ()
        seen.extend(v for v in values if isinstance(v, str))

    sa.event.listen(engine, "before_cursor_execute", record)
    yield seen
    sa.event.remove(engine, "before_cursor_execute", record)


def _refused(response: Any) -> None:
    assert response.status_code == 400, response.text
    body = response.json()
    assert set(body) == {"error", "message", "params"}
    assert body["error"] == "error.bad_request" and body["message"]
    assert body["params"] == {"why": "control character in the address"}


def _quiet(caplog: pytest.LogCaptureFixture) -> None:
    loud = [r for r in caplog.records if r.levelno >= logging.ERROR or r.exc_info]
    assert not loud, [r.getMessage() for r in loud]


@pytest.mark.parametrize(("method", "route", "param"), ROUTES)
def test_a_control_character_in_a_path_or_query_is_refused_before_the_database(
    client: TestClient,
    statements: list[str],
    caplog: pytest.LogCaptureFixture,
    method: str,
    route: str,
    param: str,
) -> None:
    made = create(client, "online", seats=[{"name": "Anna"}, {"name": None}])
    real = made["match_id"]
    caplog.set_level(logging.INFO)
    for control in CONTROLS:
        bad = f"a{control}b"
        if "{id}" in route:
            _refused(client.request(method, route.format(id=bad)))
        _refused(client.request(method, f"{route.format(id=real)}?{param}={bad}"))
        _refused(client.request(method, f"{route.format(id=real)}?{bad}=1&lang=en"))
    assert not [v for v in statements if any(ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0 for c in v)]
    _quiet(caplog)
    # The same routes still answer ordinary requests as before.
    assert client.get(f"/api/matches/{real}").status_code == 200
    assert client.get("/api/matches/open?game=fia").status_code == 200
    assert "fia" in statements  # the listener hears the database's statements


def test_a_socket_to_an_address_with_a_control_character_is_told_and_closed(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    made = create(client, "online", seats=[{"name": "Anna"}, {"name": None}])
    caplog.set_level(logging.INFO)
    for control in CONTROLS:
        for path in (
            f"/ws/matches/a{control}b",
            f"/ws/matches/{made['match_id']}?token=a{control}b&lang=en",
        ):
            with client.websocket_connect(path) as ws:
                got = ws.receive_json()
                assert got["type"] == "error" and got["error"] == "error.bad_request"
                assert got["message"] and got["params"]["why"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 4400
    _quiet(caplog)
    # An unknown match is still told so (4404), and a real one still plays.
    with client.websocket_connect("/ws/matches/nope") as ws:
        assert ws.receive_json()["error"] == "error.match_not_found"
    with client.websocket_connect(f"/ws/matches/{made['match_id']}") as ws:
        assert ws.receive_json()["type"] in ("state", "presence")


def test_letters_beyond_ascii_still_work_everywhere(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    names = ["Åsa", "Örjan 🎲", "Ärla", "Zoë"]
    made = create(client, "hotseat", game="teams", seats=[{"name": n} for n in names])
    act = {"type": "act", "version": 0, "action": {"type": "claim"}}
    assert send(client, made["match_id"], made["token"], act).status_code == 200
    caplog.set_level(logging.INFO)
    for name in names:
        profile = client.get(f"/api/profiles/{quote(name)}?lang=sv")
        assert profile.status_code == 200, profile.text
        assert profile.json()["name"] == name
    listed = client.get("/api/highscore?game=teams").json()
    assert {row["name"] for row in listed} == set(names)
    for query in ("game=%C3%A5%C3%A4%C3%B6", "game=%F0%9F%8E%B2"):
        assert client.get(f"/api/highscore?{query}").json() == []
        assert client.get(f"/api/matches/open?{query}").json() == []
    missing = client.get("/api/matches/%C3%85sa%F0%9F%8E%B2?token=%C3%A5")
    assert missing.status_code == 404 and missing.json()["error"] == "error.match_not_found"
    # Online: the host and the invitee's name beyond ASCII, the invite joined with it.
    online = create(client, "online", seats=[{"name": "Åsa"}, {"name": "Örjan 🎲"}])
    invite = online["invites"][0]
    assert invite["name"] == "Örjan 🎲"
    joined = client.post(f"/api/invites/{invite['token']}/join", json={"name": "Örjan 🎲"})
    assert joined.status_code == 200, joined.text
    assert [s["name"] for s in state(client, online["match_id"])["seats"]] == names[:2]
    _quiet(caplog)


# --- a person's seat with a name in an online match ---------------------------------------
@pytest.mark.parametrize("name", ["Bo", "  Bo  "])
def test_a_named_seat_online_gets_an_invite_for_that_person(client: TestClient, name: str) -> None:
    body = {"game": "fia", "mode": "online", "seats": [{"name": "A"}, {"name": name}]}
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    made = response.json()
    assert [(i["seat"], i["name"]) for i in made["invites"]] == [(1, "Bo")]
    got = state(client, made["match_id"], made["token"])
    assert got["status"] == "waiting"
    assert [s["name"] for s in got["seats"]] == ["A", None]  # open until Bo comes
    invite = made["invites"][0]["token"]
    seen = client.get(f"/api/invites/{invite}").json()
    assert seen["seat"] == 1 and seen["name"] == "Bo"
    open_list = client.get("/api/matches/open?game=fia").json()
    assert [m["open_seats"] for m in open_list if m["match_id"] == made["match_id"]] == [[1]]
    # Bo joins, and Bo's own token acts for seat 1: nobody waits for a seat nobody holds.
    joined = client.post(f"/api/invites/{invite}/join", json={"name": "Bo"}).json()
    assert joined["seat"] == 1
    got = state(client, made["match_id"], joined["token"])
    assert got["status"] == "playing" and got["you"] == [1]
    assert [s["name"] for s in got["seats"]] == ["A", "Bo"]


def test_the_invited_person_may_choose_another_name_and_the_name_is_kept_meanwhile(
    client: TestClient,
) -> None:
    seats = [{"name": "Anna"}, {"name": "Bo"}, {"name": None}]
    made = create(client, "online", seats=seats)
    bo, other = (i["token"] for i in made["invites"])
    taken = client.post(f"/api/invites/{other}/join?lang=en", json={"name": "bo"})
    assert taken.status_code == 400 and taken.json()["error"] == "error.name_twice"
    assert client.post(f"/api/invites/{other}/join", json={"name": "Cia"}).status_code == 200
    renamed = client.post(f"/api/invites/{bo}/join", json={"name": "Bosse"})
    assert renamed.status_code == 200, renamed.text
    got = state(client, made["match_id"])
    assert got["status"] == "playing"
    assert [s["name"] for s in got["seats"]] == ["Anna", "Bosse", "Cia"]


@pytest.mark.parametrize(
    ("seats", "key"),
    [
        ([{"name": "Anna"}, {"name": "anna"}], "error.name_twice"),
        ([{"name": "Anna"}, {"name": "Bo"}, {"name": " BO "}], "error.name_twice"),
        ([{"name": "Anna"}, {"name": "B\x00o"}], "error.name_control"),
        ([{"name": "Anna"}, {"name": "B" * 40}], "error.name_long"),
    ],
)
def test_an_invitees_name_is_checked_like_any(
    client: TestClient, seats: list[dict[str, Any]], key: str
) -> None:
    response = client.post("/api/matches", json={"game": "fia", "mode": "online", "seats": seats})
    assert response.status_code == 400, response.text
    assert response.json()["error"] == key


@pytest.mark.parametrize("name", ["\u200b", "\u200b\u200b ", " \u2060\ufeff"])
def test_an_invisible_name_online_is_an_open_seat_without_a_name(
    client: TestClient, name: str
) -> None:
    made = create(client, "online", seats=[{"name": "A"}, {"name": name}])
    assert [(i["seat"], i["name"]) for i in made["invites"]] == [(1, None)]
    invite = made["invites"][0]["token"]
    assert client.get(f"/api/invites/{invite}").json()["name"] is None
    assert state(client, made["match_id"])["status"] == "waiting"
    joined = client.post(f"/api/invites/{invite}/join", json={"name": "Bo"})
    assert joined.status_code == 200, joined.text
    assert state(client, made["match_id"], joined.json()["token"])["you"] == [1]


@pytest.mark.parametrize("name", ["?1", "?2", "?3", "?4", "??3"])
def test_a_name_like_an_open_seats_stand_in_is_a_name_like_any(
    client: TestClient, name: str
) -> None:
    # At creation: the host, and an invitee, may be called so while other seats are open.
    seats = [{"name": name}, {"name": None}, {"name": None}, {"name": None}]
    assert create(client, "online", seats=seats)["invites"]
    seats = [{"name": "Anna"}, {"name": name}, {"name": None}, {"name": None}]
    assert create(client, "online", seats=seats)["invites"][0]["name"] == name
    # Joining: while seats 2 and 3 (and 4) are still open.
    made = create(client, "online", seats=[{"name": "Anna"}, *[{"name": None}] * 3])
    joined = client.post(f"/api/invites/{made['invites'][0]['token']}/join", json={"name": name})
    assert joined.status_code == 200, joined.text
    more = client.post(f"/api/invites/{made['invites'][1]['token']}/join", json={"name": "Bo"})
    assert more.status_code == 200, more.text
    assert [s["name"] for s in state(client, made["match_id"])["seats"]][:3] == [
        "Anna",
        name,
        "Bo",
    ]


# --- HEAD / and the 413 over a real socket ------------------------------------------------
def test_head_of_the_page_answers_like_get_without_a_body(client: TestClient) -> None:
    got = client.get("/")
    head = client.head("/")
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]
    assert head.headers["content-length"] == got.headers["content-length"]
    assert "content-security-policy" in head.headers


def _post_all_then_read(port: int, size: int) -> bytes:
    """A client that sends its whole request before reading (as most do): the answer, or
    ``b"reset"`` when the connection was reset under it."""
    head = (
        b"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/json\r\nContent-Length: %d\r\n\r\n" % size
    )
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as conn:
            conn.sendall(head + b"x" * size)
            answer = b""
            while more := conn.recv(65536):
                answer += more
            return answer
    except (ConnectionResetError, BrokenPipeError):
        return b"reset"


def test_a_body_of_megabytes_with_its_length_gets_the_413_not_a_reset(tmp_path: Path) -> None:
    started = time.monotonic()
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'big.sqlite3'}", bot_delay=0)
    with real_server(settings) as port:
        answers = [_post_all_then_read(port, 2_000_000 + 150_000 * i) for i in range(20)]
    statuses = [a.split(b"\r\n", 1)[0] for a in answers]
    assert statuses == [b"HTTP/1.1 413 Request Entity Too Large"] * 20, statuses
    assert all(b"error.message_too_large" in a for a in answers)
    assert time.monotonic() - started < 60
