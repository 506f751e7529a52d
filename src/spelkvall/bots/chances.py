"""The chance-to-win graph of a finished match: each side's chance to win after every step.

A *side* is a player, or a team where the game is played in teams (``Game.teams`` under the
match's options; a team's win counts for each member, so a team is one line). For each
chosen step of the record (every log entry, or evenly spread ones when a match has more
than :data:`MAX_POINTS`) the position is played out a fixed number of times, every seat
following the ``heuristic`` policy, as Tips do (``bots.advisor``); the chance is the share
of playouts the side wins. The start and the end are always points; the end is exact (the
result), and so is every step after the winner is known (a game that plays on for the
places: ``Game.open_place`` is past 1).

Cost is bounded: at most :data:`MAX_POINTS` points, each with a fixed number of playouts:
:data:`BATCH_PLAYOUTS` through the game's compiled simulator (``Game.playout_wins``) when
it is loaded, else :data:`ENGINE_PLAYOUTS` through the engine, which is many times slower,
and then at most :data:`ENGINE_MAX_POINTS` points.

With hidden information a point never plays out from the true position: that holds cards no
spectator saw. It samples :data:`WORLDS` worlds from a spectator's view
(``Game.sample_state`` asked for :data:`SPECTATOR`, a number that is no seat, so every seat's
secrets are redrawn from what the table sees) and plays each out. The series then depends
on nothing but what a spectator could see at each step, and the seed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from spelkvall.core import Game, MatchRecord, Result, SpelkvallError, State, get_game
from spelkvall.core.i18n import register

from .mcts import POLICIES as PLAYOUT_POLICIES
from .mcts import play_to_end

register(
    {
        "chances.not_over": (
            "Matchen är inte slut: chanserna räknas för färdiga matcher.",
            "The match is not over: the chances are computed for finished matches.",
        ),
        "chances.no_spectator": (
            "Spelet kan inte dra de dolda delarna ur en åskådares vy.",
            "The game cannot draw the hidden parts from a spectator's view.",
        ),
    }
)

SPECTATOR = -1
"""The seat asked for when a world is sampled from a spectator's view: no seat's own secrets
are kept, every hidden part is redrawn from what everybody sees."""
MAX_POINTS = 400
"""Points of the series at most (longer matches get evenly spread steps)."""
ENGINE_MAX_POINTS = 100
"""Points at most when the playouts go through the engine (no compiled simulator loaded):
an engine playout costs tens of times a compiled one."""
BATCH_PLAYOUTS = 256
"""Playouts a point gets through the compiled simulator."""
ENGINE_PLAYOUTS = 24
"""Playouts a point gets through the engine (no compiled simulator loaded)."""
WORLDS = 32
"""Worlds sampled from the spectator's view per point with hidden information."""
BATCH_PER_WORLD = 8
"""Playouts per sampled world through the compiled simulator (one through the engine)."""
ENGINE_WORLDS = 16
"""Worlds (one playout each) per point with hidden information through the engine."""
POLICY = "heuristic"


@dataclass
class Chances:
    """A finished match's series: ``chances[k][i]`` is side ``i``'s chance after the first
    ``versions[k]`` log entries."""

    game: str
    sides: list[tuple[int, ...]]
    versions: list[int] = field(default_factory=list)
    chances: list[list[float]] = field(default_factory=list)
    winners: tuple[int, ...] = ()
    steps: int = 0
    """The record's log entries (the last version)."""
    playouts: int = 0
    """Playouts of one point that was played out (the last such point's)."""
    methods: set[str] = field(default_factory=set)
    sampled: bool = False
    seconds: float = 0.0

    @property
    def method(self) -> str:
        """``batch`` (the compiled simulator), ``engine``, ``mixed`` or ``exact`` (no point
        needed a playout)."""
        if not self.methods:
            return "exact"
        return next(iter(self.methods)) if len(self.methods) == 1 else "mixed"

    @property
    def winner_side(self) -> int | None:
        """The side whose members won, or ``None`` without a winner."""
        for i, side in enumerate(self.sides):
            if any(seat in self.winners for seat in side):
                return i
        return None

    def turning_point(self) -> dict[str, Any] | None:
        """The step that changed the winner's chance the most (up or down): its version, the
        chance before and after; ``None`` without a winner or points."""
        side = self.winner_side
        if side is None or len(self.versions) < 2:
            return None
        best = max(
            range(1, len(self.versions)),
            key=lambda k: abs(self.chances[k][side] - self.chances[k - 1][side]),
        )
        return {
            "version": self.versions[best],
            "side": side,
            "before": self.chances[best - 1][side],
            "after": self.chances[best][side],
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "sides": [list(side) for side in self.sides],
            "versions": list(self.versions),
            "chances": [[round(c, 4) for c in point] for point in self.chances],
            "winners": list(self.winners),
            "winner_side": self.winner_side,
            "turning_point": self.turning_point(),
            "steps": self.steps,
            "playouts": self.playouts,
            "method": self.method,
            "sampled": self.sampled,
            "policy": POLICY,
            "seconds": round(self.seconds, 3),
        }


