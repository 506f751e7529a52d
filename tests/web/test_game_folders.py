"""One folder per game: the shared client never names a game, and a game's page lives in its
own ``web/`` folder and reaches the shared modules by their absolute URLs (no browser needed)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import spelkvall.web
from spelkvall.core import all_games, web_folder

WEB = Path(spelkvall.web.__file__).parent
SHARED_JS = WEB / "js"
IMPORT = re.compile(r"""^\s*import\b[^"']*["']([^"']+)["']""", re.MULTILINE)


def shared_files() -> list[Path]:
    return sorted(
        path
        for path in WEB.rglob("*")
        if path.suffix in {".js", ".css", ".html", ".py"} and "__pycache__" not in path.parts
    )


def test_no_shared_web_file_names_a_registered_game() -> None:
    ids = [game.id for game in all_games()]
    assert ids  # the registry found the games
    mention = re.compile(rf"\b({'|'.join(map(re.escape, ids))})\b", re.IGNORECASE)
    files = shared_files()
    assert WEB / "js" / "lobby.js" in files and WEB / "texts.py" in files
    found = [
        f"{path.relative_to(WEB)}:{number}: {line.strip()}"
        for path in files
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if mention.search(line)
    ]
    assert found == []


@pytest.mark.parametrize("game_id", [game.id for game in all_games()])
def test_a_game_page_imports_shared_code_by_absolute_url(game_id: str) -> None:
    folder = web_folder(game_id)
    if folder is None:
        pytest.skip(f"{game_id} is played on the generic page")
    page = (folder / "page.js").read_text(encoding="utf-8")
    assert re.search(r"^export default class \w+", page, re.MULTILINE), "the page class"
    for module in sorted(folder.rglob("*.js")):
        for url in IMPORT.findall(module.read_text(encoding="utf-8")):
            if url.startswith("/static/js/"):
                assert (SHARED_JS / url.removeprefix("/static/js/")).is_file(), url
            else:
                # Within the folder only: the folder is served at /static/games/<id>/.
                assert url.startswith("./") and (module.parent / url).resolve().is_file(), url
                assert (module.parent / url).resolve().is_relative_to(folder.resolve()), url
