"""What every route module is built over: one server's parts, made by ``create_app``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fastapi import Request, WebSocket

from spelkvall.core.i18n import LANGUAGES, t
from spelkvall.store import Store

from ..bots import BotRunner
from ..chances import ChanceGraphs
from ..errors import ServiceError
from ..guard import Limits
from ..hub import Hub
from ..reach import Reach
from ..service import MatchService

if TYPE_CHECKING:
    from ..app import Settings


@dataclass(frozen=True)
class Context:
    """One server's settings, store, match service, socket hub, computer runner, per-client
    limits, its addresses, the web client's folder and the chance graphs' keeper."""

    settings: Settings
    store: Store
    service: MatchService
    hub: Hub
    bots: BotRunner
    limits: Limits
    reach: Reach
    static: Path
    graphs: ChanceGraphs

    async def changed(self, match_id: str) -> None:
        """Seats or status changed without a move: every socket hears it, computers look."""
        await self.hub.changed(match_id)
        self.bots.kick(match_id)


def translate(key: str, lang: str, params: dict[str, Any], fallback: str) -> str:
    try:
        text = t(key, lang, **params)
    except (KeyError, IndexError, ValueError):
        return fallback
    return fallback if text == key else text


def error_body(exc: ServiceError, lang: str) -> dict[str, Any]:
    """A refusal in the documented shape (docs/api.md), its message in ``lang``."""
    return {
        "error": exc.key,
        "message": translate(exc.key, lang, exc.params, str(exc)),
        "params": exc.params,
    }


def lang_of(request: Request | WebSocket) -> str:
    """The language a request asks for (``?lang=``), Swedish by default."""
    lang = request.query_params.get("lang", "sv")
    return lang if lang in LANGUAGES else "sv"


def why(errors: Any) -> str:
    """A short, safe description of a validation failure (no echo of the input)."""
    parts = []
    for err in list(errors)[:3]:
        loc = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
        parts.append(f"{loc}: {err.get('msg', '')}" if loc else str(err.get("msg", "")))
    return "; ".join(parts)[:300]
