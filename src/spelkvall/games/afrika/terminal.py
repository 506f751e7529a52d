"""Afrikas stjärna in the terminal (``spelkvall play afrika``): a small map drawn in characters,
where everybody is, their money and items, the cities' tokens, the tokens left and the legal
actions in words.

Players are told apart by their palette marks (● ■ ▲ ◆ ★ ⬢) as well as colours, so the map and
the table read the same without colour. On the map, ``T`` and ``C`` are the start points, each
city is its letter (``A``, ``B``, ``D`` …, then ``1``–``6``: ``city_labels``) in bold yellow
while its token is face down and dim once it is gone, ``!`` a hazard, and ``.``/``~`` the land
and sea dots. The cities' list under the map is the legend: each city with its letter and its
token, so the map needs no lines of its own to be read.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from spelkvall.core import TerminalView
from spelkvall.core.i18n import DEFAULT_LANGUAGE, t
from spelkvall.core.palette import colour as palette_colour

from .board import CAPETOWN, CITIES, GOLD_COAST, HAZARD, NODES, SLAVE_COAST, TANGIER, project
from .rules import NO_TOKEN, ORDER, UNOPENED, AfrikaState
from .tokens import TOKEN_NAMES
from .where import place_name, where

WIDTH, HEIGHT = 58, 26
_X0, _X1 = 0.0, 1000.0
_Y0, _Y1 = 0.0, 1000.0

_PIPS: dict[int, tuple[str, str, str]] = {
    1: ("     ", "  ●  ", "     "),
    2: ("●    ", "     ", "    ●"),
    3: ("●    ", "  ●  ", "    ●"),
    4: ("●   ●", "     ", "●   ●"),
    5: ("●   ●", "  ●  ", "●   ●"),
    6: ("●   ●", "●   ●", "●   ●"),
}


LABELS = "ABDEFGHIJKLMNOPQRSUVWXYZ123456"
"""The cities' map letters in the order of their names: no ``C`` and ``T`` (Cairo and Tangier,
the start points), then digits, so that every city has one character of its own."""


def city_labels(lang: str = DEFAULT_LANGUAGE) -> dict[int, str]:
    """Each city's one-character label on the map, in the order of the names in ``lang`` (the
    order of the legend, so a letter is found by reading down it)."""
    cities = sorted(CITIES, key=lambda c: place_name(NODES[c].id, lang))
    assert len(cities) <= len(LABELS), "a city without a label of its own"
    return {c: LABELS[i] for i, c in enumerate(cities)}


def _cell(v: int) -> tuple[int, int]:
    x, y = project(NODES[v].lat, NODES[v].lon)
    col = int((x - _X0) / (_X1 - _X0) * (WIDTH - 1))
    row = int((y - _Y0) / (_Y1 - _Y0) * (HEIGHT - 1))
    return max(0, min(WIDTH - 1, col)), max(0, min(HEIGHT - 1, row))


def mark(state: AfrikaState, seat: int) -> str:
    return palette_colour(state.seats[seat].colour).mark


def style(state: AfrikaState, seat: int) -> str:
    return palette_colour(state.seats[seat].colour).style


def board(state: AfrikaState, lang: str = DEFAULT_LANGUAGE) -> Text:
    """The map in characters: dots first, places over them (each city by its letter of
    ``city_labels``), pawns on top."""
    labels = city_labels(lang)
    grid: dict[tuple[int, int], tuple[str, str]] = {}
    for node in NODES:
        if node.kind == "dot":
            grid.setdefault(_cell(node.index), ("~" if node.medium == "sea" else ".", "dim"))
    for node in NODES:
        cell = _cell(node.index)
        if node.kind == HAZARD:
            grid[cell] = ("!", "bold red")
        elif node.is_start:
            grid[cell] = ("T" if node.index == TANGIER else "C", "bold")
        elif node.is_city:
            closed = state.token_at[node.index] == UNOPENED
            grid[cell] = (labels[node.index], "bold yellow" if closed else "dim")
    for seat in range(state.num_players):
        v = state.pos[seat]
        if v >= 0 and not state.stranded[seat]:
            grid[_cell(v)] = (mark(state, seat), style(state, seat))
        elif v >= 0:
            grid[_cell(v)] = (mark(state, seat), "dim")
    text = Text()
    for row in range(HEIGHT):
        for col in range(WIDTH):
            char, look = grid.get((col, row), (" ", ""))
            text.append(char, style=look)
        if row < HEIGHT - 1:
            text.append("\n")
    return text


def status(state: AfrikaState, seat: int, lang: str) -> str:
    """What is special about a player now: at sea, captured, a slave, stranded."""
    notes = []
    if state.stranded[seat]:
        reason = t(f"afrika.strand.{state.strand_reason[seat]}", lang)
        notes.append(t("afrika.cli.stranded", lang, reason=reason))
    if state.leg_dest[seat] >= 0:
        left = len(state.leg_path[seat]) - state.leg_step[seat]
        dest = place_name(NODES[state.leg_dest[seat]].id, lang)
        notes.append(t("afrika.cli.at_sea", lang, place=dest, left=left))
    if state.captured[seat]:
        notes.append(t("afrika.cli.captured", lang))
    if state.slave[seat]:
        notes.append(t("afrika.cli.slave", lang, turns=state.slave[seat]))
    return ", ".join(notes)


def players(state: AfrikaState, lang: str) -> Table:
    """One row per player: mark, name, where, money, items, status."""
    table = Table(show_edge=False, pad_edge=False, box=None)
    for key in ("player", "where", "money", "items", "status"):
        table.add_column(t(f"afrika.cli.col.{key}", lang))
    current = None if state.phase == ORDER or state.is_terminal() else state.current
    for seat, info in enumerate(state.seats):
        v = state.pos[seat]
        items = []
        if state.star[seat]:
            items.append(t("afrika.cli.star", lang))
        if state.shoes[seat]:
            items.append(t("afrika.cli.horseshoes", lang, n=state.shoes[seat]))
        name = f"{mark(state, seat)} {info.name}"
        if seat == current:
            name = f"{name} ◀"
        table.add_row(
            Text(name, style=style(state, seat)),
            "–" if v < 0 else where(NODES[v].id, lang),
            f"£{state.money[seat]}",
            ", ".join(items) or "–",
            status(state, seat, lang) or "–",
        )
    return table


def tokens(state: AfrikaState, lang: str) -> Group:
    """The map's legend: the cities in two columns by name, each with its map letter and its
    token, face down (``?``) or what was found and by whom (their mark); the special places
    noted; then what is left in the bag."""
    labels = city_labels(lang)
    special = {
        GOLD_COAST: t("afrika.cli.gold_coast", lang),
        SLAVE_COAST: t("afrika.cli.slave_coast", lang),
        CAPETOWN: t(
            "afrika.cli.capetown_claimed" if state.bonus_claimed else "afrika.cli.capetown", lang
        ),
    }
    table = Table(show_edge=False, pad_edge=False, box=None, show_header=False)
    for _ in range(2):
        table.add_column(no_wrap=True)
        table.add_column(no_wrap=True)
    cities = sorted(CITIES, key=lambda c: place_name(NODES[c].id, lang))
    half = (len(cities) + 1) // 2
    cells: list[list[Text]] = []
    for c in cities:
        kind = state.token_at[c]
        if kind == UNOPENED:
            entry = Text("?", style="bold yellow")
        elif kind == NO_TOKEN:
            entry = Text("")
        else:
            found = t(f"afrika.token.{TOKEN_NAMES[kind]}", lang)
            opener = state.opener[c]
            entry = Text(f"{found} {mark(state, opener)}" if opener >= 0 else found, style="dim")
        label = place_name(NODES[c].id, lang) + (f" {special[c]}" if c in special else "")
        # The letter leads the name's cell, so a squeezed table cuts a name's end, never it.
        cells.append([Text.assemble((labels[c], "bold"), " ", label), entry])
    for i in range(half):
        right = cells[half + i] if half + i < len(cells) else [Text(""), Text("")]
        table.add_row(*cells[i], *right)
    left = ", ".join(
        f"{t(f'afrika.token.{name}', lang)} {state.bag.counts[k]}"
        for k, name in enumerate(TOKEN_NAMES)
        if state.bag.counts[k]
    )
    return Group(table, Text(t("afrika.cli.left", lang, n=state.bag.size, kinds=left or "–")))


def die_face(value: int, lang: str) -> Panel:
    lines = _PIPS.get(value, ("     ", f"  {value}  ", "     "))
    return Panel(Text("\n".join(lines)), title=t("afrika.cli.die", lang), expand=False)


def render(state: AfrikaState, viewer: int | None, lang: str, die: int | None) -> RenderableType:
    """The map, the players (with the die when given), the tokens: one below the other, so an
    80-column terminal shows it all. Nothing is hidden: everybody sees the same (a closed
    token's content does not exist until it is opened)."""
    parts: list[RenderableType] = [board(state, lang), players(state, lang)]
    if die:
        parts.append(die_face(die, lang))
    parts += [tokens(state, lang), Text(t("afrika.cli.key", lang), style="dim")]
    return Group(*parts)


def die_value(state: AfrikaState) -> int | None:
    return state.die or None


def in_rolloff(state: AfrikaState) -> bool:
    """The turn order (drawn, or rolled for by everybody) is resolved without key presses."""
    return state.phase == ORDER


VIEW = TerminalView(
    render=render,
    die=die_value,
    die_face=die_face,
    in_rolloff=in_rolloff,
    intro="afrika.cli.intro",
)
