"""Fia's actions. Every action the game can offer exists once (see the tuples at the end)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from spelkvall.core import Action


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """A die outcome (a chance action)."""

    kind: ClassVar[str] = "roll"
    game: ClassVar[str] = "fia"
    value: int


@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move one's own piece number ``piece`` (1..4) on the board by the die."""

    kind: ClassVar[str] = "move"
    game: ClassVar[str] = "fia"
    piece: int


@dataclass(frozen=True, slots=True)
class Enter(Action):
    """A 1: one piece from the nest onto the start square (local 1)."""

    kind: ClassVar[str] = "enter"
    game: ClassVar[str] = "fia"


@dataclass(frozen=True, slots=True)
class EnterTwo(Action):
    """A 6: two pieces from the nest onto the start square."""

    kind: ClassVar[str] = "enter_two"
    game: ClassVar[str] = "fia"


@dataclass(frozen=True, slots=True)
class EnterSix(Action):
    """A 6: one piece from the nest onto the sixth square (local 6)."""

    kind: ClassVar[str] = "enter_six"
    game: ClassVar[str] = "fia"


ROLLS: tuple[Roll, ...] = tuple(Roll(v) for v in range(1, 7))
MOVES: tuple[Move, ...] = tuple(Move(p) for p in range(1, 5))
ENTER = Enter()
ENTER_TWO = EnterTwo()
ENTER_SIX = EnterSix()
ACTION_TYPES: tuple[type[Action], ...] = (Roll, Move, Enter, EnterTwo, EnterSix)
