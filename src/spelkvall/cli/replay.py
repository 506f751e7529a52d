"""``spelkvall replay FILE``: step through a saved match (``spelkvall play --save``, or a record
downloaded from the web page) with the game's own terminal view.

The record is replayed through the engine (chance outcomes are in its log, so it replays
exactly); a record of another rules version, or one whose log the rules refuse, is refused
with the reason. Interactive by default (Enter: next step, ``b``: back, a number: that step,
``s``: the end, ``q``: quit); ``--to N`` and ``--all`` print without asking, for scripts.
``--chances`` prints each player's chance to win after every step of a finished match, and
``--plot out.png`` draws it (``cli.chances``; the ``plot`` extra).
The board is the table's view (what everybody saw) unless ``--seat N`` asks for that seat's
(with its own hand), and the log lines are that reader's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import typer
from rich.console import Console
from rich.markup import escape

from spelkvall.core import IllegalAction, InvalidRecord, MatchRecord, State, get_game, terminal_view
from spelkvall.core.i18n import DEFAULT_LANGUAGE, register, t

from . import app
from .chances import show as show_chances
from .common import check_lang, fail, translate_error
from .generic_view import complete, seat_look
from .play import score_text

register(
    {
        "cli.help.replay_chances": (
            "Skriv ut varje spelares chans att vinna efter varje steg (en färdig match).",
            "Print each player's chance to win after every step (a finished match).",
        ),
        "cli.help.replay_plot": (
            "Rita chansgrafen till en bildfil (PNG, SVG, PDF); kräver tillägget plot.",
            "Draw the chance graph to a picture file (PNG, SVG, PDF); needs the plot extra.",
        ),
    }
)


@dataclass
class Step:
    """The position after one more log entry, and the lines that entry adds to the log."""

    state: State
    lines: list[str]


def load(console: Console, path: Path, lang: str) -> MatchRecord:
    """The record in ``path``, or a clear error (no file, not a record, unknown game)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        fail(console, t("cli.error.file", lang, path=path, why=why))
    try:
        return MatchRecord.loads(text)
    except InvalidRecord as exc:
        fail(console, translate_error(exc, lang))


def steps(console: Console, record: MatchRecord, viewer: int | None, lang: str) -> list[Step]:
    """Every position of the record (``[0]`` the start), each with its log lines as
    ``viewer`` may read them; a record that does not replay is a clear error."""
    try:
        state = record.replay(0)  # checks the rules version, the seats and the options
    except InvalidRecord as exc:
        fail(console, translate_error(exc, lang))
    rules = get_game(record.game)
    names = [s.name for s in record.seats]
    out = [Step(state.clone(), [])]
    for i, entry in enumerate(record.log):
        try:
            events = state.apply(entry.action, entry.player)
        except IllegalAction as exc:
            why = f"{i}: {translate_error(exc, lang)}"
            fail(console, t("error.record", lang, why=why))
        lines = []
        for raw in events:
            event = rules.event_for(raw, viewer)
            if event is None:
                continue
            line = rules.describe_event(event, names, lang)
            if line:
                lines.append(line)
        out.append(Step(state.clone(), lines))
    return out


