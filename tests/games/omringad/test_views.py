"""§B15 hidden information: what each seat and a spectator see of the board, the pools, the
purchases and the log; the sampler for bots; fair bots."""

from __future__ import annotations

import random

import pytest

from spelkvall.bots import Bot, MCTSBot, Observation, make_bot
from spelkvall.core import CHANCE, Action, Match, Seat
from spelkvall.games.omringad import units as U
from spelkvall.games.omringad.actions import BUYS, DONE, DRAWS, PLACES, SELECTS, TAKES, sealed
from spelkvall.games.omringad.board import DIPLOMAT, GENERAL, MERC, RIDER
from spelkvall.games.omringad.options import OmringadOptions
from spelkvall.games.omringad.phases import (
    AU_PLACE,
    AU_SEALED,
    AUCTION,
    COMBAT,
    OVER,
    PURCHASE,
)
from spelkvall.games.omringad.rules import OmringadState

from .helpers import GAME, NAMES, move, pass_all, position, sq
from .test_combat import FROM, X

STACK = sq(1, 2, 2)


def stack_of(view: dict, where: int, seat: int) -> dict:  # type: ignore[type-arg]
    return next(e for e in view["stacks"][where] if e["seat"] == seat)


def test_opponents_see_only_the_top_unit_and_the_height_of_a_stack() -> None:
    s = position({STACK: [(1, "rider", True), (1, "archer"), (1, "mercenary")]})
    for viewer in (0, None):
        entry = stack_of(s.view(viewer), STACK, 1)
        assert entry["height"] == 3
        assert [u[0] for u in entry["units"]] == [None, None, "mercenary"]
        assert [u[1] for u in entry["units"]] == [None, None, False]


def test_a_player_sees_all_of_their_own_stacks() -> None:
    s = position({STACK: [(1, "rider", True), (1, "archer"), (1, "mercenary")]})
    entry = stack_of(s.view(1), STACK, 1)
    assert [u[:2] for u in entry["units"]] == [
        ["rider", True],
        ["archer", False],
        ["mercenary", False],
    ]


def test_a_general_is_always_on_top_and_so_in_sight() -> None:
    s = position({STACK: [(1, "general"), (1, "mercenary")]})
    assert stack_of(s.view(0), STACK, 1)["units"][-1][0] == "general"


def test_everything_on_the_square_is_revealed_during_its_battle() -> None:
    s = position({X: [(1, "rider"), (1, "mercenary")], FROM: [(0, "archer"), (0, "elite")]})
    move(s, 0, FROM, [X], ["archer", "elite"])
    pass_all(s)
    assert s.phase == COMBAT and s.bt_sq == X
    for viewer in (0, 1, None):
        seen = s.view(viewer)["stacks"][X]
        assert all(u[0] is not None for e in seen for u in e["units"])


def test_open_stacks_option_shows_every_unit() -> None:
    s = position({STACK: [(1, "rider"), (1, "mercenary")]}, open_stacks=True)
    assert [u[0] for u in stack_of(s.view(0), STACK, 1)["units"]] == ["rider", "mercenary"]


def test_pools_and_purchases_are_hidden_gold_is_public() -> None:
    s = position({STACK: [(1, "rider")]}, phase=PURCHASE, gold=[20, 25])
    s.apply(BUYS[RIDER], 1)
    v0 = s.view(0)
    assert v0["pool"]["rider"] == 4 and v0["pending"] == []
    assert v0["bought"][1] is None and v0["gold"] == [20, 25]
    assert "pool" in s.view(None) and s.view(None)["pool"] is None
    assert s.view(1)["pending"] == ["rider"]


def test_the_units_taken_into_a_group_are_secret_until_the_move() -> None:
    s = position({sq(0, 0, 0): [(0, "rider"), (0, "mercenary")], STACK: [(1, "rider")]})
    s.apply(SELECTS[sq(0, 0, 0)], 0)
    s.apply(TAKES[RIDER, False], 0)
    assert s.view(1)["move"]["units"] is None and s.view(1)["move"]["from"] == sq(0, 0, 0)
    assert s.view(0)["move"]["units"] == [["rider", False]]
    assert not GAME.action_visible(TAKES[RIDER, False], 0, 1)
    assert GAME.action_visible(TAKES[RIDER, False], 0, 0)
    assert GAME.event_for(("take", 0), 1) is None


