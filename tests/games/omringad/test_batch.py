"""The batch simulator (``games/omringad/batch.py``) against the reference engine
(``rules.py``, ``movement.py``, ``combat.py``, ``heuristic.py``), step for step.

Game ``g`` of a batch seeded with ``seed`` and the reference engine driven by
``XorShiftRandom(seed, g)`` see the same random stream, used as ``_kernel``'s docstring says:
a die, a special drawn and the Dragon's target each take one draw
(``XorShiftRandom.chance``); a random seat takes one draw per decision,
``legal[int(rng.random() * len(legal))]`` (``RandomBot``); a heuristic seat plays
``heuristic.choose`` (its purchase draws, its fallbacks); where several seats act at once the
lowest seat first, each once (``bots.mcts.play_to_end``). Both must then play the same game:
every step the same number of choices and the same action, and at the end the same winners,
points, rounds, control and stacks.
"""

from __future__ import annotations

import functools
import os
import random
from collections.abc import Callable, Sequence

import numpy as np
import pytest

from spelkvall.core import CHANCE, Event, Seat
from spelkvall.games.omringad import _kernel as k
from spelkvall.games.omringad import batch, heuristic
from spelkvall.games.omringad.actions import Place
from spelkvall.games.omringad.board import REGULAR, SPECIALS, UNIT_NAMES
from spelkvall.games.omringad.game import Omringad
from spelkvall.games.omringad.options import OmringadOptions
from spelkvall.games.omringad.phases import (
    AU_DRAW,
    AUCTION,
    BT_TARGET,
    COMBAT,
    MOVEMENT,
    OVER,
    REINFORCEMENT,
    SETUP,
    TERRAIN,
)
from spelkvall.games.omringad.rules import OmringadState

from .helpers import pirates_cornered, three_sides_shooter_picks

GAME = Omringad()

OPTION_SETS: tuple[tuple[int, OmringadOptions], ...] = (
    (2, OmringadOptions()),
    (4, OmringadOptions()),
    (4, OmringadOptions(teams="side", team_target="both")),
    (4, OmringadOptions(teams="none", auction="sealed")),
    (2, OmringadOptions(auction="sealed", setup_purchase_separate=False)),
    (2, OmringadOptions(magician_ranged=False, mountain_beats_horses=False)),
    (2, OmringadOptions(generals_conquer=False, pin_counts_horses=True)),
    (2, OmringadOptions(lone_horses_return=False, battle_order="holder")),
    (4, OmringadOptions(battle_order="holder", dragon_besieges=True)),
    (2, OmringadOptions(noncombatants_take_control=True, unplaced_wait=True)),
    (2, OmringadOptions(tie_rule="shared", open_stacks=True, target=100)),
    (4, OmringadOptions(round_limit=6, target=140)),
)


def new_game(players: int, options: OmringadOptions) -> OmringadState:
    return GAME.new_state([Seat(f"P{i}") for i in range(players)], options)


Features = dict[str, int]


def _note(features: Features, name: str) -> None:
    features[name] = features.get(name, 0) + 1


def reference_game(
    state: OmringadState,
    policies: Sequence[str],
    rng: batch.XorShiftRandom,
    features: Features | None = None,
    max_steps: int = 10**7,
) -> list[tuple[int, int]]:
    """Play ``state`` (changed in place) to the end under the documented draw protocol; the
    kernel's trace of every step. ``features`` counts what the game went through (the
    events, each special placed, three-sided battles, placements under siege)."""
    heuristic._PLANS.clear()  # a plan from another game with the same public board may differ
    trace: list[tuple[int, int]] = []
    notes: Features = {} if features is None else features
    for _ in range(max_steps):
        if state.is_terminal():
            return trace
        if state.is_chance():
            count = batch.chance_count(state)
            action = rng.chance(state)
            trace.append((k.T_CHANCE * 4096 + count, batch.action_code(action)))
            _notes(notes, state.apply(action, CHANCE))
            continue
        for p in state.players_to_act():
            legal = state.legal_actions(p)
            if policies[p] == "random":
                action = legal[int(rng.random() * len(legal))]
            else:
                action = heuristic.choose(state, p, rng)
            trace.append((k.T_SEAT * 4096 + len(legal), batch.action_code(action)))
            if isinstance(action, Place) and state.besieging_squares(action.square, p):
                _note(notes, "placed_under_siege")
            _notes(notes, state.apply(action, p))
    raise AssertionError("the reference game did not end")


