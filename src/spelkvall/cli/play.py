"""``spelkvall play <game>``: a game in the terminal for people and computer players.

Setup asks the number of players, each name, colour (only free colours are offered) and whether
the seat is a person or a computer (and which bot). Then the start roll-off runs, and each turn
shows the board, the die and the moves in words; a person picks a move by its number. All log
lines come from the game's ``describe_event``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer
from rich.console import Console, RenderableType
from rich.markup import escape

from spelkvall.bots import BOT_FACTORIES, LEVELS, Bot, Observation, make_bot
from spelkvall.core import Action, Match, Seat, SpelkvallError, clean_name
from spelkvall.core.i18n import DEFAULT_LANGUAGE, possessive, t

from . import app, dogroyal_view, fia_view
from .common import check_lang, fail, find_game, game_options, translate_error


@dataclass(frozen=True)
class TerminalView:
    """How one game is drawn and described in the terminal."""

    render: Callable[[Any, str, int | None], RenderableType]
    describe_move: Callable[[Any, Action, Sequence[str], str], str]
    seat_mark: Callable[[Any, int], tuple[str, str]]
    colour_mark: Callable[[str], str]
    die: Callable[[Any], int | None]
    die_face: Callable[[int, str], RenderableType]
    in_rolloff: Callable[[Any], bool]
    hand: Callable[[Any, int, str], str] | None = None
    """The chooser's own cards (card games), shown before the moves instead of the die."""
    intro: str = "cli.play.rolloff"
    """The translation key of the line printed when play begins."""


VIEWS: dict[str, TerminalView] = {
    "fia": TerminalView(
        render=fia_view.render,
        describe_move=fia_view.describe_move,
        seat_mark=fia_view.seat_mark,
        colour_mark=fia_view.mark,
        die=fia_view.die_value,
        die_face=fia_view.die_face,
        in_rolloff=fia_view.in_rolloff,
    ),
    "dogroyal": TerminalView(
        render=dogroyal_view.render,
        describe_move=dogroyal_view.describe_move,
        seat_mark=dogroyal_view.seat_mark,
        colour_mark=dogroyal_view.mark,
        die=dogroyal_view.no_die,
        die_face=dogroyal_view.no_face,
        in_rolloff=dogroyal_view.chance_is_no_button,
        hand=dogroyal_view.hand_line,
        intro="cli.dogroyal.intro",
    ),
}

DEFAULT_BOT = "easy"


class Prompter:
    """Questions with numbered choices; a wrong answer is explained and the question repeated."""

    def __init__(self, console: Console, lang: str) -> None:
        self.console = console
        self.lang = lang

    def ask(self, question: str, default: str | None = None) -> str:
        suffix = f" [dim]({default})[/]" if default else ""
        answer = self.console.input(f"[bold]{question}[/]{suffix} ").strip()
        return answer or (default or "")

    def choose(self, question: str, options: Sequence[tuple[str, str]], default: int = 0) -> int:
        """``options`` are (key, label) pairs; answers are a number or a key. Returns the index."""
        for i, (_, label) in enumerate(options, 1):
            self.console.print(f"  {i}) {label}", highlight=False)
        while True:
            answer = self.ask(question, str(default + 1)).casefold()
            for i, (key, label) in enumerate(options):
                if answer in (str(i + 1), key.casefold(), label.casefold()):
                    return i
            choices = ", ".join(str(i) for i in range(1, len(options) + 1))
            self.console.print(t("cli.setup.invalid", self.lang, choices=choices))

    def number(self, question: str, low: int, high: int, default: int) -> int:
        while True:
            answer = self.ask(question, str(default))
            if answer.isdigit() and low <= int(answer) <= high:
                return int(answer)
            choices = ", ".join(str(i) for i in range(low, high + 1))
            self.console.print(t("cli.setup.invalid", self.lang, choices=choices))


def bot_label(name: str, lang: str) -> str:
    key = f"cli.bot.{name}"
    text = t(key, lang)
    return name if text == key else f"{name} — {text}"


