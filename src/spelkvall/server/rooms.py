"""Rooms: creating a match with its seats and tokens, invites, joining, and what a token may
do in a match."""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Sequence
from typing import Any

from spelkvall.bots.base import BOT_FACTORIES
from spelkvall.core import InvalidSetup, Seat, SpelkvallError, clean_name, get_game, name_key
from spelkvall.core.i18n import t
from spelkvall.store import MatchRow, RematchExists, Store, TokenRow, hash_token

from .errors import ServiceError, from_engine
from .live import CANCELLED, ENDED, OVER, PLAYING, STAND_IN, WAITING, Access
from .views import is_host, seat_summary

MAX_TURN_SECONDS = 3600
"""The longest turn timer a match may have (an hour); 0 is no timer."""


def blank(name: str | None) -> bool:
    """A name with nothing to see: none, white space, or only invisible format characters
    (a zero-width space, U+200B)."""
    return all(c.isspace() or unicodedata.category(c) == "Cf" for c in name or "")


def checked_names(names: Sequence[str | None]) -> list[str]:
    """The names to check a table's seats with: an open seat (``None``) stands in as "?N"
    (its seat, from 1), with more "?" when a real name at the table is that already, so a
    real name never collides with a stand-in (somebody may be called "?2")."""
    taken = {name_key(n) for n in names if n is not None}
    out = []
    for i, name in enumerate(names):
        if name is None:
            name = f"?{i + 1}"
            while name_key(name) in taken:
                name = "?" + name
        out.append(name)
    return out


