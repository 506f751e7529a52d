"""Per-game records of the strength benchmarks, and the sums made from them.

Every strength figure in ``docs/performance.md`` comes from a results file in
``benchmarks/results/``: one JSON line per game (the line-up, the seed, who sat where, who
won, the measured side's longest and mean move, the clock and the commit). A long run is
played in parts, each with its own ``--seed`` and the same ``--results`` file; ``--summarize
FILE`` adds the parts up, each game (line-up, clock, seed, seating) counted once.

The benchmarks share the options ``--results``, ``--summarize`` and ``--cpu-clock`` through
:func:`add_arguments`. With ``--cpu-clock`` a search bot's time cap and the move times are the
thread's CPU time, so a run that shares the machine (niced, paused for a test run) plays as it
would on a quiet one.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import time
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from spelkvall.bots.arena import play_game, wilson_interval
from spelkvall.bots.base import Bot
from spelkvall.bots.tournament import Timed
from spelkvall.core import Game, Seat

Clock = Callable[[], float]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every strength benchmark shares."""
    parser.add_argument("--results", type=Path, help="append a JSON line per game to this file")
    parser.add_argument("--summarize", type=Path, help="add up a --results file and stop")
    parser.add_argument(
        "--cpu-clock", action="store_true", help="cap and time thinking by the thread's CPU time"
    )


def clock_of(args: argparse.Namespace) -> Clock:
    """The clock ``--cpu-clock`` asks for."""
    return time.thread_time if args.cpu_clock else time.perf_counter


def commit() -> str:
    """The checked-out commit: which rules and bots a results line was played with."""
    run = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    )
    return run.stdout.strip() or "unknown"


@dataclass
class Results:
    """Where a run writes its lines (``path`` None: nowhere). ``lineup`` names the run's
    line-up, its first name the side measured."""

    path: Path | None
    lineup: str
    clock: str
    commit: str = field(default_factory=commit)
    rows: list[dict[str, Any]] = field(default_factory=list)
    """This run's games, for its own summary."""

    @classmethod
    def of(cls, args: argparse.Namespace, lineup: str) -> Results:
        return cls(args.results, lineup, "cpu" if args.cpu_clock else "wall")

    def record(
        self,
        seed: int,
        seats: Sequence[str],
        winners: Sequence[int],
        won: bool,
        times: Sequence[float],
        **extra: Any,
    ) -> None:
        """Append one game: ``times`` are the measured side's move times in that game; a side
        of several seats (a team) says which in ``side_seats``."""
        row = {
            "bots": self.lineup,
            "clock": self.clock,
            "seed": seed,
            "seats": list(seats),
            "winners": sorted(winners),
            "won": won,
            "choices": len(times),
            "mean": round(sum(times) / len(times), 4) if times else 0.0,
            "longest": round(max(times), 4) if times else 0.0,
            "commit": self.commit,
            **extra,
        }
        self.rows.append(row)
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a") as out:
            out.write(json.dumps(row) + "\n")


@dataclass(frozen=True)
class Summary:
    """The sums of one line-up and clock in a results file."""

    lineup: str
    clock: str
    games: int
    wins: int
    no_winner: int
    choices: int
    mean: float
    longest: float
    over_one_second: int
    seeds: tuple[int, int]
    commits: tuple[str, ...]
    seat_wins: dict[str, tuple[int, int]]
    """Per seat (or seats, "1+3") of the measured side: (wins, games)."""

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)

    def lines(self) -> list[str]:
        low, high = self.interval
        side = self.lineup.split(",")[0]
        seats = ", ".join(f"seat {s} {w}/{n}" for s, (w, n) in sorted(self.seat_wins.items()))
        return [
            f"{self.lineup} ({self.clock} clock): {side} won {self.wins} of {self.games} = "
            f"{100 * self.wins / self.games:.1f} % (95 % CI {100 * low:.1f}-{100 * high:.1f} %);"
            f" {self.no_winner} without a winner; seeds {self.seeds[0]}-{self.seeds[1]}",
            f"  by seat: {seats}",
            f"  {side}'s moves: mean {self.mean:.3f} s, longest {self.longest:.3f} s over "
            f"{self.choices} choices, {self.over_one_second} games with a move over 1 s",
            f"  commits: {', '.join(self.commits)}",
        ]