def _notes(features: Features, events: Sequence[Event]) -> None:
    for event in events:
        _note(features, event[0])
        if event[0] == "placed_special":
            _note(features, f"special_{UNIT_NAMES[event[2]]}")
        elif event[0] == "battle":
            if len(event[2]) >= 3:
                _note(features, "battle_three_sides")
            if -1 in event[2]:
                _note(features, "battle_dragon")


def check_games(
    state: OmringadState,
    policies: Sequence[str],
    seed: int,
    games: int,
    first_game: int = 0,
    features: Features | None = None,
) -> None:
    """``games`` kernel games from ``state`` equal the engine's, step by step and at the end."""
    steps = 60_000
    result = batch.play(
        state, games, policies, seed, first_game=first_game, final=True, trace_steps=steps
    )
    assert result.trace is not None and result.final is not None
    for g in range(games):
        ref = state.clone()
        rng = batch.XorShiftRandom(seed, first_game + g)
        trace = reference_game(ref, policies, rng, features)
        n = min(len(trace), steps)
        got = [(int(a), int(b)) for a, b in result.trace[g, :n]]
        for i, (want, have) in enumerate(zip(trace[:n], got, strict=True)):
            assert want == have, f"game {g}: step {i} differs: engine {want}, kernel {have}"
        assert int(result.moves[g] + result.chance_events[g]) == len(trace), f"game {g}"
        assert ref.phase == OVER
        assert int(result.winners[g]) == sum(1 << s for s in ref.winners_), f"game {g}"
        assert [int(x) for x in result.points[g, : ref.n]] == ref.points
        assert int(result.rounds[g]) == ref.round
        squares = 25 * ref.n
        assert [int(x) for x in result.final[g, :squares]] == ref.control
        heights = [len(s) for s in ref.stacks]
        assert [int(x) for x in result.final[g, k.MAXSQ : k.MAXSQ + squares]] == heights


POLICY_LINES = ("random", "heuristic", "mixed")


def seat_policies(line: str, n: int) -> list[str]:
    if line == "mixed":
        return ["heuristic", "random", "random", "heuristic"][:n]
    return [line] * n


def advanced(state: OmringadState, steps: int, rng: random.Random) -> OmringadState:
    """``state`` after up to ``steps`` steps of random and heuristic play (a mid-game
    position: anywhere in a phase, a move, an auction or a battle)."""
    state = state.clone()
    for _ in range(steps):
        if state.is_terminal():
            break
        mixed_step(state, rng)
    return state


def mixed_step(state: OmringadState, rng: random.Random) -> None:
    """One step of random and heuristic play: chance, or the first seat to act moving at
    random or by the heuristic, half and half."""
    if state.is_chance():
        state.apply(state.sample_chance(rng), CHANCE)
        return
    p = state.players_to_act()[0]
    if rng.random() < 0.5:
        legal = state.legal_actions(p)
        state.apply(legal[int(rng.random() * len(legal))], p)
    else:
        state.apply(heuristic.choose(state, p, rng), p)


FEATURES: Features = {}
"""What the games of this module went through (``test_the_games_cover_every_rule`` reads
it: the module's tests run in file order)."""
RAN: set[tuple[str, frozenset[tuple[str, object]]]] = set()
"""The feeding tests run in this process, by name and arguments: under xdist the others ran
in another worker, and the coverage test plays them again."""


