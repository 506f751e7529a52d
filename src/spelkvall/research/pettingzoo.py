"""Every registered game as a PettingZoo AEC environment: ``env("<id>", **options)``.

::

    from spelkvall.research.pettingzoo import env

    game = env("<id>", players=3, max_steps=5000)  # plus the game's own options by name
    game.reset(seed=7)
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, info = game.last()
        mask = obs["action_mask"]
        game.step(None if terminated or truncated else game.action_space(agent).sample(mask))

Nothing here knows a game: it reads the engine contract (``Game``, ``State``) and works for a
game added later without a line of code for it.

- **Agents** are ``player_0`` … ``player_{n-1}``, the seats in order. The agent selected is the
  first seat in ``State.players_to_act``; in a step where several seats act at once they act
  one after another, each seeing only its own view, so nobody learns another's secret choice.
- **Actions** are the integers of the shared numbering (``spelkvall.core.action_space``): a
  ``Discrete(size)`` whose size is fixed per game, player count and options, and where the same
  action always has the same number. An illegal number raises ``ValueError``.
- **Observations** are ``{"observation": float32 array, "action_mask": int8 array}``, the
  convention of PettingZoo's board games; the mask marks the legal numbers of the seat (all 0
  when the seat is not to act). See :func:`encode_view` for the generic encoding; a game may
  give a better one in its folder (:data:`ENCODING_MODULE`).
- **Chance** (dice, shuffles, draws) is played inside the environment with a generator seeded
  by ``reset(seed=...)``: the same seed and the same actions give the same game.
- **Rewards** come only at the end: +1 to each winner (a team's win counts for every member),
  -1 to everybody else; 0 to all when the game ends without a winner or is cut off.
- **Truncation**: ``max_steps`` (default ``None``: no limit) cuts an episode off after that
  many actions by the seats; every agent is then ``truncated``.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import random
import zlib
from collections.abc import Mapping
from typing import Any, Protocol

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from spelkvall.core import CHANCE, Game, Seat, State, get_game
from spelkvall.core.action_space import ActionSpace, action_space, game_package

DEFAULT_OBSERVATION_SIZE = 4096
"""Length of the generic observation vector (``observation_size`` changes it). Views of the
registered games have a few hundred to about two thousand leaves, so collisions are few."""

ENCODING_MODULE = "encoding"
"""A game's own observation encoding, optional: a module ``encoding.py`` in its folder with
``size(num_players, options) -> int`` and ``encode(view, num_players, options) -> ndarray``
(float32, that size). It gets nothing but the seat's view, like the generic encoding."""

Observation = dict[str, np.ndarray[Any, Any]]


class Encoding(Protocol):
    """What a game's ``encoding`` module offers."""

    def size(self, num_players: int, options: Any) -> int: ...

    def encode(
        self, view: Mapping[str, Any], num_players: int, options: Any
    ) -> np.ndarray[Any, Any]: ...


# --- the generic encoding --------------------------------------------------------------------
_SLOTS: dict[tuple[str, int], int] = {}


def _slot(key: str, size: int) -> int:
    """A stable slot for ``key``: CRC-32, the same in every process (``hash`` is salted)."""
    found = _SLOTS.get((key, size))
    if found is None:
        found = zlib.crc32(key.encode("utf-8")) % size
        if len(_SLOTS) < 1_000_000:  # keys are paths and values of views: a bounded set
            _SLOTS[key, size] = found
    return found


def encode_view(view: Any, size: int = DEFAULT_OBSERVATION_SIZE) -> np.ndarray[Any, Any]:
    """The generic encoding: the seat's view (``State.view(seat)``, the JSON the seat's own
    screen is drawn from) hashed into a float32 vector of ``size`` ("feature hashing").

    The view is walked to its leaves; each leaf has a path of dict keys and list positions
    (``players/2/money``). A number or a bool adds its value at the path's slot; a string or
    ``null`` adds 1 at the slot of ``path=value`` (a one-hot feature); every list adds its
    length at ``path#len``. A slot is CRC-32 of the text modulo ``size``, so the encoding is the
    same in every run, needs no knowledge of the game, and two features rarely share a slot.

    It is a function of the view alone, and ``State.view`` never holds what the seat may not
    know (the engine's contract, checked by the conformance suite): the vector reveals only
    that seat's view, never another seat's hidden cards, set-up or bids.
    """
    out = np.zeros(size, dtype=np.float32)
    _walk(view, "", out, size)
    return out


