"""The random stream of the compiled batch simulators, as Numba functions every kernel imports.

Game ``g`` of a batch seeded with ``seed`` draws from its own xorshift64* stream whose state
:func:`game_stream` derives through splitmix64, so a game's outcome depends only on (seed, game
number), not on how the games are split over threads. :mod:`spelkvall.core.xorshift` is the
same stream in Python, for the differential tests; the two must agree bit for bit.

The small functions are ``inline="always"``: a kernel draws in its innermost loops, where a
call would cost more than the arithmetic. Every kernel module that uses them names this module
in its ``depends_on`` call (:func:`spelkvall.core.kernels.depends_on`), so a change here makes
the kernels' cached code stale and they compile again.
"""

from __future__ import annotations

import numpy as np
from numba import njit

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
"""splitmix64's increment (2**64 / the golden ratio)."""
MUL = np.uint64(0x2545F4914F6CDD1D)
"""xorshift64*'s output multiplier."""
TO_UNIT = 1.0 / 9007199254740992.0  # 2**-53: 53 random bits to a float in [0, 1)


@njit(cache=True, inline="always")
def splitmix(x: np.uint64) -> np.uint64:
    """splitmix64's output for ``x``: a well-mixed 64-bit value."""
    z = x + GOLDEN
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def game_stream(seed: np.uint64, game: np.uint64) -> np.uint64:
    """The initial xorshift state of game number ``game`` of a batch seeded with ``seed``."""
    s = splitmix(splitmix(seed) + game * GOLDEN)
    if s == np.uint64(0):
        s = GOLDEN
    return s


@njit(cache=True, inline="always")
def draw(s: np.uint64) -> tuple[np.uint64, float]:
    """The stream's next state after ``s`` and its float in [0, 1)."""
    s ^= s >> np.uint64(12)
    s ^= s << np.uint64(25)
    s ^= s >> np.uint64(27)
    return s, float((s * MUL) >> np.uint64(11)) * TO_UNIT


@njit(cache=True, inline="always")
def draw_kept(rs):  # type: ignore[no-untyped-def]
    """The next float of the stream whose state is kept in ``rs[0]`` (advanced in place): for
    kernels that pass the stream down through their helpers in an array."""
    s, u = draw(rs[0])
    rs[0] = s
    return u


__all__ = ["GOLDEN", "MUL", "TO_UNIT", "draw", "draw_kept", "game_stream", "splitmix"]