def feeds(test: Callable[..., None]) -> Callable[..., None]:
    """Mark a test whose games go into ``FEATURES``, recording each run in ``RAN``."""

    @functools.wraps(test)
    def run(**kwargs: object) -> None:
        RAN.add((test.__name__, frozenset(kwargs.items())))
        test(**kwargs)

    return run


@pytest.mark.parametrize("line", POLICY_LINES)
@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
@feeds
def test_games_from_the_start(index: int, line: str) -> None:
    """Every option set (both maps) and policy line: whole games, set-up included."""
    n, options = OPTION_SETS[index]
    games = 6 if line == "random" else 4
    check_games(new_game(n, options), seat_policies(line, n), 1000 + index, games, 0, FEATURES)


@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
@feeds
def test_games_from_mid_game_positions(index: int) -> None:
    """Positions anywhere in a game: in a move, an auction, a battle, the reinforcement."""
    n, options = OPTION_SETS[index]
    rng = random.Random(index)
    start = new_game(n, options)
    for case in range(6):
        state = advanced(start, rng.randrange(30, 1500), rng)
        if state.is_terminal():
            continue
        line = POLICY_LINES[case % 3]
        check_games(state, seat_policies(line, n), 77 + case, 3, 0, FEATURES)


@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
@feeds
def test_games_from_sampled_worlds(index: int) -> None:
    """Worlds sampled from a seat's view (what a search plays out), from every phase."""
    n, options = OPTION_SETS[index]
    rng = random.Random(500 + index)
    start = new_game(n, options)
    for case in range(6):
        state = advanced(start, rng.randrange(0, 1500), rng)
        if state.is_terminal():
            continue
        world = GAME.sample_state(state, rng.randrange(n), rng)
        check_games(world, seat_policies("heuristic", n), 300 + case, 2, 0, FEATURES)


MOMENTS: dict[str, Callable[[OmringadState], bool]] = {
    "move under way": lambda s: s.phase == MOVEMENT and s.mv_src >= 0,
    "battle under way": lambda s: s.phase == COMBAT and s.bt_sq >= 0,
    "auction under way": lambda s: s.phase == AUCTION and s.au_stage != AU_DRAW,
    "reinforcement": lambda s: s.phase == REINFORCEMENT,
    "terrain": lambda s: s.phase == TERRAIN,
    "set-up": lambda s: s.phase == SETUP,
}


def moment(start: OmringadState, name: str, rng: random.Random) -> OmringadState | None:
    """A position at the ``name`` moment, after a random number of such moments passed."""
    state = start.clone()
    skip = rng.randrange(6)
    for _ in range(20_000):
        if state.is_terminal():
            return None
        if MOMENTS[name](state):
            if skip == 0:
                return state
            skip -= 1
        mixed_step(state, rng)
    return None


@pytest.mark.parametrize("name", sorted(MOMENTS))
@feeds
def test_games_from_every_moment(name: str) -> None:
    """From a move, a battle, an auction under way, the reinforcement, the terrain and the
    set-up: the position itself and a world sampled from a seat's view, every option set."""
    found = 0
    for index, (n, options) in enumerate(OPTION_SETS):
        rng = random.Random(900 + index)
        state = moment(new_game(n, options), name, rng)
        if state is None:
            continue
        found += 1
        line = POLICY_LINES[index % 3]
        check_games(state, seat_policies(line, n), 40 + index, 2, 0, FEATURES)
        world = GAME.sample_state(state, rng.randrange(n), rng)
        check_games(world, seat_policies("heuristic", n), 60 + index, 2, 0, FEATURES)
    assert found >= len(OPTION_SETS) // 2


