"""DogRoyal's guided first game: valid, short whatever the learner picks, every scripted card
fits, every choice the learner meets explained."""

from __future__ import annotations

import pytest

from spelkvall.core import CHANCE, Seat, get_game
from spelkvall.games.dogroyal import tutorial
from spelkvall.games.dogroyal.actions import Play
from spelkvall.games.dogroyal.board import CARD_INDEX, RING
from spelkvall.games.dogroyal.phases import DRAW, PLAY
from spelkvall.games.dogroyal.rules import DogState
from tests.games import tutorial_check

GAME = get_game("dogroyal")


def test_the_tutorial_is_declared_with_its_texts() -> None:
    declared = GAME.tutorial()
    assert declared is not None
    options = GAME.parse_options(dict(declared.options))
    assert declared.computers == ("easy",)
    assert declared.players == 2  # the shortest table: no partner, no exchange
    assert options.goal_entry_optional is False  # no run past the goal by mistake
    tutorial_check.check_texts(GAME)


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("learner", [tutorial_check.first, tutorial_check.at_random])
def test_the_guided_game_ends_soon_whatever_the_learner_picks(
    learner: tutorial_check.Learner, seed: int
) -> None:
    played = tutorial_check.play(GAME, learner, seed)
    result = played.state.result()
    assert result is not None and result.winners
    assert not played.state.limit_reached, "four pieces home, not the round limit"
    assert played.misfits == 0, "every scripted card was in the deck"
    # Four pieces once round the 64-field ring and home, five cards a round: a learner who
    # takes the first choice needs some 60 decisions, one who picks at random 60 to 120.
    assert played.decisions <= 130
    declared = GAME.tutorial()
    assert declared is not None
    assert set(played.kinds) <= set(declared.kinds)
    assert played.kinds[:2] == ["place", "play"], "placing comes first, then a card"


def test_the_learner_who_takes_the_first_choice_wins() -> None:
    played = tutorial_check.play(GAME, tutorial_check.first, 0)
    result = played.state.result()
    assert result is not None and result.winners == (0,)
    assert played.decisions <= 80


def test_the_computer_gets_no_start_card_so_brings_out_only_its_placed_piece() -> None:
    played = tutorial_check.play(GAME, tutorial_check.first, 1)
    state = played.state
    assert isinstance(state, DogState)
    out = [p for p in range(4, 8) if state.pos[p] >= 0]
    assert len(out) <= 1


def test_the_first_hand_brings_out_a_second_piece() -> None:
    """The first round is dealt before the placement: the hand is planned for a piece on the
    start field and holds a start card for the next one."""
    state = _new_state()
    state.apply(GAME.action_from_json({"type": "dealer", "seat": 1}), CHANCE)
    hand = tutorial.plan_hand(state, 5)
    assert len(hand) == 5
    assert CARD_INDEX["13"] in hand or CARD_INDEX["11"] in hand


def test_a_card_drawn_on_a_special_field_can_bring_the_piece_there_home() -> None:
    """The Knight alone on the track, on the last special field before its goal, draws: the
    card is chosen from the position, one whose move takes the Knight into the goal."""
    state = _new_state()
    state.apply(GAME.action_from_json({"type": "dealer", "seat": 1}), CHANCE)
    special = next(f for f in range(RING - 1, 0, -1) if state.special[f])
    state.pos[1] = special
    state.occ[special] = 1
    state.phase, state.draw_seat, state.current = DRAW, 0, 0
    drawn = tutorial.outcome(state, 1)
    assert isinstance(drawn, dict)
    state.apply(GAME.action_from_json({"type": "draw", **drawn}), CHANCE)
    state.phase = PLAY
    state._legal = None
    moves = [a for a in state.legal_actions(0) if isinstance(a, Play) and a.card == drawn["card"]]
    assert any(a.piece == 1 and a.goal for a in moves), drawn


def _new_state() -> DogState:
    declared = GAME.tutorial()
    assert declared is not None
    seats = [Seat("Du"), Seat("Dator", bot="easy")]
    state = GAME.new_state(seats, GAME.parse_options(dict(declared.options)))
    assert isinstance(state, DogState)
    return state
