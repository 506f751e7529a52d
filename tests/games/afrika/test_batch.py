"""The batch simulator (``games/afrika/batch.py``) against the reference engine (``rules.py``).

Differential tests: game ``g`` of a batch seeded with ``seed`` and the reference engine driven
by ``XorShiftRandom(seed, g)`` see the same randomness, used as the kernel does (``_kernel``'s
docstring): every chance node's outcome is ``rng.chance(state)`` (keyed by the turn, the
number of tokens opened, the turn order's progress); a random seat takes one draw per decision,
``legal[int(rng.random() * len(legal))]``, even with one legal action; a heuristic seat takes
none with one legal action and otherwise plays ``heuristic.choose(state, p, rng)``. Both must
then produce the same game: the same winner (or nobody), the same number of chance events and
of decisions, from new games and from positions anywhere in a game, under every option.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from spelkvall.core import CHANCE, Seat
from spelkvall.games.afrika import GAME, AfrikaState, batch, heuristic
from spelkvall.games.afrika.rules import OVER


def reference(
    state: AfrikaState, policies: Sequence[str], rng: batch.XorShiftRandom
) -> tuple[int, int, int]:
    """Play ``state`` to the end under the draw protocol: (winner or -1, chance, decisions)."""
    chance = moves = 0
    while state.phase != OVER:
        if state.is_chance():
            state.apply(rng.chance(state), CHANCE)
            chance += 1
            continue
        p = state.players_to_act()[0]
        legal = state.legal_actions(p)
        if policies[p] == "random":
            action = legal[int(rng.random() * len(legal))]
        else:
            action = heuristic.choose(state, p, rng)  # type: ignore[arg-type]
        state.apply(action, p)
        moves += 1
    winners = state.winners()
    return (winners[0] if winners else -1), chance, moves


def new_game(players: int, **options: object) -> AfrikaState:
    return GAME.new_state([Seat(f"P{i}") for i in range(players)], GAME.parse_options(options))


OPTION_SETS = (
    {},
    {"free_passage_2005": True},
    {"escape_roll_moves": False, "emerald_value": 600},
    {"turn_order": "highest_roll"},
    {"strand_waits_for_capetown": False, "free_passage_2005": True, "turn_order": "highest_roll"},
)


@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(o) or "default")
@pytest.mark.parametrize("policy", ["heuristic", "random", "mixed"])
def test_the_kernel_plays_the_engines_games_from_the_start(
    options: dict[str, object], policy: str
) -> None:
    games = 12 if policy == "random" else 30
    for players in (2, 3, 5):
        policies = (["heuristic", "random"] * 3 if policy == "mixed" else [policy] * 6)[:players]
        state = new_game(players, **options)
        result = batch.play(state, games, policies, seed=7)
        for g in range(games):
            expected = reference(state.clone(), policies, batch.XorShiftRandom(7, g))
            got = (int(result.winners[g]), int(result.chance_events[g]), int(result.moves[g]))
            assert got == expected, f"game {g}, {players} players, {policies}, {options}"


def test_the_kernel_plays_on_from_positions_anywhere_in_a_game() -> None:
    """Positions taken along engine games (every phase: start, turn, roll, step, buy, draw,
    at sea, captured, slaves, stranded players), played on by both."""
    rng = random.Random(3)
    checked = 0
    for n in range(24):
        options = OPTION_SETS[n % len(OPTION_SETS)]
        state = new_game(2 + n % 4, **options)
        steps = 0
        while state.phase != OVER:
            if steps % 9 == 0:
                policies = ["heuristic"] * state.num_players
                result = batch.play(state, 3, policies, seed=n * 100 + steps)
                for g in range(3):
                    expected = reference(
                        state.clone(), policies, batch.XorShiftRandom(n * 100 + steps, g)
                    )
                    got = (int(result.winners[g]), int(result.chance_events[g]))
                    assert got == expected[:2], f"game {n}, step {steps}, playout {g}"
                    checked += 1
            if state.is_chance():
                state.apply(state.sample_chance(rng), CHANCE)
            else:
                p = state.players_to_act()[0]
                legal = state.legal_actions(p)
                state.apply(legal[rng.randrange(len(legal))], p)
            steps += 1
            if steps > 400:
                break
    assert checked > 300


def test_playout_wins_counts_wins_per_seat() -> None:
    state = new_game(3)
    wins = GAME.playout_wins(state, 50, "heuristic", 1)
    assert wins is not None and len(wins) == 3 and 45 <= sum(wins) <= 50


def test_a_finished_game_cannot_be_played_out() -> None:
    state = new_game(2)
    state.phase = OVER
    with pytest.raises(ValueError):
        batch.play(state, 1)


def test_the_streams_of_python_and_the_kernel_agree() -> None:
    import numpy as np

    from spelkvall.games.afrika import _kernel

    for seed, game in ((0, 0), (7, 3), (2**40 + 5, 99)):
        assert int(_kernel.game_stream(np.uint64(seed), np.uint64(game))) == batch.stream_state(
            seed, game
        )
