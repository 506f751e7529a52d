"""``spelkvall advise <game>``: every legal move of the player to move with its chance to win."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from spelkvall.bots.advisor import Advice, advise, warm_up
from spelkvall.core import (
    ADVICE,
    Game,
    MatchRecord,
    Seat,
    SpelkvallError,
    State,
    TerminalView,
    terminal_view,
)
from spelkvall.core.i18n import DEFAULT_LANGUAGE, t

from . import app
from .common import check_lang, fail, find_game, number, translate_error
from .generic_view import complete


def _read(errors: Console, source: str, lang: str) -> str:
    try:
        return Path(source).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        fail(errors, t("cli.error.file", lang, path=source, why=exc.__class__.__name__))


def _position(errors: Console, game: Game[Any, Any], text: str, lang: str) -> State:
    # Inline JSON or the name of a file holding it.
    if not text.lstrip().startswith("{"):
        text = _read(errors, text, lang)
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        fail(errors, t("cli.error.json", lang))
    try:
        state: State = game.state_from_json(data)
    except SpelkvallError as exc:
        fail(errors, translate_error(exc, lang))
    return state


def _from_match(
    errors: Console, game: Game[Any, Any], path: str, at: int | None, lang: str
) -> tuple[State, Any]:
    """The match's state (at ``at``) and its options."""
    try:
        record = MatchRecord.loads(_read(errors, path, lang))
        if record.game != game.id:
            fail(errors, t("cli.advise.other_game", lang, game=record.game))
        if at is not None and not 0 <= at <= len(record.log):
            fail(errors, t("cli.advise.at", lang, n=len(record.log)))
        return record.replay(at), game.parse_options(record.options)
    except SpelkvallError as exc:
        fail(errors, translate_error(exc, lang))


def _table(advice: Advice, state: State, names: list[str], view: TerminalView, lang: str) -> Table:
    title = t("cli.advise.title", lang, name=names[advice.player])
    table = Table(title=title, title_justify="left")
    table.add_column("#", justify="right")
    table.add_column(t("cli.advise.action", lang))
    win = "cli.advise.win_team" if len(advice.team) > 1 else "cli.advise.win"
    table.add_column(t(win, lang), justify="right")
    table.add_column(t("cli.sim.ci", lang), justify="right")
    table.add_column(t("cli.advise.playouts", lang), justify="right")
    best = advice.best
    assert view.describe_move is not None  # ``complete`` fills in what the game leaves out
    for i, item in enumerate(advice.actions):
        low, high = item.interval
        label = view.describe_move(state, item.action, names, lang)
        style = "bold green" if i == best else None
        table.add_row(
            ("★ " if i == best else "") + str(i + 1),
            label,
            f"{number(100 * item.win_rate, lang)} %",
            f"{number(100 * low, lang)}–{number(100 * high, lang)} %",
            t("cli.advise.exact", lang) if item.exact else f"{item.playouts}",
            style=style,
        )
    return table


@app.command("advise", help=t("cli.help.advise", DEFAULT_LANGUAGE))
def advise_command(
    game_id: str = typer.Argument(..., metavar="GAME", help=t("cli.help.game")),
    match: str | None = typer.Option(None, "--match", help=t("cli.help.match")),
    at: int | None = typer.Option(None, "--at", help=t("cli.help.at")),
    position: str | None = typer.Option(None, "--position", help=t("cli.help.position")),
    policy: str = typer.Option("heuristic", "--policy", help=t("cli.help.policy")),
    half_width: float = typer.Option(0.01, "--half-width", help=t("cli.help.half_width")),
    seed: int | None = typer.Option(None, "--seed", help=t("cli.help.seed")),
    as_json: bool = typer.Option(False, "--json", help=t("cli.help.advise_json")),
    lang: str = typer.Option(DEFAULT_LANGUAGE, "--lang", help=t("cli.help.lang")),
) -> None:
    console = Console(highlight=False)
    errors = Console(stderr=True, highlight=False)
    lang = check_lang(errors, lang)
    game = find_game(errors, game_id, lang)
    if ADVICE not in game.capabilities:
        fail(errors, t("cli.error.no_advice", lang, game=game.title(lang)))
    if (match is None) == (position is None):
        fail(errors, t("cli.advise.source", lang))
    options = None
    if match is not None:
        state, options = _from_match(errors, game, match, at, lang)
    else:
        assert position is not None
        state = _position(errors, game, position, lang)
    warm_up(game)  # loading the compiled simulator is not part of the answer's time
    to_act = state.players_to_act()
    team = game.team_of(to_act[0], state.num_players, options) if to_act else None
    try:
        # With hidden information only the view of the player to move is used (the match
        # file holds every card, the advisor deals the others' anew from that view).
        advice = advise(game, state, policy=policy, half_width=half_width, seed=seed, team=team)
    except SpelkvallError as exc:
        fail(errors, translate_error(exc, lang))
    if as_json:
        sys.stdout.write(json.dumps(advice.to_json(lang), ensure_ascii=False, indent=2) + "\n")
        return
    names = [s.name for s in getattr(state, "seats", ())] or [
        str(i + 1) for i in range(state.num_players)
    ]
    # Moves in the words of the game's terminal view (where a piece goes, whom it knocks out).
    view = complete(terminal_view(game.id), game, [Seat(name) for name in names])
    console.print(_table(advice, state, names, view, lang))
    console.print(
        t(
            "cli.advise.how",
            lang,
            policy=advice.policy,
            playouts=advice.playouts,
            seconds=number(advice.seconds, lang, 2),
            method=t(f"cli.advise.method.{advice.method}", lang),
        )
    )
    if advice.sampled:
        console.print(t("cli.advise.sampled", lang, name=names[advice.player]))