def chosen_versions(steps: int, max_points: int) -> list[int]:
    """The versions a series has a point at: all of ``0..steps`` when they are few enough,
    else ``max_points`` evenly spread ones, the start and the end among them."""
    if steps + 1 <= max_points:
        return list(range(steps + 1))
    picked = {round(k * steps / (max_points - 1)) for k in range(max_points)}
    return sorted(picked | {0, steps})


def sides_of(game: Game[Any, Any], record: MatchRecord) -> list[tuple[int, ...]]:
    """The lines of the graph: the teams when the match is played in teams, else each seat."""
    n = len(record.seats)
    teams = game.teams(n, game.parse_options(record.options))
    return [tuple(team) for team in teams] if teams else [(i,) for i in range(n)]


def _exact(sides: Sequence[tuple[int, ...]], winners: Sequence[int]) -> list[float]:
    return [1.0 if any(s in winners for s in side) else 0.0 for side in sides]


def _engine_result(game: Game[Any, Any], world: State, rng: random.Random) -> Result:
    result = play_to_end(game, world, PLAYOUT_POLICIES[POLICY], rng).result()
    assert result is not None
    return result


def _batch(
    game: Game[Any, Any], world: State, sides: Sequence[tuple[int, ...]], games: int, seed: int
) -> list[float] | None:
    """Each side's wins in ``games`` playouts through the compiled simulator, or ``None``
    when it is not loaded (or does not cover the position)."""
    wins = game.playout_wins(world, games, POLICY, seed)
    # A team's win counts for each member: one member's count is the team's.
    return None if wins is None else [float(wins[side[0]]) for side in sides]


def _engine(
    game: Game[Any, Any], world: State, sides: Sequence[tuple[int, ...]], games: int, seed: int
) -> list[float]:
    """Each side's wins in ``games`` playouts of ``world`` through the engine."""
    rng = random.Random(seed)
    total = [0.0] * len(sides)
    for _ in range(games):
        result = _engine_result(game, world.clone(), rng)
        for i, got in enumerate(_exact(sides, result.winners)):
            total[i] += got
    return total


def point(
    game: Game[Any, Any],
    state: State,
    sides: Sequence[tuple[int, ...]],
    winners: Sequence[int],
    seed: int,
) -> tuple[list[float], str | None, int]:
    """One point: each side's chance to win in ``state`` (never read beyond a spectator's
    view when information is hidden), how it was found (``None``: exact) and the playouts."""
    if state.is_terminal():
        result = state.result()
        assert result is not None
        return _exact(sides, result.winners), None, 0
    if not game.perfect_information:
        return _hidden_point(game, state, sides, winners, random.Random(seed))
    if game.open_place(state) > 1:
        return _exact(sides, winners), None, 0  # the winner has finished: it is known
    wins = _batch(game, state.clone(), sides, BATCH_PLAYOUTS, seed)
    if wins is not None:
        return [w / BATCH_PLAYOUTS for w in wins], "batch", BATCH_PLAYOUTS
    wins = _engine(game, state, sides, ENGINE_PLAYOUTS, seed)
    return [w / ENGINE_PLAYOUTS for w in wins], "engine", ENGINE_PLAYOUTS


