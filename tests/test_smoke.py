"""A first end-to-end check; the rule tests and the conformance suite live beside it."""

import random

from spelkvall.core import Match, Seat, get_game


def test_a_random_four_player_fia_game_ends_with_one_winner() -> None:
    game = get_game("fia")
    match = Match(game, [Seat("Ahmad"), Seat("Micael"), Seat("Pontus"), Seat("Samir")], seed=7)
    rng = random.Random(7)
    while not match.state.is_terminal():
        if match.state.is_chance():
            match.resolve_chance()
        else:
            legal = match.state.legal_actions()
            match.apply(legal[rng.randrange(len(legal))])
    result = match.state.result()
    assert result is not None and len(result.winners) == 1
    assert match.record.replay().view(None) == match.state.view(None)
