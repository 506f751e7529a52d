"""The storage API the server uses: :class:`Store`, a facade over the store's parts, each a
module of one job (``matches``, ``log``, ``tokens``, ``leases``, ``standings``,
``profiles``). Every method is one short transaction."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy.engine import Engine

from . import chances as _chances
from . import leases as _leases
from . import log as _log
from . import matches as _matches
from . import profiles as _profiles
from . import standings as _standings
from . import tokens as _tokens
from .db import DEFAULT_WAIT, create_engine, default_url, migrate
from .rows import (
    ActionRow,
    Append,
    GameRecord,
    HeadToHead,
    HighscoreRow,
    MatchRow,
    Profile,
    Rating,
    RecentMatch,
    RematchExists,
    SeatResult,
    TokenRow,
    hash_token,
    new_token,
    now,
    profile_key,
)
from .writers import Database
from .writers import Writers as _Writers  # noqa: F401  (the name the queue's tests use)

__all__ = [
    "ActionRow",
    "Append",
    "GameRecord",
    "HeadToHead",
    "HighscoreRow",
    "MatchRow",
    "Profile",
    "Rating",
    "RecentMatch",
    "RematchExists",
    "SeatResult",
    "Store",
    "TokenRow",
    "hash_token",
    "new_token",
    "now",
    "profile_key",
]


class Store:
    """Matches, their action logs, seat tokens, runner leases, results, profiles and
    ratings: one object for the server, each job done by its own module."""

    def __init__(self, engine: Engine) -> None:
        self._db = Database(engine)
        self.engine = engine
        self.sqlite = self._db.sqlite
        self._writers = self._db.writers

    def watch(self, changed: Callable[[Sequence[str]], None]) -> None:
        """Call ``changed(match_ids)`` after every committed change of those matches' rows
        made through this store, except ``append_action``: its caller updates its own copy
        (the server's ``Play``). A process that is the database's only writer can then trust
        what it holds in memory (``server.live.LiveMatches``)."""
        self._db.watchers.append(changed)

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
        """Close the engine's connections."""
        self.engine.dispose()

    # --- matches (``matches.py``) --------------------------------------------------------
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
        values = {
            "game": game,
            "rules_version": rules_version,
            "mode": mode,
            "options": options,
            "seats": seats,
            "status": status,
            "seed": seed,
            "turn_seconds": turn_seconds,
        }
        return _matches.create_match(self._db, tokens, rematch_of, values)

    def rematch(self, match_id: str) -> MatchRow | None:
        """The rematch of ``match_id``, if somebody asked for one."""
        return _matches.rematch(self._db, match_id)

    def get_match(self, match_id: str) -> MatchRow | None:
        """The row of ``match_id``; ``None`` when there is no such match."""
        return _matches.get_match(self._db, match_id)

    def get_matches(self, match_ids: Sequence[str]) -> dict[str, MatchRow]:
        """The rows of ``match_ids`` that exist, by id, in one statement: a server that does
        not write the database alone reads a batch of computer moves' matches this way, one
        round trip where a ``get_match`` each was one a match."""
        return _matches.get_matches(self._db, match_ids)

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
        return _matches.update_seats(self._db, match_id, change, use_invite, seat_token_for)

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
        return _matches.change_seats(self._db, match_id, change, token, touch)

    def end_match(self, match_id: str, from_statuses: Sequence[str], status: str) -> bool:
        """Set the status when it is one of ``from_statuses`` (the host ends or cancels a
        match); ``False`` when it was not (it ended meanwhile)."""
        return _matches.end_match(self._db, match_id, from_statuses, status)

    def open_matches(self, game: str | None = None, limit: int = 50) -> list[MatchRow]:
        """Online matches waiting for anybody to join (not rematches), the newest first."""
        return _matches.open_matches(self._db, game, limit)

    def expire_waiting(self, before: datetime) -> list[str]:
        """Call off (``cancelled``) every online match still waiting for players whose last
        change (creation, a join, a yes to a rematch) was before ``before``; their ids."""
        return _matches.expire_waiting(self._db, before)

    def playing_match_ids(self) -> list[str]:
        """The ids of the matches being played."""
        return _matches.playing_match_ids(self._db)

    def playing_games(self) -> list[str]:
        """The games of the matches being played, the most played first."""
        return _matches.playing_games(self._db)

    # --- the action log (``log.py``) -----------------------------------------------------
    def actions(self, match_id: str, after: int = 0) -> list[ActionRow]:
        """The log entries with version > ``after``, in order."""
        return _log.actions(self._db, match_id, after)

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
        return _log.append_action(
            self._db, match_id, expected_version, player, action, status, results_rows, by
        )

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
        return _log.append_many(self._db, moves)

    # --- tokens (``tokens.py``) ----------------------------------------------------------
    def add_token(self, match_id: str, kind: str, seat: int | None) -> str:
        """A new secret token of ``kind`` for ``seat`` of the match."""
        return _tokens.add_token(self._db, match_id, kind, seat)

    def tokens(self, secrets_: Sequence[str]) -> list[TokenRow | None]:
        """Each secret's token (``None`` for an unknown one), in the same order."""
        return _tokens.tokens(self._db, secrets_)

    def token(self, secret: str) -> TokenRow | None:
        """The token of ``secret``; ``None`` for an unknown one."""
        return _tokens.token(self._db, secret)

    # --- who runs a match's computer seats (``leases.py``) -------------------------------
    def claim_runner(self, match_id: str, owner: str, seconds: float) -> bool:
        """Take or renew the lease on ``match_id``'s computer seats for ``seconds``: ``True``
        when ``owner`` holds it now (it had it, nobody had, or the last holder's ran out),
        ``False`` while another process's lease runs. One compare-and-set, so two processes
        never both hold it."""
        return _leases.claim_runner(self._db, match_id, owner, seconds)

    def renew_runners(self, match_ids: Sequence[str], owner: str, seconds: float) -> set[str]:
        """``owner``'s heartbeat: renew its leases on ``match_ids`` for ``seconds`` in one
        transaction, however many there are; returns the ones it holds now (a lease another
        process took meanwhile is neither touched nor returned)."""
        return _leases.renew_runners(self._db, match_ids, owner, seconds)

    def release_runner(self, match_id: str, owner: str) -> None:
        """Give the lease up (nothing left for the computers to do)."""
        _leases.release_runner(self._db, match_id, owner)

    def orphaned_runs(self, limit: int = 500) -> list[str]:
        """Matches whose runner's lease ran out without being given up (its process died)."""
        return _leases.orphaned_runs(self._db, limit)

    # --- results (``standings.py``) ------------------------------------------------------
    def results(self, match_id: str) -> list[SeatResult]:
        """The results of a finished match, in seat order."""
        return _standings.match_results(self._db, match_id)

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
        return _standings.highscore(
            self._db, game, limit, sort=sort, since=since, computers=computers
        )

    # --- profiles (``profiles.py``) ------------------------------------------------------
    def profile(self, name: str, recent: int = 20, opponents: int = 10) -> Profile | None:
        """A person's record: per game (played, wins, places, rating), their latest finished
        matches with everybody's place, and the opponents they met most (partners in a team
        game are not opponents). The latest matches include those a computer finished for
        them (``RecentMatch.not_counted``), which count nowhere else. ``None`` when nobody of
        that name has a finished match."""
        return _profiles.profile(self._db, name, recent, opponents)

    # --- chance graphs (``chances.py``) --------------------------------------------------
    def chances(self, match_id: str) -> dict[str, Any] | None:
        """The stored chance-to-win series of a finished match (``bots.chances``), or
        ``None`` when it has not been computed yet."""
        return _chances.chances(self._db, match_id)

    def save_chances(self, match_id: str, version: int, series: dict[str, Any]) -> bool:
        """Keep the series of ``match_id`` at ``version`` unless one is kept already;
        whether this one was stored (another process may have been first)."""
        return _chances.save_chances(self._db, match_id, version, series)
