"""Every game as a PettingZoo AEC environment (``spelkvall.research.pettingzoo``).

PettingZoo's own ``api_test`` and ``seed_test`` for every registered game and player count,
whole episodes to the end, truncation by ``max_steps``, the shared action numbering and the
rule that a seat's observation shows nothing but its own view. Cycles are kept small: the file
runs in well under a minute on one core.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from spelkvall.core import CHANCE, Seat, SpelkvallError, all_games, get_game
from spelkvall.core.action_space import action_space, numbering
from spelkvall.research.pettingzoo import encode_view, env, raw_env
from tests.core.example_game import GAME as BIDS
from tests.core.example_game import Bid

ROOT = Path(__file__).resolve().parents[2]

CASES = [(game.id, n) for game in all_games() for n in game.player_counts()]
"""Every registered game at every player count of its default options."""

API_CYCLES = 60
SEED_CYCLES = 60


def random_action(obs: dict[str, np.ndarray], rng: np.random.Generator) -> int:
    legal = np.flatnonzero(obs["action_mask"])
    assert legal.size, "a seat to act has no legal action in its mask"
    return int(rng.choice(legal))


# PettingZoo's checks warn about unbounded Box observations and the like: advice, not failure.
@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game_id", "players"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_pettingzoo_api_and_seed_tests_pass(game_id: str, players: int) -> None:
    api_test(env(game_id, players=players), num_cycles=API_CYCLES)
    seed_test(lambda: env(game_id, players=players), num_cycles=SEED_CYCLES)


def test_every_registered_game_is_covered() -> None:
    assert {g for g, _ in CASES} == {game.id for game in all_games()}
    assert len(CASES) >= len(all_games())


@pytest.mark.parametrize("game_id", sorted(game.id for game in all_games()))
def test_a_whole_game_ends_with_the_results_rewards(game_id: str) -> None:
    """Random legal moves to the end: every agent is terminated, the rewards are +1 for the
    winners and -1 for the rest, and the mask always marks exactly the seat's legal actions."""
    game = get_game(game_id)
    players = game.player_counts()[0]
    e = raw_env(game_id, players=players, max_steps=5000)
    e.reset(seed=11)
    rng = np.random.default_rng(11)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    finished: set[str] = set()
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            finished.add(agent)
            e.step(None)
            continue
        seat = e.possible_agents.index(agent)
        legal = e.numbering.indices(e.game_state.legal_actions(seat))
        assert sorted(legal) == list(np.flatnonzero(obs["action_mask"]))
        e.step(random_action(obs, rng))
    assert finished == set(e.possible_agents)
    assert e.agents == []
    # Seed 11 ends every game well before the cap (a few hundred moves at most).
    assert e.steps < 5000
    result = e.game_state.result()
    assert result is not None
    for agent, total in totals.items():
        seat = e.possible_agents.index(agent)
        expected = (1.0 if seat in result.winners else -1.0) if result.winners else 0.0
        assert total == expected, (agent, total, result)


def test_max_steps_truncates_every_agent() -> None:
    e = raw_env(CASES[0][0], players=CASES[0][1], max_steps=5)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    truncated_seen = set()
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0
            truncated_seen.add(agent)
            e.step(None)
        else:
            e.step(random_action(obs, rng))
    assert e.steps == 5
    assert truncated_seen == set(e.possible_agents)


def test_an_illegal_or_unknown_number_is_refused() -> None:
    e = raw_env("fia", players=2)
    e.reset(seed=0)
    mask = e.observe(e.agent_selection)["action_mask"]
    with pytest.raises(ValueError, match="not legal"):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    with pytest.raises(ValueError, match="outside"):
        e.step(e.numbering.size)


def test_the_seed_decides_chance() -> None:
    """Same seed, same moves: the same game; another seed deals other dice."""

    def play(seed: int) -> list[bytes]:
        e = raw_env("fia", players=2, max_steps=40)
        e.reset(seed=seed)
        seen = []
        for _agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            seen.append(obs["observation"].tobytes())
            e.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
        return seen

    assert play(5) == play(5)
    assert play(5) != play(6)


def test_game_options_reach_the_game() -> None:
    small = raw_env("front", depth=4)
    large = raw_env("front", depth=6)
    assert large.numbering.size > small.numbering.size
    assert large.action_space("player_0").n == large.numbering.size
    with pytest.raises(SpelkvallError):
        raw_env("front", depth=99)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_a_player_count_that_needs_an_option() -> None:
    """The sixth seat exists only with its option; the environment takes both by name."""
    with pytest.raises(SpelkvallError):
        raw_env("afrika", players=6)
    api_test(env("afrika", players=6, sixth_player=True), num_cycles=API_CYCLES)


