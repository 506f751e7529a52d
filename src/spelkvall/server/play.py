"""Playing: rolls, moves and computer seats, each checked by the engine and stored with
compare-and-set on the match version before the cached state changes."""

from __future__ import annotations

import dataclasses
import random
from datetime import UTC, datetime
from typing import Any

from spelkvall.bots.base import Observation, make_bot
from spelkvall.core import CHANCE, Action, IllegalAction, State
from spelkvall.store import SeatResult, Store

from .chance import Chance
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
)
from .views import places


class Play:
    """Every change to a playing match goes through here."""

    def __init__(self, store: Store, matches: LiveMatches, chance: Chance) -> None:
        self.store = store
        self.matches = matches
        self.chance = chance

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
        return self._bot_step(self.matches.get(match_id))

    def bot_turn(self, match_id: str) -> tuple[int | None, str | None]:
        """``bot_step`` and then ``bot_to_act`` on the same copy, in one call: a computer
        seat's task asks once per move (one hand-off to a worker thread, not two)."""
        live = self.matches.get(match_id)
        version = self._bot_step(live)
        with live.lock:
            return version, _who(live)

    def _bot_step(self, live: Live) -> int | None:
        with live.lock:
            state = live.state
            if live.row.status != PLAYING or state is None or state.is_terminal():
                return None
            if state.is_chance():
                seat = state.chance_seat()
                if seat is not None and live.computer(seat) is None:
                    return None
                version = self._commit(live, state, CHANCE, self.chance.outcome(live, state))
                # Chance by itself (a deal is a card at a time) runs on in one go: one stored
                # action each, one message to the sockets.
                while _automatic_chance(live):
                    assert live.state is not None
                    outcome = self.chance.outcome(live, live.state)
                    version = self._commit(live, live.state, CHANCE, outcome)
                return version
            for seat in state.players_to_act():
                bot_id = live.computer(seat)
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
        try:
            events = trial.apply(action, player)
        except IllegalAction as exc:
            raise from_engine(exc) from exc
        result = trial.result()
        rows: list[SeatResult] = []
        if result is not None:
            seat_places = places(result.ranking, len(live.seats))
            teams = live.game.teams(len(live.seats), live.game.parse_options(live.row.options))
            team_of = {seat: t for t, members in enumerate(teams or ()) for seat in members}
            rows = [
                SeatResult(
                    seat=i,
                    # Computers never count; nor does a person whose seat a computer
                    # finished for them (the host handed it over): the result is not theirs.
                    name=None if s.get("bot") or s.get("stand_in") else s["name"],
                    won=i in result.winners,
                    place=seat_places[i],
                    # A computer level is rated as itself; partners are rated as one team.
                    bot=s.get("bot"),
                    team=team_of.get(i),
                )
                for i, s in enumerate(live.seats)
            ]
        status = OVER if trial.is_terminal() else PLAYING
        ok = self.store.append_action(
            live.row.id, live.version, player, action.to_json(), status=status, results_rows=rows
        )
        if not ok:
            # Someone else (another process) moved first: forget our copy and refuse.
            self.matches.forget(live.row.id)
            raise ServiceError("error.stale", "another move was first", 409, version=live.version)
        if not self.matches.holds(live):
            # The copy left the cache meanwhile: one rebuilt from a row read before this move
            # must not be trusted as it is.
            self.matches.changed([live.row.id])
        version = live.version + 1
        to_act = state.players_to_act()
        live.state = trial
        live.version = version
        live.entries.append(Logged(version, player, action, tuple(events), to_act))
        # The turn clock restarts with every change (the store stamped the row alike).
        live.row = dataclasses.replace(
            live.row, version=version, status=status, updated_at=datetime.now(UTC)
        )
        # A timed-out turn is over once the seat is no longer to act.
        live.timed_out &= set(live.acting())
        return version


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
    if any(live.computer(s) is not None for s in state.players_to_act()):
        return "bot"
    return None


def _automatic_chance(live: Live) -> bool:
    state = live.state
    return (
        state is not None
        and not state.is_terminal()
        and state.is_chance()
        and state.chance_seat() is None
    )


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
