"""``spelkvall tournament <game>``: bots meet in every seat; win rates, intervals and Elo."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Callable

import typer
from rich.console import Console
from rich.table import Table

from spelkvall.bots.tournament import Tournament, plot, run_tournament
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
from .simulate import RAY_ADDRESS_FLAG, RAY_FLAG, on_ray, ray_address


def _table(result: Tournament, title: str, lang: str) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column(t("cli.sim.bot", lang))
    table.add_column(t("cli.tour.seats", lang), justify="right")
    table.add_column(t("cli.sim.wins", lang), justify="right")
    table.add_column(t("cli.sim.rate", lang), justify="right")
    table.add_column(t("cli.sim.ci", lang), justify="right")
    table.add_column(t("cli.tour.elo", lang), justify="right")
    table.add_column(t("cli.tour.max_move", lang), justify="right")
    for e in result.entrants:
        low, high = e.interval
        table.add_row(
            e.bot,
            str(e.seats),
            str(e.wins),
            f"{number(100 * e.rate, lang)} %",
            f"{number(100 * low, lang)}–{number(100 * high, lang)} %",
            f"{e.elo:.0f}",
            f"{number(result.max_move_seconds[e.bot], lang, 3)} s",
        )
    return table


@app.command("tournament", help=t("cli.help.tournament", DEFAULT_LANGUAGE))
def tournament_command(
    game_id: str = typer.Argument(..., metavar="GAME", help=t("cli.help.game")),
    bots: str = typer.Option("random,heuristic,mcts", "--bots", help=t("cli.help.bots")),
    games: int = typer.Option(60, "--games", "-n", help=t("cli.help.games")),
    seed: int | None = typer.Option(None, "--seed", help=t("cli.help.seed")),
    plot_path: str | None = typer.Option(None, "--plot", metavar="PNG", help=t("cli.help.plot")),
    as_json: bool = typer.Option(False, "--json", help=t("cli.help.json")),
    lang: str = typer.Option(DEFAULT_LANGUAGE, "--lang", help=t("cli.help.lang")),
    option: list[str] | None = OPTION_FLAG,
    ray: bool = RAY_FLAG,
    address: str | None = RAY_ADDRESS_FLAG,
) -> None:
    console = Console(highlight=False)
    errors = Console(stderr=True, highlight=False)
    lang = check_lang(errors, lang)
    game = find_game(errors, game_id, lang)
    options = game_options(errors, game, lang, option)
    lineup = parse_lineup(errors, game, bots, lang, options, flag="--bots")
    if len(set(lineup)) < 2:
        fail(errors, t("cli.error.two_bots", lang))
    if games < 1:
        fail(errors, t("cli.error.games", lang))
    # Before playing: a missing matplotlib should not cost the user the whole tournament.
    if plot_path is not None and importlib.util.find_spec("matplotlib") is None:
        fail(errors, t("cli.error.no_matplotlib", lang))
    run: Callable[..., Tournament] = run_tournament
    cluster = ray_address(errors, lang, ray, address)
    if cluster is not None:
        from spelkvall.research.ray_runner import tournament_on_ray

        run = on_ray(errors, lang, tournament_on_ray, cluster)

    if as_json:
        result = run(game, lineup, games, seed=seed, options=options)
    else:
        progress = progress_bar(console, lang)
        with progress:
            task = progress.add_task("", total=games)
            result = run(
                game,
                lineup,
                games,
                seed=seed,
                options=options,
                progress=lambda done, total: progress.update(task, completed=done, total=total),
            )
    seed_text = t("cli.sim.no_seed", lang) if seed is None else str(seed)
    title = t(
        "cli.tour.title",
        lang,
        title=game.title(lang),
        games=result.games,
        rounds=result.rounds,
        seatings=result.seatings,
        seed=seed_text,
    )
    if plot_path is not None:
        plot(
            result,
            plot_path,
            title,
            t("cli.tour.plot_rate", lang),
            t("cli.tour.plot_elo", lang),
        )
    if as_json:
        sys.stdout.write(json.dumps(result.to_json(), ensure_ascii=False, indent=2) + "\n")
        return
    console.print(_table(result, title, lang))
    console.print(t("cli.tour.chance", lang, rate=number(100 * result.chance_rate, lang)))
    if plot_path is not None:
        console.print(t("cli.tour.plotted", lang, path=plot_path))
