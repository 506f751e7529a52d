"""Game declarations: id, titles, player counts and teams, typed options, capabilities, seats."""

from __future__ import annotations

import dataclasses
import importlib
import logging
import random
import unicodedata
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

from . import kernels
from .action import Action, ActionCodec, Event, EventSchema, event_to_json
from .errors import InvalidSetup
from .i18n import DEFAULT_LANGUAGE, number, t
from .options import OptionSpec, option_specs
from .palette import PALETTE
from .state import State
from .tutorial import Scripted, Tutorial

log = logging.getLogger(__name__)

FAST_SIMULATOR = "fast_simulator"
"""Capability: ``Game.playout_wins`` and ``Game.fast_batch`` play many games compiled or
vectorised (``spelkvall simulate --fast``, search playouts)."""
ADVICE = "advice"
"""Capability: the server and ``spelkvall advise`` offer Tips (win chances per legal move). With
hidden information the advisor plays out only in worlds from :meth:`Game.sample_state`, so a
game declares it once its sampler reads nothing but the player's view."""
POSITION = "position"
"""Capability: ``Game.state_from_json`` reads a position written by hand."""
LAYOUT = "layout"
"""Capability: ``Game.layout()`` describes the board's geometry for a client to draw."""
CAPABILITIES = frozenset({FAST_SIMULATOR, ADVICE, POSITION, LAYOUT})

Teams = tuple[tuple[int, ...], ...]

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


# Bidirectional overrides and isolates make a name display as another (a spoof).
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean_name(name: str) -> str:
    """Names are NFC-normalised (one way to write "Åsa") and trimmed with inner white space
    folded; empty and over-long names are refused, and so are control characters (NUL, line
    breaks, bidirectional overrides), which no keyboard types into a name on purpose."""
    text = unicodedata.normalize("NFC", str(name))
    # White space (tabs, line breaks) is folded below like spaces; any other control is refused.
    if any(
        (unicodedata.category(c) in ("Cc", "Cs", "Co") and not c.isspace()) or c in _BIDI_CONTROLS
        for c in text
    ):
        raise InvalidSetup("error.name_control", "control characters in a name")
    cleaned = " ".join(text.split())
    if not cleaned:
        raise InvalidSetup("error.name_empty", "every player needs a name")
    if len(cleaned) > MAX_NAME_LENGTH:
        raise InvalidSetup(
            "error.name_long",
            f"names are at most {MAX_NAME_LENGTH} characters",
            max=MAX_NAME_LENGTH,
        )
    return cleaned


def name_key(name: str) -> str:
    """A person's identity: the cleaned name NFC-normalised and case-folded ("Åsa" typed in
    NFC or NFD, " cia " and "Cia" are one person). At most 3 × 32 characters long, since a
    case fold turns one character into at most three."""
    folded = " ".join(unicodedata.normalize("NFC", name).split()).casefold()
    return unicodedata.normalize("NFC", folded)


OptionsT = TypeVar("OptionsT")
StateT = TypeVar("StateT", bound=State)


@dataclass(frozen=True)
class FastBatch:
    """What ``Game.fast_batch`` played: wins per seat (a shared win counts for each winner),
    and in all the games together the chance events (die rolls, draws) and the moves."""

    wins: tuple[float, ...]
    chance_events: int
    moves: int


