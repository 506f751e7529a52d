"""DogRoyal in the terminal: the ring quarter by quarter, kennels, goals, the discard pile, and
the hand of the person choosing (never another hand).

Each colour has its own mark as well as its colour (▲ red, ◆ yellow, ● green, ■ blue); a piece
shows as mark + letter (``▲K`` red King, K/R/B/N = kung, riddare, borgare, narr). ``[ ]`` is a
start field, ``✦`` a special field.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from spelkvall.core import Action
from spelkvall.core.i18n import t
from spelkvall.games.dogroyal import GAME, DogState
from spelkvall.games.dogroyal.actions import card_name
from spelkvall.games.dogroyal.board import CARDS, GOAL0, KENNEL, PIECE_LETTERS, QUARTER

MARKS: dict[str, str] = {"red": "▲", "blue": "■", "yellow": "◆", "green": "●"}
STYLES: dict[str, str] = {
    "red": "bold red",
    "blue": "bold blue",
    "yellow": "bold yellow",
    "green": "bold green",
}


def mark(colour: str) -> str:
    return MARKS.get(colour, "?")


def _colour(state: DogState, seat: int) -> str:
    return state.seats[seat].colour or "red"


def seat_mark(state: DogState, seat: int) -> tuple[str, str]:
    colour = _colour(state, seat)
    return mark(colour), STYLES.get(colour, "bold")


def _piece_label(state: DogState, piece: int) -> tuple[str, str]:
    colour = _colour(state, piece >> 2)
    return mark(colour) + PIECE_LETTERS[piece & 3], STYLES.get(colour, "bold")


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
                label, style = _piece_label(state, piece)
                text.append(label.ljust(3), style=style)
            elif field == first and seat is not None:
                text.append("[ ]", style=seat_mark(state, seat)[1])
            elif state.special[field]:
                text.append(" ✦ ", style="bold magenta")
            else:
                text.append(" · ", style="dim")
        text.append("\n")
    for seat in range(state.n):
        m, style = seat_mark(state, seat)
        pieces = range(4 * seat, 4 * seat + 4)
        kennel = " ".join(PIECE_LETTERS[p & 3] for p in pieces if state.pos[p] == KENNEL)
        goal = ["·"] * 4
        for p in pieces:
            if state.pos[p] >= GOAL0:
                goal[state.pos[p] - GOAL0] = PIECE_LETTERS[p & 3]
        line = t(
            "cli.dogroyal.seat",
            lang,
            mark=m,
            name=state.seats[seat].name,
            cards=state.hand_size[seat],
            kennel=kennel or "–",
            goal=" ".join(goal),
        )
        text.append(line + "\n", style=style)
    top = state.discard[-1] if state.discard else -1
    text.append(
        t(
            "cli.dogroyal.table",
            lang,
            round=state.round,
            top=card_name(CARDS[top], lang) if top >= 0 else "–",
            pile=len(state.discard),
            deck=state.deck_size,
        ),
        style="dim",
    )
    return text


def render(state: DogState, lang: str, die: int | None = None) -> RenderableType:
    return Group(board(state, lang), Text(t("cli.dogroyal.key", lang), style="dim"))


def hand_line(state: DogState, seat: int, lang: str) -> str:
    """The hand of the person about to choose (shown only to that seat's turn)."""
    cards = ", ".join(card_name(c, lang) for c in state.view(seat)["hand"] or [])
    return t("cli.dogroyal.hand", lang, name=state.seats[seat].name, cards=cards or "–")


def describe_move(state: DogState, action: Action, names: Sequence[str], lang: str) -> str:
    return GAME.describe_action(state, action, lang, names)


def no_die(state: DogState) -> int | None:
    return None


def no_face(value: int, lang: str) -> RenderableType:
    return Text("")


def chance_is_no_button(state: DogState) -> bool:
    """Shuffling and drawing are never a player's button: treat every chance node like the
    roll-off (resolved without asking)."""
    return True
