"""``spelkvall play <game>``: a game in the terminal for people and computer players.

Setup asks the number of players (the counts the game allows under the chosen ``--option``
house rules), each name, colour (only free colours are offered) and whether the seat is a person
or a computer (and which bot). Then each turn shows the board, the die if there is one and the
moves in words; a person picks a move by its number. How the game looks is its terminal view
(``core.terminal_view``: its own ``terminal.py``) with every field it leaves out taken from the
generic view (``generic_view.py``). All log lines come from the game's ``describe_event``.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

from spelkvall.bots import BOT_FACTORIES, LEVELS, Bot, Observation, make_bot
from spelkvall.bots.levels import DEFAULT_LEVEL
from spelkvall.bots.mcts import MCTSBot
from spelkvall.core import (
    FAST_SIMULATOR,
    TURN_EVENT,
    Action,
    Game,
    Match,
    Seat,
    SpelkvallError,
    TerminalView,
    clean_name,
    counts_text,
    kernels,
    terminal_view,
)
from spelkvall.core.i18n import DEFAULT_LANGUAGE, possessive, t
from spelkvall.core.palette import colour as palette_colour

from . import app
from .common import (
    OPTION_FLAG,
    check_lang,
    fail,
    find_game,
    game_options,
    options_text,
    translate_error,
)
from .generic_view import complete, seat_look

DEFAULT_BOT = DEFAULT_LEVEL  # the browser lobby's default too (Medel)
GROUP_OVER = 9
"""More moves than this are offered in groups when the game's view names them (``group``)."""


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

    def number(self, question: str, allowed: Sequence[int], default: int) -> int:
        """A number, one of ``allowed``."""
        while True:
            answer = self.ask(question, str(default))
            if answer.isdigit() and int(answer) in allowed:
                return int(answer)
            choices = ", ".join(str(i) for i in allowed)
            self.console.print(t("cli.setup.invalid", self.lang, choices=choices))


def bot_label(name: str, lang: str) -> str:
    key = f"cli.bot.{name}"
    text = t(key, lang)
    return name if text == key else f"{name} — {text}"


def setup_seats(game: Game[Any, Any], options: Any, ask: Prompter, lang: str) -> list[Seat]:
    """Ask for the players: how many (as ``options`` allow), names, colours (each once) and
    person or computer."""
    counts = game.player_counts(options)
    count = ask.number(t("cli.setup.players", lang, counts=counts_text(counts)), counts, counts[-1])
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
            labels = [(c, f"{palette_colour(c).mark} {t(f'colour.{c}', lang)}") for c in free]
            colour = free[ask.choose(t("cli.setup.colour", lang, name=name), labels)]
        kinds = [("person", t("seat.human", lang)), ("computer", t("seat.bot", lang))]
        is_bot = ask.choose(t("cli.setup.kind", lang, name=name), kinds, 0 if n == 1 else 1) == 1
        bot = None
        if is_bot:
            default = bots.index(DEFAULT_BOT) if DEFAULT_BOT in bots else 0
            labelled = [(b, bot_label(b, lang)) for b in bots]
            bot = bots[ask.choose(t("cli.setup.bot", lang, name=name), labelled, default)]
        seats.append(Seat(name=name, colour=colour, bot=bot))
    return seats


def score_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


