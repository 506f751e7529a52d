"""Accepted actions per second through the match service (engine check + compare-and-set
commit + cache update), and the time to rebuild a finished match from its stored log (what a
restart does). SQLite in a temporary file by default; PostgreSQL (in a throw-away schema) with
``SPELKVALL_BENCH_POSTGRES_URL``.

    .venv/bin/python benchmarks/server_moves.py [games]
"""

from __future__ import annotations

import sys
import time

from _stores import postgres_store, sqlite_store
from spelkvall.server.service import MatchService
from spelkvall.store import Store


def play(service: MatchService) -> tuple[str, int]:
    made = service.create("fia", "hotseat", [{"name": "Anna"}, {"name": "Bo"}], {})
    match_id = made["match_id"]
    access = service.access(match_id, made["token"])
    while True:
        live = service.live(match_id)
        state = live.state
        assert state is not None
        if state.is_terminal():
            return match_id, live.version
        if state.is_chance():
            service.roll(match_id, access, live.version)
        else:
            service.act(match_id, access, live.version, state.legal_actions()[0].to_json(), None)


def run(store: Store, games: int) -> None:
    service = MatchService(store)
    start = time.perf_counter()
    played = [play(service) for _ in range(games)]
    elapsed = time.perf_counter() - start
    actions = sum(n for _, n in played)
    backend = store.engine.url.get_backend_name()
    print(
        f"{backend}: {games} games, {actions} accepted actions in {elapsed:.2f} s = "
        f"{actions / elapsed:.0f} actions/s ({1000 * elapsed / actions:.2f} ms each)"
    )
    start = time.perf_counter()
    for match_id, _ in played:
        MatchService(store).live(match_id)  # a fresh process: rebuilt from the log
    rebuild = (time.perf_counter() - start) / games
    print(f"{backend}: rebuild of a finished match from its log: {1000 * rebuild:.1f} ms")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    with sqlite_store() as store:
        run(store, games)
    with postgres_store() as pg:
        if pg is not None:
            run(pg, games)


if __name__ == "__main__":
    main()