def test_the_log_hides_tiles_purchases_and_the_type_of_a_placed_unit() -> None:
    assert GAME.event_for(("tile", 0, "castle", 12), 1) is None
    assert GAME.event_for(("tile", 0, "castle", 12), 0) == ("tile", 0, "castle", 12)
    assert GAME.event_for(("bought", 0, "rider"), None) is None
    assert GAME.event_for(("recruit", 0, "rider", 12), 1) is None
    assert GAME.event_for(("placed", 0, "rider", 12), 1) == ("placed", 0, None, 12)
    assert GAME.event_for(("placed", 0, "rider", 12), 0) == ("placed", 0, "rider", 12)
    assert (
        GAME.describe_event(("placed", 0, None, 12), NAMES, "en") == "Anna places a unit on A3:3."
    )
    assert not GAME.action_visible(BUYS[MERC], 0, 1)
    assert not GAME.action_visible(PLACES[MERC, 12], 0, None)
    assert GAME.action_visible(DONE, 0, 0)


def test_chance_is_public_dice_and_draws() -> None:
    from spelkvall.games.omringad.actions import DICE, DRAWS

    assert GAME.action_visible(DICE[5], CHANCE, 1)
    assert GAME.action_visible(DRAWS[0], CHANCE, None)


def hidden_types_leak(view: dict, viewer: int | None, state: OmringadState) -> list[str]:  # type: ignore[type-arg]
    """Units of other seats whose type the view shows though it should not."""
    bad = []
    if state.phase == OVER or state.options.open_stacks:
        return bad
    for where, entries in enumerate(view["stacks"]):
        if state.phase == COMBAT and where == state.bt_sq:
            continue
        for entry in entries:
            if entry["seat"] in (viewer, -1):
                continue
            for unit in entry["units"][:-1]:
                if unit[0] is not None or unit[1] is not None:
                    bad.append(f"{where}: {entry}")
    return bad


