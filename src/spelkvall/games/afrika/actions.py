"""Afrikas stjärna's actions. Every action the game can offer exists once (``ACTIONS`` and the
tables at the end); places and dots are named by their board ids (``tunis``,
``land:tangier:tunis:2``) so a record reads without the board's numbering."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from spelkvall.core import Action
from spelkvall.core.i18n import DEFAULT_LANGUAGE, t

from .board import AIR, CITIES, INDEX, LAND_MOVES, LEGS, NODES, NUM_NODES, STARTS
from .tokens import TOKEN_NAMES
from .where import where


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """A die outcome (a chance action)."""

    kind: ClassVar[str] = "roll"
    game: ClassVar[str] = "afrika"
    value: int


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """The token under a city turns out to be ``token`` (a chance action: drawn from the bag of
    unopened tokens at the moment it is opened)."""

    kind: ClassVar[str] = "reveal"
    game: ClassVar[str] = "afrika"
    token: str

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("afrika.action.reveal", lang, token=t(f"afrika.token.{self.token}", lang))


@dataclass(frozen=True, slots=True)
class Order(Action):
    """Seat ``seat`` is next in the random turn order (a chance action)."""

    kind: ClassVar[str] = "order"
    game: ClassVar[str] = "afrika"
    seat: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("afrika.action.order", lang, seat=self.seat + 1)


@dataclass(frozen=True, slots=True)
class Start(Action):
    """Begin the game at a start point (Tangier or Cairo)."""

    kind: ClassVar[str] = "start"
    game: ClassVar[str] = "afrika"
    at: str

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("afrika.action.start", lang, place=where(self.at, lang))


@dataclass(frozen=True, slots=True)
class Walk(Action):
    """Roll and move over land (§4.1)."""

    kind: ClassVar[str] = "walk"
    game: ClassVar[str] = "afrika"


@dataclass(frozen=True, slots=True)
class Go(Action):
    """After a land roll: end the move at ``to`` (the end of the roll, or a city or start point
    passed), by route number ``route`` when several routes lead there."""

    kind: ClassVar[str] = "go"
    game: ClassVar[str] = "afrika"
    to: str
    route: int = 0

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("afrika.action.go", lang, place=where(self.to, lang))


@dataclass(frozen=True, slots=True)
class Sail(Action):
    """Pay £100, declare the destination ``to`` and sail (§4.2)."""

    kind: ClassVar[str] = "sail"
    game: ClassVar[str] = "afrika"
    to: str

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("afrika.action.sail", lang, place=where(self.to, lang))


@dataclass(frozen=True, slots=True)
class SailFree(Action):
    """Broke, with the 2005 rule: board for free toward ``to``, 2 steps a turn (§9.1)."""

    kind: ClassVar[str] = "sail_free"
    game: ClassVar[str] = "afrika"
    to: str

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("afrika.action.sail_free", lang, place=where(self.to, lang))


@dataclass(frozen=True, slots=True)
class SailOn(Action):
    """At sea on a free passage: sail on 2 steps (or fewer to arrive)."""

    kind: ClassVar[str] = "sail_on"
    game: ClassVar[str] = "afrika"


@dataclass(frozen=True, slots=True)
class Fly(Action):
    """Pay £300 and fly to ``to`` (§4.3)."""

    kind: ClassVar[str] = "fly"
    game: ClassVar[str] = "afrika"
    to: str

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("afrika.action.fly", lang, place=where(self.to, lang))


@dataclass(frozen=True, slots=True)
class TryToken(Action):
    """Declare a roll for the token here: 4–6 opens it (§5)."""

    kind: ClassVar[str] = "try_token"
    game: ClassVar[str] = "afrika"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Pay £100 and open the token here (on arrival, or at the start of a turn)."""

    kind: ClassVar[str] = "buy"
    game: ClassVar[str] = "afrika"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """On arrival: leave the token closed for now."""

    kind: ClassVar[str] = "decline"
    game: ClassVar[str] = "afrika"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Nothing else is legal: the turn ends."""

    kind: ClassVar[str] = "pass"
    game: ClassVar[str] = "afrika"


ACTION_TYPES: tuple[type[Action], ...] = (
    Roll,
    Reveal,
    Order,
    Start,
    Walk,
    Go,
    Sail,
    SailFree,
    SailOn,
    Fly,
    TryToken,
    Buy,
    Decline,
    Pass,
)

ROLLS: tuple[Roll, ...] = tuple(Roll(v) for v in range(7))
"""``ROLLS[v]`` is the roll ``v`` (index 0 unused)."""
REVEALS: tuple[Reveal, ...] = tuple(Reveal(name) for name in TOKEN_NAMES)
ORDERS: tuple[Order, ...] = tuple(Order(s) for s in range(6))
WALK = Walk()
SAIL_ON = SailOn()
TRY_TOKEN = TryToken()
BUY = Buy()
DECLINE = Decline()
PASS = Pass()
START_AT: dict[int, Start] = {v: Start(NODES[v].id) for v in STARTS}
SAIL: tuple[Sail | None, ...] = tuple(
    Sail(NODES[v].id) if any(d == v for p in range(NUM_NODES) for d, _ in LEGS[p]) else None
    for v in range(NUM_NODES)
)
SAIL_FREE: tuple[SailFree | None, ...] = tuple(None if a is None else SailFree(a.to) for a in SAIL)
FLY: tuple[Fly | None, ...] = tuple(Fly(NODES[v].id) if AIR[v] else None for v in range(NUM_NODES))
GO: dict[tuple[int, int], Go] = {}
for _v in range(NUM_NODES):
    for _roll in LAND_MOVES[_v]:
        for _dest, _routes in _roll:
            for _k in range(len(_routes)):
                if (_dest, _k) not in GO:
                    GO[_dest, _k] = Go(NODES[_dest].id, _k)
del _v, _roll, _dest, _routes, _k

assert all(v in INDEX.values() for v in CITIES)
