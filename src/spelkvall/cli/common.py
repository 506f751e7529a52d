"""What the commands share: language and game look-up, ``--option`` house rules, error exits."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from spelkvall.bots import BOT_FACTORIES
from spelkvall.core import Game, SpelkvallError, all_games, counts_text, get_game
from spelkvall.core.i18n import LANGUAGES, t

from . import texts as _texts  # noqa: F401  (registers the translations)


def fail(console: Console, message: str, code: int = 2) -> NoReturn:
    """Print ``message`` as an error and leave with exit code ``code``."""
    # Escaped: messages hold user input and pip extras like ``spelkvall[plot]``, not markup.
    console.print(f"[bold red]{escape(message)}[/]", highlight=False)
    raise typer.Exit(code)


def check_lang(console: Console, lang: str) -> str:
    if lang not in LANGUAGES:
        fail(
            console,
            t("cli.error.lang", "sv", lang=lang) + " / " + t("cli.error.lang", "en", lang=lang),
        )
    return lang


def find_game(console: Console, game_id: str, lang: str) -> Game[Any, Any]:
    """The registered game, or a clear error listing the known ones."""
    try:
        return get_game(game_id)
    except SpelkvallError:
        known = ", ".join(sorted(g.id for g in all_games()))
        fail(console, t("cli.error.unknown_game", lang, game=game_id, known=known))


def parse_lineup(
    console: Console,
    game: Game[Any, Any],
    text: str,
    lang: str,
    options: Any,
    flag: str = "--seats",
) -> list[str]:
    """The comma-separated bot names of ``--seats``/``--bots`` (``flag``): each must be a known
    bot, and there must be as many as the game takes players under ``options``."""
    lineup = [name.strip() for name in text.split(",") if name.strip()]
    for bot in lineup:
        if bot not in BOT_FACTORIES:
            known = ", ".join(sorted(BOT_FACTORIES))
            fail(console, t("cli.error.unknown_bot", lang, bot=bot, known=known))
    counts = game.player_counts(options)
    if len(lineup) not in counts:
        fail(
            console,
            t(
                "cli.error.seats",
                lang,
                game=game.title(lang),
                counts=counts_text(counts),
                n=len(lineup),
                flag=flag,
            ),
        )
    return lineup


OPTION_FLAG: Any = typer.Option(
    None, "--option", "-o", metavar="NAME=VALUE", help=t("cli.help.option")
)
"""``--option NAME=VALUE``, repeatable: a house rule of the game (play, simulate, tournament)."""


def game_options(
    console: Console, game: Game[Any, Any], lang: str, pairs: Sequence[str] | None
) -> Any:
    """The game's options from the ``--option NAME=VALUE`` pairs, each parsed and checked by
    the game's declaration (``Game.option_spec``); a clear error naming what is allowed (the
    option names for an unknown one) otherwise."""
    values: dict[str, Any] = {}
    for pair in pairs or ():
        name, equals, text = pair.partition("=")
        name = name.strip()
        if not equals or not name:
            fail(console, t("cli.error.option_form", lang, text=pair) + " " + _known(game, lang))
        try:
            spec = game.option_spec(name)
        except SpelkvallError:
            unknown = t("cli.error.option_unknown", lang, game=game.title(lang), name=name)
            fail(console, unknown + " " + _known(game, lang))
        try:
            values[name] = spec.from_text(text)
        except SpelkvallError as exc:
            message = translate_error(exc, lang)
            if exc.key == "error.option_type" and spec.allowed_text() != spec.type_name:
                message += " " + t("cli.error.option_allowed", lang, allowed=spec.allowed_text())
            fail(console, message)
    try:
        return game.parse_options(values)
    except SpelkvallError as exc:
        fail(console, translate_error(exc, lang))


def _known(game: Game[Any, Any], lang: str) -> str:
    """The game's option names for an error message, or that it has none."""
    names = [spec.name for spec in game.option_specs()]
    if not names:
        return t("cli.error.no_options", lang)
    return t("cli.error.known_options", lang, known=", ".join(names))


def options_text(game: Game[Any, Any], options: Any, lang: str) -> str | None:
    """The house rules that differ from the game's defaults, for a line before play, or
    ``None`` when every option has its default."""
    changed = []
    for spec, entry in zip(game.option_specs(), game.describe_options(lang), strict=True):
        value = getattr(options, spec.name)
        if value == spec.default:
            continue
        if value is True:
            changed.append(entry["label"])
        else:
            text = t("cli.view.no", lang) if value is False else str(value)
            for choice in entry.get("choices", ()):
                if choice["value"] == value:
                    text = choice["label"]
            changed.append(f"{entry['label']}: {text}")
    return "; ".join(changed) if changed else None


def progress_bar(console: Console, lang: str) -> Progress:
    """The bar of games played that ``simulate`` and ``tournament`` show (gone when done)."""
    return Progress(
        TextColumn(t("cli.sim.progress", lang)),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )


def translate_error(exc: SpelkvallError, lang: str) -> str:
    """An engine error in the player's language."""
    return t(exc.key, lang, **exc.params)


def number(value: float, lang: str, digits: int = 1) -> str:
    """``43.5`` → ``43,5`` in Swedish, ``43.5`` in English."""
    text = f"{value:.{digits}f}"
    return text.replace(".", ",") if lang == "sv" else text
