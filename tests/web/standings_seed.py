"""Finished matches written straight into a store, for the highscore and profile pages: Fia
between Anna, Bo, Cecilia, David and computers (four of them finished 20 days ago), and
DogRoyal in teams. ``python tests/web/standings_seed.py FILE.sqlite3`` fills a database file
that ``spelkvall serve --database-url sqlite:///FILE.sqlite3`` then shows."""

from __future__ import annotations

import sys
from datetime import UTC, datetime, timedelta

from spelkvall.store import SeatResult, Store
from spelkvall.store.tables import matches

# Each seat: a person's name, or "bot:<level>"; in finishing order unless a place is given.
FIA = [
    ["Anna", "Bo", "bot:hard", "Cecilia"],
    ["Anna", "bot:hard", "Bo", "David"],
    ["bot:hard", "Anna", "Cecilia", "Bo"],
    ["Bo", "Anna", "bot:medium", "David"],
    ["Anna", "Cecilia", "Bo", "bot:medium"],
    ["bot:hard", "Bo", "Anna", "David"],
    ["Cecilia", "Anna", "bot:hard", "Bo"],
    ["Anna", "bot:medium", "Bo", "Cecilia"],
    ["David", "Bo", "bot:easy", "Anna"],
    ["Bo", "David", "Cecilia", "bot:easy"],
]
OLD = 4  # the first four finished 20 days ago
DOGROYAL = [  # seats 0+2 against 1+3; the first pair won
    (["Anna", "Bo", "Cecilia", "bot:hard"], True),
    (["Anna", "Bo", "Cecilia", "bot:hard"], False),
    (["Bo", "Anna", "bot:hard", "David"], True),
]


def _finish(
    store: Store,
    game: str,
    names: list[str],
    places: list[int],
    won: list[bool],
    teams: list[int | None],
) -> str:
    seats = [
        {"name": None, "bot": n[4:]} if n.startswith("bot:") else {"name": n, "bot": None}
        for n in names
    ]
    match_id, _ = store.create_match(
        game=game,
        rules_version="1",
        mode="hotseat",
        options={},
        seats=seats,
        status="playing",
        seed=1,
        tokens=[("device", None)],
    )
    rows = [
        SeatResult(i, s["name"], won[i], places[i], bot=s["bot"], team=teams[i])
        for i, s in enumerate(seats)
    ]
    assert store.append_action(match_id, 0, 0, {"type": "x"}, status="over", results_rows=rows)
    return match_id


def seed(url: str) -> None:
    store = Store.open(url)
    try:
        old: list[str] = []
        for n, order in enumerate(FIA):
            places = list(range(1, len(order) + 1))
            won = [p == 1 for p in places]
            match_id = _finish(store, "fia", order, places, won, [None] * len(order))
            if n < OLD:
                old.append(match_id)
        for names, first_won in DOGROYAL:
            places = [1, 3, 1, 3] if first_won else [3, 1, 3, 1]
            won = [p == 1 for p in places]
            _finish(store, "dogroyal", names, places, won, [0, 1, 0, 1])
        with store.engine.begin() as conn:
            conn.execute(
                matches.update()
                .where(matches.c.id.in_(old))
                .values(finished_at=datetime.now(UTC) - timedelta(days=20))
            )
    finally:
        store.close()


if __name__ == "__main__":
    seed(f"sqlite:///{sys.argv[1]}")
    print(f"seeded {sys.argv[1]}")
