"""The match service: every change to a match goes through here.

A move is checked by the engine, stored with compare-and-set on the match version, and only
then applied to the cached state. The cache is a convenience: the database is the truth, and a
match is rebuilt from its action log (a ``MatchRecord`` replay) whenever the cache is behind.
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import secrets
import threading
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from spelkvall.bots.advisor import advise, warm_up
from spelkvall.bots.base import BOT_FACTORIES, Observation, make_bot
from spelkvall.core import (
    CHANCE,
    Action,
    Game,
    IllegalAction,
    InvalidSetup,
    LogEntry,
    MatchRecord,
    Seat,
    SpelkvallError,
    State,
    all_games,
    clean_name,
    get_game,
)
from spelkvall.core.i18n import LANGUAGES, t
from spelkvall.store import MatchRow, SeatResult, Store, hash_token

from . import texts as _texts  # noqa: F401  (registers the translations)

WAITING, PLAYING, OVER = "waiting", "playing", "over"

ADVICE_HALF_WIDTH = 0.01
"""The 95 % interval half-width the Tips aim for: the CLI's default, so both give the same
answer (a busy server stops at the time limit and the page shows the wider intervals)."""
ADVICE_TIME_LIMIT = 1.0
"""Seconds after which the advisor stops sampling; the intervals then show the precision."""


class ServiceError(SpelkvallError):
    """A refused request: ``key`` is the reason's translation key, ``status`` the HTTP code."""

    def __init__(self, key: str, message: str, status: int = 400, **params: Any) -> None:
        super().__init__(key, message, **params)
        self.status = status


def _from_engine(exc: SpelkvallError, status: int = 400) -> ServiceError:
    return ServiceError(exc.key, str(exc), status, **exc.params)


@dataclass(frozen=True)
class Logged:
    """One accepted action as the engine saw it; rendered per reader by ``MatchService``."""

    version: int  # the match version after it
    player: int
    action: Action
    events: tuple[Any, ...]
    to_act: tuple[int, ...]  # who was to act before it (simultaneous steps, see ``act``)


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
    advice: tuple[tuple[int, int, float], dict[str, Any]] | None = None
    """The last Tips answer: ``((version, seat, half_width), answer)``, labels in every
    language; asking again at the same version (a reload, the language toggle) costs nothing."""

    @property
    def seats(self) -> list[dict[str, Any]]:
        return self.row.seats

    @property
    def status(self) -> str:
        return self.row.status


@dataclass(frozen=True)
class Access:
    """What a token may do in one match."""

    seats: tuple[int, ...]
    kind: str | None  # device | seat | invite | None (spectator)


