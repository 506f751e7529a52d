"""The engine contract every game implements. See docs/engine.md."""

from .action import TURN_EVENT, Action, ActionCodec, Event, EventSchema, event_to_json
from .bag import Bag, Pile
from .errors import IllegalAction, InvalidRecord, InvalidSetup, SpelkvallError
from .game import (
    ADVICE,
    CAPABILITIES,
    FAST_SIMULATOR,
    LAYOUT,
    POSITION,
    FastBatch,
    Game,
    Seat,
    Teams,
    clean_name,
    counts_text,
    name_key,
)
from .match import LogEntry, Match, MatchRecord
from .options import OptionSpec, option
from .palette import PALETTE, PlayerColour
from .phases import Phases
from .presentation import TerminalView
from .registry import (
    all_games,
    get_game,
    register_game,
    terminal_view,
    unregister_game,
    web_folder,
)
from .state import CHANCE, Result, State
from .turns import next_player, players_in_order
from .tutorial import Tutorial

__all__ = [
    "ADVICE",
    "CAPABILITIES",
    "CHANCE",
    "FAST_SIMULATOR",
    "LAYOUT",
    "PALETTE",
    "POSITION",
    "TURN_EVENT",
    "Action",
    "ActionCodec",
    "Bag",
    "Event",
    "EventSchema",
    "FastBatch",
    "Game",
    "IllegalAction",
    "InvalidRecord",
    "InvalidSetup",
    "LogEntry",
    "Match",
    "MatchRecord",
    "OptionSpec",
    "Phases",
    "Pile",
    "PlayerColour",
    "Result",
    "Seat",
    "SpelkvallError",
    "State",
    "Teams",
    "TerminalView",
    "Tutorial",
    "all_games",
    "clean_name",
    "counts_text",
    "event_to_json",
    "get_game",
    "name_key",
    "next_player",
    "option",
    "players_in_order",
    "register_game",
    "terminal_view",
    "unregister_game",
    "web_folder",
]
