"""Front in the terminal (``spelkvall play front``): the three regions side by side, each as its
owner sees it (base camp at the bottom, columns a–h left to right), the die, the scores and the
pieces that may be removed.

Every player's pieces carry the palette's mark of their colour (● ■ ▲ ◆ ★ ⬢) as well as the
colour, so the board reads the same without colour. An empty camp square is ``_``, any other
empty square ``·``. Under each region a line says where its columns lead: up columns a–d into
the region on the owner's left, e–h into the one on the right.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from spelkvall.core import Action, TerminalView
from spelkvall.core.i18n import possessive, t
from spelkvall.core.palette import colour as palette_colour

# The package imports this module only through the registry, after ``GAME`` exists.
from . import GAME
from .board import COLUMN_LETTERS, WIDTH, left_of, right_of
from .game import where
from .rules import DECIDE, ROLLOFF, FrontState

_PIPS: dict[int, tuple[str, str, str]] = {
    1: ("     ", "  ●  ", "     "),
    2: ("●    ", "     ", "    ●"),
    3: ("●    ", "  ●  ", "    ●"),
    4: ("●   ●", "     ", "●   ●"),
    5: ("●   ●", "  ●  ", "●   ●"),
    6: ("●   ●", "●   ●", "●   ●"),
}


def _look(state: FrontState, seat: int) -> tuple[str, str]:
    """The mark and Rich style of a seat's colour."""
    entry = palette_colour(state.seats[seat].colour)
    return entry.mark, entry.style


def die_face(value: int, lang: str) -> Panel:
    """A drawn die showing ``value``."""
    lines = _PIPS.get(value, ("     ", f"  {value}  ", "     "))
    return Panel(
        Text("\n".join(lines)), title=t("front.cli.die", lang), expand=False, padding=(0, 3)
    )


def region(state: FrontState, p: int, lang: str) -> Text:
    """Player ``p``'s region: a title, rows D..1 from the top, the column letters, and where
    the columns lead."""
    b = state.board
    names = [s.name for s in state.seats]
    mark, style = _look(state, p)
    text = Text()
    text.append(t("front.cli.region", lang, mark=mark, name_pos=possessive(names[p], lang)), style)
    text.append("\n")
    for r in reversed(range(b.depth)):
        text.append(f"{r + 1} ", style="dim")
        for c in range(WIDTH):
            owner = state.cells[b.index(p, r, c)]
            if owner >= 0:
                piece, piece_style = _look(state, owner)
                text.append(f" {piece}", style=piece_style)
            else:
                text.append(" _" if r == 0 else " ·", style=style if r == 0 else "dim")
        text.append("\n")
    text.append("  " + "".join(f" {letter}" for letter in COLUMN_LETTERS), style="dim")
    text.append("\n")
    text.append(f"↑ a–d: {names[left_of(p)]}\n↑ e–h: {names[right_of(p)]}", style="dim")
    return text


def legend(state: FrontState, lang: str) -> Text:
    """One line per player: mark, name, colour, points of the target and pieces left."""
    text = Text()
    for seat, info in enumerate(state.seats):
        mark, style = _look(state, seat)
        line = t(
            "front.cli.legend",
            lang,
            mark=mark,
            name=info.name,
            colour=t(f"colour.{info.colour}", lang),
            bot=t("front.cli.bot", lang) if info.is_bot else "",
            score=state.scores[seat],
            target=state.options.target,
            pieces=len(state.pos[seat]),
        )
        if seat:
            text.append("\n")
        text.append(line, style=style)
    return text


def removable_line(state: FrontState, lang: str) -> str | None:
    """The pieces the player to act may remove now, in words, or ``None``."""
    if state.phase != DECIDE:
        return None
    b = state.board
    names = [s.name for s in state.seats]
    items = []
    for sq in state._plans:
        if sq < 0:
            continue
        owner_pos = possessive(names[state.cells[sq]], lang)
        items.append(
            t("front.piece_on", lang, owner_pos=owner_pos, square=where(b.coords(sq), names, lang))
        )
    return t("front.cli.removable", lang, list=", ".join(items))


def render(state: FrontState, viewer: int | None, lang: str, die: int | None) -> RenderableType:
    """The three regions with the legend (and the die, when given). Front hides nothing, so
    every viewer sees the same."""
    grid = Table.grid(padding=(0, 4))
    for _ in range(3):
        grid.add_column(no_wrap=True)
    grid.add_row(*(region(state, p, lang) for p in range(3)))
    side: list[RenderableType] = [legend(state, lang)]
    if die:
        side.append(die_face(die, lang))
    parts: list[RenderableType] = [grid, Group(*side)]
    line = removable_line(state, lang)
    if line:
        parts.append(Text(line, style="bold"))
    if state.quiet:
        parts.append(
            Text(
                t("front.cli.quiet", lang, quiet=state.quiet, limit=state.options.draw_turns),
                style="dim",
            )
        )
    return Group(*parts)


def describe_move(state: FrontState, action: Action, names: Sequence[str], lang: str) -> str:
    """``Flytta Annas b3 uppåt till Bertils g3``, ``Ta bort Bertils pjäs på …``."""
    return GAME.describe_action(state, action, lang, names)


def die_value(state: FrontState) -> int | None:
    """The die showing now, or ``None`` before the roll of a turn."""
    return state.die or None


def in_rolloff(state: FrontState) -> bool:
    """Whether the start roll-off is still running."""
    return state.phase == ROLLOFF


VIEW = TerminalView(
    render=render,
    describe_move=describe_move,
    die=die_value,
    die_face=die_face,
    in_rolloff=in_rolloff,
    intro="front.cli.intro",
)