def summaries(path: Path) -> tuple[list[Summary], int]:
    """Every line-up and clock in a results file added up, and how many repeated games were
    left out (see :func:`add_up`)."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return add_up(rows)


def add_up(rows: Sequence[dict[str, Any]]) -> tuple[list[Summary], int]:
    """The sums of every line-up and clock in ``rows``, and how many repeated games (the same
    line-up, clock, seed and seating: the first counts) were left out."""
    groups: dict[tuple[str, str], dict[tuple[int, tuple[str, ...]], dict[str, Any]]]
    groups = defaultdict(dict)
    repeated = 0
    for row in rows:
        games = groups[(row["bots"], row["clock"])]
        key = (row["seed"], tuple(row["seats"]))
        if key in games:
            repeated += 1
            continue
        games[key] = row
    out = []
    for (lineup, clock), games in sorted(groups.items()):
        rows = list(games.values())
        side = lineup.split(",")[0]
        seat_wins: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for r in rows:
            where = r.get("side_seats")
            if where is None and side in r["seats"]:
                where = [r["seats"].index(side)]
            if where:
                counts = seat_wins["+".join(str(s + 1) for s in where)]
                counts[0] += r["won"]
                counts[1] += 1
        choices = sum(r["choices"] for r in rows)
        seeds = [r["seed"] for r in rows]
        out.append(
            Summary(
                lineup=lineup,
                clock=clock,
                games=len(rows),
                wins=sum(1 for r in rows if r["won"]),
                no_winner=sum(1 for r in rows if not r["winners"]),
                choices=choices,
                mean=sum(r["mean"] * r["choices"] for r in rows) / max(choices, 1),
                longest=max(r["longest"] for r in rows),
                over_one_second=sum(1 for r in rows if r["longest"] > 1.0),
                seeds=(min(seeds), max(seeds)),
                commits=tuple(dict.fromkeys(r["commit"] for r in rows)),
                seat_wins={s: (w, n) for s, (w, n) in seat_wins.items()},
            )
        )
    return out, repeated


def summarize(path: Path) -> None:
    """Print the sums of a results file (``--summarize``)."""
    report(*summaries(path), str(path))


def report(found: Sequence[Summary], repeated: int = 0, source: str = "this run") -> None:
    """Print sums (a run's own, or a results file's)."""
    for summary in found:
        print("\n".join(summary.lines()))
    if repeated:
        print(f"{repeated} repeated game(s) left out")
    if not found:
        print(f"{source}: no games")


def play_rounds(
    game: Game[Any, Any],
    lineup: Sequence[str],
    games: int,
    seed: int,
    bots: Mapping[str, Bot],
    results: Results,
    *,
    every: int = 1,
) -> None:
    """Play ``games`` games (rounded up to whole rounds) of ``lineup``, the measured side
    (its first name, a :class:`Timed` bot in ``bots``) in each seat once a round and the
    others in their order after it; a round's games share the dice seed. Every game goes to
    ``results``; a line every ``every`` rounds tells how the run goes."""
    n = len(lineup)
    side = lineup[0]
    timed = bots[side]
    assert isinstance(timed, Timed), "the measured side is timed"
    seats = [Seat(f"{i + 1}") for i in range(n)]
    start = time.perf_counter()
    rounds = -(-games // n)
    for r in range(rounds):
        game_seed = seed * 100_003 + r
        for seat in range(n):
            names = [*lineup[n - seat :], *lineup[: n - seat]]
            seen = len(timed.times)
            state, _ = play_game(game, seats, [bots[name] for name in names], seed=game_seed)
            winners = state.winners()
            won = any(names[w] == side for w in winners)
            results.record(game_seed, names, winners, won, timed.times[seen:])
        if (r + 1) % every and r + 1 < rounds:
            continue
        wins = sum(row["won"] for row in results.rows)
        played = len(results.rows)
        print(
            f"  {played} games: {side} won {wins}; longest move "
            f"{max(timed.times, default=0.0):.3f} s; {time.perf_counter() - start:.0f} s",
            flush=True,
        )
