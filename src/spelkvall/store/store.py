"""The storage API the server uses. Every method is one short transaction."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import secrets
import threading
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, cast

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError

from spelkvall.core import name_key

from .db import DEFAULT_WAIT, create_engine, default_url, migrate
from .rating import START, RatedSeat, rate, shown
from .tables import (
    match_actions,
    match_runners,
    matches,
    profiles,
    ratings,
    results,
    seat_tokens,
)

# The statements of every accepted move, built once: building them anew per move (coercing
# each clause, the cache key) was a good part of the move's CPU in the server's profile.
_BUMP_WHERE = (
    matches.c.id == sa.bindparam("b_id"),
    matches.c.version == sa.bindparam("b_expected"),
    matches.c.status == "playing",  # a match the host ended takes no more moves
)
_BUMP_VALUES: dict[str, Any] = {
    "version": sa.bindparam("b_version"),
    "status": sa.bindparam("b_status"),
    "updated_at": sa.bindparam("b_stamp"),
}
_BUMP = matches.update().where(*_BUMP_WHERE).values(**_BUMP_VALUES)
_FINISH = (
    matches.update().where(*_BUMP_WHERE).values(**_BUMP_VALUES, finished_at=sa.bindparam("b_stamp"))
)
_LOG = match_actions.insert()
_READ = sa.select(matches).where(matches.c.id == sa.bindparam("r_id"))
_READ_MANY = sa.select(matches).where(matches.c.id.in_(sa.bindparam("ids", expanding=True)))
"""Matches' rows, read before each step by a server that does not write the database alone."""


@functools.lru_cache(maxsize=64)
def _bump_many(n: int) -> sa.Update:
    """The compare-and-set of ``n`` matches' moves in one statement (``Store._append_all``),
    built once a size: match ``k`` is bound as ``i{k}`` (id), ``e{k}`` (expected version),
    ``v{k}`` (new version) and ``s{k}`` (status); ``stamp`` is the time. It returns the ids
    it bumped."""
    by_id = matches.c.id
    ks = range(n)
    return (
        matches.update()
        .where(
            sa.or_(
                *(
                    sa.and_(
                        by_id == sa.bindparam(f"i{k}"), matches.c.version == sa.bindparam(f"e{k}")
                    )
                    for k in ks
                )
            ),
            matches.c.status == "playing",  # a match the host ended takes no more moves
        )
        .values(
            version=sa.case(*((by_id == sa.bindparam(f"i{k}"), sa.bindparam(f"v{k}")) for k in ks)),
            status=sa.case(*((by_id == sa.bindparam(f"i{k}"), sa.bindparam(f"s{k}")) for k in ks)),
            updated_at=sa.bindparam("stamp"),
        )
        .returning(by_id)
    )


def _log_rows(move: Append, stamp: datetime) -> list[dict[str, Any]]:
    """The ``match_actions`` rows of a move let through its compare-and-set."""
    return [
        {
            "match_id": move.match_id,
            "version": move.expected_version + n,
            "player": player,
            "action": action,
            "created_at": stamp,
            "played_by": move.by[n - 1] if move.by else None,
        }
        for n, (player, action) in enumerate(move.actions, start=1)
    ]


def now() -> datetime:
    return datetime.now(UTC)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def profile_key(name: str) -> str:
    """A person's identity (``core.name_key``): NFC-normalised, space folded, case-folded."""
    return name_key(name)


@dataclass(frozen=True)
class MatchRow:
    id: str
    game: str
    rules_version: str
    mode: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    status: str
    version: int
    seed: int
    created_at: datetime
    updated_at: datetime
    turn_seconds: int = 0
    rematch_of: str | None = None
    finished_at: datetime | None = None


class RematchExists(Exception):
    """The match already has its rematch (``Store.create_match`` with ``rematch_of``)."""


@dataclass(frozen=True)
class ActionRow:
    version: int
    player: int
    action: dict[str, Any]
    by: str | None = None  # "timer" | "stand_in": a computer played it for the seat's person


@dataclass(frozen=True)
class TokenRow:
    match_id: str
    kind: str  # device | seat | invite
    seat: int | None


@dataclass(frozen=True)
class SeatResult:
    seat: int
    name: str | None  # None for a bot: bots never get a profile
    won: bool
    place: int | None
    bot: str | None = None  # the computer level that played the seat as its own player
    team: int | None = None  # the seat's team in a team game (partners are rated as one)


@dataclass(frozen=True)
class Append:
    """Moves of one match to store after ``expected_version`` (``Store.append_many``): one
    compare-and-set for all of them (a deal of several cards is one step of the server)."""

    match_id: str
    expected_version: int
    actions: Sequence[tuple[int, dict[str, Any]]]  # (player, action as JSON), in order
    status: str  # the match's status after the last
    results_rows: Sequence[SeatResult] = ()  # when the last ends the match
    by: Sequence[str | None] = ()
    """Per action, who made it when not the seat's own player (``ActionRow.by``); empty:
    every one its own player's."""


