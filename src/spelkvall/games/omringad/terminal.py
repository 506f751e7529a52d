"""Omringad in the terminal (``spelkvall play omringad``): the countries as grids, the phase
and whose turn, gold and points, the auction, a move being made, the battle's dice.

Drawn from ``state.view(viewer)`` only, so a person sees what their seat may see. A cell is
the terrain sign, the controller's palette mark and the stack on it: the owner's mark, the top
unit's short name (``'`` when damaged) and the height (``●Ry3`` a red stack of three, riders on
top). Without colour the marks (● ■ ▲ ◆ ★ ⬢) tell the players apart.

The terrain step (up to 125 tiles × squares) is not a numbered list: ``choose_terrain`` asks
for the tile, then a row and a column, or takes a square typed by its board name (``A3:2``,
country letter, row, column, as the browser's squares are named). Where the chooser leaves a
choice to the numbered list, ``move_group`` groups the tiles first, then the squares of one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from spelkvall.core import Action, TerminalView
from spelkvall.core.i18n import t
from spelkvall.core.palette import PlayerColour
from spelkvall.core.palette import colour as palette_colour

from .actions import Back, PlaceTile, square_name
from .board import COUNTRY, SIZE, TERRAIN_NAMES, TILE_KINDS, square
from .game import COLOURS
from .rules import OmringadState

SIGNS = {
    "bare": "·",
    "mountain": "^",
    "castle": "#",
    "village": "o",
    "lake": "~",
    "forest": "*",
    None: "?",
}


def look(state: OmringadState, seat: int) -> PlayerColour:
    return palette_colour(state.seats[seat].colour or COLOURS[seat])


def short(unit: str | None, lang: str) -> str:
    return "??" if unit is None else t(f"omringad.short.{unit}", lang)


def cell(state: OmringadState, view: dict[str, Any], x: int, lang: str) -> Text:
    text = Text()
    terrain = view["terrain"][x]
    owner = view["control"][x]
    text.append(SIGNS[terrain], style="bold" if terrain in ("castle", "village") else "")
    mark = look(state, owner)
    text.append(mark.mark, style=mark.style)
    stacks = view["stacks"][x]
    if stacks:
        first = stacks[0]
        seat = first["seat"]
        top = first["units"][-1]
        name = short(top[0], lang) + ("'" if top[1] else "")
        if seat < 0:
            text.append(f"{name}{first['height']}", style="bold magenta")
        else:
            unit_look = look(state, seat)
            text.append(f"{unit_look.mark}{name}{first['height']}", style=unit_look.style)
        if len(stacks) > 1:
            text.append("+", style="bold")
    return text


def cell_width(state: OmringadState, view: dict[str, Any], lang: str) -> int:
    """The column width that fits the widest cell of the board and a space: narrow while the
    squares hold no stacks (the terrain step), so that two countries fit 80 columns."""
    widest = max(len(cell(state, view, x, lang).plain) for x in range(len(view["terrain"])))
    return max(3, widest + 1)


def country_block(
    state: OmringadState, view: dict[str, Any], k: int, lang: str, width: int = 9
) -> list[Text]:
    rows = []
    header = Text("   ")
    for c in range(SIZE):
        header.append(f"{c + 1:<{width}}", style="dim")
    rows.append(header)
    for r in range(SIZE):
        line = Text(f"{r + 1}  ", style="dim")
        for c in range(SIZE):
            x = COUNTRY * k + SIZE * r + c
            piece = cell(state, view, x, lang)
            marked = x in (view.get("move") or {}).get("path", []) or (
                (view.get("battle") or {}).get("square") == x
            )
            if marked:
                piece.stylize("reverse")
            line.append_text(piece)
            line.append(" " * max(1, width - len(piece.plain)))
        rows.append(line)
    return rows


def board(state: OmringadState, view: dict[str, Any], lang: str) -> Text:
    text = Text()
    n = view["players"]
    pairs = [(0, 1)] if n == 2 else [(0, 1), (2, 3)]
    width = cell_width(state, view, lang)
    for left, right in pairs:
        a = country_block(state, view, left, lang, width)
        b = country_block(state, view, right, lang, width)
        title = Text()
        for k in (left, right):
            seat_look = look(state, k)
            label = t("omringad.cli.country", lang, letter="ABCD"[k], name=state.seats[k].name)
            heading = f"{seat_look.mark} {label}"
            # Over its block and the gap, or a long name and two spaces.
            heading = heading.ljust(max(3 + SIZE * width + 3, len(heading) + 2))
            title.append(heading, style=seat_look.style)
        text.append_text(title)
        text.append("\n")
        for ra, rb in zip(a, b, strict=True):
            text.append_text(ra)
            text.append("   ")
            text.append_text(rb)
            text.append("\n")
    key = "omringad.cli.sphere" if n == 2 else "omringad.cli.torus"
    text.append(t(key, lang) + "\n", style="dim")
    return text


def status(state: OmringadState, view: dict[str, Any], lang: str) -> Text:
    text = Text()
    phase = t(f"omringad.phase.{view['phase']}", lang)
    holder = view["holder"]
    text.append(
        t(
            "omringad.cli.status",
            lang,
            round=view["round"],
            phase=phase,
            holder=state.seats[holder].name if holder is not None else "–",
            target=view["target"],
        )
        + "\n",
        style="bold",
    )
    for seat in range(view["players"]):
        seat_look = look(state, seat)
        line = t(
            "omringad.cli.player",
            lang,
            mark=seat_look.mark,
            name=state.seats[seat].name,
            gold=view["gold"][seat],
            points=view["points"][seat],
            held=view["held"][seat],
        )
        if view["teams"]:
            team = next(i for i, m in enumerate(view["teams"]) if seat in m)
            line += " " + t("omringad.cli.team", lang, n=team + 1)
        text.append(line + "\n", style=seat_look.style)
    auction = view["auction"]
    if auction:
        leader = auction["leader"]
        text.append(
            t(
                "omringad.cli.auction",
                lang,
                unit=t(f"omringad.unit.{auction['special']}", lang),
                price=auction["price"],
                leader=state.seats[leader].name if leader is not None else "–",
            )
            + "\n"
        )
    battle = view["battle"]
    if battle:
        dice = ", ".join(
            f"{short(u, lang)} {v}{'✓' if h else '✗'}" for _s, u, v, h in battle["dice"]
        )
        text.append(
            t(
                "omringad.cli.battle",
                lang,
                square=square_name(battle["square"]),
                step=t(f"omringad.step.{battle['step']}", lang),
                dice=dice or "–",
                hits=battle["hits_left"],
            )
            + "\n"
        )
    sieges = [s for s in view["settlements"] if s["besiegers"]]
    if sieges:
        parts = [
            f"{square_name(s['square'])} "
            + (t("omringad.cli.full_siege", lang) if s["limit"] == 0 else "≤2")
            for s in sieges
        ]
        text.append(t("omringad.cli.sieges", lang, list=", ".join(parts)) + "\n", style="dim")
    return text


def render(state: OmringadState, viewer: int | None, lang: str, die: int | None) -> RenderableType:
    view = state.view(viewer)
    return Group(
        board(state, view, lang),
        status(state, view, lang),
        Text(t("omringad.cli.key", lang), style="dim"),
    )


def hand_line(state: OmringadState, seat: int, lang: str) -> str:
    """The chooser's own secrets: units bought and waiting, the pool, the group being moved."""
    view = state.view(seat)
    if view["phase"] == "terrain":
        left = view["tiles"]
        tiles = ", ".join(
            f"{t(f'omringad.terrain.{kind}', lang)} {left[kind]}"
            for kind in (TERRAIN_NAMES[k] for k in TILE_KINDS)
            if kind in left
        )
        return t("omringad.cli.tiles_left", lang, name=state.seats[seat].name, tiles=tiles or "–")
    pending = ", ".join(t(f"omringad.unit.{u}", lang) for u in view["pending"]) or "–"
    pool = ", ".join(f"{t(f'omringad.unit.{u}', lang)} {c}" for u, c in view["pool"].items() if c)
    line = t("omringad.cli.hand", lang, name=state.seats[seat].name, pending=pending, pool=pool)
    move = view["move"]
    if move and move["units"] is not None:
        group = ", ".join(t(f"omringad.unit.{u}", lang) for u, _d in move["units"]) or "–"
        line += " " + t("omringad.cli.group", lang, units=group, reach=move.get("reach", 0))
    if view["phase"] in ("setup", "purchase"):
        left = (25 if view["phase"] == "setup" else view["gold"][seat]) - view["spent"]
        line += " " + t("omringad.cli.gold_left", lang, gold=left)
    return line


