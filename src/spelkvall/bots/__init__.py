"""Computer players. Every bot plays through the engine contract and sees only its own view."""

from .base import BOT_FACTORIES, Bot, HeuristicBot, Observation, RandomBot, make_bot

__all__ = ["BOT_FACTORIES", "Bot", "HeuristicBot", "Observation", "RandomBot", "make_bot"]
