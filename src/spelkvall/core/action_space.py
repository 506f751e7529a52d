"""A stable numbering of a game's actions: every action a seat may take gets one integer.

Learning code (reinforcement learning, OpenSpiel-style search) wants actions as integers
``0..size-1`` with a fixed size per game and player count. The numbering is defined here, once
for every game, from two things the game declares:

1. **The action set**: every action a seat may ever take with ``num_players`` players under
   ``options``. A game that needs one gives it as a table in its own folder: a module
   ``action_table.py`` next to its ``game.py`` with a function
   ``actions(num_players: int, options) -> Iterable[Action]``. A superset is fine (an action
   that is never legal only wastes a slot of the mask); chance outcomes may be left out, since
   no seat ever takes them. A game without a table gets the set from its declaration alone
   (:func:`declared_actions`): every value of the action classes whose fields are all ``bool``
   (or that have none), the action values the game interns at import in the modules of its
   action classes (the engine's convention: a game creates every action it can offer once),
   and whatever a fixed-seed exploration of random games offers to the seats.
2. **The order**: core sorts the set by the position of the action's class in
   ``Game.action_types``, then by the action's field values in declaration order. So the same
   action always gets the same number, in every run and every state, whatever order the table
   lists them in; the numbering changes only when the rules' declaration does.

A legal action that the set lacks is a bug in the game's table (or a game whose exploration
missed a move): :meth:`ActionSpace.index` raises :class:`KeyError` naming the action and the
table to write.

**Chance outcomes** get a numbering of their own (:func:`chance_space`), for frameworks whose
chance outcomes are integers too (OpenSpiel): the game's table may list them in a function
``chance_actions(num_players, options)``; without one core finds them from the declaration:
every outcome that ``State.chance_outcomes`` lists at any chance node of a fixed-seed
exploration of random games, and the values that the game interns at import of those
outcomes' classes and of the action classes no seat takes (so a die face, a card or a rare
event that the exploration never met still has its number). Sorted the same way as the seats'
actions.
"""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import random
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .action import Action
from .game import Game, Seat
from .state import CHANCE, State

TABLE_MODULE = "action_table"
"""The module in a game's folder that lists its action set (see the module docstring)."""

EXPLORE_GAMES = 24
"""Random games the fallback plays to find the actions of a game without a table."""
EXPLORE_STEPS = 4000
"""Steps per exploration game at most (a random game that runs on is cut off there)."""


class ActionSpace:
    """The numbering of one game for one player count and options: ``actions[i]`` is action
    number ``i``. Built by :func:`action_space`; immutable."""

    __slots__ = ("_index", "actions", "game_id", "num_players", "source")

    def __init__(
        self, game_id: str, num_players: int, actions: Sequence[Action], source: str
    ) -> None:
        self.game_id = game_id
        self.num_players = num_players
        self.actions: tuple[Action, ...] = tuple(actions)
        self.source = source
        """``"table"`` (the game's ``action_table``) or ``"declaration"`` (the fallback)."""
        self._index: dict[Action, int] = {a: i for i, a in enumerate(self.actions)}

    @property
    def size(self) -> int:
        return len(self.actions)

    def __len__(self) -> int:
        return len(self.actions)

    def __contains__(self, action: object) -> bool:
        return action in self._index

    def index(self, action: Action) -> int:
        """The number of ``action``; :class:`KeyError` with advice when it has none."""
        try:
            return self._index[action]
        except KeyError:
            raise KeyError(
                f"{self.game_id}: the action {action.to_json()} has no number; list it in the "
                f"game's {TABLE_MODULE}.py (source of this numbering: {self.source})"
            ) from None

    def action(self, number: int) -> Action:
        """The action numbered ``number``."""
        return self.actions[number]

    def indices(self, actions: Iterable[Action]) -> list[int]:
        """The numbers of ``actions`` (a legal list), in their order."""
        return [self.index(a) for a in actions]


def sort_key(game: Game[Any, Any], action: Action) -> tuple[int, tuple[Any, ...]]:
    """Where ``action`` stands in the numbering: its class's place in ``game.action_types``,
    then its field values in declaration order."""
    position = {cls: i for i, cls in enumerate(game.action_types)}
    cls = type(action)
    if cls not in position:
        raise ValueError(f"{game.id}: {cls.__name__} is not one of the game's action types")
    return position[cls], tuple(getattr(action, f.name) for f in dataclasses.fields(action))


def numbering(game: Game[Any, Any], actions: Iterable[Action]) -> list[Action]:
    """``actions`` without repeats, in the numbering's order (:func:`sort_key`)."""
    position = {cls: i for i, cls in enumerate(game.action_types)}
    unique = set(actions)
    for action in unique:
        if type(action) not in position:
            raise ValueError(
                f"{game.id}: {type(action).__name__} is not one of the game's action types"
            )

    def key(action: Action) -> tuple[int, tuple[Any, ...]]:
        fields = dataclasses.fields(action)
        return position[type(action)], tuple(getattr(action, f.name) for f in fields)

    return sorted(unique, key=key)


def game_package(game: Game[Any, Any]) -> str | None:
    """The import name of the package that holds ``game``'s class (its folder)."""
    module = sys.modules.get(type(game).__module__)
    package = getattr(module, "__package__", None)
    return package or None


def table_module(game: Game[Any, Any]) -> Any | None:
    """The game's ``action_table`` module, or ``None`` when its folder has none."""
    package = game_package(game)
    if package is None:
        return None
    name = f"{package}.{TABLE_MODULE}"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:
        return None
    return importlib.import_module(name)


_CACHE: dict[tuple[int, str, int, Any], ActionSpace] = {}


