"""Front's action set for the shared numbering (``spelkvall.core.action_space``): every move
and removal of the board's depth, the return to each base column and the throw. The die rolls
are chance outcomes, which no seat takes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from spelkvall.core import Action

from .actions import RETURNS, THROW, interned


def actions(num_players: int, options: Any) -> Iterable[Action]:
    """The board's squares depend on ``options.depth``, so the set (and its size) does too."""
    table = interned(options.depth)
    return (THROW, *table.moves, *table.removes, *RETURNS)
