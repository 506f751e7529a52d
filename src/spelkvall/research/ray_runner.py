"""Tournaments and fast simulations as Ray tasks: on this machine's cores or on a cluster.

``spelkvall tournament … --ray`` and ``spelkvall simulate … --fast --ray`` (a new Ray on this
machine; ``--ray-address ADDRESS`` for a cluster) call :func:`tournament_on_ray` and
:func:`simulate_on_ray`. The games are cut into chunks, one Ray task each; every task rebuilds
the game from the registry (by id, with the options as JSON), so a cluster node needs only the
same Spelkväll installed, never this process's objects.

Same results as the local run for the same seed: each game is seeded exactly as the local run
seeds it, whichever task plays it.

- A tournament's game ``g`` is round ``g // seatings`` in seating ``g % seatings``, with the
  dice of ``random.Random(f"{base}:{round}")`` where ``base`` comes from the seed
  (:func:`spelkvall.bots.tournament.run_tournament`); the bots keep no state between games.
  (A search bot that stops on its time cap rather than its iteration budget plays as fast as
  the machine is at that moment, and then no run repeats exactly, a local one neither.)
- A fast simulation's game ``k`` is game ``k`` of the stream the seed names, whatever batch
  plays it (``Game.fast_batch(first_game=k)``), as ``spelkvall simulate --fast`` plays it.

Results are added up in game order, not in the order tasks finish. Only the timings differ: the
seconds are the wall time of the whole run, the move times the slowest and the mean over all
workers. The engine simulation (``spelkvall simulate`` without ``--fast``) draws every game's
dice from one shared random stream, so no game can start before the one ahead of it has ended;
it cannot be split with the same results and is not offered here.

A lost worker (a killed process, a lost node) loses only its task: Ray runs it again
(``max_retries``); a game's seed does not depend on where or when it is played, so the rerun
plays the same games. An exception raised by the game or a bot is not retried: it is a bug and
ends the run.

Ray is imported only inside these functions, so Spelkväll runs without the ``research`` extra.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from spelkvall.bots.arena import Simulation
from spelkvall.bots.base import make_bot
from spelkvall.bots.tournament import (
    Entrant,
    Timed,
    Tournament,
    _play,  # the local run's game loop: one definition of how a tournament game is played
    check_lineup,
    count_game,
    fit_elo,
    places,
    seatings,
)
from spelkvall.core import Game, Seat, get_game

LOCAL = "local"
"""A new Ray on this machine (Ray's own name for it): ``--ray`` without ``--ray-address``."""

MAX_RETRIES = 3
"""How often Ray reruns a task whose worker died before it finished."""

TASKS_PER_CPU = 8
"""Chunks per CPU of the cluster: enough for an even finish and a moving progress bar, few
enough that Ray's cost per task (about a millisecond) stays small beside the games."""

FAST_TASK_GAMES = 20_000
"""At most this many fast-simulator games per task (the local run's chunk)."""


@contextmanager
def connected(address: str | None = LOCAL, num_cpus: int | None = None) -> Iterator[None]:
    """Ray for the ``with`` block: this process's Ray if it has one (left running), else a new
    local Ray (``address`` ``"local"`` or ``None``; ``num_cpus`` workers, default all cores)
    or the cluster at ``address`` (``"auto"``, ``host:6379`` or ``ray://host:10001``), shut
    down after the block."""
    import logging

    import ray

    if ray.is_initialized():
        yield
        return
    if address in (None, LOCAL):
        ray.init(
            address=LOCAL, num_cpus=num_cpus, include_dashboard=False, logging_level=logging.WARNING
        )
    else:
        ray.init(address=address, logging_level=logging.WARNING)
    try:
        yield
    finally:
        ray.shutdown()


def run_chunks(
    task: Callable[[Any], Any],
    chunks: Sequence[Any],
    sizes: Sequence[int],
    *,
    progress: Callable[[int], None] | None = None,
    max_retries: int = MAX_RETRIES,
) -> list[Any]:
    """``task(chunk)`` for every chunk as a Ray task (one CPU and one Numba thread each, rerun
    up to ``max_retries`` times when its worker dies), the results in chunk order.

    ``sizes[i]`` is the number of games in ``chunks[i]``: ``progress(done)`` is called with
    the games finished so far whenever a task ends. Needs a connected Ray (:func:`connected`).
    If the run is stopped (an error, Ctrl-C) the tasks still queued are cancelled.
    """
    import ray

    remote = ray.remote(task).options(
        num_cpus=1,
        max_retries=max_retries,
        # A task holds one CPU: a search bot's playouts stay on one Numba thread in it rather
        # than compete with the other tasks for every core (the results are the same).
        runtime_env={"env_vars": {"NUMBA_NUM_THREADS": "1"}},
    )
    refs = [remote.remote(chunk) for chunk in chunks]
    index = {ref: i for i, ref in enumerate(refs)}
    results: list[Any] = [None] * len(refs)
    pending = list(refs)
    done = 0
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                i = index[ref]
                results[i] = ray.get(ref)
                done += sizes[i]
            if progress is not None:
                progress(done)
    finally:
        for ref in pending:
            ray.cancel(ref)
    return results


def _cpus() -> int:
    import ray

    # Ray leaves this one untyped; its type is stated here rather than ignored (an ignore
    # would be unused, and fail strict mypy, where Ray is not installed).
    resources: Callable[[], dict[str, float]] = ray.cluster_resources
    return max(1, int(resources().get("CPU", 1)))


_WARM: set[str] = set()
"""The games whose kernels this worker process has loaded."""


def _warm_up(game: Game[Any, Any]) -> None:
    if game.id not in _WARM:
        game.warm_up()
        _WARM.add(game.id)


def _split(total: int, per_task: int) -> list[range]:
    return [range(first, min(first + per_task, total)) for first in range(0, total, per_task)]


# --- tournaments ------------------------------------------------------------------------------
@dataclass
class TournamentChunk:
    """What a task needs to play games ``games`` of a tournament."""

    game: str
    options: dict[str, Any]
    lineup: tuple[str, ...]
    base: int
    games: range


@dataclass
class TournamentGames:
    """A task's result: each game's seating (index) and places, and the bots' move times."""

    seatings: list[int]
    places: list[list[int]]
    longest: dict[str, float] = field(default_factory=dict)
    chosen: dict[str, int] = field(default_factory=dict)
    total: dict[str, float] = field(default_factory=dict)


def play_tournament_games(chunk: TournamentChunk) -> TournamentGames:
    """Play a chunk of a tournament's games (a Ray task), each seeded as the local run seeds
    it (see the module doc)."""
    game = get_game(chunk.game)
    opts = game.parse_options(chunk.options)
    orders = seatings(chunk.lineup)
    bots = {name: Timed(make_bot(name, game)) for name in dict.fromkeys(chunk.lineup)}
    if any(bot.bot.thinks for bot in bots.values()):
        # A search bot's first move in a fresh worker would load the game's kernels (seconds)
        # inside its time cap and cut that search short: load them first, once a process.
        _warm_up(game)
    seats = [Seat(f"{i + 1}") for i in range(len(chunk.lineup))]
    out = TournamentGames([], [])
    for g in chunk.games:
        r, s = divmod(g, len(orders))
        rng = random.Random(f"{chunk.base}:{r}")
        state = game.new_state(seats, opts)
        _play(game, state, [bots[name] for name in orders[s]], rng)
        out.seatings.append(s)
        out.places.append(places(state))
    out.longest = {name: bot.longest for name, bot in bots.items()}
    out.chosen = {name: bot.chosen for name, bot in bots.items()}
    out.total = {name: bot.total for name, bot in bots.items()}
    return out


def tournament_on_ray(
    game: Game[Any, Any],
    lineup: Sequence[str],
    games: int,
    *,
    seed: int | None = None,
    options: Any = None,
    progress: Callable[[int, int], None] | None = None,
    address: str | None = LOCAL,
    num_cpus: int | None = None,
    max_retries: int = MAX_RETRIES,
    task: Callable[[TournamentChunk], TournamentGames] = play_tournament_games,
) -> Tournament:
    """:func:`spelkvall.bots.tournament.run_tournament` with the games played as Ray tasks:
    the same games, seatings, wins and Elo ratings for the same seed.

    ``address`` and ``num_cpus`` choose the Ray (:func:`connected`); ``progress(done, total)``
    is called as tasks end. ``task`` plays one chunk in a worker (a wrapper may log or, in a
    test, fail). Raises ``ValueError`` as the local run does.
    """
    lineup = check_lineup(game, lineup, games)
    for name in lineup:
        make_bot(name, game)  # an unknown bot fails here, not in a worker
    orders = seatings(lineup)
    rounds = -(-games // len(orders))
    total = rounds * len(orders)
    opts = game.default_options() if options is None else options
    base = random.Random(seed).getrandbits(64)
    with connected(address, num_cpus):
        start = time.perf_counter()
        per_task = max(1, math.ceil(total / (_cpus() * TASKS_PER_CPU)))
        chunks = [
            TournamentChunk(game.id, game.options_to_json(opts), lineup, base, part)
            for part in _split(total, per_task)
        ]
        results: list[TournamentGames] = run_chunks(
            task,
            chunks,
            [len(c.games) for c in chunks],
            progress=None if progress is None else lambda done: progress(done, total),
            max_retries=max_retries,
        )
        seconds = time.perf_counter() - start
    names = list(dict.fromkeys(lineup))
    entrants = {name: Entrant(name) for name in names}
    scores: dict[tuple[str, str], float] = {}
    pairings: dict[tuple[str, str], float] = {}
    # The local run's sums, game by game in the same order.
    for result in results:
        for s, place in zip(result.seatings, result.places, strict=True):
            count_game(orders[s], place, entrants, scores, pairings)
    elo = fit_elo(scores, pairings, names)
    for name, entrant in entrants.items():
        entrant.elo = elo[name]
    chosen = {name: sum(r.chosen[name] for r in results) for name in names}
    thought = {name: sum(r.total[name] for r in results) for name in names}
    return Tournament(
        game=game.id,
        lineup=lineup,
        games=total,
        rounds=rounds,
        seatings=len(orders),
        seed=seed,
        entrants=sorted(entrants.values(), key=lambda e: -e.elo),
        seconds=seconds,
        max_move_seconds={name: max(r.longest[name] for r in results) for name in names},
        mean_move_seconds={
            name: thought[name] / chosen[name] if chosen[name] else 0.0 for name in names
        },
    )


# --- fast simulations -------------------------------------------------------------------------
@dataclass
class FastChunk:
    """What a task needs to play games ``games`` of a fast simulation's stream."""

    game: str
    options: dict[str, Any]
    bots: tuple[str, ...]
    stream: int
    games: range


@dataclass
class FastGames:
    """A task's totals: wins per seat, chance events and moves."""

    wins: tuple[float, ...]
    chance_events: int
    moves: int


def play_fast_games(chunk: FastChunk) -> FastGames:
    """Play a chunk of a fast simulation (a Ray task) on one core: games ``chunk.games`` of the
    stream, the very games the local run plays under those numbers."""
    game = get_game(chunk.game)
    _warm_up(game)
    state = game.new_state(
        [Seat(f"{i + 1}:{name}", bot=name) for i, name in enumerate(chunk.bots)],
        game.parse_options(chunk.options),
    )
    first, n = chunk.games.start, len(chunk.games)
    # One core per task: Ray spreads the tasks over the cores.
    batch = game.fast_batch(state, n, chunk.bots, chunk.stream, first_game=first, parallel=False)
    return FastGames(batch.wins, batch.chance_events, batch.moves)


def simulate_on_ray(
    game: Game[Any, Any],
    bots: Sequence[str],
    games: int,
    *,
    seed: int | None = None,
    options: Any = None,
    progress: Callable[[int], None] | None = None,
    address: str | None = LOCAL,
    num_cpus: int | None = None,
    max_retries: int = MAX_RETRIES,
    task: Callable[[FastChunk], FastGames] = play_fast_games,
) -> Simulation:
    """``spelkvall simulate --fast`` (the game's fast simulator) with the games played as Ray
    tasks: the same wins, chance events and moves for the same seed.

    ``address``, ``num_cpus``, ``progress(done)``, ``max_retries`` and ``task`` as in
    :func:`tournament_on_ray`. Raises ``ValueError`` for a game without a fast simulator, a
    bot it cannot play, a seat count the game does not allow or fewer than one game.
    """
    bots = tuple(bots)
    if not game.min_players <= len(bots) <= game.max_players:
        raise ValueError(
            f"{game.id} needs {game.min_players}-{game.max_players} seats, got {len(bots)}"
        )
    unknown = [bot for bot in bots if bot not in game.fast_policies]
    if unknown:
        raise ValueError(f"{game.id}'s fast simulator cannot play {unknown}")
    if games < 1:
        raise ValueError("the number of games must be at least 1")
    opts = game.default_options() if options is None else options
    options_json = game.options_to_json(opts)
    # As in the local run: a random stream when no seed is given.
    stream = random.randrange(2**63) if seed is None else seed
    with connected(address, num_cpus):
        start = time.perf_counter()
        per_task = min(FAST_TASK_GAMES, max(1, math.ceil(games / (_cpus() * TASKS_PER_CPU))))
        chunks = [
            FastChunk(game.id, options_json, bots, stream, part) for part in _split(games, per_task)
        ]
        results: list[FastGames] = run_chunks(
            task,
            chunks,
            [len(c.games) for c in chunks],
            progress=progress,
            max_retries=max_retries,
        )
        seconds = time.perf_counter() - start
    wins = [0.0] * len(bots)
    for result in results:
        for seat, w in enumerate(result.wins):
            wins[seat] += w
    chance = sum(r.chance_events for r in results)
    moves = sum(r.moves for r in results)
    counts = [round(w) for w in wins]
    return Simulation.from_counts(
        game.id, bots, seed, options_json, counts, games, chance, moves, seconds
    )
