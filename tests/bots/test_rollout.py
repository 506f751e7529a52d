"""The rollout search (``bots.rollout``): every legal move played out by the rule of thumb,
the best kept, the heuristic's own move unless another beats its interval."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spelkvall.bots import MCTSBot, Observation, make_bot
from spelkvall.bots import rollout as rollout_module
from spelkvall.bots.advisor import ActionAdvice, Advice
from spelkvall.bots.levels import HARD, MEDIUM
from spelkvall.bots.rollout import RolloutBot
from tests.bots.toy_games import DICE_BET, NIM, SEATS, Pick, Take


def test_it_bets_on_the_likelier_die() -> None:
    bot = RolloutBot(time_limit=None, max_playouts=400)
    state = DICE_BET.new_state(SEATS)
    # Low wins on 1-2, high on 1-4: the playouts tell them apart, whatever the rule of thumb.
    chosen = {bot.choose(Observation(DICE_BET, state, 0), random.Random(s)) for s in range(6)}
    assert chosen == {Pick(False)}


def test_it_takes_the_winning_stones() -> None:
    state = NIM.new_state(SEATS)
    state.apply(Take(2), 0)
    state.apply(Take(2), 1)
    state.apply(Take(1), 0)  # two stones left, Bo to move: taking both wins
    bot = RolloutBot(time_limit=None, max_playouts=50)
    assert bot.choose(Observation(NIM, state, 1), random.Random(3)) == Take(2)


def rated(rates: dict[Any, tuple[float, int]]) -> Advice:
    advice = Advice(game="dicebet", player=0, policy="heuristic", method="engine", place=0)
    for action, (rate, playouts) in rates.items():
        item = ActionAdvice(action)
        item.wins, item.playouts = rate * playouts, playouts
        advice.actions.append(item)
    return advice


@pytest.mark.parametrize(
    ("rates", "expected"),
    [
        # Within the rule of thumb's interval: the rule of thumb stays.
        ({Pick(True): (0.50, 400), Pick(False): (0.52, 400)}, Pick(True)),
        # Beyond it: the better move.
        ({Pick(True): (0.40, 400), Pick(False): (0.60, 400)}, Pick(False)),
    ],
)
def test_the_rule_of_thumbs_move_stays_unless_another_beats_its_interval(
    rates: dict[Any, tuple[float, int]], expected: Pick, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rollout_module, "advise", lambda *a, **k: rated(rates))
    bot = RolloutBot(time_limit=0.1)
    monkeypatch.setattr(bot._baseline, "choose", lambda obs, rng: Pick(True))
    state = DICE_BET.new_state(SEATS)
    assert bot.choose(Observation(DICE_BET, state, 0), random.Random(1)) == expected


def test_its_time_limit_runs_on_the_bots_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: dict[str, Any] = {}

    def advise(*args: Any, **kwargs: Any) -> Advice:
        asked.update(kwargs)
        return rated({Pick(True): (0.5, 10), Pick(False): (0.5, 10)})

    monkeypatch.setattr(rollout_module, "advise", advise)
    bot = RolloutBot(time_limit=0.8)
    bot.clock = lambda: 42.0
    bot.choose(Observation(DICE_BET, DICE_BET.new_state(SEATS), 0), random.Random(1))
    assert asked["time_limit"] == 0.8 and asked["clock"]() == 42.0


def test_a_game_that_asks_for_rollouts_gets_them_at_medium_and_hard(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert isinstance(make_bot("hard", NIM), MCTSBot)  # the default: a tree search
    monkeypatch.setattr(type(NIM), "search", "rollout")
    for level, budget in (("medium", MEDIUM), ("hard", HARD)):
        bot = make_bot(level, NIM)
        assert isinstance(bot, RolloutBot)
        assert bot.time_limit == budget.time_limit and bot.name == level