class TerminalGame:
    """Runs one match in the terminal."""

    def __init__(
        self,
        console: Console,
        game: Game[Any, Any],
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
        self.lang = lang
        self.delay = delay
        self.options = options
        self.match = Match(game, seats, options, seed)
        self.seats = self.match.record.seats
        self.names = [s.name for s in self.seats]
        self.view: TerminalView = complete(terminal_view(game.id), game, self.seats)
        self.bots: dict[int, Bot] = {
            i: make_bot(s.bot, game) for i, s in enumerate(self.seats) if s.bot is not None
        }
        self.rng = random.Random(None if seed is None else f"bots-{seed}")
        self.ask = Prompter(console, lang)
        self.board_changed = True  # whether a person should see the board again
        self.shown_to: int | None = None  # whose view the board showed last
        # The log reader: the one person at the terminal, or the public log when several
        # people (or nobody) share the screen, as on a shared device in the browser.
        people = [i for i in range(len(self.seats)) if i not in self.bots]
        self.reader: int | None = people[0] if len(people) == 1 else None

    @property
    def state(self) -> Any:
        return self.match.state

    @property
    def teams(self) -> Any:
        return self.game.teams(len(self.seats), self.options)

    def mark(self, seat: int) -> str:
        """A seat's palette mark in its Rich style, as markup."""
        look = seat_look(self.seats, seat)
        return f"[{look.style}]{look.mark}[/]"

    def introduce(self) -> None:
        """One line per seat (mark, name, colour, person or computer), then the teams."""
        lang = self.lang
        for i, seat in enumerate(self.seats):
            look = seat_look(self.seats, i)
            kind = f"{t('seat.bot', lang)}: {seat.bot}" if seat.bot else t("seat.human", lang)
            if seat.colour is None:
                line = t("cli.setup.seat_plain", lang, mark=look.mark, name=seat.name, kind=kind)
            else:
                colour = t(f"colour.{seat.colour}", lang)
                line = t(
                    "cli.setup.seat", lang, mark=look.mark, name=seat.name, colour=colour, kind=kind
                )
            self.console.print(f"[{look.style}]{escape(line)}[/]")
        for n, team in enumerate(self.teams or (), 1):
            self.console.print(t("cli.setup.team", lang, n=n, names=self.team_names(team)))

    def team_names(self, team: Sequence[int]) -> str:
        return ", ".join(self.names[s] for s in team)

    def say(self, events: Sequence[Any]) -> None:
        for raw in events:
            event = self.game.event_for(raw, self.reader)
            if event is None:
                continue  # a private event of a seat the reader is not
            line = self.game.describe_event(event, self.names, self.lang)
            if line is None:
                continue
            if event[0] == TURN_EVENT:
                self.turn_header(event[1])
            else:
                self.console.print(f"  {line}", highlight=False)

    def turn_header(self, seat: int) -> None:
        look = seat_look(self.seats, seat)
        name_pos = escape(possessive(self.names[seat], self.lang))
        title = t("cli.play.turn", self.lang, name_pos=name_pos)
        self.console.rule(f"[{look.style}]{look.mark} {title}[/]")
        if len(self.bots) == len(self.seats):
            # Nobody to ask: show the board every turn so that watchers can follow.
            self.show_board()

    def show_board(self, die: int | None = None, viewer: int | None = None) -> None:
        assert self.view.render is not None
        self.console.print(self.view.render(self.state, viewer, self.lang, die))
        self.board_changed = False
        self.shown_to = viewer

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
        view = self.view
        assert view.in_rolloff is not None
        self.show_board()
        if view.intro is not None:
            self.console.print(t(view.intro, lang))
        started = False
        while not self.state.is_terminal():
            state = self.state
            if state.is_chance():
                # A seat's own die waits for that person's key; chance that acts by itself (a
                # shuffle, a deal) and a start roll-off are resolved at once.
                seat = state.chance_seat()
                by_hand = seat is not None and not view.in_rolloff(state)
                if by_hand and not started:
                    started = True
                    self.turn_header(seat)
                if by_hand and seat not in self.bots:
                    if self.board_changed:
                        self.show_board(viewer=seat)
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
        view = self.view
        assert view.die is not None and view.die_face is not None
        assert view.describe_move is not None
        legal: Sequence[Action] = state.legal_actions(seat)
        lang = self.lang
        die = view.die(state)
        if self.board_changed or (not self.game.perfect_information and self.shown_to != seat):
            # With hidden information each person sees their own view before choosing.
            self.show_board(die, viewer=seat)
        elif die is not None:
            self.console.print(view.die_face(die, lang))
        if view.hand is not None:
            self.console.print(view.hand(state, seat, lang), highlight=False)
        elif die is not None:
            self.console.print(
                t("cli.play.moves", lang, name=self.names[seat], die=die), highlight=False
            )
        else:
            self.console.print(t("cli.play.moves_plain", lang, name=self.names[seat]))
        if view.choose is not None:
            chosen = view.choose(
                state, seat, legal, self.names, lang, self.ask_plain, self.say_plain
            )
            if chosen is not None:
                return chosen
        groups = self.move_groups(state, legal)
        if groups is not None:
            return self.choose_grouped(state, legal, groups)
        for i, action in enumerate(legal, 1):
            text = view.describe_move(state, action, self.names, lang)
            self.console.print(f"  {i}) {text}", highlight=False)
        choices = range(1, len(legal) + 1)
        index = self.ask.number(t("cli.play.choose", lang, n=len(legal)), choices, 1)
        return legal[index - 1]

    def ask_plain(self, question: str, default: str | None) -> str:
        """A view's question (plain text, not markup) and the answer."""
        return self.ask.ask(escape(question), default)

    def say_plain(self, line: str) -> None:
        """A view's line (plain text, not markup)."""
        self.console.print(escape(line), highlight=False)

    def move_groups(
        self, state: Any, legal: Sequence[Action]
    ) -> list[tuple[str, list[Action]]] | None:
        """The moves under the headings of the view's ``group`` (in the order of their first
        move), when there are more than ``GROUP_OVER`` moves and the headings split them into
        groups of which some hold several moves; else ``None`` (a flat list)."""
        heading_of = self.view.group
        if heading_of is None or len(legal) <= GROUP_OVER:
            return None
        groups: dict[str, list[Action]] = {}
        for action in legal:
            groups.setdefault(heading_of(state, action, self.names, self.lang), []).append(action)
        if len(groups) < 2 or len(groups) == len(legal):
            return None
        return list(groups.items())

    def choose_grouped(
        self, state: Any, legal: Sequence[Action], groups: list[tuple[str, list[Action]]]
    ) -> Action:
        """First a group (a group of one move is that move), then a move of it, or 0 to go
        back to the groups."""
        lang = self.lang
        assert self.view.describe_move is not None
        describe = self.view.describe_move
        while True:
            for i, (heading, moves) in enumerate(groups, 1):
                if len(moves) == 1:
                    text = describe(state, moves[0], self.names, lang)
                else:
                    text = t("cli.play.group", lang, heading=heading, n=len(moves))
                self.console.print(f"  {i}) {text}", highlight=False)
            n = len(groups)
            index = self.ask.number(t("cli.play.choose_group", lang, n=n), range(1, n + 1), 1)
            heading, moves = groups[index - 1]
            if len(moves) == 1:
                return moves[0]
            self.console.print(f"  {heading}:", highlight=False)
            for i, action in enumerate(moves, 1):
                text = describe(state, action, self.names, lang)
                self.console.print(f"    {i}) {text}", highlight=False)
            self.console.print(f"    0) {t('cli.play.back', lang)}", highlight=False)
            k = len(moves)
            pick = self.ask.number(t("cli.play.choose_in_group", lang, n=k), range(k + 1), 1)
            if pick:
                return moves[pick - 1]

    def finish(self) -> None:
        """The board once more, then every seat's place (shared places alike), its score
        where the game keeps one, the teams, and whether anybody won."""
        lang = self.lang
        self.show_board()
        result = self.state.result()
        self.console.rule(t("cli.play.standings", lang))
        places = result.places()
        label = self.game.score_key
        for group in result.ranking:
            for seat in group:
                line = t("cli.play.place", lang, place=places[seat], name=self.names[seat])
                if result.scores is not None:
                    score = score_text(result.scores[seat])
                    line += f" — {t(label, lang)}: {score}" if label else f" — {score}"
                self.console.print(f"{self.mark(seat)} {escape(line)}", highlight=False)
        for n, team in enumerate(self.teams or (), 1):
            line = t("cli.setup.team", lang, n=n, names=self.team_names(team))
            if result.has_winner and set(team) <= set(result.winners):
                line += " " + t("cli.play.team_won", lang)
            self.console.print(line, highlight=False)
        if not result.has_winner:
            self.console.print(t("cli.play.no_winner", lang))


@contextlib.contextmanager
def computers_prepared(
    console: Console, game: Game[Any, Any], bots: Iterable[Bot], lang: str
) -> Iterator[None]:
    """While the game is played, its kernels are compiled in a child process when a search
    bot will use them and they are not loaded yet; meanwhile the bots search through the
    engine, so no computer waits for a compiler (as in the server: ``server.warm``)."""
    searching = any(isinstance(bot, MCTSBot) for bot in bots)
    if not searching or FAST_SIMULATOR not in game.capabilities or kernels.loaded(game.id):
        yield
        return
    from spelkvall.server.warm import Warmer

    console.print(t("cli.play.preparing", lang))
    kernels.forbid_compiling()
    warmer = Warmer([game])
    warmer.start()
    try:
        yield
    finally:
        warmer.stop()
        kernels.allow_compiling()


@app.command(help=t("cli.help.play", DEFAULT_LANGUAGE))
def play(
    game_id: str = typer.Argument(..., metavar="GAME", help=t("cli.help.game")),
    lang: str = typer.Option(DEFAULT_LANGUAGE, "--lang", help=t("cli.help.lang")),
    seed: int | None = typer.Option(None, "--seed", help=t("cli.help.seed")),
    option: list[str] | None = OPTION_FLAG,
    delay: float | None = typer.Option(None, "--delay", help=t("cli.help.delay")),
    save_to: str | None = typer.Option(None, "--save", metavar="FILE", help=t("cli.help.save")),
) -> None:
    console = Console(highlight=False)
    save = Path(save_to) if save_to else None
    lang = check_lang(console, lang)
    game = find_game(console, game_id, lang)
    options = game_options(console, game, lang, option)
    if delay is None:
        delay = 0.4 if console.is_terminal else 0.0
    console.rule(f"[bold]{t('cli.setup.title', lang, title=game.title(lang))}[/]")
    # Only the house rules that differ from the game's defaults are worth a line.
    changed = options_text(game, options, lang)
    if changed:
        console.print(t("cli.setup.options", lang, options=changed))
    session: TerminalGame | None = None
    try:
        seats = setup_seats(game, options, Prompter(console, lang), lang)
        session = TerminalGame(console, game, seats, options, seed, lang, delay, save)
        session.introduce()
        if save is not None and not session.save():
            raise typer.Exit(2)  # a path that cannot be written: say so before playing
        with computers_prepared(console, game, session.bots.values(), lang):
            session.run()
    except (EOFError, KeyboardInterrupt):
        console.print()
        if session is not None and session.saved:
            console.print(t("cli.play.saved", lang, path=save))
        fail(console, t("cli.play.aborted", lang), code=1)
    if session.saved:
        console.print(t("cli.play.saved", lang, path=save))
