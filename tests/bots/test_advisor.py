"""The move advisor: estimates for every legal action, tight enough, through either path."""

from __future__ import annotations

from typing import Any

import pytest

from spelkvall.bots.advisor import FIRST_ROUND, TIMED_SLICE, advise
from spelkvall.core import SpelkvallError
from spelkvall.games.fia import ENTER_SIX, ENTER_TWO, GAME, MOVES


def position(micael: list[int], samir: list[int], die: int, **extra: Any) -> Any:
    data = {
        "players": [
            {"name": "Micael", "colour": "red", "pieces": micael},
            {"name": "Samir", "colour": "blue", "pieces": samir},
        ],
        "to_move": "Micael",
        "die": die,
        **extra,
    }
    return GAME.state_from_json(data)


def test_every_legal_action_gets_an_estimate_within_the_half_width() -> None:
    state = position([0, 0, 0, 0], [0, 0, 0, 0], 6)
    advice = advise(GAME, state, half_width=0.02, seed=1)
    assert [a.action for a in advice.actions] == [ENTER_TWO, ENTER_SIX]
    for item in advice.actions:
        low, high = item.interval
        assert low <= item.win_rate <= high
        assert item.half_width <= 0.02
        assert item.playouts >= 1000
    assert advice.method == "batch" and advice.player == 0
    assert advice.playouts == sum(a.playouts for a in advice.actions)


def test_a_winning_move_is_certain_without_playouts() -> None:
    state = position([44, 45, 45, 45], [30, 0, 0, 0], 1)
    advice = advise(GAME, state, seed=1)
    (item,) = advice.actions
    assert item.action == MOVES[0] and item.exact
    assert item.win_rate == 1.0 and item.interval == (1.0, 1.0)


def test_a_knockout_near_the_end_is_rated_best() -> None:
    # Samir (blue) is one step from his lane with three pieces home; Micael can knock him out
    # with a 3 (blue's square 39 is red's square 9) or walk another piece.
    state = position([6, 20, 45, 45], [39, 45, 45, 45], 3)
    advice = advise(GAME, state, half_width=0.02, seed=2)
    assert advice.actions[advice.best].action == MOVES[0]
    knock, walk = advice.actions
    assert knock.interval[0] > walk.interval[1]


def test_without_a_fast_simulator_the_engine_plays_out(monkeypatch: pytest.MonkeyPatch) -> None:
    state = position([0, 0, 0, 0], [0, 0, 0, 0], 6)
    batch = advise(GAME, state, policy="random", half_width=0.05, seed=3)
    monkeypatch.setattr(GAME, "playout_wins", lambda *args: None)
    engine = advise(GAME, state, policy="random", half_width=0.05, seed=3)
    assert engine.method == "engine" and batch.method == "batch"
    for a, b in zip(engine.actions, batch.actions, strict=True):
        assert a.half_width <= 0.05
        # Two estimates of one quantity: their 95 % intervals overlap.
        assert a.interval[0] <= b.interval[1] and b.interval[0] <= a.interval[1]


def test_the_time_limit_stops_sampling() -> None:
    state = position([0, 0, 0, 0], [0, 0, 0, 0], 6)
    advice = advise(GAME, state, half_width=0.001, time_limit=0.0, seed=1)
    # Out of time at once: the first slice of the first round (one playout) is finished, so
    # every action is rated, and nothing more.
    assert advice.rounds == 1 and all(a.playouts == 1 for a in advice.actions)


def test_without_a_time_limit_a_round_is_one_call_per_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Slices are only for a time limit: without one each action gets its round in one call,
    every action the round's seed (common random numbers)."""
    calls: list[tuple[int, int]] = []
    real = type(GAME).playout_wins

    def spy(self: Any, state: Any, games: int, policy: str, seed: int) -> Any:
        calls.append((games, seed))
        return real(self, state, games, policy, seed)

    monkeypatch.setattr(type(GAME), "playout_wins", spy)
    state = position([0, 0, 0, 0], [0, 0, 0, 0], 6)
    advise(GAME, state, half_width=0.2, seed=1)
    assert calls == [(FIRST_ROUND, calls[0][1])] * 2
    calls.clear()
    # With a time limit the first round grows its slices from one playout to TIMED_SLICE.
    advise(GAME, state, half_width=0.2, seed=1, time_limit=60.0)
    sizes = [games for games, _ in calls[0::2]]
    assert [games for games, _ in calls[1::2]] == sizes and sum(sizes) == FIRST_ROUND
    assert sizes[:3] == [1, 2, 4] and max(sizes) == TIMED_SLICE
    # Both actions play each slice on the same seed; the slices differ.
    seeds = [seed for _, seed in calls]
    assert seeds[0::2] == seeds[1::2] and len(set(seeds)) == len(sizes)


