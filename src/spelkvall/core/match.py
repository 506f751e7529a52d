"""Match records (save file, replay file, crash-recovery record) and a match runner.

A record is the game id, rules version, options, seats and the action log. Chance outcomes are
in the log like any other action (player ``CHANCE``), so a record replays without any RNG. The
seed lives only in :class:`Match` on the server and is never part of a view.
"""

from __future__ import annotations

import json
import random
import secrets
from dataclasses import dataclass, field
from typing import Any

from .action import Action, Event
from .errors import IllegalAction, InvalidRecord, InvalidSetup, SpelkvallError
from .game import Game, Seat
from .registry import get_game
from .state import CHANCE, State

FORMAT = "spelkvall-match/1"


PLAYED_BY = ("timer", "stand_in")
"""Who may have made a logged move for a seat's person (``LogEntry.by``)."""


@dataclass
class LogEntry:
    player: int
    action: Action
    by: str | None = None
    """``"timer"`` or ``"stand_in"`` when a computer made the move for the seat's person (its
    turn timer ran out; the host's computer stood in), else ``None``. Written only when set,
    so a record stays what older readers expect (they skip a field they do not know)."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"player": self.player, "action": self.action.to_json()}
        if self.by is not None:
            out["by"] = self.by
        return out


@dataclass
class MatchRecord:
    game: str
    rules_version: str
    options: dict[str, Any]
    seats: tuple[Seat, ...]
    log: list[LogEntry] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "seats": [s.to_json() for s in self.seats],
            "log": [entry.to_json() for entry in self.log],
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        try:
            if data.get("format") != FORMAT:
                raise ValueError(f"format must be {FORMAT}")
            game = get_game(data["game"])
            log = [
                LogEntry(_player(e["player"]), game.action_from_json(e["action"]), _by(e))
                for e in data["log"]
            ]
            return cls(
                game=data["game"],
                rules_version=str(data["rules_version"]),
                options=dict(data["options"]),
                seats=tuple(Seat.from_json(s) for s in data["seats"]),
                log=log,
            )
        except (KeyError, TypeError, ValueError, AttributeError, SpelkvallError) as exc:
            # SpelkvallError: an unknown game or a malformed action in the log.
            raise InvalidRecord("error.record", f"bad match record: {exc}", why=str(exc)) from exc

    @classmethod
    def loads(cls, text: str) -> MatchRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InvalidRecord("error.record", f"not JSON: {exc}", why=str(exc)) from exc
        return cls.from_json(data)

    def replay(self, upto: int | None = None) -> State:
        """The state after the first ``upto`` log entries (all by default)."""
        try:
            game = get_game(self.game)
        except SpelkvallError as exc:
            raise InvalidRecord("error.record", str(exc), why=str(exc)) from exc
        if self.rules_version != game.rules_version:
            # Refused rather than replayed: the same log may mean other moves under new rules.
            raise InvalidRecord(
                "error.record_rules",
                f"record is for rules {self.rules_version}, engine has {game.rules_version}",
                why="rules version",
                record=self.rules_version,
                engine=game.rules_version,
            )
        try:
            state: State = game.new_state(self.seats, game.parse_options(self.options))
        except InvalidSetup as exc:
            raise InvalidRecord(
                "error.record", f"the record's seats or options: {exc}", why=str(exc)
            ) from exc
        for i, entry in enumerate(self.log[:upto]):
            try:
                state.apply(entry.action, entry.player)
            except IllegalAction as exc:
                raise InvalidRecord(
                    "error.record", f"log entry {i} does not replay: {exc}", why=str(exc)
                ) from exc
        return state


def _by(entry: Any) -> str | None:
    # Optional; a value this code does not know (a newer writer's) is read as unmarked.
    by = entry.get("by")
    return by if by in PLAYED_BY else None


def _player(value: Any) -> int:
    # bool is an int in Python, and int(-1.5) would quietly make a player into CHANCE.
    if type(value) is not int:
        raise ValueError(f"a log entry's player must be an int, not {value!r}")
    return value


class Match:
    """A live match: the state, its record and the RNG that resolves chance.

    ``seed`` and the RNG are private to this object (the server). Tests script chance by
    calling :meth:`apply` with ``CHANCE`` and an outcome of their choice.
    """

    def __init__(
        self,
        game: Game[Any, Any],
        seats: tuple[Seat, ...] | list[Seat],
        options: Any = None,
        seed: int | None = None,
    ) -> None:
        self.game = game
        opts = game.default_options() if options is None else options
        self.state: State = game.new_state(seats, opts)
        self.record = MatchRecord(
            game=game.id,
            rules_version=game.rules_version,
            options=game.options_to_json(opts),
            # Under the match's own options: they may allow more seats (a sixth player).
            seats=game.check_seats(seats, opts),
        )
        self._rng = random.Random(secrets.randbits(64) if seed is None else seed)

    @classmethod
    def from_record(cls, record: MatchRecord, seed: int | None = None) -> Match:
        game = get_game(record.game)
        match = cls(game, record.seats, game.parse_options(record.options), seed)
        match.state = record.replay()
        match.record = record
        return match

    @property
    def version(self) -> int:
        """The number of log entries: bumps by one with every accepted action."""
        return len(self.record.log)

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        """Apply and log one action; raises IllegalAction (and logs nothing) when illegal."""
        if player is None:
            if self.state.is_chance():
                player = CHANCE
            else:
                to_act = self.state.players_to_act()
                player = to_act[0] if len(to_act) == 1 else CHANCE
        events = self.state.apply(action, player)
        self.record.log.append(LogEntry(player, action))
        return events

    def apply_json(self, player: int, data: object) -> list[Event]:
        """Apply an action that arrived as JSON from a client."""
        if player == CHANCE:
            raise IllegalAction("error.illegal_action", "clients cannot apply chance outcomes")
        return self.apply(self.game.action_from_json(data), player)

    def resolve_chance(self) -> list[Event]:
        """Draw and apply one chance outcome with the private RNG."""
        return self.apply(self.state.sample_chance(self._rng), CHANCE)
