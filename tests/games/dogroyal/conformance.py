"""DogRoyal's hooks for the generic conformance suite (``tests/conformance``).

The 1,000-game invariant run of the acceptance (cards, pieces, fields, blocked start fields,
views) is ``test_random_games.py``; here the full contract checks run on fewer games.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from spelkvall.core import Seat, State
from spelkvall.games.dogroyal import DECK_COUNTS, GOAL0, KENNEL, DogState
from spelkvall.games.dogroyal.board import NUM_CARDS, RING
from spelkvall.games.dogroyal.rules import EXCHANGE, GAVE, OVER
from tests.conformance.checks import GameHooks, Playout

NAMES = ("Anna", "Bertil", "Cecilia", "David")


def make_seats(rng: random.Random, n: int) -> list[Seat]:
    return [Seat(name) for name in rng.sample(NAMES, n)]


def check_cards(state: DogState) -> None:
    """The 110 cards are all somewhere: deck, hands, set aside for the exchange, discard."""
    counts = [0] * NUM_CARDS
    for segment in state.deck:
        for c in range(NUM_CARDS):
            counts[c] += segment[c]
    for hand in state.hands:
        for c in range(NUM_CARDS):
            counts[c] += hand[c]
    for g in state.gives:
        if 0 <= g < GAVE:
            assert state.phase == EXCHANGE
            counts[g] += 1
    discard = [0] * NUM_CARDS
    for c in state.discard:
        discard[c] += 1
    assert discard == state.discard_counts, "discard counts disagree with the pile"
    for c in range(NUM_CARDS):
        counts[c] += discard[c]
    assert counts == list(DECK_COUNTS), "cards are not conserved"
    assert state.deck_size == sum(sum(s) for s in state.deck)
    assert state.hand_size == [sum(h) for h in state.hands]
    assert all(k >= 0 for h in state.hands for k in h)


def check_pieces(state: DogState) -> None:
    """4 pieces a seat; one piece per ring field; one per goal field; occ agrees with pos."""
    assert len(state.pos) == 4 * state.n
    occ = [-1] * RING
    goals: set[tuple[int, int]] = set()
    for piece, p in enumerate(state.pos):
        if p == KENNEL:
            continue
        if p >= GOAL0:
            assert p < GOAL0 + 4
            key = (piece >> 2, p)
            assert key not in goals, "two pieces on one goal field"
            goals.add(key)
            continue
        assert 0 <= p < RING
        assert occ[p] == -1, f"two pieces on field {p}"
        occ[p] = piece
    assert occ == state.occ, "the field index disagrees with the pieces"


def invariants(state: State) -> None:
    assert isinstance(state, DogState)
    check_cards(state)
    check_pieces(state)
    assert state.round <= state.options.round_limit


def view_invariants(state: State, view: Mapping[str, Any]) -> None:
    assert view["hand"] is None, "a spectator sees no hand"
    assert len(view["pieces"]) == 4 * view["players"]
    fields = [p["pos"] for p in view["pieces"] if p["where"] == "track"]
    assert len(fields) == len(set(fields))


def at_end(state: State) -> None:
    assert isinstance(state, DogState)
    assert state.phase == OVER
    result = state.result()
    assert result is not None
    if state.places:
        # Play on: winners are the first finisher only; then the others in finishing order.
        assert result.winners == state.places[:1]
        assert result.ranking[: len(state.places)] == tuple((s,) for s in state.places)
        assert all(state.in_goal(s) == 4 for s in state.places)
        if not state.limit_reached:
            assert len(state.places) == state.n - 1, "play on ends with one player left"
    elif not state.limit_reached:
        assert all(state.in_goal(s) == 4 for s in result.winners), "winners have every piece home"
        assert set(result.winners) == set(state.team_of(result.winners[0]))


HOOKS = GameHooks(
    invariants=invariants,
    view_invariants=view_invariants,
    at_end=at_end,
    make_seats=make_seats,
    max_steps=40_000,
    playouts=(
        Playout(4, 20),
        Playout(3, 10),
        Playout(2, 10),
        Playout(4, 10, {"teams": False}),
        Playout(4, 10, {"cheat_enabled": True}),
        Playout(3, 10, {"play_on": True}),
        Playout(4, 10, {"play_on": True, "teams": False}),
        Playout(
            4,
            6,
            {
                "king_swap_any_distance": False,
                "first_dealer_random": False,
                "special_draw_reshuffle": False,
            },
        ),
        Playout(4, 1, deep=True),
        Playout(4, 1, {"cheat_enabled": True, "round_limit": 12}, deep=True),
        Playout(3, 1, {"round_limit": 15}, deep=True),
        Playout(2, 1, {"round_limit": 15}, deep=True),
    ),
)
