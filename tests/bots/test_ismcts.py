"""IS-MCTS on the sealed-bids example game: samples hidden bids, shares statistics by action."""

from __future__ import annotations

import random

import pytest

from spelkvall.bots import Observation
from spelkvall.bots.arena import play_game
from spelkvall.bots.ismcts import ISMCTSBot
from spelkvall.core import Seat
from tests.core.example_game import GAME as BIDS
from tests.core.example_game import Bid, BidState

SEATS = [Seat("Anna"), Seat("Bo")]


def endgame(opponent_bid: int) -> BidState:
    """Two rounds left: prize 4 showing, prize 1 to come; Anna holds 1 and 5, Bo 2 and 3 and
    has already bid ``opponent_bid`` (hidden from Anna). Bidding 5 wins the 4 whatever Bo bid,
    and with it the game; bidding 1 loses it."""
    state = BIDS.new_state(SEATS)
    state.hands = [[1, 5], [2, 3]]
    state.prizes = [1]
    state.prize = 4
    state.bids = [0, opponent_bid]
    return state


@pytest.mark.parametrize("opponent_bid", [2, 3])
def test_ismcts_bids_high_for_the_decisive_prize_whatever_the_hidden_bid(
    opponent_bid: int,
) -> None:
    bot = ISMCTSBot(iterations=200, policy="random")
    action = bot.choose(Observation(BIDS, endgame(opponent_bid), 0), random.Random(1))
    assert action == Bid(5)


def test_ismcts_draws_a_new_state_from_the_view_every_iteration(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: list[int] = []
    sample = BIDS.sample_state

    def counting(state: BidState, player: int, rng: random.Random) -> BidState:
        sampled = sample(state, player, rng)
        drawn.append(sampled.bids[1])  # now: the search plays the state on
        return sampled

    monkeypatch.setattr(BIDS, "sample_state", counting)
    bot = ISMCTSBot(iterations=50, policy="random")
    bot.choose(Observation(BIDS, endgame(3), 0), random.Random(2))
    assert len(drawn) == 1 + 50  # the position as first seen, then one per iteration
    assert set(drawn) == {2, 3}, "Bo's hidden bid is sampled, not read"


def test_ismcts_plays_whole_games_of_three() -> None:
    seats = [Seat("Anna"), Seat("Bo"), Seat("Cia")]
    bots = [ISMCTSBot(iterations=30), "heuristic", "random"]
    state, record = play_game(BIDS, seats, bots, seed=5, options=BIDS.parse_options({"cards": 4}))
    assert state.is_terminal()
    assert len(record.log) > 0


def test_ismcts_beats_random_bidders_more_often_than_chance() -> None:
    wins = 0
    games = 30
    for seed in range(games):
        bots = [ISMCTSBot(iterations=150, policy="random"), "random"]
        state, _ = play_game(BIDS, SEATS, bots, seed=seed)
        wins += state.winners() == (0,)
    # Ties for first count as no win here, so chance is below one half.
    assert wins / games > 0.6
