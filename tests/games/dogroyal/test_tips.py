"""Tips in DogRoyal (issue 16): every legal move with the chance that the player's team wins,
from worlds sampled from the player's view only. Twin states that differ only in the other
hands get the same answer for the same seed; an advisor that played out from the true state
would not (the check can fail); and a move that wins at once ranks first."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spelkvall.bots.advisor import advise
from spelkvall.core import ADVICE, CHANCE, Seat
from spelkvall.games.dogroyal import GAME, DogState

from .helpers import N, piece, position
from .helpers import goal as home
from .test_fairness import exchange_twins, play_twins

PLAYOUTS = 12


def answer(state: DogState, seat: int, seed: int) -> dict[str, Any]:
    """The advice as JSON without its timing (the one field that depends on the machine)."""
    data = advise(GAME, state, seat, seed=seed, max_playouts=PLAYOUTS, team=(0, 2)).to_json()
    del data["seconds"]
    return data  # type: ignore[no-any-return]


def mid_game(seed: int) -> DogState:
    """A four-player game played by the heuristic into its third round, Anna (seat 0) to
    play a card with several legal moves."""
    rng = random.Random(seed)
    state = GAME.new_state([Seat(name) for name in ("Anna", "Bertil", "Cecilia", "David")])
    while True:
        if state.is_chance():
            state.apply(state.sample_chance(rng), CHANCE)
            continue
        to_act = state.players_to_act()
        if (
            state.round >= 3
            and to_act == (0,)
            and state.view(0)["phase"] == "play"
            and len(state.legal_actions(0)) > 2
        ):
            return state
        for seat in to_act:
            action = GAME.heuristic_action(state, seat, rng)
            assert action is not None
            state.apply(action, seat)


def mid_game_twins(seed: int) -> tuple[DogState, DogState]:
    """The game above and a twin with the three other hands and the deck dealt anew from what
    Anna's view leaves open: the same to Anna, different to everybody else."""
    state = mid_game(seed)
    twin = GAME.sample_state(state, 0, random.Random(seed + 100))
    return state, twin


def test_dogroyal_declares_tips() -> None:
    assert ADVICE in GAME.capabilities and not GAME.perfect_information


@pytest.mark.parametrize("make", [play_twins, exchange_twins, lambda: mid_game_twins(1)])
def test_twins_that_differ_only_in_the_other_hands_get_the_same_tips(make: Any) -> None:
    a, b = make()
    assert a.view(0) == b.view(0)
    assert any(a.hands[s] != b.hands[s] for s in (1, 2, 3))
    x, y = answer(a, 0, seed=5), answer(b, 0, seed=5)
    assert x == y
    assert x["sampled"] is True and x["team"] == [0, 2]
    assert [item["action"] for item in x["actions"]] == [m.to_json() for m in a.legal_actions(0)]
    for item in x["actions"]:
        low, high = item["ci95"]
        assert low <= item["win_rate"] <= high
        assert item["exact"] or item["playouts"] == PLAYOUTS


def test_the_twins_check_catches_an_advisor_that_sees_the_other_hands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Told the game had no hidden information, the advisor plays out from the true state (the
    # true hands and deck): the twins then get different answers.
    a, b = mid_game_twins(1)
    monkeypatch.setattr(type(GAME), "perfect_information", True)
    assert answer(a, 0, seed=5) != answer(b, 0, seed=5)


def test_a_move_that_wins_at_once_ranks_first() -> None:
    """Cecilia is home; Anna's Fool on field 60 is five steps from her one free goal field (a
    5, or 1-7 as five steps, brings it in and wins for the team). David's Fool is three steps
    from his free goal field with Bertil home: any other move leaves them a chance to win."""
    pieces = {
        **{piece(2, k): home(k) for k in range(4)},
        **{piece(0, k): home(k + 1) for k in range(3)},
        piece(0, N): 60,
        **{piece(1, k): home(k) for k in range(4)},
        **{piece(3, k): home(k + 1) for k in range(3)},
        piece(3, N): 46,
    }
    state = position(
        pieces,
        {0: ["5", "1-7", "9", "12"], 1: ["3", "10"], 2: ["8", "6"], 3: ["1-7", "2", "4"]},
        discard=["9"],
    )
    advice = advise(GAME, state, 0, seed=3, max_playouts=24, team=(0, 2))
    wins_now = {i for i, item in enumerate(advice.actions) if item.exact and item.win_rate == 1}
    assert wins_now, [a.action for a in advice.actions]
    assert advice.best in wins_now
    others = [item for i, item in enumerate(advice.actions) if i not in wins_now]
    assert others
    for item in others:
        assert not item.exact and item.playouts == 24
        assert item.interval[1] < 1.0  # the opponents won some of the playouts


def test_with_play_on_after_a_winner_tips_rate_the_next_place() -> None:
    """Three players under the play-on rule: Cecilia has finished first; Anna and Bertil race
    for second place, so the chances are of second place, not of the win nobody can take."""
    pieces = {
        **{piece(2, k): home(k) for k in range(4)},
        **{piece(0, k): home(k + 1) for k in range(3)},
        piece(0, N): 50,
        **{piece(1, k): home(k + 1) for k in range(3)},
        piece(1, N): 2,
    }
    state = position(
        pieces, {0: ["5", "8", "10"], 1: ["3", "9", "12"]}, n=3, play_on=True, discard=["9"]
    )
    state.places = (2,)
    state.winners_ = (2,)
    advice = advise(GAME, state, 0, seed=2, max_playouts=PLAYOUTS)
    assert advice.place == 2 and advice.to_json()["place"] == 2
    rates = [item.win_rate for item in advice.actions]
    assert len(rates) > 1 and any(rate > 0 for rate in rates), rates
