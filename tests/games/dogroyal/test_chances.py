"""DogRoyal's chance-to-win series (``bots.chances``): a spectator's deals, no hand read."""

from __future__ import annotations

from spelkvall.bots import chances
from spelkvall.games.dogroyal import GAME
from tests.bots.test_chances import played


def test_a_spectator_s_series_is_dealt_from_what_a_spectator_sees() -> None:
    # Catches a sampler that cannot deal for a spectator (no hand in the view): DogRoyal had
    # no graph at all.
    record = played(GAME, 4, seed=3, options=GAME.parse_options({"round_limit": 2}))
    series = chances.compute(record, seed=1, max_points=6)
    data = series.to_json()
    assert data["sampled"] is True
    assert data["versions"][0] == 0 and data["versions"][-1] == len(record.log)
    for point in series.chances:
        assert all(0.0 <= chance <= 1.0 for chance in point)
    assert chances.compute(record, seed=1, max_points=6).chances == series.chances
