"""Ratings on SQLite and PostgreSQL: a known sequence of results gives the ratings openskill
gives for it, partners move as one team, a match nobody won is a draw and counts no win,
computer levels are rated apart from people, and the lists sort and filter by them."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from openskill.models import PlackettLuce

from spelkvall.store import SeatResult, Store
from spelkvall.store.db import migrate
from spelkvall.store.rating import shown

Seat = tuple[str | None, str | None, int | None, int, bool]  # name, bot, team, place, won


def finish(store: Store, seats: list[Seat], game: str = "g1") -> str:
    """Store a match of ``game`` that finishes with one move and the given results."""
    match_id, _ = store.create_match(
        game=game,
        rules_version="1",
        mode="hotseat",
        options={},
        seats=[{"name": n, "bot": b} for n, b, *_ in seats],
        status="playing",
        seed=1,
        tokens=[("device", None)],
    )
    rows = [
        SeatResult(seat=i, name=n, won=won, place=place, bot=b, team=team)
        for i, (n, b, team, place, won) in enumerate(seats)
    ]
    assert store.append_action(match_id, 0, 0, {"type": "x"}, status="over", results_rows=rows)
    return match_id


def ratings_of(store: Store, game: str = "g1", computers: bool = False) -> dict[str, Any]:
    return {
        r.name: r.rating
        for r in store.highscore(game, sort="rating", computers=computers)
        if r.rating
    }


def test_a_known_sequence_gives_the_ratings_openskill_gives(store: Store) -> None:
    model = PlackettLuce()
    expected = {name: model.rating() for name in ["Anna", "Bo", "Cecilia"]}
    sequence = [["Anna", "Bo", "Cecilia"], ["Anna", "Cecilia", "Bo"], ["Bo", "Anna", "Cecilia"]]
    sequence += [["Anna", "Bo", "Cecilia"]]
    for order in sequence:
        finish(
            store,
            [
                (name, None, None, order.index(name) + 1, order[0] == name)
                for name in ["Anna", "Bo", "Cecilia"]
            ],
        )
        rated = model.rate([[expected[name]] for name in order], ranks=[1.0, 2.0, 3.0])
        for name, (rating,) in zip(order, rated, strict=True):
            expected[name] = rating
    got = ratings_of(store)
    for name, rating in expected.items():
        assert got[name].mu == pytest.approx(rating.mu, abs=1e-9)
        assert got[name].sigma == pytest.approx(rating.sigma, abs=1e-9)
        assert got[name].games == 4
    # Anna won three of four and was never last: she leads; Cecilia was last three times.
    ranked = [r.name for r in store.highscore("g1", sort="rating")]
    assert ranked == ["Anna", "Bo", "Cecilia"]
    assert got["Anna"].shown > got["Bo"].shown > got["Cecilia"].shown
    assert got["Anna"].shown == shown(expected["Anna"].mu, expected["Anna"].sigma)
    # Another game keeps its own ratings; the list of all games has none.
    assert ratings_of(store, "g2") == {}
    assert all(r.rating is None for r in store.highscore(None))


def test_partners_are_rated_as_one_team_and_both_move(store: Store) -> None:
    model = PlackettLuce()
    finish(
        store,
        [
            ("Anna", None, 0, 1, True),
            ("Bo", None, 1, 3, False),
            ("Cecilia", None, 0, 1, True),
            ("David", None, 1, 3, False),
        ],
    )
    start = model.rating()
    (a, c), (b, d) = model.rate(
        [[model.rating(), model.rating()], [model.rating(), model.rating()]], ranks=[1.0, 3.0]
    )
    got = ratings_of(store)
    for name, rating in {"Anna": a, "Cecilia": c, "Bo": b, "David": d}.items():
        assert got[name].mu == pytest.approx(rating.mu, abs=1e-9)
        assert got[name].sigma == pytest.approx(rating.sigma, abs=1e-9)
        assert got[name].games == 1
    assert got["Anna"].mu > start.mu and got["Cecilia"].mu > start.mu
    assert got["Bo"].mu < start.mu and got["David"].mu < start.mu
    wins = {r.name: r.wins for r in store.highscore("g1")}
    assert wins == {"Anna": 1, "Cecilia": 1, "Bo": 0, "David": 0}
    # Partners are not each other's opponents in the head-to-head.
    profile = store.profile("anna")
    assert profile is not None
    assert {o.name: (o.met, o.ahead, o.behind) for o in profile.opponents} == {
        "Bo": (1, 1, 0),
        "David": (1, 1, 0),
    }


def test_a_match_nobody_won_counts_no_win_and_is_a_draw_for_the_ratings(store: Store) -> None:
    finish(store, [("Anna", None, None, 1, True), ("Bo", None, None, 2, False)])
    before = ratings_of(store)
    # A turn limit ended it with Bo ahead on points, but nobody won: a draw among all.
    finish(store, [("Anna", None, None, 2, False), ("Bo", None, None, 1, False)])
    model = PlackettLuce()
    drawn = model.rate(
        [
            [model.rating(before["Anna"].mu, before["Anna"].sigma)],
            [model.rating(before["Bo"].mu, before["Bo"].sigma)],
        ],
        ranks=[1.0, 1.0],
    )
    got = ratings_of(store)
    assert got["Anna"].mu == pytest.approx(drawn[0][0].mu, abs=1e-9)
    assert got["Bo"].mu == pytest.approx(drawn[1][0].mu, abs=1e-9)
    assert got["Anna"].games == got["Bo"].games == 2
    assert {r.name: (r.wins, r.played) for r in store.highscore("g1")} == {
        "Anna": (1, 2),
        "Bo": (0, 2),
    }


def test_computer_levels_are_rated_and_listed_apart_from_people(store: Store) -> None:
    model = PlackettLuce()
    finish(
        store,
        [
            ("Anna", None, None, 1, True),
            (None, "hard", None, 2, False),
            (None, "hard", None, 3, False),
            (None, "easy", None, 4, False),
        ],
    )
    people = store.highscore("g1")
    assert [r.name for r in people] == ["Anna"]
    bots = store.highscore("g1", computers=True, sort="rating")
    assert [(r.name, r.wins, r.played) for r in bots] == [("hard", 0, 1), ("easy", 0, 1)]
    new = model.rate([[model.rating()] for _ in range(4)], ranks=[1.0, 2.0, 3.0, 4.0])
    hard = ratings_of(store, computers=True)["hard"]
    # Two seats of one level in one match: the mean of their new values, counted once.
    assert hard.mu == pytest.approx((new[1][0].mu + new[2][0].mu) / 2, abs=1e-9)
    assert hard.sigma == pytest.approx((new[1][0].sigma + new[2][0].sigma) / 2, abs=1e-9)
    assert hard.games == 1
    # A stand-in's seat (no name, no own computer) takes part but keeps no rating.
    finish(store, [("Anna", None, None, 1, True), (None, None, None, 2, False)])
    assert ratings_of(store)["Anna"].games == 2


def test_the_period_counts_matches_finished_within_it(store: Store) -> None:
    finish(store, [("Anna", None, None, 1, True), ("Bo", None, None, 2, False)])
    later = datetime.now(UTC) + timedelta(hours=1)
    assert store.highscore("g1", since=later) == []
    earlier = datetime.now(UTC) - timedelta(days=7)
    assert [(r.name, r.wins) for r in store.highscore("g1", since=earlier)] == [
        ("Anna", 1),
        ("Bo", 0),
    ]


def test_a_profile_has_games_places_ratings_recent_matches_and_opponents(store: Store) -> None:
    first = finish(store, [("Anna", None, None, 1, True), ("Bo", None, None, 2, False)])
    finish(
        store,
        [
            ("Bo", None, None, 1, True),
            ("Anna", None, None, 2, False),
            (None, "hard", None, 3, False),
        ],
        game="g2",
    )
    last = finish(store, [("anna ", None, None, 2, False), ("Bo", None, None, 1, True)])
    profile = store.profile("ANNA")
    assert profile is not None and profile.name == "anna "
    games = {g.game: (g.played, g.wins, g.places) for g in profile.games}
    assert games == {"g1": (2, 1, {1: 1, 2: 1}), "g2": (1, 0, {2: 1})}
    g1 = next(g for g in profile.games if g.game == "g1")
    assert g1.rating is not None and g1.rating.games == 2
    assert profile.recent[0].match_id == last
    assert profile.recent[-1].match_id == first
    assert [p["name"] for p in profile.recent[0].players] == ["anna ", "Bo"]
    opponents = {(o.name, o.bot): (o.met, o.ahead, o.behind) for o in profile.opponents}
    assert opponents == {("Bo", None): (3, 1, 2), ("hard", "hard"): (1, 1, 0)}
    assert profile.opponents[0].name == "Bo"
    assert store.profile("Nobody") is None


def test_two_matches_ending_at_once_lose_no_rating_update(store: Store) -> None:
    # Eight matches of the same three people finish from four threads at once: every one
    # counts (PostgreSQL's row locks, SQLite's write lock), none is lost to a race.
    errors: list[BaseException] = []

    def play(k: int) -> None:
        try:
            for _ in range(2):
                order = ["Anna", "Bo", "Cecilia"][k % 3 :] + ["Anna", "Bo", "Cecilia"][: k % 3]
                finish(store, [(n, None, None, order.index(n) + 1, order[0] == n) for n in order])
        except BaseException as exc:  # reported below
            errors.append(exc)

    threads = [threading.Thread(target=play, args=(k,)) for k in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    got = ratings_of(store)
    assert {name: r.games for name, r in got.items()} == {"Anna": 8, "Bo": 8, "Cecilia": 8}


def test_upgrading_keeps_old_results_and_finds_their_computers(tmp_path: Path) -> None:
    engine = sa.create_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    migrate(engine, "0004")
    seats = '[{"name": "Anna", "bot": null}, {"name": null, "bot": "hard"}]'
    with engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO matches (id, game, rules_version, mode, options, seats, status,"
                " version, seed, created_at, updated_at) VALUES ('m', 'g1', '1', 'hotseat',"
                " '{}', :seats, 'over', 1, 1, '2026-01-01', '2026-01-02 10:00:00')"
            ),
            {"seats": seats},
        )
        conn.execute(
            sa.text(
                "INSERT INTO profiles (name, key, created_at) VALUES ('Anna', 'anna', '2026-01-01')"
            )
        )
        conn.execute(
            sa.text(
                "INSERT INTO results (match_id, seat, profile_id, won, place) VALUES"
                " ('m', 0, 1, 0, 2), ('m', 1, NULL, 1, 1)"
            )
        )
    migrate(engine)
    store = Store(engine)
    row = store.get_match("m")
    assert row is not None and row.finished_at is not None
    assert row.finished_at.replace(tzinfo=None) == datetime(2026, 1, 2, 10, 0)
    bots = store.highscore("g1", computers=True)
    assert [(r.name, r.wins, r.played, r.rating) for r in bots] == [("hard", 1, 1, None)]
    # The old result counts for wins, but no rating: it never said who played in which team.
    assert [(r.name, r.wins, r.rating) for r in store.highscore("g1")] == [("Anna", 0, None)]
    assert store.highscore("g1", since=datetime(2026, 1, 2, tzinfo=UTC)) != []
    store.close()
