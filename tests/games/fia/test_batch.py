"""The batch simulator (``games/fia/batch.py``) against the reference engine (``rules.py``),
step for step.

Differential tests: game ``g`` of a batch seeded with ``seed`` and the reference engine driven
by ``XorShiftRandom(seed, g)`` see the same random stream. The reference engine uses it exactly
as the bots do with their shared ``random.Random``: every die (``state.sample_chance(rng)``, the
start roll-off included) takes one draw; a random seat takes one draw per decision,
``legal[int(rng.random() * len(legal))]`` (``RandomBot``), even with one legal move; a
heuristic seat takes none with one legal move and otherwise plays ``heuristic.choose(state,
rng)``, which draws only to break an exact tie (``HeuristicBot``). Both must then produce the
same game: every step the same die roll by the same colour, or the same number of legal moves
and the same chosen move (its action and its index among them); and at the end the same
finishing order (so the same winner), the same final local position of every piece, the same
number of die rolls and of moves.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import pytest

from spelkvall.bots.arena import play_game
from spelkvall.core import CHANCE, Action, Seat
from spelkvall.games.fia import GAME, FiaOptions, FiaState, batch, heuristic
from spelkvall.games.fia import _kernel as k
from spelkvall.games.fia.actions import ENTER, ENTER_SIX, ENTER_TWO, Move, Roll
from spelkvall.games.fia.rules import MOVE, ROLL, ROLLOFF

ALL_OPTIONS = (
    FiaOptions(),
    FiaOptions(three_tries=True),
    FiaOptions(play_on=True),
    FiaOptions(three_tries=True, play_on=True),
)
COLOUR_SETS = (
    ("red", "blue", "yellow", "green"),
    ("green", "red", "blue"),  # seat order is not colour order
    ("yellow", "blue"),  # missing colours in between
    ("red", "yellow", "green"),
    ("blue", "green"),
)


def new_game(colours: Sequence[str], options: FiaOptions) -> FiaState:
    return GAME.new_state([Seat(f"P{i}", c) for i, c in enumerate(colours)], options)


TRACE_STEPS = 2000
"""Steps of each game the kernel traces: more than the longest game of these tests (about 1,400
steps with play-on), so every step of every game is compared."""

ACTION_CODES: dict[Action, int] = {
    ENTER: k.A_ENTER,
    ENTER_TWO: k.A_ENTER_TWO,
    ENTER_SIX: k.A_ENTER_SIX,
}


def action_code(action: Action) -> int:
    """The kernel's code of a move: its piece number, or ``A_*`` for entering."""
    return action.piece if isinstance(action, Move) else ACTION_CODES[action]


def reference_step(
    state: FiaState, policies: Sequence[str], rng: batch.XorShiftRandom
) -> tuple[int, int]:
    """One step of the reference engine under the documented draw protocol; the kernel's
    trace code of it."""
    if state.is_chance():
        seat = state.chance_seat()
        assert seat is not None
        roll = state.sample_chance(rng)
        assert isinstance(roll, Roll)
        state.apply(roll, CHANCE)
        return k.T_ROLL * 4096 + 16 * state.colour_of[seat], roll.value
    colour = state.colour_of[state.current]
    legal = state.legal_actions()
    if policies[state.current] == "random":
        action = legal[int(rng.random() * len(legal))]
    elif len(legal) == 1:
        action = legal[0]
    else:
        # XorShiftRandom offers the draws the heuristic uses, so it stands in for a Random.
        choice = heuristic.choose(state, rng)  # type: ignore[arg-type]
        assert choice is not None
        action = choice
    code = (
        k.T_MOVE * 4096 + 16 * colour + len(legal),
        16 * action_code(action) + legal.index(action),
    )
    state.apply(action)
    return code


def reference_game(
    state: FiaState, policies: Sequence[str], rng: batch.XorShiftRandom
) -> tuple[FiaState, list[tuple[int, int]], int, int]:
    trace: list[tuple[int, int]] = []
    chance = moves = 0
    while not state.is_terminal():
        was_chance = state.is_chance()
        trace.append(reference_step(state, policies, rng))
        if was_chance:
            chance += 1
        else:
            moves += 1
    return state, trace, chance, moves


