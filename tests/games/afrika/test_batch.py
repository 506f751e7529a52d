"""The batch simulator (``games/afrika/batch.py``) against the reference engine (``rules.py``),
step for step.

Differential tests: game ``g`` of a batch seeded with ``seed`` and the reference engine driven
by ``XorShiftRandom(seed, g)`` see the same randomness, used as the kernel does (``_kernel``'s
docstring): every chance node's outcome is ``rng.chance(state)`` (keyed by the turn, the
number of tokens opened, the turn order's progress); a random seat takes one draw per decision,
``legal[int(rng.random() * len(legal))]``, even with one legal action; a heuristic seat takes
none with one legal action and otherwise plays ``heuristic.choose(state, p, rng)``. Both must
then produce the same game: every step the same chance outcome (seat or roll of the turn order,
die, token), or the same number of legal actions and the same choice, and after it the same
money for every seat (the scores); at the end the same winner (or nobody), the same number of
chance events and of decisions; from new games and from positions anywhere in a game, under
every option.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from spelkvall.core import CHANCE, Action, Seat
from spelkvall.games.afrika import GAME, AfrikaState, batch, heuristic
from spelkvall.games.afrika import _kernel as k
from spelkvall.games.afrika.actions import (
    Buy,
    Fly,
    Go,
    Order,
    Pass,
    Reveal,
    Roll,
    Sail,
    SailFree,
    SailOn,
    Start,
    TryToken,
    Walk,
)
from spelkvall.games.afrika.board import INDEX
from spelkvall.games.afrika.phases import BUY_PHASE, DRAW, ORDER, ROLL, START, STEP
from spelkvall.games.afrika.rules import OVER
from spelkvall.games.afrika.tokens import TOKEN_INDEX

Step = tuple[int, ...]
"""One step as the kernel traces it (``_kernel.T_*``): kind * 4096 + count, outcome or
choice, then every seat's money after the step."""

TURN_KINDS: dict[type[Action], int] = {
    Walk: k.A_WALK,
    Sail: k.A_SAIL,
    SailFree: k.A_SAILFREE,
    SailOn: k.A_SAILON,
    Fly: k.A_FLY,
    TryToken: k.A_TRY,
    Buy: k.A_BUY,
    Pass: k.A_PASS,
}


def chance_code(state: AfrikaState, action: Action) -> tuple[int, int]:
    """The kernel's code of the chance outcome ``action`` in ``state`` (before it applies)."""
    if state.phase == ORDER:
        assert isinstance(action, (Roll, Order))
        value = action.value if isinstance(action, Roll) else action.seat
        return k.T_ORDER * 4096 + len(state.order_pending), value
    if state.phase == ROLL:
        assert isinstance(action, Roll)
        return k.T_ROLL * 4096 + state.purpose, action.value
    assert state.phase == DRAW and isinstance(action, Reveal)
    return k.T_TOKEN * 4096 + state.drawing, TOKEN_INDEX[action.token]


def choice_code(state: AfrikaState, action: Action, legal: int) -> tuple[int, int]:
    """The kernel's code of the decision ``action`` among ``legal`` actions in ``state``."""
    if state.phase == START:
        assert isinstance(action, Start)
        return k.T_START * 4096 + legal, INDEX[action.at]
    if state.phase == BUY_PHASE:
        return k.T_BUY * 4096 + legal, int(isinstance(action, Buy))
    if state.phase == STEP:
        assert isinstance(action, Go)
        return k.T_STEP * 4096 + legal, INDEX[action.to]
    to = INDEX[action.to] if isinstance(action, (Sail, SailFree, Fly)) else 0
    return k.T_TURN * 4096 + legal, TURN_KINDS[type(action)] * 1000 + to


def reference_step(state: AfrikaState, policies: Sequence[str], rng: batch.XorShiftRandom) -> Step:
    """One step of the reference engine under the draw protocol; the kernel's trace of it."""
    if state.is_chance():
        outcome = rng.chance(state)
        code = chance_code(state, outcome)
        state.apply(outcome, CHANCE)
    else:
        p = state.players_to_act()[0]
        legal = state.legal_actions(p)
        if policies[p] == "random":
            action = legal[int(rng.random() * len(legal))]
        else:
            action = heuristic.choose(state, p, rng)  # type: ignore[arg-type]
        code = choice_code(state, action, len(legal))
        state.apply(action, p)
    return (*code, *state.money)


def reference_game(
    state: AfrikaState, policies: Sequence[str], rng: batch.XorShiftRandom
) -> tuple[tuple[int, int, int], list[Step]]:
    """Play ``state`` to the end under the draw protocol: (winner or -1, chance, decisions)
    and the trace of every step."""
    trace: list[Step] = []
    chance = moves = 0
    while state.phase != OVER:
        was_chance = state.is_chance()
        trace.append(reference_step(state, policies, rng))
        if was_chance:
            chance += 1
        else:
            moves += 1
    winners = state.winners()
    return ((winners[0] if winners else -1), chance, moves), trace


def assert_same_games(
    start: AfrikaState, policies: Sequence[str], games: int, seed: int, where: str
) -> None:
    """Games ``0 .. games - 1`` of ``seed`` from ``start``, in the engine and in the kernel
    (traced for as long as the longest engine game, one step more), take the same steps: the
    first step that differs is named. Then the same winner, chance events and decisions."""
    ends = []
    traces: list[list[Step]] = []
    for g in range(games):
        end, trace = reference_game(start.clone(), policies, batch.XorShiftRandom(seed, g))
        ends.append(end)
        traces.append(trace)
    longest = max(len(trace) for trace in traces)
    result = batch.play(start, games, policies, seed=seed, trace_steps=longest + 1)
    assert result.trace is not None
    for g, (end, trace) in enumerate(zip(ends, traces, strict=True)):
        here = f"{where}, game {g} of seed {seed}, {policies}"
        got = [tuple(int(x) for x in row) for row in result.trace[g, : len(trace) + 1]]
        for i, step in enumerate(trace):
            assert got[i] == step, f"{here}: step {i} differs: kernel {got[i]}, engine {step}"
        assert not any(got[len(trace)]), f"{here}: the kernel plays on after step {len(trace)}"
        counts = (int(result.winners[g]), int(result.chance_events[g]), int(result.moves[g]))
        assert counts == end, here


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
        assert_same_games(state, policies, games, 7, f"{players} players, {options}")


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
                where = f"position {n}, step {steps}"
                assert_same_games(state, policies, 3, n * 100 + steps, where)
                checked += 3
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