@pytest.mark.parametrize("auction", ["ascending", "sealed"])
@feeds
def test_an_auction_nobody_can_pay_for(auction: str) -> None:
    """A special drawn when nobody has gold: nobody bids and it goes back to the cup."""
    rng = random.Random(31)
    start = new_game(2, OmringadOptions(auction=auction))
    state = start.clone()
    while not (state.phase == AUCTION and state.au_stage == AU_DRAW):
        if state.is_chance():
            state.apply(state.sample_chance(rng), CHANCE)
            continue
        p = state.players_to_act()[0]
        state.apply(heuristic.choose(state, p, rng), p)
    state.gold = [0] * state.n
    check_games(state, ["heuristic", "random"], 5, 4, 0, FEATURES)


def test_the_games_cover_every_rule() -> None:
    """The games above (those another worker ran are played again here) went through every
    special, both auctions, sieges, the Dragon, battles of three or more sides, the
    Diplomat's retreat, merges and the tie rule."""
    cases = [
        *(
            (test_games_from_the_start, {"index": i, "line": line})
            for i in range(len(OPTION_SETS))
            for line in POLICY_LINES
        ),
        *((test_games_from_mid_game_positions, {"index": i}) for i in range(len(OPTION_SETS))),
        *((test_games_from_sampled_worlds, {"index": i}) for i in range(len(OPTION_SETS))),
        *((test_games_from_every_moment, {"name": name}) for name in sorted(MOMENTS)),
        *((test_an_auction_nobody_can_pay_for, {"auction": a}) for a in ("ascending", "sealed")),
    ]
    for test, kwargs in cases:
        if (test.__name__, frozenset(kwargs.items())) not in RAN:
            test(**kwargs)
    wanted = [f"special_{UNIT_NAMES[s]}" for s in range(REGULAR, REGULAR + SPECIALS)]
    wanted += [
        "won_auction",
        "sealed_bids",
        "no_bids",
        "placed_under_siege",
        "battle_dragon",
        "dragon_target",
        "battle_three_sides",
        "target",
        "diplomat",
        "retreated",
        "nobody_rolls",
        "merged",
        "unplaced",
        "horses_returned",
        "took_control",
        "conquered",
        "tie",
        "round_limit",
        "init_tie",
    ]
    missing = [name for name in wanted if not FEATURES.get(name)]
    assert not missing, f"not covered: {missing}"


def test_the_kernel_is_the_same_split_over_threads() -> None:
    state = new_game(2, OmringadOptions())
    one = batch.play(state, 24, "heuristic", 5)
    split = batch.play(state, 24, "heuristic", 5, parallel=True)
    assert (one.winners == split.winners).all() and (one.moves == split.moves).all()
    later = batch.play(state, 12, "heuristic", 5, first_game=12)
    assert (later.winners == one.winners[12:]).all()


def test_playout_wins_counts_the_winners() -> None:
    state = advanced(new_game(4, OmringadOptions()), 400, random.Random(3))
    world = GAME.sample_state(state, 0, random.Random(4))
    result = batch.play(world, 40, "heuristic", 9)
    wins = batch.playout_wins(world, 40, "heuristic", 9)
    assert wins == [float(((result.winners >> s) & 1).sum()) for s in range(4)]
    assert sum(wins) >= 40  # 2 v 2: every game has a winning team


def test_bad_requests_are_refused() -> None:
    state = new_game(2, OmringadOptions())
    with pytest.raises(ValueError):
        batch.play(state, 1, ["random"], 0)
    with pytest.raises(ValueError):
        batch.play(state, 1, "easy", 0)
    with pytest.raises(ValueError):
        batch.play(state, -1, "random", 0)
    over = state.clone()
    over.phase = OVER
    with pytest.raises(ValueError):
        batch.play(over, 1, "random", 0)


FULL = os.environ.get("SPELKVALL_FULL_DIFFERENTIAL") == "1"
"""The whole differential run (10,800 games, about 10 minutes of one core) instead of a
quarter of it: ``make test`` stays well under 20 minutes, and a change to ``_kernel.py`` is
checked with ``SPELKVALL_FULL_DIFFERENTIAL=1`` on this file."""


