"""Every game as an OpenSpiel Python game (``spelkvall.research.openspiel``).

OpenSpiel's own ``random_sim_test`` for every registered game and player count (cut off by
``max_steps`` so the file stays well under a minute: the check computes every seat's
observation and information-state tensors at every step), whole random games to the end, the
declaration behind ``GameType``/``GameInfo``, the shared numbering, chance with its
probabilities, and the rule that what a seat observes is its own view and nothing more.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from spelkvall.core import all_games, get_game
from spelkvall.core.action_space import action_space, chance_space
from spelkvall.research.openspiel import (
    DEFAULT_MAX_STEPS,
    SpelkvallState,
    register,
    registered,
    short_name,
    view_json,
)
from spelkvall.research.pettingzoo import encode_view, raw_env
from tests.core.example_game import GAME as BIDS
from tests.core.example_game import Bid

ROOT = Path(__file__).resolve().parents[2]

CASES = [(game.id, n) for game in all_games() for n in game.player_counts()]
"""Every registered game at every player count of its default options."""

SIMS = 2
SIM_STEPS = 40
"""``random_sim_test`` per case: two games, each cut off after this many decisions (a draw)."""


def load(game_id: str, **params: object) -> pyspiel.Game:
    return pyspiel.load_game(short_name(game_id), dict(params))


def random_play(
    state: SpelkvallState, rng: np.random.Generator, until: int | None = None
) -> SpelkvallState:
    """Random legal actions, chance by its probabilities, to the end (or ``until`` steps)."""
    steps = 0
    while not state.is_terminal() and (until is None or steps < until):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=np.asarray(probs) / sum(probs))))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
        steps += 1
    return state


@pytest.mark.parametrize(("game_id", "players"), CASES, ids=[f"{g}-{n}" for g, n in CASES])
def test_openspiel_random_sim_test_passes(game_id: str, players: int) -> None:
    game = load(game_id, players=players, max_steps=SIM_STEPS)
    pyspiel.random_sim_test(game, num_sims=SIMS, serialize=False, verbose=False)


def test_every_registered_game_loads_after_one_import() -> None:
    """A fresh process (other string hashes): one import registers every game under
    ``python_spelkvall_<id>``, and the chance outcomes get the same numbers as here."""
    ids = sorted(game.id for game in all_games())
    script = (
        "import json, pyspiel\n"
        "import spelkvall.research.openspiel\n"
        f"for i in {ids!r}:\n"
        "    g = pyspiel.load_game('python_spelkvall_' + i)\n"
        "    chance = [a.to_json() for a in g.chance.actions]\n"
        "    print(json.dumps([g.get_type().short_name, g.num_players(), chance]))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONHASHSEED": "999"},
    ).stdout
    there = [json.loads(line) for line in out.splitlines() if line]
    assert [name for name, _, _ in there] == [short_name(i) for i in ids]
    assert set(registered()) >= {short_name(i) for i in ids}
    assert {short_name(i) for i in ids} <= set(pyspiel.registered_names())
    for (_, players, chance), game_id in zip(there, ids, strict=True):
        engine = get_game(game_id)
        assert chance == [a.to_json() for a in chance_space(engine, players).actions]


@pytest.mark.parametrize("game_id", sorted(game.id for game in all_games()))
def test_type_and_info_come_from_the_declaration(game_id: str) -> None:
    engine = get_game(game_id)
    players = engine.player_counts()[-1]
    game = load(game_id, players=players)
    kind = game.get_type()
    assert kind.short_name == short_name(game_id)
    assert kind.min_num_players == engine.min_players
    assert kind.max_num_players == engine.max_players
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    hidden = pyspiel.GameType.Information.IMPERFECT_INFORMATION
    perfect = pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.information == (perfect if engine.perfect_information else hidden)
    assert game.num_players() == players
    assert game.num_distinct_actions() == action_space(engine, players).size
    assert game.max_chance_outcomes() == chance_space(engine, players).size > 0
    assert game.max_game_length() == DEFAULT_MAX_STEPS
    # Options are parameters with their declared defaults.
    params = game.get_parameters()
    for spec in engine.option_specs():
        assert params[spec.name] == spec.default


def test_the_numbering_is_the_pettingzoo_environments() -> None:
    for game_id, players in CASES:
        game = load(game_id, players=players)
        env = raw_env(game_id, players=players)
        assert game.numbering.actions == env.numbering.actions
        state = random_play(game.new_initial_state(), np.random.default_rng(2), until=30)
        if not state.is_terminal() and not state.is_chance_node():
            seat = state.current_player()
            legal = env.numbering.indices(state.inner.legal_actions(seat))
            assert state.legal_actions() == sorted(legal)


def test_options_are_parameters() -> None:
    small = load("front", depth=4)
    large = load("front", depth=6)
    assert large.num_distinct_actions() > small.num_distinct_actions()
    assert large.get_parameters()["depth"] == 6
    with pytest.raises(Exception, match="depth"):
        load("front", depth=99)


@pytest.mark.parametrize("game_id", sorted(game.id for game in all_games()))
def test_chance_outcomes_are_numbered_with_their_probabilities(game_id: str) -> None:
    game = load(game_id)
    state = game.new_initial_state()
    rng = np.random.default_rng(5)
    seen = 0
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            listed = sorted((game.chance.index(a), p) for a, p in state.inner.chance_outcomes())
            assert outcomes == listed
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert all(0 <= a < game.max_chance_outcomes() for a, _ in outcomes)
            assert state.legal_actions() == [a for a, _ in outcomes]
            seen += 1
        random_play(state, rng, until=1)
    assert seen


@pytest.mark.parametrize("game_id", sorted(game.id for game in all_games()))
def test_a_whole_random_game_ends_with_the_results_returns(game_id: str) -> None:
    game = load(game_id)
    state = random_play(game.new_initial_state(), np.random.default_rng(11))
    assert state.inner.is_terminal(), "seed 11 ends every game before max_steps"
    result = state.inner.result()
    assert result is not None
    expected = [
        (1.0 if seat in result.winners else -1.0) if result.winners else 0.0
        for seat in range(game.num_players())
    ]
    assert state.returns() == expected
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_max_steps_ends_the_game_as_a_draw() -> None:
    game = load("fia", players=2, max_steps=5)
    state = random_play(game.new_initial_state(), np.random.default_rng(1))
    assert state.is_terminal() and not state.inner.is_terminal()
    assert state.steps == 5
    assert state.returns() == [0.0, 0.0]
    assert game.max_game_length() == 5


def test_a_clone_is_independent() -> None:
    game = load("fia", players=2)
    state = random_play(game.new_initial_state(), np.random.default_rng(3), until=20)
    copy = state.clone()
    assert str(copy) == str(state) and copy.history() == state.history()
    random_play(copy, np.random.default_rng(4), until=10)
    assert copy.history() != state.history()
    assert copy.inner is not state.inner


# --- what a seat sees ------------------------------------------------------------------------
@pytest.mark.parametrize(
    "game_id", sorted(game.id for game in all_games() if not game.perfect_information)
)
def test_observations_and_information_states_are_the_seats_own(game_id: str) -> None:
    """At positions along a random game every seat's strings and tensors are its own view (and
    its own past moves), and a world resampled from that seat's view gives the seat the very
    same ones: nothing in them depends on what the seat cannot see."""
    game = load(game_id, players=get_game(game_id).player_counts()[0])
    state = game.new_initial_state()
    rng = np.random.default_rng(7)
    checked = 0
    redrawn = 0  # worlds in which another seat's secrets came out differently
    for _ in range(6):
        random_play(state, rng, until=25)
        if state.is_terminal():
            break
        for seat in range(game.num_players()):
            view = state.inner.view(seat)
            assert state.observation_string(seat) == view_json(view)
            assert np.array_equal(state.observation_tensor(seat), game.encode(view))
            info = state.information_state_string(seat)
            own = ",".join(map(str, state.own_moves[seat] or ()))
            assert info == f"{view_json(view)}|own:{own}"
            tensor = np.asarray(state.information_state_tensor(seat))
            assert np.array_equal(tensor[: game.view_size], game.encode(view))
            assert tensor[game.view_size :].sum() == len(state.own_moves[seat] or ())
            sampler = random.Random(seat).random
            world = state.resample_from_infostate(seat, sampler)
            assert world.information_state_string(seat) == info
            assert world.observation_string(seat) == state.observation_string(seat)
            assert world.history() == state.history()
            others = [o for o in range(game.num_players()) if o != seat]
            redrawn += any(world.inner.view(o) != state.inner.view(o) for o in others)
            checked += 1
    assert checked
    # The worlds really differ in what the seat cannot see (DogRoyal's hands, Omringad's
    # secret set-up, stacks and bids, Afrika's unopened tokens), so the sameness above says
    # that nothing of it is in the seat's strings and tensors.
    assert redrawn, "no resampled world differed from the true one"


def test_a_secret_move_is_not_in_the_next_seats_information_state() -> None:
    """Sealed bids (the engine's example game, not registered): the second seat decides after
    the first has bid in secret, and sees the same whatever that bid was."""
    register(BIDS)
    seen = []
    for bid in (1, 3):
        game = pyspiel.load_game(short_name(BIDS.id), {"players": 2})
        state = game.new_initial_state()
        rng = np.random.default_rng(0)
        while state.is_chance_node():
            random_play(state, rng, until=1)
        assert state.current_player() == 0
        state.apply_action(game.numbering.index(Bid(bid)))
        assert state.current_player() == 1
        seen.append(
            (
                state.information_state_string(1),
                state.observation_string(1),
                list(state.information_state_tensor(1)),
                list(state.observation_tensor(1)),
            )
        )
        assert state.observation_tensor(1) == list(encode_view(state.inner.view(1)))
    assert seen[0] == seen[1]
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_a_game_without_a_table_gets_its_chance_numbering_from_its_declaration() -> None:
    space = chance_space(BIDS, 2)
    assert space.source == "declaration"
    cards = BIDS.default_options().cards
    assert [a.to_json() for a in space.actions] == [
        {"type": "prize", "card": c} for c in range(1, cards + 1)
    ]


# --- OpenSpiel's search bots -----------------------------------------------------------------
def test_openspiel_mcts_plays_a_legal_move() -> None:
    game = load("fia", players=2)
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        random_play(state, rng, until=1)
    random_state = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=random_state)
    assert bot.step(state) in state.legal_actions()


def test_openspiel_ismcts_plays_a_legal_move_from_resampled_worlds() -> None:
    game = load("omringad", players=2)
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        random_play(state, rng, until=1)
    random_state = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=random_state)
    # OpenSpiel's own resampling path (a pyspiel sampler) ...
    assert bot.step(state) in state.legal_actions()
    # ... and a seeded one, as the benchmark sets it.
    sampler = random.Random(0).random
    bot.set_resampler(lambda s, player: s.resample_from_infostate(player, sampler))
    assert bot.step(state) in state.legal_actions()
