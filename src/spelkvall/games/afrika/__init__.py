"""Afrikas stjärna: the race for the Star of Africa on a map of Africa, for 2–5 players
(``../shared/specs/afrikas-stjarna.md``; see ``README.md``). ``GAME`` is what the registry
finds."""

from .actions import ACTION_TYPES
from .game import COLOURS, EVENT_SCHEMA, Afrika
from .options import AfrikaOptions
from .rules import AfrikaState

GAME = Afrika()

__all__ = [
    "ACTION_TYPES",
    "COLOURS",
    "EVENT_SCHEMA",
    "GAME",
    "Afrika",
    "AfrikaOptions",
    "AfrikaState",
]
