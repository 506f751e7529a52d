"""Front: three players on a hexagon, captures by converging lines. ``GAME`` is what the
registry finds."""

from .actions import RETURNS, ROLLS, THROW, Move, Remove, Return, Roll, Throw, interned
from .board import DOWN, LEFT, RIGHT, UP, Board, board, layout, step
from .game import COLOURS, Front, where
from .options import FrontOptions
from .rules import FrontState

GAME = Front()

__all__ = [
    "COLOURS",
    "DOWN",
    "GAME",
    "LEFT",
    "RETURNS",
    "RIGHT",
    "ROLLS",
    "THROW",
    "UP",
    "Board",
    "Front",
    "FrontOptions",
    "FrontState",
    "Move",
    "Remove",
    "Return",
    "Roll",
    "Throw",
    "board",
    "interned",
    "layout",
    "step",
    "where",
]
