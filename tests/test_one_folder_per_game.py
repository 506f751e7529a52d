"""One folder per game: outside ``src/spelkvall/games/`` no module knows any game.

No Python module outside the games imports ``spelkvall.games.<x>``, and no source file there
(``.py``, ``.js``, ``.css``, ``.html``) names a registered game's id as a word, in code, text or
comments alike: shared layers reach a game only through the registry and the contract, so that
adding a game touches no other folder. Rephrase a comment that needs an example ("a card game",
"a game with a fast simulator") rather than naming one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from spelkvall.core import all_games

SRC = Path(__file__).resolve().parents[1] / "src" / "spelkvall"
GAMES = SRC / "games"
SUFFIXES = (".py", ".js", ".css", ".html")
IMPORT = re.compile(r"^\s*(?:from|import)\s+spelkvall\.games\.\w+", re.MULTILINE)
RELATIVE_IMPORT = re.compile(r"^\s*from\s+\.+games\.\w+", re.MULTILINE)


def shared_files() -> list[Path]:
    """Every source file under ``src/spelkvall`` outside the games' folder."""
    return sorted(
        path
        for path in SRC.rglob("*")
        if path.suffix in SUFFIXES and path.is_file() and GAMES not in path.parents
    )


def game_ids() -> list[str]:
    return sorted(game.id for game in all_games())


def word(game_id: str) -> re.Pattern[str]:
    """The id as a word of its own (``fia`` but not ``fiance``; dashes and underscores count as
    word boundaries too, so ``fia-board.js`` and ``fia_view`` are caught)."""
    return re.compile(rf"(?<![a-z0-9]){re.escape(game_id)}(?![a-z0-9])", re.IGNORECASE)


def test_the_scan_sees_the_shared_layers_and_the_games() -> None:
    folders = {path.relative_to(SRC).parts[0] for path in shared_files()}
    assert {"cli", "bots", "core", "server", "store"} <= folders
    assert len(game_ids()) >= 2


def test_no_shared_module_imports_a_game() -> None:
    offenders = []
    for path in shared_files():
        if path.suffix != ".py":
            continue
        text = path.read_text(encoding="utf-8")
        for match in [*IMPORT.finditer(text), *RELATIVE_IMPORT.finditer(text)]:
            offenders.append(f"{path.relative_to(SRC)}: {match.group().strip()}")
    assert not offenders, "\n".join(offenders)


@pytest.mark.parametrize("game_id", game_ids())
def test_no_shared_file_names_a_game(game_id: str) -> None:
    pattern = word(game_id)
    offenders = []
    for path in shared_files():
        if pattern.search(path.name):
            offenders.append(f"{path.relative_to(SRC)} (the file name)")
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                offenders.append(f"{path.relative_to(SRC)}:{number}: {line.strip()[:100]}")
    assert not offenders, f"{len(offenders)} places name {game_id!r}:\n" + "\n".join(offenders)