@dataclass(frozen=True)
class Rating:
    """A rating of one game: ``mu`` and ``sigma`` (openskill), ``games`` it rests on, and the
    number shown (``rating.shown``)."""

    mu: float
    sigma: float
    games: int

    @property
    def shown(self) -> int:
        return shown(self.mu, self.sigma)


@dataclass(frozen=True)
class HighscoreRow:
    name: str  # a person's name, or a computer's level
    wins: int
    played: int
    rating: Rating | None = None  # only in the list of one game
    bot: str | None = None  # set in the computers' list

    @property
    def win_rate(self) -> float:
        return self.wins / self.played if self.played else 0.0


@dataclass(frozen=True)
class GameRecord:
    """A person's record in one game: matches played, wins, how often each place, rating."""

    game: str
    played: int
    wins: int
    places: dict[int, int]
    rating: Rating | None


@dataclass(frozen=True)
class RecentMatch:
    match_id: str
    game: str
    finished_at: datetime | None
    won: bool
    place: int | None
    players: list[dict[str, Any]]  # each seat: name, bot, place, won (in seat order)
    seat: int | None = None  # the person's own seat
    not_counted: str | None = None
    """``"stand_in"``: a computer finished the person's seat for them, so the match gave them
    no result (not in their games, the highscore list or their rating); ``None``: it counted."""


@dataclass(frozen=True)
class HeadToHead:
    """How a person fared against one opponent (a person or a computer level) they met."""

    name: str
    bot: str | None
    met: int
    ahead: int  # matches the person finished above the opponent
    behind: int


@dataclass(frozen=True)
class Profile:
    name: str
    games: list[GameRecord]
    recent: list[RecentMatch]
    opponents: list[HeadToHead]


# Keys of the seats the server stores with a match (``matches.seats``) that say a person's seat
# was finished by the host's computer: the result row names nobody then, so only the seats
# tell whose it was.
_SEAT_NAME, _SEAT_STAND_IN, _SEAT_LEARNER = "name", "stand_in", "learner"
# A prefilter in SQL on the seats' JSON text (both dialects store it as json.dumps wrote it):
# only matches where some seat still had a stand-in at the end are read and parsed.
_HAS_STAND_IN = f'%"{_SEAT_STAND_IN}"%'


