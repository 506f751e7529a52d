"""What the server offers: its health and addresses, the texts, and the games with their
options, capabilities and how ready their computers are."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from fastapi import APIRouter

from spelkvall.core import LAYOUT, Game, all_games, web_folder
from spelkvall.core.i18n import LANGUAGES, t, table
from spelkvall.core.palette import colour as palette_colour

from ..errors import ServiceError
from ..service import advice_available, bot_label
from .context import Context

READY_FROM_START = {"ready": True, "stage": "ready", "progress": 1.0}
"""``/api/games``' ``computers`` of a game without kernels to prepare."""


def router(ctx: Context) -> APIRouter:
    """``/api/health``, ``/api/server``, ``/api/i18n/{lang}``, ``/api/games`` and
    ``/api/games/{id}/computers``."""
    routes = APIRouter()

    @routes.get("/api/health")
    async def health() -> dict[str, Any]:
        return {"ok": True, "test_mode": ctx.settings.test_mode}

    @routes.get("/api/server")
    async def server_info() -> dict[str, Any]:
        return ctx.reach.to_json()

    @routes.get("/api/i18n/{lang}")
    async def i18n(lang: str) -> dict[str, str]:
        if lang not in LANGUAGES:
            raise ServiceError("error.language", "unknown language", 404, lang=lang[:8])
        all_games()  # every game's texts are registered
        return table(lang)

    def readiness(game_id: str) -> dict[str, Any]:
        """Whether the game's computers play at full strength yet (``server.warm``)."""
        status = ctx.service.kernels.status(game_id)
        return READY_FROM_START if status is None else status.to_json()

    @routes.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        return [{**game_info(game), "computers": readiness(game.id)} for game in all_games()]

    @routes.get("/api/games/{game_id}/computers")
    async def computers(game_id: str) -> dict[str, Any]:
        if game_id not in {game.id for game in all_games()}:
            raise ServiceError("error.unknown_game", "unknown game", 404, game=game_id)
        return readiness(game_id)

    return routes


def game_info(game: Game[Any, Any]) -> dict[str, Any]:
    """A game's ``/api/games`` entry, read from its declaration alone (docs/api.md)."""
    from spelkvall.bots import BOT_FACTORIES, LEVELS

    defaults = game.default_options()
    counts = game.player_counts(defaults)
    folder = web_folder(game.id)
    base = f"/static/games/{game.id}"
    styles = []
    if folder is not None:
        styles = [f"{base}/{css.relative_to(folder).as_posix()}" for css in folder.rglob("*.css")]
    return {
        "id": game.id,
        "title": {lang: game.title(lang) for lang in LANGUAGES},
        "min_players": game.min_players,
        "max_players": game.max_players,
        "player_counts": list(counts),
        "teams": teams_json(game, counts, defaults),
        "capabilities": sorted(game.capabilities),
        "colours": list(game.colours),
        "palette": [palette_colour(c).to_json() for c in game.colours],
        "perfect_information": game.perfect_information,
        "may_end_without_winner": game.may_end_without_winner,
        "score_label": None
        if game.score_key is None
        else {lang: t(game.score_key, lang) for lang in LANGUAGES},
        "advice": advice_available(game),
        "tutorial": game.tutorial() is not None,
        "options": options_json(game, counts, defaults),
        "bots": [{"id": bot, "label": bot_label(bot)} for bot in BOT_FACTORIES],
        "levels": [{"id": level, "label": bot_label(level)} for level in LEVELS],
        "layout": game.layout() if LAYOUT in game.capabilities else None,
        "page": f"{base}/page.js" if folder is not None else None,
        "styles": sorted(styles),
    }


def teams_json(game: Game[Any, Any], counts: Sequence[int], options: Any) -> dict[str, Any]:
    """``{"4": [[0, 2], [1, 3]]}``: the teams of every player count that has teams."""
    out: dict[str, Any] = {}
    for n in counts:
        teams = game.teams(n, options)
        if teams is not None:
            out[str(n)] = [list(team) for team in teams]
    return out


def options_json(
    game: Game[Any, Any], counts: Sequence[int], defaults: Any
) -> list[dict[str, Any]]:
    """Each option with its labels, choices or range, and ``when``: for each other value (of
    a bool or a choice; an int range is not enumerated) that changes the player counts or the
    teams with only that option changed, the counts and teams it gives."""
    teams = teams_json(game, counts, defaults)
    described = {lang: game.describe_options(lang) for lang in LANGUAGES}
    out = []
    for i, spec in enumerate(game.option_specs()):
        entry: dict[str, Any] = {
            "name": spec.name,
            "type": spec.type_name,
            "default": spec.default,
            "label": {lang: described[lang][i]["label"] for lang in LANGUAGES},
        }
        if spec.choices is not None:
            entry["choices"] = [
                {
                    "value": choice,
                    "label": {
                        lang: described[lang][i]["choices"][k]["label"] for lang in LANGUAGES
                    },
                }
                for k, choice in enumerate(spec.choices)
            ]
        if spec.min is not None:
            entry["min"] = spec.min
        if spec.max is not None:
            entry["max"] = spec.max
        others: Sequence[Any] = ()
        if spec.choices is not None:
            others = [c for c in spec.choices if c != spec.default]
        elif spec.type is bool:
            others = [not spec.default]
        when: dict[str, Any] = {}
        for value in others:
            changed = dataclasses.replace(defaults, **{spec.name: value})
            changed_counts = game.player_counts(changed)
            changed_teams = teams_json(game, changed_counts, changed)
            if list(changed_counts) != list(counts) or changed_teams != teams:
                key = json.dumps(value) if not isinstance(value, str) else value
                when[key] = {"player_counts": list(changed_counts), "teams": changed_teams}
        entry["when"] = when
        out.append(entry)
    return out
