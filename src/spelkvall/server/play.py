"""Playing: rolls, moves and computer seats, each checked by the engine and stored with
compare-and-set on the match version before the cached state changes."""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import logging
import random
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any

from spelkvall.bots.base import HeuristicBot, Observation, make_bot
from spelkvall.core import CHANCE, Action, IllegalAction, State
from spelkvall.store import Append, SeatResult, Store

from .chance import Chance
from .clock import SYSTEM, Clock
from .errors import ServiceError, from_engine
from .live import (
    CANCELLED,
    ENDED,
    OVER,
    PLAYING,
    WAITING,
    Access,
    Live,
    LiveMatches,
    Logged,
    turn_of,
)
from .people_first import PeopleFirst
from .tutorial import is_tutorial
from .views import places

log = logging.getLogger("spelkvall.server")


class Play:
    """Every change to a playing match goes through here."""

    def __init__(
        self, store: Store, matches: LiveMatches, chance: Chance, *, clock: Clock = SYSTEM
    ) -> None:
        self.store = store
        self.matches = matches
        self.chance = chance
        self.people = PeopleFirst(clock=clock)
        """The people's moves in flight, which the computers' steps wait for."""
        self.ended: list[Callable[[str], None]] = []
        """Called with a match's id when a move in this process ends it (its lock held:
        a callback must only take note, as the chance graphs' queue does)."""

    def roll(self, match_id: str, access: Access, version: int) -> int:
        """Roll the die of the seat whose die it is; returns the new version."""
        live = self._seen(match_id, version)
        with live.lock:
            state = _playable(live, version)
            if not state.is_chance():
                raise ServiceError("error.no_roll", "no die to roll")
            seat = state.chance_seat()
            if seat is not None and seat not in access.seats:
                raise ServiceError("error.not_your_die", "not your die", 403)
            if seat is None and not access.seats:
                raise ServiceError("error.not_your_die", "spectators do not roll", 403)
            if seat is not None:
                _person_plays(live, seat)
            return self._commit(live, state, CHANCE, self.chance.outcome(live, state))

    def act(self, match_id: str, access: Access, version: int, data: Any, seat: int | None) -> int:
        """Play a move for ``seat`` (default: the token's seat that must act); returns the
        new version.

        In a simultaneous step (several seats to act, e.g. a secret exchange) each seat chose
        from the version it saw; another seat's choice in the same step bumps the version
        but changes nothing for this seat, so that version is still accepted."""
        live = self._seen(match_id, version)
        with live.lock:
            state = _playable(live, live.version)
            to_act = state.players_to_act()
            if seat is None:
                mine = [s for s in access.seats if s in to_act]
                seat = mine[0] if mine else (access.seats[0] if access.seats else None)
            if seat is None or seat not in access.seats:
                raise ServiceError("error.not_your_seat", "not your seat", 403)
            if version != live.version and not _same_step(live, version, seat):
                raise ServiceError(
                    "error.stale", "stale version", 409, version=live.version, sent=version
                )
            try:
                action = live.game.action_from_json(data)
            except IllegalAction as exc:
                raise from_engine(exc) from exc
            _person_plays(live, seat)
            return self._commit(live, state, seat, action)

    def _seen(self, match_id: str, version: int) -> Live:
        """The match, read again from the database when the player saw a later version than
        the copy holds (a copy trusted as fresh that missed a change: never by design, but
        the player must not be refused for it)."""
        live = self.matches.get(match_id)
        if version > live.version and self.matches.sole_writer:
            self.matches.forget(match_id)
            live = self.matches.get(match_id)
        return live

    def bot_step(self, match_id: str) -> int | None:
        """If a computer seat (or chance without a seat) is to act, act for it once.
        Returns the new version, or ``None`` when no computer is to act."""
        (turn,) = self.bot_turns([match_id])
        if isinstance(turn, Exception):
            raise turn
        return turn[0]

    def bot_turns(
        self, match_ids: Sequence[str]
    ) -> list[tuple[int | None, str | None] | Exception]:
        """``bot_step`` for several matches at once, their moves stored in one transaction
        (``Store.append_many``): per match its ``(version, who acts next)``, or the error
        that kept its computer from moving (a stale version, a bug in a bot, the database).
        One match's error is its own: the others' moves are stored all the same."""
        out: list[tuple[int | None, str | None] | Exception | None] = [None] * len(match_ids)
        pending: list[tuple[int, _Pending]] = []
        # Between steps (no lock or transaction held), for all of them together at most
        # the bound: people first.
        wait = functools.partial(self.people.computers_wait, self.people.deadline())
        wait()
        try:
            lives = self.matches.get_many(match_ids)
        except Exception as exc:  # the read itself failed (the database is away)
            return [exc] * len(match_ids)
        for i, live in enumerate(lives):
            if isinstance(live, Exception):
                out[i] = live
                continue
            wait()
            try:
                planned = self._plan(live)
                if planned is None:
                    with live.lock:
                        out[i] = (None, _who(live))
                else:
                    pending.append((i, planned))
            except Exception as exc:
                out[i] = exc
        wait()
        for (i, _p), result in zip(pending, self._store_all([p for _i, p in pending]), strict=True):
            out[i] = result
        return [r if r is not None else (None, None) for r in out]

    def _plan(self, live: Live) -> _Pending | None:
        """The computer's (or chance's) next moves on a copy of the state, not stored yet;
        ``None`` when no computer is to act. Chance by itself (a deal is a card at a time)
        runs on in the same step: one stored action each, one message to the sockets."""
        with live.lock:
            state = live.state
            if live.row.status != PLAYING or state is None or state.is_terminal():
                return None
            version = live.version
            if state.is_chance():
                seat = state.chance_seat()
                if seat is not None and live.computer(seat) is None:
                    return None
                trial = state.clone()
                moves: list[Logged] = []
                while True:
                    at = version + len(moves)
                    try:
                        outcome = self.chance.outcome(live, trial, at)
                        # A seat's die a computer rolls for its person says so in the log.
                        by = live.played_by(turn_of(trial, CHANCE))
                        moves.append(_try(trial, CHANCE, outcome, at + 1, by))
                    except Exception:
                        if not moves:
                            raise
                        break  # the moves so far stand; the next step meets the error again
                    if not _automatic(trial):
                        break
                return self._pending(live, version, trial, moves)
            for seat in state.players_to_act():
                bot_id = live.computer(seat)
                if bot_id is not None:
                    break
            else:
                return None
            snapshot = state.clone()
            rng = random.Random(f"{live.row.seed}:bot:{version}:{seat}")
            by = live.played_by(seat)  # whom the computer plays for as it chooses
        # A search bot thinks for up to a second: without the lock, so the match stays
        # readable meanwhile (this runs in a worker thread, never on the event loop).
        observation = Observation(live.game, snapshot, seat)
        try:
            action = make_bot(bot_id, live.game).choose(observation, rng)
        except Exception:
            # A bug in a search bot must not stop the match: its retry would choose with the
            # same random stream and fail again, for ever. The rule-of-thumb move plays.
            log.exception(
                "computer %r failed in match %s at version %d; it plays the heuristic move",
                bot_id,
                live.row.id,
                version,
            )
            action = HeuristicBot().choose(observation, rng)
        with live.lock:
            if live.version != version or live.state is None:
                raise ServiceError("error.stale", "another move was first", 409, version=version)
            trial = live.state.clone()
            moves = [_try(trial, seat, action, version + 1, by)]
            return self._pending(live, version, trial, moves)

    def _store_all(
        self, pending: Sequence[_Pending]
    ) -> list[tuple[int | None, str | None] | Exception]:
        """Store planned moves in one transaction and put each on its copy. Each copy's lock
        is held from the check of its version to the change of the copy (taken in one order,
        by match id, so two batches never wait for each other's), as for a person's move: a
        move is stored before the copy changes, and nobody sees the copy in between."""
        out: list[tuple[int | None, str | None] | Exception] = [
            ServiceError("error.stale", "another move was first", 409, version=p.version)
            for p in pending
        ]
        if not pending:
            return out
        with contextlib.ExitStack() as held:
            for p in sorted(pending, key=lambda p: p.live.row.id):
                held.enter_context(p.live.lock)
            ready = [i for i, p in enumerate(pending) if p.live.version == p.version]
            written = self.store.append_many([pending[i].append() for i in ready])
            for i, ok in zip(ready, written, strict=True):
                p = pending[i]
                if isinstance(ok, Exception):
                    out[i] = ok
                elif not ok:
                    # Someone else (another process) moved first: forget our copy.
                    self.matches.forget(p.live.row.id)
                else:
                    self._apply(p)
                    out[i] = (p.live.version, _who(p.live))
        return out

    def bot_to_act(self, match_id: str) -> str | None:
        """``"chance"`` when chance acts by itself now, ``"bot"`` when a computer seat is to
        act (or roll), ``"think"`` when that computer searches (its move takes a while), else
        ``None``."""
        live = self.matches.get(match_id)
        with live.lock:
            return _who(live)

    def turn_wait(self, match_id: str) -> float | None:
        """Seconds until the turn timer of the people to act now runs out (``None``: no timer
        runs). When it has run out, a computer takes over their turn and the answer is 0."""
        live = self.matches.get(match_id)
        with live.lock:
            left = live.turn_left()
            if left is None or left > 0:
                return left
            live.timed_out.update(live.waiting_for())
            return 0.0

    def _commit(self, live: Live, state: State, player: int, action: Action) -> int:
        trial = state.clone()
        p = self._pending(
            live, live.version, trial, [_try(trial, player, action, live.version + 1)]
        )
        move = p.append()
        ok = self.store.append_action(
            live.row.id,
            live.version,
            player,
            move.actions[0][1],
            status=move.status,
            results_rows=move.results_rows,
        )
        if not ok:
            # Someone else (another process) moved first: forget our copy and refuse.
            self.matches.forget(live.row.id)
            raise ServiceError("error.stale", "another move was first", 409, version=live.version)
        self._apply(p)
        return live.version

    def _pending(self, live: Live, version: int, trial: State, moves: list[Logged]) -> _Pending:
        """Moves applied to ``trial`` after ``version``, with what storing them writes: the
        status and, when they end the match, every seat's result."""
        result = trial.result()
        rows: list[SeatResult] = []
        if result is not None:
            seat_places = places(result.ranking, len(live.seats))
            teams = live.game.teams(len(live.seats), live.game.parse_options(live.row.options))
            team_of = {seat: t for t, members in enumerate(teams or ()) for seat in members}
            guided = is_tutorial(live.seats)  # a guided game counts for nobody, rates nothing
            rows = [
                SeatResult(
                    seat=i,
                    # Computers never count; nor does a person whose seat a computer
                    # finished for them (the host handed it over): the result is not theirs.
                    name=None if s.get("bot") or s.get("stand_in") or guided else s["name"],
                    won=i in result.winners,
                    place=seat_places[i],
                    # A computer level is rated as itself; partners are rated as one team.
                    bot=None if guided else s.get("bot"),
                    team=team_of.get(i),
                )
                for i, s in enumerate(live.seats)
            ]
        status = OVER if trial.is_terminal() else PLAYING
        return _Pending(live, version, moves, trial, status, rows)

    def _apply(self, p: _Pending) -> None:
        """Stored moves onto their copy (its lock held)."""
        live = p.live
        if not self.matches.holds(live):
            # The copy left the cache meanwhile: one rebuilt from a row read before this move
            # must not be trusted as it is.
            self.matches.changed([live.row.id])
        version = p.version + len(p.moves)
        ends = p.status == OVER and live.row.status != OVER
        live.state = p.trial
        live.version = version
        live.entries.extend(p.moves)
        # The turn clock restarts with every change (the store stamped the row alike).
        live.row = dataclasses.replace(
            live.row, version=version, status=p.status, updated_at=datetime.now(UTC)
        )
        # A timed-out turn is over once the seat is no longer to act.
        live.timed_out &= set(live.acting())
        if ends:
            for callback in self.ended:
                callback(live.row.id)


