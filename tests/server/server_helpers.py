"""Helpers shared by the server tests."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from fastapi.testclient import TestClient

from spelkvall.store import Store


@dataclass
class FakeClock:
    """A ``server.clock.Clock`` that stands until the test moves it (``advance``), so a slow
    machine's work takes no time as the clock's readers see it. A wait whose predicate does
    not hold at once passes its whole timeout (nobody wakes it: the waker would have to run
    meanwhile, and here nothing runs meanwhile); ``waits`` holds what each wait passed."""

    now: float = 0.0  # times are then exact sums of the waits (no rounding off 1000.05)
    waits: list[float] = field(default_factory=list)

    def monotonic(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds

    def wait_for(
        self, condition: threading.Condition, predicate: Callable[[], bool], timeout: float
    ) -> bool:
        if predicate():
            self.waits.append(0.0)
            return True
        self.waits.append(timeout)
        self.now += timeout
        return predicate()


@dataclass(frozen=True)
class Database:
    url: str
    schema: str | None = None

    def open(self) -> Store:
        return Store.open(self.url, schema=self.schema)


def create(client: TestClient, mode: str = "hotseat", **body: Any) -> dict[str, Any]:
    body.setdefault("game", "fia")
    body.setdefault("seats", [{"name": "Anna"}, {"name": "Bo"}])
    response = client.post("/api/matches", json={"mode": mode, **body})
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def state(client: TestClient, match_id: str, token: str | None = None) -> dict[str, Any]:
    query = f"?token={token}" if token else ""
    response = client.get(f"/api/matches/{match_id}{query}")
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def send(client: TestClient, match_id: str, token: str | None, message: Any) -> Any:
    query = f"?token={token}" if token else ""
    return client.post(f"/api/matches/{match_id}/actions{query}", json=message)


def dice(client: TestClient, match_id: str, *values: int) -> None:
    response = client.post(f"/api/test/matches/{match_id}/dice", json={"values": list(values)})
    assert response.status_code == 200, response.text


def receive_state(ws: Any) -> dict[str, Any]:
    """The next message on a socket that is not a ``presence`` message (those come whenever
    somebody connects or leaves, in whatever order the sockets of a test were opened)."""
    while True:
        got: dict[str, Any] = ws.receive_json()
        if got.get("type") != "presence":
            return got


def bare_match(store: Store) -> str:
    """A playing Fia match straight in the store, without seats or tokens: enough for the
    leases of who runs its computers."""
    match_id, _ = store.create_match(
        game="fia",
        rules_version="1",
        mode="hotseat",
        options={},
        seats=[],
        status="playing",
        seed=1,
        tokens=[],
    )
    return match_id


NO_REQUEST_LIMITS = {"SPELKVALL_LIMIT_REQUESTS": "0", "SPELKVALL_LIMIT_HEAVY": "0"}
"""The environment of a served process that a test polls as fast as it answers, which no page
does: the per-client request limits off (test_server_limits.py tests them)."""
