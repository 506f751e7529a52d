"""Fairness: a bot decides from its own view only.

Two full states of the sealed-bids example game that look the same to a player (same
``view(player)``) but differ in what it cannot see (the other players' pending bids) must give
every bot's choice the same answer for the same seed, over many seeds. A cheating bot that
peeks at the true state fails the same check, so the check can fail.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from spelkvall.bots import BOT_FACTORIES, Bot, MCTSBot, Observation, make_bot
from spelkvall.bots.arena import play_game
from spelkvall.bots.rollout import RolloutBot
from spelkvall.core import Action, Game, Seat, State
from spelkvall.games.fia import GAME as FIA
from tests.core.example_game import GAME as BIDS
from tests.core.example_game import BidState

SEATS = [Seat("Anna"), Seat("Bo"), Seat("Cia")]
SEEDS = range(12)


def twins() -> tuple[BidState, BidState]:
    """Mid-game, prize 4 showing: Bo and Cia have bid, Anna (seat 0) has not. The twins differ
    only in Bo's and Cia's secret bids."""
    state = BIDS.new_state(SEATS)
    state.hands = [[1, 3, 5], [2, 3, 5], [1, 4, 5]]
    state.prizes = [1, 2]
    state.scores = [3, 5, 0]
    state.prize = 4
    low, high = state.clone(), state.clone()
    low.bids = [0, 2, 1]
    high.bids = [0, 5, 5]
    return low, high


def deterministic(bot: Bot) -> Bot:
    # A time cap makes the number of iterations depend on the machine's speed; the fairness
    # question is about information, so compare searches of a fixed size.
    if isinstance(bot, MCTSBot):
        bot.time_limit = None
        bot.iterations = min(bot.iterations or 200, 200)
    if isinstance(bot, RolloutBot):
        bot.time_limit = None
        bot.max_playouts = 40
    return bot


def choices(bot: Bot, state: State) -> list[Action]:
    return [bot.choose(Observation(BIDS, state, 0), random.Random(seed)) for seed in SEEDS]


class Peeker(Bot):
    """Cheats: bids just above the highest secret bid it should not be able to see."""

    name = "peeker"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        secret = max(obs._state.bids)  # type: ignore[attr-defined]
        legal = obs.legal_actions()
        above = [a for a in legal if a.card > secret]  # type: ignore[attr-defined]
        return (above or legal)[0]


def test_the_twins_look_the_same_to_anna_and_differ_in_what_she_cannot_see() -> None:
    low, high = twins()
    assert low.view(0) == high.view(0)
    assert low.bids != high.bids
    assert low.legal_actions(0) == high.legal_actions(0)


@pytest.mark.parametrize("name", sorted(BOT_FACTORIES))
def test_a_bot_chooses_the_same_when_only_hidden_information_differs(name: str) -> None:
    low, high = twins()
    bot = deterministic(make_bot(name, BIDS))
    assert choices(bot, low) == choices(bot, high)


def test_the_check_catches_a_bot_that_peeks_at_hidden_bids() -> None:
    low, high = twins()
    assert choices(Peeker(), low) != choices(Peeker(), high)


def test_every_bot_name_is_checked_for_fairness() -> None:
    names = {"random", "heuristic", "mcts", "ismcts", "rollout", "easy", "medium", "hard"}
    assert names <= set(BOT_FACTORIES)


def spy_sampler(
    game: Game[object, State], true_state: State, handed: list[State]
) -> Callable[..., State]:
    sample = game.sample_state

    def spying(state: State, player: int, rng: random.Random) -> State:
        sampled = sample(state, player, rng)
        assert sampled is not true_state
        handed.append(sampled)
        return sampled

    return spying


@pytest.mark.parametrize("name", sorted(BOT_FACTORIES))
def test_a_bot_never_gets_or_changes_the_true_state(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state, _ = twins()
    before = (state.view(None), state.bids[:], [h[:] for h in state.hands])
    handed: list[State] = []
    monkeypatch.setattr(BIDS, "sample_state", spy_sampler(BIDS, state, handed))
    obs = Observation(BIDS, state, 0)
    # What a bot can reach without touching private names: no state among them.
    public = [getattr(obs, n) for n in dir(obs) if not n.startswith("_")]
    assert not any(isinstance(value, State) for value in public)
    deterministic(make_bot(name, BIDS)).choose(obs, random.Random(1))
    assert all(s is not state for s in handed)
    assert (state.view(None), state.bids, state.hands) == before


def test_the_arena_hands_bots_observations_not_states() -> None:
    seen: list[object] = []

    class Recorder(Bot):
        def choose(self, obs: Observation, rng: random.Random) -> Action:
            seen.append(obs)
            return obs.legal_actions()[0]

    play_game(FIA, SEATS, [Recorder(), "random", "random"], seed=1)
    assert seen and all(type(obs) is Observation for obs in seen)
