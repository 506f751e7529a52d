"""Tournaments: bots against bots with rotated seats, win rates with intervals and Elo ratings.

Seating: the line-up (one bot name per seat, names may repeat) is played in every distinct
order of its seats, and the number of games is rounded up to whole rounds of these seatings,
so every bot sits in every seat — and before and after every other bot — equally often. All
seatings of one round share the dice seed, which lowers the variance between them.

Elo: every game is split into pairwise results between seats of different bots: the better
placed seat of a pair scores 1, the other 0; seats sharing a place score ½ each (in a race game
that stops at its first finisher the winner beats all and the others share second place). The
ratings are the maximum-likelihood fit of the Bradley–Terry model
P(A beats B) = 1 / (1 + 10^((R_B − R_A)/400)) to all those pairwise results (Hunter's MM
iteration), with one virtual drawn game per pair of bots so that a bot that never (or always)
wins keeps a finite rating; they are shifted so their mean is 1500. Pairs from the same game
are not independent, so the Elo figures come without
intervals; the win rates carry the 95 % Wilson intervals.
"""

from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from spelkvall.core import CHANCE, Game, Seat, State

from .arena import MAX_STEPS, wilson_interval
from .base import Bot, Observation, make_bot
from .mcts import MCTSBot
from .rollout import RolloutBot

ELO_MEAN = 1500.0
MAX_SEATINGS = 24
"""Above this many distinct seatings (five or more distinct bots) rotations are used instead."""


def seatings(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    """Every distinct order of ``lineup``; for large line-ups its cyclic rotations."""
    distinct = sorted(set(itertools.permutations(lineup)))
    if len(distinct) <= MAX_SEATINGS:
        return distinct
    n = len(lineup)
    return [tuple(lineup[(i + r) % n] for i in range(n)) for r in range(n)]


def places(state: State) -> list[int]:
    """Each seat's place (0 = first) from the result's ranking."""
    result = state.result()
    if result is None:
        raise ValueError("the game is not over")
    place = [len(result.ranking)] * state.num_players
    for rank, group in enumerate(result.ranking):
        for seat in group:
            place[seat] = rank
    for winner in result.winners:
        place[winner] = 0
    return place


def fit_elo(
    scores: dict[tuple[str, str], float], games: dict[tuple[str, str], float], names: Sequence[str]
) -> dict[str, float]:
    """Bradley–Terry ratings on the Elo scale from pairwise ``scores[(a, b)]`` (a's points
    against b) and ``games[(a, b)]`` (pairings of a and b, counted once per ordered pair)."""
    names = list(dict.fromkeys(names))
    wins = {a: 0.0 for a in names}
    meet: dict[tuple[str, str], float] = {}
    for a, b in itertools.permutations(names, 2):
        # One virtual draw per pair: finite ratings even for a bot that never wins.
        n = games.get((a, b), 0.0) + 1.0
        meet[(a, b)] = n
        wins[a] += scores.get((a, b), 0.0) + 0.5
    gamma = {a: 1.0 for a in names}
    for _ in range(10_000):
        new = {}
        for a in names:
            denom = sum(meet[(a, b)] / (gamma[a] + gamma[b]) for b in names if b != a)
            new[a] = wins[a] / denom if denom > 0 else gamma[a]
        # Fix the scale: the geometric mean stays 1.
        log_mean = sum(math.log(g) for g in new.values()) / len(new)
        new = {a: g / math.exp(log_mean) for a, g in new.items()}
        change = max(abs(math.log(new[a] / gamma[a])) for a in names)
        gamma = new
        if change < 1e-10:
            break
    return {a: ELO_MEAN + 400 * math.log10(gamma[a]) for a in names}


@dataclass
class Entrant:
    """One bot's results over the tournament."""

    bot: str
    seats: int = 0
    wins: int = 0
    elo: float = ELO_MEAN

    @property
    def rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.seats)

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "bot": self.bot,
            "seats": self.seats,
            "wins": self.wins,
            "win_rate": self.rate,
            "ci95": [low, high],
            "elo": self.elo,
        }


