"""The matches this process holds in memory, kept up to date with the store.

The cache is a convenience: the database is the truth, and a match is rebuilt from its action
log (a ``MatchRecord`` replay) whenever the cache is behind or was never filled.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from spelkvall.bots.levels import DEFAULT_LEVEL
from spelkvall.core import CHANCE, Action, Game, LogEntry, MatchRecord, Seat, State, get_game
from spelkvall.store import MatchRow, Store

from .errors import ServiceError

WAITING, PLAYING, OVER = "waiting", "playing", "over"
CANCELLED = "cancelled"  # the host called the match off while it waited for players
ENDED = "ended"  # the host ended a match under way: no result, nobody won or lost
STAND_IN = DEFAULT_LEVEL  # "medium", Medel: the lobby's default level
"""The computer that plays for an absent person: when the host hands their seat over without
choosing another level, and for a step whose turn timer ran out."""
TIMER, STOOD_IN = "timer", "stand_in"
"""Who made a logged move when it was not the seat's own player (``Logged.by``): a computer
because the seat's turn timer ran out, or the host's computer standing in for an absent person."""


@dataclass(frozen=True)
class Logged:
    """One accepted action as the engine saw it; rendered per reader by ``views``."""

    version: int  # the match version after it
    player: int
    action: Action
    events: tuple[Any, ...]
    to_act: tuple[int, ...]  # who was to act before it (simultaneous steps, see ``play``)
    by: str | None = None  # TIMER | STOOD_IN: a computer made it for the seat's person
    turn_of: int | None = None  # whose step it was: the player, or the seat whose die it was


@dataclass
class Live:
    """A match as this process knows it: the stored row, the state and the log, with the log
    rendered once per kind of reader (``rendered[viewer]``; viewer ``None`` = the public log)."""

    row: MatchRow
    game: Game[Any, Any]
    state: State | None
    version: int
    entries: list[Logged] = field(default_factory=list)
    rendered: dict[int | None, list[dict[str, Any]]] = field(default_factory=dict)
    lock: threading.RLock = field(default_factory=threading.RLock)
    advice: tuple[tuple[int, int, float, bool], dict[str, Any]] | None = None
    """The last Tips answer: ``((version, seat, half_width, kernels usable), answer)``, labels
    in every language; asking again at the same version (a reload, the language toggle) costs
    nothing."""
    timed_out: set[int] = field(default_factory=set)
    """Seats whose turn timer ran out: a computer plays the rest of each one's turn (until the
    seat is no longer to act, or the person acts themselves)."""
    rematch: MatchRow | None = None
    """The rematch of a finished match, read with the row (``LiveMatches.get``)."""
    used: float = field(default_factory=time.monotonic)
    """When this process last read the match (``LiveMatches`` drops idle ones)."""
    fresh: bool = False
    """Nothing changed the stored row since it was last read but this copy's own moves: a
    process that is the database's only writer uses the copy as it is (``LiveMatches``)."""

    @property
    def seats(self) -> list[dict[str, Any]]:
        return self.row.seats

    @property
    def status(self) -> str:
        return self.row.status

    def computer(self, seat: int) -> str | None:
        """The computer that plays ``seat`` now: its own bot, the host's stand-in for an
        absent person, or the stand-in of a seat whose turn timer ran out; else ``None``."""
        info = self.seats[seat]
        bot = info.get("bot") or info.get("stand_in")
        if bot is None and seat in self.timed_out:
            return STAND_IN
        return bot

    def played_by(self, seat: int | None) -> str | None:
        """Who makes ``seat``'s move now when it is not the seat's own player: ``STOOD_IN``
        (the host's computer for an absent person), ``TIMER`` (the seat's time ran out), else
        ``None`` (its own person or computer; ``seat`` ``None``: chance by itself)."""
        if seat is None:
            return None
        info = self.seats[seat]
        if info.get("bot"):
            return None
        if info.get("stand_in"):
            return STOOD_IN
        return TIMER if seat in self.timed_out else None

    def acting(self) -> tuple[int, ...]:
        """The seats that must choose a move or roll their die now (computers too)."""
        state = self.state
        if self.status != PLAYING or state is None or state.is_terminal():
            return ()
        if state.is_chance():
            seat = state.chance_seat()
            return () if seat is None else (seat,)
        return tuple(state.players_to_act())

    def waiting_for(self) -> tuple[int, ...]:
        """The people (seats no computer plays) who must act or roll now."""
        return tuple(s for s in self.acting() if self.computer(s) is None)

    def turn_deadline(self) -> datetime | None:
        """When the turn timer runs out for the people to act now (``None``: no timer, or a
        computer or chance acts). The clock starts at the match's last change."""
        if not self.row.turn_seconds or not self.waiting_for():
            return None
        return utc(self.row.updated_at) + timedelta(seconds=self.row.turn_seconds)

    def turn_left(self) -> float | None:
        """Seconds until the turn timer runs out (0 when it has), or ``None`` without one."""
        deadline = self.turn_deadline()
        if deadline is None:
            return None
        return max(0.0, (deadline - datetime.now(UTC)).total_seconds())


