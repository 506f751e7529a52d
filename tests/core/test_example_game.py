"""The example game of docs/engine.md keeps the contract, checked by the conformance checks."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spelkvall.core import CHANCE, IllegalAction, Match, Result, Seat, State, registry
from tests.conformance.checks import GameHooks, Playout, play_one, run_playout

from .example_game import GAME, Bid, BidState, Prize


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Records replay through the registry; the example is registered only for these tests."""
    monkeypatch.setitem(registry._GAMES, GAME.id, GAME)
    yield


def invariants(state: State) -> None:
    assert isinstance(state, BidState)
    n = len(state.prizes) + (state.prize != 0)
    assert all(len(hand) == n for hand in state.hands), "one card spent per prize"
    assert all(b == 0 or b in hand for b, hand in zip(state.bids, state.hands, strict=True))


HOOKS = GameHooks(invariants=invariants, max_steps=100)


@pytest.mark.parametrize(
    "playout",
    [
        Playout(2, 200),
        Playout(3, 100, {"cards": 7}),
        Playout(2, 5, deep=True),
        Playout(3, 3, deep=True),
    ],
    ids=lambda p: p.id,
)
def test_sealed_bids_keeps_the_engine_contract(playout: Playout) -> None:
    run_playout(GAME, HOOKS, playout, seed=11)


def test_all_players_bid_at_once_and_bids_stay_hidden_until_all_have_bid() -> None:
    state = GAME.new_state([Seat("Ahmad"), Seat("Samir")])
    state.apply(Prize(3), CHANCE)
    assert state.players_to_act() == (0, 1)
    events = state.apply(Bid(4), 1)
    assert events == [("bid", 1)]
    assert state.players_to_act() == (0,)
    assert state.view(0)["hands"][1] == [1, 2, 3, 4, 5]  # the bid card is not revealed
    assert state.view(0)["your_bid"] is None and state.view(1)["your_bid"] == 4
    with pytest.raises(IllegalAction):
        state.apply(Bid(5), 1)  # one bid a round
    events = state.apply(Bid(2), 0)
    assert events[1:] == [("reveal", (2, 4)), ("won", 1, 3, 4)]
    assert GAME.describe_event(events[1], ["Ahmad", "Samir"]) == "Buden: Ahmad 2, Samir 4."


def test_sampled_state_keeps_what_the_player_sees_and_draws_the_rest() -> None:
    state = GAME.new_state([Seat("Ahmad"), Seat("Samir")])
    state.apply(Prize(3), CHANCE)
    state.apply(Bid(4), 1)
    drawn = {GAME.sample_state(state, 0, random.Random(i)).bids[1] for i in range(50)}
    assert drawn == {1, 2, 3, 4, 5}
    assert GAME.sample_state(state, 1, random.Random(0)).bids[1] == 4


def test_tied_highest_bids_win_nothing_and_equal_scores_share_the_win() -> None:
    match = Match(GAME, [Seat("Ahmad"), Seat("Samir")], GAME.parse_options({"cards": 2}))
    for prize, bids in ((1, (2, 2)), (2, (1, 1))):
        match.apply(Prize(prize), CHANCE)
        events: list[Any] = []
        for seat, card in enumerate(bids):
            events = match.apply(Bid(card), seat)
        assert events[-1][0] == "tie"
    assert match.state.result() == Result(winners=(0, 1), ranking=((0, 1),), scores=(0.0, 0.0))
    assert match.record.replay().view(None) == match.state.view(None)


def test_one_replayable_game_with_the_conformance_checks() -> None:
    final = play_one(GAME, HOOKS, 3, {"cards": 4}, seed=5, deep=True)
    assert final.is_terminal()


def test_engine_md_shows_the_example_game_as_it_is() -> None:
    root = Path(__file__).resolve().parents[2]
    doc = (root / "docs" / "engine.md").read_text(encoding="utf-8")
    code = (Path(__file__).parent / "example_game.py").read_text(encoding="utf-8")
    assert f"```python\n{code}```" in doc


def test_engine_md_by_hand_example_says_what_the_game_does() -> None:
    state = GAME.new_state([Seat("Ahmad"), Seat("Samir")])
    assert state.apply(Prize(3), CHANCE) == [("prize", 3)]
    assert state.players_to_act() == (0, 1)
    assert state.apply(Bid(4), 1) == [("bid", 1)]
    assert state.apply(Bid(2), 0) == [("bid", 0), ("reveal", (2, 4)), ("won", 1, 3, 4)]
    assert (
        GAME.describe_event(("won", 1, 3, 4), ["Ahmad", "Samir"]) == "Samir vinner 3 med budet 4."
    )
