"""The chance-to-win series of a finished match (``bots.chances``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from spelkvall.bots import chances
from spelkvall.bots.base import Observation, make_bot
from spelkvall.core import Match, MatchRecord, Seat, SpelkvallError
from spelkvall.games.fia import GAME as FIA


def played(game: Any, seats: int, seed: int, options: Any = None) -> MatchRecord:
    """A whole match of heuristic computers (under ``options``, default the game's)."""
    players = [Seat(f"P{i}", bot="heuristic") for i in range(seats)]
    match = Match(game, players, options, seed=seed)
    rng = random.Random(seed)
    bot = make_bot("heuristic", game)
    while not match.state.is_terminal():
        if match.state.is_chance():
            match.resolve_chance()
            continue
        for seat in match.state.players_to_act():
            match.apply(bot.choose(Observation(game, match.state, seat), rng), seat)
    return match.record


@pytest.fixture
def engine_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playouts through the engine (no compiled kernels needed), few of them."""
    monkeypatch.setattr(type(FIA), "playout_wins", lambda *args: None)
    monkeypatch.setattr(chances, "ENGINE_PLAYOUTS", 12)


def test_chosen_versions_keep_the_start_and_the_end_within_the_bound() -> None:
    assert chances.chosen_versions(5, 400) == [0, 1, 2, 3, 4, 5]
    picked = chances.chosen_versions(2000, 50)
    assert picked[0] == 0 and picked[-1] == 2000 and len(picked) <= 50
    assert picked == sorted(set(picked))


def test_a_finished_match_sums_to_one_and_ends_at_one_for_the_winner(engine_only: None) -> None:
    record = played(FIA, 3, seed=4)
    series = chances.compute(record, seed=1, max_points=15)
    data = series.to_json()
    assert data["versions"][0] == 0 and data["versions"][-1] == len(record.log)
    assert len(data["versions"]) == 15 and data["sides"] == [[0], [1], [2]]
    for point in series.chances:
        assert abs(sum(point) - 1) < 1e-9  # Fia always has exactly one winner
    winner = series.winner_side
    assert winner is not None and series.winners == record.replay().result().winners  # type: ignore[union-attr]
    assert series.chances[-1] == [1.0 if i == winner else 0.0 for i in range(3)]
    assert data["method"] == "engine" and data["playouts"] == 12 and data["sampled"] is False
    # The same record and seed: the same series.
    assert chances.compute(record, seed=1, max_points=15).chances == series.chances


def test_the_turning_point_is_the_biggest_change_of_the_winners_chance(engine_only: None) -> None:
    series = chances.compute(played(FIA, 2, seed=7), seed=2, max_points=12)
    side = series.winner_side
    assert side is not None
    changes = [
        abs(series.chances[k][side] - series.chances[k - 1][side])
        for k in range(1, len(series.versions))
    ]
    turn = series.turning_point()
    assert turn is not None and turn["side"] == side
    k = series.versions.index(turn["version"])
    assert abs(turn["after"] - turn["before"]) == max(changes) == changes[k - 1]


def test_the_turning_point_of_a_made_up_series() -> None:
    series = chances.Chances(
        game="fia",
        sides=[(0,), (1,)],
        versions=[0, 3, 7, 9],
        chances=[[0.5, 0.5], [0.6, 0.4], [0.2, 0.8], [0.0, 1.0]],
        winners=(1,),
    )
    assert series.turning_point() == {"version": 7, "side": 1, "before": 0.4, "after": 0.8}
    assert chances.from_json(series.to_json()).turning_point() == series.turning_point()
    series.winners = ()
    assert series.turning_point() is None


def test_a_match_not_over_is_refused() -> None:
    record = played(FIA, 2, seed=1)
    record.log = record.log[:10]
    with pytest.raises(SpelkvallError) as info:
        chances.compute(record)
    assert info.value.key == "chances.not_over"


def test_with_hidden_information_only_a_spectators_view_counts() -> None:
    """Twins that a spectator cannot tell apart (the others' secret bids differ) get the same
    point for the same seed, and every world is sampled for the spectator."""
    from tests.bots.test_fairness import twins
    from tests.core.example_game import GAME as BIDS

    low, high = twins()
    assert low.view(None) == high.view(None) and low.bids != high.bids
    asked: list[int] = []
    real = type(BIDS).sample_state

    def spy(self: Any, state: Any, player: int, rng: random.Random) -> Any:
        asked.append(player)
        return real(self, state, player, rng)

    sides = [(0,), (1,), (2,)]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(type(BIDS), "sample_state", spy)
        for seed in range(4):
            a = chances.point(BIDS, low, sides, (), seed)
            b = chances.point(BIDS, high, sides, (), seed)
            assert a == b and a[1] == "engine" and a[2] == chances.ENGINE_WORLDS
    assert asked and set(asked) == {chances.SPECTATOR}


def test_the_twins_check_catches_a_series_that_plays_out_from_the_true_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.bots.test_fairness import twins
    from tests.core.example_game import GAME as BIDS

    monkeypatch.setattr(type(BIDS), "perfect_information", True)
    low, high = twins()
    sides = [(0,), (1,), (2,)]
    assert any(
        chances.point(BIDS, low, sides, (), seed) != chances.point(BIDS, high, sides, (), seed)
        for seed in range(4)
    )


def test_a_point_agrees_with_the_advisor_run_directly(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where a player chooses, the chance the series gives their side lies within what Tips
    give their moves (the playouts follow the same policy), up to the playouts' noise."""
    from spelkvall.bots.advisor import advise

    monkeypatch.setattr(type(FIA), "playout_wins", lambda *args: None)
    monkeypatch.setattr(chances, "ENGINE_PLAYOUTS", 300)
    record = played(FIA, 2, seed=11)
    sides = chances.sides_of(FIA, record)
    winners = record.replay().result().winners  # type: ignore[union-attr]
    checked = 0
    for version in range(len(record.log) // 4, len(record.log), len(record.log) // 4):
        state = record.replay(version)
        while state.is_chance() or len(state.legal_actions(state.players_to_act()[0])) < 2:
            version += 1
            state = record.replay(version)
        player = state.players_to_act()[0]
        value = chances.point(FIA, state, sides, winners, seed=version)[0][player]
        tips = advise(FIA, state, player, seed=version, max_playouts=300, half_width=0.02)
        rates = [item.win_rate for item in tips.actions]
        assert min(rates) - 0.12 <= value <= max(rates) + 0.12, (version, value, rates)
        checked += 1
    assert checked >= 2


def test_omringad_points_read_only_what_a_spectator_sees() -> None:
    """A real game with hidden information: a twin of the position drawn for a spectator
    (the same table, other secrets) gets the same point for the same seed."""
    from spelkvall.games.omringad import GAME as OMRINGAD

    record = played(OMRINGAD, 2, seed=3)
    state = record.replay(len(record.log) // 3)
    twin = OMRINGAD.sample_state(state, chances.SPECTATOR, random.Random(9))
    assert twin.view(None) == state.view(None)
    assert twin.view(0) != state.view(0) or twin.view(1) != state.view(1)  # secrets differ
    sides = chances.sides_of(OMRINGAD, record)
    assert chances.point(OMRINGAD, state, sides, (), 5) == chances.point(
        OMRINGAD, twin, sides, (), 5
    )
