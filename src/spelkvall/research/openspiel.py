"""Every registered game as an OpenSpiel Python game: ``python_spelkvall_<id>``.

::

    import pyspiel
    import spelkvall.research.openspiel  # registers every game once

    game = pyspiel.load_game("python_spelkvall_<id>", {"players": 3})
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(np.random.choice(actions, p=probs)))
        else:
            state.apply_action(int(np.random.choice(state.legal_actions())))
    print(state.returns())

Nothing here knows a game: it reads the engine contract (``Game``, ``State``) and registers
whatever ``spelkvall.core.all_games`` holds when the module is imported (a game registered
later is added with :func:`register`).

- **GameType** from the declaration: sequential, explicit chance, perfect or imperfect
  information as ``Game.perfect_information`` says, terminal rewards, general sum (a team's
  win counts for every member), the declared ``min_players``/``max_players``. Parameters:
  ``players`` (default: the fewest the game allows), ``max_steps`` (default
  :data:`DEFAULT_MAX_STEPS`) and every option of the game by name with its declared default.
- **Actions** are the numbers of the shared numbering (``spelkvall.core.action_space``), the
  same as the PettingZoo environment's; **chance outcomes** have their own numbering
  (``action_space.chance_space``) and come with the probabilities ``State.chance_outcomes``
  gives them.
- **Simultaneous steps** (secret exchange, set-up, sealed bids) are played one seat after
  another, the first seat of ``State.players_to_act`` first, like the PettingZoo
  environment: each seat decides from its own view, which never shows another seat's secret
  choice, so OpenSpiel sees a sequential game with imperfect information.
- **Observations** are the seat's own view (``State.view(seat)``, what its screen is drawn
  from): the string is its JSON, the tensor its encoding (the game's ``encoding`` module, or
  the generic feature hashing of ``spelkvall.research.pettingzoo.encode_view``). The
  **information state** adds the seat's own past actions (perfect recall of its own moves):
  the string is the view's JSON and the list of numbers, the tensor the view's encoding and
  how often the seat took each number. Neither holds anything but the seat's view and its own
  moves, so neither reveals what the seat may not know. A public observer
  (``private_info=NONE``) sees the spectator's view.
- **Returns** at the end: +1 to each winner, -1 to everybody else; 0 to all when the game
  ends without a winner.
- **Truncation**: after ``max_steps`` decisions by the seats the game ends as a draw (returns
  0 for all). ``max_steps`` is also the ``max_game_length`` OpenSpiel's checks hold a game to.
- **Resampling** for IS-MCTS: ``state.resample_from_infostate(player, sampler)`` is a world
  drawn by ``Game.sample_state`` from the player's view; the other seats' past moves are not
  known there, so their information states start afresh from the sample.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pyspiel

from spelkvall.core import CHANCE, Game, Seat, State, all_games, get_game
from spelkvall.core.action_space import ActionSpace, action_space, chance_space

from .pettingzoo import DEFAULT_OBSERVATION_SIZE, encode_view, game_encoding

PREFIX = "python_spelkvall_"
"""OpenSpiel's name of a game is this prefix and the game's id."""
DEFAULT_MAX_STEPS = 20_000
"""Decisions by the seats after which a game ends as a draw unless ``max_steps`` says
otherwise. Random games of the registered games end within a few thousand."""

_PARAMETER_TYPES = (bool, int, float, str)


def short_name(game_id: str) -> str:
    """OpenSpiel's name of the game ``game_id``."""
    return f"{PREFIX}{game_id}"