def setup_seats(game: Any, view: TerminalView, ask: Prompter, lang: str) -> list[Seat]:
    """Ask for the players: how many, names, colours (each once) and person or computer."""
    count = ask.number(
        t("cli.setup.players", lang, min=game.min_players, max=game.max_players),
        game.min_players,
        game.max_players,
        game.max_players,
    )
    seats: list[Seat] = []
    # The levels first, weakest to strongest; then the bots by their own names.
    bots = list(LEVELS) + sorted(b for b in BOT_FACTORIES if b not in LEVELS)
    for n in range(1, count + 1):
        while True:
            raw = ask.ask(t("cli.setup.name", lang, n=n), t("cli.setup.default_name", lang, n=n))
            try:
                name = clean_name(raw)
            except SpelkvallError as exc:
                ask.console.print(translate_error(exc, lang))
                continue
            if any(s.name.casefold() == name.casefold() for s in seats):
                ask.console.print(t("cli.setup.name_taken", lang, name=name))
                continue
            break
        taken = {s.colour for s in seats}
        free = [c for c in game.colours if c not in taken]
        colour = None
        if free:
            options = [(c, f"{view.colour_mark(c)} {t(f'colour.{c}', lang)}") for c in free]
            colour = free[ask.choose(t("cli.setup.colour", lang, name=name), options)]
        kinds = [("person", t("seat.human", lang)), ("computer", t("seat.bot", lang))]
        is_bot = ask.choose(t("cli.setup.kind", lang, name=name), kinds, 0 if n == 1 else 1) == 1
        bot = None
        if is_bot:
            default = bots.index(DEFAULT_BOT) if DEFAULT_BOT in bots else 0
            labelled = [(b, bot_label(b, lang)) for b in bots]
            bot = bots[ask.choose(t("cli.setup.bot", lang, name=name), labelled, default)]
        seats.append(Seat(name=name, colour=colour, bot=bot))
    return seats


class TerminalGame:
    """Runs one match in the terminal."""

    def __init__(
        self,
        console: Console,
        game: Any,
        view: TerminalView,
        seats: list[Seat],
        options: Any,
        seed: int | None,
        lang: str,
        delay: float,
        save: Path | None = None,
    ) -> None:
        self.console = console
        self.save_path = save
        self.saved = False  # the file holds the match as it stands now
        self.game = game
        self.view = view
        self.lang = lang
        self.delay = delay
        self.match = Match(game, seats, options, seed)
        self.seats = self.match.record.seats
        self.names = [s.name for s in self.seats]
        self.bots: dict[int, Bot] = {
            i: make_bot(s.bot, game) for i, s in enumerate(self.seats) if s.bot is not None
        }
        self.rng = random.Random(None if seed is None else f"bots-{seed}")
        self.ask = Prompter(console, lang)
        self.board_changed = True  # whether a person should see the board again

    @property
    def state(self) -> Any:
        return self.match.state

    def say(self, events: Sequence[Any]) -> None:
        for event in events:
            line = self.game.describe_event(event, self.names, self.lang)
            if line is None:
                continue
            if event[0] == "turn":
                self.turn_header(event[1])
            else:
                self.console.print(f"  {line}", highlight=False)

    def turn_header(self, seat: int) -> None:
        mark, style = self.view.seat_mark(self.state, seat)
        name_pos = possessive(self.names[seat], self.lang)
        self.console.rule(f"[{style}]{mark} {t('cli.play.turn', self.lang, name_pos=name_pos)}[/]")
        if len(self.bots) == len(self.seats):
            # Nobody to ask: show the board every turn so that watchers can follow.
            self.show_board()

    def show_board(self, die: int | None = None) -> None:
        self.console.print(self.view.render(self.state, self.lang, die))
        self.board_changed = False

    def save(self) -> bool:
        """Write the match record, replacing the file only once the new one is complete, so
        stopping the game at any moment leaves the last position on disk. A failure is said
        once and saving stops (the game goes on); returns whether the file is up to date."""
        if self.save_path is None:
            return False
        tmp = self.save_path.with_name(self.save_path.name + ".tmp")
        try:
            tmp.write_text(self.match.record.dumps(), encoding="utf-8")
            tmp.replace(self.save_path)
        except OSError as exc:
            reason = exc.strerror or str(exc)
            message = t("cli.play.save_failed", self.lang, path=self.save_path, reason=reason)
            self.console.print(f"[bold red]{escape(message)}[/]")
            self.save_path = None
            self.saved = False
            return False
        self.saved = True
        return True

    def pause(self) -> None:
        if self.delay > 0:
            time.sleep(self.delay)

    def run(self) -> None:
        lang = self.lang
        self.show_board()
        self.console.print(t(self.view.intro, lang))
        started = False
        while not self.state.is_terminal():
            state = self.state
            if state.is_chance():
                seat = state.chance_seat()
                in_rolloff = self.view.in_rolloff(state)
                if not in_rolloff and not started:
                    started = True
                    self.turn_header(seat)
                if not in_rolloff and seat is not None and seat not in self.bots:
                    if self.board_changed:
                        self.show_board()
                    self.ask.ask(t("cli.play.press_roll", lang, name=self.names[seat]), "")
                self.say(self.match.resolve_chance())
                self.save()
                if seat in self.bots:
                    self.pause()
                continue
            for seat in state.players_to_act():
                action = self.decide(seat)
                self.say(self.match.apply(action, seat))
                self.save()
                self.board_changed = True
                if seat in self.bots:
                    self.pause()
        self.finish()

    def decide(self, seat: int) -> Action:
        state = self.state
        bot = self.bots.get(seat)
        if bot is not None:
            return bot.choose(Observation(self.game, state, seat), self.rng)
        legal: Sequence[Action] = state.legal_actions(seat)
        lang = self.lang
        die = self.view.die(state)
        if self.board_changed:
            self.show_board(die)
        elif die is not None:
            self.console.print(self.view.die_face(die, lang))
        if self.view.hand is not None:
            self.console.print(self.view.hand(state, seat, lang), highlight=False)
        else:
            self.console.print(
                t("cli.play.moves", lang, name=self.names[seat], die=die),
                highlight=False,
            )
        for i, action in enumerate(legal, 1):
            text = self.view.describe_move(state, action, self.names, lang)
            self.console.print(f"  {i}) {text}", highlight=False)
        index = self.ask.number(t("cli.play.choose", lang, n=len(legal)), 1, len(legal), 1)
        return legal[index - 1]

    def finish(self) -> None:
        lang = self.lang
        self.show_board()
        result = self.state.result()
        self.console.rule(t("cli.play.standings", lang))
        place = 1
        for group in result.ranking:
            for seat in group:
                mark, style = self.view.seat_mark(self.state, seat)
                line = t("cli.play.place", lang, place=place, name=self.names[seat])
                self.console.print(f"[{style}]{mark}[/] {line}", highlight=False)
            place += len(group)


