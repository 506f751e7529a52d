"""DogRoyal in the terminal (``spelkvall play dogroyal``): the ring quarter by quarter,
kennels, goals, the discard pile, and the hand of the person choosing (never another hand).

Each colour has its own mark as well as its colour, from ``core.palette`` (● red, ▲ yellow,
◆ green, ■ blue); a piece shows as mark + letter (``●K`` red King, K/R/B/N = kung, riddare,
borgare, narr). ``[ ]`` is a start field, ``✦`` a special field. Moves are described by
``DogRoyal.describe_action`` (the CLI's default), and no chance event waits for a key: the
shuffles and draws have no seat to press one.
"""

from __future__ import annotations

from rich.console import Group, RenderableType
from rich.text import Text

from spelkvall.core import TerminalView
from spelkvall.core.i18n import t
from spelkvall.core.palette import PlayerColour
from spelkvall.core.palette import colour as palette_colour

from .actions import card_name
from .board import CARDS, COLOURS, GOAL0, KENNEL, PIECE_LETTERS, QUARTER
from .rules import DogState


def seat_colour(state: DogState, seat: int) -> PlayerColour:
    """The palette entry of a seat's colour."""
    return palette_colour(state.seats[seat].colour or COLOURS[state.slot[seat]])


def _piece_label(state: DogState, piece: int) -> tuple[str, str]:
    look = seat_colour(state, piece >> 2)
    return look.mark + PIECE_LETTERS[piece & 3], look.style


def board(state: DogState, lang: str) -> Text:
    """Four rows of 16 fields (one quarter each, clockwise), then kennels and goals."""
    text = Text()
    owner_of_slot = {state.slot[s]: s for s in range(state.n)}
    for quarter in range(4):
        seat = owner_of_slot.get(quarter)
        first = QUARTER * quarter
        text.append(f"{first + 1:>2}  ", style="dim")
        for field in range(first, first + QUARTER):
            piece = state.occ[field]
            if piece >= 0:
                label, piece_style = _piece_label(state, piece)
                text.append(label.ljust(3), style=piece_style)
            elif field == first and seat is not None:
                text.append("[ ]", style=seat_colour(state, seat).style)
            elif state.special[field]:
                text.append(" ✦ ", style="bold magenta")
            else:
                text.append(" · ", style="dim")
        text.append("\n")
    for seat in range(state.n):
        look = seat_colour(state, seat)
        pieces = range(4 * seat, 4 * seat + 4)
        kennel = " ".join(PIECE_LETTERS[p & 3] for p in pieces if state.pos[p] == KENNEL)
        goal = ["·"] * 4
        for p in pieces:
            if state.pos[p] >= GOAL0:
                goal[state.pos[p] - GOAL0] = PIECE_LETTERS[p & 3]
        line = t(
            "dogroyal.cli.seat",
            lang,
            mark=look.mark,
            name=state.seats[seat].name,
            cards=state.hand_size[seat],
            kennel=kennel or "–",
            goal=" ".join(goal),
        )
        text.append(line + "\n", style=look.style)
    top = state.discard[-1] if state.discard else -1
    text.append(
        t(
            "dogroyal.cli.table",
            lang,
            round=state.round,
            top=card_name(CARDS[top], lang) if top >= 0 else "–",
            pile=len(state.discard),
            deck=state.deck_size,
        ),
        style="dim",
    )
    return text


def render(state: DogState, viewer: int | None, lang: str, die: int | None) -> RenderableType:
    """The public board and the key; the viewer's hand is the ``hand`` line, not drawn here."""
    return Group(board(state, lang), Text(t("dogroyal.cli.key", lang), style="dim"))


def hand_line(state: DogState, seat: int, lang: str) -> str:
    """The hand of the person about to choose (shown only to that seat's turn)."""
    cards = ", ".join(card_name(c, lang) for c in state.view(seat)["hand"] or [])
    return t("dogroyal.cli.hand", lang, name=state.seats[seat].name, cards=cards or "–")


VIEW = TerminalView(render=render, hand=hand_line, intro="dogroyal.cli.intro")
