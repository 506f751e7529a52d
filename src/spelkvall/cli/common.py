"""What the commands share: language and game look-up, house-rule flags, error exits."""

from __future__ import annotations

from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from spelkvall.bots import BOT_FACTORIES
from spelkvall.core import SpelkvallError, all_games, get_game
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


def find_game(console: Console, game_id: str, lang: str) -> Any:
    """The registered game, or a clear error listing the known ones."""
    try:
        return get_game(game_id)
    except SpelkvallError:
        known = ", ".join(sorted(g.id for g in all_games()))
        fail(console, t("cli.error.unknown_game", lang, game=game_id, known=known))


def parse_lineup(console: Console, game: Any, text: str, lang: str) -> list[str]:
    """The comma-separated bot names of ``--seats``/``--bots``: each must be a known bot, and
    there must be as many as the game takes players."""
    lineup = [name.strip() for name in text.split(",") if name.strip()]
    for bot in lineup:
        if bot not in BOT_FACTORIES:
            known = ", ".join(sorted(BOT_FACTORIES))
            fail(console, t("cli.error.unknown_bot", lang, bot=bot, known=known))
    if not game.min_players <= len(lineup) <= game.max_players:
        fail(
            console,
            t(
                "cli.error.seats",
                lang,
                game=game.title(lang),
                min=game.min_players,
                max=game.max_players,
                n=len(lineup),
            ),
        )
    return lineup


def game_options(console: Console, game: Any, lang: str, flags: dict[str, bool]) -> Any:
    """The game's options with the house-rule flags that were switched on."""
    data = {name: True for name, on in flags.items() if on}
    try:
        return game.parse_options(data)
    except SpelkvallError as exc:
        fail(
            console, t("cli.error.option", lang, game=game.title(lang), name=exc.params.get("name"))
        )


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