def _walk(value: Any, path: str, out: np.ndarray[Any, Any], size: int) -> None:
    if isinstance(value, bool):
        if value:
            out[_slot(path, size)] += 1.0
    elif isinstance(value, int | float):
        out[_slot(path, size)] += float(value)
    elif isinstance(value, str):
        out[_slot(f"{path}={value}", size)] += 1.0
    elif value is None:
        out[_slot(f"{path}=null", size)] += 1.0
    elif isinstance(value, Mapping):
        for key, item in value.items():
            _walk(item, f"{path}/{key}", out, size)
    elif isinstance(value, list | tuple):
        out[_slot(f"{path}#len", size)] += len(value)
        for i, item in enumerate(value):
            _walk(item, f"{path}/{i}", out, size)
    else:  # anything else a view might hold is encoded by its JSON text
        out[_slot(f"{path}={json.dumps(value, default=str)}", size)] += 1.0


def game_encoding(game: Game[Any, Any]) -> Encoding | None:
    """The game's own ``encoding`` module, or ``None`` (the generic encoding serves)."""
    package = game_package(game)
    if package is None:
        return None
    name = f"{package}.{ENCODING_MODULE}"
    try:
        if importlib.util.find_spec(name) is None:
            return None
    except ModuleNotFoundError:
        return None
    module: Encoding = importlib.import_module(name)
    return module