@dataclass
class Tournament:
    """The outcome of :func:`run_tournament`."""

    game: str
    lineup: tuple[str, ...]
    games: int
    rounds: int
    seatings: int
    seed: int | None
    entrants: list[Entrant] = field(default_factory=list)
    seconds: float = 0.0
    max_move_seconds: dict[str, float] = field(default_factory=dict)
    mean_move_seconds: dict[str, float] = field(default_factory=dict)
    """Over the decisions with more than one legal action."""

    @property
    def chance_rate(self) -> float:
        """The win rate of a seat when all play equally well."""
        return 1 / len(self.lineup)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "lineup": list(self.lineup),
            "games": self.games,
            "rounds": self.rounds,
            "seatings": self.seatings,
            "seed": self.seed,
            "chance_win_rate": self.chance_rate,
            "bots": [e.to_json() for e in self.entrants],
            "seconds": self.seconds,
            "max_move_seconds": self.max_move_seconds,
            "mean_move_seconds": self.mean_move_seconds,
            "elo_method": "Bradley-Terry maximum likelihood on pairwise results within games, "
            "one virtual draw per pair, mean 1500",
        }


class Timed(Bot):
    """A bot whose moves are timed on ``clock`` (the tournament's report, the strength
    benchmarks): each choice among more than one legal action goes to ``times`` (a forced move
    takes no thought). A search bot's time cap runs on the same clock."""

    def __init__(self, bot: Bot, clock: Callable[[], float] = time.perf_counter) -> None:
        self.bot = bot
        self.name = bot.name
        self.clock = clock
        self.times: list[float] = []
        if isinstance(bot, MCTSBot | RolloutBot):
            bot.clock = clock

    def choose(self, obs: Observation, rng: random.Random) -> Any:
        if len(obs.legal_actions()) == 1:
            return self.bot.choose(obs, rng)
        start = self.clock()
        action = self.bot.choose(obs, rng)
        self.times.append(self.clock() - start)
        return action

    @property
    def longest(self) -> float:
        return max(self.times, default=0.0)

    @property
    def chosen(self) -> int:
        return len(self.times)

    @property
    def total(self) -> float:
        return sum(self.times)

    @property
    def mean(self) -> float:
        return self.total / self.chosen if self.chosen else 0.0


