"""Every reason the server can give has Swedish and English text."""

from __future__ import annotations

import re
from pathlib import Path

import spelkvall.server
from spelkvall.core import all_games
from spelkvall.core.i18n import t

SERVER = Path(spelkvall.server.__file__).parent


def test_every_error_key_the_server_raises_is_translated() -> None:
    all_games()
    source = "\n".join(p.read_text() for p in SERVER.glob("*.py"))
    keys = set(re.findall(r'ServiceError\(\s*"([a-z_.]+)"', source))
    assert "error.stale" in keys and len(keys) > 10
    for key in sorted(keys):
        assert t(key, "sv") != key, key
        assert t(key, "en") != key, key


def test_every_error_key_in_the_api_contract_is_translated() -> None:
    all_games()
    contract = (Path(__file__).parents[2] / "docs" / "api.md").read_text()
    keys = set(re.findall(r"error\.[a-z_]+", contract))
    assert len(keys) > 20
    for key in sorted(keys):
        assert t(key, "sv") != key, key