# --- the environment -------------------------------------------------------------------------
class SpelkvallEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type hints
    """One game as an AEC environment (see the module docstring). Build it with :func:`env`,
    or directly with a ``Game`` object (a game that is not registered, in a test)."""

    metadata: dict[str, Any] = {  # noqa: RUF012  (PettingZoo reads it from the class)
        "name": "spelkvall_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: Game[Any, Any] | str,
        *,
        players: int | None = None,
        max_steps: int | None = None,
        observation_size: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        """``players``: the number of seats (default: the fewest the game allows);
        ``max_steps``: truncate after that many actions (``None``: never); the game's own
        options by name (``depth=5``), checked by its declaration."""
        super().__init__()
        self.game: Game[Any, Any] = get_game(game) if isinstance(game, str) else game
        self.options = self.game.parse_options(options)
        counts = self.game.player_counts(self.options)
        self.num_players = counts[0] if players is None else players
        self.game.check_player_count(self.num_players, self.options)
        if max_steps is not None and max_steps < 1:
            raise ValueError("max_steps must be at least 1")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.metadata = {**type(self).metadata, "name": f"spelkvall_{self.game.id}_v0"}
        self.numbering: ActionSpace = action_space(self.game, self.num_players, self.options)
        self._encoding = game_encoding(self.game)
        if self._encoding is not None and observation_size is None:
            self.observation_size = self._encoding.size(self.num_players, self.options)
        else:
            self.observation_size = observation_size or DEFAULT_OBSERVATION_SIZE
        self.possible_agents = [f"player_{i}" for i in range(self.num_players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        mask = spaces.Box(0, 1, (self.numbering.size,), dtype=np.int8)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        -np.inf, np.inf, (self.observation_size,), dtype=np.float32
                    ),
                    "action_mask": mask,
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.numbering.size) for agent in self.possible_agents
        }
        self._seats = [Seat(f"player {i + 1}") for i in range(self.num_players)]
        self._rng: random.Random | None = None
        self.game_state: State | None = None
        self.steps = 0
        self._observed: dict[str, Observation] = {}

    def __str__(self) -> str:
        return str(self.metadata["name"])

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # --- the episode ----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` seeds chance; without one the generator of the previous
        reset goes on (a fresh one from the system the first time)."""
        if seed is not None or self._rng is None:
            self._rng = random.Random(seed)
        self.game_state = self.game.new_state(self._seats, self.options)
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._play_chance()
        self._after_move(self.agents[0])

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        seat = self._seat[agent]
        if action is None:
            raise ValueError(f"{agent} is to act: None is no action")
        number = int(action)
        if not 0 <= number < self.numbering.size:
            raise ValueError(f"action {number} is outside 0..{self.numbering.size - 1}")
        chosen = self.numbering.action(number)
        if chosen not in state.legal_actions(seat):
            raise ValueError(f"action {number} ({chosen.to_json()}) is not legal for {agent}")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state.apply(chosen, seat)
        self.steps += 1
        self._play_chance()
        self._after_move(agent)
        self._accumulate_rewards()

    def _play_chance(self) -> None:
        """Chance acts until a seat is to act or the game is over."""
        state = self._state()
        assert self._rng is not None
        while state.is_chance() and not state.is_terminal():
            state.apply(state.sample_chance(self._rng), CHANCE)

    def _after_move(self, previous: str) -> None:
        """Select the next agent; at the end hand out the rewards and end every agent."""
        state = self._state()
        self._observed = {}
        if state.is_terminal():
            result = state.result()
            winners = set(result.winners) if result is not None else set()
            for agent in self.agents:
                if winners:
                    self.rewards[agent] = 1.0 if self._seat[agent] in winners else -1.0
                self.terminations[agent] = True
            self.agent_selection = previous
            return
        to_act = state.players_to_act()
        if not to_act:
            raise RuntimeError(f"{self.game.id}: nobody is to act in a live position")
        self.agent_selection = self.possible_agents[to_act[0]]
        if self.max_steps is not None and self.steps >= self.max_steps:
            for agent in self.agents:
                self.truncations[agent] = True

    def _state(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() first")
        return self.game_state

    # --- what a seat sees -----------------------------------------------------------------
    def observe(self, agent: str) -> Observation:
        """The seat's view encoded, and the mask of its legal actions. Cached per position:
        a game's ``view`` builds a whole dict."""
        cached = self._observed.get(agent)
        if cached is not None:
            return {key: value.copy() for key, value in cached.items()}
        state = self._state()
        seat = self._seat[agent]
        view = state.view(seat)
        if self._encoding is not None:
            vector = np.asarray(
                self._encoding.encode(view, self.num_players, self.options), dtype=np.float32
            )
        else:
            vector = encode_view(view, self.observation_size)
        mask = np.zeros(self.numbering.size, dtype=np.int8)
        if not state.is_terminal() and seat in state.players_to_act():
            mask[self.numbering.indices(state.legal_actions(seat))] = 1
        observed: Observation = {"observation": vector, "action_mask": mask}
        self._observed[agent] = observed
        return {key: value.copy() for key, value in observed.items()}

    def legal_actions(self, agent: str) -> list[int]:
        """The legal action numbers of ``agent`` now (empty when it is not to act)."""
        return [int(i) for i in np.flatnonzero(self.observe(agent)["action_mask"])]

    def render(self) -> str | None:
        """``ansi``: the spectator's view as JSON (what anybody at the table may see)."""
        if self.render_mode is None:
            return None
        return json.dumps(self._state().view(None), ensure_ascii=False, default=str)

    def close(self) -> None:
        self.game_state = None


def raw_env(game: Game[Any, Any] | str, **options: Any) -> SpelkvallEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return SpelkvallEnv(game, **options)


def env(game: Game[Any, Any] | str, **options: Any) -> Any:
    """The AEC environment of the game ``game`` (an id of ``spelkvall.core.all_games``, or a
    ``Game``), wrapped like PettingZoo's own: stepping before ``reset`` is an error.
    ``options``: ``players``, ``max_steps``, ``observation_size``, ``render_mode`` and the
    game's own options by name."""
    return OrderEnforcingWrapper(raw_env(game, **options))