class Replayer:
    """Shows one record's positions in the terminal."""

    def __init__(
        self, console: Console, record: MatchRecord, viewer: int | None, lang: str
    ) -> None:
        self.console = console
        self.record = record
        self.viewer = viewer
        self.lang = lang
        self.game = get_game(record.game)
        self.view = complete(terminal_view(record.game), self.game, record.seats)
        self.steps = steps(console, record, viewer, lang)
        self.last = len(self.steps) - 1

    def header(self) -> None:
        lang = self.lang
        self.console.rule(
            f"[bold]{escape(t('cli.replay.title', lang, title=self.game.title(lang)))}[/]"
        )
        for i, seat in enumerate(self.record.seats):
            look = seat_look(self.record.seats, i)
            kind = f"{t('seat.bot', lang)}: {seat.bot}" if seat.bot else t("seat.human", lang)
            line = f"{look.mark} {seat.name} ({kind})"
            self.console.print(f"[{look.style}]{escape(line)}[/]", highlight=False)
        if self.viewer is not None:
            name = self.record.seats[self.viewer].name
            self.console.print(t("cli.replay.seen_by", lang, name=name))

    def lines(self, n: int) -> None:
        """The log lines that step ``n`` added, under its number."""
        for line in self.steps[n].lines:
            self.console.print(f"[dim]{n:>4}[/] {escape(line)}", highlight=False)

    def board(self, n: int) -> None:
        assert self.view.render is not None and self.view.die is not None
        state = self.steps[n].state
        title = t("cli.replay.step", self.lang, n=n, total=self.last)
        self.console.rule(escape(title))
        die = self.view.die(state)
        self.console.print(self.view.render(state, self.viewer, self.lang, die))
        if self.viewer is not None and self.view.hand is not None and not state.is_terminal():
            # The seat's own hand (or whatever the game keeps for its reader's eyes only).
            line = self.view.hand(state, self.viewer, self.lang)
            if line:
                self.console.print(escape(line), highlight=False)
        if n == self.last:
            self.result(state)

    def result(self, state: State) -> None:
        lang = self.lang
        result = state.result()
        if result is None:
            self.console.print(t("cli.replay.not_over", lang))
            return
        places = result.places()
        names = [s.name for s in self.record.seats]
        self.console.rule(t("cli.play.standings", lang))
        label = self.game.score_key
        for group in result.ranking:
            for seat in group:
                look = seat_look(self.record.seats, seat)
                line = t("cli.play.place", lang, place=places[seat], name=names[seat])
                if result.scores is not None:
                    score = score_text(result.scores[seat])
                    line += f" — {t(label, lang)}: {score}" if label else f" — {score}"
                mark = f"[{look.style}]{look.mark}[/]"
                self.console.print(f"{mark} {escape(line)}", highlight=False)
        if not result.has_winner:
            self.console.print(t("cli.play.no_winner", lang))

    def upto(self, n: int) -> None:
        """The log up to step ``n``, then the board there (``--to``)."""
        for i in range(1, n + 1):
            self.lines(i)
        self.board(n)

    def interactive(self) -> None:
        """Step by the keyboard until ``q`` (or the input ends)."""
        n = 0
        self.board(0)
        while True:
            try:
                answer = self.console.input(t("cli.replay.prompt", self.lang, last=self.last) + " ")
            except EOFError:
                self.console.print()
                return
            word = answer.strip().lower()
            if word in ("q", "quit", "avsluta"):
                return
            if word in ("", "n", "+"):
                target = min(n + 1, self.last)
            elif word in ("b", "p", "-"):
                target = max(n - 1, 0)
            elif word in ("s", "e"):
                target = self.last
            elif word.isdigit() and int(word) <= self.last:
                target = int(word)
            else:
                self.console.print(t("cli.replay.bad_key", self.lang, last=self.last))
                continue
            if target == n:
                self.console.print(t("cli.replay.at_edge", self.lang))
                continue
            if target == n + 1:
                self.lines(target)
            n = target
            self.board(n)


def seat_index(console: Console, record: MatchRecord, seat: int | None, lang: str) -> int | None:
    """``--seat`` counted from 1 as the players are listed, as an index (``None``: the
    table)."""
    if seat is None:
        return None
    if not 1 <= seat <= len(record.seats):
        fail(console, t("cli.replay.bad_seat", lang, seat=seat, n=len(record.seats)))
    return seat - 1


@app.command(help=t("cli.help.replay", DEFAULT_LANGUAGE))
def replay(
    file: str = typer.Argument(..., metavar="FILE", help=t("cli.help.replay_file")),
    to: int | None = typer.Option(None, "--to", metavar="N", help=t("cli.help.replay_to")),
    whole: bool = typer.Option(False, "--all", help=t("cli.help.replay_all")),
    seat: int | None = typer.Option(None, "--seat", metavar="N", help=t("cli.help.replay_seat")),
    lang: str = typer.Option(DEFAULT_LANGUAGE, "--lang", help=t("cli.help.lang")),
    chances: bool = typer.Option(False, "--chances", help=t("cli.help.replay_chances")),
    plot: str | None = typer.Option(None, "--plot", metavar="FILE", help=t("cli.help.replay_plot")),
) -> None:
    console = Console(highlight=False)
    lang = check_lang(console, lang)
    record = load(console, Path(file), lang)
    viewer = seat_index(console, record, seat, lang)
    replayer = Replayer(console, record, viewer, lang)
    if to is not None and not 0 <= to <= replayer.last:
        fail(console, t("cli.replay.bad_step", lang, n=to, last=replayer.last))
    replayer.header()
    if whole:
        replayer.upto(replayer.last)
    elif to is not None:
        replayer.upto(to)
    elif not (chances or plot):
        replayer.interactive()
    if chances or plot:
        show_chances(console, record, chances, Path(plot) if plot else None, lang)
