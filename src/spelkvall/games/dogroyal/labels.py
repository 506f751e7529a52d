"""What a legal action does, in words (``DogRoyal.describe_action``): the card, the piece (its
owner named when it is not the player's own: a finished player moves the partner's pieces),
where it ends (field, goal field), whom it hits, what a Magnet stops behind, the two fields of
a swap, the steps a Fool drops to reach his goal, the King's 1 of the 1/11 card, and the
field a Citizen jumps to. ``Action.label`` (no state) stays the short form in ``actions.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from spelkvall.core import Action
from spelkvall.core.i18n import DEFAULT_LANGUAGE, possessive, t

from .actions import Accuse, Give, Jump, Place, Play, card_name
from .board import (
    C4,
    C11,
    C13,
    C17,
    CARD_INDEX,
    CARDS,
    COPY,
    FOOL,
    GOAL0,
    KENNEL,
    KING,
    PIECE_TYPES,
    PLAIN_VALUE,
    RING,
)
from .phases import JUMP_PHASE
from .rules import P_MOVE, P_START, P_SWAP, DogState


def where(pos: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """A position in words: ``kenneln``, ``fält 12`` (ring fields count from 1), ``målfält 2``."""
    if pos == KENNEL:
        return t("dogroyal.where.kennel", lang)
    if pos >= GOAL0:
        return t("dogroyal.where.goal", lang, n=pos - GOAL0 + 1)
    return t("dogroyal.where.field", lang, n=pos + 1)


def piece_words(piece: int, actor: int, names: Sequence[str], lang: str) -> str:
    """``kungen`` for the actor's own piece, ``Cecilias kung`` for anybody else's."""
    kind = PIECE_TYPES[piece & 3]
    if piece >> 2 == actor:
        return t(f"dogroyal.piece.{kind}", lang)
    return t(f"dogroyal.piece_of.{kind}", lang, owner=possessive(names[piece >> 2], lang))


def card_words(state: DogState, card: str, lang: str) -> str:
    """The card's name; an = card says what it acts as (``= som 5``)."""
    if CARD_INDEX[card] == COPY:
        copied = state.copy_target()
        if copied >= 0:
            return t("dogroyal.move.copy_as", lang, card=card_name(CARDS[copied], lang))
    return card_name(card, lang)


def _nominal(card: int, steps: int) -> int:
    """The distance the card says for a move of ``steps`` (before a Fool shortens it)."""
    if PLAIN_VALUE[card]:
        return PLAIN_VALUE[card]
    if card == C4:
        return 4
    if card == C13:
        return 13
    if card == C11:
        return 1 if steps <= 1 else 11
    return steps  # 1-7: any value, never shortened


def describe(state: DogState, action: Action, names: Sequence[str], lang: str) -> str:
    """The full label of a legal action of the player to act (see the module's docstring)."""
    seat = state.current
    if isinstance(action, Accuse):
        return t("dogroyal.action.accuse", lang, name=names[action.seat])
    if isinstance(action, Give):
        return action.label(lang)
    if isinstance(action, Place):
        return t(
            "dogroyal.move.place",
            lang,
            piece=piece_words(action.piece, seat, names, lang),
            field=where(state.start[seat], lang),
        )
    if isinstance(action, Jump):
        if state.phase != JUMP_PHASE or state.jump_piece < 0:
            return action.label(lang)
        citizen = state.jump_piece
        src = state.pos[citizen]
        if not action.jump:
            return t("dogroyal.move.stay", lang, field=where(src, lang))
        return t(
            "dogroyal.move.jump",
            lang,
            piece=piece_words(citizen, seat, names, lang),
            src=where(src, lang),
            dst=where(state._jump_target(citizen), lang),
        )
    if not isinstance(action, Play):
        return action.label(lang)
    plan = state.plan_of(action)
    if plan is None:
        return action.label(lang)
    card = card_words(state, action.card, lang)
    piece = piece_words(action.piece, seat, names, lang)
    kind = plan[0]
    if kind == P_START:
        text = t("dogroyal.move.start", lang, card=card, piece=piece, field=where(plan[2], lang))
    elif kind == P_SWAP:
        other = plan[2]
        text = t(
            "dogroyal.move.swap",
            lang,
            card=card,
            piece=piece,
            src=where(state.pos[action.piece], lang),
            target=piece_words(other, seat, names, lang),
            dst=where(state.pos[other], lang),
        )
    else:
        assert kind == P_MOVE
        dest = plan[2]
        if action.move == "magnet":
            ahead = state.occ[(dest + 1) % RING]
            text = t(
                "dogroyal.move.magnet",
                lang,
                card=card,
                piece=piece,
                steps=action.steps,
                dst=where(dest, lang),
                ahead=piece_words(ahead, seat, names, lang),
            )
        elif action.move == "back":
            text = t("dogroyal.move.back", lang, card=card, piece=piece, dst=where(dest, lang))
        else:
            key = "dogroyal.move.forward_goal" if dest >= GOAL0 else "dogroyal.move.forward"
            text = t(key, lang, card=card, piece=piece, steps=action.steps, dst=where(dest, lang))
            eff = (
                state.copy_target() if CARD_INDEX[action.card] == COPY else CARD_INDEX[action.card]
            )
            honest = action.steps - action.cheat
            if action.piece & 3 == FOOL and dest >= GOAL0 and eff != C17:
                dropped = _nominal(eff, honest) - honest
                if dropped > 0:
                    key = (
                        "dogroyal.move.fool_drops"
                        if dropped > 1
                        else "dogroyal.move.fool_drops_one"
                    )
                    text += " " + t(key, lang, n=dropped)
            if action.piece & 3 == KING and eff == C11:
                text += " " + t("dogroyal.move.king_one", lang)
    victim = state.victim_of(action)
    if victim >= 0:
        # The web page marks a hitting move by this text (dogroyal.play.hits).
        hits = t("dogroyal.play.hits", lang, victim=piece_words(victim, -1, names, lang))
        text += f" ({hits})"
    if action.cheat:
        text += " " + t("dogroyal.play.cheat", lang, delta=f"{action.cheat:+d}")
    return text
