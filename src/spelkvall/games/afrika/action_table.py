"""Afrikas stjärna's action set for the shared numbering (``spelkvall.core.action_space``):
the interned actions of ``actions.py`` that a seat takes. Rolls, reveals and the turn order
are chance outcomes, which no seat takes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from spelkvall.core import Action

from .actions import (
    BUY,
    DECLINE,
    FLY,
    GO,
    PASS,
    SAIL,
    SAIL_FREE,
    SAIL_ON,
    START_AT,
    TRY_TOKEN,
    WALK,
)


def actions(num_players: int, options: Any) -> Iterable[Action]:
    """The same for every player count and option: places are named by their board ids."""
    out: list[Action] = [WALK, SAIL_ON, TRY_TOKEN, BUY, DECLINE, PASS]
    out.extend(START_AT.values())
    out.extend(GO.values())
    out.extend(a for a in (*SAIL, *SAIL_FREE, *FLY) if a is not None)
    return out
