"""DogRoyal's board and cards as plain constants (``../shared/specs/dogroyal.md`` §1-2).

Positions are ints: ``KENNEL`` (-1), a ring field ``0..63`` (clockwise), or a goal field
``GOAL0 + j`` (``j`` 0..3, 0 is the first goal field after the start field). Pieces are numbered
``4 * seat + type`` with types King, Knight, Citizen, Fool; each seat owns a quarter of the ring
(``slot``) whose first field is its start field.
"""

from __future__ import annotations

RING = 64
QUARTER = 16
KENNEL = -1
GOAL0 = 64
"""``GOAL0 + j`` is goal field ``j`` of the piece's own colour."""

COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue")

KING, KNIGHT, CITIZEN, FOOL = range(4)
PIECE_TYPES: tuple[str, ...] = ("king", "knight", "citizen", "fool")
PIECE_LETTERS: tuple[str, ...] = ("K", "R", "B", "N")
"""Kung, Riddare, Borgare, Narr: the letters drawn on the pieces."""
RANK: tuple[int, ...] = (4, 3, 2, 1)


def slots_for(players: int) -> tuple[int, ...]:
    """The quarter of the ring each seat owns: 2 players sit opposite, 3 leave one empty."""
    if players == 2:
        return (0, 2)
    return tuple(range(players))


# --- cards ----------------------------------------------------------------------------------
CARDS: tuple[str, ...] = (
    "2",
    "3",
    "4",
    "5",
    "6",
    "1-7",
    "8",
    "9",
    "10",
    "11",
    "12",
    "13",
    "swap",
    "magnet",
    "copy",
)
"""Card names as they appear in JSON. ``"4"`` is the ±4 card, ``"11"`` the 1/11 start card,
``"13"`` the 13 start card, ``"swap"`` the Tauscher, ``"copy"`` the = card."""
NUM_CARDS = len(CARDS)
CARD_INDEX: dict[str, int] = {name: i for i, name in enumerate(CARDS)}
(C2, C3, C4, C5, C6, C17, C8, C9, C10, C11, C12, C13, SWAP, MAGNET, COPY) = range(NUM_CARDS)

DECK_COUNTS: tuple[int, ...] = (7, 7, 7, 7, 7, 7, 7, 7, 7, 10, 7, 10, 7, 6, 7)
"""How many of each card the 110-card deck holds (§2)."""
DECK_SIZE = sum(DECK_COUNTS)
assert DECK_SIZE == 110

PLAIN_VALUE: tuple[int, ...] = (2, 3, 0, 5, 6, 0, 8, 9, 10, 0, 12, 0, 0, 0, 0)
"""Cards that move exactly n forward and nothing else (0: the card does something else)."""
KING_MAY_RUN: tuple[bool, ...] = (
    True,  # 2
    True,  # 3
    True,  # ±4
    True,  # 5
    True,  # 6
    True,  # 1-7
    False,  # 8
    False,  # 9
    False,  # 10
    True,  # 11: start, and 1 (an option)
    False,  # 12
    False,  # 13: start only
    True,  # swap
    True,  # magnet
    True,  # copy: decided by the copied card
)
"""Whether a King may be moved with the card at all (the crossed crown, §2)."""
START_CARDS = frozenset({C11, C13})
