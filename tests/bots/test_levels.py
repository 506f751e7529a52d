"""Levels: easy, medium and hard map onto the heuristic and the search bots by the game."""

from __future__ import annotations

import random

import pytest

from spelkvall.bots import LEVELS, HeuristicBot, ISMCTSBot, MCTSBot, Observation, make_bot
from spelkvall.bots.levels import HARD, MEDIUM
from spelkvall.core import Seat
from spelkvall.core.i18n import t
from spelkvall.games.fia import GAME as FIA
from tests.core.example_game import GAME as BIDS


def test_easy_is_the_rule_of_thumb_bot() -> None:
    assert isinstance(make_bot("easy", FIA), HeuristicBot)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_search_level_uses_mcts_when_everything_is_visible(level: str) -> None:
    bot = make_bot(level, FIA)
    assert type(bot) is MCTSBot
    assert bot.name == level


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_search_level_uses_ismcts_when_something_is_hidden(level: str) -> None:
    assert type(make_bot(level, BIDS)) is ISMCTSBot


def test_hard_thinks_more_than_medium_and_stays_within_a_second() -> None:
    assert HARD.iterations > MEDIUM.iterations
    assert HARD.time_limit <= 1.0
    assert MEDIUM.time_limit <= HARD.time_limit


def test_a_game_s_search_scale_multiplies_the_iterations_within_the_same_time_cap(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert FIA.search_scale == 1
    plain = make_bot("hard", FIA)
    assert (plain.iterations, plain.time_limit) == (HARD.iterations, HARD.time_limit)
    monkeypatch.setattr(type(FIA), "search_scale", 4)
    for level, budget in (("medium", MEDIUM), ("hard", HARD)):
        scaled = make_bot(level, FIA)
        assert scaled.iterations == 4 * budget.iterations
        assert scaled.time_limit == budget.time_limit


def test_the_search_bots_are_reachable_by_their_own_names() -> None:
    assert type(make_bot("mcts", BIDS)) is MCTSBot
    assert type(make_bot("ismcts", FIA)) is ISMCTSBot


def test_every_level_has_a_swedish_and_an_english_name() -> None:
    assert LEVELS == ("easy", "medium", "hard")
    assert [t(f"bot.{level}", "sv") for level in LEVELS] == ["Lätt", "Medel", "Svår"]
    assert [t(f"bot.{level}", "en") for level in LEVELS] == ["Easy", "Medium", "Hard"]


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_makes_a_legal_move_in_fia(level: str) -> None:
    rng = random.Random(3)
    state = FIA.new_state([Seat("A"), Seat("B")])
    while state.is_chance() or len(state.legal_actions()) < 2:
        if state.is_chance():
            state.apply(state.sample_chance(rng), -1)
        else:
            state.apply(state.legal_actions()[0])
    seat = state.players_to_act()[0]
    action = make_bot(level, FIA).choose(Observation(FIA, state, seat), rng)
    assert action in state.legal_actions()
