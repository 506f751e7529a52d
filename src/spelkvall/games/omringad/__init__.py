"""Omringad, the goblin war game (``../shared/specs/omringad.md``). See ``README.md``.
``GAME`` is what the registry finds."""

from .game import COLOURS, EVENT_SCHEMA, Omringad
from .options import OmringadOptions
from .rules import OmringadState

GAME = Omringad()

__all__ = ["COLOURS", "EVENT_SCHEMA", "GAME", "Omringad", "OmringadOptions", "OmringadState"]
