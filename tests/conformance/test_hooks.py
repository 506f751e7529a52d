"""How the suite finds a game's hooks."""

from __future__ import annotations

import sys
from pathlib import Path

from spelkvall.core import get_game

from .checks import GameHooks
from .hooks import hooks_for, load_hooks


def test_fia_hooks_come_from_its_test_package() -> None:
    from tests.games.fia.conformance import HOOKS

    assert hooks_for(get_game("fia")) is HOOKS


def test_a_game_without_hooks_gets_the_defaults(tmp_path: Path) -> None:
    assert load_hooks(tmp_path, "nothing") == GameHooks()


def test_hooks_in_a_plain_folder_may_import_their_helpers_by_name(tmp_path: Path) -> None:
    folder = tmp_path / "toy"
    folder.mkdir()
    (folder / "toy_limits.py").write_text("MAX = 77\n")
    (folder / "conformance.py").write_text(
        "from toy_limits import MAX\n"
        "from tests.conformance.checks import GameHooks\n"
        "HOOKS = GameHooks(max_steps=MAX)\n"
    )
    try:
        assert load_hooks(tmp_path, "toy").max_steps == 77
    finally:
        sys.path.remove(str(folder))
        sys.modules.pop("toy_limits", None)