@dataclasses.dataclass
class _Pending:
    """A step's moves, applied to a copy of the state but not stored yet (``Play._plan``)."""

    live: Live
    version: int  # the copy's version the moves follow
    moves: list[Logged]
    trial: State  # the state after them
    status: str
    rows: list[SeatResult]

    def append(self) -> Append:
        return Append(
            self.live.row.id,
            self.version,
            tuple((m.player, m.action.to_json()) for m in self.moves),
            self.status,
            self.rows,
            tuple(m.by for m in self.moves),
        )


def _try(trial: State, player: int, action: Action, version: int, by: str | None = None) -> Logged:
    """Apply ``action`` to ``trial`` (a copy): the log entry of ``version`` it makes (``by``:
    who made it when not the seat's own player, ``Live.played_by``)."""
    to_act = trial.players_to_act()
    whose = turn_of(trial, player)
    try:
        events = trial.apply(action, player)
    except IllegalAction as exc:
        raise from_engine(exc) from exc
    return Logged(version, player, action, tuple(events), to_act, by, whose)


def _automatic(state: State) -> bool:
    """Chance acts by itself (no seat rolls) in ``state``."""
    return not state.is_terminal() and state.is_chance() and state.chance_seat() is None


def _who(live: Live) -> str | None:
    """``Play.bot_to_act`` on a copy (its lock held)."""
    state = live.state
    if live.row.status != PLAYING or state is None or state.is_terminal():
        return None
    if _automatic_chance(live):
        return "chance"
    if state.is_chance():
        seat = state.chance_seat()
        return "bot" if seat is not None and live.computer(seat) else None
    for seat in state.players_to_act():
        bot_id = live.computer(seat)
        if bot_id is not None:  # the computer ``_plan`` asks
            # A bot of a plugin or a test need not derive from ``Bot``: then it is quick.
            searches = getattr(make_bot(bot_id, live.game), "thinks", False)
            return "think" if searches and len(state.legal_actions(seat)) > 1 else "bot"
    return None


