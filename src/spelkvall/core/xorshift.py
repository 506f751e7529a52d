"""The random stream of the compiled batch simulators, in Python.

A game's batch simulator (Numba) draws every game's randomness from its own xorshift64*
stream, seeded from the batch's seed and the game's number through splitmix64, so results do
not depend on how games are split over threads. :class:`XorShiftStream` replays the same
stream in Python: the differential tests hand it to the reference engine, which then makes
the same draws as the kernel, game for game. A game's ``batch`` module extends it with how its
kernel draws chance outcomes.
"""

from __future__ import annotations

M64 = (1 << 64) - 1
"""Arithmetic is modulo 2**64, as in the kernels' ``uint64``."""
GOLDEN = 0x9E3779B97F4A7C15
"""splitmix64's increment (2**64 / the golden ratio)."""
MUL = 0x2545F4914F6CDD1D
"""xorshift64*'s output multiplier."""
_TO_UNIT = 1.0 / 9007199254740992.0  # 2**-53: 53 random bits to a float in [0, 1)


def splitmix(x: int) -> int:
    """splitmix64's output for ``x``: a well-mixed 64-bit value."""
    z = (x + GOLDEN) & M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return z ^ (z >> 31)


def stream_state(seed: int, game: int) -> int:
    """The initial xorshift64* state of game number ``game`` in a batch seeded with ``seed``."""
    s = splitmix((splitmix(seed & M64) + game * GOLDEN) & M64)
    return s or GOLDEN


class XorShiftStream:
    """One game's stream: ``XorShiftStream(seed, g).random()`` returns the same floats, in the
    same order, as game ``g`` of a batch seeded with ``seed`` draws inside a kernel, and works
    as the ``random.Random`` the engine's policies take (``random()``)."""

    __slots__ = ("state",)

    def __init__(self, seed: int, game: int = 0) -> None:
        self.state = stream_state(seed, game)

    def random(self) -> float:
        """The next float in [0, 1)."""
        s = self.state
        s ^= s >> 12
        s ^= (s << 25) & M64
        s ^= s >> 27
        self.state = s
        return (((s * MUL) & M64) >> 11) * _TO_UNIT
