"""Replays: a match's history step by step, as one reader may see it.

A replay is computed from a match record (``core.MatchRecord``: the stored log of a match, or
a file somebody uploaded) by replaying it through the engine and asking the game's own
``State.view`` at every step, so the server holds no rules and shows nothing the reader could
not have seen at the time: a spectator gets ``view(None)`` and the public log, the token of
one seat that seat's view (its own hand) and its log. The client gets every step at once and
steps through them by itself (forward, back, any step, at a chosen speed); the answer is
sent gzip-compressed, since consecutive views are nearly the same (measured: a race game's match
of 962 entries 27 KB instead of 1.5 MB, a long card game's match of 2576 entries 149 KB
instead of 7.6 MB).
"""

from __future__ import annotations

import gzip
import json
import threading
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

from spelkvall.core import IllegalAction, InvalidRecord, MatchRecord, get_game

from .live import OVER, PLAYING, Logged, turn_of
from .views import log_entry, places

MAX_RECORD_BYTES = 1024 * 1024
"""An uploaded record's size at most (a long match's record is some 50 KB)."""
MAX_STEPS = 20_000
"""Log entries a record may hold at most (a long card game match has some 2600)."""
CACHE_SIZE = 16
"""Replays kept, compressed, per process (a finished match's replay never changes)."""


def replay(
    record: MatchRecord,
    viewer: int | None,
    *,
    seats: Sequence[dict[str, Any]] | None = None,
    status: str | None = None,
) -> dict[str, Any]:
    """Every step of ``record`` as ``viewer`` sees it (``None``: a spectator).

    ``frames[v]`` is the position after the first ``v`` log entries (``frames[0]`` the
    start): the view, who acts, whose die it is, and at the end the result. ``log`` is the
    log as the viewer may see it, the entry of version ``v`` leading to ``frames[v]``.
    ``seats`` are the match's seats as the API shows them (else the record's); ``status``
    the match's (else ``over`` when the record reaches the end, ``playing`` otherwise).
    Raises ``InvalidRecord`` when the record does not replay (another rules version, an
    entry the rules refuse)."""
    if len(record.log) > MAX_STEPS:
        raise InvalidRecord(
            "error.record", "too many log entries", why=f"> {MAX_STEPS} log entries"
        )
    game = get_game(record.game)
    state = record.replay(0)  # checks the rules version, the seats and the options
    names = [s.name or "?" for s in record.seats]
    frames = [_frame(state, viewer, 0, len(record.seats))]
    log: list[dict[str, Any]] = []
    for version, entry in enumerate(record.log, 1):
        to_act = state.players_to_act()
        whose = turn_of(state, entry.player)
        try:
            events = state.apply(entry.action, entry.player)
        except IllegalAction as exc:
            raise InvalidRecord(
                "error.record",
                f"log entry {version - 1} does not replay: {exc}",
                why=f"{version - 1}: {exc}",
            ) from exc
        logged = Logged(version, entry.player, entry.action, tuple(events), to_act, entry.by, whose)
        log.append(log_entry(game, names, logged, viewer))
        frames.append(_frame(state, viewer, version, len(record.seats)))
    if seats is None:
        seats = [
            {
                "seat": i,
                "name": s.name,
                "colour": s.colour,
                "bot": s.bot,
                "stand_in": None,
                "ready": True,
            }
            for i, s in enumerate(record.seats)
        ]
    if status is None:
        status = OVER if state.is_terminal() else PLAYING
    return {
        "game": record.game,
        "rules_version": record.rules_version,
        "status": status,
        "seats": list(seats),
        "viewer": viewer,
        "teams": game.teams(len(record.seats), game.parse_options(record.options)),
        "log": log,
        "frames": frames,
    }


def _frame(state: Any, viewer: int | None, version: int, n: int) -> dict[str, Any]:
    result = state.result()
    return {
        "version": version,
        "view": state.view(viewer),
        "to_act": list(state.players_to_act()),
        "roll_seat": state.chance_seat() if state.is_chance() else None,
        "result": None
        if result is None
        else {**result.to_json(), "places": places(result.ranking, n)},
    }


def compress(data: dict[str, Any]) -> bytes:
    """The answer as gzip-compressed JSON."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return gzip.compress(text.encode(), 6)


ReplayKey = tuple[str, int, int | None, tuple[int, ...]]
"""(match, version, viewer, the reader's seats): what a replay's answer depends on."""


class ReplayCache:
    """Compressed replays by ``ReplayKey``: a match at one version never changes, so its
    replay is computed once while it is asked for."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._items: OrderedDict[ReplayKey, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: ReplayKey) -> bytes | None:
        with self._lock:
            found = self._items.get(key)
            if found is not None:
                self._items.move_to_end(key)
            return found

    def put(self, key: ReplayKey, body: bytes) -> None:
        with self._lock:
            self._items[key] = body
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


def record_name(record: MatchRecord, match_id: str | None) -> str:
    """The file name a downloaded record gets."""
    tail = match_id or "match"
    safe = "".join(c for c in tail if c.isalnum() or c in "-_")[:40]
    return f"spelkvall-{record.game}-{safe}.json"


__all__ = [
    "MAX_RECORD_BYTES",
    "MAX_STEPS",
    "ReplayCache",
    "compress",
    "record_name",
    "replay",
]
