"""DogRoyal's actions. ``README.md`` in this folder describes their JSON for clients."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from spelkvall.core import Action
from spelkvall.core.i18n import DEFAULT_LANGUAGE, t

from .board import CARDS, PIECE_TYPES


@dataclass(frozen=True, slots=True)
class Dealer(Action):
    """Chance: who deals the first round (the first dealer is drawn at random)."""

    kind: ClassVar[str] = "dealer"
    game: ClassVar[str] = "dogroyal"
    seat: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("dogroyal.action.dealer", lang, n=self.seat + 1)


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: the next card off the deck (dealing, or a special-field draw). The deck is a
    shuffled pile, so each card is drawn when it is needed; no deck order exists in a state."""

    kind: ClassVar[str] = "draw"
    game: ClassVar[str] = "dogroyal"
    card: str

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("dogroyal.action.draw", lang, card=card_name(self.card, lang))


@dataclass(frozen=True, slots=True)
class Give(Action):
    """The partner exchange: the card this player passes face down to the partner."""

    kind: ClassVar[str] = "give"
    game: ClassVar[str] = "dogroyal"
    card: str

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("dogroyal.action.give", lang, card=card_name(self.card, lang))


@dataclass(frozen=True, slots=True)
class Place(Action):
    """First round only: put this piece (``4 * seat + type``) from the kennel on the start."""

    kind: ClassVar[str] = "place"
    game: ClassVar[str] = "dogroyal"
    piece: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("dogroyal.action.place", lang, piece=piece_name(self.piece, lang))


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card from the hand on one piece.

    ``card`` is the card taken from the hand (``"copy"`` for the = card, whatever it copies);
    ``piece`` the piece moved or started; ``move`` one of ``start``, ``forward``, ``back``,
    ``swap``, ``magnet``; ``steps`` the fields actually moved (forward/back; the Fool's reduced
    distance; 0 otherwise); ``goal`` whether the piece ends in its goal; ``target`` the other
    piece of a swap (-1 otherwise); ``cheat`` the secret ±1 of the cheat house rule (0 without).
    """

    kind: ClassVar[str] = "play"
    game: ClassVar[str] = "dogroyal"
    card: str
    piece: int
    move: str
    steps: int = 0
    goal: bool = False
    target: int = -1
    cheat: int = 0

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return play_label(self, None, lang)


@dataclass(frozen=True, slots=True)
class Jump(Action):
    """A Citizen that has just drawn on a special field jumps on (``True``) or stays."""

    kind: ClassVar[str] = "jump"
    game: ClassVar[str] = "dogroyal"
    jump: bool

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("dogroyal.action.jump" if self.jump else "dogroyal.action.stay", lang)


@dataclass(frozen=True, slots=True)
class Accuse(Action):
    """Cheat house rule: accuse ``seat`` of having cheated on their most recent move."""

    kind: ClassVar[str] = "accuse"
    game: ClassVar[str] = "dogroyal"
    seat: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("dogroyal.action.accuse", lang, name=t("dogroyal.player", lang, n=self.seat + 1))


@dataclass(frozen=True, slots=True)
class Forfeit(Action):
    """Chance (cheat house rule): the hand card a penalised player discards at random."""

    kind: ClassVar[str] = "forfeit"
    game: ClassVar[str] = "dogroyal"
    card: str

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("dogroyal.action.forfeit", lang, card=card_name(self.card, lang))


ACTION_TYPES: tuple[type[Action], ...] = (Dealer, Draw, Give, Place, Play, Jump, Accuse, Forfeit)

DRAWS: tuple[Draw, ...] = tuple(Draw(c) for c in CARDS)
FORFEITS: tuple[Forfeit, ...] = tuple(Forfeit(c) for c in CARDS)
GIVES: tuple[Give, ...] = tuple(Give(c) for c in CARDS)
JUMP = Jump(True)
STAY = Jump(False)


def card_name(card: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A card as people say it: ``5``, ``±4``, ``1-7``, ``Tauscher``, ``Magnet``, ``=``."""
    if card in CARDS:
        return t(f"dogroyal.card.{card}", lang)
    return card


def piece_name(piece: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """``kungen``, ``riddaren``... (the piece type in the definite form)."""
    return t(f"dogroyal.piece.{PIECE_TYPES[piece % 4]}", lang)


def play_label(action: Play, owner_name: str | None, lang: str = DEFAULT_LANGUAGE) -> str:
    """``Spela 7: kungen 3 steg framåt``. ``owner_name`` names the target's owner in a swap."""
    card = card_name(action.card, lang)
    piece = piece_name(action.piece, lang)
    key = f"dogroyal.play.{action.move}"
    if action.move == "forward" and action.goal:
        key = "dogroyal.play.forward_goal"
    if action.move == "swap":
        owner = owner_name
        if owner is None:
            owner = t("dogroyal.player_pos", lang, n=action.target // 4 + 1)
        target = t(f"dogroyal.piece_of.{PIECE_TYPES[action.target % 4]}", lang, owner=owner)
        text = t(key, lang, card=card, piece=piece, target=target)
    else:
        text = t(key, lang, card=card, piece=piece, steps=action.steps)
    if action.cheat:
        text += " " + t("dogroyal.play.cheat", lang, delta=f"{action.cheat:+d}")
    return text
