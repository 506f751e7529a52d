"""DogRoyal's chance-to-win series (``bots.chances``): a spectator's deals, no hand read."""

from __future__ import annotations

import random

from spelkvall.bots import chances
from spelkvall.bots.base import Observation, make_bot
from spelkvall.core import Match, MatchRecord, Seat
from spelkvall.games.dogroyal import GAME


def short_match(seed: int) -> MatchRecord:
    """Four heuristic computers for two rounds of DogRoyal."""
    options = GAME.parse_options({"round_limit": 2})
    match = Match(GAME, [Seat(f"P{i}", bot="heuristic") for i in range(4)], options, seed=seed)
    rng = random.Random(seed)
    bot = make_bot("heuristic", GAME)
    while not match.state.is_terminal():
        if match.state.is_chance():
            match.resolve_chance()
            continue
        for seat in match.state.players_to_act():
            match.apply(bot.choose(Observation(GAME, match.state, seat), rng), seat)
    return match.record


def test_a_spectator_s_series_is_dealt_from_what_a_spectator_sees() -> None:
    # Catches a sampler that cannot deal for a spectator (no hand in the view): DogRoyal had
    # no graph at all.
    record = short_match(seed=3)
    series = chances.compute(record, seed=1, max_points=6)
    data = series.to_json()
    assert data["sampled"] is True
    assert data["versions"][0] == 0 and data["versions"][-1] == len(record.log)
    for point in series.chances:
        assert all(0.0 <= chance <= 1.0 for chance in point)
    assert chances.compute(record, seed=1, max_points=6).chances == series.chances
