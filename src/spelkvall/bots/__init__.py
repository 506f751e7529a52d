"""Computer players. Every bot plays through the engine contract and sees only its own view."""

from .base import Bot, Observation, RandomBot, make_bot

__all__ = ["Bot", "Observation", "RandomBot", "make_bot"]
