"""The Fia med knuff game declaration."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from spelkvall.core import (
    ADVICE,
    FAST_SIMULATOR,
    LAYOUT,
    POSITION,
    TURN_EVENT,
    Action,
    Event,
    Game,
    Seat,
    Tutorial,
)
from spelkvall.core.i18n import DEFAULT_LANGUAGE, possessive, t

from . import heuristic, position, tutorial
from . import texts as _texts  # noqa: F401  (registers the translations)
from .actions import ACTION_TYPES
from .board import COLOURS, FIRST_LANE, GOAL, NEST, layout
from .rules import FiaOptions, FiaState

EVENT_SCHEMA: dict[str, tuple[str, ...]] = {
    "rolloff": ("seat", "value"),
    "rolloff_tie": ("seats", "value"),
    "starts": ("seat",),
    "rolled": ("seat", "value"),
    "try_again": ("seat", "tries"),
    "no_move": ("seat",),
    "entered": ("seat", "piece", "to"),
    "moved": ("seat", "piece", "from", "to"),
    "knocked_out": ("seat", "piece", "by", "square"),
    "goal": ("seat", "piece"),
    "finished": ("seat", "place"),
    "game_over": ("winner",),
    "bonus_roll": ("seat",),
    TURN_EVENT: ("seat",),
}


def where(local_pos: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """A local position in words: ``boet``, ``ruta 6``, ``mittfält 2``, ``mål``."""
    if local_pos == NEST:
        return t("fia.where.nest", lang)
    if local_pos == GOAL:
        return t("fia.where.goal", lang)
    if local_pos >= FIRST_LANE:
        return t("fia.where.lane", lang, n=local_pos - FIRST_LANE + 1)
    return t("fia.where.square", lang, n=local_pos)


class Fia(Game[FiaOptions, FiaState]):
    """Fia med knuff for 2–4 players."""

    id: ClassVar[str] = "fia"
    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    colours: ClassVar[tuple[str, ...]] = COLOURS
    options_type = FiaOptions
    action_types = ACTION_TYPES
    event_schema = EVENT_SCHEMA
    capabilities: ClassVar[frozenset[str]] = frozenset({FAST_SIMULATOR, ADVICE, POSITION, LAYOUT})
    fast_policies: ClassVar[tuple[str, ...]] = ("random", "heuristic")
    batch_module: ClassVar[str | None] = f"{__package__}.batch"

    def _new_state(self, seats: tuple[Seat, ...], options: FiaOptions) -> FiaState:
        return FiaState(seats, options)

    def recap(
        self, state: FiaState, names: Sequence[str], lang: str = DEFAULT_LANGUAGE
    ) -> str | None:
        """Who got all four pieces home first and how many they knocked out on the way (and
        who knocked out the most, when somebody else did)."""
        if not state.finished or not state.is_terminal():
            return None
        winner = state.finished[0]
        n = state.knocks[winner]
        kind = "none" if n == 0 else "one" if n == 1 else "many"
        text = t(f"fia.recap.{kind}", lang, name=names[winner], n=n)
        most = max(state.knocks)
        if most > n and state.knocks.count(most) == 1:
            top = state.knocks.index(most)
            text += " " + t("fia.recap.most_knocks", lang, name=names[top], n=most)
        return text

    def tutorial(self) -> Tutorial:
        """The guided first game: the learner against one easy computer (``tutorial``)."""
        return tutorial.TUTORIAL

    def tutorial_outcome(self, state: FiaState, drawn: int) -> int | None:
        """The opening's dice, then each die from the position (``tutorial.outcome``)."""
        return tutorial.outcome(state, drawn)

    def heuristic_action(self, state: FiaState, player: int, rng: random.Random) -> Action | None:
        """Fia's rule-of-thumb move (``heuristic.choose``) when ``player`` is to move."""
        if state.players_to_act() != (player,):
            return None
        return heuristic.choose(state, rng)

    def open_place(self, state: FiaState) -> int:
        """With play-on, the places after the winner are still played for."""
        return len(state.finished) + 1

    def layout(self) -> dict[str, object]:
        """The board's squares in grid coordinates, for the web page to draw."""
        return layout()

    def state_from_json(self, data: Any) -> FiaState:
        """A position in the JSON format of ``position.py`` (players' pieces, who is to move,
        the die just rolled)."""
        return position.state_from_json(self, data)

    def describe_event(
        self, event: Event, names: Sequence[str], lang: str = DEFAULT_LANGUAGE
    ) -> str | None:
        kind = event[0]
        key = f"fia.event.{kind}"
        if kind == "knocked_out":
            _, victim, _piece, by, _square = event
            return t(key, lang, by=names[by], victim_pos=possessive(names[victim], lang))
        if kind == "rolloff_tie":
            joined = ", ".join(names[s] for s in event[1])
            return t(key, lang, names=joined, value=event[2])
        if kind == TURN_EVENT:
            return t(key, lang, name_pos=possessive(names[event[1]], lang))
        if kind == "game_over":
            return t(key, lang, name=names[event[1]])
        if kind == "moved":
            _, seat, piece, src, dst = event
            return t(
                key, lang, name=names[seat], piece=piece, src=where(src, lang), dst=where(dst, lang)
            )
        fields = dict(zip(EVENT_SCHEMA[kind], event[1:], strict=True))
        seat = fields.pop("seat")
        return t(key, lang, name=names[seat], **fields)