class Store:
    """Matches, their action logs, seat tokens, profiles and results."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._watchers: list[Callable[[Sequence[str]], None]] = []
        # SQLite lets one writer in at a time, and a writer that finds the file locked polls
        # for it, sleeping up to 100 ms between tries, while the other threads' writes keep
        # taking it: under a server's load a person's move waited hundreds of milliseconds
        # that way. The threads of this process queue here instead, and each is let in the
        # moment the one before commits (other processes still meet SQLite's own wait).
        self.sqlite = engine.dialect.name == "sqlite"
        self._writers = _Writers() if self.sqlite else None

    @contextlib.contextmanager
    def _write(self, urgent: bool = False) -> Iterator[Connection]:
        """A write transaction (``engine.begin()``), queued behind this process's others on
        SQLite; an ``urgent`` one (a person's move) goes before those still waiting."""
        if self._writers is None:
            with self.engine.begin() as conn:
                yield conn
            return
        with self._writers.turn(urgent), self.engine.begin() as conn:
            yield conn

    def watch(self, changed: Callable[[Sequence[str]], None]) -> None:
        """Call ``changed(match_ids)`` after every committed change of those matches' rows
        made through this store, except ``append_action``: its caller updates its own copy
        (the server's ``Play``). A process that is the database's only writer can then trust
        what it holds in memory (``server.live.LiveMatches``)."""
        self._watchers.append(changed)

    def _changed(self, match_ids: Sequence[str]) -> None:
        for changed in self._watchers:
            changed(match_ids)

    @classmethod
    def open(
        cls, url: str | None = None, schema: str | None = None, wait: float = DEFAULT_WAIT
    ) -> Store:
        """Open (and migrate) the database at ``url`` (default: :func:`default_url`);
        ``wait``: seconds a SQLite write waits for the lock (``db.create_engine``)."""
        engine = create_engine(url or default_url(), schema=schema, wait=wait)
        migrate(engine)
        return cls(engine)

    def close(self) -> None:
        self.engine.dispose()

    # --- matches -------------------------------------------------------------------------
    def create_match(
        self,
        *,
        game: str,
        rules_version: str,
        mode: str,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        status: str,
        seed: int,
        tokens: Sequence[tuple[str, int | None]],
        turn_seconds: int = 0,
        rematch_of: str | None = None,
    ) -> tuple[str, list[str]]:
        """Store a new match and its tokens (``(kind, seat)`` each); returns the id and the
        secret tokens in the same order. With ``rematch_of`` the match is that match's one
        rematch: :class:`RematchExists` when another was stored first."""
        match_id = secrets.token_urlsafe(9)
        stamp = now()
        raw = [new_token() for _ in tokens]
        try:
            self._insert_match(
                match_id,
                stamp,
                raw,
                tokens,
                game=game,
                rules_version=rules_version,
                mode=mode,
                options=options,
                seats=seats,
                status=status,
                seed=seed,
                turn_seconds=turn_seconds,
                rematch_of=rematch_of,
            )
        except IntegrityError:
            if rematch_of is not None and self.rematch(rematch_of) is not None:
                raise RematchExists(rematch_of) from None
            raise
        if rematch_of is not None:
            self._changed([rematch_of])  # its readers learn of the rematch
        return match_id, raw

    def _insert_match(
        self,
        match_id: str,
        stamp: datetime,
        raw: Sequence[str],
        tokens: Sequence[tuple[str, int | None]],
        **values: Any,
    ) -> None:
        with self._write() as conn:
            conn.execute(
                matches.insert().values(
                    **values,
                    id=match_id,
                    version=0,
                    created_at=stamp,
                    updated_at=stamp,
                )
            )
            for secret, (kind, seat) in zip(raw, tokens, strict=True):
                conn.execute(
                    seat_tokens.insert().values(
                        token_hash=hash_token(secret),
                        match_id=match_id,
                        kind=kind,
                        seat=seat,
                        created_at=stamp,
                    )
                )

    def rematch(self, match_id: str) -> MatchRow | None:
        """The rematch of ``match_id``, if somebody asked for one."""
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(matches).where(matches.c.rematch_of == match_id)).first()
        return None if row is None else MatchRow(**row._mapping)

    def get_match(self, match_id: str) -> MatchRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(_READ, {"r_id": match_id}).first()
        return None if row is None else MatchRow(**row._mapping)

    def get_matches(self, match_ids: Sequence[str]) -> dict[str, MatchRow]:
        """The rows of ``match_ids`` that exist, by id, in one statement: a server that does
        not write the database alone reads a batch of computer moves' matches this way, one
        round trip where a ``get_match`` each was one a match."""
        if not match_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(_READ_MANY, {"ids": list(match_ids)})
            return {row.id: MatchRow(**row._mapping) for row in rows}

    def actions(self, match_id: str, after: int = 0) -> list[ActionRow]:
        """The log entries with version > ``after``, in order."""
        query = (
            sa.select(
                match_actions.c.version,
                match_actions.c.player,
                match_actions.c.action,
                match_actions.c.played_by,
            )
            .where(match_actions.c.match_id == match_id, match_actions.c.version > after)
            .order_by(match_actions.c.version)
        )
        with self.engine.connect() as conn:
            return [
                ActionRow(r.version, r.player, r.action, r.played_by) for r in conn.execute(query)
            ]

    def append_action(
        self,
        match_id: str,
        expected_version: int,
        player: int,
        action: dict[str, Any],
        *,
        status: str,
        results_rows: Sequence[SeatResult] = (),
        by: str | None = None,
    ) -> bool:
        """Compare-and-set: log the action and bump the version from ``expected_version`` in
        one transaction. ``False`` (and nothing stored) when another action won the race or
        the match is no longer playing. ``by``: who made it when not the seat's own player
        (``ActionRow.by``)."""
        move = Append(match_id, expected_version, ((player, action),), status, results_rows, (by,))
        with self._write(urgent=True) as conn:
            return self._append(conn, move, now())

    def append_many(self, moves: Sequence[Append]) -> list[bool | Exception]:
        """``append_action`` for several matches' moves in one transaction (a server's
        computer moves due at once): per move ``True``, ``False`` (its compare-and-set was
        refused and nothing of it is stored), or the error that kept it from being stored.

        One match's error does not cost the others their moves: when the shared transaction
        fails for something a move's own data may have caused, each move is written again in
        a transaction of its own. An operational error (the database locked past its wait,
        or away) would only fail again the same way, so every move of the batch gets it.
        A move that ends its match (results and ratings to write) always has a transaction of
        its own: its rating rows are locked in one order per transaction, never across two
        matches at once."""
        stamp = now()
        out: list[bool | Exception | None] = [None] * len(moves)
        shared = [i for i, move in enumerate(moves) if not move.results_rows]
        if len({moves[i].match_id for i in shared}) < len(shared):
            shared = []  # one compare-and-set per match and statement: each on its own
        if len(shared) > 1:
            try:
                with self._write() as conn:
                    bumped = self._append_all(conn, [moves[i] for i in shared], stamp)
                    for i in shared:
                        out[i] = moves[i].match_id in bumped
            except OperationalError as exc:
                for i in shared:
                    out[i] = exc
            except Exception:
                for i in shared:
                    out[i] = None  # rolled back: each on its own below
        for i, move in enumerate(moves):
            if out[i] is not None:
                continue
            try:
                with self._write() as conn:
                    out[i] = self._append(conn, move, stamp)
            except Exception as exc:
                out[i] = exc
        return [False if result is None else result for result in out]

    @staticmethod
    def _append_all(conn: Connection, moves: Sequence[Append], stamp: datetime) -> set[str]:
        """The compare-and-sets of several matches' moves (none ends its match, no match
        twice) in one statement, and the log rows of those it let through in one more: two
        round trips for a batch where ``_append`` takes two a move. The ids let through."""
        params: dict[str, Any] = {"stamp": stamp}
        for k, move in enumerate(moves):
            params[f"i{k}"] = move.match_id
            params[f"e{k}"] = move.expected_version
            params[f"v{k}"] = move.expected_version + len(move.actions)
            params[f"s{k}"] = move.status
        bumped = set(conn.execute(_bump_many(len(moves)), params).scalars())
        rows = [row for move in moves if move.match_id in bumped for row in _log_rows(move, stamp)]
        if rows:
            conn.execute(_LOG, rows)
        return bumped

    def _append(self, conn: Connection, move: Append, stamp: datetime) -> bool:
        """One move's compare-and-set, log rows and (at its end) results, in ``conn``'s
        transaction. A refused compare-and-set writes nothing."""
        bumped = conn.execute(
            _FINISH if move.results_rows else _BUMP,
            {
                "b_id": move.match_id,
                "b_expected": move.expected_version,
                "b_version": move.expected_version + len(move.actions),
                "b_status": move.status,
                "b_stamp": stamp,
            },
        )
        if bumped.rowcount != 1:
            return False
        conn.execute(_LOG, _log_rows(move, stamp))
        results_rows = move.results_rows
        match_id = move.match_id
        # Each person's row is touched in one order (by key) in every transaction, so two
        # matches of the same people ending at once queue instead of deadlocking.
        people = sorted({res.name for res in results_rows if res.name is not None}, key=profile_key)
        ids = {name: self._profile(conn, name) for name in people}
        rated: list[RatedSeat] = []
        for res in results_rows:
            profile_id = None if res.name is None else ids[res.name]
            bot = res.bot if profile_id is None else None
            conn.execute(
                results.insert().values(
                    match_id=match_id,
                    seat=res.seat,
                    profile_id=profile_id,
                    won=res.won,
                    place=res.place,
                    bot=bot,
                    team=res.team,
                )
            )
            who = ("p", profile_id) if profile_id is not None else ("b", bot) if bot else None
            rated.append(RatedSeat(who, res.team, res.place, res.won))
        if rated:
            self._rate(conn, match_id, rated)
        return True

    @staticmethod
    def _rate(conn: Connection, match_id: str, seats: list[RatedSeat]) -> None:
        """Update the ratings of the people and computer levels of a finished match, in the
        transaction that writes its result."""
        game = conn.execute(sa.select(matches.c.game).where(matches.c.id == match_id)).scalar_one()
        who: list[tuple[str, Any]] = sorted(
            {cast(tuple[str, Any], s.who) for s in seats if s.who is not None}, key=repr
        )
        stamp = now()
        for kind, ident in who:
            column = ratings.c.profile_id if kind == "p" else ratings.c.bot
            try:
                # Every row exists before any is locked: two matches ending at once then
                # queue on the row locks instead of both inserting a first rating.
                with conn.begin_nested():
                    conn.execute(
                        ratings.insert().values(
                            {
                                "game": game,
                                column.name: ident,
                                "mu": START[0],
                                "sigma": START[1],
                                "games": 0,
                                "updated_at": stamp,
                            }
                        )
                    )
            except IntegrityError:
                pass  # it was there (or another match wrote it first)
        before: dict[Any, tuple[float, float]] = {}
        ids: dict[Any, int] = {}
        for kind, ident in who:  # one order for every transaction: no deadlock
            column = ratings.c.profile_id if kind == "p" else ratings.c.bot
            row = conn.execute(
                sa.select(ratings.c.id, ratings.c.mu, ratings.c.sigma)
                .where(ratings.c.game == game, column == ident)
                .with_for_update()
            ).one()
            before[(kind, ident)] = (float(row.mu), float(row.sigma))
            ids[(kind, ident)] = int(row.id)
        for key, (mu, sigma) in rate(seats, before).items():
            conn.execute(
                ratings.update()
                .where(ratings.c.id == ids[key])
                .values(mu=mu, sigma=sigma, games=ratings.c.games + 1, updated_at=stamp)
            )

    def _profile(self, conn: Connection, name: str) -> int:
        name = unicodedata.normalize("NFC", name)  # shown as it is compared
        key = profile_key(name)
        row = conn.execute(sa.select(profiles.c.id).where(profiles.c.key == key)).first()
        if row is not None:
            # The latest spelling is the one shown.
            conn.execute(profiles.update().where(profiles.c.id == row.id).values(name=name))
            return int(row.id)
        try:
            with conn.begin_nested():
                inserted = conn.execute(
                    profiles.insert().values(name=name, key=key, created_at=now())
                )
            key_row = inserted.inserted_primary_key
            assert key_row is not None
            return int(key_row[0])
        except IntegrityError:
            # Another transaction created the same person first.
            row = conn.execute(sa.select(profiles.c.id).where(profiles.c.key == key)).one()
            return int(row.id)

    def update_seats(
        self,
        match_id: str,
        change: Callable[[MatchRow], tuple[list[dict[str, Any]], str]],
        *,
        use_invite: str,
        seat_token_for: int,
    ) -> str | None:
        """Join: use up the invite ``use_invite`` (hashed), apply ``change`` to the seats under
        the match's write lock, and create a seat token. ``None`` when the invite is gone.
        A used invite is kept as kind ``used``, so it can be told from one that never was."""
        secret = new_token()
        with self._write() as conn:
            # Touch the row first: it takes the write lock, so the seats read below are the
            # newest and no other join can interleave (PostgreSQL row lock, SQLite db lock).
            conn.execute(matches.update().where(matches.c.id == match_id).values(updated_at=now()))
            used = conn.execute(
                seat_tokens.update()
                .where(
                    seat_tokens.c.token_hash == use_invite,
                    seat_tokens.c.kind == "invite",
                    seat_tokens.c.match_id == match_id,
                )
                .values(kind="used")
            )
            if used.rowcount != 1:
                return None
            row = conn.execute(sa.select(matches).where(matches.c.id == match_id)).one()
            seats, status = change(MatchRow(**row._mapping))
            conn.execute(
                matches.update().where(matches.c.id == match_id).values(seats=seats, status=status)
            )
            self._add_token(conn, secret, match_id, "seat", seat_token_for)
        self._changed([match_id])
        return secret

    def change_seats(
        self,
        match_id: str,
        change: Callable[[MatchRow], tuple[list[dict[str, Any]], str]],
        *,
        token: tuple[str, int | None] | None = None,
        touch: bool = False,
    ) -> tuple[MatchRow, str | None]:
        """Apply ``change`` (seats and status from the row) under the match's write lock, and
        create a token ``(kind, seat)`` when given; returns the new row and the token's secret.
        ``touch`` restarts the turn clock (``updated_at``), as when a rematch starts."""
        secret = new_token() if token is not None else None
        with self._write() as conn:
            # Take the row's write lock before reading it (as ``update_seats``) without
            # touching ``updated_at``, the turn timer's clock.
            conn.execute(
                matches.update().where(matches.c.id == match_id).values(version=matches.c.version)
            )
            row = conn.execute(sa.select(matches).where(matches.c.id == match_id)).one()
            seats, status = change(MatchRow(**row._mapping))
            values: dict[str, Any] = {"seats": seats, "status": status}
            if touch:
                values["updated_at"] = now()
            conn.execute(matches.update().where(matches.c.id == match_id).values(**values))
            if token is not None:
                assert secret is not None
                self._add_token(conn, secret, match_id, *token)
            row = conn.execute(sa.select(matches).where(matches.c.id == match_id)).one()
        self._changed([match_id])
        if row.rematch_of is not None:
            self._changed([row.rematch_of])  # a rematch's seats show on the first match
        return MatchRow(**row._mapping), secret

    def add_token(self, match_id: str, kind: str, seat: int | None) -> str:
        """A new secret token of ``kind`` for ``seat`` of the match."""
        secret = new_token()
        with self._write() as conn:
            self._add_token(conn, secret, match_id, kind, seat)
        return secret

    @staticmethod
    def _add_token(
        conn: Connection, secret: str, match_id: str, kind: str, seat: int | None
    ) -> None:
        conn.execute(
            seat_tokens.insert().values(
                token_hash=hash_token(secret),
                match_id=match_id,
                kind=kind,
                seat=seat,
                created_at=now(),
            )
        )

    def end_match(self, match_id: str, from_statuses: Sequence[str], status: str) -> bool:
        """Set the status when it is one of ``from_statuses`` (the host ends or cancels a
        match); ``False`` when it was not (it ended meanwhile)."""
        with self._write() as conn:
            changed = conn.execute(
                matches.update()
                .where(matches.c.id == match_id, matches.c.status.in_(list(from_statuses)))
                .values(status=status, updated_at=now())
            )
        if changed.rowcount == 1:
            self._changed([match_id])
            return True
        return False

    def open_matches(self, game: str | None = None, limit: int = 50) -> list[MatchRow]:
        # A rematch waits for its own players, not for anybody: it is not listed.
        query = sa.select(matches).where(
            matches.c.status == "waiting",
            matches.c.mode == "online",
            matches.c.rematch_of.is_(None),
        )
        if game:
            query = query.where(matches.c.game == game)
        query = query.order_by(matches.c.created_at.desc()).limit(limit)
        with self.engine.connect() as conn:
            return [MatchRow(**r._mapping) for r in conn.execute(query)]

    def expire_waiting(self, before: datetime) -> list[str]:
        """Call off (``cancelled``) every online match still waiting for players whose last
        change (creation, a join, a yes to a rematch) was before ``before``; their ids."""
        stale = sa.and_(
            matches.c.status == "waiting",
            matches.c.mode == "online",
            matches.c.updated_at < before,
        )
        with self._write() as conn:
            ids = list(conn.execute(sa.select(matches.c.id).where(stale)).scalars().all())
            if ids:
                # The status is checked again: a join between the two statements keeps its match.
                conn.execute(
                    matches.update()
                    .where(matches.c.id.in_(ids), stale)
                    .values(status="cancelled", updated_at=now())
                )
        if ids:
            self._changed(ids)
        return ids

    # --- who runs a match's computer seats ----------------------------------------------
    def claim_runner(self, match_id: str, owner: str, seconds: float) -> bool:
        """Take or renew the lease on ``match_id``'s computer seats for ``seconds``: ``True``
        when ``owner`` holds it now (it had it, nobody had, or the last holder's ran out),
        ``False`` while another process's lease runs. One compare-and-set, so two processes
        never both hold it."""
        stamp = now()
        until = stamp + timedelta(seconds=seconds)
        with self._write() as conn:
            renewed = conn.execute(
                match_runners.update()
                .where(
                    match_runners.c.match_id == match_id,
                    sa.or_(match_runners.c.owner == owner, match_runners.c.until < stamp),
                )
                .values(owner=owner, until=until)
            )
            if renewed.rowcount == 1:
                return True
            try:
                with conn.begin_nested():
                    conn.execute(
                        match_runners.insert().values(match_id=match_id, owner=owner, until=until)
                    )
            except IntegrityError:
                return False  # another process holds a lease that still runs
        return True

    def renew_runners(self, match_ids: Sequence[str], owner: str, seconds: float) -> set[str]:
        """``owner``'s heartbeat: renew its leases on ``match_ids`` for ``seconds`` in one
        transaction, however many there are; returns the ones it holds now (a lease another
        process took meanwhile is neither touched nor returned)."""
        stamp = now()
        until = stamp + timedelta(seconds=seconds)
        held: set[str] = set()
        with self._write() as conn:
            for start in range(0, len(match_ids), 500):
                chunk = list(match_ids[start : start + 500])
                mine = sa.and_(match_runners.c.owner == owner, match_runners.c.match_id.in_(chunk))
                renewed = conn.execute(
                    match_runners.update()
                    .where(mine)
                    .values(until=until)
                    .returning(match_runners.c.match_id)
                )
                held.update(renewed.scalars())
        return held

    def release_runner(self, match_id: str, owner: str) -> None:
        """Give the lease up (nothing left for the computers to do)."""
        with self._write() as conn:
            conn.execute(
                match_runners.delete().where(
                    match_runners.c.match_id == match_id, match_runners.c.owner == owner
                )
            )

    def orphaned_runs(self, limit: int = 500) -> list[str]:
        """Matches whose runner's lease ran out without being given up (its process died)."""
        query = (
            sa.select(match_runners.c.match_id)
            .where(match_runners.c.until < now())
            .order_by(match_runners.c.until)
            .limit(limit)
        )
        with self.engine.connect() as conn:
            return list(conn.execute(query).scalars().all())

    def playing_match_ids(self) -> list[str]:
        with self.engine.connect() as conn:
            return list(
                conn.execute(sa.select(matches.c.id).where(matches.c.status == "playing"))
                .scalars()
                .all()
            )

    def playing_games(self) -> list[str]:
        """The games of the matches being played, the most played first."""
        count = sa.func.count()
        with self.engine.connect() as conn:
            query = (
                sa.select(matches.c.game)
                .where(matches.c.status == "playing")
                .group_by(matches.c.game)
                .order_by(count.desc(), matches.c.game)
            )
            return list(conn.execute(query).scalars().all())

    # --- tokens --------------------------------------------------------------------------
    def tokens(self, secrets_: Sequence[str]) -> list[TokenRow | None]:
        """Each secret's token (``None`` for an unknown one), in the same order."""
        hashes = [hash_token(s) for s in secrets_]
        if not hashes:
            return []
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(
                    seat_tokens.c.token_hash,
                    seat_tokens.c.match_id,
                    seat_tokens.c.kind,
                    seat_tokens.c.seat,
                ).where(seat_tokens.c.token_hash.in_(hashes))
            ).all()
        found = {r.token_hash: TokenRow(r.match_id, r.kind, r.seat) for r in rows}
        return [found.get(h) for h in hashes]

    def token(self, secret: str) -> TokenRow | None:
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(seat_tokens.c.match_id, seat_tokens.c.kind, seat_tokens.c.seat).where(
                    seat_tokens.c.token_hash == hash_token(secret)
                )
            ).first()
        return None if row is None else TokenRow(row.match_id, row.kind, row.seat)

    # --- results -------------------------------------------------------------------------
    def results(self, match_id: str) -> list[SeatResult]:
        query = (
            sa.select(results.c.seat, profiles.c.name, results.c.won, results.c.place)
            .select_from(results.outerjoin(profiles, results.c.profile_id == profiles.c.id))
            .where(results.c.match_id == match_id)
            .order_by(results.c.seat)
        )
        with self.engine.connect() as conn:
            return [SeatResult(r.seat, r.name, r.won, r.place) for r in conn.execute(query)]

    def highscore(
        self,
        game: str | None = None,
        limit: int = 100,
        *,
        sort: str = "wins",
        since: datetime | None = None,
        computers: bool = False,
    ) -> list[HighscoreRow]:
        """People (or, with ``computers``, computer levels) by wins (most first), then fewer
        games played, then name; ``sort="rating"`` puts the rating (of ``game``: there is
        no rating across games) first and those without one last. ``since``: only matches
        finished from then on count for wins and games; the rating is the current one.

        ``played`` counts what the rating's ``games`` counts: each finished match that gave
        the person (or level) a result, once, however many seats a level had in it; ``wins``
        the matches among them won."""
        wins = sa.func.count(sa.distinct(sa.case((results.c.won, results.c.match_id))))
        played = sa.func.count(sa.distinct(results.c.match_id))
        joined = results.join(matches, results.c.match_id == matches.c.id)
        if computers:
            name_col: Any = results.c.bot
            joined_rating = ratings.c.bot == results.c.bot
            group: list[Any] = [results.c.bot]
        else:
            joined = joined.join(profiles, results.c.profile_id == profiles.c.id)
            name_col = profiles.c.name
            joined_rating = ratings.c.profile_id == profiles.c.id
            group = [profiles.c.id, profiles.c.name]
        columns: list[Any] = [name_col.label("name"), wins.label("wins"), played.label("played")]
        order: list[Any] = []
        if game:
            joined = joined.outerjoin(
                ratings, sa.and_(joined_rating, ratings.c.game == game, ratings.c.games > 0)
            )
            columns += [ratings.c.mu, ratings.c.sigma, ratings.c.games]
            group += [ratings.c.mu, ratings.c.sigma, ratings.c.games]
            if sort == "rating":
                conservative = ratings.c.mu - 3 * ratings.c.sigma
                order += [ratings.c.mu.is_(None), conservative.desc()]
        order += [wins.desc(), played.asc(), name_col.asc()]
        query = sa.select(*columns).select_from(joined).group_by(*group).order_by(*order)
        if computers:
            query = query.where(results.c.bot.is_not(None))
        if game:
            query = query.where(matches.c.game == game)
        if since is not None:
            query = query.where(matches.c.finished_at >= since)
        with self.engine.connect() as conn:
            rows = list(conn.execute(query.limit(limit)))
        return [
            HighscoreRow(
                r.name,
                int(r.wins),
                int(r.played),
                rating=(
                    Rating(float(r.mu), float(r.sigma), int(r.games))
                    if game and r.mu is not None
                    else None
                ),
                bot=r.name if computers else None,
            )
            for r in rows
        ]

    # --- profiles ------------------------------------------------------------------------
    def profile(self, name: str, recent: int = 20, opponents: int = 10) -> Profile | None:
        """A person's record: per game (played, wins, places, rating), their latest finished
        matches with everybody's place, and the opponents they met most (partners in a team
        game are not opponents). The latest matches include those a computer finished for
        them (``RecentMatch.not_counted``), which count nowhere else. ``None`` when nobody of
        that name has a finished match."""
        key = profile_key(unicodedata.normalize("NFC", name))
        with self.engine.connect() as conn:
            person = conn.execute(
                sa.select(profiles.c.id, profiles.c.name).where(profiles.c.key == key)
            ).first()
            finished_for = self._finished_for(conn, key, recent)
            if person is None:
                if not finished_for:
                    return None
                # Somebody whose every match a computer finished has no profile row: the
                # name is the one they sat down with last.
                seat = finished_for[0]
                shown_name = str(seat.seats[seat.seat][_SEAT_NAME])
                recent_rows = self._recent(conn, [], finished_for, recent)
                return Profile(shown_name, [], recent_rows, [])
            pid = int(person.id)
            mine = sa.select(
                results.c.match_id, results.c.won, results.c.place, matches.c.game
            ).select_from(results.join(matches, results.c.match_id == matches.c.id))
            per_game: dict[str, dict[str, Any]] = {}
            for r in conn.execute(mine.where(results.c.profile_id == pid)):
                entry = per_game.setdefault(r.game, {"played": 0, "wins": 0, "places": {}})
                entry["played"] += 1
                entry["wins"] += int(bool(r.won))
                if r.place is not None:
                    entry["places"][int(r.place)] = entry["places"].get(int(r.place), 0) + 1
            rated = {
                r.game: Rating(float(r.mu), float(r.sigma), int(r.games))
                for r in conn.execute(
                    sa.select(ratings).where(ratings.c.profile_id == pid, ratings.c.games > 0)
                )
            }
            records = [
                GameRecord(
                    g, e["played"], e["wins"], dict(sorted(e["places"].items())), rated.get(g)
                )
                for g, e in sorted(per_game.items(), key=lambda item: -item[1]["played"])
            ]
            latest = list(
                conn.execute(
                    sa.select(
                        matches.c.id,
                        matches.c.game,
                        matches.c.finished_at,
                        results.c.seat,
                        results.c.won,
                        results.c.place,
                    )
                    .select_from(results.join(matches, results.c.match_id == matches.c.id))
                    .where(results.c.profile_id == pid)
                    .order_by(matches.c.finished_at.desc(), matches.c.id)
                    .limit(recent)
                )
            )
            recent_rows = self._recent(conn, latest, finished_for, recent)
            me = results.alias("me")
            other = results.alias("other")
            met = sa.func.count()
            ahead = sa.func.sum(sa.case((me.c.place < other.c.place, 1), else_=0))
            behind = sa.func.sum(sa.case((me.c.place > other.c.place, 1), else_=0))
            h2h = (
                sa.select(
                    other.c.profile_id,
                    profiles.c.name,
                    other.c.bot,
                    met.label("met"),
                    ahead.label("ahead"),
                    behind.label("behind"),
                )
                .select_from(
                    me.join(
                        other,
                        sa.and_(other.c.match_id == me.c.match_id, other.c.seat != me.c.seat),
                    ).outerjoin(profiles, other.c.profile_id == profiles.c.id)
                )
                .where(
                    me.c.profile_id == pid,
                    sa.or_(other.c.profile_id.is_(None), other.c.profile_id != pid),
                    sa.or_(other.c.profile_id.is_not(None), other.c.bot.is_not(None)),
                    sa.or_(me.c.team.is_(None), other.c.team.is_(None), me.c.team != other.c.team),
                )
                .group_by(other.c.profile_id, profiles.c.name, other.c.bot)
                .order_by(met.desc(), profiles.c.name, other.c.bot)
                .limit(opponents)
            )
            faced = [
                HeadToHead(r.name or r.bot, r.bot, int(r.met), int(r.ahead), int(r.behind))
                for r in conn.execute(h2h)
            ]
        return Profile(str(person.name), records, recent_rows, faced)

    @staticmethod
    def _finished_for(conn: Connection, key: str, limit: int) -> list[Any]:
        """The latest ``limit`` finished matches where a computer finished the seat of the
        person of ``key`` for them (newest first): their result row names nobody and no
        computer level, and the match's seats say whose seat it was. A guided game is not
        one: it counts for nobody anyway."""
        query = (
            sa.select(
                matches.c.id,
                matches.c.game,
                matches.c.finished_at,
                matches.c.seats,
                results.c.seat,
                results.c.won,
                results.c.place,
            )
            .select_from(results.join(matches, results.c.match_id == matches.c.id))
            .where(
                results.c.profile_id.is_(None),
                results.c.bot.is_(None),
                sa.cast(matches.c.seats, sa.Text).like(_HAS_STAND_IN),
            )
            .order_by(matches.c.finished_at.desc(), matches.c.id)
        )
        found: list[Any] = []  # rows of the query above
        for r in conn.execute(query):
            seats = r.seats if isinstance(r.seats, list) else []
            seat = seats[r.seat] if 0 <= r.seat < len(seats) else {}
            seated = seat.get(_SEAT_NAME)
            if (
                seat.get(_SEAT_STAND_IN)
                and isinstance(seated, str)
                and profile_key(seated) == key
                and not any(isinstance(s, dict) and s.get(_SEAT_LEARNER) for s in seats)
            ):
                found.append(r)
                if len(found) >= limit:
                    break
        return found

    @staticmethod
    def _recent(
        conn: Connection,
        counted: Sequence[Any],
        finished_for: Sequence[Any],
        limit: int,
    ) -> list[RecentMatch]:
        """The ``limit`` latest of a person's counted matches and those a computer finished
        for them, newest first, each with every seat's name, level and place."""

        def newest_first(row: Any) -> tuple[bool, float, str]:
            stamp = row.finished_at
            if stamp is None:
                return (True, 0.0, row.id)
            # SQLite gives back naive times; they were stored as UTC.
            stamp = stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)
            return (False, -stamp.timestamp(), row.id)

        stood_in = {r.id for r in finished_for}
        latest = sorted([*counted, *finished_for], key=newest_first)[:limit]
        everyone: dict[str, list[dict[str, Any]]] = {}
        if latest:
            seat_rows = conn.execute(
                sa.select(
                    results.c.match_id,
                    results.c.seat,
                    results.c.won,
                    results.c.place,
                    results.c.bot,
                    profiles.c.name,
                )
                .select_from(results.outerjoin(profiles, results.c.profile_id == profiles.c.id))
                .where(results.c.match_id.in_([r.id for r in latest]))
                .order_by(results.c.match_id, results.c.seat)
            )
            for seat_row in seat_rows:
                everyone.setdefault(seat_row.match_id, []).append(
                    {
                        "name": seat_row.name,
                        "bot": seat_row.bot,
                        "place": seat_row.place,
                        "won": bool(seat_row.won),
                    }
                )
        return [
            RecentMatch(
                r.id,
                r.game,
                r.finished_at,
                bool(r.won),
                r.place,
                everyone.get(r.id, []),
                seat=int(r.seat),
                not_counted=_SEAT_STAND_IN if r.id in stood_in else None,
            )
            for r in latest
        ]


class _Writers:
    """One writer at a time among a process's threads, urgent ones first: a person's move is
    not kept waiting behind a queue of computer batches, only behind the one being written.
    Re-entrant, so a write may call another."""

    def __init__(self) -> None:
        self._free = threading.Condition()
        self._owner: int | None = None
        self._depth = 0
        self._urgent = 0  # urgent writers waiting

    @contextlib.contextmanager
    def turn(self, urgent: bool) -> Iterator[None]:
        me = threading.get_ident()
        with self._free:
            if self._owner != me:
                self._urgent += urgent
                try:
                    while self._owner is not None or (not urgent and self._urgent):
                        self._free.wait()
                finally:
                    self._urgent -= urgent
                self._owner = me
            self._depth += 1
        try:
            yield
        finally:
            with self._free:
                self._depth -= 1
                if self._depth == 0:
                    self._owner = None
                    self._free.notify_all()
