"""The path of a player's message, shared by the WebSocket and ``POST …/actions``: the
per-client rate, validation, the move through the service, then every socket and the
computers hear of it."""

from __future__ import annotations

from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool

from ..errors import ServiceError
from ..guard import retry_after
from ..schemas import ActMsg, RollMsg, client_message
from .context import Context, why


class Messages:
    """A server's message path (``ctx``: its service, hub, computers and limits)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    def rate(self, client: str) -> None:
        """Refuse (429, with when to try again) a client over its messages per second."""
        wait = self.ctx.limits.messages.take(client)
        if wait > 0:
            raise ServiceError(
                "error.rate_limited", "too many messages", 429, retry_after=retry_after(wait)
            )

    def _perform(self, message: RollMsg | ActMsg, match_id: str, token: str | None) -> int:
        service = self.ctx.service
        with service.people.person():
            access = service.access(match_id, token)
            if isinstance(message, RollMsg):
                return service.roll(match_id, access, message.version)
            return service.act(
                match_id, access, message.version, dict(message.action), message.seat
            )

    async def handle(self, text: str, match_id: str, token: str | None) -> int | None:
        """Validate and perform one client message; returns the new version (None for ping)."""
        try:
            message = client_message.validate_json(text)
        except ValidationError as exc:
            reason = why(exc.errors())
            raise ServiceError(
                "error.malformed_message", f"malformed: {reason}", why=reason
            ) from None
        if message.type == "ping":
            return None
        # One hand-off to a worker thread, not one for the token and one for the move: in a
        # process busy with computers each hand-off may wait for the GIL.
        version = await run_in_threadpool(self._perform, message, match_id, token)
        await self.ctx.hub.changed(match_id, version)
        self.ctx.bots.kick(match_id)
        return version
