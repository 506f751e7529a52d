"""Validated shapes of everything a client sends (REST bodies and WebSocket messages)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    StrictInt,
    StrictStr,
    TypeAdapter,
)

MAX_MESSAGE_BYTES = 4096
"""WebSocket messages above this size are refused unread."""

Scalar = StrictBool | StrictInt | Annotated[StrictStr, Field(max_length=64)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatIn(_Strict):
    # Generous here; core.clean_name applies the real limit with a translated reason.
    name: Annotated[StrictStr, Field(max_length=200)] | None = None
    colour: Annotated[StrictStr, Field(max_length=32)] | None = None
    bot: Annotated[StrictStr, Field(max_length=32)] | None = None


class CreateMatch(_Strict):
    game: Annotated[StrictStr, Field(max_length=32)]
    mode: Literal["hotseat", "online"]
    seats: Annotated[list[SeatIn], Field(min_length=1, max_length=8)]
    options: Annotated[
        dict[Annotated[str, Field(max_length=64)], Scalar], Field(max_length=32)
    ] = {}
    # A computer plays a person's step after this many seconds (0: never). Checked by rooms.
    turn_seconds: Annotated[StrictInt, Field(ge=0, le=1_000_000)] = 0


class TutorialIn(_Strict):
    """``POST /api/tutorials``: the game whose guided first game to start, and the language
    the learner's name is given in."""

    game: Annotated[StrictStr, Field(max_length=32)]
    lang: Literal["sv", "en"] = "sv"


class JoinIn(_Strict):
    name: Annotated[StrictStr, Field(max_length=200)]
    colour: Annotated[StrictStr, Field(max_length=32)] | None = None


class StandInIn(_Strict):
    """The computer that stands in for an absent person (default: the stand-in level)."""

    bot: Annotated[StrictStr, Field(max_length=32)] | None = None


class MineIn(_Strict):
    """The seat and device tokens a browser keeps, for "Mina spel"."""

    tokens: Annotated[list[Annotated[StrictStr, Field(max_length=64)]], Field(max_length=100)]


class DiceIn(_Strict):
    """Test mode: the next chance outcomes, each a number (the outcome whose one field it is)
    or the outcome action as a JSON object, possibly partial (``server.chance``); with
    ``replace`` they take the place of any outcomes still queued."""

    values: Annotated[
        list[
            Annotated[StrictInt, Field(ge=0, le=1000)]
            | Annotated[dict[Annotated[str, Field(max_length=32)], Scalar], Field(max_length=16)]
        ],
        Field(max_length=1000),
    ]
    replace: bool = False


class AdviceIn(_Strict):
    """``POST /api/matches/{id}/advice``: the version the page shows (an older one is
    refused as stale), optionally the seat, and optionally a coarser interval half-width."""

    version: Annotated[StrictInt, Field(ge=0)] | None = None
    seat: Annotated[StrictInt, Field(ge=0, le=64)] | None = None
    half_width: Annotated[StrictFloat, Field(ge=0.001, le=0.5)] | None = None


class RollMsg(_Strict):
    type: Literal["roll"]
    version: Annotated[StrictInt, Field(ge=0)]


class ActMsg(_Strict):
    type: Literal["act"]
    version: Annotated[StrictInt, Field(ge=0)]
    action: Annotated[dict[Annotated[str, Field(max_length=32)], Scalar], Field(max_length=16)]
    seat: Annotated[StrictInt, Field(ge=0, le=64)] | None = None


class PingMsg(_Strict):
    type: Literal["ping"]


ClientMessage = Annotated[RollMsg | ActMsg | PingMsg, Field(discriminator="type")]
client_message = TypeAdapter(ClientMessage)
