"""A new user's first evening: a real ``spelkvall serve`` on an empty Numba cache. No computer
waits for the compiler, and people's moves stay quick while the kernels are compiled beside
the server (issue #27)."""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import NO_REQUEST_LIMITS

from spelkvall.bots.levels import MEDIUM
from spelkvall.core import FAST_SIMULATOR, all_games

GAMES = [game.id for game in all_games() if FAST_SIMULATOR in game.capabilities]
FIRST_MOVE_BOUND = MEDIUM.time_limit + 1.0
"""A medium computer's first move comes within its cap plus 1 s (GAME-DONE)."""
PERSON_BOUND = 0.2
"""A person's move round-trips in under 200 ms meanwhile (the median: one round trip that
waits for a computer thread's turn at the GIL on a busy machine is no stall)."""
STALL_BOUND = 1.0
"""No single round trip this long: compiling in the server's own process holds the GIL for
seconds at a time, which is what this bound catches."""


class Server:
    def __init__(self, base: str, process: subprocess.Popen[bytes], log: Path) -> None:
        self.base = base
        self.process = process
        self.log = log

    def request(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data else {}
        req = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        with urllib.request.urlopen(req, timeout=30) as response:
            return json.loads(response.read())


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture
def fresh_server(tmp_path: Path) -> Iterator[Server]:
    """``spelkvall serve`` as a new user starts it: nothing in Numba's cache."""
    cache = tmp_path / "numba-cache"
    cache.mkdir()
    env = {
        **os.environ,
        "NUMBA_CACHE_DIR": str(cache),
        "SPELKVALL_BOT_DELAY": "0",
        **NO_REQUEST_LIMITS,
    }
    env.pop("SPELKVALL_REDIS_URL", None)
    port = _free_port()
    log = tmp_path / "server.log"
    with log.open("w") as out:
        process = subprocess.Popen(
            [
                *(sys.executable, "-m", "spelkvall", "serve", "--test-mode"),
                *("--port", str(port), "--database-url", f"sqlite:///{tmp_path / 'db.sqlite3'}"),
            ],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    server = Server(f"http://127.0.0.1:{port}", process, log)
    deadline = time.monotonic() + 60  # only so that a server that never starts ends the test
    while True:
        try:
            server.request("GET", "/api/health")
            break
        except (urllib.error.URLError, ConnectionError, OSError):
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail("the server did not start:\n" + log.read_text())
            time.sleep(0.2)
    try:
        yield server
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


def _first_decision(server: Server, match_id: str, token: str) -> float | None:
    """When (monotonic) the match's log first shows a seat's own move, or ``None``."""
    state = server.request("GET", f"/api/matches/{match_id}?token={token}")
    if any(entry["seat"] >= 0 for entry in state["log"]):
        return time.monotonic()
    return None


def _person_plays(server: Server, stop: threading.Event, times: list[float]) -> None:
    """Two people play Fia on one device, a roll or a move at a time, timing each."""
    seats = [{"name": "Anna"}, {"name": "Bo"}]
    body = {"game": "fia", "mode": "hotseat", "seats": seats}
    match = server.request("POST", "/api/matches", body)
    path = f"/api/matches/{match['match_id']}"
    query = f"?token={match['token']}"
    while not stop.is_set():
        state = server.request("GET", path + query)
        if state["status"] != "playing":
            return
        if state["roll_seat"] is not None:
            message = {"type": "roll", "version": state["version"]}
        else:
            legal = state["legal"][0]["action"]
            message = {"type": "act", "version": state["version"], "action": legal}
        start = time.perf_counter()
        server.request("POST", path + "/actions" + query, message)
        times.append(time.perf_counter() - start)
        time.sleep(0.05)


def test_on_an_empty_cache_every_computer_moves_at_once_and_people_stay_quick(
    fresh_server: Server,
) -> None:
    server = fresh_server
    readiness = {g["id"]: g["computers"] for g in server.request("GET", "/api/games")}
    assert [g for g in GAMES if readiness[g]["ready"]] == [], "the cache was not empty"

    person_times: list[float] = []
    stop = threading.Event()
    person = threading.Thread(target=_person_plays, args=(server, stop, person_times))
    person.start()
    try:
        waits: dict[str, float] = {}
        prepared_then: dict[str, bool] = {}
        for game in GAMES:
            info = next(g for g in server.request("GET", "/api/games") if g["id"] == game)
            seats = [{"bot": "medium"} for _ in range(info["player_counts"][0])]
            body = {"game": game, "mode": "hotseat", "seats": seats}
            created = time.monotonic()
            match = server.request("POST", "/api/matches", body)
            give_up = created + 60  # ends a test whose computers never move
            while time.monotonic() < give_up:
                moved = _first_decision(server, match["match_id"], match["token"])
                if moved is not None:
                    waits[game] = moved - created
                    break
                time.sleep(0.01)
            prepared_then[game] = server.request("GET", f"/api/games/{game}/computers")["ready"]
            server.request("POST", f"/api/matches/{match['match_id']}/end?token={match['token']}")
        time.sleep(1.0)  # a few more of the person's moves while the child compiles
    finally:
        stop.set()
        person.join(30)
    log = fresh_server.log.read_text()
    print("first moves (s):", {game: round(wait, 3) for game, wait in waits.items()})
    print("ready at the first move:", prepared_then)
    print("a person's round trips (ms):", sorted(round(1000 * t) for t in person_times))
    assert set(waits) == set(GAMES), f"no first move in {set(GAMES) - set(waits)}:\n{log}"
    slow = {game: round(wait, 2) for game, wait in waits.items() if wait > FIRST_MOVE_BOUND}
    assert not slow, f"first moves over {FIRST_MOVE_BOUND} s: {slow}"
    # The moves above came before the kernels were ready: the path that needs no compiler.
    assert sum(not ready for ready in prepared_then.values()) >= len(GAMES) - 1, prepared_then
    assert len(person_times) >= 5, person_times
    assert statistics.median(person_times) < PERSON_BOUND, person_times
    assert max(person_times) < STALL_BOUND, sorted(person_times)
    assert "Traceback" not in log, log
