"""The batch simulator (``games/dogroyal/batch.py``) against the reference engine
(``rules.py``), step for step.

Game ``g`` of a batch seeded with ``seed`` and the reference engine driven by
``XorShiftRandom(seed, g)`` see the same random stream, used as ``_kernel``'s docstring says: a
dealt or drawn card, the first dealer and a forfeited card each take one draw
(``XorShiftRandom.chance``); a random seat takes one draw per decision,
``legal[int(rng.random() * len(legal))]`` (``RandomBot``), the lowest seat first in the
exchange; a heuristic seat takes none with one legal action and otherwise plays
``heuristic.choose`` (its tie-break draws). Both must then play the same game: every step the
same number of choices and the same choice (card dealt, card given, piece placed, what the
card played does), and at the end the same positions, discard pile, winners, places, rounds.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

import pytest

from spelkvall.core import CHANCE, Seat
from spelkvall.games.dogroyal import _kernel as k
from spelkvall.games.dogroyal import batch, heuristic
from spelkvall.games.dogroyal.actions import Dealer, Draw, Forfeit, Give, Jump, Place
from spelkvall.games.dogroyal.board import CARD_INDEX
from spelkvall.games.dogroyal.game import DogRoyal
from spelkvall.games.dogroyal.options import DogOptions
from spelkvall.games.dogroyal.rules import (
    DEAL,
    DEALER,
    DRAW,
    EXCHANGE,
    FORFEIT,
    JUMP_PHASE,
    PLACE,
    PLAY,
    DogState,
)

GAME = DogRoyal()

OPTION_SETS: tuple[DogOptions, ...] = (
    DogOptions(),
    DogOptions(round_limit=8),
    DogOptions(teams=False, play_on=True),
    DogOptions(plus4_green=True, green_hits_king=True, king_uses_one=False),
    DogOptions(goal_entry_optional=False, citizen_jump_optional=False),
    DogOptions(citizen_jump_draws=True, special_offset=0, swap_own=True),
    DogOptions(king_swap_any_distance=False, copy_across_rounds=False),
    DogOptions(reshuffle_keeps_top=False, special_draw_reshuffle=False),
    DogOptions(first_dealer_random=False, first_round_placement=False, special_offset=3),
    DogOptions(cheat_enabled=True),
    DogOptions(cheat_enabled=True, teams=False, play_on=True, special_offset=15),
)
PLAYERS = (4, 4, 3, 4, 4, 4, 4, 4, 2, 4, 3)
"""The number of players for each option set (2 and 3 are free-for-all)."""


def new_game(players: int, options: DogOptions) -> DogState:
    return GAME.new_state([Seat(f"P{i}") for i in range(players)], options)


def reference_step(
    state: DogState, policies: Sequence[str], rng: batch.XorShiftRandom
) -> tuple[int, int]:
    """One step of the reference engine under the documented draw protocol; the kernel's
    trace code of it."""
    if state.is_chance():
        phase = state.phase
        size = state.hand_size[state.forfeit_seat] if phase == FORFEIT else 0
        outcomes = len(state.chance_outcomes()) if phase == DEALER else 0
        action = rng.chance(state)
        state.apply(action, CHANCE)
        if phase in (DEAL, DRAW):
            assert isinstance(action, Draw)
            return k.T_DRAW * 4096, CARD_INDEX[action.card]
        if phase == DEALER:
            assert isinstance(action, Dealer)
            return k.T_DEALER * 4096 + outcomes, action.seat
        assert isinstance(action, Forfeit)
        return k.T_FORFEIT * 4096 + size, CARD_INDEX[action.card]
    seat = state.players_to_act()[0]
    legal = state.legal_actions(seat)
    if policies[seat] == "random":
        action = legal[int(rng.random() * len(legal))]
    elif len(legal) == 1:
        action = legal[0]
    else:
        action = heuristic.choose(state, seat, rng)  # type: ignore[arg-type]
    n = len(legal)
    if state.phase == EXCHANGE:
        assert isinstance(action, Give)
        code = (k.T_GIVE * 4096 + n, CARD_INDEX[action.card])
    elif state.phase == PLACE:
        assert isinstance(action, Place)
        code = (k.T_PLACE * 4096 + n, action.piece)
    elif state.phase == JUMP_PHASE:
        assert isinstance(action, Jump)
        code = (k.T_JUMP * 4096 + n, int(action.jump))
    else:
        plan = state.plan_of(action)
        assert plan is not None
        arg = plan[2] if len(plan) > 2 else 0
        code = (k.T_PLAY * 4096 + n, plan[0] * 10000 + plan[1] * 100 + arg + 1)
    state.apply(action, seat)
    return code


def reference_game(
    state: DogState, policies: Sequence[str], rng: batch.XorShiftRandom
) -> tuple[DogState, list[tuple[int, int]], int, int]:
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


def assert_same_games(
    start: DogState,
    policies: Sequence[str],
    games: int,
    seed: int,
    first_game: int = 0,
    trace_steps: int = 0,
) -> None:
    result = batch.play(
        start, games, policies, seed, first_game=first_game, final=True, trace_steps=trace_steps
    )
    assert result.final is not None
    n = start.n
    open_place = len(start.places)
    for g in range(games):
        rng = batch.XorShiftRandom(seed, first_game + g)
        end, trace, chance, moves = reference_game(start.clone(), policies, rng)
        where = f"game {first_game + g} of seed {seed}, {policies}, {start.options}"
        if result.trace is not None:
            steps = min(len(trace), trace_steps)
            got = [tuple(int(x) for x in row) for row in result.trace[g, :steps]]
            for i in range(steps):
                assert got[i] == trace[i], f"{where}: step {i} differs"
        res = end.result()
        assert res is not None
        final = result.final[g].tolist()
        assert final[: 4 * n] == end.pos, where
        assert final[16:] == end.discard_counts, where
        assert int(result.winners[g]) == sum(1 << s for s in res.winners), where
        taker = res.ranking[open_place] if open_place < len(res.ranking) else ()
        assert int(result.open_place[g]) == sum(1 << s for s in taker), where
        places = [int(s) for s in result.places[g] if s >= 0]
        assert places == list(end.places), where
        assert bool(result.round_limit[g]) == end.limit_reached, where
        assert (int(result.rounds[g]), int(result.turns[g])) == (end.round, end.turns), where
        assert (int(result.chance_events[g]), int(result.moves[g])) == (chance, moves), where


def test_new_games_agree_step_for_step_under_every_option() -> None:
    # A few whole games per option set, every step traced (random games take ~2,300 steps).
    for i, (options, players) in enumerate(zip(OPTION_SETS, PLAYERS, strict=True)):
        assert_same_games(new_game(players, options), ["random"] * players, 3, i, trace_steps=6000)


def test_heuristic_and_mixed_seats_agree_step_for_step() -> None:
    for i, (options, players) in enumerate(zip(OPTION_SETS, PLAYERS, strict=True)):
        policies = ["heuristic", "random", "heuristic", "random"][:players]
        assert_same_games(new_game(players, options), policies, 2, 50 + i, trace_steps=6000)
        assert_same_games(new_game(players, options), ["heuristic"] * players, 2, 70 + i)


KINDS = ("dealer", "deal", "exchange", "place", "play", "draw", "jump", "forfeit", "segments")


def kind_of(state: DogState) -> str:
    if len(state.deck) > 1:
        return "segments"  # a reshuffled pile under what was left of the deck
    return {
        DEALER: "dealer",
        DEAL: "deal",
        EXCHANGE: "exchange",
        PLACE: "place",
        DRAW: "draw",
        JUMP_PHASE: "jump",
        FORFEIT: "forfeit",
    }.get(state.phase, "play")


def mid_game_positions(count: int, seed: int) -> list[DogState]:
    """Positions met in random and heuristic games under every option set, in every phase (a
    few of them worlds dealt from a seat's view, as a search plays them), until every kind of
    ``KINDS`` is there: ``count`` positions, the rarer kinds first."""
    rng = random.Random(seed)
    found: dict[str, list[DogState]] = {kind: [] for kind in KINDS}
    per_kind = max(1, count // (2 * len(KINDS)))
    total = 0
    for _ in range(20 * count):
        if total >= count and all(found[kind] for kind in KINDS):
            break
        i = rng.randrange(len(OPTION_SETS))
        # The cheat rule twice as often: its forfeits are rare.
        if rng.random() < 0.3:
            i = rng.choice((9, 10))
        state = new_game(PLAYERS[i], OPTION_SETS[i])
        stop = rng.randrange(2500)
        heuristic_seats = rng.random() < 0.3
        while not state.is_terminal() and stop > 0:
            stop -= 1
            if state.is_chance():
                state.apply(state.sample_chance(rng), CHANCE)
                continue
            seat = state.players_to_act()[0]
            legal = state.legal_actions(seat)
            if heuristic_seats and len(legal) > 1:
                action = heuristic.choose(state, seat, rng)
            else:
                action = legal[rng.randrange(len(legal))]
            state.apply(action, seat)
            if state.phase == FORFEIT or len(state.deck) > 1:
                break  # rare: keep it
        if state.is_terminal():
            continue
        if rng.random() < 0.2 and state.players_to_act():
            state = GAME.sample_state(state, state.players_to_act()[0], rng)
        kind = kind_of(state)
        if len(found[kind]) < per_kind or total < count:
            found[kind].append(state)
            total += 1
    for kind in KINDS:
        assert found[kind], f"no {kind} position found"
    return [s for kind in KINDS for s in found[kind]]


def engine_plans(state: DogState) -> list[tuple[int, ...]]:
    actions, plans = state.planned()
    rows = []
    for action, plan in zip(actions, plans, strict=True):
        card = CARD_INDEX[action.card] if hasattr(action, "card") else -1
        arg = plan[2] if len(plan) > 2 else 0
        rows.append((plan[0], plan[1], arg, card, getattr(action, "cheat", 0)))
    return rows


def test_positions_anywhere_in_a_game_plan_and_play_alike() -> None:
    positions = mid_game_positions(220, 5)
    for j, state in enumerate(positions):
        if state.phase == PLAY:
            assert batch.legal_plans(state) == engine_plans(state), f"position {j}"
        policies = (
            ["random"] * state.n
            if j % 3
            else ["heuristic", "random", "heuristic", "random"][: state.n]
        )
        assert_same_games(state, policies, 1, 1000 + j, trace_steps=6000)


POSITIONS = 1700
"""Positions anywhere in a game (at least) that the differential test plays 2 games from each."""
POSITION_PARTS = 2
"""The parts (tests of their own) those positions' games are split into."""


def test_the_differential_test_plays_ten_thousand_games() -> None:
    # 600 games from the start under each option set (300 random, 300 heuristic), and 2
    # from each position anywhere in a game: the tests below.
    assert len(OPTION_SETS) * 600 + POSITIONS * 2 >= 10_000


# The 10,000 games are split into tests of their own, so that `make test`'s two workers share
# them (as one test they were about 3 CPU minutes in the engine on one worker).
@pytest.mark.slow
@pytest.mark.timeout(1200)  # seconds of CPU in the engine; a shared machine takes longer
@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
def test_games_from_the_start_agree_with_the_reference_engine(index: int) -> None:
    players = PLAYERS[index]
    start = new_game(players, OPTION_SETS[index])
    assert_same_games(start, ["random"] * players, 300, 200 + index, trace_steps=6000)
    assert_same_games(start, ["heuristic"] * players, 300, 300 + index, trace_steps=6000)


@functools.cache
def differential_positions() -> tuple[DogState, ...]:
    """The positions of the differential test, found once a process."""
    return tuple(mid_game_positions(POSITIONS, 17))


@pytest.mark.slow
@pytest.mark.timeout(1200)
@pytest.mark.parametrize("part", range(POSITION_PARTS))
def test_games_from_positions_anywhere_agree_with_the_reference_engine(part: int) -> None:
    positions = differential_positions()
    assert len(positions) >= POSITIONS  # the rarer kinds of position may add a few
    for j in range(part, len(positions), POSITION_PARTS):
        state = positions[j].clone()
        policies = ["random"] * state.n if j % 2 else ["heuristic"] * state.n
        assert_same_games(state, policies, 2, 5000 + j, trace_steps=6000)


def engine_takers(state: DogState, policy: str, games: int, seed: int) -> list[float]:
    """Per seat, the engine's games (the kernel's draw protocol) in which it took the best
    place still open in ``state``; a shared place counts for each seat."""
    place = GAME.open_place(state)
    counts = [0.0] * state.n
    for g in range(games):
        end, _, _, _ = reference_game(
            state.clone(), [policy] * state.n, batch.XorShiftRandom(seed, g)
        )
        result = end.result()
        assert result is not None
        for s in result.ranking[place - 1] if place <= len(result.ranking) else ():
            counts[s] += 1
    return counts


def test_playout_wins_and_fast_batch_count_as_the_engine_does() -> None:
    # A team game (a win counts for both partners, a round-limit tie for every seat level),
    # and a play-on game where one player has finished: the next place is what counts.
    team = new_game(4, DogOptions(round_limit=6))
    assert GAME.playout_wins(team, 30, "random", 4) == engine_takers(team, "random", 30, 4)
    batch_ = GAME.fast_batch(team, 30, ["random"] * 4, 4, parallel=True)
    assert list(batch_.wins) == engine_takers(team, "random", 30, 4)
    rng = random.Random(8)
    while True:
        state = new_game(3, DogOptions(teams=False, play_on=True))
        while not state.is_terminal() and not state.places:
            if state.is_chance():
                state.apply(state.sample_chance(rng), CHANCE)
            else:
                seat = state.players_to_act()[0]
                state.apply(heuristic.choose(state, seat, rng), seat)
        if not state.is_terminal():
            break
    assert GAME.open_place(state) == 2
    wins = GAME.playout_wins(state, 30, "heuristic", 5)
    assert wins == engine_takers(state, "heuristic", 30, 5)
    assert wins is not None and sum(wins) == 30 and wins[state.places[0]] == 0
