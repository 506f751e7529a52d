"""Every string the web client asks for is in the one translation table (no browser needed)."""

from __future__ import annotations

import re
from pathlib import Path

import spelkvall.web
from spelkvall.core.i18n import keys, table
from spelkvall.core.registry import all_games

JS_DIR = Path(spelkvall.web.__file__).parent / "js"
# t("key" …) calls and {error: "key"} objects with a literal key.
KEY = re.compile(r"""\bt\(\s*"([a-z0-9_.]+)"|error:\s*"([a-z0-9_.]+)\"""")
TEMPLATE = re.compile(r"`((?:web|fia|colour|seat)\.[a-z0-9_.]*)\$\{")


def setup_module() -> None:
    all_games()  # the server loads every game, and with it the games' texts


def used_keys() -> set[str]:
    found: set[str] = set()
    for path in JS_DIR.glob("*.js"):
        for match in KEY.finditer(path.read_text(encoding="utf-8")):
            found.add(match.group(1) or match.group(2))
    return found


def test_every_literal_key_in_the_javascript_is_registered() -> None:
    used = used_keys()
    assert len(used) > 50  # the pattern still finds the calls
    assert sorted(used - keys()) == []


def test_every_templated_key_prefix_has_entries() -> None:
    # `web.lobby.mode.${mode}` and the like: some key must start with each prefix.
    for path in JS_DIR.glob("*.js"):
        for prefix in TEMPLATE.findall(path.read_text(encoding="utf-8")):
            assert any(key.startswith(prefix) for key in keys()), prefix


def test_the_web_strings_exist_in_swedish_and_english() -> None:
    sv, en = table("sv"), table("en")
    web = [key for key in sv if key.startswith("web.")]
    assert web
    for key in web:
        assert sv[key].strip() and en[key].strip(), key
