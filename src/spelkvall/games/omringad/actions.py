"""Omringad's actions. Units and tiles are named by their English ids (``"rider"``,
``"castle"``) so that the JSON reads well; squares are ints (``board.py``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from spelkvall.core import Action
from spelkvall.core.i18n import DEFAULT_LANGUAGE, t

from .board import COUNTRY, TERRAIN_NAMES, UNIT_NAMES, coords


def square_name(sq: int) -> str:
    """``A3:2`` style: country letter, row and column from 1 (``B5:1``)."""
    k, r, c = coords(sq)
    return f"{'ABCD'[k]}{r + 1}:{c + 1}"


def unit_label(unit: str, lang: str = DEFAULT_LANGUAGE, damaged: bool = False) -> str:
    text = t(f"omringad.unit.{unit}", lang)
    return text + (t("omringad.damaged_mark", lang) if damaged else "")


@dataclass(frozen=True, slots=True)
class PlaceTile(Action):
    """Set-up: put one of the own terrain tiles on a square of the own country (secret)."""

    kind: ClassVar[str] = "tile"
    game: ClassVar[str] = "omringad"
    tile: str
    square: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t(
            "omringad.action.tile",
            lang,
            tile=t(f"omringad.terrain.{self.tile}", lang),
            square=square_name(self.square),
        )


@dataclass(frozen=True, slots=True)
class Recruit(Action):
    """Set-up purchase: buy a unit and put it in the pile of this castle or village."""

    kind: ClassVar[str] = "recruit"
    game: ClassVar[str] = "omringad"
    unit: str
    square: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t(
            "omringad.action.recruit",
            lang,
            unit=unit_label(self.unit, lang),
            square=square_name(self.square),
        )


@dataclass(frozen=True, slots=True)
class Back(Action):
    """Undo the last small step of a decision in several steps (a tile, a purchase, a unit
    taken or a step of a path). Each seat has a budget of backs per phase."""

    kind: ClassVar[str] = "back"
    game: ClassVar[str] = "omringad"


@dataclass(frozen=True, slots=True)
class Done(Action):
    """Finish the current step: the terrain, the set-up or round purchase, the reinforcement."""

    kind: ClassVar[str] = "done"
    game: ClassVar[str] = "omringad"


@dataclass(frozen=True, slots=True)
class Die(Action):
    """Chance: one d6 (initiative roll-off in round 1, or one unit's roll in a battle)."""

    kind: ClassVar[str] = "die"
    game: ClassVar[str] = "omringad"
    value: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("omringad.action.die", lang, value=self.value)


@dataclass(frozen=True, slots=True)
class DrawSpecial(Action):
    """Chance: the special unit the initiative holder draws from the cup for the auction."""

    kind: ClassVar[str] = "draw"
    game: ClassVar[str] = "omringad"
    unit: str

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("omringad.action.draw", lang, unit=unit_label(self.unit, lang))


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Ascending auction: raise the price to ``amount``."""

    kind: ClassVar[str] = "bid"
    game: ClassVar[str] = "omringad"
    amount: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("omringad.action.bid", lang, amount=self.amount)


@dataclass(frozen=True, slots=True)
class Drop(Action):
    """Ascending auction: drop out for good."""

    kind: ClassVar[str] = "drop"
    game: ClassVar[str] = "omringad"


@dataclass(frozen=True, slots=True)
class SealedBid(Action):
    """Sealed-bid auction: a secret bid (0: no bid)."""

    kind: ClassVar[str] = "sealed"
    game: ClassVar[str] = "omringad"
    amount: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        if self.amount == 0:
            return t("omringad.action.sealed_none", lang)
        return t("omringad.action.sealed", lang, amount=self.amount)


@dataclass(frozen=True, slots=True)
class PlaceSpecial(Action):
    """The auction's winner places the special (the Dragon on an empty free square)."""

    kind: ClassVar[str] = "place_special"
    game: ClassVar[str] = "omringad"
    square: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("omringad.action.place_special", lang, square=square_name(self.square))


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Round purchase: buy one unit from the own pool (it waits for the reinforcement)."""

    kind: ClassVar[str] = "buy"
    game: ClassVar[str] = "omringad"
    unit: str

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("omringad.action.buy", lang, unit=unit_label(self.unit, lang))


@dataclass(frozen=True, slots=True)
class Select(Action):
    """Movement, step 1: the square a group moves from."""

    kind: ClassVar[str] = "select"
    game: ClassVar[str] = "omringad"
    square: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("omringad.action.select", lang, square=square_name(self.square))


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Movement, step 2: add one unit of this kind to the group."""

    kind: ClassVar[str] = "take"
    game: ClassVar[str] = "omringad"
    unit: str
    damaged: bool = False

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("omringad.action.take", lang, unit=unit_label(self.unit, lang, self.damaged))


@dataclass(frozen=True, slots=True)
class Step(Action):
    """Movement, step 3: the path goes on to this neighbouring square."""

    kind: ClassVar[str] = "step"
    game: ClassVar[str] = "omringad"
    square: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("omringad.action.step", lang, square=square_name(self.square))


@dataclass(frozen=True, slots=True)
class Confirm(Action):
    """Movement, step 4: the group moves along the path."""

    kind: ClassVar[str] = "confirm"
    game: ClassVar[str] = "omringad"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Movement: no more moves this phase (final)."""

    kind: ClassVar[str] = "pass"
    game: ClassVar[str] = "omringad"


@dataclass(frozen=True, slots=True)
class Battle(Action):
    """Battle order "holder": the initiative holder picks the next square to fight."""

    kind: ClassVar[str] = "battle"
    game: ClassVar[str] = "omringad"
    square: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("omringad.action.battle", lang, square=square_name(self.square))


@dataclass(frozen=True, slots=True)
class Diplomacy(Action):
    """The defender sacrifices the Diplomat (``True``: the battle ends) or fights on."""

    kind: ClassVar[str] = "diplomat"
    game: ClassVar[str] = "omringad"
    use: bool

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("omringad.action.diplomat" if self.use else "omringad.action.fight", lang)


@dataclass(frozen=True, slots=True)
class Target(Action):
    """Three or more sides: the firing player picks the opposing player who takes a hit
    (``seat`` -1 is the Dragon)."""

    kind: ClassVar[str] = "target"
    game: ClassVar[str] = "omringad"
    seat: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        if self.seat < 0:
            return t("omringad.action.target_dragon", lang)
        return t("omringad.action.target", lang, n=self.seat + 1)


@dataclass(frozen=True, slots=True)
class DragonTarget(Action):
    """Chance: the opponent a hit of the Dragon goes to, when several face it."""

    kind: ClassVar[str] = "dragon_target"
    game: ClassVar[str] = "omringad"
    seat: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("omringad.action.dragon_target", lang, n=self.seat + 1)


@dataclass(frozen=True, slots=True)
class Assign(Action):
    """A hit goes to one unit of this kind (the owner chooses; a Sharpshooter's shooter does)."""

    kind: ClassVar[str] = "assign"
    game: ClassVar[str] = "omringad"
    unit: str
    damaged: bool = False

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t("omringad.action.assign", lang, unit=unit_label(self.unit, lang, self.damaged))


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Reinforcement: put a bought unit in a castle or village."""

    kind: ClassVar[str] = "place"
    game: ClassVar[str] = "omringad"
    unit: str
    square: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t(
            "omringad.action.place",
            lang,
            unit=unit_label(self.unit, lang),
            square=square_name(self.square),
        )


@dataclass(frozen=True, slots=True)
class Merge(Action):
    """Reinforcement: two damaged units of a type in a castle or village become one whole."""

    kind: ClassVar[str] = "merge"
    game: ClassVar[str] = "omringad"
    unit: str
    square: int

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t(
            "omringad.action.merge",
            lang,
            unit=unit_label(self.unit, lang),
            square=square_name(self.square),
        )


ACTION_TYPES: tuple[type[Action], ...] = (
    PlaceTile,
    Recruit,
    Back,
    Done,
    Die,
    DrawSpecial,
    Bid,
    Drop,
    SealedBid,
    PlaceSpecial,
    Buy,
    Select,
    Take,
    Step,
    Confirm,
    Pass,
    Battle,
    Diplomacy,
    Target,
    DragonTarget,
    Assign,
    Place,
    Merge,
)

HIDDEN_KINDS = frozenset({"tile", "recruit", "back", "buy", "take", "sealed", "place", "done"})
"""Actions whose content another seat may not see (secret tiles, purchases, the units taken
into a group, a sealed bid, the type of a unit placed); the events say what is public."""

MAX_SQUARES = 4 * COUNTRY
BACK = Back()
DONE = Done()
DROP = Drop()
CONFIRM = Confirm()
PASS = Pass()
USE_DIPLOMAT = Diplomacy(True)
FIGHT = Diplomacy(False)
DICE: tuple[Die, ...] = tuple(Die(v) for v in range(1, 7))
DRAWS: tuple[DrawSpecial, ...] = tuple(DrawSpecial(UNIT_NAMES[6 + i]) for i in range(8))
TILE_ACTIONS: dict[tuple[int, int], PlaceTile] = {
    (kind, sq): PlaceTile(TERRAIN_NAMES[kind], sq) for kind in range(6) for sq in range(MAX_SQUARES)
}
SELECTS: tuple[Select, ...] = tuple(Select(sq) for sq in range(MAX_SQUARES))
STEPS: tuple[Step, ...] = tuple(Step(sq) for sq in range(MAX_SQUARES))
PLACE_SPECIALS: tuple[PlaceSpecial, ...] = tuple(PlaceSpecial(sq) for sq in range(MAX_SQUARES))
BATTLES: tuple[Battle, ...] = tuple(Battle(sq) for sq in range(MAX_SQUARES))
BUYS: tuple[Buy, ...] = tuple(Buy(UNIT_NAMES[u]) for u in range(6))
TAKES: dict[tuple[int, bool], Take] = {
    (u, d): Take(UNIT_NAMES[u], d) for u in range(14) for d in (False, True)
}
ASSIGNS: dict[tuple[int, bool], Assign] = {
    (u, d): Assign(UNIT_NAMES[u], d) for u in range(14) for d in (False, True)
}
RECRUITS: dict[tuple[int, int], Recruit] = {
    (u, sq): Recruit(UNIT_NAMES[u], sq) for u in range(6) for sq in range(MAX_SQUARES)
}
PLACES: dict[tuple[int, int], Place] = {
    (u, sq): Place(UNIT_NAMES[u], sq) for u in range(6) for sq in range(MAX_SQUARES)
}
MERGES: dict[tuple[int, int], Merge] = {
    (u, sq): Merge(UNIT_NAMES[u], sq) for u in range(6) for sq in range(MAX_SQUARES)
}
TARGETS: dict[int, Target] = {s: Target(s) for s in range(-1, 4)}
DRAGON_TARGETS: tuple[DragonTarget, ...] = tuple(DragonTarget(s) for s in range(4))
_BIDS: list[Bid] = [Bid(a) for a in range(0, 401)]
_SEALED: list[SealedBid] = [SealedBid(a) for a in range(0, 401)]


def bid(amount: int) -> Bid:
    return _BIDS[amount] if amount < len(_BIDS) else Bid(amount)


def sealed(amount: int) -> SealedBid:
    return _SEALED[amount] if amount < len(_SEALED) else SealedBid(amount)