def first_difference(got: list[tuple[int, int]], want: list[tuple[int, int]]) -> int | None:
    """The first step at which two traces differ (a missing step counts), or None."""
    for i, (a, b) in enumerate(zip(got, want, strict=False)):
        if a != b:
            return i
    return None if len(got) == len(want) else min(len(got), len(want))


def assert_same_games(
    start: FiaState,
    policies: Sequence[str],
    games: int,
    seed: int,
    first_game: int = 0,
    trace_steps: int = TRACE_STEPS,
) -> None:
    result = batch.play(
        start,
        games,
        policies,
        seed,
        first_game=first_game,
        positions=True,
        trace_steps=trace_steps,
    )
    assert result.positions is not None and result.trace is not None
    players = start.num_players
    for g in range(games):
        rng = batch.XorShiftRandom(seed, first_game + g)
        end, trace, chance, moves = reference_game(start.clone(), policies, rng)
        where = f"game {first_game + g} of seed {seed}, {policies}, {start.options}"
        assert len(trace) <= trace_steps, f"{where}: {len(trace)} steps, more than traced"
        got = [(int(a), int(b)) for a, b in result.trace[g, : len(trace)]]
        step = first_difference(got, trace)
        assert step is None, (
            f"{where}: step {step} differs: kernel {got[step]}, engine {trace[step]}"
        )
        order = [int(s) for s in result.finish_order[g] if s >= 0]
        assert order == end.finished, where
        assert int(result.winners[g]) == end.winners()[0], where
        batch_pos = result.positions[g].tolist()
        assert batch_pos == [list(end.local_positions(s)) for s in range(players)], where
        assert (int(result.chance_events[g]), int(result.moves[g])) == (chance, moves), where


@pytest.mark.slow
def test_ten_thousand_random_games_agree_with_the_reference_engine() -> None:
    # 10,000 whole games from the start (roll-off included): every option combination, 2, 3
    # and 4 players, colours in and out of seat order.
    games = 0
    for i, options in enumerate(ALL_OPTIONS):
        for j, colours in enumerate(COLOUR_SETS):
            n = 500
            assert_same_games(new_game(colours, options), ["random"] * len(colours), n, 10 * i + j)
            games += n
    assert games == 10_000


@pytest.mark.slow
def test_heuristic_games_agree_with_the_reference_engine() -> None:
    for i, options in enumerate(ALL_OPTIONS):
        for j, colours in enumerate(COLOUR_SETS[:3]):
            policies = ["heuristic"] * len(colours)
            assert_same_games(new_game(colours, options), policies, 100, 100 + 10 * i + j)


def test_mixed_seats_agree_with_the_reference_engine() -> None:
    start = new_game(COLOUR_SETS[0], FiaOptions())
    assert_same_games(start, ["heuristic", "random", "heuristic", "random"], 100, 7)


def mid_game_positions(count: int, seed: int, every_kind: bool = True) -> list[FiaState]:
    """Positions met in random games: in the roll-off, before a roll (also a bonus roll, a
    second try, after a first finisher with play-on) and with a move pending."""
    rng = random.Random(seed)
    found: list[FiaState] = []
    kinds = {"rolloff": 0, "roll": 0, "move": 0, "bound": 0, "tries": 0, "finished": 0}
    while len(found) < count:
        options = ALL_OPTIONS[rng.randrange(4)]
        colours = COLOUR_SETS[rng.randrange(len(COLOUR_SETS))]
        state = new_game(colours, options)
        # Now and then inside the roll-off; games last up to about 1,400 steps with play-on.
        stop = rng.randrange(6) if rng.random() < 0.1 else rng.randrange(1400)
        steps = 0
        while not state.is_terminal() and steps < stop:
            if state.is_chance():
                state.apply(state.sample_chance(rng), CHANCE)
            else:
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            steps += 1
        if state.is_terminal():
            continue
        kinds[("rolloff", "roll", "move")[state.phase]] += 1
        kinds["bound"] += bool(state.bound)
        kinds["tries"] += state.tries > 0
        kinds["finished"] += bool(state.finished)
        found.append(state)
    if every_kind:
        assert all(kinds.values()), kinds  # every kind of position is among them
    return found


@pytest.mark.slow
def test_games_from_mid_game_positions_agree_with_the_reference_engine() -> None:
    for i, state in enumerate(mid_game_positions(300, 5)):
        policy = "random" if i % 2 else "heuristic"
        assert_same_games(state, [policy] * state.num_players, 5, i, first_game=1000 * i)


