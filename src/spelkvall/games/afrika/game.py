"""The Afrikas stjärna game declaration: players, options, log lines and move labels."""

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
from spelkvall.core.i18n import DEFAULT_LANGUAGE, name_list, possessive, t
from spelkvall.core.tutorial import Scripted

from . import board, heuristic, tutorial
from . import texts as _texts  # noqa: F401  (registers the translations)
from .actions import ACTION_TYPES, Go
from .board import HAZARD, INDEX, NODES, START
from .options import AfrikaOptions
from .rules import AfrikaState
from .tokens import STAR
from .where import where

COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green", "purple", "black")

EVENT_SCHEMA: dict[str, tuple[str, ...]] = {
    "order_drawn": ("seat", "place"),
    "order_roll": ("seat", "value"),
    "order_tie": ("seats", "value"),
    "order": ("seats",),
    "start": ("seat", "place"),
    TURN_EVENT: ("seat",),
    "slave_turn": ("seat", "left"),
    "rolled": ("seat", "value"),
    "escaped": ("seat",),
    "still_captured": ("seat",),
    "walked": ("seat", "from", "to", "path"),
    "boarded": ("seat", "from", "to", "fare"),
    "sailed": ("seat", "at", "to", "left"),
    "landed": ("seat", "place"),
    "flew": ("seat", "from", "to"),
    "captured": ("seat", "by"),
    "bonus": ("seat", "amount"),
    "try_token": ("seat", "place"),
    "token_stays": ("seat", "place"),
    "bought": ("seat", "place"),
    "declined": ("seat", "place"),
    "revealed": ("seat", "place", "token"),
    "gem": ("seat", "token", "amount", "doubled"),
    "robbed": ("seat", "lost"),
    "enslaved": ("seat", "turns"),
    "horseshoe": ("seat", "valid"),
    "star": ("seat",),
    "stranded": ("seat", "reason"),
    "won": ("seat", "place", "item"),
    "instant_win": ("seat",),
    "no_winner": (),
    "passed": ("seat",),
}