def view_json(view: Any) -> str:
    """A view as canonical JSON: the same view always gives the same text."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def parameter_defaults(game: Game[Any, Any]) -> dict[str, Any]:
    """The OpenSpiel parameters of ``game`` with their defaults: ``players``, ``max_steps``
    and each option whose default is a bool, int, float or string (OpenSpiel's types)."""
    out: dict[str, Any] = {
        "players": game.player_counts()[0],
        "max_steps": DEFAULT_MAX_STEPS,
    }
    for spec in game.option_specs():
        if isinstance(spec.default, _PARAMETER_TYPES):
            out[spec.name] = spec.default
    return out


def game_type(game: Game[Any, Any]) -> pyspiel.GameType:
    """The ``GameType`` of ``game``, from its declaration."""
    information = (
        pyspiel.GameType.Information.PERFECT_INFORMATION
        if game.perfect_information
        else pyspiel.GameType.Information.IMPERFECT_INFORMATION
    )
    return pyspiel.GameType(
        short_name=short_name(game.id),
        long_name=f"Spelkväll {game.title('en')}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        # The engine's contract: every random event is a chance node with listed outcomes.
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=information,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_defaults(game),
    )


class SpelkvallGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type hints
    """One Spelkväll game for OpenSpiel. :func:`register` makes a subclass per game with
    :attr:`engine` set; ``pyspiel.load_game`` builds it with the parameters."""

    engine: Game[Any, Any] | None = None
    """The engine's game this class plays (set by :func:`register`)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        if self.engine is None:
            raise TypeError("register a game with spelkvall.research.openspiel.register")
        self.game: Game[Any, Any] = self.engine
        values = {**parameter_defaults(self.game), **dict(params or {})}
        self.num_seats = int(values.pop("players"))
        self.max_steps = int(values.pop("max_steps"))
        if self.max_steps < 1:
            raise ValueError("max_steps must be at least 1")
        self.options = self.game.parse_options(values)
        self.game.check_player_count(self.num_seats, self.options)
        self.numbering: ActionSpace = action_space(self.game, self.num_seats, self.options)
        self.chance: ActionSpace = chance_space(self.game, self.num_seats, self.options)
        self.encoding = game_encoding(self.game)
        self.view_size = (
            self.encoding.size(self.num_seats, self.options)
            if self.encoding is not None
            else DEFAULT_OBSERVATION_SIZE
        )
        seats = [Seat(f"player {i + 1}") for i in range(self.num_seats)]
        # The initial state holds no randomness (the engine's contract), so one prototype
        # serves every new game; OpenSpiel also builds an initial state for every clone.
        self._initial: State = self.game.new_state(seats, self.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.numbering.size,
            max_chance_outcomes=self.chance.size,
            num_players=self.num_seats,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=self.max_steps,
        )
        super().__init__(game_type(self.game), info, self._parameter_values())

    def _parameter_values(self) -> dict[str, Any]:
        """The parameters OpenSpiel keeps with the loaded game (its ``get_parameters``)."""
        out: dict[str, Any] = {"players": self.num_seats, "max_steps": self.max_steps}
        chosen = self.game.options_to_json(self.options)
        for name in parameter_defaults(self.game):
            if name in chosen:
                out[name] = chosen[name]
        return out

    def new_initial_state(self) -> SpelkvallState:
        """A new game: seats ``player 1`` … ``player n``; chance acts first where it does."""
        return SpelkvallState(self, self._initial.clone())

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> ViewObserver:
        """The observer OpenSpiel asks for: perfect recall gives the information state,
        otherwise the observation; a public observer sees the spectator's view."""
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        obs_type = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if (
            obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS
            and not self.game.perfect_information
        ):
            raise ValueError(f"{self.game.id} hides information: no observer sees all of it")
        public = obs_type.private_info == pyspiel.PrivateInfoType.NONE
        return ViewObserver(self, recall=obs_type.perfect_recall, public=public)

    def encode(self, view: Mapping[str, Any]) -> np.ndarray[Any, Any]:
        """A view as a float32 vector of :attr:`view_size`."""
        if self.encoding is not None:
            return np.asarray(
                self.encoding.encode(view, self.num_seats, self.options), dtype=np.float32
            )
        return encode_view(view, self.view_size)


class _Shared:
    """What every copy of a state shares (the game): OpenSpiel clones a Python state by
    deep-copying its attributes, and this one is not to be copied."""

    __slots__ = ("game",)

    def __init__(self, game: SpelkvallGame) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Position:
    """What a copy of a state owns: the engine's state, copied by its own ``clone`` (cheaper
    than a deep copy, and it shares the game's immutable tables), and the counters."""

    __slots__ = ("inner", "own_moves", "steps")

    def __init__(self, inner: State, steps: int, own_moves: list[list[int] | None]) -> None:
        self.inner = inner
        self.steps = steps
        self.own_moves = own_moves

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return _Position(
            self.inner.clone(), self.steps, [None if m is None else list(m) for m in self.own_moves]
        )


class SpelkvallState(pyspiel.State):  # type: ignore[misc]
    """A position of a Spelkväll game for OpenSpiel, wrapping the engine's ``State``
    (:attr:`inner`)."""

    def __init__(self, game: SpelkvallGame, inner: State) -> None:
        super().__init__(game)
        self._shared = _Shared(game)
        self._position = _Position(inner, 0, [[] for _ in range(game.num_seats)])

    @property
    def spelkvall(self) -> SpelkvallGame:
        """The OpenSpiel game this state belongs to."""
        return self._shared.game

    @property
    def inner(self) -> State:
        """The engine's state."""
        return self._position.inner

    @property
    def steps(self) -> int:
        """Decisions by the seats so far (what ``max_steps`` counts)."""
        return self._position.steps

    @property
    def own_moves(self) -> list[list[int] | None]:
        """Each seat's own past action numbers; ``None`` marks a seat whose past is not known
        (in a world resampled for another seat)."""
        return self._position.own_moves

    # --- whose turn ----------------------------------------------------------------------
    def current_player(self) -> int:
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        inner = self._position.inner
        if inner.is_chance():
            return int(pyspiel.PlayerId.CHANCE)
        to_act = inner.players_to_act()
        if not to_act:
            raise RuntimeError(f"{self.spelkvall.game.id}: nobody is to act in a live position")
        return int(to_act[0])

    def is_terminal(self) -> bool:
        position = self._position
        return position.inner.is_terminal() or position.steps >= self._shared.game.max_steps

    def _legal_actions(self, player: int) -> list[int]:
        if self.is_terminal() or player != self.current_player():
            return []
        return sorted(self.spelkvall.numbering.indices(self.inner.legal_actions(player)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        numbering = self.spelkvall.chance
        return sorted((numbering.index(a), float(p)) for a, p in self.inner.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        position = self._position
        game = self._shared.game
        if position.inner.is_chance():
            position.inner.apply(game.chance.action(action), CHANCE)
            return
        player = self.current_player()
        position.inner.apply(game.numbering.action(action), player)
        position.steps += 1
        moves = position.own_moves[player]
        if moves is not None:
            moves.append(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance:{view_json(self.spelkvall.chance.action(action).to_json())}"
        return view_json(self.spelkvall.numbering.action(action).to_json())

    # --- the end ---------------------------------------------------------------------------
    def returns(self) -> list[float]:
        n = self.spelkvall.num_seats
        if not self.inner.is_terminal():
            return [0.0] * n  # still playing, or cut off by max_steps: a draw
        result = self.inner.result()
        winners = set(result.winners) if result is not None else set()
        if not winners:
            return [0.0] * n
        return [1.0 if seat in winners else -1.0 for seat in range(n)]

    # --- samples ----------------------------------------------------------------------------
    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float] | Any
    ) -> SpelkvallState:
        """A state ``player_id`` cannot tell from this one: ``Game.sample_state`` from its
        view, seeded by one draw of ``probability_sampler``. The other seats' past moves are
        not known there (their information states go on from the sample)."""
        rng = random.Random(int(float(probability_sampler()) * 2**53))
        world = self.spelkvall.game.sample_state(self.inner, player_id, rng)
        sample: SpelkvallState = self.clone()
        sample._position = _Position(
            world,
            self.steps,
            [
                list(m) if seat == player_id and m is not None else None
                for seat, m in enumerate(self.own_moves)
            ],
        )
        return sample

    def __str__(self) -> str:
        """The spectator's view and the step count: what anybody at the table may see."""
        return f"steps={self.steps} {view_json(self.inner.view(None))}"


class ViewObserver:
    """OpenSpiel's Python observer over the seat's own view (see the module docstring):
    ``tensor`` and ``dict`` after ``set_from``, and ``string_from``."""

    def __init__(self, game: SpelkvallGame, *, recall: bool, public: bool) -> None:
        self.game = game
        self.recall = recall
        self.public = public
        size = game.view_size + (game.numbering.size if recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {"view": self.tensor[: game.view_size]}
        if recall:
            self.dict["own_moves"] = self.tensor[game.view_size :]

    def _view(self, state: SpelkvallState, player: int) -> dict[str, Any]:
        return state.inner.view(None if self.public else player)

    def set_from(self, state: SpelkvallState, player: int) -> None:
        self.tensor.fill(0.0)
        self.dict["view"][:] = self.game.encode(self._view(state, player))
        if self.recall and not self.public:
            counts = self.dict["own_moves"]
            for number in state.own_moves[player] or ():
                counts[number] += 1.0

    def string_from(self, state: SpelkvallState, player: int) -> str:
        text = view_json(self._view(state, player))
        if not self.recall or self.public:
            return text
        moves = state.own_moves[player]
        past = "?" if moves is None else ",".join(map(str, moves))
        return f"{text}|own:{past}"


_REGISTERED: dict[str, type[SpelkvallGame]] = {}


def register(game: Game[Any, Any] | str) -> str:
    """Register ``game`` (an id of ``spelkvall.core.all_games``, or a ``Game`` that need not
    be registered there) with OpenSpiel once; returns its OpenSpiel name."""
    found = get_game(game) if isinstance(game, str) else game
    name = short_name(found.id)
    if name not in _REGISTERED:
        cls = type(
            f"SpelkvallGame_{found.id}",
            (SpelkvallGame,),
            {"engine": found, "__doc__": f"{found.id} for OpenSpiel."},
        )
        pyspiel.register_game(game_type(found), cls)
        _REGISTERED[name] = cls
    return name


def registered() -> tuple[str, ...]:
    """OpenSpiel's names of the games registered so far."""
    return tuple(_REGISTERED)


for _game in all_games():
    register(_game)
