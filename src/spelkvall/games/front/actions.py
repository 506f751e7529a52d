"""Front's actions. Squares are named by their region, row and column ``(p, r, c)`` so that an
action means the same on every depth; each value exists once per depth (``interned``)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from spelkvall.core import Action
from spelkvall.core.i18n import DEFAULT_LANGUAGE, t

from .board import COLUMN_LETTERS, PLAYERS, WIDTH, board


def square_name(r: int, c: int) -> str:
    """A square within its region: column letter a–h and row from the base, ``c1``."""
    return f"{COLUMN_LETTERS[c]}{r + 1}"


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """A die outcome (a chance action): the start roll-off or a turn's roll."""

    kind: ClassVar[str] = "roll"
    game: ClassVar[str] = "front"
    value: int


@dataclass(frozen=True, slots=True)
class Throw(Action):
    """Roll the die instead of removing a piece (offered only when a removal is possible)."""

    kind: ClassVar[str] = "throw"
    game: ClassVar[str] = "front"


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move the own piece on (p, r, c) the rolled number of steps in direction ``dir``
    (0 left, 1 right, 2 down, 3 up, as the owner of that square sees them)."""

    kind: ClassVar[str] = "move"
    game: ClassVar[str] = "front"
    p: int
    r: int
    c: int
    dir: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t(
            "front.action.move",
            lang,
            square=square_name(self.r, self.c),
            region=self.p + 1,
            dir=t(f"front.dir.{self.dir}", lang),
        )


@dataclass(frozen=True, slots=True)
class Remove(Action):
    """Remove the enemy piece on (p, r, c) instead of rolling."""

    kind: ClassVar[str] = "remove"
    game: ClassVar[str] = "front"
    p: int
    r: int
    c: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("front.action.remove", lang, square=square_name(self.r, self.c), region=self.p + 1)


@dataclass(frozen=True, slots=True)
class Return(Action):
    """After scoring: put the piece back on column ``c`` of the own base camp."""

    kind: ClassVar[str] = "return"
    game: ClassVar[str] = "front"
    c: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("front.action.return", lang, square=square_name(0, self.c))


ROLLS: tuple[Roll, ...] = tuple(Roll(v) for v in range(1, 7))
THROW = Throw()
RETURNS: tuple[Return, ...] = tuple(Return(c) for c in range(WIDTH))
ACTION_TYPES: tuple[type[Action], ...] = (Roll, Throw, Move, Remove, Return)


@dataclass(frozen=True)
class Interned:
    """The move and removal actions of one depth, by engine square: ``moves[4·sq + d]``,
    ``removes[sq]``."""

    moves: tuple[Move, ...]
    removes: tuple[Remove, ...]


@cache
def interned(depth: int) -> Interned:
    b = board(depth)
    moves: list[Move] = []
    removes: list[Remove] = []
    for sq in range(PLAYERS * WIDTH * depth):
        p, r, c = b.coords(sq)
        removes.append(Remove(p, r, c))
        moves.extend(Move(p, r, c, d) for d in range(4))
    return Interned(tuple(moves), tuple(removes))
