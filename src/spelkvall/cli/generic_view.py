"""The terminal view of any game: the defaults behind every field of ``core.TerminalView``.

A game with a ``terminal.py`` of its own (``core.terminal_view``) overrides what it likes; a
game without one is played through these alone: the players with their palette marks, the
view JSON (``state.view(viewer)``) as a tree, the moves in the words of
``Game.describe_action``, a die drawn as a small panel with its number, no roll-off, no hand
line and no intro.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from spelkvall.core import Action, Game, Seat, TerminalView
from spelkvall.core.i18n import t
from spelkvall.core.palette import PALETTE, PlayerColour
from spelkvall.core.palette import colour as palette_colour


def seat_look(seats: Sequence[Seat], index: int) -> PlayerColour:
    """A seat's palette entry: its colour's, or, in a game without colours, the palette's
    colours in order, so that every seat still has a mark of its own."""
    chosen = seats[index].colour
    if chosen is not None:
        return palette_colour(chosen)
    ordered = list(PALETTE.values())
    return ordered[index % len(ordered)]


def _scalar(value: Any, lang: str) -> str:
    if value is None:
        return "–"
    if isinstance(value, bool):
        return t("cli.view.yes" if value else "cli.view.no", lang)
    return str(value)


def _is_flat(value: Any) -> bool:
    """A value shown on one line: a scalar or a list of scalars."""
    if isinstance(value, list):
        return all(not isinstance(v, dict | list) for v in value)
    return not isinstance(value, dict)


def _flat_text(value: Any, lang: str) -> str:
    if isinstance(value, list):
        return ", ".join(_scalar(v, lang) for v in value) if value else "–"
    return _scalar(value, lang)


def _grow(node: Tree, value: Any, lang: str) -> None:
    """Add the entries of a JSON dict or list under ``node`` (list items numbered from 1, as
    the players are)."""
    items = value.items() if isinstance(value, dict) else enumerate(value, 1)
    for key, item in items:
        label = f"[bold]{escape(str(key))}[/]"
        if _is_flat(item):
            node.add(f"{label}: {escape(_flat_text(item, lang))}")
        else:
            _grow(node.add(label), item, lang)


def view_tree(data: Any, title: str, lang: str) -> Tree:
    """A view (plain JSON) as a Rich tree under ``title``."""
    tree = Tree(f"[bold]{escape(title)}[/]")
    if _is_flat(data):
        tree.add(escape(_flat_text(data, lang)))
    else:
        _grow(tree, data, lang)
    return tree


def players_table(seats: Sequence[Seat], lang: str) -> Table:
    """One row per seat: its number, mark, name, and person or computer."""
    table = Table.grid(padding=(0, 1))
    for i, seat in enumerate(seats):
        look = seat_look(seats, i)
        kind = f"{t('seat.bot', lang)}: {seat.bot}" if seat.bot else t("seat.human", lang)
        table.add_row(
            f"{i + 1}",
            Text(look.mark, style=look.style),
            Text(seat.name, style=look.style),
            Text(f"({kind})", style="dim"),
        )
    return table


def generic(game: Game[Any, Any], seats: Sequence[Seat]) -> TerminalView:
    """The view of a game that has none of its own; ``seats`` are the match's."""
    names = [s.name for s in seats]

    def render(state: Any, viewer: int | None, lang: str, die: int | None) -> RenderableType:
        if viewer is None:
            title = t("cli.view.table", lang)
        else:
            title = t("cli.view.seen_by", lang, name=names[viewer])
        parts: list[RenderableType] = [
            players_table(seats, lang),
            view_tree(state.view(viewer), title, lang),
        ]
        if die is not None:
            parts.append(die_face(die, lang))
        return Group(*parts)

    def describe_move(state: Any, action: Action, names: Sequence[str], lang: str) -> str:
        return str(game.describe_action(state, action, lang, names))

    def die_face(value: int, lang: str) -> RenderableType:
        return Panel(Text(str(value)), title=t("cli.play.die", lang), expand=False, padding=(0, 2))

    return TerminalView(
        render=render,
        describe_move=describe_move,
        die=lambda state: None,
        die_face=die_face,
        in_rolloff=lambda state: False,
        hand=None,
        intro=None,
    )


def complete(
    view: TerminalView | None, game: Game[Any, Any], seats: Sequence[Seat]
) -> TerminalView:
    """The game's own view (or none) with every field it leaves out taken from ``generic``."""
    defaults = generic(game, seats)
    if view is None:
        return defaults
    filled = {
        f.name: getattr(defaults, f.name)
        for f in dataclasses.fields(TerminalView)
        if getattr(view, f.name) is None
    }
    return dataclasses.replace(view, **filled)
