"""Every string the web client asks for is in the one translation table (no browser needed)."""

from __future__ import annotations

import re
from pathlib import Path

import spelkvall.web
from spelkvall.core.i18n import keys, table
from spelkvall.core.registry import all_games, web_folder

JS_DIR = Path(spelkvall.web.__file__).parent / "js"
# t("key" …) calls and {error: "key"} objects with a literal key.
KEY = re.compile(r"""\bt\(\s*"([a-z0-9_.]+)"|error:\s*"([a-z0-9_.]+)\"""")


def setup_module() -> None:
    all_games()  # the server loads every game, and with it the games' texts


def scripts() -> list[Path]:
    """The shared client's modules and every game's own (its ``web/`` folder)."""
    folders = [JS_DIR, *(web_folder(game.id) for game in all_games())]
    return [path for folder in folders if folder for path in sorted(folder.rglob("*.js"))]


def template() -> re.Pattern[str]:
    """`web.lobby.mode.${mode}`, `<game id>.card.${card}`: a key made from a literal prefix."""
    spaces = "|".join(["web", "colour", "seat", *(game.id for game in all_games())])
    return re.compile(rf"`((?:{spaces})\.[a-z0-9_.]*)\$\{{")


def used_keys() -> set[str]:
    found: set[str] = set()
    for path in scripts():
        for match in KEY.finditer(path.read_text(encoding="utf-8")):
            found.add(match.group(1) or match.group(2))
    return found


def test_every_literal_key_in_the_javascript_is_registered() -> None:
    used = used_keys()
    assert len(used) > 50  # the pattern still finds the calls
    assert sorted(used - keys()) == []


def test_every_templated_key_prefix_has_entries() -> None:
    # `web.lobby.mode.${mode}` and the like: some key must start with each prefix.
    for path in scripts():
        for prefix in template().findall(path.read_text(encoding="utf-8")):
            assert any(key.startswith(prefix) for key in keys()), prefix


def test_the_game_pages_were_searched_too() -> None:
    used = used_keys()
    for game in all_games():
        if web_folder(game.id):
            assert any(key.startswith(f"{game.id}.web.") for key in used), game.id


def test_the_web_strings_exist_in_swedish_and_english() -> None:
    sv, en = table("sv"), table("en")
    pages = tuple(f"{game.id}.web." for game in all_games())
    web = [key for key in sv if key.startswith(("web.", *pages))]
    assert web
    for key in web:
        assert sv[key].strip() and en[key].strip(), key
