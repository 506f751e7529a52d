"""The store's vocabulary: the rows and records it hands out and takes in, and the small
helpers every part of it shares (the time, token secrets and hashes, a person's key)."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from spelkvall.core import name_key

from .rating import shown


def now() -> datetime:
    """The time the store writes (UTC)."""
    return datetime.now(UTC)


def hash_token(token: str) -> str:
    """What is stored of a token's secret: its SHA-256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    """A new token's secret, shown once."""
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
