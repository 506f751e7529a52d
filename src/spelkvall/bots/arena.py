"""Bots against bots: one game with a record (:func:`play_game`) or a batch with statistics
(:func:`simulate`, used by ``spelkvall simulate``).

Chance is resolved with one ``random.Random`` that the bots share, so a seed fixes a whole
batch. Game length is counted in chance events (die rolls, including a start roll-off) and in
moves (decisions made by players).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from spelkvall.core import CHANCE, Game, LogEntry, MatchRecord, Seat, State

from .base import Bot, Observation, make_bot

MAX_STEPS = 1_000_000
"""A safety net: a game that has not ended after this many steps is a bug, not a long game."""


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95 % with the default ``z``)."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    # Rounding leaves 5.6e-17 for no successes (and just under 1 for all); the interval must
    # hold its own estimate, so the ends are exact there.
    low = 0.0 if successes <= 0 else max(0.0, min(p, centre - half))
    high = 1.0 if successes >= trials else min(1.0, max(p, centre + half))
    return (low, high)


def _bots(game: Game[Any, Any], bots: Sequence[Bot | str]) -> list[Bot]:
    return [make_bot(b, game) if isinstance(b, str) else b for b in bots]


def _rng(rng: random.Random | None, seed: int | None) -> random.Random:
    if rng is not None:
        return rng
    return random.Random(seed)


def play_game(
    game: Game[Any, Any],
    seats: Sequence[Seat],
    bots: Sequence[Bot | str],
    rng: random.Random | None = None,
    *,
    seed: int | None = None,
    options: Any = None,
) -> tuple[State, MatchRecord]:
    """Play one game to the end with ``bots[i]`` (a bot or a bot name) in seat ``i``.

    Returns the finished state and its record (chance outcomes included, so it replays).
    Pass ``rng`` or ``seed`` (neither: an unseeded RNG).
    """
    if len(bots) != len(seats):
        raise ValueError(f"{len(seats)} seats but {len(bots)} bots")
    players = _bots(game, bots)
    rng = _rng(rng, seed)
    opts = game.default_options() if options is None else options
    state: State = game.new_state(seats, opts)
    record = MatchRecord(
        game=game.id,
        rules_version=game.rules_version,
        options=game.options_to_json(opts),
        seats=game.check_seats(seats),
    )
    log = record.log
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return state, record
        if state.is_chance():
            action = state.sample_chance(rng)
            state.apply(action, CHANCE)
            log.append(LogEntry(CHANCE, action))
            continue
        for seat in state.players_to_act():
            action = players[seat].choose(Observation(game, state, seat), rng)
            state.apply(action, seat)
            log.append(LogEntry(seat, action))
    raise RuntimeError(f"{game.id}: no end after {MAX_STEPS} steps")


@dataclass
class SeatStats:
    """One seat's results in a batch."""

    seat: int
    bot: str
    wins: int
    share: float
    low: float
    high: float

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "bot": self.bot,
            "wins": self.wins,
            "win_rate": self.share,
            "ci95": [self.low, self.high],
        }


@dataclass
class Simulation:
    """The statistics of a batch of games."""

    game: str
    bots: tuple[str, ...]
    games: int
    seed: int | None
    options: dict[str, Any]
    seats: list[SeatStats] = field(default_factory=list)
    mean_chance_events: float = 0.0
    mean_moves: float = 0.0
    seconds: float = 0.0
    no_winner: int | None = None
    """Games that ended with nobody winning (a game that may end so), when counted."""

    @classmethod
    def from_counts(
        cls,
        game: str,
        bots: Sequence[str],
        seed: int | None,
        options: dict[str, Any],
        wins: Sequence[int],
        games: int,
        chance_events: int,
        moves: int,
        seconds: float,
    ) -> Simulation:
        """The statistics of ``games`` games from their totals: wins per seat, chance events,
        moves, and the seconds they took."""
        sim = cls(
            game=game,
            bots=tuple(bots),
            games=games,
            seed=seed,
            options=options,
            mean_chance_events=chance_events / games,
            mean_moves=moves / games,
            seconds=seconds,
        )
        for i, name in enumerate(bots):
            low, high = wilson_interval(wins[i], games)
            sim.seats.append(SeatStats(i, name, wins[i], wins[i] / games, low, high))
        return sim

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.inf

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "seats": [s.to_json() for s in self.seats],
            "mean_length": {
                "chance_events": self.mean_chance_events,
                "moves": self.mean_moves,
            },
            "seconds": self.seconds,
            "games_per_second": self.games_per_second,
            **({} if self.no_winner is None else {"no_winner": self.no_winner}),
        }


def _play_fast(
    game: Game[Any, Any], state: State, players: list[Bot], rng: random.Random
) -> tuple[int, int]:
    """Play ``state`` to the end without a record; returns (chance events, moves)."""
    chance = moves = 0
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return chance, moves
        if state.is_chance():
            state.apply(state.sample_chance(rng), CHANCE)
            chance += 1
            continue
        for seat in state.players_to_act():
            state.apply(players[seat].choose(Observation(game, state, seat), rng), seat)
            moves += 1
    raise RuntimeError(f"{game.id}: no end after {MAX_STEPS} steps")


def simulate(
    game: Game[Any, Any],
    bots: Sequence[str],
    games: int,
    *,
    seed: int | None = None,
    options: Any = None,
    progress: Callable[[int], None] | None = None,
) -> Simulation:
    """Play ``games`` games with bot ``bots[i]`` in seat ``i`` and count who wins.

    Seats get the game's colours in order. ``progress(done)`` is called after every game.
    Raises ``ValueError`` for an unknown bot or a seat count the game does not allow.
    """
    if not game.min_players <= len(bots) <= game.max_players:
        raise ValueError(
            f"{game.id} needs {game.min_players}-{game.max_players} seats, got {len(bots)}"
        )
    if games < 1:
        raise ValueError("the number of games must be at least 1")
    players = _bots(game, bots)
    opts = game.default_options() if options is None else options
    seats = [Seat(f"{i + 1}:{name}", bot=name) for i, name in enumerate(bots)]
    rng = random.Random(seed)
    wins = [0] * len(bots)
    chance_total = moves_total = no_winner = 0
    start = time.perf_counter()
    for done in range(1, games + 1):
        state = game.new_state(seats, opts)
        chance, moves = _play_fast(game, state, players, rng)
        chance_total += chance
        moves_total += moves
        for winner in state.winners():
            wins[winner] += 1
        no_winner += not state.winners()
        if progress is not None:
            progress(done)
    seconds = time.perf_counter() - start
    options = game.options_to_json(opts)
    sim = Simulation.from_counts(
        game.id, bots, seed, options, wins, games, chance_total, moves_total, seconds
    )
    if game.may_end_without_winner:
        sim.no_winner = no_winner
    return sim
