"""Hardening and abuse limits: every refusal in the documented shape (404 and 405 too), only
the web client's own files served, security headers, bodies limited while they stream in
(chunked too), per-client limits with 429 and Retry-After, and a bound on Tips at once."""

from __future__ import annotations

import re
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from fastapi.testclient import TestClient
from server_helpers import FakeClock, create, send
from starlette.websockets import WebSocketDisconnect

from spelkvall.core import all_games, web_folder
from spelkvall.server import Settings, create_app
from spelkvall.server.app import MAX_BODY_BYTES, web_dir
from spelkvall.server.guard import CSP, TEST_MODE_CSP, RateLimit

SEATS = [{"name": "Anna"}, {"name": "Bo"}]


def _shape(response: Any, key: str, status: int) -> dict[str, Any]:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "message", "params"}
    assert body["error"] == key and body["message"]
    return body  # type: ignore[no-any-return]


def test_an_unknown_api_path_and_a_wrong_method_answer_in_the_documented_shape(
    client: TestClient,
) -> None:
    body = _shape(client.get("/api/nothing/here"), "error.not_found", 404)
    assert body["params"] == {"path": "/api/nothing/here"}
    _shape(client.delete("/api/games"), "error.method_not_allowed", 405)
    _shape(client.get("/ws/nothing"), "error.not_found", 404)


@pytest.mark.parametrize(
    "path", ["/static/__init__.py", "/static/texts.py", "/static/README.md", "/static/nope.js"]
)
def test_only_the_clients_own_files_are_served(client: TestClient, path: str) -> None:
    _shape(client.get(path), "error.not_found", 404)


def test_the_clients_files_are_served(client: TestClient) -> None:
    assert client.get("/static/js/app.js").status_code == 200
    assert client.get("/static/css/style.css").status_code == 200


def test_pages_carry_the_security_headers(settings: Settings) -> None:
    app = create_app(replace(settings, test_mode=False))
    with TestClient(app) as client:
        for path in ("/", "/static/js/app.js", "/api/games", "/api/nothing"):
            headers = client.get(path).headers
            csp = headers["content-security-policy"]
            assert csp == CSP
            assert "script-src 'self';" in csp and "frame-ancestors 'none'" in csp
            assert "default-src 'self'" in csp and "object-src 'none'" in csp
            assert "unsafe-eval" not in csp
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["x-frame-options"] == "DENY"
    app.state.service.store.close()


def test_test_mode_only_lets_playwright_evaluate_its_waits(client: TestClient) -> None:
    assert client.get("/").headers["content-security-policy"] == TEST_MODE_CSP


def test_the_client_never_evaluates_strings_so_the_strict_policy_fits_it() -> None:
    # The real policy forbids eval; the browser tests run with it relaxed for Playwright only.
    folders = [web_dir(), *(web_folder(g.id) for g in all_games())]
    scripts = [p for folder in folders if folder is not None for p in folder.rglob("*.js")]
    assert len(scripts) > 10
    for path in scripts:
        text = path.read_text()
        for pattern in (r"\beval\(", r"new Function\(", r"setTimeout\(\s*['\"`]"):
            assert not re.search(pattern, text), (path, pattern)
    for path in web_dir().rglob("*.html"):
        # Only module scripts with a src: no inline script the policy would block.
        assert not re.search(r"<script(?![^>]*\bsrc=)", path.read_text()), path


def test_a_body_with_a_length_over_the_limit_is_refused_unread(client: TestClient) -> None:
    big = b"x" * (MAX_BODY_BYTES + 1)
    response = client.post("/api/matches", content=big)
    body = _shape(response, "error.message_too_large", 413)
    assert body["params"]["max"] == MAX_BODY_BYTES


