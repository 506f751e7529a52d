"""Rooms: creating a match with its seats and tokens, invites, joining, and what a token may
do in a match."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from spelkvall.bots.base import BOT_FACTORIES
from spelkvall.core import InvalidSetup, Seat, SpelkvallError, clean_name, get_game
from spelkvall.core.i18n import t
from spelkvall.store import MatchRow, Store, hash_token

from .errors import ServiceError, from_engine
from .live import PLAYING, WAITING, Access
from .views import seat_summary


class Rooms:
    """Seats and tokens of the matches in one :class:`Store`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(
        self,
        game_id: str,
        mode: str,
        seats: Sequence[dict[str, Any]],
        options: dict[str, Any] | None,
    ) -> dict[str, Any]:
        try:
            game = get_game(game_id)
            opts = game.parse_options(options or {})
        except SpelkvallError as exc:
            raise from_engine(exc) from exc
        if mode not in ("hotseat", "online"):
            raise ServiceError("error.bad_request", "mode", why="mode")
        rows: list[dict[str, Any]] = []
        bot_no = 0
        for i, seat in enumerate(seats):
            bot = seat.get("bot")
            name = seat.get("name")
            if mode == "online" and i > 0 and bot is None and not (name or "").strip():
                name = None  # a person still to come: an open seat with an invite
            if bot is not None and bot not in BOT_FACTORIES:
                raise ServiceError("error.bot_unknown", f"unknown bot {bot}", bot=bot)
            if mode == "online" and i == 0 and (bot is not None or name is None):
                raise ServiceError("error.creator_seat", "seat 0 is the creator's")
            if bot is not None and not name:
                bot_no += 1
                name = t("server.bot_name", "sv", n=bot_no)
            if name is None and mode == "hotseat":
                raise ServiceError("error.name_empty", "every player needs a name")
            rows.append({"name": name, "colour": seat.get("colour"), "bot": bot})
        # Check counts, colours and names now, with a stand-in name for the open seats.
        try:
            checked = game.check_seats(
                [
                    Seat(f"?{i}" if r["name"] is None else r["name"], r["colour"], r["bot"])
                    for i, r in enumerate(rows)
                ],
                opts,
            )
        except InvalidSetup as exc:
            raise from_engine(exc) from exc
        free = [c for c in game.colours if c not in {r["colour"] for r in rows if r["colour"]}]
        for row, checked_seat in zip(rows, checked, strict=True):
            if row["name"] is not None:
                row["name"] = checked_seat.name
                if row["colour"] is None and free:
                    row["colour"] = free.pop(0)
        open_seats = [i for i, r in enumerate(rows) if r["name"] is None]
        status = WAITING if open_seats else PLAYING
        if mode == "hotseat":
            tokens: list[tuple[str, int | None]] = [("device", None)]
        else:
            tokens = [("seat", 0), *(("invite", i) for i in open_seats)]
        match_id, secrets_ = self.store.create_match(
            game=game.id,
            rules_version=game.rules_version,
            mode=mode,
            options=game.options_to_json(opts),
            seats=rows,
            status=status,
            seed=secrets.randbits(63),
            tokens=tokens,
        )
        invites = [
            {"seat": seat, "token": tok, "url": f"/#/join/{tok}"}
            for (_kind, seat), tok in zip(tokens[1:], secrets_[1:], strict=True)
        ]
        return {
            "match_id": match_id,
            "mode": mode,
            "token": secrets_[0],
            "seat": None if mode == "hotseat" else 0,
            "invites": invites,
        }

    def invite(self, token: str) -> dict[str, Any]:
        tok = self.store.token(token)
        if tok is None or tok.kind != "invite" or tok.seat is None:
            raise ServiceError("error.invite_invalid", "no such invite", 404)
        row = self.store.get_match(tok.match_id)
        if row is None:
            raise ServiceError("error.invite_invalid", "no such invite", 404)
        game = get_game(row.game)
        taken = {s["colour"] for s in row.seats if s.get("colour")}
        return {
            "match_id": row.id,
            "game": row.game,
            "seat": tok.seat,
            "status": row.status,
            "seats": seat_summary(row.seats),
            "free_colours": [c for c in game.colours if c not in taken],
        }

    def join(self, token: str, name: str, colour: str | None) -> dict[str, Any]:
        tok = self.store.token(token)
        if tok is None or tok.kind != "invite" or tok.seat is None:
            raise ServiceError("error.invite_invalid", "no such invite", 404)
        seat_no = tok.seat
        row0 = self.store.get_match(tok.match_id)
        assert row0 is not None
        game = get_game(row0.game)
        opts = game.parse_options(row0.options)

        def change(row: MatchRow) -> tuple[list[dict[str, Any]], str]:
            seats = [dict(s) for s in row.seats]
            taken = {s["colour"] for i, s in enumerate(seats) if s.get("colour") and i != seat_no}
            chosen = colour or seats[seat_no].get("colour")
            if chosen is None:
                chosen = next((c for c in game.colours if c not in taken), None)
            try:
                seats[seat_no] = {"name": clean_name(name), "colour": chosen, "bot": None}
                game.check_seats(
                    [
                        Seat(s["name"] or f"?{i}", s["colour"], s["bot"])
                        for i, s in enumerate(seats)
                    ],
                    opts,
                )
            except InvalidSetup as exc:
                raise from_engine(exc) from exc
            full = all(s["name"] is not None for s in seats)
            return seats, PLAYING if full else WAITING

        secret = self.store.update_seats(
            tok.match_id, change, use_invite=hash_token(token), seat_token_for=seat_no
        )
        if secret is None:
            raise ServiceError("error.invite_invalid", "invite already used", 404)
        return {"match_id": tok.match_id, "seat": seat_no, "token": secret}

    def access(self, match_id: str, token: str | None) -> Access:
        """The seats ``token`` may act for in ``match_id`` (none for a spectator)."""
        if not token:
            return Access((), None)
        tok = self.store.token(token)
        if tok is None or tok.match_id != match_id:
            return Access((), None)
        if tok.kind == "seat" and tok.seat is not None:
            return Access((tok.seat,), "seat")
        if tok.kind == "device":
            row = self.store.get_match(match_id)
            seats = row.seats if row else []
            return Access(tuple(i for i, s in enumerate(seats) if s.get("bot") is None), "device")
        return Access((), tok.kind)