def run_tournament(
    game: Game[Any, Any],
    lineup: Sequence[str],
    games: int,
    *,
    seed: int | None = None,
    options: Any = None,
    progress: Callable[[int, int], None] | None = None,
) -> Tournament:
    """Play at least ``games`` games of ``lineup`` over all its seatings (see the module doc).

    ``progress(done, total)`` is called after every game. Raises ``ValueError`` for an unknown
    bot, a line-up the game cannot seat, or fewer than two different bots.
    """
    lineup = check_lineup(game, lineup, games)
    bots = {name: Timed(make_bot(name, game)) for name in dict.fromkeys(lineup)}
    orders = seatings(lineup)
    rounds = -(-games // len(orders))
    total = rounds * len(orders)
    opts = game.default_options() if options is None else options
    seats = [Seat(f"{i + 1}") for i in range(len(lineup))]
    entrants = {name: Entrant(name) for name in bots}
    scores: dict[tuple[str, str], float] = {}
    pairings: dict[tuple[str, str], float] = {}
    base = random.Random(seed).getrandbits(64)
    start = time.perf_counter()
    done = 0
    for r in range(rounds):
        for order in orders:
            rng = random.Random(f"{base}:{r}")
            state = game.new_state(seats, opts)
            _play(game, state, [bots[name] for name in order], rng)
            count_game(order, places(state), entrants, scores, pairings)
            done += 1
            if progress is not None:
                progress(done, total)
    elo = fit_elo(scores, pairings, list(bots))
    for name, entrant in entrants.items():
        entrant.elo = elo[name]
    return Tournament(
        game=game.id,
        lineup=lineup,
        games=total,
        rounds=rounds,
        seatings=len(orders),
        seed=seed,
        entrants=sorted(entrants.values(), key=lambda e: -e.elo),
        seconds=time.perf_counter() - start,
        max_move_seconds={name: bot.longest for name, bot in bots.items()},
        mean_move_seconds={name: bot.mean for name, bot in bots.items()},
    )


def check_lineup(game: Game[Any, Any], lineup: Sequence[str], games: int) -> tuple[str, ...]:
    """``lineup`` as a tuple, or ``ValueError`` for a line-up the game cannot seat, fewer than
    two different bots, or fewer than one game (an unknown bot fails where it is made)."""
    lineup = tuple(lineup)
    if not game.min_players <= len(lineup) <= game.max_players:
        raise ValueError(
            f"{game.id} needs {game.min_players}-{game.max_players} seats, got {len(lineup)}"
        )
    if len(set(lineup)) < 2:
        raise ValueError("a tournament needs at least two different bots")
    if games < 1:
        raise ValueError("the number of games must be at least 1")
    return lineup


def count_game(
    order: Sequence[str],
    place: Sequence[int],
    entrants: dict[str, Entrant],
    scores: dict[tuple[str, str], float],
    pairings: dict[tuple[str, str], float],
) -> None:
    """Add one finished game to a tournament's sums: ``order`` the bots by seat, ``place``
    each seat's place (0 the winner). Each seat counts for its bot; each pair of different
    bots scores 1 for the better place, 0.5 each for the same place (the Elo fit's input)."""
    for seat, name in enumerate(order):
        entrants[name].seats += 1
        entrants[name].wins += place[seat] == 0
    for i, j in itertools.permutations(range(len(order)), 2):
        a, b = order[i], order[j]
        if a == b:
            continue
        pairings[(a, b)] = pairings.get((a, b), 0.0) + 1
        points = 1.0 if place[i] < place[j] else 0.5 if place[i] == place[j] else 0.0
        scores[(a, b)] = scores.get((a, b), 0.0) + points


def _play(game: Game[Any, Any], state: State, players: Sequence[Bot], rng: random.Random) -> None:
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return
        if state.is_chance():
            state.apply(state.sample_chance(rng), CHANCE)
            continue
        for seat in state.players_to_act():
            state.apply(players[seat].choose(Observation(game, state, seat), rng), seat)
    raise RuntimeError(f"{game.id}: no end after {MAX_STEPS} steps")


def plot(
    tournament: Tournament,
    path: str,
    title: str = "",
    rate_label: str = "win rate %, 95 % confidence interval\n(dashed: chance)",
    elo_label: str = "Elo (mean 1500)",
) -> None:
    """Win rates with 95 % intervals and Elo ratings as a PNG (needs matplotlib: the ``plot``
    extra). Raises ``ImportError`` when matplotlib is missing."""
    import matplotlib

    matplotlib.use("Agg")  # files only, no window
    import matplotlib.pyplot as plt

    names = [e.bot for e in tournament.entrants]
    rates = [100 * e.rate for e in tournament.entrants]
    lows = [100 * (e.rate - e.interval[0]) for e in tournament.entrants]
    highs = [100 * (e.interval[1] - e.rate) for e in tournament.entrants]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    left.bar(names, rates, yerr=[lows, highs], capsize=6, color="#8b3a0f")
    left.axhline(100 * tournament.chance_rate, color="grey", linestyle="--", linewidth=1)
    left.set_ylabel(rate_label)
    left.set_ylim(0, 100)
    elos = [e.elo for e in tournament.entrants]
    # Bars from the mean: above it stronger than the average entrant, below it weaker.
    right.bar(names, [x - ELO_MEAN for x in elos], bottom=ELO_MEAN, color="#2b5fad")
    right.axhline(ELO_MEAN, color="grey", linestyle="--", linewidth=1)
    right.set_ylim(min(*elos, ELO_MEAN) - 50, max(*elos, ELO_MEAN) + 50)
    right.set_ylabel(elo_label)
    fig.suptitle(title or f"{tournament.game}: {tournament.games} games")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
