"""A unit on the board is one int, so that a stack is a list of ints and a state clones fast.

Bits: type (0–13, ``board.py``) | damaged ``16`` | owner ``<< 5`` (7: the neutral Dragon) |
moved this round ``256`` | the square it entered from this phase + 1 ``<< 9`` (0: none) | the
number of the move that brought it ``<< 16`` (0: it was there before this phase). Only the type
and the damage of another player's units can be hidden; the rest is what everybody watched.
"""

from __future__ import annotations

TYPE = 15
DAMAGED = 16
OWNER_SHIFT = 5
NEUTRAL = 7
MOVED = 256
FROM_SHIFT = 9
FROM_MASK = 127 << FROM_SHIFT
STAMP_SHIFT = 16
PUBLIC_MASK = ~(TYPE | DAMAGED)
"""The bits anybody may see of any unit: owner, moved, entered-from and arrival."""


def make(unit_type: int, owner: int, damaged: bool = False) -> int:
    return unit_type | (DAMAGED if damaged else 0) | (owner << OWNER_SHIFT)


def kind(u: int) -> int:
    return u & TYPE


def owner(u: int) -> int:
    return (u >> OWNER_SHIFT) & 7


def damaged(u: int) -> bool:
    return bool(u & DAMAGED)


def moved(u: int) -> bool:
    return bool(u & MOVED)


def came_from(u: int) -> int:
    """The square the unit entered from this phase, or -1."""
    return ((u & FROM_MASK) >> FROM_SHIFT) - 1


def stamp(u: int) -> int:
    return u >> STAMP_SHIFT


def arrived(u: int, src: int, move: int) -> int:
    """The unit after a move (number ``move``) that entered its square from ``src``."""
    base = u & (TYPE | DAMAGED | (7 << OWNER_SHIFT))
    return base | MOVED | ((src + 1) << FROM_SHIFT) | (move << STAMP_SHIFT)


def settled(u: int) -> int:
    """The unit with its movement marks cleared (a new round, or a retreat's end)."""
    return u & (TYPE | DAMAGED | (7 << OWNER_SHIFT))
