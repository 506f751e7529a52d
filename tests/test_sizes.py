"""Rooms a developer can take in at once (docs/architecture.md, "Contracts"): no function over
120 lines and no module over 600 lines, outside the Numba kernels (a kernel's driver is one
loop that Numba compiles as a whole) and the text tables (one entry per line)."""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src" / "spelkvall"
MAX_FUNCTION_LINES = 120
MAX_MODULE_LINES = 600


def exempt(path: Path) -> bool:
    """Kernels (``_kernel*.py``) and text tables (``texts.py``) may be longer."""
    return path.name.startswith("_kernel") or path.name == "texts.py"


def sources(pattern: str) -> list[Path]:
    return sorted(p for p in SRC.rglob(pattern) if not exempt(p))


def test_no_module_is_over_600_lines() -> None:
    long = {
        str(path.relative_to(SRC)): lines
        for path in sources("*.py") + sources("*.js")
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert long == {}, f"split these by job: {long}"


def test_no_function_is_over_120_lines() -> None:
    long: dict[str, int] = {}
    for path in sources("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = (node.end_lineno or node.lineno) - node.lineno + 1
                if lines > MAX_FUNCTION_LINES:
                    long[f"{path.relative_to(SRC)}:{node.lineno} {node.name}"] = lines
    assert long == {}, f"break these into named steps: {long}"


def test_the_size_check_sees_a_long_function(tmp_path: Path) -> None:
    # The walk above must count a nested function's lines too (routes inside a router).
    body = "\n".join(f"        x{i} = {i}" for i in range(MAX_FUNCTION_LINES))
    tree = ast.parse(f"def outer():\n    def inner():\n{body}\n")
    lengths = {
        node.name: (node.end_lineno or 0) - node.lineno + 1
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef)
    }
    assert lengths["inner"] > MAX_FUNCTION_LINES < lengths["outer"]
