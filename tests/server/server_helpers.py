"""Helpers shared by the server tests."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fastapi.testclient import TestClient

from spelkvall.store import Store


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
