"""A match the host's computer finished for a person (their seat's result names nobody) is in
that person's profile, marked ``not_counted="stand_in"``, among their latest matches and
nowhere else: not in their games, ratings or opponents. And the highscore list's ``played``
counts what the rating's ``games`` counts: each match once, however many seats a computer
level had in it. SQLite always, PostgreSQL when SPELKVALL_TEST_POSTGRES_URL is set."""

from __future__ import annotations

from typing import Any

from spelkvall.store import SeatResult, Store

# Each seat: (name as seated, own computer level, the host's stand-in level, place).
Seat = tuple[str | None, str | None, str | None, int]


def finish(store: Store, seats: list[Seat], *, learner: bool = False) -> str:
    """Store a match of ``g1`` that finishes with one move, written as the server writes it:
    a seat a stand-in finished gets a result naming nobody and no computer level."""
    stored: list[dict[str, Any]] = []
    for i, (name, bot, stand_in, _) in enumerate(seats):
        seat: dict[str, Any] = {"name": name, "bot": bot}
        if stand_in:
            seat["stand_in"] = stand_in
        if learner and i == 0:
            seat["learner"] = True
        stored.append(seat)
    match_id, _ = store.create_match(
        game="g1",
        rules_version="1",
        mode="hotseat",
        options={},
        seats=stored,
        status="playing",
        seed=1,
        tokens=[("device", None)],
    )
    rows = [
        SeatResult(
            seat=i,
            name=None if bot or stand_in or learner else name,
            won=place == 1,
            place=place,
            bot=None if learner else bot,
        )
        for i, (name, bot, stand_in, place) in enumerate(seats)
    ]
    assert store.append_action(match_id, 0, 0, {"type": "x"}, status="over", results_rows=rows)
    return match_id


def test_a_match_a_computer_finished_for_a_person_is_in_their_profile_marked(
    store: Store,
) -> None:
    counted = finish(store, [("Anna", None, None, 1), ("Bo", None, None, 2)])
    stood_in = finish(store, [("Anna", None, None, 2), ("Bo", None, "medium", 1)])
    profile = store.profile(" BO ")  # any spelling of the person
    assert profile is not None
    assert [(m.match_id, m.not_counted) for m in profile.recent] == [
        (stood_in, "stand_in"),
        (counted, None),
    ]
    marked = profile.recent[0]
    # Their seat's own result, as the others' list shows it: it won, place 1.
    assert (marked.seat, marked.won, marked.place) == (1, True, 1)
    assert [(p["name"], p["place"]) for p in marked.players] == [("Anna", 2), (None, 1)]
    # It counts nowhere else: one game played, lost; Anna met once.
    assert [(g.game, g.played, g.wins) for g in profile.games] == [("g1", 1, 0)]
    assert profile.games[0].rating is not None and profile.games[0].rating.games == 1
    assert [(o.name, o.met) for o in profile.opponents] == [("Anna", 1)]
    # The other person's match counted for them: not marked in their profile.
    anna = store.profile("Anna")
    assert anna is not None
    assert [(m.match_id, m.not_counted) for m in anna.recent] == [
        (stood_in, None),
        (counted, None),
    ]


def test_somebody_whose_every_match_a_computer_finished_still_has_a_profile(
    store: Store,
) -> None:
    match_id = finish(store, [("Anna", None, None, 1), ("Cecilia", None, "easy", 2)])
    profile = store.profile("cecilia")
    assert profile is not None and profile.name == "Cecilia"
    assert [(m.match_id, m.not_counted) for m in profile.recent] == [(match_id, "stand_in")]
    assert profile.games == [] and profile.opponents == []
    assert store.profile("David") is None


def test_only_the_person_whose_seat_it_was_gets_the_match(store: Store) -> None:
    finish(store, [("Anna", None, None, 1), ("Bo", None, "medium", 2), (None, "hard", None, 3)])
    # A guided game counts for nobody: not listed as a computer's, even with a stand-in.
    finish(store, [("David", None, "medium", 1), ("Bo", "easy", None, 2)], learner=True)
    # A person named like the key the server stores the stand-in under is nobody special.
    finish(store, [("stand_in", None, None, 1), ("Eva", None, None, 2)])
    assert store.profile("David") is None
    stand_in = store.profile("stand_in")
    assert stand_in is not None
    assert [m.not_counted for m in stand_in.recent] == [None]
    anna = store.profile("Anna")
    assert anna is not None and [m.not_counted for m in anna.recent] == [None]


def test_the_latest_matches_are_the_newest_of_both_kinds_up_to_the_limit(store: Store) -> None:
    ids = [
        finish(store, [("Anna", None, "medium" if k % 2 else None, 1), ("Bo", None, None, 2)])
        for k in range(5)
    ]
    profile = store.profile("Anna")
    assert profile is not None
    assert [m.match_id for m in profile.recent] == ids[::-1]
    assert [m.not_counted for m in profile.recent] == [None, "stand_in", None, "stand_in", None]
    newest = store.profile("Anna", recent=3)
    assert newest is not None and [m.match_id for m in newest.recent] == ids[:1:-1]


def test_played_counts_each_match_once_as_the_rating_does(store: Store) -> None:
    # Two seats of one computer level in a match: one match played, as its rating counts it.
    finish(store, [("Anna", None, None, 1), (None, "hard", None, 2), (None, "hard", None, 3)])
    finish(store, [(None, "hard", None, 1), ("Anna", None, None, 2), (None, "hard", None, 3)])
    # A seat a computer finished for its person: no game, no rating, for anybody's count.
    finish(store, [("Anna", None, "medium", 1), ("Bo", None, None, 2)])
    for computers in (False, True):
        rows = store.highscore("g1", computers=computers)
        assert rows, computers
        for row in rows:
            assert row.rating is not None
            assert row.played == row.rating.games, (row.name, row.played, row.rating.games)
    bots = store.highscore("g1", computers=True)
    assert [(r.name, r.wins, r.played) for r in bots] == [("hard", 1, 2)]
    people = {r.name: (r.wins, r.played) for r in store.highscore("g1")}
    assert people == {"Anna": (1, 2), "Bo": (0, 1)}
