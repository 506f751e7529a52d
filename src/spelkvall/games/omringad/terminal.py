"""Omringad in the terminal (``spelkvall play omringad``): the countries as grids, the phase
and whose turn, gold and points, the auction, a move being made, the battle's dice.

Drawn from ``state.view(viewer)`` only, so a person sees what their seat may see. A cell is
the terrain sign, the controller's palette mark and the stack on it: the owner's mark, the top
unit's short name (``'`` when damaged) and the height (``●Ry3`` a red stack of three, riders on
top). Without colour the marks (● ■ ▲ ◆ ★ ⬢) tell the players apart.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from spelkvall.core import TerminalView
from spelkvall.core.i18n import t
from spelkvall.core.palette import PlayerColour
from spelkvall.core.palette import colour as palette_colour

from .actions import square_name
from .board import COUNTRY, SIZE
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


def country_block(state: OmringadState, view: dict[str, Any], k: int, lang: str) -> list[Text]:
    rows = []
    header = Text("   ")
    for c in range(SIZE):
        header.append(f"{c + 1:<9}", style="dim")
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
            line.append(" " * max(1, 9 - len(piece.plain)))
        rows.append(line)
    return rows


def board(state: OmringadState, view: dict[str, Any], lang: str) -> Text:
    text = Text()
    n = view["players"]
    pairs = [(0, 1)] if n == 2 else [(0, 1), (2, 3)]
    for left, right in pairs:
        a = country_block(state, view, left, lang)
        b = country_block(state, view, right, lang)
        title = Text()
        for k in (left, right):
            seat_look = look(state, k)
            label = t("omringad.cli.country", lang, letter="ABCD"[k], name=state.seats[k].name)
            title.append(f"{seat_look.mark} {label}".ljust(50), style=seat_look.style)
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


VIEW = TerminalView(render=render, hand=hand_line, intro="omringad.cli.intro")