def test_a_small_chunked_body_is_read(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"game": "fia", "mode": "hotseat", '
        yield b'"seats": [{"name": "Anna"}, {"name": "Bo"}]}'

    response = client.post(
        "/api/matches", content=chunks(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 201, response.text


@contextmanager
def real_server(settings: Settings) -> Iterator[int]:
    """The app under uvicorn on a free loopback port (a real HTTP parser for chunked bodies)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    app = create_app(settings)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline and thread.is_alive(), "server did not start"
        time.sleep(0.05)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(10)
        app.state.service.store.close()


def test_a_huge_chunked_body_is_refused_after_reading_at_most_the_limit(
    tmp_path: Path,
) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'c.sqlite3'}", bot_delay=0)
    with real_server(settings) as port, socket.create_connection(("127.0.0.1", port)) as conn:
        conn.sendall(
            b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        chunk = b"x" * 4096
        sent = 0
        conn.settimeout(0.05)
        answer = b""
        # Up to 200 MiB would follow; the server must answer long before.
        while sent < 200 * 1024 * 1024 and not answer:
            try:
                conn.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
                sent += len(chunk)
                answer = conn.recv(65536)
            except TimeoutError:
                continue
            except (BrokenPipeError, ConnectionResetError):
                break
        conn.settimeout(5)
        while b"\r\n\r\n" not in answer:
            more = conn.recv(65536)
            if not more:
                break
            answer += more
    assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
    assert b"error.message_too_large" in answer
    assert sent < 1024 * 1024  # it answered after a little over the 16 KiB, never 200 MiB


def test_creating_matches_is_limited_per_client_with_retry_after(settings: Settings) -> None:
    # The clock stands: however slow the creates, no token comes back meanwhile.
    app = create_app(replace(settings, creates_per_minute=3), clock=FakeClock())
    with TestClient(app) as client:
        for _ in range(3):
            create(client)
        response = client.post(
            "/api/matches", json={"game": "fia", "mode": "hotseat", "seats": SEATS}
        )
        body = _shape(response, "error.rate_limited", 429)
        assert int(response.headers["retry-after"]) >= 1
        assert body["params"]["retry_after"] == int(response.headers["retry-after"])
        # Another client is not held back by the first one's matches.
        other = TestClient(app, client=("10.0.0.2", 5000))
        assert (
            other.post(
                "/api/matches", json={"game": "fia", "mode": "hotseat", "seats": SEATS}
            ).status_code
            == 201
        )
    app.state.service.store.close()


def test_a_bucket_refills_at_its_rate_up_to_its_burst() -> None:
    # Catches a bucket that refills faster or slower than its rate, saves up more than its
    # burst, or mixes clients up: counted on a clock that moves only when told.
    clock = FakeClock()
    limit = RateLimit(2.0, 4.0, clock=clock)
    assert [limit.take("a") for _ in range(5)] == [0.0] * 4 + [0.5]
    assert limit.take("b") == 0.0  # another client has a bucket of its own
    clock.advance(0.25)
    assert limit.take("a") == 0.25  # half a token back: the other half in a quarter second
    clock.advance(0.25)
    assert limit.take("a") == 0.0
    assert limit.take("a") == 0.5
    clock.advance(3600.0)  # an hour idle saves up the burst, not more
    assert [limit.take("a") for _ in range(5)] == [0.0] * 4 + [0.5]


def test_messages_a_second_are_limited_over_rest_and_websocket(settings: Settings) -> None:
    # Catches a limit that lets more through than rate and burst allow, or none again after
    # the bucket refilled. The buckets' clock stands while the messages go (on a loaded
    # machine six requests took long enough to refill a token, so the sixth passed too).
    clock = FakeClock()
    app = create_app(replace(settings, messages_per_second=2), clock=clock)  # a burst of 4
    with TestClient(app) as client:
        match_id = create(client)["match_id"]
        codes = [send(client, match_id, None, {"type": "ping"}).status_code for _ in range(6)]
        assert codes == [200] * 4 + [429] * 2
        refused = send(client, match_id, None, {"type": "ping"})
        _shape(refused, "error.rate_limited", 429)
        assert refused.headers["retry-after"] == "1"  # half a second to the next token
        clock.advance(1.0)  # two tokens again
        with client.websocket_connect(f"/ws/matches/{match_id}") as ws:
            assert ws.receive_json()["type"] == "state"
            got = []
            for _ in range(4):
                ws.send_json({"type": "ping"})
                got.append(ws.receive_json())
            kinds = [(g["type"], g.get("error")) for g in got]
            assert kinds == [("pong", None)] * 2 + [("error", "error.rate_limited")] * 2
    app.state.service.store.close()


def test_open_websockets_are_limited_per_client(settings: Settings) -> None:
    app = create_app(replace(settings, sockets_per_client=2))
    with TestClient(app) as client:
        match_id = create(client)["match_id"]
        url = f"/ws/matches/{match_id}"
        with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
            assert one.receive_json()["type"] == "state"
            assert two.receive_json()["type"] == "state"
            with client.websocket_connect(url) as three:
                got = three.receive_json()
                assert got["type"] == "error" and got["error"] == "error.too_many_sockets"
                assert got["params"] == {"max": 2}
                with pytest.raises(WebSocketDisconnect) as closed:
                    three.receive_json()
                assert closed.value.code == 4429
        # Closed sockets free their places.
        with client.websocket_connect(url) as again:
            assert again.receive_json()["type"] == "state"
    app.state.service.store.close()


def test_tips_at_once_are_bounded_for_the_whole_server(settings: Settings) -> None:
    app = create_app(replace(settings, advice_concurrency=1))
    with TestClient(app) as client:
        made = create(client)
        match_id, token = made["match_id"], made["token"]
        from test_server_advice import QUICK, six_with_everyone_home

        six_with_everyone_home(client, match_id, token)
        tips = app.state.service._tips
        tips._advising.add("another-match")  # one computation already runs elsewhere
        response = client.post(f"/api/matches/{match_id}/advice?token={token}", json=QUICK)
        body = _shape(response, "error.advice_server_busy", 429)
        assert response.headers["retry-after"] == "1" and body["params"]["retry_after"] == 1
        tips._advising.discard("another-match")
        response = client.post(f"/api/matches/{match_id}/advice?token={token}", json=QUICK)
        assert response.status_code == 200, response.text
    app.state.service.store.close()


def test_a_waiting_online_match_nobody_joined_expires(settings: Settings) -> None:
    app = create_app(replace(settings, waiting_expiry=0.6, expiry_check=0.1))
    with TestClient(app) as client:
        lonely = create(client, "online", seats=[{"name": "Anna"}, {"name": None}])
        joined = create(client, "online", seats=[{"name": "Anna"}, {"name": None}])
        hotseat = create(client)
        invite = joined["invites"][0]["token"] if "invites" in joined else None
        assert invite is not None, joined
        response = client.post(f"/api/invites/{invite}/join", json={"name": "Bo"})
        assert response.status_code == 200, response.text
        deadline = time.monotonic() + 10
        while state_of(client, lonely["match_id"]) != "cancelled":
            assert time.monotonic() < deadline, "the waiting match did not expire"
            time.sleep(0.1)
        # The invite says so; a match somebody joined and a match on one device stay.
        gone = client.get(f"/api/invites/{lonely['invites'][0]['token']}")
        _shape(gone, "error.match_cancelled", 410)
        assert state_of(client, joined["match_id"]) == "playing"
        assert state_of(client, hotseat["match_id"]) == "playing"
        assert client.get("/api/matches/open").json() == []
    app.state.service.store.close()


def test_waiting_matches_never_expire_with_the_setting_off(settings: Settings) -> None:
    app = create_app(replace(settings, waiting_expiry=0, expiry_check=0.05))
    with TestClient(app) as client:
        lonely = create(client, "online", seats=[{"name": "Anna"}, {"name": None}])
        time.sleep(0.5)
        assert state_of(client, lonely["match_id"]) == "waiting"
    app.state.service.store.close()


def state_of(client: TestClient, match_id: str) -> str:
    response = client.get(f"/api/matches/{match_id}")
    assert response.status_code == 200, response.text
    return str(response.json()["status"])


READ_ROUTES = [
    ("GET", "/api/matches/{id}/replay"),
    ("GET", "/api/matches/{id}"),
    ("POST", "/api/matches/mine"),
    ("GET", "/api/highscore"),
    ("GET", "/api/profiles/Anna"),
    ("POST", "/api/matches/{id}/advice"),
    ("POST", "/api/matches/nosuchmatch/advice"),  # a refused one counts too
    ("GET", "/api/health"),
]


def _ask(client: TestClient, method: str, path: str, lang: str = "sv") -> Any:
    params = {"lang": lang}  # the page says its language so
    if method == "POST":
        body = {"tokens": []} if path.endswith("/mine") else {}
        return client.post(path, json=body, params=params)
    return client.get(path, params=params)


@pytest.mark.parametrize(("method", "route"), READ_ROUTES)
def test_every_read_route_is_limited_per_client_with_retry_after(
    settings: Settings, method: str, route: str
) -> None:
    # Catches a route that answers a client's hundredth request in a second (#32: 200 each at
    # 200-300 a second went through). The clock stands: no token comes back meanwhile.
    clock = FakeClock()
    limited = replace(settings, requests_per_second=2, heavy_per_second=0)  # a burst of 10
    app = create_app(limited, clock=clock)
    with TestClient(app) as client:
        path = route.replace("{id}", create(client)["match_id"])  # one request of the ten
        codes = [_ask(client, method, path).status_code for _ in range(12)]
        assert 429 not in codes[:9] and codes[9:] == [429] * 3, codes
        refused = _ask(client, method, path)
        body = _shape(refused, "error.rate_limited", 429)
        assert refused.headers["retry-after"] == "1"
        assert body["message"].startswith("För många förfrågningar")
        english = _ask(client, method, path, lang="en")
        assert _shape(english, "error.rate_limited", 429)["message"].startswith("Too many")
        other = TestClient(app, client=("10.0.0.2", 5000))  # another client is not held back
        assert _ask(other, method, path).status_code != 429
        clock.advance(1.0)  # two tokens again
        assert [_ask(client, method, path).status_code != 429 for _ in range(3)] == [
            True,
            True,
            False,
        ]
    app.state.service.store.close()


@pytest.mark.parametrize(
    "route", ["/api/matches/{id}/replay", "/api/matches/{id}/record", "/api/matches/{id}/advice"]
)
def test_heavy_routes_have_a_smaller_bucket_of_their_own(settings: Settings, route: str) -> None:
    clock = FakeClock()
    app = create_app(replace(settings, requests_per_second=0, heavy_per_second=0.5), clock=clock)
    with TestClient(app) as client:
        match_id = create(client)["match_id"]
        path = route.replace("{id}", match_id)
        method = "POST" if route.endswith("advice") else "GET"
        codes = [_ask(client, method, path).status_code for _ in range(6)]
        assert 429 not in codes[:5] and codes[5] == 429, codes  # 10 s' worth: 5 requests
        refused = _ask(client, method, path)
        assert refused.headers["retry-after"] == "2"  # half a token a second
        # Reading the match itself is no heavy request.
        assert client.get(f"/api/matches/{match_id}").status_code == 200
    app.state.service.store.close()


def test_an_upload_takes_from_the_heavy_bucket(settings: Settings) -> None:
    app = create_app(replace(settings, requests_per_second=0, heavy_per_second=0.1))
    with TestClient(app) as client:
        codes = [client.post("/api/replays", content=b"{}").status_code for _ in range(2)]
        assert codes[0] != 429 and codes[1] == 429, codes
    app.state.service.store.close()


def test_a_page_that_polls_and_a_highscore_list_that_changes_tabs_never_meet_the_limits(
    settings: Settings,
) -> None:
    # The defaults, over ten minutes of a page's life on a clock the test moves: the lobby
    # asks for the open matches, my matches and the server's health every 5 s, while a
    # person opens a match, a replay and Tips twice, and clicks through the highscore list's
    # five tabs and back in 3 s. (The browser tests run on the defaults too.)
    clock = FakeClock()
    defaults = Settings()
    real = replace(
        settings,
        requests_per_second=defaults.requests_per_second,
        heavy_per_second=defaults.heavy_per_second,
    )
    app = create_app(real, clock=clock)
    codes: list[int] = []
    with TestClient(app) as client:
        match_id = create(client)["match_id"]
        for second in range(0, 600, 5):
            codes += [client.get("/api/matches/open").status_code]
            codes += [client.post("/api/matches/mine", json={"tokens": []}).status_code]
            codes += [client.get("/api/health").status_code]
            if second == 60:
                for path in ["/api/games", f"/api/matches/{match_id}", "/api/server"]:
                    codes.append(client.get(path).status_code)
                codes.append(client.get(f"/api/matches/{match_id}/replay").status_code)
                for _ in range(2):
                    codes.append(client.post(f"/api/matches/{match_id}/advice").status_code)
            if second == 120:
                for tab in ["fia", "dogroyal", "front", "afrika", "omringad", "fia"]:
                    codes.append(client.get(f"/api/highscore?game={tab}").status_code)
                    clock.advance(0.5)
            clock.advance(5.0)
    assert 429 not in codes
    app.state.service.store.close()