def _hidden_point(
    game: Game[Any, Any],
    state: State,
    sides: Sequence[tuple[int, ...]],
    winners: Sequence[int],
    rng: random.Random,
) -> tuple[list[float], str | None, int]:
    """A point from worlds sampled from a spectator's view: the compiled simulator plays
    :data:`BATCH_PER_WORLD` games in each of :data:`WORLDS` worlds, the engine one in each
    of :data:`ENGINE_WORLDS`."""
    total = [0.0] * len(sides)
    games = 0
    method = "batch"
    k = 0
    while k < (WORLDS if method == "batch" else ENGINE_WORLDS):
        try:
            world = game.sample_state(state, SPECTATOR, random.Random(rng.randrange(2**63)))
        except (TypeError, KeyError, IndexError, NotImplementedError) as exc:
            raise SpelkvallError(
                "chances.no_spectator", f"{game.id}: no spectator sampler ({exc!r})"
            ) from exc
        if k == 0 and game.open_place(world) > 1:
            return _exact(sides, winners), None, 0  # the winner has finished: it is known
        playout_seed = rng.randrange(2**63)
        wins = (
            _batch(game, world, sides, BATCH_PER_WORLD, playout_seed) if method == "batch" else None
        )
        if wins is None:
            method = "engine"
            wins = _engine(game, world, sides, 1, playout_seed)
            games += 1
        else:
            games += BATCH_PER_WORLD
        total = [a + b for a, b in zip(total, wins, strict=True)]
        k += 1
    return [w / games for w in total], method, games


def compute(
    record: MatchRecord,
    *,
    seed: int = 0,
    max_points: int | None = None,
    between: Callable[[], object] | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> Chances:
    """The series of a finished match's ``record``. ``between()`` is called before each
    point (the server lets people's moves go first there); ``progress(done, total)`` after
    each; ``max_points`` defaults to :data:`MAX_POINTS`. The same record and seed give the
    same series. Raises ``SpelkvallError`` ``chances.not_over`` for a record that does not
    reach the end, ``chances.no_spectator`` for a hidden-information game whose sampler
    cannot take a spectator, and ``InvalidRecord`` for one that does not replay."""
    start = time.perf_counter()
    game = get_game(record.game)
    state = record.replay(0)
    sides = sides_of(game, record)
    final = record.replay()
    result = final.result()
    if result is None:
        raise SpelkvallError("chances.not_over", "the match is not over")
    steps = len(record.log)
    points = MAX_POINTS if max_points is None else max_points
    # One playout from the start (which holds nothing hidden) says whether the compiled
    # simulator is there; without it the series gets fewer points.
    if game.playout_wins(state.clone(), 1, POLICY, seed) is None:
        points = min(points, ENGINE_MAX_POINTS)
    versions = chosen_versions(steps, points)
    out = Chances(
        game=game.id,
        sides=sides,
        winners=result.winners,
        steps=steps,
        sampled=not game.perfect_information,
    )
    seeds = random.Random(seed)
    done = 0
    for version in versions:
        while done < version:
            entry = record.log[done]
            state.apply(entry.action, entry.player)
            done += 1
        if between is not None:
            between()
        values, method, games = point(game, state, sides, result.winners, seeds.randrange(2**63))
        if method is not None:
            out.methods.add(method)
            out.playouts = games
        out.versions.append(version)
        out.chances.append(values)
        if progress is not None:
            progress(len(out.versions), len(versions))
    out.seconds = time.perf_counter() - start
    return out


def from_json(data: dict[str, Any]) -> Chances:
    """A series as ``Chances.to_json`` wrote it (the store keeps that)."""
    method = data.get("method", "exact")
    return Chances(
        game=data["game"],
        sides=[tuple(side) for side in data["sides"]],
        versions=list(data["versions"]),
        chances=[list(point) for point in data["chances"]],
        winners=tuple(data["winners"]),
        steps=int(data["steps"]),
        playouts=int(data["playouts"]),
        methods=set() if method == "exact" else {method},
        sampled=bool(data["sampled"]),
        seconds=float(data["seconds"]),
    )
