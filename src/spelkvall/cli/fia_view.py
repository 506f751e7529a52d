"""Fia med knuff in the terminal: the 11 × 11 board, the die and the moves in words.

Every colour has its own mark as well as its colour (▲ red, ■ blue, ◆ yellow, ● green), so the
board reads the same without colour. A piece shows as mark + number (``▲2``); the pair that
entered together on a 6 shows both numbers (``▲12``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from spelkvall.core import Action
from spelkvall.core.i18n import possessive, t
from spelkvall.games.fia import COLOURS, EnterSix, FiaState, Move, where
from spelkvall.games.fia.board import (
    GOAL,
    GOAL_CELL,
    LANE_CELLS,
    NEST,
    NEST_CELLS,
    START_SQUARES,
    TRACK_CELLS,
    cell_of,
)
from spelkvall.games.fia.rules import ROLLOFF

MARKS: dict[str, str] = {"red": "▲", "blue": "■", "yellow": "◆", "green": "●"}
STYLES: dict[str, str] = {
    "red": "bold red",
    "blue": "bold blue",
    "yellow": "bold yellow",
    "green": "bold green",
}
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
    return MARKS.get(colour, "?")


def die_face(value: int, lang: str) -> Panel:
    """A drawn die showing ``value``."""
    lines = _PIPS.get(value, ("     ", f"  {value}  ", "     "))
    return Panel(
        Text("\n".join(lines)), title=t("cli.play.die", lang), expand=False, padding=(0, 3)
    )


def board(state: FiaState) -> Text:
    """The board as 11 rows of 3-character cells."""
    cells: dict[tuple[int, int], tuple[str, str]] = {}
    in_game = [c for c in range(len(COLOURS)) if state.seat_of[c] >= 0]
    for cell in TRACK_CELLS:
        cells[cell] = (" · ", "dim")
    for colour in range(len(COLOURS)):
        name = COLOURS[colour]
        style = STYLES[name] if colour in in_game else "dim"
        cells[TRACK_CELLS[START_SQUARES[colour]]] = ("[ ]", style)
        for cell in LANE_CELLS[colour]:
            cells[cell] = (" - ", style)
        for cell in NEST_CELLS[colour]:
            cells[cell] = (" ○ ", style if colour in in_game else "dim")
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
        cells[cell] = (label.ljust(3), STYLES[name])
    text = Text()
    for y in range(SIZE):
        for x in range(SIZE):
            label, style = cells.get((x, y), ("   ", ""))
            text.append(label, style=style)
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
            "cli.fia.legend",
            lang,
            mark=mark(colour),
            name=info.name,
            colour=t(f"colour.{colour}", lang),
            bot=t("cli.fia.bot", lang) if info.is_bot else "",
        )
        count = t("cli.fia.count", lang, nest=nest, goal=goal, out=4 - nest - goal)
        if seat:
            text.append("\n")
        text.append(line, style=STYLES[colour])
        text.append("\n" + count)
    return text


def render(state: FiaState, lang: str, die: int | None = None) -> RenderableType:
    """The board with the legend (and the die, when given) beside it."""
    side: list[RenderableType] = [legend(state, lang)]
    if die:
        side.append(die_face(die, lang))
    grid = Table.grid(padding=(0, 3))
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(board(state), Group(*side))
    return Group(grid, Text(t("cli.fia.key", lang), style="dim"))


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
            text += f", {t('cli.play.stops_at', lang, dst=where(dest, lang))}"
    victims = preview["knocks_out"]
    if victims:
        notes = ", ".join(
            t("cli.play.knocks_out", lang, victim_pos=possessive(names[v], lang)) for v in victims
        )
        text += f" ({notes})"
    return text


def seat_mark(state: FiaState, seat: int) -> tuple[str, str]:
    """The mark and style of a seat, for lines about that player."""
    colour = COLOURS[state.colour_of[seat]]
    return mark(colour), STYLES[colour]


def die_value(state: FiaState) -> int | None:
    """The die showing now, or ``None`` before the first roll of a turn."""
    return state.die or None


def in_rolloff(state: FiaState) -> bool:
    """Whether the start roll-off is still running."""
    return state.phase == ROLLOFF