# --- the numbering ----------------------------------------------------------------------------
@pytest.mark.parametrize(("game_id", "players"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_the_numbering_is_fixed_and_ordered_by_the_declaration(game_id: str, players: int) -> None:
    game = get_game(game_id)
    space = action_space(game, players)
    assert space.source == "table"
    assert len(set(space.actions)) == space.size
    for i, action in enumerate(space.actions):
        assert space.index(action) == i
    shuffled = list(space.actions)
    random.Random(3).shuffle(shuffled)
    assert numbering(game, shuffled) == list(space.actions)
    classes = [game.action_types.index(type(a)) for a in space.actions]
    assert classes == sorted(classes)


def test_the_numbering_is_the_same_in_another_process() -> None:
    """Sets and string hashes vary between processes; the numbering must not."""
    script = (
        "import json\n"
        "from spelkvall.core import all_games\n"
        "from spelkvall.core.action_space import action_space\n"
        "print(json.dumps({f'{g.id}-{n}': [a.to_json() for a in action_space(g, n).actions]"
        " for g in all_games() for n in g.player_counts()}))\n"
    )
    environment = {**os.environ, "PYTHONHASHSEED": "12345"}
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env=environment,
    ).stdout
    there = json.loads(out)
    here = {
        f"{g.id}-{n}": [a.to_json() for a in action_space(g, n).actions]
        for g in all_games()
        for n in g.player_counts()
    }
    assert there == here


def test_an_action_outside_the_numbering_is_named() -> None:
    space = action_space(BIDS, 2)
    with pytest.raises(KeyError, match="action_table"):
        space.index(Bid(99))


# --- a game added later, and hidden information ------------------------------------------------
@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("players", BIDS.player_counts())
def test_a_game_without_a_table_or_encoding_works_from_its_declaration(players: int) -> None:
    """The engine's example game (sealed bids: chance, simultaneous secret moves) is not
    registered and has no table: its numbering comes from its declaration and exploration."""
    space = action_space(BIDS, players)
    assert space.source == "declaration"
    assert [a.to_json() for a in space.actions if isinstance(a, Bid)] == [
        {"type": "bid", "card": c} for c in range(1, 6)
    ]
    api_test(env(BIDS, players=players), num_cycles=API_CYCLES)
    seed_test(lambda: env(BIDS, players=players), num_cycles=SEED_CYCLES)


def test_an_observation_shows_only_the_seats_own_view() -> None:
    """In a simultaneous step the second seat's observation is the same whatever the first
    secretly chose, and it is the encoding of that seat's view and nothing more."""
    observed: dict[int, dict[str, Any]] = {}
    for bid in (1, 5):
        e = raw_env(BIDS, players=2)
        e.reset(seed=4)
        assert e.agent_selection == "player_0"
        e.step(e.numbering.index(Bid(bid)))
        assert e.agent_selection == "player_1"
        obs = e.observe("player_1")
        assert np.array_equal(obs["observation"], encode_view(e.game_state.view(1)))
        observed[bid] = obs
    assert np.array_equal(observed[1]["observation"], observed[5]["observation"])
    assert np.array_equal(observed[1]["action_mask"], observed[5]["action_mask"])


def test_the_generic_encoding_is_stable_and_tells_views_apart() -> None:
    state = BIDS.new_state([Seat("a"), Seat("b")])
    before = encode_view(state.view(0))
    state.apply(state.sample_chance(random.Random(0)), CHANCE)
    after = encode_view(state.view(0))
    assert before.dtype == np.float32 and before.shape == after.shape
    assert not np.array_equal(before, after)
    assert np.array_equal(after, encode_view(json.loads(json.dumps(state.view(0)))))


def test_a_games_own_encoding_replaces_the_generic_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game's ``encoding`` module gets the seat's view and sets the observation's size."""
    from spelkvall.research import pettingzoo

    seen: list[Any] = []

    def encode(view: Any, num_players: int, options: Any) -> np.ndarray:
        seen.append(view)
        return np.array([len(view["hands"]), view["you"], num_players], dtype=np.float32)

    own = SimpleNamespace(size=lambda num_players, options: 3, encode=encode)
    monkeypatch.setattr(pettingzoo, "game_encoding", lambda game: own)
    e = raw_env(BIDS, players=2)
    assert e.observation_space("player_1")["observation"].shape == (3,)
    e.reset(seed=0)
    assert list(e.observe("player_1")["observation"]) == [2.0, 1.0, 2.0]
    assert seen == [e.game_state.view(1)]