@pytest.mark.slow
@pytest.mark.parametrize("line", POLICY_LINES)
@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
def test_thousands_of_games_agree_with_the_reference_engine(index: int, line: str) -> None:
    """2,688 games in all (10,800 with ``SPELKVALL_FULL_DIFFERENTIAL=1``): every option set,
    both maps, each policy line."""
    n, options = OPTION_SETS[index]
    games = 400 if line == "random" else 250
    if not FULL:
        games //= 4
    check_games(new_game(n, options), seat_policies(line, n), 7000 + index, games)


@pytest.mark.parametrize("backs", [12, 1, 0])
def test_a_move_stuck_with_no_back_left_passes_and_the_games_end_as_in_the_engine(
    backs: int,
) -> None:
    # Found by a search that stopped: the heuristic took the Pirates, could only go back,
    # and took them again, for ever once the Backs were used up.
    state = pirates_cornered()
    state.backs[0] = backs
    for line in ("heuristic", "mixed"):
        check_games(state, seat_policies(line, 2), 31 + backs, 4)


def test_a_battle_where_the_shooter_picks_the_side_hit_plays_on_as_in_the_engine() -> None:
    # Found by a search that stopped (seed 8510): the kernel's stage "the shooter picks the
    # side" and its slot for that side had one name, so a sampled world at that stage (the
    # engine's stage 3) was one where nobody acts, and its playouts never ended.
    state, _where = three_sides_shooter_picks()
    assert state.bt_stage == BT_TARGET and state.players_to_act() == (3,)
    for line in POLICY_LINES:
        check_games(state, seat_policies(line, 4), 8510, 4)


@pytest.mark.parametrize("index", range(len(OPTION_SETS)))
def test_every_position_of_a_game_reads_the_same_in_the_kernel(index: int) -> None:
    """At every step of three mixed games, the encoded position has in the kernel the
    engine's chance node, the engine's players to act and their legal actions in the
    engine's order (a position the kernel misreads can look like one where nobody acts)."""
    n, options = OPTION_SETS[index]
    rng = random.Random(4200 + index)
    acting = np.empty(4, np.int64)
    codes = np.empty(k.MAXLEGAL, np.int64)
    stages: set[int] = set()
    for _game in range(3):
        state = new_game(n, options)
        for _ in range(20_000):
            if state.is_terminal():
                break
            st, stk = batch.encode(state)
            assert bool(k.is_chance(st)) == state.is_chance(), (state.phase, state.bt_stage)
            if not state.is_chance():
                count = k.to_act(st, stk, acting)
                acts = tuple(int(p) for p in acting[:count])
                assert acts == state.players_to_act(), state.phase
                for p in acts:
                    got = [int(c) for c in codes[: k.legal(st, stk, p, codes)]]
                    assert got == [batch.action_code(a) for a in state.legal_actions(p)]
                if state.phase == COMBAT:
                    stages.add(state.bt_stage)
            mixed_step(state, rng)
        assert state.is_terminal()
    assert stages, "no battle in three games"


def test_a_game_that_does_not_end_is_reported_with_what_reproduces_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A search stopped on "a game did not end" with nothing to find the position by.
    start = new_game(2, OmringadOptions())
    monkeypatch.setattr(batch, "MAX_STEPS", 10)
    with pytest.raises(batch.StuckGame) as stuck:
        batch.play(start, 3, ["heuristic", "random"], 77, first_game=5)
    got = stuck.value
    assert (got.seed, got.game, got.policies) == (77, 5, ("heuristic", "random"))
    assert got.state is not start
    pairs = zip(batch.encode(got.state), batch.encode(start), strict=True)
    assert all((a == b).all() for a, b in pairs)
    monkeypatch.setattr(batch, "MAX_STEPS", 2_000_000)
    again = batch.play(got.state, 1, got.policies, got.seed, first_game=got.game)
    assert again.rounds[0] >= 1
