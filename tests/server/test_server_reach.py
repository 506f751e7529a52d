"""Invite links friends can open: the server knows the address it is reached at."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import spelkvall.server.reach as reach
from spelkvall.cli import app
from spelkvall.cli import commands as _commands  # noqa: F401  (registers the commands)
from spelkvall.server import Settings, create_app
from spelkvall.server.reach import Reach, find_reach


def test_on_loopback_only_nobody_else_can_open_an_invite() -> None:
    for host in ("127.0.0.1", "localhost", "::1", "127.0.1.1"):
        assert find_reach(host, 8000) == Reach(None, loopback_only=True)


def test_listening_everywhere_invites_point_to_the_network_address(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(reach, "lan_address", lambda: "192.168.1.20")
    assert find_reach("0.0.0.0", 8000) == Reach("http://192.168.1.20:8000", False)
    assert find_reach("::", 80) == Reach("http://192.168.1.20", False)
    monkeypatch.setattr(reach, "lan_address", lambda: "fd00::7")
    assert find_reach("0.0.0.0", 8000).public_url == "http://[fd00::7]:8000"
    # A machine with no network at all: as good as loopback.
    monkeypatch.setattr(reach, "lan_address", lambda: None)
    assert find_reach("0.0.0.0", 8000) == Reach(None, loopback_only=True)


def test_one_address_is_the_address() -> None:
    assert find_reach("10.0.0.5", 8123).public_url == "http://10.0.0.5:8123"


def test_a_public_url_wins_and_loses_its_trailing_slash() -> None:
    got = find_reach("127.0.0.1", 8000, "https://spel.example.org/kvall/")
    assert got == Reach("https://spel.example.org/kvall", loopback_only=False)
    for bad in ("spel.example.org", "ftp://x", "https://x/?a=1", "https://x/#/y"):
        with pytest.raises(ValueError):
            reach.check_public_url(bad)


def test_the_network_address_found_is_never_loopback() -> None:
    address = reach.lan_address()
    assert address is None or not reach.is_loopback(address)


def test_api_server_tells_the_client_where_it_is_reached(tmp_path: object) -> None:
    url = f"sqlite:///{tmp_path}/reach.sqlite3"
    for settings, expected in (
        (Settings(database_url=url, host="127.0.0.1", port=8000), (None, True)),
        (
            Settings(database_url=url, host="0.0.0.0", port=8000, public_url="https://x.org"),
            ("https://x.org", False),
        ),
    ):
        web = create_app(settings)
        with TestClient(web) as client:
            got = client.get("/api/server").json()
        web.state.service.store.close()
        assert (got["public_url"], got["loopback_only"]) == expected


def test_serve_refuses_a_public_url_it_cannot_build_links_from() -> None:
    result = CliRunner().invoke(app, ["serve", "--public-url", "spel.example.org"])
    assert result.exit_code == 2
    assert "--public-url" in result.output and "Traceback" not in result.output
