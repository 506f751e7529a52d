"""Fairness in DogRoyal (issue 5): a bot handed a view with the other hands changed plays the
same. Twin states look the same to Anna (seat 0, equal ``view(0)``) but differ in the other
hands, hence the deck, a partner's pending exchange card and what an opponent knows it gave its
partner. The heuristic bot and the search bots must choose the same for the same seed; a bot
that peeks at the true state does not, so the twins differ in a way that could show."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from spelkvall.bots import Bot, MCTSBot, Observation, make_bot
from spelkvall.core import Action
from spelkvall.games.dogroyal import GAME, DogState, Give
from spelkvall.games.dogroyal.board import CARD_INDEX

from .helpers import B, K, N, R, deal, find, goal, piece, position

SEEDS = range(4)
BOTS = ("heuristic", "medium", "ismcts")

# The end game: three pieces of each of Anna's team home, so a playout is short.
PIECES = {
    **{piece(0, k): goal(k + 1) for k in (K, R, B)},
    **{piece(2, k): goal(k + 1) for k in (K, R, B)},
    piece(0, N): 60,
    piece(2, N): 20,
    piece(1, K): 18,
    piece(1, N): 5,
    piece(3, B): 50,
    piece(3, R): 30,
}
ANNA = ["5", "13", "1-7", "4"]
HIDDEN: tuple[Mapping[int, list[str]], Mapping[int, list[str]]] = (
    {1: ["13", "9", "3"], 2: ["6", "8"], 3: ["13", "2", "12"]},
    {1: ["2", "10", "1-7"], 2: ["swap", "5"], 3: ["2", "4", "9"]},
)
GIFT = ("13", "2")
"""The card Bertil gave David and knows David still holds, per twin (both are in David's hand)."""


def play_twins() -> tuple[DogState, DogState]:
    """Anna to play; the twins differ in everything the three others hold."""
    twins = []
    for hidden, gift in zip(HIDDEN, GIFT, strict=True):
        s = position(PIECES, {0: ANNA, **hidden}, discard=["9", "12"])
        s.gift_known[1] = CARD_INDEX[gift]
        twins.append(s)
    return twins[0], twins[1]


def exchange_twins() -> tuple[DogState, DogState]:
    """Round 3's exchange, Anna still choosing; Bertil and Cecilia have chosen (different cards
    in each twin, which Anna must not see before she has given hers)."""
    twins = []
    for hidden, bertil_gives, cecilia_gives in [
        (
            {
                1: ["13", "9", "3", "6", "8"],
                2: ["6", "8", "2", "3", "10"],
                3: ["13", "2", "12", "11", "11"],
            },
            "9",
            "10",
        ),
        (
            {
                1: ["11", "12", "2", "2", "8"],
                2: ["13", "13", "swap", "5", "9"],
                3: ["3", "4", "5", "6", "8"],
            },
            "2",
            "13",
        ),
    ]:
        s = position(PIECES, {3: ["2"]}, current=3, discard=["9"])
        s.apply(find(s, card="2", piece=piece(3, B)))
        deal(s, {0: ["5", "13", "1-7", "4", "swap"], **hidden})
        s.apply(Give(bertil_gives), 1)
        s.apply(Give(cecilia_gives), 2)
        twins.append(s)
    return twins[0], twins[1]


def small(bot: Bot) -> Bot:
    # A time cap makes the search size depend on the machine; fairness is about information,
    # so compare searches of a fixed (small) size.
    if isinstance(bot, MCTSBot):
        bot.time_limit = None
        bot.iterations = 24
    return bot


def choices(bot: Bot, state: DogState) -> list[Action]:
    return [bot.choose(Observation(GAME, state, 0), random.Random(seed)) for seed in SEEDS]


class Peeker(Bot):
    """Cheats: plays the start card when David secretly holds a 13, else the last legal move."""

    name = "peeker"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = obs.legal_actions()
        david = obs._state.hands[3]  # type: ignore[attr-defined]
        return legal[0] if david[CARD_INDEX["13"]] else legal[-1]


@pytest.mark.parametrize("make", [play_twins, exchange_twins])
def test_the_twins_look_the_same_to_anna_and_differ_in_the_other_hands(make: object) -> None:
    a, b = make()  # type: ignore[operator]
    assert a.view(0) == b.view(0)
    assert a.hands[0] == b.hands[0]
    assert all(a.hands[s] != b.hands[s] for s in (1, 3))
    assert a.deck != b.deck
    assert len(a.legal_actions(0)) > 1 and a.legal_actions(0) == b.legal_actions(0)


@pytest.mark.parametrize("name", BOTS)
@pytest.mark.parametrize("make", [play_twins, exchange_twins])
def test_a_dogroyal_bot_chooses_the_same_when_only_the_other_hands_differ(
    name: str, make: object
) -> None:
    a, b = make()  # type: ignore[operator]
    bot = small(make_bot(name, GAME))
    assert choices(bot, a) == choices(bot, b)


@pytest.mark.parametrize("make", [play_twins, exchange_twins])
def test_the_check_catches_a_bot_that_peeks_at_the_other_hands(make: object) -> None:
    a, b = make()  # type: ignore[operator]
    assert choices(Peeker(), a) != choices(Peeker(), b)


@pytest.mark.parametrize("make", [play_twins, exchange_twins])
def test_a_sampled_state_carries_nothing_of_the_true_state_the_view_hides(make: object) -> None:
    # Every search starts from samples; a sample that kept a hidden detail of the true state
    # (even one no bot reads today, such as what Bertil knows David holds) would leak it.
    a, b = make()  # type: ignore[operator]
    for seed in range(8):
        x = GAME.sample_state(a, 0, random.Random(seed))
        y = GAME.sample_state(b, 0, random.Random(seed))
        assert x.hands == y.hands and x.deck == y.deck and x.gives == y.gives
        assert [x.view(s) for s in range(4)] == [y.view(s) for s in range(4)]