# --- the terrain step: a tile, then a square by row and column or by its name -----------------

SQUARE_TEXT = re.compile(r"([a-d])?\s*([1-9])\s*(?:[:.,/ -]\s*)?([1-9])?", re.IGNORECASE)
"""A square as a person types it: the country letter (optional), the row, and the column
(``A3:2``, ``a3 2``, ``32``); without the column it is a row (``3``, ``A3``)."""

Ask = Callable[[str, str | None], str]
Say = Callable[[str], None]


def read_square(text: str, country: int) -> tuple[int, int | None] | str:
    """``(row, column)`` from 0 (the column ``None`` for a row alone) of a square of
    ``country`` as typed, or the key of the message that refuses it."""
    found = SQUARE_TEXT.fullmatch(text.strip())
    if found is None:
        return "omringad.cli.bad_square"
    letter, row, column = found.groups()
    if letter is not None and "abcd".index(letter.casefold()) != country:
        return "omringad.cli.not_yours"
    r = int(row) - 1
    c = None if column is None else int(column) - 1
    if r >= SIZE or (c is not None and c >= SIZE):
        return "omringad.cli.bad_square"
    return r, c


def choose_terrain(
    state: OmringadState,
    seat: int,
    legal: Sequence[Action],
    names: Sequence[str],
    lang: str,
    ask: Ask,
    say: Say,
) -> Action | None:
    """The terrain step's move for a person at the terminal: which tile (skipped when one
    kind is left and there is nothing to undo), then where, as a row and then a column, or a
    square typed by its name (``A3:2``); a square that is not free in the own country is
    refused with the reason and asked for again, and ``0`` goes back a question. ``None``
    when no tile is to be placed (the step's Done and Undo are a short numbered list)."""
    tiles = [a for a in legal if isinstance(a, PlaceTile)]
    if not tiles:
        return None
    undo = next((a for a in legal if isinstance(a, Back)), None)
    kinds = list(dict.fromkeys(a.tile for a in tiles))
    labels = [t(f"omringad.terrain.{kind}", lang) for kind in kinds]
    if undo is not None:
        labels.append(t("omringad.cli.undo_tile", lang, n=state.backs[seat]))
    while True:
        if len(labels) == 1:
            kind = kinds[0]
        else:
            say("  " + "  ".join(f"{i}) {label}" for i, label in enumerate(labels, 1)))
            answer = ask(t("omringad.cli.which_tile", lang, n=len(labels)), "1").strip()
            picked = next(
                (
                    i
                    for i, label in enumerate(labels)
                    if answer.casefold() in (str(i + 1), label.casefold())
                    or (i < len(kinds) and answer.casefold() == kinds[i])
                ),
                None,
            )
            if picked is None:
                say(t("omringad.cli.bad_tile", lang, n=len(labels)))
                continue
            if picked == len(kinds):
                assert undo is not None
                return undo
            kind = kinds[picked]
        chosen = _choose_square(seat, tiles, kind, lang, ask, say, can_go_back=len(labels) > 1)
        if chosen is not None:
            return chosen