def access_of(tok: TokenRow | None, seats: Sequence[dict[str, Any]] | None) -> Access:
    """The seats a token may act for in its match (none for a spectator); ``seats`` are the
    match's, needed for a device token (every person's seat)."""
    if tok is None:
        return Access((), None)
    if tok.kind == "seat" and tok.seat is not None:
        return Access((tok.seat,), "seat")
    if tok.kind == "device":
        people = tuple(i for i, s in enumerate(seats or ()) if s.get("bot") is None)
        return Access(people, "device")
    return Access((), tok.kind)


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
        turn_seconds: int = 0,
        *,
        learner: bool = False,
    ) -> dict[str, Any]:
        """A new match; ``learner``: a guided game, seat 0 marked as its learner
        (``tutorial``)."""
        if not 0 <= turn_seconds <= MAX_TURN_SECONDS:
            raise ServiceError(
                "error.turn_seconds", "turn timer out of range", max=MAX_TURN_SECONDS
            )
        try:
            game = get_game(game_id)
            opts = game.parse_options(options or {})
        except SpelkvallError as exc:
            raise from_engine(exc) from exc
        if mode not in ("hotseat", "online"):
            raise ServiceError("error.bad_request", "mode", why="mode")
        rows: list[dict[str, Any]] = []
        invitees: list[str | None] = []
        bot_no = 0
        for i, seat in enumerate(seats):
            bot = seat.get("bot")
            name = seat.get("name")
            invitee: str | None = None
            if mode == "online" and i > 0 and bot is None:
                # A person still to come: an open seat with an invite. A name given for it
                # (not an invisible one) is whom the invite is for: kept for the seat until
                # somebody joins with the invite (who may still choose another name).
                invitee = None if blank(name) else name
                name = None
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
            invitees.append(invitee)
        # Check counts, colours and names now (an invitee's too: no name twice at the table),
        # with a stand-in name for the other open seats.
        names = [
            r["name"] if r["name"] is not None else invitee
            for r, invitee in zip(rows, invitees, strict=True)
        ]
        try:
            checked = game.check_seats(
                [
                    Seat(name, r["colour"], r["bot"])
                    for name, r in zip(checked_names(names), rows, strict=True)
                ],
                opts,
            )
        except InvalidSetup as exc:
            raise from_engine(exc) from exc
        free = [c for c in game.colours if c not in {r["colour"] for r in rows if r["colour"]}]
        for row, invitee, checked_seat in zip(rows, invitees, checked, strict=True):
            if invitee is not None:
                row["invitee"] = checked_seat.name
            if row["name"] is not None:
                row["name"] = checked_seat.name
                if row["colour"] is None and free:
                    row["colour"] = free.pop(0)
        if learner:
            rows[0]["learner"] = True
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
            turn_seconds=turn_seconds,
        )
        invites = [
            {
                "seat": seat,
                "token": tok,
                "url": f"/#/join/{tok}",
                "name": None if seat is None else rows[seat].get("invitee"),
            }
            for (_kind, seat), tok in zip(tokens[1:], secrets_[1:], strict=True)
        ]
        return {
            "match_id": match_id,
            "mode": mode,
            "token": secrets_[0],
            "seat": None if mode == "hotseat" else 0,
            "invites": invites,
        }

    def _open_invite(self, token: str) -> tuple[TokenRow, MatchRow]:
        """The invite and its match, or why it leads nowhere: no such invite (a made-up or
        mistyped link), already used (somebody joined with it), or the match is off."""
        tok = self.store.token(token)
        row = None if tok is None else self.store.get_match(tok.match_id)
        if tok is None or row is None or tok.kind not in ("invite", "used") or tok.seat is None:
            raise ServiceError("error.invite_unknown", "no such invite", 404)
        if row.status in (CANCELLED, ENDED):
            raise ServiceError("error.match_cancelled", "the match was called off", 410)
        if tok.kind == "used":
            raise ServiceError(
                "error.invite_used", "invite already used", 410, match_id=row.id, seat=tok.seat
            )
        return tok, row

    def invite(self, token: str) -> dict[str, Any]:
        tok, row = self._open_invite(token)
        game = get_game(row.game)
        taken = {s["colour"] for s in row.seats if s.get("colour")}
        assert tok.seat is not None  # an invite is for a seat (_open_invite)
        return {
            "match_id": row.id,
            "game": row.game,
            "seat": tok.seat,
            "status": row.status,
            "seats": seat_summary(row.seats),
            "free_colours": [c for c in game.colours if c not in taken],
            "name": row.seats[tok.seat].get("invitee"),  # whom the host meant it for, or None
        }

    def join(self, token: str, name: str, colour: str | None) -> dict[str, Any]:
        tok, row0 = self._open_invite(token)
        assert tok.seat is not None
        seat_no = tok.seat
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
                # The name another open seat is kept for counts as taken.
                names = [s["name"] or s.get("invitee") for s in seats]
                game.check_seats(
                    [
                        Seat(n, s["colour"], s["bot"])
                        for n, s in zip(checked_names(names), seats, strict=True)
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
            # Somebody else joined with it a moment ago.
            raise ServiceError(
                "error.invite_used", "invite already used", 410, match_id=row0.id, seat=seat_no
            )
        return {"match_id": tok.match_id, "seat": seat_no, "token": secret}

    def access(self, match_id: str, token: str | None) -> Access:
        """The seats ``token`` may act for in ``match_id`` (none for a spectator)."""
        if not token:
            return Access((), None)
        tok = self.store.token(token)
        if tok is None or tok.match_id != match_id:
            return Access((), None)
        row = self.store.get_match(match_id) if tok.kind == "device" else None
        return access_of(tok, None if row is None else row.seats)

    # --- the host's hands ------------------------------------------------------------------
    def _hosted(self, match_id: str, access: Access) -> MatchRow:
        row = self.store.get_match(match_id)
        if row is None:
            raise ServiceError("error.match_not_found", "no such match", 404)
        if not is_host(row, access):
            raise ServiceError("error.not_host", "only the host may do that", 403)
        return row

    def stand_in(self, match_id: str, access: Access, seat: int, bot: str | None) -> None:
        """The host hands a person's seat to a computer (``bot``, default the stand-in level)."""
        row = self._hosted(match_id, access)
        bot = bot or STAND_IN
        if bot not in BOT_FACTORIES:
            raise ServiceError("error.bot_unknown", f"unknown bot {bot}", bot=bot)
        self._change_seat(row, seat, bot)

    def take_back(self, match_id: str, access: Access, seat: int) -> None:
        """The seat's person (or the host) takes it back from the computer."""
        row = self.store.get_match(match_id)
        if row is None:
            raise ServiceError("error.match_not_found", "no such match", 404)
        if not is_host(row, access) and seat not in access.seats:
            raise ServiceError("error.not_your_seat", "not your seat", 403)
        self._change_seat(row, seat, None)

    def _change_seat(self, row: MatchRow, seat: int, bot: str | None) -> None:
        if not 0 <= seat < len(row.seats):
            raise ServiceError("error.seat_unknown", "no such seat", seat=seat)
        if row.seats[seat].get("bot") is not None:
            raise ServiceError("error.seat_is_computer", "a computer's own seat", seat=seat)

        def change(current: MatchRow) -> tuple[list[dict[str, Any]], str]:
            if current.status != PLAYING:
                raise ServiceError("error.match_not_playing", "the match is not under way", 409)
            seats = [dict(s) for s in current.seats]
            if bot is None:
                seats[seat].pop("stand_in", None)
            else:
                seats[seat]["stand_in"] = bot
            return seats, current.status

        self.store.change_seats(row.id, change)

    def end(self, match_id: str, access: Access) -> str:
        """The host calls a waiting match off (``cancelled``) or ends one under way without a
        result (``ended``); returns the new status."""
        row = self._hosted(match_id, access)
        if self.store.end_match(row.id, [WAITING], CANCELLED):
            return CANCELLED
        if self.store.end_match(row.id, [PLAYING], ENDED):
            return ENDED
        row = self.store.get_match(match_id) or row
        if row.status in (CANCELLED, ENDED):
            return row.status  # ended already: asking twice is no error
        raise ServiceError("error.game_over", "the game is over")

    # --- rematch ---------------------------------------------------------------------------
    def rematch(self, match_id: str, access: Access) -> dict[str, Any]:
        """ "Spela igen": the same game, options, players and seats. The first person to ask
        creates it; each person then accepts with their own token (on a shared device, all at
        once). Returns the new match with this person's token for it."""
        row = self.store.get_match(match_id)
        if row is None:
            raise ServiceError("error.match_not_found", "no such match", 404)
        if row.status != OVER:
            raise ServiceError("error.rematch_not_over", "the game is not over", 409)
        people = [i for i in access.seats if row.seats[i].get("bot") is None]
        if not people:
            raise ServiceError("error.rematch_spectator", "only players play again", 403)
        token: tuple[str, int | None] = (
            ("device", None) if row.mode == "hotseat" else ("seat", people[0])
        )
        game = get_game(row.game)
        seats = [
            {
                "name": s["name"],
                "colour": s["colour"],
                "bot": s.get("bot"),
                **({} if s.get("bot") else {"ready": i in people}),
                # A guided game's rematch is the guided game again (it counts no more).
                **({"learner": True} if s.get("learner") else {}),
            }
            for i, s in enumerate(row.seats)
        ]
        ready = all(s.get("ready", True) for s in seats)
        try:
            new_id, (secret,) = self.store.create_match(
                game=game.id,
                rules_version=game.rules_version,
                mode=row.mode,
                options=row.options,
                seats=seats,
                status=PLAYING if ready else WAITING,
                seed=secrets.randbits(63),
                tokens=[token],
                turn_seconds=row.turn_seconds,
                rematch_of=row.id,
            )
            status = PLAYING if ready else WAITING
        except RematchExists:
            new_id, secret, status = self._accept(row.id, people, token)
        return {
            "match_id": new_id,
            "mode": row.mode,
            "token": secret,
            "seat": None if row.mode == "hotseat" else people[0],
            "status": status,
        }

    def _accept(
        self, old_id: str, people: list[int], token: tuple[str, int | None]
    ) -> tuple[str, str, str]:
        new = self.store.rematch(old_id)
        assert new is not None
        if new.status in (CANCELLED, ENDED):
            raise ServiceError("error.match_cancelled", "the rematch was called off", 410)

        def change(current: MatchRow) -> tuple[list[dict[str, Any]], str]:
            seats = [dict(s) for s in current.seats]
            for i in people:
                if "ready" in seats[i]:
                    seats[i]["ready"] = True
            status = current.status
            if status == WAITING and all(s.get("ready", True) for s in seats):
                status = PLAYING
            return seats, status

        starts = new.status == WAITING
        row, secret = self.store.change_seats(new.id, change, token=token, touch=starts)
        assert secret is not None
        return row.id, secret, row.status