def test_nothing_to_advise_is_an_error_with_a_key() -> None:
    state = position([0, 0, 0, 0], [0, 0, 0, 0], 6)
    with pytest.raises(SpelkvallError) as err:
        advise(GAME, state, player=1)
    assert err.value.key == "advisor.not_to_move"
    with pytest.raises(SpelkvallError) as err:
        advise(GAME, state, policy="mcts")
    assert err.value.key == "advisor.policy"
    with pytest.raises(SpelkvallError) as err:
        advise(GAME, state, half_width=0.0)
    assert err.value.key == "advisor.half_width"
    state.apply(ENTER_SIX)  # the bonus roll is pending: chance acts
    with pytest.raises(SpelkvallError) as err:
        advise(GAME, state)
    assert err.value.key == "advisor.no_decision"


def three_with_a_winner() -> Any:
    """Play on for the places: Anna has finished; Micael and Samir race for second place."""
    data = {
        "players": [
            {"name": "Micael", "colour": "red", "pieces": [30, 20, 0, 0]},
            {"name": "Samir", "colour": "blue", "pieces": [25, 13, 0, 0]},
            {"name": "Anna", "colour": "yellow", "pieces": [45, 45, 45, 45]},
        ],
        "to_move": "Micael",
        "die": 4,
        "options": {"play_on": True},
    }
    state = GAME.state_from_json(data)
    assert state.finished == [2]
    return state


@pytest.mark.parametrize("path", ["batch", "engine"])
def test_with_play_on_after_a_winner_tips_rate_the_next_place(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if path == "engine":
        monkeypatch.setattr(type(GAME), "playout_wins", lambda *args: None)
    advice = advise(GAME, three_with_a_winner(), half_width=0.05, seed=3, max_playouts=2000)
    assert advice.place == 2 and advice.method == path
    assert advice.to_json()["place"] == 2
    assert all(0.2 < item.win_rate < 0.95 for item in advice.actions), [
        item.win_rate for item in advice.actions
    ]


def test_warm_up_seats_as_many_players_as_the_default_options_allow() -> None:
    """A game whose most players need an option (a sixth seat) warms up with the default count."""
    from spelkvall.bots.advisor import warm_up
    from spelkvall.games.fia import Fia

    class FewerByDefault(Fia):
        def player_counts(self, options: Any = None) -> tuple[int, ...]:
            return (2, 3)

    assert warm_up(FewerByDefault()) >= 0


# --- hidden information ----------------------------------------------------------------------


def answer(game: Any, state: Any, player: int, seed: int) -> dict[str, Any]:
    """The advice as JSON without its timing (the one field that depends on the machine)."""
    data = advise(game, state, player, seed=seed, max_playouts=40).to_json()
    del data["seconds"]
    return data  # type: ignore[no-any-return]


def test_with_hidden_information_only_the_players_view_counts() -> None:
    """Twins that look the same to Anna but differ in the others' secret bids get the same
    Tips for the same seed: the advisor plays out in worlds sampled from her view."""
    from tests.bots.test_fairness import twins
    from tests.core.example_game import GAME as BIDS

    low, high = twins()
    assert low.view(0) == high.view(0) and low.bids != high.bids
    for seed in range(3):
        a, b = answer(BIDS, low, 0, seed), answer(BIDS, high, 0, seed)
        assert a == b
        assert a["sampled"] is True and a["method"] == "engine" and a["team"] == [0]
        assert all(item["playouts"] == 40 for item in a["actions"])
        assert [item["action"] for item in a["actions"]] == [
            x.to_json() for x in low.legal_actions(0)
        ]


def test_the_twins_check_catches_an_advisor_that_plays_out_from_the_true_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.bots.test_fairness import twins
    from tests.core.example_game import GAME as BIDS

    monkeypatch.setattr(type(BIDS), "perfect_information", True)
    low, high = twins()
    assert answer(BIDS, low, 0, 1) != answer(BIDS, high, 0, 1)


def test_with_hidden_information_the_time_limit_stops_after_one_world() -> None:
    from tests.bots.test_fairness import twins
    from tests.core.example_game import GAME as BIDS

    advice = advise(BIDS, twins()[0], 0, seed=1, time_limit=0.0)
    assert advice.rounds == 1 and all(a.playouts == 1 for a in advice.actions)
