"""Fia med knuff in the terminal (``spelkvall play fia``): the 11 × 11 board, the die and the
moves in words.

Every colour has its own mark as well as its colour, from ``core.palette`` (● red, ■ blue,
▲ yellow, ◆ green), so the board reads the same without colour. A piece shows as mark + number
(``●2``); the pair that entered together on a 6 shows both numbers (``●12``).
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

from .actions import EnterSix, Move
from .board import (
    COLOURS,
    GOAL,
    GOAL_CELL,
    LANE_CELLS,
    NEST,
    NEST_CELLS,
    START_SQUARES,
    TRACK_CELLS,
    cell_of,
)
from .game import where
from .rules import ROLLOFF, FiaState

SIZE = 11

# Pips of a die face on a 3 × 3 grid, row by row.
_PIPS: dict[int, tuple[str, str, str]] = {
    1: ("     ", "  ●  ", "     "),
    2: ("●    ", "     ", "    ●"),
    3: ("●    ", "  ●  ", "    ●"),
    4: ("●   ●", "     ", "●   ●"),
    5: ("●   ●", "  ●  ", "●   ●"),
    6: ("●   ●", "●   ●", "●   ●"),
}


def mark(colour: str) -> str:
    """The palette's mark of a colour id."""
    return palette_colour(colour).mark


def style(colour: str) -> str:
    """The palette's Rich style of a colour id."""
    return palette_colour(colour).style


def die_face(value: int, lang: str) -> Panel:
    """A drawn die showing ``value``."""
    lines = _PIPS.get(value, ("     ", f"  {value}  ", "     "))
    return Panel(Text("\n".join(lines)), title=t("fia.cli.die", lang), expand=False, padding=(0, 3))


def board(state: FiaState) -> Text:
    """The board as 11 rows of 3-character cells."""
    cells: dict[tuple[int, int], tuple[str, str]] = {}
    in_game = [c for c in range(len(COLOURS)) if state.seat_of[c] >= 0]
    for cell in TRACK_CELLS:
        cells[cell] = (" · ", "dim")
    for colour in range(len(COLOURS)):
        look = style(COLOURS[colour]) if colour in in_game else "dim"
        cells[TRACK_CELLS[START_SQUARES[colour]]] = ("[ ]", look)
        for cell in LANE_CELLS[colour]:
            cells[cell] = (" - ", look)
        for cell in NEST_CELLS[colour]:
            cells[cell] = (" ○ ", look)
    cells[GOAL_CELL] = (" ★ ", "bold")
    # Pieces last, so they cover what is under them.
    stacks: dict[tuple[int, int], list[int]] = {}
    owner: dict[tuple[int, int], int] = {}
    for colour in in_game:
        for i in range(4):
            p = state.pos[4 * colour + i]
            if p == GOAL:
                continue
            cell = cell_of(colour, p, i)
            stacks.setdefault(cell, []).append(i + 1)
            owner[cell] = colour
    for cell, numbers in stacks.items():
        name = COLOURS[owner[cell]]
        label = mark(name) + "".join(str(n) for n in numbers)
        cells[cell] = (label.ljust(3), style(name))
    text = Text()
    for y in range(SIZE):
        for x in range(SIZE):
            label, look = cells.get((x, y), ("   ", ""))
            text.append(label, style=look)
            if x < SIZE - 1:
                text.append(" ")
        if y < SIZE - 1:
            text.append("\n")
    return text


def legend(state: FiaState, lang: str) -> Text:
    """One line per player: mark, name, colour, and where their pieces are."""
    text = Text()
    for seat, info in enumerate(state.seats):
        colour = COLOURS[state.colour_of[seat]]
        positions = state.local_positions(seat)
        nest = sum(p == NEST for p in positions)
        goal = sum(p == GOAL for p in positions)
        line = t(
            "fia.cli.legend",
            lang,
            mark=mark(colour),
            name=info.name,
            colour=t(f"colour.{colour}", lang),
            bot=t("fia.cli.bot", lang) if info.is_bot else "",
        )
        count = t("fia.cli.count", lang, nest=nest, goal=goal, out=4 - nest - goal)
        if seat:
            text.append("\n")
        text.append(line, style=style(colour))
        text.append("\n" + count)
    return text


def render(state: FiaState, viewer: int | None, lang: str, die: int | None) -> RenderableType:
    """The board with the legend (and the die, when given) beside it. Fia hides nothing, so
    every viewer sees the same."""
    side: list[RenderableType] = [legend(state, lang)]
    if die:
        side.append(die_face(die, lang))
    grid = Table.grid(padding=(0, 3))
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(board(state), Group(*side))
    return Group(grid, Text(t("fia.cli.key", lang), style="dim"))


def describe_move(state: FiaState, action: Action, names: Sequence[str], lang: str) -> str:
    """``Flytta pjäs 2 från ruta 5 till ruta 8 (slår ut Samirs pjäs)``."""
    preview = state.move_preview(action)
    dest = preview["to"]
    if isinstance(action, Move):
        text = t(
            "fia.move_to",
            lang,
            piece=action.piece,
            src=where(preview["from"][0], lang),
            dst=where(dest, lang),
        )
    else:
        text = action.label(lang)
        if isinstance(action, EnterSix) and dest != 6:
            text += f", {t('fia.cli.stops_at', lang, dst=where(dest, lang))}"
    victims = preview["knocks_out"]
    if victims:
        notes = ", ".join(
            t("fia.cli.knocks_out", lang, victim_pos=possessive(names[v], lang)) for v in victims
        )
        text += f" ({notes})"
    return text


def die_value(state: FiaState) -> int | None:
    """The die showing now, or ``None`` before the first roll of a turn."""
    return state.die or None


def in_rolloff(state: FiaState) -> bool:
    """Whether the start roll-off is still running."""
    return state.phase == ROLLOFF


VIEW = TerminalView(
    render=render,
    describe_move=describe_move,
    die=die_value,
    die_face=die_face,
    in_rolloff=in_rolloff,
    intro="fia.cli.intro",
)
