"""Afrikas stjärna's guided first game: valid, short whoever plays it, every scripted die and
token used, every choice explained, and the star wins it for the learner."""

from __future__ import annotations

import pytest

from spelkvall.core import get_game
from spelkvall.core.tutorial import ROLL
from spelkvall.games.afrika.board import INDEX, STARTS
from spelkvall.games.afrika.rules import AfrikaState
from spelkvall.games.afrika.tutorial import HOME_BY_KEYBOARD
from tests.games import tutorial_check

GAME = get_game("afrika")
SEEDS = range(5)


def test_the_tutorial_is_declared_with_its_texts() -> None:
    tutorial = GAME.tutorial()
    assert tutorial is not None
    assert GAME.parse_options(dict(tutorial.options)).turn_order == "highest_roll"
    assert tutorial.computers == ("easy",)
    tutorial_check.check_texts(GAME)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_keyboard_learner_wins_a_short_game_with_every_rule_of_travel_met(seed: int) -> None:
    """Enter on the first choice each time: walking, sailing, flying and tokens come up in the
    first turns, and the star wins within some 40 decisions."""
    played = tutorial_check.play(GAME, tutorial_check.first, seed)
    _check(played, bound=50)
    assert {ROLL, "start", "walk", "sail", "fly", "go", "buy", "decline"} <= set(played.kinds)
    assert played.kinds[:5] == [ROLL, "start", "walk", "sail", "fly"], "travel is met in turn one"


@pytest.mark.parametrize("seed", SEEDS)
def test_a_learner_picking_at_random_still_wins_soon(seed: int) -> None:
    played = tutorial_check.play(GAME, tutorial_check.at_random, seed)
    # A random walker wanders (it sails and flies off at random): the dice and tokens still
    # bring the star within a bounded number of decisions.
    _check(played, bound=120)


def test_the_star_waits_for_a_place_the_keyboard_learner_can_walk_home_from() -> None:
    """Stops are offered by name, so from Tangier's side the first stop never leads home;
    from Egypt it does (Egypt, 4 steps, Cairo)."""
    assert HOME_BY_KEYBOARD[INDEX["egypt"]] == 1
    assert all(HOME_BY_KEYBOARD[s] == 0 for s in STARTS)
    assert HOME_BY_KEYBOARD[INDEX["cape_verde"]] > 100


def _check(played: tutorial_check.Played, bound: int) -> None:
    state = played.state
    assert isinstance(state, AfrikaState)
    result = state.result()
    assert result is not None and result.winners == (0,)
    assert state.star[0], "the learner wins with the star"
    assert played.misfits == 0
    assert played.decisions <= bound
    tutorial = GAME.tutorial()
    assert tutorial is not None
    assert set(played.kinds) <= set(tutorial.kinds)
    assert played.kinds[:2] == [ROLL, "start"], "the learner rolls for the turn order, and begins"
