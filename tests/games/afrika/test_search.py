"""The search levels in Afrikas stjärna: alone in the race they take it home instead of putting
it off."""

from __future__ import annotations

import random

import pytest

from spelkvall.bots import Observation, make_bot
from spelkvall.core import CHANCE, Seat
from spelkvall.games.afrika import GAME
from spelkvall.games.afrika.rules import AfrikaState


def alone_with_only_island_tokens_left() -> AfrikaState:
    """A heuristic 3-player game (seed 30) after 254 steps: the other two stranded (S3, S1),
    every mainland token open, the star still in an island city, seat 0 with £300 on the
    mainland. Whoever acts next can only win or strand themselves."""
    rng = random.Random(30)
    state = GAME.new_state([Seat(f"P{i}") for i in range(3)])
    for _ in range(254):
        if state.is_chance():
            state.apply(state.sample_chance(rng), CHANCE)
        else:
            p = state.players_to_act()[0]
            state.apply(GAME.heuristic_action(state, p, rng), p)
    assert state.stranded == [False, True, True] and state.current == 0
    assert state.mainland_left == 0 and not state.star_found and state.money[0] == 300
    return state


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_hard_sails_for_the_last_tokens_instead_of_walking_back_and_forth(seed: int) -> None:
    # An unbounded tree put the voyage off for ever here (150 decisions, no end, every seed):
    # its exploration of the island's hopeless moves made sailing look worse than walking.
    start = alone_with_only_island_tokens_left()
    bot = make_bot("hard", GAME)
    bot.iterations = 400  # type: ignore[attr-defined]  # the shared budget: quicker, as bad
    rng = random.Random(seed)
    state = start.clone()
    for _ in range(60):
        if state.is_terminal():
            break
        if state.is_chance():
            state.apply(state.sample_chance(rng), CHANCE)
            continue
        p = state.players_to_act()[0]
        state.apply(bot.choose(Observation(GAME, state.clone(), p), rng), p)
    assert state.is_terminal()  # won, or stranded by a blank token: either way it ended


def test_once_the_others_are_stranded_the_search_grows_no_tree_below_its_own_move() -> None:
    alone = alone_with_only_island_tokens_left()
    assert GAME.search_depth(alone, 0) == 1
    search = make_bot("hard", GAME).search(Observation(GAME, alone, 0), random.Random(1))  # type: ignore[attr-defined]
    assert search.root.edges[0] and not search.root.children


def test_while_others_race_the_search_keeps_its_tree() -> None:
    state = GAME.new_state([Seat(f"P{i}") for i in range(3)])
    assert GAME.search_depth(state, 0) is None
    racing = alone_with_only_island_tokens_left()
    racing.stranded[1] = False  # somebody else could still win
    assert GAME.search_depth(racing, 0) is None
    # The seat that is stranded itself sees the others still racing.
    assert GAME.search_depth(alone_with_only_island_tokens_left(), 1) is None
