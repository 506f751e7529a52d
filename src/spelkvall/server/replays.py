"""Replays: a match's history step by step, as one reader may see it.

A replay is computed from a match record (``core.MatchRecord``: the stored log of a match, or
a file somebody uploaded) by replaying it through the engine and asking the game's own
``State.view`` at the steps asked for, so the server holds no rules and shows nothing the
reader could not have seen at the time: a spectator gets ``view(None)`` and the public log,
the token of one seat that seat's view (its own hand) and its log.

A replay costs what is looked at, not the whole match: the first answer holds the log (every
entry as the reader may see it) and the positions of the first :data:`WINDOW` steps and the
last; the client asks for another window of positions when the reader goes there
(``start``), and steps through them by itself. Before, every step's position went at once: a
1 MiB uploaded record of 19,840 entries cost 8.8 s of CPU and answered 66 MB, compressed. The
log alone still needs every entry applied, which is cheap (the views are what cost); a
request that runs over :data:`CPU_BUDGET` seconds of its thread's CPU stops with
:class:`TooCostly`. Answers are sent gzip-compressed, since consecutive views are nearly the
same.
"""

from __future__ import annotations

import gzip
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from spelkvall.core import IllegalAction, InvalidRecord, MatchRecord, get_game

from .live import OVER, PLAYING, Logged, turn_of
from .views import log_entry, places

MAX_RECORD_BYTES = 1024 * 1024
"""An uploaded record's size at most (a long match's record is some 50 KB)."""
MAX_STEPS = 20_000
"""Log entries a record may hold at most (a long card game match has some 2600)."""
CACHE_SIZE = 64
"""Replay answers kept, compressed, per process (a finished match's replay never changes)."""
WINDOW = 40
"""Positions in one answer at most: a reader who plays on at the fastest speed asks for the
next window every 10 s or so."""
CPU_BUDGET = 3.0
"""CPU seconds one replay request may take (its thread's own, so a busy machine does not
count): far above a real match's (0.3 s for a long card game of 2,388 entries with every
view), below what would hold a core for long."""
PAUSE_EVERY = 256
"""Entries replayed between two looks at whether a person's move is waiting (people first)."""


class TooCostly(Exception):
    """A replay request ran over its CPU budget."""


class Budget:
    """The CPU a request's thread may spend (``time.thread_time``), checked as it goes;
    ``pause`` is called every :data:`PAUSE_EVERY` steps (people's moves go first)."""

    def __init__(
        self, seconds: float | None = None, pause: Callable[[], object] | None = None
    ) -> None:
        self.seconds = CPU_BUDGET if seconds is None else seconds
        self.pause = pause
        self._start = time.thread_time()
        self._steps = 0

    def step(self) -> None:
        """One step done: raises :class:`TooCostly` past the budget."""
        self._steps += 1
        if self._steps % 16 == 0 and time.thread_time() - self._start > self.seconds:
            raise TooCostly(f"over {self.seconds:.1f} s of CPU")
        if self.pause is not None and self._steps % PAUSE_EVERY == 0:
            self.pause()


def replay(
    record: MatchRecord,
    viewer: int | None,
    *,
    seats: Sequence[dict[str, Any]] | None = None,
    status: str | None = None,
    start: int | None = None,
    budget: Budget | None = None,
) -> dict[str, Any]:
    """The replay of ``record`` as ``viewer`` sees it (``None``: a spectator).

    Without ``start``, the whole of it but the positions: ``log`` is the log as the viewer
    may see it (the entry of version ``v`` leads to position ``v``), ``count`` the number of
    positions (the start and one after each entry), and ``frames`` the positions of the first
    :data:`WINDOW` steps and the last. With ``start``, only ``frames``: the positions from
    version ``start`` on, :data:`WINDOW` at most. A position is the view, who acts, whose die
    it is, and at the end the result. ``seats`` are the match's seats as the API shows them
    (else the record's); ``status`` the match's (else ``over`` when the record reaches the
    end, ``playing`` otherwise). Raises ``InvalidRecord`` when the record does not replay
    (another rules version, an entry the rules refuse) and :class:`TooCostly` past the
    budget."""
    if len(record.log) > MAX_STEPS:
        raise InvalidRecord(
            "error.record", "too many log entries", why=f"> {MAX_STEPS} log entries"
        )
    budget = budget or Budget()
    game = get_game(record.game)
    state = record.replay(0)  # checks the rules version, the seats and the options
    count = len(record.log) + 1
    first = 0 if start is None else max(0, min(start, count - 1))
    wanted = range(first, min(count, first + WINDOW))
    last = len(record.log) if start is None else None  # the header also shows the end
    names = [s.name or "?" for s in record.seats]
    frames = [_frame(state, viewer, 0, len(record.seats))] if 0 in wanted else []
    log: list[dict[str, Any]] = []
    for version, entry in enumerate(record.log, 1):
        if start is not None and version > wanted.stop - 1:
            break  # a window needs nothing after it
        budget.step()
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
        if start is None:
            logged = Logged(
                version, entry.player, entry.action, tuple(events), to_act, entry.by, whose
            )
            log.append(log_entry(game, names, logged, viewer))
        if version in wanted or version == last:
            frames.append(_frame(state, viewer, version, len(record.seats)))
    if start is not None:
        return {"start": first, "count": count, "frames": frames}
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
        "count": count,
        "window": WINDOW,
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


ReplayKey = tuple[str, int, int | None, tuple[int, ...], int | None]
"""(match, version, viewer, the reader's seats, the window's start): what a replay's answer
depends on."""


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
    "WINDOW",
    "Budget",
    "ReplayCache",
    "TooCostly",
    "compress",
    "record_name",
    "replay",
]