class Game(ABC, Generic[OptionsT, StateT]):
    """A game's declaration and factory. Subclasses set the class attributes below."""

    id: ClassVar[str]
    rules_version: ClassVar[str]
    min_players: ClassVar[int]
    """The fewest players under any options (``player_counts`` says which counts exactly)."""
    max_players: ClassVar[int]
    """The most players under any options."""
    colours: ClassVar[tuple[str, ...]] = ()
    """Palette colour ids (``core.palette``) the seats may choose, in the game's order."""
    options_type: ClassVar[type[Any]]
    action_types: ClassVar[tuple[type[Action], ...]]
    event_schema: ClassVar[EventSchema]
    perfect_information: ClassVar[bool] = True
    capabilities: ClassVar[frozenset[str]] = frozenset()
    """What the game offers beyond the rules: ``FAST_SIMULATOR``, ``ADVICE``, ``POSITION``,
    ``LAYOUT``. Declared, never sniffed; the conformance suite checks each one works."""
    may_end_without_winner: ClassVar[bool] = False
    """Whether a game may end with no winner (a draw by a turn limit): ``Result.winners``
    empty. Only a game that declares it may do so; the conformance suite holds it to that."""
    score_key: ClassVar[str | None] = None
    """The translation key naming ``Result.scores`` (money, points), or ``None`` when the
    scores need no heading or the game keeps none."""
    search_scale: ClassVar[int] = 1
    """How many times the shared iteration budgets of the search levels (``bots.levels``) this
    game's searches get: a game whose playouts are cheap enough to search more within the same
    time cap says so (the cap stays the level's, so a move still takes at most about a second)."""
    search: ClassVar[str] = "tree"
    """How the ``medium`` and ``hard`` levels search: ``"tree"`` (MCTS, or IS-MCTS where
    information is hidden) or ``"rollout"`` (every legal move played out by the rule of thumb
    for the level's time, ``bots.rollout``), for a game where strength runs show the tree
    search weaker within the cap."""
    fast_policies: ClassVar[tuple[str, ...]] = ()
    """The seat policies (bot names) ``fast_batch`` plays, e.g. ``("random", "heuristic")``."""
    batch_module: ClassVar[str | None] = None
    """The dotted name of the game's batch simulator module, or ``None``. Given one,
    :meth:`playout_wins`, :meth:`fast_batch` and :meth:`warm_up` forward to it, importing it
    on first use (so playing a game never loads Numba). The module offers ``POLICIES`` (the
    policy names it knows), ``playout_wins(state, games, policy, seed)`` (a sequence of
    wins per player, or ``None`` for a position it does not cover), ``play(state, games,
    policies, seed, *, first_game, parallel)`` returning a result with ``wins(players)``,
    ``chance_events`` and ``moves`` (arrays per game), and ``warm_up()``."""

    def __init__(self) -> None:
        self._codec = ActionCodec(self.action_types)
        self._options = option_specs(self.options_type)
        unknown = set(self.capabilities) - CAPABILITIES
        if unknown:
            raise TypeError(f"{self.id}: unknown capabilities {sorted(unknown)}")
        missing = [c for c in self.colours if c not in PALETTE]
        if missing:
            raise TypeError(f"{self.id}: colours not in the palette: {missing}")

    def title(self, lang: str = DEFAULT_LANGUAGE) -> str:
        return t(f"{self.id}.title", lang)

    # --- options -------------------------------------------------------------------------
    def default_options(self) -> OptionsT:
        return self.options_type()  # type: ignore[no-any-return]

    def option_specs(self) -> tuple[OptionSpec, ...]:
        """Every option as declared (type, default, choices or range), in field order."""
        return self._options

    def option_spec(self, name: str) -> OptionSpec:
        """The declared option ``name``; ``InvalidSetup("error.option_unknown")`` naming the
        known ones when there is none."""
        for spec in self._options:
            if spec.name == name:
                return spec
        known = ", ".join(spec.name for spec in self._options)
        raise InvalidSetup(
            "error.option_unknown", f"unknown option {name!r}", name=name, known=known
        )

    def parse_options(self, data: Mapping[str, Any] | None) -> OptionsT:
        """Typed options from JSON: unknown names, wrong types, values outside the declared
        choices or range are refused with a reason that names what is allowed."""
        if not data:
            return self.default_options()
        values = {name: self.option_spec(name).check(value) for name, value in data.items()}
        return self.options_type(**values)  # type: ignore[no-any-return]

    def options_to_json(self, options: OptionsT) -> dict[str, Any]:
        return dataclasses.asdict(options)  # type: ignore[call-overload, no-any-return]

    def describe_options(self, lang: str = DEFAULT_LANGUAGE) -> list[dict[str, Any]]:
        """Each option with its type, default, label and, where declared, its ``choices``
        (each with a label: ``<id>.option.<name>.<value>`` when registered, else the value)
        or its ``min``/``max``, for a lobby to render."""
        out = []
        for spec in self._options:
            entry: dict[str, Any] = {
                "name": spec.name,
                "type": spec.type_name,
                "default": spec.default,
                "label": t(f"{self.id}.option.{spec.name}", lang),
            }
            if spec.choices is not None:
                entry["choices"] = [
                    {"value": c, "label": self._choice_label(spec.name, c, lang)}
                    for c in spec.choices
                ]
            if spec.min is not None:
                entry["min"] = spec.min
            if spec.max is not None:
                entry["max"] = spec.max
            out.append(entry)
        return out

    def _choice_label(self, name: str, value: Any, lang: str) -> str:
        text = str(value).lower() if isinstance(value, bool) else str(value)
        key = f"{self.id}.option.{name}.{text}"
        label = t(key, lang)
        return text if label == key else label

    # --- players and teams -----------------------------------------------------------------
    def player_counts(self, options: OptionsT | None = None) -> tuple[int, ...]:
        """The numbers of players the game allows under ``options`` (default options when
        ``None``), ascending. The default is every count from ``min_players`` to
        ``max_players``; a game overrides it when counts have gaps (2 or 4) or depend on an
        option (a sixth seat)."""
        return tuple(range(self.min_players, self.max_players + 1))

    def teams(self, num_players: int, options: OptionsT | None = None) -> Teams | None:
        """The teams for ``num_players`` under ``options``: groups of seats that win or lose
        together, every seat in exactly one group; ``None`` (the default) when everybody plays
        for themselves."""
        return None

    def team_of(
        self, seat: int, num_players: int, options: OptionsT | None = None
    ) -> tuple[int, ...]:
        """The seats of ``seat``'s team (just ``(seat,)`` without teams)."""
        for team in self.teams(num_players, options) or ():
            if seat in team:
                return team
        return (seat,)

    # --- seats ---------------------------------------------------------------------------
    def check_player_count(self, count: int, options: OptionsT | None = None) -> None:
        """``InvalidSetup("error.players")`` naming the allowed counts unless ``count`` is one."""
        counts = self.player_counts(options)
        if count not in counts:
            allowed = counts_text(counts)
            raise InvalidSetup(
                "error.players",
                f"{self.id} takes {allowed} players, not {count}",
                game=self.id,
                counts=allowed,
                n=count,
            )

    def check_seats(
        self, seats: Sequence[Seat], options: OptionsT | None = None
    ) -> tuple[Seat, ...]:
        """Seats with cleaned names, no name twice (compared as :func:`name_key`), and a unique
        colour each (free colours handed out in order), as many as ``options`` allow."""
        self.check_player_count(len(seats), options)
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
        seen: set[str] = set()
        for seat in result:
            key = name_key(seat.name)
            if key in seen:
                raise InvalidSetup(
                    "error.name_twice", f"two players are called {seat.name}", name=seat.name
                )
            seen.add(key)
        return tuple(result)

    # --- states --------------------------------------------------------------------------
    def new_state(self, seats: Sequence[Seat], options: OptionsT | None = None) -> StateT:
        """The initial state. It holds no randomness: every random event is a chance node."""
        options = self.default_options() if options is None else options
        return self._new_state(self.check_seats(seats, options), options)

    @abstractmethod
    def _new_state(self, seats: tuple[Seat, ...], options: OptionsT) -> StateT: ...

    def sample_state(self, state: StateT, player: int, rng: random.Random) -> StateT:
        """A full state that ``player`` cannot tell apart from ``state``, drawn from what their
        view allows. Perfect-information games return a clone; games with hidden information
        must override this and use nothing but ``state.view(player)``."""
        if not self.perfect_information:
            raise NotImplementedError(f"{self.id} must provide a sampler of hidden state")
        return state.clone()  # type: ignore[return-value]

    def search_depth(self, state: StateT, player: int) -> int | None:
        """How many decisions deep a search for ``player`` from ``state`` may grow its tree
        (``None``, the default: no bound); below it the playouts decide. A game bounds it
        where a tree's exploration misleads and its rule-of-thumb player knows better (see
        ``bots.mcts.MCTSBot``, ``max_depth``)."""
        return None

    def heuristic_action(self, state: StateT, player: int, rng: random.Random) -> Action | None:
        """A quick rule-of-thumb move for ``player`` in ``state`` (the heuristic bot, and the
        playout policy of search bots), or ``None`` when the game offers no heuristic."""
        return None

    def playout_wins(
        self, state: StateT, games: int, policy: str, seed: int
    ) -> Sequence[float] | None:
        """Wins per player over ``games`` playouts from ``state`` to the end, every seat
        following ``policy`` (``"random"`` or ``"heuristic"``), seeded by ``seed``; index ``i``
        is how many of the games player ``i`` took the best place still open
        (:meth:`open_place`: the win, unless somebody has already finished) — a shared win
        counts for each winner. ``None`` means the game has no fast simulator and callers play
        out through the engine. The playouts see the whole ``state``: with hidden information
        callers pass only a world sampled from a player's view (:meth:`sample_state`; the
        advisor and the search bots do), never the true state."""
        if self.batch_module is None or not kernels.usable(self.id):
            return None
        batch = self._batch()
        if policy not in batch.POLICIES:
            return None
        try:
            wins: Sequence[float] | None = batch.playout_wins(state, games, policy, seed)
        except kernels.CompilingForbidden:
            # A signature the warm-up did not load: the engine plays out instead from now on.
            log.exception(
                "%s: a kernel missing from the cache; playouts through the engine", self.id
            )
            kernels.mark_unloaded(self.id)
            return None
        return wins

    def _batch(self) -> Any:
        """The batch simulator module (:attr:`batch_module`), imported now, or ``None``."""
        return None if self.batch_module is None else importlib.import_module(self.batch_module)

    def open_place(self, state: StateT) -> int:
        """The best place still open in ``state``: 1 until somebody has finished; in a game
        where the others play on for the places after the winner, the next place to take.
        Tips and ``playout_wins`` rate a move by the chance of taking this place."""
        return 1

    def fast_batch(
        self,
        state: StateT,
        games: int,
        policies: Sequence[str],
        seed: int,
        *,
        first_game: int = 0,
        parallel: bool = False,
    ) -> FastBatch:
        """Play ``games`` games from ``state`` to the end with the fast simulator, seat ``i``
        following ``policies[i]`` (one of ``fast_policies``); game ``k`` of a stream seeded
        by ``seed`` is the same whatever batch it is played in (``first_game`` numbers the
        first), so a long run can be split into chunks. Only for games with the
        ``FAST_SIMULATOR`` capability."""
        batch = self._batch()
        if batch is None:
            raise NotImplementedError(f"{self.id} has no fast simulator")
        result = batch.play(
            state, games, list(policies), seed, first_game=first_game, parallel=parallel
        )
        return FastBatch(
            wins=tuple(float(w) for w in result.wins(len(policies))),
            chance_events=int(result.chance_events.sum()),
            moves=int(result.moves.sum()),
        )

    def warm_up(self) -> None:
        """Load (or compile) what the fast simulator needs, so that the first timed batch or
        the first Tips answer does not pay for it; then this process may use them
        (``core.kernels``). Does nothing without a batch module."""
        batch = self._batch()
        if batch is not None:
            batch.warm_up()
            kernels.mark_loaded(self.id)

    # --- the end: a line of recap and the scores with their unit ---------------------------
    def recap(
        self, state: StateT, names: Sequence[str], lang: str = DEFAULT_LANGUAGE
    ) -> str | None:
        """One sentence on how the finished game in ``state`` went, for the win screen: who
        won and how ("Bo hittade stjärnan i Egypten och kom hem till Kairo"), in ``lang``;
        ``names`` are the seats' names. ``None`` (the default) while the game is not over, or
        from a game that says nothing more than its result."""
        return None

    def score_text(self, value: float, lang: str = DEFAULT_LANGUAGE) -> str:
        """A score of ``Result.scores`` with its unit ("£1,200", "12 poäng"): the text
        ``<score_key>.value`` (``<score_key>.value_one`` for exactly 1, where registered)
        with the number as ``lang`` writes it; the bare number without a ``score_key``."""
        text = number(value, lang)
        if self.score_key is None:
            return text
        key = f"{self.score_key}.value"
        if value == 1 and t(f"{key}_one", lang) != f"{key}_one":
            key = f"{key}_one"
        formatted = t(key, lang, score=text)
        return text if formatted == key else formatted

    def tutorial(self) -> Tutorial | None:
        """The game's guided first game ("Lär dig spela", ``core.tutorial``), or ``None``
        (the default) when it has none. A game that declares one has the texts
        ``<id>.tutorial.intro``, ``.end`` and one per kind it names, in every language."""
        return None

    def tutorial_outcome(self, state: StateT, drawn: int) -> Scripted | None:
        """The scripted outcome of the guided game's chance node ``state``, the ``drawn``-th
        of the match (from 0), or ``None`` to let the seed decide: by default the
        tutorial's ``chance[drawn]`` while there is one. A game whose guided game would
        otherwise run long picks the outcome from the position (the number that brings the
        learner's piece home)."""
        tutorial = self.tutorial()
        if tutorial is None or drawn >= len(tutorial.chance):
            return None
        return tutorial.chance[drawn]

    def layout(self) -> Any:
        """The board's geometry as JSON for a client to draw (``LAYOUT`` capability), or
        ``None``."""
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


def counts_text(counts: Sequence[int]) -> str:
    """Player counts for a message: ``2–4`` for a run, ``2, 4`` otherwise."""
    ordered = sorted(counts)
    if len(ordered) > 1 and ordered == list(range(ordered[0], ordered[-1] + 1)):
        return f"{ordered[0]}–{ordered[-1]}"
    return ", ".join(str(c) for c in ordered)
