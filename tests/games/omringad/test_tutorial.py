"""Omringad's guided first game: two rounds on the real engine, every scripted outcome fits,
every decision the learner meets is explained, and it ends soon whatever the learner picks."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from spelkvall.core import get_game
from spelkvall.core.tutorial import Scripted
from spelkvall.games.omringad.board import ELEPHANTS, UNIT_NAMES
from spelkvall.games.omringad.phases import AUCTION, BT_ROLL, COMBAT, INITIATIVE, OVER
from spelkvall.games.omringad.rules import OmringadState
from tests.games import tutorial_check

# Terrain, set-up and both rounds' moves, the purchase and the placing: some 80 small steps for
# the learner who always takes the first choice; one who picks at random undoes and passes.
MAX_DECISIONS = 120
PHASE_KINDS = {"tile", "recruit", "select", "drop", "bid", "buy", "place"}
"""A kind of each of the five phases with decisions: terrain, set-up, movement, auction (the
purchase with it) and reinforcements."""


def test_the_tutorial_is_declared_with_its_texts() -> None:
    game = get_game("omringad")
    tutorial = game.tutorial()
    assert tutorial is not None
    game.parse_options(dict(tutorial.options))
    assert tutorial.computers == ("easy",)
    tutorial_check.check_texts(game)


def test_the_guided_game_uses_the_shortest_options() -> None:
    game = get_game("omringad")
    tutorial = game.tutorial()
    assert tutorial is not None
    options = game.parse_options(dict(tutorial.options))
    assert options.round_limit == 2 and options.target == 50
    assert not options.setup_purchase_separate


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("learner", [tutorial_check.first, tutorial_check.at_random])
def test_the_game_ends_after_two_rounds_with_every_outcome_as_scripted(
    learner: tutorial_check.Learner, seed: int
) -> None:
    game = get_game("omringad")
    played = tutorial_check.play(game, learner, seed)
    state = played.state
    assert isinstance(state, OmringadState)
    assert state.phase == OVER and state.round == 2
    assert state.result() is not None
    assert played.misfits == 0 and played.scripted >= 2  # the roll-off and the draw at least
    assert played.decisions <= MAX_DECISIONS
    tutorial = game.tutorial()
    assert tutorial is not None
    assert set(played.kinds) <= set(tutorial.kinds)
    assert played.kinds[0] == "tile"
    assert set(played.kinds) >= PHASE_KINDS


def _record(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> tuple[OmringadState, list[tuple[int, int, int, int]]]:
    """Play the guided game with a learner at random, noting every scripted outcome as
    (phase, seat or roller's party, the lowest die that hits, the outcome; -1 where none)."""
    game = get_game("omringad")
    scripted = game.tutorial_outcome
    seen: list[tuple[int, int, int, int]] = []

    def noting(state: OmringadState, drawn: int) -> Scripted | None:
        value = scripted(state, drawn)
        number = value if isinstance(value, int) else -1
        if state.phase == INITIATIVE:
            seen.append((INITIATIVE, state.contenders[len(state.init_rolls)], -1, number))
        elif state.phase == COMBAT and state.bt_stage == BT_ROLL:
            roller = state.bt_rollers[len(state.bt_dice)]
            seen.append((COMBAT, roller & 7, (roller >> 4) & 15, number))
        else:
            # The special drawn for the auction, by its place in the unit table.
            unit = value.get("unit") if isinstance(value, Mapping) else None
            seen.append((state.phase, -1, -1, UNIT_NAMES.index(unit) if unit else -1))
        return value

    monkeypatch.setattr(game, "tutorial_outcome", noting)
    played = tutorial_check.play(game, tutorial_check.at_random, seed)
    assert played.misfits == 0
    assert isinstance(played.state, OmringadState)
    return played.state, seen


def test_the_learner_wins_the_roll_off_and_the_computer_auctions_the_elephants(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state, seen = _record(monkeypatch, 0)
    assert [(seat, value) for phase, seat, _, value in seen if phase == INITIATIVE] == [
        (0, 6),
        (1, 2),
    ]
    # The learner held the marker in round 1, so the computer draws in round 2.
    assert state.holder == 1
    assert [value for phase, _, _, value in seen if phase == AUCTION] == [ELEPHANTS]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_in_a_battle_the_learners_dice_hit_and_the_computers_seldom(
    monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    _state, seen = _record(monkeypatch, seed)
    dice = [(party, need, value) for phase, party, need, value in seen if phase == COMBAT]
    assert dice, "the learner at random meets a battle with this seed"

    def hits(need: int, value: int) -> bool:
        return value == 6 or (value != 1 and value >= need)

    assert all(hits(need, value) for party, need, value in dice if party == 0)
    theirs = [hits(need, value) for party, need, value in dice if party == 1]
    assert theirs.count(True) < theirs.count(False)
