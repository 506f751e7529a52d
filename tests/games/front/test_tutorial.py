"""Front's guided first game: valid, short whatever the learner picks, every scripted die
fits, every choice explained."""

from __future__ import annotations

import pytest

from spelkvall.core import CHANCE, get_game
from spelkvall.core.tutorial import ROLL
from spelkvall.games.front import ROLLS, FrontState, heuristic, tutorial
from spelkvall.games.front.rules import MOVE, ROLLOFF
from spelkvall.games.front.rules import ROLL as ROLL_PHASE
from tests.games import tutorial_check

from .helpers import ANNA, BERTIL, CECILIA, place, play, roll, table

DECISIONS = 60
"""The learner's decisions (rolls and choices) a guided game takes at most: the computers
race for the points from turn ``tutorial.CLOCK`` (17 rounds) on, so even a learner who never
aims is done within 50 (30 seeds of each learner: at most 50, 34 to 40 on average)."""


def test_the_tutorial_is_declared_with_its_texts() -> None:
    game = get_game("front")
    declared = game.tutorial()
    assert declared is not None
    options = game.parse_options(dict(declared.options))
    assert declared.computers == ("easy", "easy"), "Front is for exactly three"
    assert options.target == 2, "two points: the return to the camp, then the win"
    assert options.draw_turns > tutorial.CLOCK + 30, "the draw is only a net"
    tutorial_check.check_texts(game)


def test_the_learner_starts_after_a_scripted_roll_off() -> None:
    state = table(starter=None)
    dice = []
    while state.phase == ROLLOFF:
        value = tutorial.outcome(state, len(dice))
        assert value is not None
        dice.append(value)
        state.apply(ROLLS[value - 1], CHANCE)
    assert dice == [6, 1, 2]
    assert state.current == ANNA


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize(
    "learner", [tutorial_check.first, tutorial_check.at_random], ids=["first", "random"]
)
def test_the_game_ends_soon_whatever_the_learner_picks(
    learner: tutorial_check.Learner, seed: int
) -> None:
    game = get_game("front")
    played = tutorial_check.play(game, learner, seed)
    result = played.state.result()
    assert result is not None and result.winners, "won, not drawn"
    assert result.winners[0] in (ANNA, BERTIL, CECILIA)
    assert played.misfits == 0, "every die fits the position it was chosen for"
    assert played.decisions <= DECISIONS
    declared = game.tutorial()
    assert declared is not None
    assert set(played.kinds) <= set(declared.kinds)
    assert played.kinds[:2] == [ROLL, "move"]


@pytest.mark.parametrize("seed", range(3))
def test_a_learner_who_picks_at_random_scores_twice_and_wins(seed: int) -> None:
    played = tutorial_check.play(get_game("front"), tutorial_check.at_random, seed)
    result = played.state.result()
    assert result is not None and result.winners == (ANNA,)
    assert "return" in played.kinds, "the first point sent a piece home"


def computer_to_roll(turns: int) -> FrontState:
    """Bertil to roll, one step above Anna's empty c1 (a 1 scores), at turn ``turns``."""
    state = table(starter=ANNA)
    anna = [(ANNA, 0, c) for c in (0, 1, 3, 4, 5, 6, 7)]
    bertil = [(ANNA, 1, 2), *((BERTIL, 0, c) for c in range(1, 8))]
    place(
        state,
        {ANNA: anna, BERTIL: bertil, CECILIA: [(CECILIA, 0, c) for c in range(8)]},
        turn=BERTIL,
    )
    state.turns = turns
    assert state.phase == ROLL_PHASE
    return state


def foreseen_points(state: FrontState, value: int) -> int:
    """Bertil's points after rolling ``value`` and playing the heuristic's move."""
    roll(state, value)
    if state.phase == MOVE:
        action = heuristic.choose(state, None)
        assert action is not None
        play(state, action)
    return state.scores[BERTIL]


def test_a_computer_gets_no_scoring_die_before_the_clock_and_races_after_it() -> None:
    early = computer_to_roll(turns=10)
    value = tutorial.outcome(early, 20)
    assert value is not None and foreseen_points(early, value) == 0
    late = computer_to_roll(turns=tutorial.CLOCK)
    value = tutorial.outcome(late, 80)
    assert value == 1 and foreseen_points(late, value) == 1
    # The learner's point puts the race off.
    graced = computer_to_roll(turns=tutorial.CLOCK)
    graced.scores[ANNA] = 1
    value = tutorial.outcome(graced, 80)
    assert value is not None and foreseen_points(graced, value) == 0
