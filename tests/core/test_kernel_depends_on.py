"""``core.kernels.depends_on``: a kernel's cached code goes stale with what it compiles in.

Numba's on-disk cache of a function checks only the function's own file. Each case writes a
small chain of kernel modules to a temporary folder, as a game's kernel split over files does
(``c`` calls ``b`` calls ``a``, each naming the one below in ``depends_on``), and runs them in
fresh interpreters with a cache of their own, the way a second process finds the cache.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from spelkvall.core.kernels import depends_on

A = """
from numba import njit

@njit(cache=True)
def f():
    return {value}
"""

B = """
from numba import njit

import a
from spelkvall.core.kernels import depends_on

depends_on(__file__, a)

@njit(cache=True)
def g():
    return a.f() + 10
"""

C = """
from numba import njit

import b
from spelkvall.core.kernels import depends_on

depends_on(__file__, b)

@njit(cache=True)
def h():
    return b.g() + 100
"""

RUN = (
    "import json, c; value = c.h(); "
    "print(json.dumps([value, sum(c.h.stats.cache_hits.values()), "
    "sum(c.h.stats.cache_misses.values())]))"
)


def write_chain(folder: Path, value: int) -> None:
    (folder / "a.py").write_text(A.format(value=value))
    (folder / "b.py").write_text(B)
    (folder / "c.py").write_text(C)


def run(folder: Path) -> tuple[int, int, int]:
    """``c.h()`` in a fresh interpreter: (its value, cache hits, cache misses)."""
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(folder), *sys.path]),
        "NUMBA_CACHE_DIR": str(folder / "cache"),
    }
    done = subprocess.run(
        [sys.executable, "-c", RUN],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    value, hits, misses = json.loads(done.stdout.strip().splitlines()[-1])
    return value, hits, misses


def test_a_change_two_modules_down_recompiles_the_top_and_nothing_else_does(
    tmp_path: Path,
) -> None:
    write_chain(tmp_path, 1)
    assert run(tmp_path) == (111, 0, 1)  # compiled and saved
    assert run(tmp_path) == (111, 1, 0)  # unchanged dependencies: loaded from the cache
    (tmp_path / "a.py").write_text(A.format(value=2))
    assert run(tmp_path) == (112, 0, 1)  # without depends_on: 111 from the cache
    assert run(tmp_path) == (112, 1, 0)


def test_only_the_content_of_a_dependency_counts_not_its_time(tmp_path: Path) -> None:
    """A checkout or a copy renews every file's time; that alone must not recompile."""
    write_chain(tmp_path, 1)
    assert run(tmp_path) == (111, 0, 1)
    later = (tmp_path / "a.py").stat().st_mtime + 100
    for name in ("a.py", "b.py"):
        os.utime(tmp_path / name, (later, later))
    assert run(tmp_path)[1:] == (1, 0)


def test_nothing_is_written_and_an_unreadable_dependency_does_not_raise(
    tmp_path: Path,
) -> None:
    """Where the source tree is read-only (an installed package) there is nothing to do but
    read; a dependency that cannot be read at all counts as empty."""
    entry = tmp_path / "entry.py"
    entry.write_text("x = 1\n")
    before = sorted((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in tmp_path.iterdir())
    depends_on(str(entry), tmp_path / "missing.py", str(tmp_path))  # a folder: unreadable
    after = sorted((p.name, p.stat().st_mtime_ns, p.stat().st_size) for p in tmp_path.iterdir())
    assert after == before


def test_a_module_without_a_file_is_refused() -> None:
    with pytest.raises(ValueError, match="no source file"):
        depends_on(__file__, sys)
