"""``spelkvall simulate <game>``: bots play many games; wins with 95 % intervals, length, speed."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from spelkvall.bots.arena import Simulation, simulate
from spelkvall.core import FAST_SIMULATOR, Game, Seat
from spelkvall.core.i18n import DEFAULT_LANGUAGE, t

from . import app
from .common import (
    OPTION_FLAG,
    check_lang,
    fail,
    find_game,
    game_options,
    number,
    parse_lineup,
    progress_bar,
)


def _table(sim: Simulation, title: str, lang: str) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column(t("cli.sim.seat", lang), justify="right")
    table.add_column(t("cli.sim.bot", lang))
    table.add_column(t("cli.sim.wins", lang), justify="right")
    table.add_column(t("cli.sim.rate", lang), justify="right")
    table.add_column(t("cli.sim.ci", lang), justify="right")
    for s in sim.seats:
        table.add_row(
            str(s.seat + 1),
            s.bot,
            str(s.wins),
            f"{number(100 * s.share, lang)} %",
            f"{number(100 * s.low, lang)}–{number(100 * s.high, lang)} %",
        )
    return table


FAST_CHUNK = 20_000
"""Games per call of the fast simulator between two updates of the progress bar."""


def simulate_fast(
    game: Game[Any, Any],
    bots: list[str],
    games: int,
    *,
    seed: int | None,
    options: Any,
    progress: Callable[[int], None] | None = None,
) -> Simulation:
    """``arena.simulate`` through the game's fast simulator (``Game.fast_batch``, on every
    core): the same statistics (a batch seeded alike plays other dice than the engine's
    ``random.Random``)."""
    state = game.new_state(
        [Seat(f"{i + 1}:{name}", bot=name) for i, name in enumerate(bots)], options
    )
    stream = random.randrange(2**63) if seed is None else seed
    game.warm_up()  # loading (or compiling) the simulator is not part of the games per second
    wins = [0.0] * len(bots)
    chance = moves = 0
    start = time.perf_counter()
    for first in range(0, games, FAST_CHUNK):
        n = min(FAST_CHUNK, games - first)
        batch = game.fast_batch(state, n, bots, stream, first_game=first, parallel=True)
        for seat, w in enumerate(batch.wins):
            wins[seat] += w
        chance += batch.chance_events
        moves += batch.moves
        if progress is not None:
            progress(first + n)
    seconds = time.perf_counter() - start
    options_json = game.options_to_json(options)
    counts = [round(w) for w in wins]
    return Simulation.from_counts(
        game.id, bots, seed, options_json, counts, games, chance, moves, seconds
    )


def check_fast(console: Console, game: Game[Any, Any], bots: list[str], lang: str) -> None:
    """``--fast`` needs a game with a fast simulator, and seats it can play."""
    if FAST_SIMULATOR not in game.capabilities:
        fail(console, t("cli.error.fast_game", lang, game=game.title(lang)))
    known = ", ".join(game.fast_policies)
    for bot in bots:
        if bot not in game.fast_policies:
            fail(console, t("cli.error.fast_bot", lang, bot=bot, known=known))


RAY_FLAG: Any = typer.Option(False, "--ray", help=t("cli.help.ray"))
"""``--ray`` (simulate, tournament): the games as Ray tasks (``spelkvall.research.ray_runner``)."""
RAY_ADDRESS_FLAG: Any = typer.Option(
    None, "--ray-address", metavar="ADDRESS", help=t("cli.help.ray_address")
)
"""``--ray-address ADDRESS``: a Ray cluster instead of a new Ray on this machine (implies
``--ray``). Typer takes no option with an optional value, hence two options."""


def ray_address(console: Console, lang: str, ray: bool, address: str | None) -> str | None:
    """The Ray to play on (``"local"``: a new one on this machine), ``None`` without
    ``--ray``; fails clearly when Ray, the ``research`` extra, is missing."""
    if not ray and address is None:
        return None
    if importlib.util.find_spec("ray") is None:
        fail(console, t("cli.error.no_ray", lang))
    return address or "local"


def on_ray(
    console: Console, lang: str, function: Callable[..., Any], address: str
) -> Callable[..., Any]:
    """``function`` (a ``spelkvall.research.ray_runner`` run) on the Ray at ``address``; no
    Ray there is a clear error, not a traceback."""

    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, address=address, **kwargs)
        except ConnectionError:
            fail(console, t("cli.error.ray_connect", lang, address=address))

    return run


def default_seats(game: Game[Any, Any], options: Any) -> str:
    """The heuristic against random seats, as many as the game takes at most."""
    return ",".join(["heuristic"] + ["random"] * (game.player_counts(options)[-1] - 1))


@app.command("simulate", help=t("cli.help.simulate", DEFAULT_LANGUAGE))
def simulate_command(
    game_id: str = typer.Argument(..., metavar="GAME", help=t("cli.help.game")),
    games: int = typer.Option(1000, "--games", "-n", help=t("cli.help.games")),
    seats: str | None = typer.Option(None, "--seats", help=t("cli.help.seats")),
    seed: int | None = typer.Option(None, "--seed", help=t("cli.help.seed")),
    as_json: bool = typer.Option(False, "--json", help=t("cli.help.json")),
    lang: str = typer.Option(DEFAULT_LANGUAGE, "--lang", help=t("cli.help.lang")),
    option: list[str] | None = OPTION_FLAG,
    fast: bool = typer.Option(False, "--fast", help=t("cli.help.fast")),
    ray: bool = RAY_FLAG,
    address: str | None = RAY_ADDRESS_FLAG,
) -> None:
    console = Console(highlight=False)
    errors = Console(stderr=True, highlight=False)
    lang = check_lang(errors, lang)
    game = find_game(errors, game_id, lang)
    options = game_options(errors, game, lang, option)
    bots = parse_lineup(errors, game, seats or default_seats(game, options), lang, options)
    if games < 1:
        fail(errors, t("cli.error.games", lang))
    run: Callable[..., Simulation] = simulate
    if fast:
        check_fast(errors, game, bots, lang)
        run = simulate_fast
    if (ray or address is not None) and not fast:
        fail(errors, t("cli.error.ray_fast", lang))
    cluster = ray_address(errors, lang, ray, address)
    if cluster is not None:
        from spelkvall.research.ray_runner import simulate_on_ray

        run = on_ray(errors, lang, simulate_on_ray, cluster)

    if as_json:
        sim = run(game, bots, games, seed=seed, options=options)
        sys.stdout.write(json.dumps(sim.to_json(), ensure_ascii=False, indent=2) + "\n")
        return
    progress = progress_bar(console, lang)
    with progress:
        task = progress.add_task("", total=games)
        sim = run(
            game,
            bots,
            games,
            seed=seed,
            options=options,
            progress=lambda done: progress.update(task, completed=done),
        )
    seed_text = t("cli.sim.no_seed", lang) if seed is None else str(seed)
    title = t("cli.sim.title", lang, games=games, title=game.title(lang), seed=seed_text)
    console.print(_table(sim, title, lang))
    rolls, moves = number(sim.mean_chance_events, lang), number(sim.mean_moves, lang)
    console.print(t("cli.sim.length", lang, rolls=rolls, moves=moves))
    gps, seconds = number(sim.games_per_second, lang), number(sim.seconds, lang, 2)
    console.print(t("cli.sim.speed", lang, gps=gps, seconds=seconds))
