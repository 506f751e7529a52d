"""A match over REST: making one (a guided one too), my matches, the open ones, invites and
joining, its state, stand-ins, ending, a rematch, moves and Tips; in test mode, scripted dice."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from ..errors import ServiceError
from ..guard import client_of
from ..schemas import (
    MAX_MESSAGE_BYTES,
    AdviceIn,
    CreateMatch,
    DiceIn,
    JoinIn,
    MineIn,
    StandInIn,
    TutorialIn,
)
from .context import Context, lang_of
from .messages import Messages


def router(ctx: Context, messages: Messages) -> APIRouter:
    """The ``/api/matches``, ``/api/tutorials`` and ``/api/invites`` routes."""
    routes = APIRouter()
    routes.include_router(_finding(ctx))
    routes.include_router(_one_match(ctx, messages))
    return routes


def _finding(ctx: Context) -> APIRouter:
    """Making a match (a guided one too), my matches, the open ones, invites and joining."""
    routes = APIRouter()
    service, bots = ctx.service, ctx.bots

    @routes.post("/api/matches", status_code=201)
    async def create_match(body: CreateMatch) -> dict[str, Any]:
        seats = [s.model_dump() for s in body.seats]
        created = await run_in_threadpool(
            service.create, body.game, body.mode, seats, dict(body.options), body.turn_seconds
        )
        bots.kick(created["match_id"])
        return created

    @routes.post("/api/tutorials", status_code=201)
    async def create_tutorial(body: TutorialIn) -> dict[str, Any]:
        created = await run_in_threadpool(service.create_tutorial, body.game, body.lang)
        bots.kick(created["match_id"])
        return created

    @routes.post("/api/matches/mine")
    async def my_matches(body: MineIn) -> list[dict[str, Any] | None]:
        return await run_in_threadpool(service.mine, body.tokens)

    @routes.get("/api/matches/open")
    async def open_matches(game: str | None = None) -> list[dict[str, Any]]:
        rows = await run_in_threadpool(service.open_matches, game)
        return [
            {
                "match_id": row.id,
                "game": row.game,
                "created": _utc(row.created_at).isoformat(),
                "seats": [
                    {"seat": i, "name": s["name"], "colour": s["colour"], "bot": s["bot"]}
                    for i, s in enumerate(row.seats)
                ],
                "open_seats": [i for i, s in enumerate(row.seats) if s["name"] is None],
            }
            for row in rows
        ]

    @routes.get("/api/invites/{token}")
    async def invite(token: str) -> dict[str, Any]:
        return await run_in_threadpool(service.invite, token)

    @routes.post("/api/invites/{token}/join")
    async def join(token: str, body: JoinIn) -> dict[str, Any]:
        joined = await run_in_threadpool(service.join, token, body.name, body.colour)
        await ctx.changed(joined["match_id"])
        return joined

    return routes


def _one_match(ctx: Context, messages: Messages) -> APIRouter:
    """One match: its state, stand-ins, ending, a rematch, moves and Tips; in test mode,
    scripted dice."""
    routes = APIRouter()
    service, hub = ctx.service, ctx.hub

    @routes.get("/api/matches/{match_id}")
    async def get_match(match_id: str, request: Request, token: str | None = None) -> Any:
        live = await run_in_threadpool(service.live, match_id)
        access = await run_in_threadpool(service.access, match_id, token)
        got = service.state_object(live, access, since=0, lang=lang_of(request))
        return {**got, "online": hub.online(match_id)}

    @routes.post("/api/matches/{match_id}/seats/{seat}/stand-in")
    async def stand_in(
        match_id: str, seat: int, body: StandInIn | None = None, token: str | None = None
    ) -> dict[str, Any]:
        access = await run_in_threadpool(service.access, match_id, token)
        bot = body.bot if body else None
        await run_in_threadpool(service.stand_in, match_id, access, seat, bot)
        await ctx.changed(match_id)
        return {"ok": True}

    @routes.delete("/api/matches/{match_id}/seats/{seat}/stand-in")
    async def take_back(match_id: str, seat: int, token: str | None = None) -> dict[str, Any]:
        access = await run_in_threadpool(service.access, match_id, token)
        await run_in_threadpool(service.take_back, match_id, access, seat)
        await ctx.changed(match_id)
        return {"ok": True}

    @routes.post("/api/matches/{match_id}/end")
    async def end_match(match_id: str, token: str | None = None) -> dict[str, Any]:
        access = await run_in_threadpool(service.access, match_id, token)
        status = await run_in_threadpool(service.end, match_id, access)
        await ctx.changed(match_id)
        return {"ok": True, "status": status}

    @routes.post("/api/matches/{match_id}/rematch")
    async def rematch(match_id: str, token: str | None = None) -> dict[str, Any]:
        access = await run_in_threadpool(service.access, match_id, token)
        made = await run_in_threadpool(service.rematch, match_id, access)
        await ctx.changed(made["match_id"])
        await ctx.changed(match_id)  # the old match's players see who said yes
        return made

    @routes.post("/api/matches/{match_id}/actions")
    async def post_action(match_id: str, request: Request, token: str | None = None) -> Any:
        messages.rate(client_of(request.scope))
        raw = await request.body()
        if len(raw) > MAX_MESSAGE_BYTES:
            raise ServiceError("error.message_too_large", "too large", 413, max=MAX_MESSAGE_BYTES)
        version = await messages.handle(raw.decode("utf-8", "replace"), match_id, token)
        return {"ok": True, "version": version}

    @routes.post("/api/matches/{match_id}/advice")
    async def post_advice(
        match_id: str, request: Request, body: AdviceIn | None = None, token: str | None = None
    ) -> Any:
        body = body or AdviceIn()
        access = await run_in_threadpool(service.access, match_id, token)
        # Up to a second of playouts: in a worker thread, so the event loop (every socket of
        # every match) carries on meanwhile.
        return await run_in_threadpool(
            service.advice,
            match_id,
            access,
            body.version,
            body.seat,
            body.half_width,
            lang_of(request),
        )

    if ctx.settings.test_mode:

        @routes.post("/api/test/matches/{match_id}/dice")
        async def queue_dice(match_id: str, body: DiceIn) -> dict[str, Any]:
            queued = await run_in_threadpool(
                service.queue_dice, match_id, body.values, replace=body.replace
            )
            return {"queued": queued}

    return routes


def _utc(stamp: datetime) -> datetime:
    """SQLite gives back naive times; they were stored as UTC."""
    return stamp.astimezone(UTC) if stamp.tzinfo else stamp.replace(tzinfo=UTC)
