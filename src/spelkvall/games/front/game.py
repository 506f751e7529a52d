"""The Front game declaration: log lines, action labels, the board layout, the heuristic."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from spelkvall.core import (
    ADVICE,
    FAST_SIMULATOR,
    LAYOUT,
    TURN_EVENT,
    Action,
    Event,
    Game,
    Seat,
    Tutorial,
)
from spelkvall.core.i18n import DEFAULT_LANGUAGE, possessive, t

from . import heuristic, tutorial
from . import texts as _texts  # noqa: F401  (registers the translations)
from .actions import ACTION_TYPES, Move, Remove, Return, square_name
from .board import PLAYERS, layout
from .options import FrontOptions
from .rules import FrontState

COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green", "purple", "black")
"""Every palette colour: three players pick any three."""

EVENT_SCHEMA: dict[str, tuple[str, ...]] = {
    "rolloff": ("seat", "value"),
    "rolloff_tie": ("seats", "value"),
    "starts": ("seat",),
    "throws": ("seat",),
    "rolled": ("seat", "value"),
    "no_move": ("seat",),
    "moved": ("seat", "from", "to"),
    "scored": ("seat", "camp", "score"),
    "returned": ("seat", "square"),
    "removed": ("seat", "victim", "square"),
    "sent_back": ("seat", "square"),
    "eliminated": ("seat",),
    "won": ("seat", "score"),
    "draw": ("turns",),
    TURN_EVENT: ("seat",),
}


def where(square: Sequence[int], names: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """A square (p, r, c) in words with its region's owner: ``Annas c1``."""
    p, r, c = square
    return t("front.where", lang, owner_pos=possessive(names[p], lang), square=square_name(r, c))


class Front(Game[FrontOptions, FrontState]):
    """Front for three players."""

    id: ClassVar[str] = "front"
    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = PLAYERS
    max_players: ClassVar[int] = PLAYERS
    colours: ClassVar[tuple[str, ...]] = COLOURS
    options_type = FrontOptions
    action_types = ACTION_TYPES
    event_schema = EVENT_SCHEMA
    capabilities: ClassVar[frozenset[str]] = frozenset({FAST_SIMULATOR, ADVICE, LAYOUT})
    fast_policies: ClassVar[tuple[str, ...]] = ("random", "heuristic")
    batch_module: ClassVar[str | None] = f"{__package__}.batch"
    may_end_without_winner: ClassVar[bool] = True
    score_key: ClassVar[str | None] = "front.score"

    def _new_state(self, seats: tuple[Seat, ...], options: FrontOptions) -> FrontState:
        return FrontState(seats, options)

    def heuristic_action(self, state: FrontState, player: int, rng: random.Random) -> Action | None:
        """Front's rule-of-thumb choice (``heuristic.choose``) when ``player`` is to act."""
        if state.players_to_act() != (player,):
            return None
        return heuristic.choose(state, rng)

    def tutorial(self) -> Tutorial:
        """The guided first game: the learner against two easy computers (``tutorial``)."""
        return tutorial.TUTORIAL

    def tutorial_outcome(self, state: FrontState, drawn: int) -> int | None:
        """Each die chosen from the position (``tutorial.outcome``)."""
        return tutorial.outcome(state, drawn)

    def layout(self) -> dict[str, object]:
        """Every square's corners and centre for each depth, for the web page to draw."""
        return layout()

    def describe_action(
        self,
        state: FrontState,
        action: Action,
        lang: str = DEFAULT_LANGUAGE,
        names: Sequence[str] | None = None,
    ) -> str:
        """``Flytta Annas c1 uppåt till Bertils f4 (poäng!)``, ``Ta bort Bertils pjäs på …``."""
        names = list(names) if names is not None else [s.name for s in state.seats]
        b = state.board
        if isinstance(action, Move):
            src, dst = state.move_plan(action)
            text = t(
                "front.move_to",
                lang,
                src=where(b.coords(src), names, lang),
                dir=t(f"front.dir.{action.dir}", lang),
                dst=where(b.coords(dst), names, lang),
            )
            if b.row[dst] == 0 and b.owner[dst] != state.current:
                text += f" ({t('front.scores_point', lang)})"
            return text
        if isinstance(action, Remove):
            victim = state.cells[b.index(action.p, action.r, action.c)]
            return t(
                "front.remove_at",
                lang,
                victim_pos=possessive(names[victim], lang),
                square=where((action.p, action.r, action.c), names, lang),
            )
        if isinstance(action, Return):
            return t("front.return_to", lang, square=square_name(0, action.c))
        if action.kind == "throw":
            return t("front.throw_instead", lang)
        return action.label(lang)

    def recap(
        self, state: FrontState, names: Sequence[str], lang: str = DEFAULT_LANGUAGE
    ) -> str | None:
        """The winner's points and removals; after a draw, how long nothing happened."""
        if not state.is_terminal():
            return None
        if state.winner < 0:
            return t("front.recap.draw", lang, turns=state.quiet)
        w = state.winner
        n = state.removals[w]
        kind = "none" if n == 0 else "one" if n == 1 else "many"
        return t(
            f"front.recap.won_{kind}",
            lang,
            name=names[w],
            points=self.score_text(state.scores[w], lang),
            n=n,
        )

    def describe_event(
        self, event: Event, names: Sequence[str], lang: str = DEFAULT_LANGUAGE
    ) -> str | None:
        kind = event[0]
        key = f"front.event.{kind}"
        if kind == "rolloff_tie":
            joined = ", ".join(names[s] for s in event[1])
            return t(key, lang, names=joined, value=event[2])
        if kind == TURN_EVENT:
            return t(key, lang, name_pos=possessive(names[event[1]], lang))
        if kind == "moved":
            _, seat, src, dst = event
            return t(
                key,
                lang,
                name=names[seat],
                src=where(src, names, lang),
                dst=where(dst, names, lang),
            )
        if kind == "scored":
            _, seat, camp, score = event
            return t(
                key, lang, name=names[seat], camp_pos=possessive(names[camp], lang), score=score
            )
        if kind == "returned":
            _, seat, square = event
            return t(key, lang, name=names[seat], square=square_name(square[1], square[2]))
        if kind == "removed":
            _, seat, victim, square = event
            return t(
                key,
                lang,
                name=names[seat],
                victim_pos=possessive(names[victim], lang),
                square=where(square, names, lang),
            )
        if kind == "sent_back":
            _, seat, square = event
            return t(
                key,
                lang,
                name_pos=possessive(names[seat], lang),
                square=square_name(square[1], square[2]),
            )
        if kind == "won":
            return t(key, lang, name=names[event[1]], target=event[2])
        if kind == "draw":
            return t(key, lang, turns=event[1])
        fields: dict[str, Any] = dict(zip(EVENT_SCHEMA[kind], event[1:], strict=True))
        seat = fields.pop("seat")
        return t(key, lang, name=names[seat], **fields)
