"""The kernels' shared random stream (``core.kernel_random``): the same numbers as always.

Every game's batch results, recorded or compared with the reference engine, depend on these
exact bits; the stream in Python (``core.xorshift``) is the reference the tests replay.
"""

from __future__ import annotations

import numpy as np
import pytest
from numba import njit

from spelkvall.core import kernel_random as kr
from spelkvall.core import xorshift


@njit
def _first_draws(seed: np.uint64, game: np.uint64, n: int):  # type: ignore[no-untyped-def]
    """``n`` floats by ``draw`` and by ``draw_kept`` from game ``game``'s stream (the inline
    functions only exist inside a compiled caller)."""
    s = kr.game_stream(seed, game)
    by_value = np.zeros(n)
    for i in range(n):
        s, by_value[i] = kr.draw(s)
    rs = np.zeros(1, np.uint64)
    rs[0] = kr.game_stream(seed, game)
    kept = np.zeros(n)
    for i in range(n):
        kept[i] = kr.draw_kept(rs)
    return by_value, kept, s, rs[0]


@njit
def _splitmix(x: np.uint64) -> np.uint64:
    return kr.splitmix(x)


def test_splitmix_gives_splitmix64s_known_first_output() -> None:
    assert int(_splitmix(np.uint64(0))) == 0xE220A8397B1DCDAF


def test_a_games_stream_starts_where_it_always_has() -> None:
    assert int(kr.game_stream(np.uint64(0), np.uint64(0))) == 0xA706DD2F4D197E6F
    assert int(kr.game_stream(np.uint64(1), np.uint64(2))) == 0x0B95F66D327E8D78


def test_the_first_draws_are_the_recorded_ones() -> None:
    by_value, kept, _, _ = _first_draws(np.uint64(1), np.uint64(2), 3)
    assert list(by_value) == [0.8600289387393123, 0.3477721289701857, 0.21640680215864383]
    assert list(kept) == list(by_value)


@pytest.mark.parametrize(("seed", "game"), [(0, 0), (7, 3), (2**64 - 1, 12345)])
def test_the_compiled_stream_is_the_python_stream(seed: int, game: int) -> None:
    """Bit for bit, both ways of keeping the state: the differential tests rely on it."""
    by_value, kept, s, kept_state = _first_draws(np.uint64(seed), np.uint64(game), 50)
    reference = xorshift.XorShiftStream(seed, game)
    assert list(by_value) == [reference.random() for _ in range(50)]
    assert list(kept) == list(by_value)
    assert int(s) == int(kept_state) == reference.state
