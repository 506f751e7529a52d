"""DogRoyal: DOG with the Royal rules (``../shared/specs/dogroyal.md``). See ``README.md``.
``GAME`` is what the registry finds."""

from .actions import ACTION_TYPES, Accuse, Dealer, Draw, Forfeit, Give, Jump, Place, Play
from .board import CARDS, DECK_COUNTS, GOAL0, KENNEL
from .game import EVENT_SCHEMA, DogRoyal, piece_of, where
from .options import DogOptions
from .rules import DogState

GAME = DogRoyal()

__all__ = [
    "ACTION_TYPES",
    "CARDS",
    "DECK_COUNTS",
    "EVENT_SCHEMA",
    "GAME",
    "GOAL0",
    "KENNEL",
    "Accuse",
    "Dealer",
    "DogOptions",
    "DogRoyal",
    "DogState",
    "Draw",
    "Forfeit",
    "Give",
    "Jump",
    "Place",
    "Play",
    "piece_of",
    "where",
]