@pytest.mark.parametrize(("n", "options"), [(2, {}), (4, {}), (2, {"auction": "sealed"})])
def test_no_seat_nor_spectator_receives_what_it_may_not_see(n: int, options: dict) -> None:  # type: ignore[type-arg]
    """A whole random game through a Match: at every step each seat's and the spectator's
    view, visible log and events keep the others' secrets."""
    rng = random.Random(7 + n)
    match = Match(GAME, [Seat(x) for x in NAMES[:n]], GAME.parse_options(options), seed=3)
    state = match.state
    viewers: list[int | None] = [None, *range(n)]
    while not state.is_terminal():
        for v in viewers:
            view = state.view(v)
            assert not hidden_types_leak(view, v, state)
            if state.phase == 0:
                assert all(t is None for x, t in enumerate(view["terrain"]) if x // 25 != v)
            for p in range(n):
                if p != v and state.phase in (1, PURCHASE):
                    assert view["bought"][p] is None
        if state.is_chance():
            player = CHANCE
            action = state.sample_chance(rng)
        else:
            player = rng.choice(state.players_to_act())
            legal = state.legal_actions(player)
            action = legal[int(rng.random() * len(legal))]
        events = match.apply(action, player)
        for v in viewers:
            for e in events:
                seen = GAME.event_for(e, v)
                if seen is None:
                    assert e[0] in ("tile", "back", "recruit", "bought", "take") and e[1] != v
                    continue
                if seen[0] in ("tile", "recruit", "bought", "take"):
                    assert seen[1] == v
                if seen[0] == "placed" and seen[1] != v:
                    assert seen[2] is None
                assert GAME.describe_event(seen, NAMES[:n], "sv")
            if player >= 0 and player != v and action.kind in ("tile", "buy", "take", "sealed"):
                assert not GAME.action_visible(action, player, v)


# --- the sampler ------------------------------------------------------------------------------


def random_states(count: int, n: int = 2, seed: int = 1, **options: object) -> list[OmringadState]:
    rng = random.Random(seed)
    found: list[OmringadState] = []
    while len(found) < count:
        s = GAME.new_state([Seat(x) for x in NAMES[:n]], OmringadOptions(**options))  # type: ignore[arg-type]
        while not s.is_terminal() and len(found) < count:
            if s.is_chance():
                s.apply(s.sample_chance(rng), CHANCE)
                continue
            if rng.random() < 0.05:
                found.append(s.clone())
            p = rng.choice(s.players_to_act())
            legal = s.legal_actions(p)
            s.apply(legal[int(rng.random() * len(legal))], p)
    return found


@pytest.mark.parametrize("n", [2, 4])
def test_a_sampled_state_looks_the_same_to_the_seat_it_was_drawn_for(n: int) -> None:
    rng = random.Random(5)
    for s in random_states(60, n):
        for p in s.players_to_act():
            sampled = GAME.sample_state(s, p, rng)
            assert sampled.view(p) == s.view(p)
            assert sampled.players_to_act() == s.players_to_act()
            assert sampled.legal_actions(p) == s.legal_actions(p)


def test_the_sampler_redraws_hidden_units_and_keeps_the_own() -> None:
    units = {
        STACK: [(1, "catapult"), (1, "catapult"), (1, "mercenary")],
        sq(0, 0, 0): [(0, "rider"), (0, "archer")],
    }
    s = position(units)  # two catapults under a mercenary
    seen = set()
    for seed in range(30):
        x = GAME.sample_state(s, 0, random.Random(seed))
        assert x.stacks[sq(0, 0, 0)] == s.stacks[sq(0, 0, 0)]
        hidden = tuple(U.kind(u) for u in x.stacks[STACK][:-1])
        assert GENERAL not in hidden, "a General would have to be on top"
        seen.add(hidden)
        assert sum(x.pool[1]) + sum(1 for _ in x.stacks[STACK]) == 35
    assert len(seen) > 3


def test_the_sampler_leaves_the_sealed_bid_of_a_seat_with_nowhere_to_put_the_special() -> None:
    # A redrawn bid could win it a special it cannot place: a step with no legal action.
    s = position(phase=AUCTION, auction="sealed", holder=1)
    for where in s.country(1):
        s.control[where] = 0
    s.apply(DRAWS[DIPLOMAT - 6], CHANCE)
    assert s.au_stage == AU_SEALED and s.players_to_act() == (0,)
    for seed in range(20):
        sampled = GAME.sample_state(s, 0, random.Random(seed))
        assert sampled.au_bids[1] == 0
        sampled.apply(sealed(0), 0)
        assert sampled.au_stage != AU_PLACE


def twins() -> tuple[OmringadState, OmringadState]:
    """Anna (seat 0) to move; Bertil's stack is a rider over two hidden units that differ."""
    out = []
    for below in (("mercenary", "elite"), ("catapult", "archer")):
        units = {
            STACK: [(1, below[0]), (1, below[1]), (1, "rider")],
            sq(0, 2, 3): [(0, "rider"), (0, "elite"), (0, "mercenary")],
            sq(0, 0, 2): [(0, "archer")],
        }
        out.append(position(units))
    return out[0], out[1]


def small(bot: Bot) -> Bot:
    if isinstance(bot, MCTSBot):
        bot.time_limit = None
        bot.iterations = 12
    return bot


def choices(bot: Bot, state: OmringadState) -> list[Action]:
    return [bot.choose(Observation(GAME, state, 0), random.Random(seed)) for seed in range(3)]


class Peeker(Bot):
    name = "peeker"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = obs.legal_actions()
        cheap = U.kind(obs._state.stacks[STACK][0]) == MERC  # type: ignore[attr-defined]
        return legal[0] if cheap else legal[-1]


def test_the_twins_look_the_same_to_anna() -> None:
    a, b = twins()
    assert a.view(0) == b.view(0) and a.stacks[STACK] != b.stacks[STACK]
    assert a.legal_actions(0) == b.legal_actions(0) and len(a.legal_actions(0)) > 1


@pytest.mark.parametrize("name", ["heuristic", "random", "medium"])
def test_a_bot_chooses_the_same_when_only_hidden_units_differ(name: str) -> None:
    a, b = twins()
    bot = small(make_bot(name, GAME))
    assert choices(bot, a) == choices(bot, b)


def test_the_check_catches_a_bot_that_peeks() -> None:
    a, b = twins()
    assert choices(Peeker(), a) != choices(Peeker(), b)


def test_a_sampled_state_carries_nothing_the_view_hides() -> None:
    a, b = twins()
    for seed in range(8):
        x = GAME.sample_state(a, 0, random.Random(seed))
        y = GAME.sample_state(b, 0, random.Random(seed))
        assert x.stacks == y.stacks and x.pool == y.pool and x.pending == y.pending
        assert [x.view(p) for p in (None, 0, 1)] == [y.view(p) for p in (None, 0, 1)]