def seat_summary(seats: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    return [
        {"seat": i, "name": s.get("name"), "colour": s.get("colour"), "bot": s.get("bot")}
        for i, s in enumerate(seats)
    ]


def places(ranking: Sequence[Sequence[int]], n: int) -> list[int | None]:
    """Competition places from a ranking: a shared group shares the place."""
    out: list[int | None] = [None] * n
    place = 1
    for group in ranking:
        for seat in group:
            out[seat] = place
        place += len(group)
    return out


def advice_available(game: Game[Any, Any]) -> bool:
    """Whether the server gives Tips for ``game``: only where they are both fair and quick.

    The advisor plays out from the state it is given, so in a game with hidden information it
    would rate moves by cards the player cannot see; and without the game's fast simulator
    (``Game.playout_wins``) engine playouts are far too slow for an answer within a second
    (DogRoyal: about 50 ms per game). Both rule out games like DogRoyal; Fia qualifies."""
    has_simulator = type(game).playout_wins is not Game.playout_wins
    return game.perfect_information and has_simulator


def bot_label(bot_id: str) -> dict[str, str]:
    for key in (f"bot.{bot_id}", f"server.bot.{bot_id}"):
        if t(key, "sv") != key:
            return {lang: t(key, lang) for lang in LANGUAGES}
    return {lang: bot_id for lang in LANGUAGES}


class MatchService:
    """Creates, joins, reads and plays matches against one :class:`Store`."""

    def __init__(
        self,
        store: Store,
        *,
        test_mode: bool = False,
        advice_half_width: float = ADVICE_HALF_WIDTH,
        advice_time_limit: float = ADVICE_TIME_LIMIT,
    ) -> None:
        self.store = store
        self.test_mode = test_mode
        self.advice_half_width = advice_half_width
        self.advice_time_limit = advice_time_limit
        self._live: dict[str, Live] = {}
        self._lock = threading.Lock()
        self._dice: dict[str, deque[int]] = {}
        self._advising: set[str] = set()  # matches with a Tips computation running
        self._warm: set[str] = set()  # games whose fast simulator is loaded
        self._warm_lock = threading.Lock()

    # --- creating and joining ------------------------------------------------------------
    def create(
        self,
        game_id: str,
        mode: str,
        seats: Sequence[dict[str, Any]],
        options: dict[str, Any] | None,
    ) -> dict[str, Any]:
        try:
            game = get_game(game_id)
            opts = game.parse_options(options or {})
        except SpelkvallError as exc:
            raise _from_engine(exc) from exc
        if mode not in ("hotseat", "online"):
            raise ServiceError("error.bad_request", "mode", why="mode")
        rows: list[dict[str, Any]] = []
        bot_no = 0
        for i, seat in enumerate(seats):
            bot = seat.get("bot")
            name = seat.get("name")
            if bot is not None and bot not in BOT_FACTORIES:
                raise ServiceError("error.bot_unknown", f"unknown bot {bot}", bot=bot)
            if mode == "online" and i == 0 and (bot is not None or name is None):
                raise ServiceError("error.creator_seat", "seat 0 is the creator's")
            if bot is not None and not name:
                bot_no += 1
                name = t("server.bot_name", "sv", n=bot_no)
            if name is None and mode == "hotseat":
                raise ServiceError("error.name_empty", "every player needs a name")
            rows.append({"name": name, "colour": seat.get("colour"), "bot": bot})
        # Check counts, colours and names now, with a stand-in name for the open seats.
        try:
            checked = game.check_seats(
                [Seat(r["name"] or "?", r["colour"], r["bot"]) for r in rows]
            )
        except InvalidSetup as exc:
            raise _from_engine(exc) from exc
        free = [c for c in game.colours if c not in {r["colour"] for r in rows if r["colour"]}]
        for row, checked_seat in zip(rows, checked, strict=True):
            if row["name"] is not None:
                row["name"] = checked_seat.name
                if row["colour"] is None and free:
                    row["colour"] = free.pop(0)
        open_seats = [i for i, r in enumerate(rows) if r["name"] is None]
        status = WAITING if open_seats else PLAYING
        if mode == "hotseat":
            tokens: list[tuple[str, int | None]] = [("device", None)]
        else:
            tokens = [("seat", 0), *(("invite", i) for i in open_seats)]
        match_id, secrets_ = self.store.create_match(
            game=game.id,
            rules_version=game.rules_version,
            mode=mode,
            options=game.options_to_json(opts),
            seats=rows,
            status=status,
            seed=secrets.randbits(63),
            tokens=tokens,
        )
        invites = [
            {"seat": seat, "token": tok, "url": f"/#/join/{tok}"}
            for (_kind, seat), tok in zip(tokens[1:], secrets_[1:], strict=True)
        ]
        return {
            "match_id": match_id,
            "mode": mode,
            "token": secrets_[0],
            "seat": None if mode == "hotseat" else 0,
            "invites": invites,
        }

    def invite(self, token: str) -> dict[str, Any]:
        tok = self.store.token(token)
        if tok is None or tok.kind != "invite" or tok.seat is None:
            raise ServiceError("error.invite_invalid", "no such invite", 404)
        row = self.store.get_match(tok.match_id)
        if row is None:
            raise ServiceError("error.invite_invalid", "no such invite", 404)
        game = get_game(row.game)
        taken = {s["colour"] for s in row.seats if s.get("colour")}
        return {
            "match_id": row.id,
            "game": row.game,
            "seat": tok.seat,
            "status": row.status,
            "seats": seat_summary(row.seats),
            "free_colours": [c for c in game.colours if c not in taken],
        }

    def join(self, token: str, name: str, colour: str | None) -> dict[str, Any]:
        tok = self.store.token(token)
        if tok is None or tok.kind != "invite" or tok.seat is None:
            raise ServiceError("error.invite_invalid", "no such invite", 404)
        seat_no = tok.seat
        row0 = self.store.get_match(tok.match_id)
        assert row0 is not None
        game = get_game(row0.game)

        def change(row: MatchRow) -> tuple[list[dict[str, Any]], str]:
            seats = [dict(s) for s in row.seats]
            taken = {s["colour"] for i, s in enumerate(seats) if s.get("colour") and i != seat_no}
            chosen = colour or seats[seat_no].get("colour")
            if chosen is None:
                chosen = next((c for c in game.colours if c not in taken), None)
            try:
                seats[seat_no] = {"name": clean_name(name), "colour": chosen, "bot": None}
                game.check_seats([Seat(s["name"] or "?", s["colour"], s["bot"]) for s in seats])
            except InvalidSetup as exc:
                raise _from_engine(exc) from exc
            full = all(s["name"] is not None for s in seats)
            return seats, PLAYING if full else WAITING

        secret = self.store.update_seats(
            tok.match_id, change, use_invite=hash_token(token), seat_token_for=seat_no
        )
        if secret is None:
            raise ServiceError("error.invite_invalid", "invite already used", 404)
        return {"match_id": tok.match_id, "seat": seat_no, "token": secret}

    # --- reading -------------------------------------------------------------------------
    def access(self, match_id: str, token: str | None) -> Access:
        """The seats ``token`` may act for in ``match_id`` (none for a spectator)."""
        if not token:
            return Access((), None)
        tok = self.store.token(token)
        if tok is None or tok.match_id != match_id:
            return Access((), None)
        if tok.kind == "seat" and tok.seat is not None:
            return Access((tok.seat,), "seat")
        if tok.kind == "device":
            row = self.store.get_match(match_id)
            seats = row.seats if row else []
            return Access(tuple(i for i, s in enumerate(seats) if s.get("bot") is None), "device")
        return Access((), tok.kind)

    def live(self, match_id: str) -> Live:
        """The match brought up to date with the database (raises 404 when unknown)."""
        row = self.store.get_match(match_id)
        if row is None:
            raise ServiceError("error.match_not_found", "no such match", 404)
        with self._lock:
            live = self._live.get(match_id)
        if live is not None:
            with live.lock:
                if live.row.seats == row.seats and live.state is not None:
                    if row.version > live.version:
                        for entry in self.store.actions(match_id, after=live.version):
                            self._apply_logged(live, entry.player, entry.action, entry.version)
                    if row.version >= live.version:
                        live.row = row
                    return live
        live = self._rebuild(row)
        with self._lock:
            self._live[match_id] = live
        return live

    def _rebuild(self, row: MatchRow) -> Live:
        game = get_game(row.game)
        if row.status == WAITING:
            return Live(row=row, game=game, state=None, version=row.version)
        seats = tuple(Seat(s["name"], s["colour"], s["bot"]) for s in row.seats)
        # The log replays exactly (chance outcomes are in it), as a MatchRecord guarantees.
        record = MatchRecord(
            game=row.game, rules_version=row.rules_version, options=row.options, seats=seats
        )
        live = Live(row=row, game=game, state=record.replay(), version=0)
        for entry in self.store.actions(row.id):
            self._apply_logged(live, entry.player, entry.action, entry.version)
        live.row = row
        return live

    def _apply_logged(self, live: Live, player: int, data: dict[str, Any], version: int) -> None:
        assert live.state is not None
        action = live.game.action_from_json(data)
        to_act = live.state.players_to_act()
        events = live.state.apply(action, player)
        live.version = version
        live.entries.append(Logged(version, player, action, tuple(events), to_act))

    @staticmethod
    def log_viewer(live: Live, access: Access) -> int | None:
        """Whose log a reader gets: a token for one seat reads that seat's log; a spectator,
        and a shared device with several people at it, read the public log (anybody may be
        looking at the screen)."""
        if live.game.perfect_information or len(access.seats) != 1:
            return None
        return access.seats[0]

    def _log(self, live: Live, viewer: int | None) -> list[dict[str, Any]]:
        """The log as ``viewer`` may see it (rendered lazily, kept per viewer)."""
        rendered = live.rendered.setdefault(viewer, [])
        names = [s["name"] or "?" for s in live.seats]
        for logged in live.entries[len(rendered) :]:
            rendered.append(self._entry(live.game, names, logged, viewer))
        return rendered

    @staticmethod
    def _entry(
        game: Game[Any, Any], names: list[str], logged: Logged, viewer: int | None
    ) -> dict[str, Any]:
        # Only what the viewer may see goes in: hidden actions become null, private events
        # are masked or left out by the game (``Game.action_visible``, ``Game.event_for``).
        events = [e for e in (game.event_for(ev, viewer) for ev in logged.events) if e]
        text: dict[str, list[str]] = {lang: [] for lang in LANGUAGES}
        for event in events:
            for lang in LANGUAGES:
                line = game.describe_event(event, names, lang)
                if line:
                    text[lang].append(line)
        visible = game.action_visible(logged.action, logged.player, viewer)
        return {
            "version": logged.version,
            "seat": logged.player,
            "action": logged.action.to_json() if visible else None,
            "events": [game.event_to_json(e) for e in events],
            "text": text,
        }

    def state_object(
        self, live: Live, access: Access, since: int | None = 0, lang: str = "sv"
    ) -> dict[str, Any]:
        """The state object of ``docs/api.md`` for one reader; ``log`` holds the entries with
        version > ``since``. Never contains the seed or a token."""
        del lang  # views and log carry both languages; kept for symmetry with the API
        with live.lock:
            state = live.state
            you = list(access.seats)
            to_act: list[int] = []
            roll_seat = None
            view = None
            result = None
            legal: list[dict[str, Any]] = []
            if state is not None:
                to_act = list(state.players_to_act())
                roll_seat = state.chance_seat() if state.is_chance() else None
                mine = [s for s in you if s in to_act or s == roll_seat]
                seat = mine[0] if mine else (you[0] if you else None)
                if not mine and len(you) > 1 and not live.game.perfect_information:
                    # A shared device while no person at it is to act: nobody's hand is shown.
                    seat = None
                view = state.view(seat)
                if seat is not None and seat in to_act:
                    names = [s["name"] or "?" for s in live.seats]
                    legal = [
                        {
                            "action": action.to_json(),
                            "label": {
                                code: live.game.describe_action(state, action, code, names)
                                for code in LANGUAGES
                            },
                        }
                        for action in state.legal_actions(seat)
                    ]
                res = state.result()
                if res is not None:
                    result = {**res.to_json(), "places": places(res.ranking, len(live.seats))}
            log = [
                e
                for e in self._log(live, self.log_viewer(live, access))
                if since is None or e["version"] > since
            ]
            return {
                "match_id": live.row.id,
                "game": live.row.game,
                "mode": live.row.mode,
                "version": live.version,
                "status": live.row.status,
                "seats": seat_summary(live.seats),
                "you": you,
                "view": view,
                "viewer": seat if state is not None else None,
                "to_act": to_act,
                "legal": legal,
                "roll_seat": roll_seat,
                "result": result,
                "log": log,
            }

    # --- playing -------------------------------------------------------------------------
    def queue_dice(self, match_id: str, values: Sequence[int]) -> int:
        """Test mode: the next die outcomes of this match."""
        if not self.test_mode:
            raise ServiceError("error.bad_request", "not in test mode", 404, why="test mode")
        self.live(match_id)
        with self._lock:
            queue = self._dice.setdefault(match_id, deque())
            queue.extend(values)
            return len(queue)

    def roll(self, match_id: str, access: Access, version: int) -> int:
        """Roll the die of the seat whose die it is; returns the new version."""
        live = self.live(match_id)
        with live.lock:
            state = self._playable(live, version)
            if not state.is_chance():
                raise ServiceError("error.no_roll", "no die to roll")
            seat = state.chance_seat()
            if seat is not None and seat not in access.seats:
                raise ServiceError("error.not_your_die", "not your die", 403)
            if seat is None and not access.seats:
                raise ServiceError("error.not_your_die", "spectators do not roll", 403)
            return self._commit(live, state, CHANCE, self._chance_outcome(live, state))

    def act(self, match_id: str, access: Access, version: int, data: Any, seat: int | None) -> int:
        """Play a move for ``seat`` (default: the token's seat that must act); returns the
        new version.

        In a simultaneous step (several seats to act, e.g. a secret exchange) each seat chose
        from the version it saw; another seat's choice in the same step bumps the version
        but changes nothing for this seat, so that version is still accepted."""
        live = self.live(match_id)
        with live.lock:
            state = self._playable(live, live.version)
            to_act = state.players_to_act()
            if seat is None:
                mine = [s for s in access.seats if s in to_act]
                seat = mine[0] if mine else (access.seats[0] if access.seats else None)
            if seat is None or seat not in access.seats:
                raise ServiceError("error.not_your_seat", "not your seat", 403)
            if version != live.version and not self._same_step(live, version, seat):
                raise ServiceError(
                    "error.stale", "stale version", 409, version=live.version, sent=version
                )
            try:
                action = live.game.action_from_json(data)
            except IllegalAction as exc:
                raise _from_engine(exc) from exc
            return self._commit(live, state, seat, action)

    def bot_step(self, match_id: str) -> int | None:
        """If a computer seat (or chance without a seat) is to act, act for it once.
        Returns the new version, or ``None`` when no computer is to act."""
        live = self.live(match_id)
        with live.lock:
            state = live.state
            if live.row.status != PLAYING or state is None or state.is_terminal():
                return None
            if state.is_chance():
                seat = state.chance_seat()
                if seat is not None and live.seats[seat].get("bot") is None:
                    return None
                version = self._commit(live, state, CHANCE, self._chance_outcome(live, state))
                # Chance by itself (a deal is a card at a time) runs on in one go: one stored
                # action each, one message to the sockets.
                while self._automatic_chance(live):
                    assert live.state is not None
                    outcome = self._chance_outcome(live, live.state)
                    version = self._commit(live, live.state, CHANCE, outcome)
                return version
            for seat in state.players_to_act():
                bot_id = live.seats[seat].get("bot")
                if bot_id is not None:
                    break
            else:
                return None
            version = live.version
            snapshot = state.clone()
            rng = random.Random(f"{live.row.seed}:bot:{version}:{seat}")
        # A search bot thinks for up to a second: without the lock, so the match stays
        # readable meanwhile (this runs in a worker thread, never on the event loop).
        action = make_bot(bot_id, live.game).choose(Observation(live.game, snapshot, seat), rng)
        with live.lock:
            if live.version != version or live.state is None:
                raise ServiceError("error.stale", "another move was first", 409, version=version)
            return self._commit(live, live.state, seat, action)

    def bot_to_act(self, match_id: str) -> str | None:
        """``"chance"`` when chance acts by itself now, ``"bot"`` when a computer seat is to
        act (or roll), else ``None``."""
        live = self.live(match_id)
        with live.lock:
            state = live.state
            if live.row.status != PLAYING or state is None or state.is_terminal():
                return None
            if self._automatic_chance(live):
                return "chance"
            if state.is_chance():
                seat = state.chance_seat()
                return "bot" if seat is not None and live.seats[seat].get("bot") else None
            if any(live.seats[s].get("bot") is not None for s in state.players_to_act()):
                return "bot"
            return None

    @staticmethod
    def _automatic_chance(live: Live) -> bool:
        state = live.state
        return (
            state is not None
            and not state.is_terminal()
            and state.is_chance()
            and state.chance_seat() is None
        )

    @staticmethod
    def _same_step(live: Live, version: int, seat: int) -> bool:
        """Whether everything after ``version`` was other seats acting in one simultaneous
        step that ``seat`` is still part of (so its choice at ``version`` still stands)."""
        assert live.state is not None
        later = [e for e in live.entries if e.version > version]
        if version > live.version or len(later) != live.version - version:
            return False
        return seat in live.state.players_to_act() and all(
            e.player not in (CHANCE, seat) and seat in e.to_act for e in later
        )

    def _playable(self, live: Live, version: int) -> State:
        if live.row.status == WAITING or live.state is None:
            raise ServiceError("error.not_started", "not started")
        if live.state.is_terminal():
            raise ServiceError("error.game_over", "the game is over")
        if version != live.version:
            raise ServiceError(
                "error.stale", "stale version", 409, version=live.version, sent=version
            )
        return live.state

    def _chance_outcome(self, live: Live, state: State) -> Action:
        with self._lock:
            queue = self._dice.get(live.row.id)
            value = queue.popleft() if queue else None
        if value is not None:
            # The outcome whose one number is the value: a die's face, a prize card.
            for action, _p in state.chance_outcomes():
                numbers = [v for k, v in action.to_json().items() if k != "type"]
                if numbers == [value]:
                    return action
            raise ServiceError("error.dice", f"die value {value} not possible", value=value)
        # Derived from the secret seed and the version alone: after a restart the same match
        # rolls the same dice, and nothing but the server can predict them.
        return state.sample_chance(random.Random(f"{live.row.seed}:{live.version}"))

    def _commit(self, live: Live, state: State, player: int, action: Action) -> int:
        trial = state.clone()
        try:
            events = trial.apply(action, player)
        except IllegalAction as exc:
            raise _from_engine(exc) from exc
        result = trial.result()
        rows: list[SeatResult] = []
        if result is not None:
            seat_places = places(result.ranking, len(live.seats))
            rows = [
                SeatResult(
                    seat=i,
                    name=None if s.get("bot") is not None else s["name"],
                    won=i in result.winners,
                    place=seat_places[i],
                )
                for i, s in enumerate(live.seats)
            ]
        status = OVER if trial.is_terminal() else PLAYING
        ok = self.store.append_action(
            live.row.id, live.version, player, action.to_json(), status=status, results_rows=rows
        )
        if not ok:
            # Someone else (another process) moved first: forget our copy and refuse.
            with self._lock:
                self._live.pop(live.row.id, None)
            raise ServiceError("error.stale", "another move was first", 409, version=live.version)
        version = live.version + 1
        to_act = state.players_to_act()
        live.state = trial
        live.version = version
        live.entries.append(Logged(version, player, action, tuple(events), to_act))
        live.row = dataclasses.replace(live.row, version=version, status=status)
        return version

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
        """Tips for the player who must choose a move now: every legal action with its
        estimated chance to win and 95 % interval (``spelkvall.bots.advisor``).

        CPU-bound (up to ``advice_time_limit`` seconds): call it from a worker thread. The
        match lock is held only to copy the state; at most one computation runs per match, a
        second request meanwhile is refused with ``error.advice_busy`` (429) rather than
        queued, so a double click or a second tab cannot pile up work. ``half_width`` may ask
        for a coarser (quicker) answer than the server's, never a finer one."""
        live = self.live(match_id)
        game = live.game
        if not advice_available(game):
            raise ServiceError(
                "error.advice_unavailable", "no fair, quick advice", game=game.title(lang)
            )
        if not access.seats:
            raise ServiceError("error.advice_spectator", "spectators get no advice", 403)
        with live.lock:
            if live.row.status == WAITING or live.state is None:
                raise ServiceError("error.not_started", "not started")
            state = live.state
            if state.is_terminal():
                raise ServiceError("error.game_over", "the game is over")
            if version is not None and version != live.version:
                raise ServiceError(
                    "error.stale", "stale version", 409, version=live.version, sent=version
                )
            to_act = state.players_to_act()
            if not to_act:
                raise ServiceError("error.advice_no_decision", "no move to choose now")
            if seat is None:
                mine = [s for s in access.seats if s in to_act]
                seat = mine[0] if mine else None
            if seat is None or seat not in access.seats or seat not in to_act:
                raise ServiceError("error.advice_not_your_turn", "not this token's move", 403)
            width = max(self.advice_half_width, half_width or 0.0)
            key = (live.version, seat, width)
            if live.advice is not None and live.advice[0] == key:
                return _advice_in(live.advice[1], lang)
            at = live.version
            snapshot = state.clone()
            names = [s["name"] or "?" for s in live.seats]
        with self._lock:
            if match_id in self._advising:
                raise ServiceError("error.advice_busy", "advice already running", 429)
            self._advising.add(match_id)
        try:
            answer = self._compute_advice(game, snapshot, seat, width, names, match_id, at)
        finally:
            with self._lock:
                self._advising.discard(match_id)
        with live.lock:
            if live.version == at:
                live.advice = (key, answer)
        return _advice_in(answer, lang)

    def warm_up(self) -> None:
        """Load the fast simulator of every game that gives Tips (seconds when Numba must
        compile it on a fresh install), so neither the first Tips answer nor the first move
        of a searching computer waits for it. ``spelkvall serve`` calls this in the
        background at start."""
        for game in all_games():
            if advice_available(game):
                self._warm_up(game)

    def _warm_up(self, game: Game[Any, Any]) -> None:
        with self._warm_lock:
            # Once per game and process, before an answer's clock starts.
            if game.id not in self._warm:
                warm_up(game)
                self._warm.add(game.id)

    def _compute_advice(
        self,
        game: Game[Any, Any],
        state: State,
        seat: int,
        width: float,
        names: list[str],
        match_id: str,
        version: int,
    ) -> dict[str, Any]:
        self._warm_up(game)
        # A seed of the match and version (never the match's secret dice seed): the same
        # question gets the same answer, and the playouts say nothing about the real dice.
        digest = hashlib.sha256(f"advice:{match_id}:{version}:{seat}".encode()).digest()
        try:
            advice = advise(
                game,
                state,
                seat,
                policy="heuristic",
                half_width=width,
                seed=int.from_bytes(digest[:8], "big"),
                time_limit=self.advice_time_limit,
            )
        except SpelkvallError as exc:
            raise _from_engine(exc) from exc
        best = advice.best
        actions = []
        for i, item in enumerate(advice.actions):
            low, high = item.interval
            actions.append(
                {
                    "action": item.action.to_json(),
                    "label": {
                        code: game.describe_action(state, item.action, code, names)
                        for code in LANGUAGES
                    },
                    "win_rate": item.win_rate,
                    "ci95": [low, high],
                    "playouts": item.playouts,
                    "exact": item.exact,
                    "best": i == best,
                }
            )
        return {
            "match_id": match_id,
            "version": version,
            "seat": seat,
            "policy": advice.policy,
            "half_width": width,
            "playouts": advice.playouts,
            "seconds": round(advice.seconds, 3),
            "best": best,
            "actions": actions,
        }

    def record(self, match_id: str) -> MatchRecord:
        """The match as a record (for export and tests); no seed in it."""
        live = self.live(match_id)
        seats = tuple(Seat(s["name"] or "?", s["colour"], s["bot"]) for s in live.seats)
        record = MatchRecord(live.row.game, live.row.rules_version, live.row.options, seats)
        for entry in self.store.actions(match_id):
            record.log.append(LogEntry(entry.player, live.game.action_from_json(entry.action)))
        return record


def _advice_in(answer: dict[str, Any], lang: str) -> dict[str, Any]:
    """A Tips answer with each label in one language."""
    return {
        **answer,
        "actions": [
            {**a, "label": a["label"].get(lang, a["label"]["sv"])} for a in answer["actions"]
        ],
    }
