"""The match service: the one object the routes, the hub and the computer seats talk to.

It only puts the parts together, each with one job: ``rooms`` (creating, inviting, joining,
tokens), ``live`` (the matches in memory, rebuilt from the store), ``views`` (what one reader
sees), ``play`` (rolls, moves, computer seats, compare-and-set), ``chance`` (where outcomes
come from, with the test-mode script) and ``advice`` (Tips). The database is the truth: a move
is stored before the cached state changes.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator, Sequence
from datetime import datetime
from typing import Any

from spelkvall.core import InvalidRecord, MatchRecord
from spelkvall.store import MatchRow, Store

from . import tutorial
from .advice import ADVICE_HALF_WIDTH, ADVICE_TIME_LIMIT, Tips, advice_available
from .chance import Chance, Scripted
from .clock import SYSTEM, Clock
from .errors import ServiceError
from .live import ENDED, LIVE_IDLE, LIVE_MAX, OVER, PLAYING, Access, Live, LiveMatches, utc
from .people_first import PeopleFirst
from .play import Play
from .replays import Budget, ReplayCache, TooCostly, compress, replay
from .rooms import Rooms, access_of
from .views import bot_label, log_viewer, seat_summary, state_object
from .warm import Warmer

REPLAYS_AT_ONCE = 2
"""Replays computed at once in a process (one a core): the rest are refused, to try again."""

# Re-exported: the routes, the hub and the computer seats import these from here.
__all__ = [
    "ADVICE_HALF_WIDTH",
    "ADVICE_TIME_LIMIT",
    "Access",
    "Live",
    "MatchService",
    "ServiceError",
    "advice_available",
    "bot_label",
]


class MatchService:
    """Creates, joins, reads and plays matches against one :class:`Store`."""

    def __init__(
        self,
        store: Store,
        *,
        test_mode: bool = False,
        advice_half_width: float = ADVICE_HALF_WIDTH,
        advice_time_limit: float = ADVICE_TIME_LIMIT,
        advice_concurrency: int = 0,
        live_max: int = LIVE_MAX,
        live_idle: float = LIVE_IDLE,
        sole_writer: bool = False,
        clock: Clock = SYSTEM,
    ) -> None:
        self.store = store
        self._matches = LiveMatches(
            store, max_size=live_max, idle=live_idle, sole_writer=sole_writer
        )
        self._rooms = Rooms(store)
        self._chance = Chance(self._matches, test_mode=test_mode)
        # How long the computers hold back for people is timed by ``clock`` (``people_first``).
        self._play = Play(store, self._matches, self._chance, clock=clock)
        self._replays = ReplayCache()
        self._replaying = threading.BoundedSemaphore(REPLAYS_AT_ONCE)
        self._tips = Tips(
            self._matches,
            half_width=advice_half_width,
            time_limit=advice_time_limit,
            concurrency=advice_concurrency,
        )
        self.kernels = Warmer()
        """Gets the games' compiled kernels ready in the background (``server.warm``)."""

    @property
    def test_mode(self) -> bool:
        return self._chance.test_mode

    @property
    def advice_half_width(self) -> float:
        return self._tips.half_width

    @property
    def advice_time_limit(self) -> float:
        return self._tips.time_limit

    # --- creating and joining ------------------------------------------------------------
    def create(
        self,
        game_id: str,
        mode: str,
        seats: Sequence[dict[str, Any]],
        options: dict[str, Any] | None,
        turn_seconds: int = 0,
    ) -> dict[str, Any]:
        """A new match (``POST /api/matches``): its id, the creator's token and invites.
        ``turn_seconds`` > 0: a computer plays a person's step after that long."""
        created = self._rooms.create(game_id, mode, seats, options, turn_seconds)
        self.kernels.want(game_id)
        return created

    def create_tutorial(self, game_id: str, lang: str) -> dict[str, Any]:
        """A new guided first game of ``game_id`` (``POST /api/tutorials``, ``tutorial``)."""
        created = tutorial.create(self._rooms, game_id, lang)
        self.kernels.want(game_id)
        return created

    def invite(self, token: str) -> dict[str, Any]:
        """What an invite leads to: the match, the seat and the colours still free."""
        return self._rooms.invite(token)

    def join(self, token: str, name: str, colour: str | None) -> dict[str, Any]:
        """Use an invite up: the seat is taken and gets its own seat token."""
        return self._rooms.join(token, name, colour)

    # --- the host's hands and rematches --------------------------------------------------
    def stand_in(self, match_id: str, access: Access, seat: int, bot: str | None) -> None:
        """The host hands a person's seat to a computer until they take it back."""
        self._rooms.stand_in(match_id, access, seat, bot)

    def take_back(self, match_id: str, access: Access, seat: int) -> None:
        """The seat's person (or the host) takes the seat back from the computer."""
        self._rooms.take_back(match_id, access, seat)

    def end(self, match_id: str, access: Access) -> str:
        """The host calls off a waiting match or ends one under way without a result."""
        return self._rooms.end(match_id, access)

    def rematch(self, match_id: str, access: Access) -> dict[str, Any]:
        """Play again with the same players and seats (each person accepts online)."""
        return self._rooms.rematch(match_id, access)

    def mine(self, tokens: Sequence[str]) -> list[dict[str, Any] | None]:
        """What a browser's kept tokens lead to ("Mina spel"): per token, its match in short
        (whose turn it is, whether it is this token's) or ``None`` when the token is unknown
        or only an invite."""
        out: list[dict[str, Any] | None] = []
        for tok in self.store.tokens(tokens):
            if tok is None or tok.kind not in ("seat", "device"):
                out.append(None)
                continue
            try:
                live = self._matches.get(tok.match_id)
            except ServiceError:
                out.append(None)
                continue
            with live.lock:
                access = access_of(tok, live.seats)
                acting = live.acting()
                waiting = live.waiting_for()
                rematch = live.rematch
                out.append(
                    {
                        "match_id": live.row.id,
                        "game": live.row.game,
                        "mode": live.row.mode,
                        "status": live.row.status,
                        "seats": seat_summary(live.seats),
                        "you": list(access.seats),
                        "to_act": list(acting),
                        "your_turn": any(s in access.seats for s in waiting),
                        "winners": _winners(live),
                        "rematch": None if rematch is None else rematch.id,
                        "created": utc(live.row.created_at).isoformat(),
                        "updated": utc(live.row.updated_at).isoformat(),
                    }
                )
        return out

    # --- reading -------------------------------------------------------------------------
    def access(self, match_id: str, token: str | None) -> Access:
        """The seats ``token`` may act for in ``match_id`` (none for a spectator)."""
        return self._rooms.access(match_id, token)

    @property
    def matches(self) -> LiveMatches:
        """The matches in memory (bounded; ``LiveMatches``)."""
        return self._matches

    def live(self, match_id: str) -> Live:
        """The match brought up to date with the database (raises 404 when unknown)."""
        return self._matches.get(match_id)

    @staticmethod
    def log_viewer(live: Live, access: Access) -> int | None:
        """Whose log a reader gets (``views.log_viewer``)."""
        return log_viewer(live, access)

    def state_object(
        self, live: Live, access: Access, since: int | None = 0, lang: str = "sv"
    ) -> dict[str, Any]:
        """The state object of ``docs/api.md`` for one reader; ``log`` holds the entries with
        version > ``since``. Never contains the seed or a token."""
        del lang  # views and log carry both languages; kept for symmetry with the API
        return state_object(live, access, since)

    def record(self, match_id: str) -> MatchRecord:
        """The match as a record (for export and tests); no seed in it."""
        return self._matches.record(match_id)

    # --- replays -------------------------------------------------------------------------
    def replay(self, match_id: str, access: Access, start: int | None = None) -> bytes:
        """The match so far as this reader may see it (``replays.replay``: a seat's token its
        own view, anybody else the spectator's), as gzip-compressed JSON: without ``start``
        the log and the first and last positions, with it a window of positions from
        ``start``. A live match is replayed up to now."""
        live = self._matches.get(match_id)
        if live.state is None:
            raise ServiceError("error.replay_not_started", "the match has not started", 409)
        viewer = log_viewer(live, access)
        with live.lock:
            key = (match_id, live.version, viewer, tuple(access.seats), start)
        cached = self._replays.get(key)
        if cached is not None:
            return cached
        record = self._matches.record(match_id)  # rebuilt from the stored log, as live is
        with live.lock:
            seats = seat_summary(live.seats)
            status = live.row.status if len(record.log) == live.version else PLAYING
            mode = live.row.mode
        with self._replay_slot() as budget:
            data = replay(record, viewer, seats=seats, status=status, start=start, budget=budget)
        if start is None:
            data.update(
                match_id=match_id,
                mode=mode,
                you=list(access.seats),
                download=status in (OVER, ENDED) and self._may_download(live, access),
            )
        body = compress(data)
        self._replays.put((match_id, len(record.log), viewer, tuple(access.seats), start), body)
        return body

    @contextlib.contextmanager
    def _replay_slot(self) -> Iterator[Budget]:
        """One of this process's :data:`REPLAYS_AT_ONCE` replays, with its CPU budget; a
        person's move waiting goes first. Refused (503, try again) when all are taken or
        the budget runs out: replays never hold up the matches being played."""
        if not self._replaying.acquire(blocking=False):
            raise ServiceError("error.replays_busy", "replays busy", 503, retry_after=2)
        try:
            yield Budget(pause=self.people.computers_wait)
        except TooCostly as exc:
            raise ServiceError("error.replay_too_costly", str(exc), 503, retry_after=10) from exc
        finally:
            self._replaying.release()

    def record_file(self, match_id: str, access: Access) -> MatchRecord:
        """The match record to download (the format of ``spelkvall play --save``). It holds
        every chance outcome (dealt cards too), so only a match that is over or ended gives
        it out, and in a game with hidden information only to a token of the match."""
        live = self._matches.get(match_id)
        if live.row.status not in (OVER, ENDED):
            raise ServiceError("error.record_live", "the match is not over", 409)
        if not self._may_download(live, access):
            raise ServiceError("error.record_private", "only the match's players", 403)
        return self._matches.record(match_id)

    @staticmethod
    def _may_download(live: Live, access: Access) -> bool:
        # Every card dealt is in the file: a spectator of a game with hidden information
        # would see the hands the replay hides from them.
        return live.game.perfect_information or bool(access.seats)

    def replay_upload(self, body: bytes, start: int | None = None) -> bytes:
        """An uploaded record replayed as a spectator sees it, not stored (gzip JSON, as
        :meth:`replay`: the client sends the file again for another window). Raises
        ``InvalidRecord`` (a clear reason) when it cannot be read or replayed."""
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise InvalidRecord("error.record", "not UTF-8", why="UTF-8") from exc
        with self._replay_slot() as budget:
            record = MatchRecord.loads(text)
            data = replay(record, None, start=start, budget=budget)
        if start is None:
            data.update(match_id=None, mode=None, you=[], download=False)
        return compress(data)

    # --- playing -------------------------------------------------------------------------
    def queue_dice(
        self, match_id: str, values: Sequence[Scripted], *, replace: bool = False
    ) -> int:
        """Test mode: the next chance outcomes of this match, each an int or an outcome
        action as JSON (``chance``), after those still queued or (``replace``) instead of
        them; returns how many are queued."""
        return self._chance.queue(match_id, values, replace=replace)

    def when_over(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(match_id)`` whenever a move in this process ends a match. It runs
        with the match's lock held, so it must only take note (queue work elsewhere)."""
        self._play.ended.append(callback)

    @property
    def people(self) -> PeopleFirst:
        """The people's moves in flight in this process, which its computers wait for: play
        a person's move inside ``people.person()`` (``people_first``)."""
        return self._play.people

    def roll(self, match_id: str, access: Access, version: int) -> int:
        """Roll the die of the seat whose die it is; returns the new version."""
        return self._play.roll(match_id, access, version)

    def act(self, match_id: str, access: Access, version: int, data: Any, seat: int | None) -> int:
        """Play a move for ``seat`` (default: the token's seat that must act); returns the
        new version. In a simultaneous step an older version may still stand (``play``)."""
        return self._play.act(match_id, access, version, data, seat)

    def bot_step(self, match_id: str) -> int | None:
        """If a computer seat (or chance without a seat) is to act, act for it once.
        Returns the new version, or ``None`` when no computer is to act."""
        return self._play.bot_step(match_id)

    def bot_turns(
        self, match_ids: Sequence[str]
    ) -> list[tuple[int | None, str | None] | Exception]:
        """``bot_step`` and then ``bot_to_act`` for several matches, their moves stored in one
        transaction: per match its answer, or the error of its own step (the others move all
        the same)."""
        return self._play.bot_turns(match_ids)

    def bot_to_act(self, match_id: str) -> str | None:
        """``"chance"`` when chance acts by itself now, ``"bot"`` when a computer seat is to
        act (or roll), ``"think"`` when that computer searches, else ``None``."""
        return self._play.bot_to_act(match_id)

    def turn_wait(self, match_id: str) -> float | None:
        """Seconds until the turn timer runs out (``None``: none runs); at 0 a computer has
        taken over the turn of the people who were to act."""
        return self._play.turn_wait(match_id)

    # --- who runs the computers ------------------------------------------------------------
    # Thin: the leases are the store's (``Store.claim_runner`` and its kin), but the runner
    # asks the service for them, as every other caller does.
    def claim_computers(self, match_id: str, owner: str, seconds: float) -> bool:
        """Take or renew ``owner``'s lease on the match's computer seats for ``seconds``:
        whether ``owner`` holds it now (``False`` while another process's lease runs)."""
        return self.store.claim_runner(match_id, owner, seconds)

    def renew_computers(self, match_ids: Sequence[str], owner: str, seconds: float) -> set[str]:
        """``owner``'s heartbeat: renew its leases on ``match_ids`` at once; the ones it
        holds now."""
        return self.store.renew_runners(match_ids, owner, seconds)

    def release_computers(self, match_id: str, owner: str) -> None:
        """``owner`` gives its lease on the match's computer seats up (nothing left to do)."""
        self.store.release_runner(match_id, owner)

    def orphaned_matches(self) -> list[str]:
        """Matches whose computers' runner let its lease run out (its process died)."""
        return self.store.orphaned_runs()

    def playing_matches(self) -> list[str]:
        """The ids of every match under way (a restart's computers carry them on)."""
        return self.store.playing_match_ids()

    # --- the lobby -----------------------------------------------------------------------
    def open_matches(self, game: str | None = None) -> list[MatchRow]:
        """Online matches waiting for anybody to join (of ``game`` when given)."""
        return self.store.open_matches(game)

    def expire_waiting(self, before: datetime) -> list[str]:
        """Call off online matches nobody joined since ``before``; their ids."""
        return self.store.expire_waiting(before)

    # --- tips ----------------------------------------------------------------------------
    def advice(
        self,
        match_id: str,
        access: Access,
        version: int | None = None,
        seat: int | None = None,
        half_width: float | None = None,
        lang: str = "sv",
    ) -> dict[str, Any]:
        """Tips for the player who must choose a move now (``advice.Tips.advice``).
        CPU-bound: call it from a worker thread."""
        return self._tips.advice(match_id, access, version, seat, half_width, lang)

    def warm_up(self) -> None:
        """Start getting every game's kernels ready in the background (``spelkvall serve``
        does at start), the games of the matches being played first; this process never
        compiles them itself (``server.warm``)."""
        for game_id in reversed(self.store.playing_games()):
            self.kernels.want(game_id)
        self.kernels.start()


def _winners(live: Live) -> list[int]:
    state = live.state
    result = state.result() if state is not None else None
    return [] if result is None else list(result.winners)