def _choose_square(
    seat: int,
    tiles: Sequence[PlaceTile],
    kind: str,
    lang: str,
    ask: Ask,
    say: Say,
    can_go_back: bool,
) -> PlaceTile | None:
    """Where the ``kind`` tile goes, or ``None`` for ``0`` (back to the tiles)."""
    free = {a.square: a for a in tiles if a.tile == kind}
    tile = t(f"omringad.terrain.{kind}", lang)
    letter = "ABCD"[seat]
    back = " " + t("omringad.cli.zero_back", lang) if can_go_back else ""
    row: int | None = None
    while True:
        if row is None:
            question = t("omringad.cli.where_tile", lang, tile=tile, letter=letter) + back
        else:
            columns = [c for c in range(SIZE) if square(seat, row, c) in free]
            listed = ", ".join(str(c + 1) for c in columns)
            question = t("omringad.cli.which_column", lang, row=row + 1, columns=listed)
            question += " " + t("omringad.cli.zero_back", lang)
        typed = ask(question, None).strip()
        answer = typed
        if answer == "0":
            if row is not None:
                row = None
                continue
            if can_go_back:
                return None
            say(t("omringad.cli.bad_square", lang, letter=letter, answer=typed))
            continue
        if row is not None and answer.isdigit() and len(answer) == 1:
            # A lone digit at the column question is the column of the row already chosen.
            answer = f"{row + 1}:{answer}"
        place = read_square(answer, seat)
        if isinstance(place, str):
            say(t(place, lang, letter=letter, answer=typed))
            continue
        r, c = place
        if c is None:
            if not any(square(seat, r, col) in free for col in range(SIZE)):
                say(t("omringad.cli.row_full", lang, row=r + 1))
                continue
            row = r
            continue
        sq = square(seat, r, c)
        if sq in free:
            return free[sq]
        say(t("omringad.cli.not_free", lang, square=square_name(sq)))


def move_group(state: OmringadState, action: Action, names: Sequence[str], lang: str) -> str:
    """The heading a move is listed under when there are many: a terrain tile's kind (the
    tiles first, then the squares of one); every other move is a heading of its own."""
    if isinstance(action, PlaceTile):
        return t("omringad.cli.tile_group", lang, tile=t(f"omringad.terrain.{action.tile}", lang))
    # Never shown (a group of one move is listed as the move), but unique, so that the other
    # phases keep their flat lists.
    return repr(action)


VIEW = TerminalView(
    render=render,
    hand=hand_line,
    intro="omringad.cli.intro",
    group=move_group,
    choose=choose_terrain,
)
