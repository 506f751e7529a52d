"""Fia's action set for the shared numbering (``spelkvall.core.action_space``): what a seat
may ever choose. The die rolls are chance outcomes, which no seat takes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from spelkvall.core import Action

from .actions import ENTER, ENTER_SIX, ENTER_TWO, MOVES


def actions(num_players: int, options: Any) -> Iterable[Action]:
    """The same for every player count: a piece is named by its number, not its owner."""
    return (*MOVES, ENTER, ENTER_TWO, ENTER_SIX)