def test_the_bots_play_the_same_games_as_the_batch_simulator() -> None:
    # The real bot classes through the arena, with the kernel's stream as their shared RNG.
    seats = [Seat(n) for n in ("Micael", "Samir", "Pontus", "Anna")]
    bots = ["heuristic", "random", "heuristic", "random"]
    start = GAME.new_state(seats)
    result = batch.play(start, 20, bots, 3, positions=True)
    assert result.positions is not None
    for g in range(20):
        end, record = play_game(GAME, seats, bots, batch.XorShiftRandom(3, g))  # type: ignore[arg-type]
        assert isinstance(end, FiaState)
        assert [int(s) for s in result.finish_order[g] if s >= 0] == end.finished
        assert result.positions[g].tolist() == [list(end.local_positions(s)) for s in range(4)]
        rolls = sum(1 for entry in record.log if entry.player == CHANCE)
        assert int(result.chance_events[g]) == rolls


def test_a_pending_move_is_played_from_the_die_already_rolled() -> None:
    state = new_game(COLOUR_SETS[0], FiaOptions())
    rng = random.Random(1)
    while state.phase != MOVE:
        state.apply(state.sample_chance(rng), CHANCE)
    assert state.phase == MOVE
    assert_same_games(state, ["random"] * 4, 50, 11)


def test_parallel_and_serial_runs_give_the_same_games() -> None:
    state = new_game(COLOUR_SETS[1], FiaOptions(play_on=True))
    serial = batch.play(state, 300, "heuristic", 9, positions=True)
    parallel = batch.play(state, 300, "heuristic", 9, positions=True, parallel=True)
    assert np.array_equal(serial.finish_order, parallel.finish_order)
    assert serial.positions is not None and parallel.positions is not None
    assert np.array_equal(serial.positions, parallel.positions)


def test_first_game_continues_a_batch_with_fresh_games() -> None:
    state = new_game(COLOUR_SETS[0], FiaOptions())
    whole = batch.play(state, 40, "random", 2)
    second_half = batch.play(state, 20, "random", 2, first_game=20)
    assert np.array_equal(whole.finish_order[20:], second_half.finish_order)


def test_stop_at_first_keeps_the_winner_and_ends_early_with_play_on() -> None:
    state = new_game(COLOUR_SETS[0], FiaOptions(play_on=True))
    full = batch.play(state, 200, "random", 4)
    short = batch.play(state, 200, "random", 4, stop_at_first=True)
    assert np.array_equal(full.winners, short.winners)
    assert (short.finish_order[:, 1] == -1).all() and (full.finish_order[:, 2] >= 0).all()
    assert short.chance_events.sum() < full.chance_events.sum()


def test_playout_wins_counts_every_game_once() -> None:
    state = new_game(COLOUR_SETS[2], FiaOptions())
    wins = GAME.playout_wins(state, 1000, "heuristic", 1)
    assert wins is not None and len(wins) == 2
    assert sum(wins) == 1000 and min(wins) > 0


def test_playout_wins_does_not_change_the_state() -> None:
    state = mid_game_positions(1, 8, every_kind=False)[0]
    before = state.view(None)
    GAME.playout_wins(state, 50, "random", 1)
    assert state.view(None) == before


def test_unknown_policy_is_refused_by_name() -> None:
    state = new_game(COLOUR_SETS[0], FiaOptions())
    with pytest.raises(ValueError, match="random and heuristic seats only, not 'mcts'"):
        batch.play(state, 10, ["random", "mcts", "random", "random"])
    with pytest.raises(ValueError, match="4 seats but 2 policies"):
        batch.play(state, 10, ["random", "random"])


def test_a_finished_game_cannot_be_played_out() -> None:
    state = new_game(COLOUR_SETS[2], FiaOptions())
    reference_game(state, ["random", "random"], batch.XorShiftRandom(1))
    with pytest.raises(ValueError, match="game is over"):
        batch.play(state, 10)


def test_positions_of_each_phase_encode_as_the_kernel_expects() -> None:
    state = new_game(COLOUR_SETS[0], FiaOptions())
    assert batch.Position.of(state).phase == ROLLOFF
    assert batch.Position.of(state).pending == 0b1111
    rng = random.Random(2)
    while state.phase == ROLLOFF:
        state.apply(state.sample_chance(rng), CHANCE)
    assert batch.Position.of(state).phase == ROLL
