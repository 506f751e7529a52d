"""Fia's guided first game: valid, short, every scripted die used, every choice explained."""

from __future__ import annotations

import pytest

from spelkvall.core import get_game
from spelkvall.core.tutorial import ROLL
from tests.games import tutorial_check


def test_the_tutorial_is_declared_with_its_texts() -> None:
    game = get_game("fia")
    tutorial = game.tutorial()
    assert tutorial is not None
    game.parse_options(dict(tutorial.options))
    assert tutorial.computers == ("easy",)
    tutorial_check.check_texts(game)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("learner", [tutorial_check.first, tutorial_check.at_random])
def test_the_learner_wins_in_a_short_game(learner: tutorial_check.Learner, seed: int) -> None:
    game = get_game("fia")
    played = tutorial_check.play(game, learner, seed)
    result = played.state.result()
    assert result is not None and result.winners == (0,)
    assert played.misfits == 0
    # Every die is scripted: the four pieces' 156 steps need some 30 moves and as many rolls.
    assert played.decisions <= 90
    tutorial = game.tutorial()
    assert tutorial is not None
    assert set(played.kinds) <= set(tutorial.kinds)
    assert played.kinds[0] == ROLL and "move" in played.kinds
