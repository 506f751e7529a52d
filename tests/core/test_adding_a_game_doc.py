"""docs/engine.md's "Adding a game" names the files of one folder and its tests, nothing else."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _adding_a_game_block() -> str:
    doc = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Adding a game") :]
    start = section.index("```\n") + 4
    return section[start : section.index("\n```", start)]


def test_adding_a_game_lists_only_the_games_folder_and_its_tests() -> None:
    roots = [
        line.split()[0] for line in _adding_a_game_block().splitlines() if line and line[0] != " "
    ]
    assert roots == ["src/spelkvall/games/<id>/", "tests/games/<id>/"]


def test_the_files_it_lists_are_the_ones_the_registry_and_the_hook_look_for() -> None:
    files = re.findall(r"^    (\S+\.\w+)", _adding_a_game_block(), flags=re.MULTILINE)
    assert {"__init__.py", "texts.py", "terminal.py", "web/page.js", "README.md"} <= set(files)
    for game in ("fia", "dogroyal"):
        folder = ROOT / "src" / "spelkvall" / "games" / game
        for name in ("__init__.py", "game.py", "texts.py", "README.md"):
            assert (folder / name).is_file(), f"{game} lacks {name}"