class Afrika(Game[AfrikaOptions, AfrikaState]):
    """Afrikas stjärna for 2–5 players (6 with the ``sixth_player`` option)."""

    id: ClassVar[str] = "afrika"
    rules_version: ClassVar[str] = "1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    colours: ClassVar[tuple[str, ...]] = COLOURS
    options_type = AfrikaOptions
    action_types = ACTION_TYPES
    event_schema = EVENT_SCHEMA
    capabilities: ClassVar[frozenset[str]] = frozenset({FAST_SIMULATOR, ADVICE, LAYOUT})
    fast_policies: ClassVar[tuple[str, ...]] = ("heuristic", "random")
    batch_module: ClassVar[str | None] = f"{__package__}.batch"
    search_scale: ClassVar[int] = 4
    """The batch simulator plays a search's 16 heuristic playouts a leaf fast enough for 400
    iterations in about 0.4 s; with 4× (1,600) the search uses its 0.8 s cap. Against two
    heuristics `hard` won 44.0 % of 200 games with 1,600 and 39.0 % of 59 with 400
    (docs/performance.md)."""
    may_end_without_winner: ClassVar[bool] = True
    score_key: ClassVar[str | None] = "afrika.score"

    def player_counts(self, options: AfrikaOptions | None = None) -> tuple[int, ...]:
        """2–5 players as the seed says; 2–6 with ``sixth_player`` (the printed game)."""
        options = options or AfrikaOptions()
        return tuple(range(2, 7 if options.sixth_player else 6))

    def _new_state(self, seats: tuple[Seat, ...], options: AfrikaOptions) -> AfrikaState:
        return AfrikaState(seats, options)

    def search_depth(self, state: AfrikaState, player: int) -> int | None:
        """1 once every other player is stranded: nobody else can win, and the searches judge
        their own next move by heuristic playouts alone. A tree then put off the race for ever
        (it walked back and forth instead of sailing to the last island tokens): it tried every
        move of the island's decisions, buying the last token that strands the player too, and
        those losses made sailing look worse than walking, turn after turn. While others race,
        the tree is kept: bounded everywhere, `hard` won 34–40 % against two heuristics; so
        bounded, 41.5 % (docs/performance.md)."""
        others = [s for seat, s in enumerate(state.stranded) if seat != player]
        return 1 if all(others) else None

    def tutorial(self) -> Tutorial:
        """The guided first game: the learner against one easy computer (``tutorial``)."""
        return tutorial.TUTORIAL

    def tutorial_outcome(self, state: AfrikaState, drawn: int) -> Scripted | None:
        """Every die and token chosen from the position (``tutorial.outcome``): each rule
        comes up early and the learner finds the star soon."""
        return tutorial.outcome(state, drawn)

    def heuristic_action(
        self, state: AfrikaState, player: int, rng: random.Random
    ) -> Action | None:
        """The baseline computer player of spec §10 with the recommended improvements."""
        if state.players_to_act() != (player,):
            return None
        return heuristic.choose(state, player, rng)

    def layout(self) -> dict[str, Any]:
        """The map: nodes with coordinates, land and sea segments, air routes, a coastline."""
        return board.layout()

    # --- text ----------------------------------------------------------------------------
    def describe_action(
        self,
        state: AfrikaState,
        action: Action,
        lang: str = DEFAULT_LANGUAGE,
        names: Sequence[str] | None = None,
    ) -> str:
        """A button's text: a land destination says whether it is a stop on the way, the
        route when several lead there, and a hazard at the end."""
        if not isinstance(action, Go):
            return action.label(lang)
        dest = INDEX[action.to]
        routes = dict(state.destinations()).get(dest)
        if routes is None or action.route >= len(routes):
            return action.label(lang)
        route = routes[action.route]
        place = where(action.to, lang)
        text = (
            t("afrika.go.stop", lang, place=place)
            if len(route) < state.die
            else t("afrika.action.go", lang, place=place)
        )
        if len(routes) > 1:
            passed = [where(NODES[v].id, lang) for v in route[:-1] if NODES[v].is_place]
            via = (
                t("afrika.go.via", lang, places=", ".join(passed))
                if passed
                else t("afrika.go.direct", lang)
            )
            text += f" ({via})"
        if NODES[dest].kind == HAZARD:
            text += f" – {t('afrika.go.hazard', lang)}"
        return text

    def recap(
        self, state: AfrikaState, names: Sequence[str], lang: str = DEFAULT_LANGUAGE
    ) -> str | None:
        """Where the star was found and where its finder (or a horseshoe's holder) got home;
        with no winner, who had the most money."""
        if not state.is_terminal():
            return None
        winner = state.winner
        if winner < 0:
            most = max(state.money)
            who = name_list([names[s] for s, m in enumerate(state.money) if m == most], lang)
            money = self.score_text(most, lang)
            return t("afrika.recap.no_winner", lang, names=who, money=money)
        star = [v for v, kind in enumerate(state.token_at) if kind == STAR]
        found = where(NODES[star[0]].id, lang) if star else "?"
        finder = names[state.opener[star[0]]] if star else "?"
        node = NODES[state.pos[winner]]
        home = where(node.id, lang)
        if not state.star[winner]:
            return t(
                "afrika.recap.horseshoe",
                lang,
                name=names[winner],
                home=home,
                finder=finder,
                found=found,
            )
        kind = "star" if node.kind == START else "instant"
        return t(f"afrika.recap.{kind}", lang, name=names[winner], found=found, home=home)

    def describe_event(
        self, event: Event, names: Sequence[str], lang: str = DEFAULT_LANGUAGE
    ) -> str | None:
        kind = event[0]
        key = f"afrika.event.{kind}"
        if kind == "no_winner":
            return t(key, lang)
        if kind == "order":
            return t(key, lang, names=", ".join(names[s] for s in event[1]))
        if kind == "order_tie":
            return t(key, lang, names=", ".join(names[s] for s in event[1]), value=event[2])
        fields = dict(zip(EVENT_SCHEMA[kind], event[1:], strict=True))
        name = names[fields.pop("seat")]
        if kind == TURN_EVENT:
            return t(key, lang, name_pos=possessive(name, lang))
        if kind in ("start", "landed", "try_token", "token_stays", "bought", "declined"):
            return t(key, lang, name=name, place=where(fields["place"], lang))
        if kind in ("walked", "flew"):
            return t(key, lang, name=name, place=where(fields["to"], lang))
        if kind == "boarded":
            return t(key, lang, name=name, place=where(fields["to"], lang), fare=fields["fare"])
        if kind == "sailed":
            return t(key, lang, name=name, place=where(fields["to"], lang), left=fields["left"])
        if kind == "captured":
            return t(key, lang, name=name, by=t(f"afrika.captor.{fields['by']}", lang))
        if kind == "revealed":
            token = t(f"afrika.token.{fields['token']}", lang)
            return t(key, lang, name=name, place=where(fields["place"], lang), token=token)
        if kind == "gem":
            key = "afrika.event.gem_double" if fields["doubled"] else key
            return t(key, lang, name=name, amount=fields["amount"])
        if kind == "horseshoe":
            suffix = "valid" if fields["valid"] else "spent"
            return t(f"afrika.event.horseshoe_{suffix}", lang, name=name)
        if kind == "stranded":
            reason = t(f"afrika.strand.{fields['reason']}", lang)
            return t(key, lang, name=name, reason=reason)
        if kind == "won":
            item = t(f"afrika.item.{fields['item']}", lang)
            return t(key, lang, name=name, place=where(fields["place"], lang), item=item)
        return t(key, lang, name=name, **fields)