def _automatic_chance(live: Live) -> bool:
    return live.state is not None and _automatic(live.state)


def _same_step(live: Live, version: int, seat: int) -> bool:
    """Whether everything after ``version`` was other seats acting in one simultaneous step
    that ``seat`` is still part of (so its choice at ``version`` still stands)."""
    assert live.state is not None
    later = [e for e in live.entries if e.version > version]
    if version > live.version or len(later) != live.version - version:
        return False
    return seat in live.state.players_to_act() and all(
        e.player not in (CHANCE, seat) and seat in e.to_act for e in later
    )


def _person_plays(live: Live, seat: int) -> None:
    """A person acts for ``seat``: refused while the host has a computer standing in for it
    (it must be taken back first, or the two would race); a computer that took over a turn
    whose timer ran out hands it back."""
    if live.seats[seat].get("stand_in") is not None:
        raise ServiceError("error.seat_computer", "a computer plays this seat", 409, seat=seat)
    live.timed_out.discard(seat)


def _playable(live: Live, version: int) -> State:
    if live.row.status in (CANCELLED, ENDED):
        raise ServiceError("error.match_ended", "the match was ended", 409)
    if live.row.status == WAITING or live.state is None:
        raise ServiceError("error.not_started", "not started")
    if live.state.is_terminal():
        raise ServiceError("error.game_over", "the game is over")
    if version != live.version:
        raise ServiceError("error.stale", "stale version", 409, version=live.version, sent=version)
    return live.state