def utc(stamp: datetime) -> datetime:
    """SQLite gives back naive times; they were stored as UTC."""
    return stamp.astimezone(UTC) if stamp.tzinfo else stamp.replace(tzinfo=UTC)


@dataclass(frozen=True)
class Access:
    """What a token may do in one match."""

    seats: tuple[int, ...]
    kind: str | None  # device | seat | invite | None (spectator)


LIVE_MAX = 2000
"""Matches kept in memory at most (least recently read leave first)."""
LIVE_IDLE = 600.0
"""Seconds after which a match nobody read leaves memory (``LiveMatches.sweep``)."""
DONE_IDLE = 60.0
"""The same for a match that is over, ended or called off."""


class LiveMatches:
    """The matches this process has read lately, by id, each brought up to date on every read.

    Bounded: at most ``max_size`` (least recently read leave first), and ``sweep`` drops the
    idle ones (finished ones sooner). A match that left is rebuilt from its log when somebody
    looks again; nothing is lost, since the database is the truth.

    ``sole_writer``: this process is the only one that writes the database (one ``spelkvall
    serve`` on its own SQLite file). Then a playing match's copy is used without reading its
    row again, as long as it is ``fresh``: every other change of a match row made here is
    reported by the store (``Store.watch``) and makes the copy stale, and a move the version's
    compare-and-set refuses drops the copy (``forget``), so the next read rebuilds it. With
    several processes (PostgreSQL, ``--workers``) every read goes to the database, since
    another process may have changed the row."""

    def __init__(
        self,
        store: Store,
        max_size: int = LIVE_MAX,
        idle: float = LIVE_IDLE,
        done_idle: float = DONE_IDLE,
        *,
        sole_writer: bool = False,
    ) -> None:
        self.store = store
        self.max_size = max_size
        self.idle = idle
        self.done_idle = done_idle
        self.sole_writer = sole_writer
        self._live: OrderedDict[str, Live] = OrderedDict()
        self._lock = threading.Lock()
        self._changes = 0  # changes the store reported so far (any match)
        store.watch(self.changed)

    def changed(self, match_ids: Sequence[str]) -> None:
        """The stored rows of ``match_ids`` changed by other means than a copy's own move
        (``Store.watch``; ``Play`` calls it too for a move made on a copy that left the
        cache): their copies are read again before they are trusted."""
        with self._lock:
            self._changes += 1
            for match_id in match_ids:
                live = self._live.get(match_id)
                if live is not None:
                    live.fresh = False

    def holds(self, live: Live) -> bool:
        """Whether ``live`` is the copy the cache holds for its match."""
        with self._lock:
            return self._live.get(live.row.id) is live

    def __len__(self) -> int:
        return len(self._live)

    def cached(self, match_id: str) -> bool:
        return match_id in self._live

    def sweep(self, now: float | None = None) -> int:
        """Drop the matches nobody read for ``idle`` seconds (``done_idle`` for those over);
        returns how many left."""
        now = time.monotonic() if now is None else now
        with self._lock:
            gone = [
                match_id
                for match_id, live in self._live.items()
                if now - live.used
                > (self.idle if live.status in (WAITING, PLAYING) else self.done_idle)
            ]
            for match_id in gone:
                del self._live[match_id]
        return len(gone)

    def _keep(self, match_id: str, live: Live) -> None:
        """Put ``live`` in the cache as the most recently read; the oldest beyond the bound
        leave."""
        with self._lock:
            self._live[match_id] = live
            self._live.move_to_end(match_id)
            while len(self._live) > self.max_size:
                self._live.popitem(last=False)

    def trusted(self, match_id: str) -> Live | None:
        """The copy ``get`` would give without reading the database (``sole_writer``: a
        playing match's fresh copy), or ``None`` when ``get`` must read. No I/O: the event
        loop may call it."""
        if not self.sole_writer:
            return None
        with self._lock:
            live = self._live.get(match_id)
            if live is None or not live.fresh or live.row.status != PLAYING:
                return None
            self._live.move_to_end(match_id)
            live.used = time.monotonic()
            return live

    def reached(self, match_id: str, version: int) -> Live | None:
        """The copy held for ``match_id`` when it has reached ``version``, else ``None``. A
        copy's version only moves on after the move is stored, so it is a state the database
        has held (a later one may be stored elsewhere: its change brings it). No I/O."""
        with self._lock:
            live = self._live.get(match_id)
        return live if live is not None and live.version >= version else None

    def get(self, match_id: str) -> Live:
        """The match brought up to date with the database (raises 404 when unknown)."""
        (live,) = self.get_many([match_id])
        if isinstance(live, Exception):
            raise live
        return live

    def get_many(self, match_ids: Sequence[str]) -> list[Live | Exception]:
        """``get`` for several matches, their rows read in one statement: per match its copy,
        or the error ``get`` would raise (404 for an unknown match). An error of the read
        itself (the database away) is raised."""
        out: list[Live | Exception | None] = [self.trusted(match_id) for match_id in match_ids]
        todo = [i for i, live in enumerate(out) if live is None]
        if not todo:
            return cast(list[Live | Exception], out)
        cached: dict[str, Live] = {}
        with self._lock:
            for i in todo:
                live = self._live.get(match_ids[i])
                if live is not None:
                    self._live.move_to_end(match_ids[i])
                    cached[match_ids[i]] = live
            # A change reported after this is not in the rows read below (see ``_fresh``).
            changes = self._changes
        rows = self.store.get_matches([match_ids[i] for i in todo])
        for i in todo:
            match_id = match_ids[i]
            try:
                out[i] = self._bring(match_id, cached.get(match_id), rows.get(match_id), changes)
            except Exception as exc:
                out[i] = exc
        return cast(list[Live | Exception], out)

    def _bring(self, match_id: str, live: Live | None, row: MatchRow | None, changes: int) -> Live:
        """The copy ``live`` (``None``: none cached) brought up to ``row``, just read after
        the store had reported ``changes`` changes; rebuilt from the log when it cannot be."""
        if row is None:
            raise ServiceError("error.match_not_found", "no such match", 404)
        if live is not None:
            live.used = time.monotonic()
            with live.lock:
                # Seats change in a playing match only by a computer standing in (names and
                # colours stay), so the state stands; a match that started is built anew.
                if live.state is not None or row.status in (WAITING, CANCELLED):
                    if live.state is not None and row.version > live.version:
                        for entry in self.store.actions(match_id, after=live.version):
                            apply_logged(live, entry.player, entry.action, entry.version, entry.by)
                    self._read_rematch(live)
                    if row.version >= live.version:
                        live.row = row
                        self._fresh(live, changes)
                    else:
                        # A move of this copy's own came after the read: the row may hold a
                        # change the copy lacks (a stand-in's seat), so read it again next time.
                        live.fresh = False
                    return live
        stale = live
        live = self._rebuild(row)
        self._read_rematch(live)
        with self._lock:
            # Two threads rebuilt it at once: one copy only, so every move lands on it.
            kept = self._live.get(match_id)
            if (
                kept is not None
                and kept is not stale
                and kept.version >= live.version
                and (kept.state is not None or live.state is None)
            ):
                self._live.move_to_end(match_id)
                return kept
        self._keep(match_id, live)
        self._fresh(live, changes)
        return live

    def _fresh(self, live: Live, changes: int) -> None:
        """``live`` holds the row read after the store had reported ``changes`` changes: it
        is fresh unless another was reported since (that one may not be in the row; one
        reported later still marks the copy stale, as it is in the cache by now)."""
        with self._lock:
            live.fresh = self._changes == changes and self._live.get(live.row.id) is live

    def _read_rematch(self, live: Live) -> None:
        if live.row.status == OVER:
            live.rematch = self.store.rematch(live.row.id)

    def forget(self, match_id: str) -> None:
        """Drop our copy (another process moved first); the next read rebuilds it."""
        with self._lock:
            live = self._live.pop(match_id, None)
            if live is not None:
                live.fresh = False

    def record(self, match_id: str) -> MatchRecord:
        """The match as a record (for export and tests); no seed in it."""
        live = self.get(match_id)
        seats = tuple(Seat(s["name"] or "?", s["colour"], s["bot"]) for s in live.seats)
        record = MatchRecord(live.row.game, live.row.rules_version, live.row.options, seats)
        for entry in self.store.actions(match_id):
            action = live.game.action_from_json(entry.action)
            record.log.append(LogEntry(entry.player, action, entry.by))
        return record

    def _rebuild(self, row: MatchRow) -> Live:
        game = get_game(row.game)
        if row.status in (WAITING, CANCELLED):
            # Not started (cancelled: the host called it off while it waited).
            return Live(row=row, game=game, state=None, version=row.version)
        seats = tuple(Seat(s["name"], s["colour"], s["bot"]) for s in row.seats)
        # The log replays exactly (chance outcomes are in it), as a MatchRecord guarantees.
        record = MatchRecord(
            game=row.game, rules_version=row.rules_version, options=row.options, seats=seats
        )
        live = Live(row=row, game=game, state=record.replay(), version=0)
        for entry in self.store.actions(row.id):
            apply_logged(live, entry.player, entry.action, entry.version, entry.by)
        live.row = row
        return live


def apply_logged(
    live: Live, player: int, data: dict[str, Any], version: int, by: str | None = None
) -> None:
    """Replay one stored action onto ``live`` (it was checked when it was stored)."""
    assert live.state is not None
    action = live.game.action_from_json(data)
    to_act = live.state.players_to_act()
    whose = turn_of(live.state, player)
    events = live.state.apply(action, player)
    live.version = version
    live.entries.append(Logged(version, player, action, tuple(events), to_act, by, whose))


def turn_of(state: State, player: int) -> int | None:
    """Whose step ``player``'s action is in ``state`` (before it is applied): the player's
    own, or for chance the seat whose die it is (``None``: chance by itself, a deal)."""
    if player != CHANCE:
        return player
    return state.chance_seat() if state.is_chance() else None
