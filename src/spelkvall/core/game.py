"""Game declarations: id, titles, player range, typed options, seats."""

from __future__ import annotations

import dataclasses
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar, get_type_hints

from .action import Action, ActionCodec, Event, EventSchema, event_to_json
from .errors import InvalidSetup
from .i18n import DEFAULT_LANGUAGE, t
from .state import State

MAX_NAME_LENGTH = 32


@dataclass(frozen=True)
class Seat:
    """A place at the table: a name, an optional colour and, for a computer, its bot level."""

    name: str
    colour: str | None = None
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "colour": self.colour, "bot": self.bot}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Seat:
        return cls(name=str(data["name"]), colour=data.get("colour"), bot=data.get("bot"))


def clean_name(name: str) -> str:
    """Names are trimmed with inner white space folded; empty and over-long names are refused."""
    cleaned = " ".join(str(name).split())
    if not cleaned:
        raise InvalidSetup("error.name_empty", "every player needs a name")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise InvalidSetup(
            "error.name_long",
            f"names are at most {MAX_NAME_LENGTH} characters",
            max=MAX_NAME_LENGTH,
        )
    return cleaned


OptionsT = TypeVar("OptionsT")
StateT = TypeVar("StateT", bound=State)


class Game(ABC, Generic[OptionsT, StateT]):
    """A game's declaration and factory. Subclasses set the class attributes below."""

    id: ClassVar[str]
    rules_version: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    colours: ClassVar[tuple[str, ...]] = ()
    options_type: ClassVar[type[Any]]
    action_types: ClassVar[tuple[type[Action], ...]]
    event_schema: ClassVar[EventSchema]
    perfect_information: ClassVar[bool] = True

    def __init__(self) -> None:
        self._codec = ActionCodec(self.action_types)

    def title(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t(f"{self.id}.title", lang)

    # --- options -------------------------------------------------------------------------
    def default_options(self) -> OptionsT:
        return self.options_type()  # type: ignore[no-any-return]

    def parse_options(self, data: Mapping[str, Any] | None) -> OptionsT:
        """Typed options from JSON: unknown names and wrong types are refused with a reason."""
        if not data:
            return self.default_options()
        hints = get_type_hints(self.options_type)
        names = {f.name for f in dataclasses.fields(self.options_type)}
        values: dict[str, Any] = {}
        for name, value in data.items():
            if name not in names:
                raise InvalidSetup("error.option_unknown", f"unknown option {name!r}", name=name)
            expected = hints[name]
            if type(value) is not expected:
                raise InvalidSetup(
                    "error.option_type",
                    f"option {name!r} must be {expected.__name__}",
                    name=name,
                    type=expected.__name__,
                )
            values[name] = value
        return self.options_type(**values)  # type: ignore[no-any-return]

    def options_to_json(self, options: OptionsT) -> dict[str, Any]:
        return dataclasses.asdict(options)  # type: ignore[call-overload, no-any-return]

    def describe_options(self, lang: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
        """Each option with its default and label, for a lobby to render."""
        defaults = self.default_options()
        return [
            {
                "name": f.name,
                "default": getattr(defaults, f.name),
                "label": t(f"{self.id}.option.{f.name}", lang),
            }
            for f in dataclasses.fields(self.options_type)
        ]

    # --- seats ---------------------------------------------------------------------------
    def check_seats(self, seats: Sequence[Seat]) -> tuple[Seat, ...]:
        """Seats with cleaned names and a unique colour each (free colours handed out in order)."""
        if not self.min_players <= len(seats) <= self.max_players:
            raise InvalidSetup(
                "error.players",
                f"{self.id} needs {self.min_players}-{self.max_players} players",
                game=self.id,
                min=self.min_players,
                max=self.max_players,
            )
        taken: set[str] = set()
        for seat in seats:
            if seat.colour is None:
                continue
            if self.colours and seat.colour not in self.colours:
                raise InvalidSetup(
                    "error.colour_unknown", f"unknown colour {seat.colour!r}", colour=seat.colour
                )
            if seat.colour in taken:
                raise InvalidSetup(
                    "error.colour_taken", f"colour {seat.colour} taken twice", colour=seat.colour
                )
            taken.add(seat.colour)
        free = [c for c in self.colours if c not in taken]
        result = []
        for seat in seats:
            colour = seat.colour
            if colour is None and self.colours:
                colour = free.pop(0)
            result.append(Seat(name=clean_name(seat.name), colour=colour, bot=seat.bot))
        return tuple(result)

    # --- states --------------------------------------------------------------------------
    def new_state(self, seats: Sequence[Seat], options: OptionsT | None = None) -> StateT:
        """The initial state. It holds no randomness: every random event is a chance node."""
        checked = self.check_seats(seats)
        return self._new_state(checked, self.default_options() if options is None else options)

    @abstractmethod
    def _new_state(self, seats: tuple[Seat, ...], options: OptionsT) -> StateT: ...

    def sample_state(self, state: StateT, player: int, rng: random.Random) -> StateT:
        """A full state that ``player`` cannot tell apart from ``state``, drawn from what their
        view allows. Perfect-information games return a clone; games with hidden information
        must override this and use nothing but ``state.view(player)``."""
        if not self.perfect_information:
            raise NotImplementedError(f"{self.id} must provide a sampler of hidden state")
        return state.clone()  # type: ignore[return-value]

    def heuristic_action(self, state: StateT, player: int, rng: random.Random) -> Action | None:
        """A quick rule-of-thumb move for ``player`` in ``state`` (the heuristic bot, and the
        playout policy of search bots), or ``None`` when the game offers no heuristic."""
        return None

    def playout_wins(
        self, state: StateT, games: int, policy: str, seed: int
    ) -> Sequence[float] | None:
        """Wins per player over ``games`` playouts from ``state`` to the end, every seat
        following ``policy`` (``"random"`` or ``"heuristic"``), seeded by ``seed``; index ``i``
        is player ``i``'s share of wins summed over the games (a shared win counts for each
        winner). ``None`` means the game has no fast simulator and callers play out through the
        engine. Only perfect-information games can offer it: playouts see the whole state."""
        return None

    def state_from_json(self, data: Any) -> StateT:
        """A position written by hand as JSON (``spelkvall advise --position``): the game's own
        format, documented on its implementation. Raises ``InvalidSetup`` with a translation
        key when the data is not a position; the default: the game reads no positions."""
        raise InvalidSetup(
            "error.position_unsupported", f"{self.id} reads no positions", game=self.id
        )

    # --- what a seat may see of the log ----------------------------------------------------
    def action_visible(self, action: Action, player: int, viewer: int | None) -> bool:
        """Whether ``viewer`` (a seat, or ``None`` for a spectator) may see the logged
        ``action`` that ``player`` (a seat or ``CHANCE``) took. The events are what everybody
        learns; the action itself can carry a secret (the card given away in an exchange, a
        sealed bid, a deal's deck order). In perfect-information games everything is visible;
        otherwise, by default, only a seat's own actions are, and no chance outcome is. Games
        override this to show public actions (a card played face up)."""
        if self.perfect_information:
            return True
        return player >= 0 and player == viewer

    def event_for(self, event: Event, viewer: int | None) -> Event | None:
        """The event as ``viewer`` may see it: the event itself (the default: events are
        public), a copy with the secret fields masked, or ``None`` when the viewer must not
        learn of it at all. ``describe_event`` must accept every masked form. A game with
        hidden information overrides this for its private events (a card drawn, an exchanged
        card that only the two partners may see)."""
        return event

    # --- edges: JSON and text -------------------------------------------------------------
    def action_from_json(self, data: object) -> Action:
        return self._codec.decode(data)

    def event_to_json(self, event: Event) -> dict[str, Any]:
        return event_to_json(self.event_schema, event)

    def describe_action(
        self,
        state: StateT,
        action: Action,
        lang: str = DEFAULT_LANGUAGE,
        names: Sequence[str] | None = None,
    ) -> str:
        """What a button for the legal ``action`` in ``state`` says; ``names`` are the seats'
        names. The default is ``action.label(lang)``; a game overrides it for labels that need
        the position (whose piece is hit)."""
        return action.label(lang)

    @abstractmethod
    def describe_event(
        self, event: Event, names: Sequence[str], lang: str = DEFAULT_LANGUAGE
    ) -> str | None:
        """A log line in plain language, or ``None`` for events not worth a line."""