@app.command(help=t("cli.help.play", DEFAULT_LANGUAGE))
def play(
    game_id: str = typer.Argument("fia", metavar="GAME", help=t("cli.help.game")),
    lang: str = typer.Option(DEFAULT_LANGUAGE, "--lang", help=t("cli.help.lang")),
    seed: int | None = typer.Option(None, "--seed", help=t("cli.help.seed")),
    three_tries: bool = typer.Option(False, "--three-tries", help=t("cli.help.three_tries")),
    play_on: bool = typer.Option(False, "--play-on", help=t("cli.help.play_on")),
    delay: float | None = typer.Option(None, "--delay", help=t("cli.help.delay")),
    save_to: str | None = typer.Option(None, "--save", metavar="FILE", help=t("cli.help.save")),
) -> None:
    console = Console(highlight=False)
    save = Path(save_to) if save_to else None
    lang = check_lang(console, lang)
    game = find_game(console, game_id, lang)
    view = VIEWS.get(game.id)
    if view is None:
        fail(console, t("cli.play.no_view", lang, game=game.title(lang)))
    options = game_options(console, game, lang, {"three_tries": three_tries, "play_on": play_on})
    if delay is None:
        delay = 0.4 if console.is_terminal else 0.0
    console.rule(f"[bold]{t('cli.setup.title', lang, title=game.title(lang))}[/]")
    # Only the house rules that differ from the game's defaults are worth a line.
    on = [
        d["label"]
        for d in game.describe_options(lang)
        if getattr(options, d["name"], d["default"]) != d["default"]
    ]
    if on:
        console.print(t("cli.setup.options", lang, options="; ".join(on)))
    session: TerminalGame | None = None
    try:
        seats = setup_seats(game, view, Prompter(console, lang), lang)
        session = TerminalGame(console, game, view, seats, options, seed, lang, delay, save)
        for i, seat in enumerate(session.seats):
            mark, style = view.seat_mark(session.state, i)
            kind = f"{t('seat.bot', lang)}: {seat.bot}" if seat.bot else t("seat.human", lang)
            colour = t(f"colour.{seat.colour}", lang)
            line = t("cli.setup.seat", lang, mark=mark, name=seat.name, colour=colour, kind=kind)
            console.print(f"[{style}]{line}[/]")
        if save is not None and not session.save():
            raise typer.Exit(2)  # a path that cannot be written: say so before playing
        session.run()
    except (EOFError, KeyboardInterrupt):
        console.print()
        if session is not None and session.saved:
            console.print(t("cli.play.saved", lang, path=save))
        fail(console, t("cli.play.aborted", lang), code=1)
    if session.saved:
        console.print(t("cli.play.saved", lang, path=save))
