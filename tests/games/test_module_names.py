"""No module of a game gives one top-level name two values.

A compiled kernel keeps its stages, phases and state slots as module constants; a second
assignment to a name silently wins everywhere after it (a kernel once had a battle stage and a
state slot of one name: the stage compared with the slot's index and never matched)."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "src" / "spelkvall" / "games"
MODULES = sorted(GAMES.glob("*/*.py"))


def names_assigned_twice(source: str) -> dict[str, list[int]]:
    """Upper-case names assigned more than once at a module's top level, with their lines."""
    lines: dict[str, list[int]] = defaultdict(list)
    for node in ast.parse(source).body:
        targets = node.targets if isinstance(node, ast.Assign) else []
        if isinstance(node, ast.AnnAssign) and node.value is not None:
            targets = [node.target]
        for target in targets:
            for name in ast.walk(target):
                if isinstance(name, ast.Name) and name.id.isupper():
                    lines[name.id].append(node.lineno)
    return {name: at for name, at in lines.items() if len(at) > 1}


def test_the_check_finds_a_name_given_two_values() -> None:
    source = "A, STAGE = 0, 3\nSLOT = 10\nSTAGE = SLOT + 1\n"
    assert names_assigned_twice(source) == {"STAGE": [1, 3]}


@pytest.mark.parametrize("path", MODULES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_top_level_constant_is_assigned_twice(path: Path) -> None:
    assert names_assigned_twice(path.read_text()) == {}
