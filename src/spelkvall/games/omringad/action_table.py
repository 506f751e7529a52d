"""Omringad's action set for the shared numbering (``spelkvall.core.action_space``): the
interned actions of ``actions.py`` over every square of the largest board, and the bids up to
the most gold a seat can hold. Dice, the special drawn from the cup and the Dragon's target
are chance outcomes, which no seat takes."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from spelkvall.core import Action

from .actions import (
    ASSIGNS,
    BACK,
    BATTLES,
    BUYS,
    CONFIRM,
    DONE,
    DROP,
    FIGHT,
    MAX_SQUARES,
    MERGES,
    PASS,
    PLACE_SPECIALS,
    PLACES,
    RECRUITS,
    SELECTS,
    STEPS,
    TAKES,
    TARGETS,
    TILE_ACTIONS,
    USE_DIPLOMAT,
    bid,
    sealed,
)
from .rules import START_GOLD

MAX_GOLD = max(START_GOLD, MAX_SQUARES)
"""A seat's gold is the set-up's ``START_GOLD`` or its income, one per square held, so no bid
can be higher."""


def actions(num_players: int, options: Any) -> Iterable[Action]:
    """The same for both player counts (a superset on the smaller board)."""
    out: list[Action] = [BACK, DONE, DROP, CONFIRM, PASS, USE_DIPLOMAT, FIGHT]
    for table in (TILE_ACTIONS, RECRUITS, TAKES, ASSIGNS, PLACES, MERGES, TARGETS):
        out.extend(table.values())
    out.extend((*SELECTS, *STEPS, *PLACE_SPECIALS, *BATTLES, *BUYS))
    out.extend(bid(a) for a in range(MAX_GOLD + 1))
    out.extend(sealed(a) for a in range(MAX_GOLD + 1))
    return out
