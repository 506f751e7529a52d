"""The Omringad game declaration: player counts and teams, what a seat may see of the log, the
sampler for bots, log lines."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from spelkvall.core import (
    ADVICE,
    FAST_SIMULATOR,
    LAYOUT,
    Action,
    Event,
    Game,
    Seat,
    Teams,
    Tutorial,
)
from spelkvall.core.i18n import DEFAULT_LANGUAGE, name_list, possessive, t
from spelkvall.core.tutorial import Scripted

from . import heuristic, sampler, tutorial
from . import texts as _texts  # noqa: F401  (registers the translations)
from . import units as U
from .actions import ACTION_TYPES, HIDDEN_KINDS, Buy, Take, Target, square_name, unit_label
from .board import (
    COST,
    GONE,
    MOVE,
    POOL,
    REGULAR,
    STRENGTH,
    TERRAIN_NAMES,
    UNIT_INDEX,
    UNIT_NAMES,
)
from .options import OmringadOptions
from .phases import PHASE_NAMES
from .rules import OmringadState, team_layout

COLOURS = ("red", "yellow", "blue", "green", "purple", "black")

EVENT_SCHEMA: dict[str, tuple[str, ...]] = {
    "tile": ("seat", "tile", "square"),
    "back": ("seat",),
    "ready": ("seat",),
    "terrain_revealed": ("terrain",),
    "recruit": ("seat", "unit", "square"),
    "setup_revealed": ("heights",),
    "round": ("round",),
    "init_roll": ("seat", "value"),
    "init_tie": ("seats",),
    "initiative": ("seat",),
    "drawn": ("seat", "unit"),
    "no_bids": ("unit",),
    "dropped": ("seat",),
    "bid": ("seat", "amount"),
    "won_auction": ("seat", "unit", "amount"),
    "sealed_bid": ("seat",),
    "sealed_bids": ("bids",),
    "placed_special": ("seat", "unit", "square"),
    "phase": ("phase",),
    "purchase_done": ("counts",),
    "bought": ("seat", "unit"),
    "select": ("seat", "square"),
    "take": ("seat",),
    "step": ("seat", "square"),
    "passed": ("seat",),
    "moved": ("seat", "from", "to", "count", "top", "path"),
    "conquered": ("seat", "square"),
    "contested": ("square",),
    "horses_returned": ("seat", "square"),
    "battle": ("square", "parties", "defender"),
    "battle_step": ("square", "step", "dice"),
    "nobody_rolls": ("square",),
    "fight_on": ("seat",),
    "roll": ("seat", "unit", "value", "hit"),
    "hits": ("square", "count"),
    "target": ("seat", "target"),
    "dragon_target": ("seat",),
    "eliminated": ("seat", "unit", "square"),
    "damaged": ("seat", "unit", "square"),
    "diplomat": ("seat", "square"),
    "retreated": ("seat", "from", "to", "count"),
    "took_control": ("seat", "square"),
    "battle_over": ("square", "survivors"),
    "placed": ("seat", "unit", "square"),
    "merged": ("seat", "unit", "square"),
    "unplaced": ("seat", "count"),
    "income": ("gold",),
    "scored": ("gained", "points"),
    "tie": ("seats",),
    "round_limit": ("round",),
    "won": ("seats",),
}

PRIVATE_EVENTS = frozenset({"tile", "back", "recruit", "bought", "take"})
"""Events only their own seat reads (a tile laid in secret, a purchase, a unit taken along)."""


def _who(seat: int, names: Sequence[str], lang: str) -> str:
    return t("omringad.dragon_name", lang) if seat < 0 else names[seat]


def _unit(k: int | str | None, lang: str) -> str:
    if k is None:
        return "?"
    name = UNIT_NAMES[k] if isinstance(k, int) else k
    return unit_label(name, lang)


class Omringad(Game[OmringadOptions, OmringadState]):
    """Omringad for 2 players on a sphere or 4 on a torus (2 v 2 by default)."""

    id: ClassVar[str] = "omringad"
    # 2: stuck in a move with no Back left, a seat passes (1 gave it a free Back).
    rules_version: ClassVar[str] = "2"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    colours: ClassVar[tuple[str, ...]] = COLOURS
    options_type = OmringadOptions
    action_types = ACTION_TYPES
    event_schema = EVENT_SCHEMA
    perfect_information: ClassVar[bool] = False
    score_key: ClassVar[str | None] = "omringad.score"
    # Tips are fair (the advisor plays out only in worlds ``sample_state`` deals from the
    # asking seat's view) and quick (one batch playout a world, about a millisecond).
    capabilities: ClassVar[frozenset[str]] = frozenset({FAST_SIMULATOR, ADVICE, LAYOUT})
    batch_module: ClassVar[str | None] = f"{__package__}.batch"
    fast_policies: ClassVar[tuple[str, ...]] = ("random", "heuristic")

    def _new_state(self, seats: tuple[Seat, ...], options: OmringadOptions) -> OmringadState:
        return OmringadState(seats, options)

    def player_counts(self, options: OmringadOptions | None = None) -> tuple[int, ...]:
        """Two players on the sphere or four on the torus (§B1, §B2)."""
        return (2, 4)

    def teams(self, num_players: int, options: OmringadOptions | None = None) -> Teams | None:
        """Four players play 2 v 2: diagonal by default, side by side, or none (an option)."""
        return team_layout(num_players, options or OmringadOptions())

    def layout(self) -> dict[str, Any]:
        """The units, so that the page names and explains them without a list of its own:
        ``{"units": [{"id", "special", "cost", "pool", "move", "strength"}, ...]}`` in
        ``board.py``'s order, the ids the view and the actions use. ``move`` and ``strength``
        are [undamaged, damaged] with ``null`` when the first hit eliminates the unit; a
        special has no ``cost`` or ``pool`` (it is won at auction)."""
        return {"units": [_unit_json(k) for k in range(len(UNIT_NAMES))]}

    # --- hidden information --------------------------------------------------------------
    def sample_state(self, state: OmringadState, player: int, rng: random.Random) -> OmringadState:
        """``sampler.sample``: the others' secrets redrawn from what ``player`` sees."""
        return sampler.sample(state, player, rng)

    def action_visible(self, action: Action, player: int, viewer: int | None) -> bool:
        """Chance here is public (dice, the special drawn, the Dragon's target); a seat's own
        actions are its own; the others' are public unless they carry a secret (a tile, a
        purchase, the units taken into a group, a sealed bid, the type of a unit placed)."""
        if player < 0:
            return True
        if player == viewer:
            return True
        return action.kind not in HIDDEN_KINDS

    def event_for(self, event: Event, viewer: int | None) -> Event | None:
        kind = event[0]
        if kind in PRIVATE_EVENTS:
            return event if event[1] == viewer else None
        if kind == "placed" and event[1] != viewer:
            return ("placed", event[1], None, event[3])
        if kind == "terrain_revealed":
            return event
        return event

    def tutorial(self) -> Tutorial:
        """The guided first game: two rounds against one easy computer (``tutorial``)."""
        return tutorial.TUTORIAL

    def tutorial_outcome(self, state: OmringadState, drawn: int) -> Scripted | None:
        """Each chance outcome from the position (``tutorial.outcome``)."""
        return tutorial.outcome(state, drawn)

    def heuristic_action(
        self, state: OmringadState, player: int, rng: random.Random
    ) -> Action | None:
        if player not in state.players_to_act():
            return None
        return heuristic.choose(state, player, rng)

    # --- text ----------------------------------------------------------------------------
    def describe_action(
        self,
        state: OmringadState,
        action: Action,
        lang: str = DEFAULT_LANGUAGE,
        names: Sequence[str] | None = None,
    ) -> str:
        """Button texts with what the position adds: a unit's cost, how many of a kind are
        left to take into a group, who a target is."""
        if isinstance(action, Buy):
            k = UNIT_INDEX[action.unit]
            return t(
                "omringad.action.buy_cost", lang, unit=unit_label(action.unit, lang), cost=COST[k]
            )
        if isinstance(action, Take) and state.mv_src >= 0:
            k = UNIT_INDEX[action.unit]
            chosen = set(state.mv_sel)
            left = sum(
                1
                for i, u in enumerate(state.stacks[state.mv_src])
                if i not in chosen
                and U.owner(u) == state.current
                and not U.moved(u)
                and U.kind(u) == k
                and U.damaged(u) == action.damaged
            )
            unit = unit_label(action.unit, lang, action.damaged)
            return t("omringad.action.take_left", lang, unit=unit, n=left)
        if isinstance(action, Target) and names is not None and action.seat >= 0:
            return t("omringad.action.target_name", lang, name=names[action.seat])
        return action.label(lang)

    def recap(
        self, state: OmringadState, names: Sequence[str], lang: str = DEFAULT_LANGUAGE
    ) -> str | None:
        """Who won with how many points after how many rounds, and whether they reached the
        target or the round limit ended the game."""
        result = state.result()
        if result is None or not result.winners:
            return None
        winners = result.winners
        target = state.options.target
        team = next((tuple(t) for t in state.teams or () if winners[0] in t), (winners[0],))
        points = sum(state.points[p] for p in team)
        as_team = len(team) > 1 and set(team) <= set(winners)
        reached = any(state.points[p] >= target for p in winners)
        kind = "limit" if not reached else "target_team" if as_team else "target"
        return t(
            f"omringad.recap.{kind}",
            lang,
            names=name_list([names[p] for p in winners], lang),
            target=target,
            round=state.round,
            points=self.score_text(points, lang),
        )

    def describe_event(
        self, event: Event, names: Sequence[str], lang: str = DEFAULT_LANGUAGE
    ) -> str | None:
        kind = event[0]
        key = f"omringad.event.{kind}"
        f = dict(zip(self.event_schema[kind], event[1:], strict=True))
        params: dict[str, object] = {}
        if "seat" in f and isinstance(f["seat"], int):
            params["name"] = _who(f["seat"], names, lang)
            params["name_pos"] = (
                t("omringad.dragon_name", lang)
                if f["seat"] < 0
                else possessive(names[f["seat"]], lang)
            )
        if "square" in f:
            params["square"] = square_name(f["square"])
        if "unit" in f:
            params["unit"] = _unit(f["unit"], lang)
        if kind == "tile":
            return t(
                "omringad.event.tile_own",
                lang,
                tile=t(f"omringad.terrain.{f['tile']}", lang),
                **params,
            )
        if kind == "placed" and f["unit"] is None:
            return t("omringad.event.placed_hidden", lang, **params)
        if kind in ("round", "round_limit"):
            return t(key, lang, round=f["round"])
        if kind == "init_roll":
            return t(key, lang, value=f["value"], **params)
        if kind in ("init_tie", "tie", "won"):
            joined = f" {t('omringad.and', lang)} ".join(names[s] for s in f["seats"])
            if kind == "won" and len(f["seats"]) == 1:
                key = "omringad.event.won_one"
            return t(key, lang, names=joined)
        if kind in ("bid", "won_auction"):
            return t(key, lang, amount=f["amount"], **params)
        if kind == "sealed_bids":
            bids = ", ".join(f"{names[s]} {b}" for s, b in enumerate(f["bids"]))
            return t(key, lang, bids=bids)
        if kind == "phase":
            phase = t(f"omringad.phase.{PHASE_NAMES[f['phase']]}", lang)
            return t(key, lang, phase=phase)
        if kind == "purchase_done":
            counts = ", ".join(f"{names[s]} {c}" for s, c in enumerate(f["counts"]))
            return t(key, lang, counts=counts)
        if kind == "moved":
            return t(
                key,
                lang,
                count=f["count"],
                unit=_unit(f["top"], lang),
                src=square_name(f["from"]),
                dst=square_name(f["to"]),
                **params,
            )
        if kind == "battle":
            who = ", ".join(_who(s, names, lang) for s in f["parties"])
            return t(key, lang, names=who, defender=_who(f["defender"], names, lang), **params)
        if kind == "battle_step":
            step = t("omringad.step." + ("ranged" if f["step"] == 0 else "melee"), lang)
            return t(key, lang, step=step, count=f["dice"])
        if kind == "roll":
            verdict = t("omringad.verdict." + ("hit" if f["hit"] else "miss"), lang)
            return t(key, lang, value=f["value"], verdict=verdict, **params)
        if kind == "hits":
            return t(key, lang, count=f["count"])
        if kind == "target":
            return t(key, lang, target=_who(f["target"], names, lang), **params)
        if kind == "retreated":
            return t(
                key,
                lang,
                count=f["count"],
                src=square_name(f["from"]),
                dst=square_name(f["to"]),
                **params,
            )
        if kind == "battle_over":
            if not f["survivors"]:
                return t("omringad.event.battle_over_none", lang, **params)
            who = ", ".join(_who(s, names, lang) for s in f["survivors"])
            return t(key, lang, names=who, **params)
        if kind == "unplaced":
            return t(key, lang, count=f["count"], **params)
        if kind == "income":
            golds = ", ".join(f"{names[s]} {g}" for s, g in enumerate(f["gold"]))
            return t(key, lang, golds=golds)
        if kind == "scored":
            gained = ", ".join(f"{names[s]} +{g}" for s, g in enumerate(f["gained"]))
            totals = ", ".join(f"{names[s]} {g}" for s, g in enumerate(f["points"]))
            return t(key, lang, gained=gained, totals=totals)
        return t(key, lang, **params)


def terrain_name(kind: int, lang: str = DEFAULT_LANGUAGE) -> str:
    return t(f"omringad.terrain.{TERRAIN_NAMES[kind]}", lang)


def _unit_json(k: int) -> dict[str, Any]:
    regular = k < REGULAR
    return {
        "id": UNIT_NAMES[k],
        "special": not regular,
        "cost": COST[k] if regular else None,
        "pool": POOL[k] if regular else None,
        "move": [None if f == GONE else f for f in MOVE[k]],
        "strength": [None if s == GONE else s for s in STRENGTH[k]],
    }


__all__ = ["COLOURS", "EVENT_SCHEMA", "Omringad", "terrain_name"]
