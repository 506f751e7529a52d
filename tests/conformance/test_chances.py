"""The chance-to-win graph (``bots.chances``) for every game: a finished random match gets a
series that starts at the start, ends at the end with the winners certain, and stays within
0-1, through the engine (a few playouts a point: the shape is checked, not the strength)."""

from __future__ import annotations

import random
import zlib
from typing import Any

import pytest

from spelkvall.bots import chances
from spelkvall.core import Game, Match, MatchRecord, Seat, all_games

GAMES = sorted(all_games(), key=lambda g: g.id)


def random_match(game: Game[Any, Any], seed: int) -> MatchRecord:
    """A whole match of random moves with the fewest players the game takes."""
    rng = random.Random(seed)
    players = min(game.player_counts())
    match = Match(game, [Seat(f"P{i}") for i in range(players)], seed=seed)
    while not match.state.is_terminal():
        if match.state.is_chance():
            match.resolve_chance()
            continue
        for seat in match.state.players_to_act():
            match.apply(rng.choice(list(match.state.legal_actions(seat))), seat)
            if match.state.is_terminal() or match.state.is_chance():
                break
    return match.record


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_game_s_finished_match_has_a_chance_series(
    game: Game[Any, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(type(game), "playout_wins", lambda *args: None)  # the engine's path
    monkeypatch.setattr(chances, "ENGINE_PLAYOUTS", 3)
    monkeypatch.setattr(chances, "ENGINE_WORLDS", 3)
    record = random_match(game, zlib.crc32(f"chances-{game.id}".encode()))
    series = chances.compute(record, seed=1, max_points=5)
    data = series.to_json()
    assert data["versions"][0] == 0 and data["versions"][-1] == len(record.log)
    assert data["sampled"] is (not game.perfect_information)
    assert all(0.0 <= c <= 1.0 for point in series.chances for c in point)
    winners = record.replay().result().winners  # type: ignore[union-attr]
    if winners and series.winner_side is not None:
        assert series.chances[-1][series.winner_side] == 1.0