def action_space(game: Game[Any, Any], num_players: int, options: Any | None = None) -> ActionSpace:
    """The numbering of ``game``'s actions with ``num_players`` players under ``options``
    (default options when ``None``): the game's table when it has one, else the set found
    from its declaration. Computed once per game, count and options."""
    options = game.default_options() if options is None else options
    game.check_player_count(num_players, options)
    try:
        key: tuple[int, str, int, Any] | None = (id(game), game.id, num_players, options)
        hash(key)
    except TypeError:  # options that cannot be hashed are simply not cached
        key = None
    if key is not None and key in _CACHE:
        return _CACHE[key]
    table = table_module(game)
    if table is not None:
        listed = numbering(game, table.actions(num_players, options))
        space = ActionSpace(game.id, num_players, listed, "table")
    else:
        found = numbering(game, declared_actions(game, num_players, options))
        space = ActionSpace(game.id, num_players, found, "declaration")
    if not space.actions:
        raise ValueError(f"{game.id}: no actions to number")
    if key is not None:
        _CACHE[key] = space
    return space


_CHANCE_CACHE: dict[tuple[int, str, int, Any], ActionSpace] = {}

CHANCE_TABLE_FUNCTION = "chance_actions"
"""The optional function of a game's ``action_table`` that lists its chance outcomes."""


def chance_space(game: Game[Any, Any], num_players: int, options: Any | None = None) -> ActionSpace:
    """The numbering of ``game``'s chance outcomes with ``num_players`` players under
    ``options``: the table's ``chance_actions`` when it has one, else the outcomes found from
    the declaration (see the module docstring). Empty for a game without chance. Computed
    once per game, count and options."""
    options = game.default_options() if options is None else options
    game.check_player_count(num_players, options)
    try:
        key: tuple[int, str, int, Any] | None = (id(game), game.id, num_players, options)
        hash(key)
    except TypeError:
        key = None
    if key is not None and key in _CHANCE_CACHE:
        return _CHANCE_CACHE[key]
    table = table_module(game)
    listing = getattr(table, CHANCE_TABLE_FUNCTION, None) if table is not None else None
    if listing is not None:
        space = ActionSpace(
            game.id, num_players, numbering(game, listing(num_players, options)), "table"
        )
    else:
        found = numbering(game, declared_chance_actions(game, num_players, options))
        space = ActionSpace(game.id, num_players, found, "declaration")
    if key is not None:
        _CHANCE_CACHE[key] = space
    return space


def declared_chance_actions(game: Game[Any, Any], num_players: int, options: Any) -> set[Action]:
    """The chance outcomes of a game whose table does not list them: all that the chance nodes
    of :data:`EXPLORE_GAMES` fixed-seed random games list, and the interned values of their
    classes in the modules of the game's action classes."""
    found = _explore(game, num_players, options)[1]
    # A chance class the exploration never met (a rare event) is still one of the action
    # classes that no seat ever takes.
    seats_take = {type(a) for a in action_space(game, num_players, options).actions}
    unused = {cls for cls in game.action_types if cls not in seats_take}
    classes = tuple({type(a) for a in found} | unused)
    if classes:
        for module_name in {cls.__module__ for cls in game.action_types}:
            module = sys.modules.get(module_name)
            if module is not None:
                found.update(_interned(vars(module), classes))
    return found


def declared_actions(game: Game[Any, Any], num_players: int, options: Any) -> set[Action]:
    """The action set of a game without a table (see the module docstring)."""
    found: set[Action] = set()
    classes = tuple(game.action_types)
    for cls in classes:
        fields = dataclasses.fields(cls)
        if all(f.type in (bool, "bool") for f in fields):
            # A class of flags only is enumerable from its declaration alone.
            values: list[dict[str, bool]] = [{}]
            for f in fields:
                values = [{**v, f.name: b} for v in values for b in (False, True)]
            found.update(cls(**v) for v in values)
    for module_name in {cls.__module__ for cls in classes}:
        module = sys.modules.get(module_name)
        if module is not None:
            found.update(_interned(vars(module), classes))
    found.update(_explore(game, num_players, options)[0])
    return found


def _interned(namespace: Mapping[str, Any], classes: tuple[type[Action], ...]) -> set[Action]:
    """Action values held at a module's top level: alone, or in a tuple, list, set or dict."""
    out: set[Action] = set()
    for value in namespace.values():
        items: Iterable[Any]
        if isinstance(value, Action):
            items = (value,)
        elif isinstance(value, tuple | list | set | frozenset):
            items = value
        elif isinstance(value, dict):
            items = value.values()
        else:
            continue
        out.update(a for a in items if isinstance(a, classes))
    return out


def _explore(
    game: Game[Any, Any], num_players: int, options: Any
) -> tuple[set[Action], set[Action]]:
    """The actions offered to a seat and the chance outcomes listed in :data:`EXPLORE_GAMES`
    random games from a fixed seed: the same sets in every run."""
    rng = random.Random(0)
    seats = [Seat(f"player {i + 1}") for i in range(num_players)]
    offered: set[Action] = set()
    outcomes: set[Action] = set()
    for _ in range(EXPLORE_GAMES):
        state: State = game.new_state(seats, options)
        for _step in range(EXPLORE_STEPS):
            if state.is_terminal():
                break
            if state.is_chance():
                outcomes.update(a for a, _p in state.chance_outcomes())
                state.apply(state.sample_chance(rng), CHANCE)
                continue
            to_act = state.players_to_act()
            if not to_act:
                break
            player = to_act[0]
            legal = state.legal_actions(player)
            offered.update(legal)
            state.apply(rng.choice(list(legal)), player)
    return offered, outcomes
