"""Computer players. Every bot plays through the engine contract and sees only its own view."""

from .base import BOT_FACTORIES, Bot, HeuristicBot, Observation, RandomBot, make_bot
from .ismcts import ISMCTSBot
from .levels import LEVELS
from .mcts import MCTSBot

__all__ = [
    "BOT_FACTORIES",
    "LEVELS",
    "Bot",
    "HeuristicBot",
    "ISMCTSBot",
    "MCTSBot",
    "Observation",
    "RandomBot",
    "make_bot",
]
