"""Fia med knuff: the reference game. ``GAME`` is what the registry finds."""

from .actions import (
    ENTER,
    ENTER_SIX,
    ENTER_TWO,
    MOVES,
    ROLLS,
    Enter,
    EnterSix,
    EnterTwo,
    Move,
    Roll,
)
from .board import COLOURS, GOAL, NEST, START, layout, local, universal
from .game import Fia, where
from .rules import FiaOptions, FiaState

GAME = Fia()

__all__ = [
    "COLOURS",
    "ENTER",
    "ENTER_SIX",
    "ENTER_TWO",
    "GAME",
    "GOAL",
    "MOVES",
    "NEST",
    "ROLLS",
    "START",
    "Enter",
    "EnterSix",
    "EnterTwo",
    "Fia",
    "FiaOptions",
    "FiaState",
    "Move",
    "Roll",
    "layout",
    "local",
    "universal",
    "where",
]
