"""DogRoyal in the terminal (``spelkvall play dogroyal``): the ring quarter by quarter,
kennels, goals, the discard pile, and the hand of the person choosing (never another hand).

Each colour has its own mark as well as its colour, from ``core.palette`` (● red, ▲ yellow,
◆ green, ■ blue); a piece shows as mark + letter (``●K`` red King, K/R/B/N = kung, riddare,
borgare, narr). ``[ ]`` is a start field, ``✦`` a special field. Moves are described by
``DogRoyal.describe_action`` (the CLI's default), grouped by card and piece when a hand offers
many (the 1–7 card: first the piece, then the steps), and no chance event waits for a key: the
shuffles and draws have no seat to press one.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.text import Text

from spelkvall.core import Action, TerminalView
from spelkvall.core.i18n import possessive, t
from spelkvall.core.palette import PlayerColour
from spelkvall.core.palette import colour as palette_colour

from . import labels
from .actions import Play, card_name
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
    if not state.round:
        # Before the first deal: no round yet, nobody holds cards.
        text.append(t("dogroyal.cli.before_deal", lang, deck=state.deck_size), style="dim")
        return text
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
    copied = state.copy_target()
    if copied >= 0:
        text.append(" · " + t("dogroyal.cli.copy_of", lang, card=card_name(CARDS[copied], lang)))
    return text


def render(state: DogState, viewer: int | None, lang: str, die: int | None) -> RenderableType:
    """The public board and the key; the viewer's hand is the ``hand`` line, not drawn here."""
    return Group(board(state, lang), Text(t("dogroyal.cli.key", lang), style="dim"))


def hand_line(state: DogState, seat: int, lang: str) -> str:
    """What the person about to choose may know (shown only on that seat's turn): the hand,
    the card the partner passed marked "från Cecilia", the partner by name (whom to give a
    card to, whose pieces a finished player moves), and why each card that cannot be played
    cannot be."""
    view = state.view(seat)
    names = [s.name for s in state.seats]
    partner = state.partner[seat]
    received = -1
    if partner >= 0 and state.gift_known[partner] >= 0:
        received = state.gift_known[partner]
    cards = []
    for card in view["hand"] or []:
        text = card_name(card, lang)
        if received >= 0 and CARDS[received] == card:
            text += " " + t("dogroyal.cli.from", lang, name=names[partner])
            received = -1
        cards.append(text)
    lines = [t("dogroyal.cli.hand", lang, name=names[seat], cards=", ".join(cards) or "–")]
    if partner >= 0:
        if view["phase"] == "exchange":
            lines.append(t("dogroyal.cli.give_to", lang, partner=names[partner]))
        elif state.controls(seat) == partner:
            partner_pos = possessive(names[partner], lang)
            lines.append(t("dogroyal.cli.helping", lang, partner_pos=partner_pos))
        else:
            lines.append(t("dogroyal.cli.partner", lang, partner=names[partner]))
    for card, code in view["why_not"].items():
        name = card_name(card, lang)
        reason = t(f"dogroyal.why.{code}", lang, card=name)
        lines.append("  " + t("dogroyal.cli.why", lang, card=name, reason=reason))
    lines.append(t("dogroyal.cli.moves", lang))
    return "\n".join(lines)


def move_group(state: DogState, action: Action, names: Sequence[str], lang: str) -> str:
    """The heading a play is listed under when a hand offers many moves: its card and piece
    (``Spela 1–7 med kungen``); the choices left (steps, goal or track) are the moves."""
    if isinstance(action, Play):
        card = labels.card_words(state, action.card, lang)
        piece = labels.piece_words(action.piece, state.current, names, lang)
        return t("dogroyal.cli.group", lang, card=card, piece=piece)
    return labels.describe(state, action, names, lang)


VIEW = TerminalView(render=render, hand=hand_line, intro="dogroyal.cli.intro", group=move_group)
