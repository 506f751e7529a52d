"""Import contracts of the game packages (docs/architecture.md, "Contracts").

- A game module imports at module level. An import inside a function body hides a cycle
  between modules (move what both need into a module of its own, like ``phases.py``) unless
  it is a deliberate lazy load, listed in ``LAZY`` with its reason.
- A game never imports another game: each package stands alone and is found by the registry.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[1] / "src" / "spelkvall" / "games"

_KERNEL = (
    "the Numba kernel: importing it imports Numba (a second or more); only a batch playout "
    "pays for that, never the rules, a view or a bot's single move"
)

LAZY: dict[tuple[str, str], str] = {
    ("afrika/batch.py", "._kernel"): _KERNEL,
    ("dogroyal/batch.py", "._kernel"): _KERNEL,
    ("fia/batch.py", "._kernel"): _KERNEL,
    ("front/batch.py", "._kernel"): _KERNEL,
    ("omringad/batch.py", "._kernel"): _KERNEL,
}
"""(file under ``games/``, module imported) → why it is imported inside a function."""


def game_names() -> list[str]:
    return sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())


def game_files() -> list[Path]:
    return sorted(GAMES.glob("*/**/*.py"))


def imported(node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules an import statement names, relative ones with their leading dots:
    ``from . import _kernel`` → ``._kernel``, ``from .rules import X`` → ``.rules``."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = "." * node.level + (node.module or "")
    if node.module is None:
        return [base + alias.name for alias in node.names]
    return [base]


def function_imports(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, module) of every import inside a function or method body, nested ones too."""
    inside: dict[int, ast.Import | ast.ImportFrom] = {}  # by id: a nested function's once
    for func in ast.walk(tree):
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            for node in ast.walk(func):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    inside[id(node)] = node
    nodes = sorted(inside.values(), key=lambda node: node.lineno)
    return [(node.lineno, name) for node in nodes for name in imported(node)]


def absolute(path: Path, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The dotted names an import statement reaches, relative ones resolved from ``path``."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    package = ["spelkvall", "games", *path.relative_to(GAMES).parent.parts]
    if node.level:
        package = package[: len(package) - (node.level - 1)]
        base = [*package, *(node.module.split(".") if node.module else [])]
    else:
        base = (node.module or "").split(".")
    # ``from spelkvall.games import fia`` names the other game in its alias.
    named = [".".join([*base, alias.name]) for alias in node.names]
    return named if node.module is None else [".".join(base), *named]


def test_the_scanner_sees_a_function_level_import_and_ignores_type_checking_ones() -> None:
    """The rule's own check can fail: a hidden import is found, a module-level one is not."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "from .board import X\n"
        "if TYPE_CHECKING:\n"
        "    from .rules import State\n"
        "def view(state):\n"
        "    from .rules import PHASES\n"
        "    def inner():\n"
        "        from . import _kernel\n"
        "class C:\n"
        "    def m(self):\n"
        "        import numba\n"
    )
    assert function_imports(ast.parse(source)) == [(6, ".rules"), (8, "._kernel"), (11, "numba")]


@pytest.mark.parametrize(
    "source", ["from ..fia import board", "from .. import fia", "from spelkvall.games import fia"]
)
def test_the_scanner_resolves_an_import_of_another_game(source: str) -> None:
    """Each spelling, in ``afrika/rules.py``, reaches ``spelkvall.games.fia``."""
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.ImportFrom)
    names = absolute(GAMES / "afrika" / "rules.py", node)
    assert any(n.startswith("spelkvall.games.fia") for n in names), names


def test_games_exist() -> None:
    # Both rules below pass vacuously over no files; make sure there are games to check.
    assert len(game_names()) >= 2
    assert len(game_files()) > 10


@pytest.mark.parametrize("path", game_files(), ids=lambda p: str(p.relative_to(GAMES)))
def test_a_game_module_imports_at_module_level(path: Path) -> None:
    """No import inside a function body, except the lazy loads listed in ``LAZY``."""
    rel = path.relative_to(GAMES).as_posix()
    hidden = [
        f"{rel}:{line} imports {module} inside a function"
        for line, module in function_imports(ast.parse(path.read_text(encoding="utf-8")))
        if (rel, module) not in LAZY
    ]
    assert not hidden, "\n".join(hidden)


def test_every_listed_lazy_load_still_exists() -> None:
    """An exception whose import has gone (or moved to module level) leaves the list."""
    seen = {
        (path.relative_to(GAMES).as_posix(), module)
        for path in game_files()
        for _, module in function_imports(ast.parse(path.read_text(encoding="utf-8")))
    }
    assert set(LAZY) - seen == set()


@pytest.mark.parametrize("path", game_files(), ids=lambda p: str(p.relative_to(GAMES)))
def test_a_game_imports_no_other_game(path: Path) -> None:
    """A game's modules reach ``spelkvall.games.<its own>`` only."""
    own = path.relative_to(GAMES).parts[0]
    others = {f"spelkvall.games.{name}" for name in game_names() if name != own}
    crossing = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import | ast.ImportFrom):
            for name in absolute(path, node):
                if any(name == o or name.startswith(o + ".") for o in others):
                    crossing.append(f"{path.relative_to(GAMES)}:{node.lineno} imports {name}")
    assert not crossing, "\n".join(crossing)
