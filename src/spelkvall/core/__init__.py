"""The engine contract every game implements. See docs/engine.md."""

from .action import Action, ActionCodec, Event, EventSchema, event_to_json
from .errors import IllegalAction, InvalidRecord, InvalidSetup, SpelkvallError
from .game import Game, Seat, clean_name
from .match import LogEntry, Match, MatchRecord
from .registry import all_games, get_game, register_game
from .state import CHANCE, Result, State

__all__ = [
    "CHANCE",
    "Action",
    "ActionCodec",
    "Event",
    "EventSchema",
    "Game",
    "IllegalAction",
    "InvalidRecord",
    "InvalidSetup",
    "LogEntry",
    "Match",
    "MatchRecord",
    "Result",
    "Seat",
    "SpelkvallError",
    "State",
    "all_games",
    "clean_name",
    "event_to_json",
    "get_game",
    "register_game",
]
