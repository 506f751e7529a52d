"""What one reader gets to see of a match: the state object of ``docs/api.md`` and the log as
that reader may see it (hidden actions and private events left out)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spelkvall.core import Game, Result, State
from spelkvall.core.i18n import LANGUAGES, t
from spelkvall.store import MatchRow

from .live import ENDED, OVER, Access, Live, Logged
from .tutorial import is_tutorial


def seat_summary(seats: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each seat as the API shows it: ``stand_in`` is the computer the host put in for an
    absent person (else ``null``); ``ready`` is ``false`` for a person who has not yet said
    yes to a rematch."""
    return [
        {
            "seat": i,
            "name": s.get("name"),
            "colour": s.get("colour"),
            "bot": s.get("bot"),
            "stand_in": s.get("stand_in"),
            "ready": s.get("ready", True),
        }
        for i, s in enumerate(seats)
    ]


def places(ranking: Sequence[Sequence[int]], n: int) -> list[int | None]:
    """Competition places from a ranking: a shared group shares the place."""
    out: list[int | None] = [None] * n
    place = 1
    for group in ranking:
        for seat in group:
            out[seat] = place
        place += len(group)
    return out


def is_host(row: MatchRow, access: Access) -> bool:
    """The host may hand seats to computers and end the match: on a shared device the device,
    online the creator (seat 0, also in a rematch)."""
    if row.mode == "hotseat":
        return access.kind == "device"
    return access.kind == "seat" and 0 in access.seats


def bot_label(bot_id: str) -> dict[str, str]:
    """A computer player's name in every language (its id when it has no text)."""
    for key in (f"bot.{bot_id}", f"server.bot.{bot_id}"):
        if t(key, "sv") != key:
            return {lang: t(key, lang) for lang in LANGUAGES}
    return {lang: bot_id for lang in LANGUAGES}


def log_viewer(live: Live, access: Access) -> int | None:
    """Whose log a reader gets: a token for one seat reads that seat's log; a spectator, and a
    shared device with several people at it, read the public log (anybody may be looking at
    the screen)."""
    if live.game.perfect_information or len(access.seats) != 1:
        return None
    return access.seats[0]


def rendered_log(live: Live, viewer: int | None) -> list[dict[str, Any]]:
    """The log as ``viewer`` may see it (rendered lazily, kept per viewer). Call it under
    ``live.lock``."""
    rendered = live.rendered.setdefault(viewer, [])
    names = [s["name"] or "?" for s in live.seats]
    for logged in live.entries[len(rendered) :]:
        rendered.append(log_entry(live.game, names, logged, viewer))
    return rendered


def log_entry(
    game: Game[Any, Any], names: list[str], logged: Logged, viewer: int | None
) -> dict[str, Any]:
    """One log entry as ``viewer`` may see it (the live log and replays render alike). A move
    a computer made for a seat's person (``by``) has a first line saying for whom and why."""
    # Only what the viewer may see goes in: hidden actions become null, private events
    # are masked or left out by the game (``Game.action_visible``, ``Game.event_for``).
    events = [e for e in (game.event_for(ev, viewer) for ev in logged.events) if e]
    text: dict[str, list[str]] = {lang: [] for lang in LANGUAGES}
    whose = logged.turn_of
    if logged.by is not None and whose is not None and 0 <= whose < len(names):
        for lang in LANGUAGES:
            text[lang].append(t(f"server.log.by_{logged.by}", lang, name=names[whose]))
    for event in events:
        for lang in LANGUAGES:
            line = game.describe_event(event, names, lang)
            if line:
                text[lang].append(line)
    visible = game.action_visible(logged.action, logged.player, viewer)
    return {
        "version": logged.version,
        "seat": logged.player,
        "action": logged.action.to_json() if visible else None,
        "events": [game.event_to_json(e) for e in events],
        "text": text,
        "by": logged.by,
        "turn_of": whose,
    }


def result_texts(
    game: Game[Any, Any], state: State, result: Result, seats: Sequence[dict[str, Any]]
) -> dict[str, Any]:
    """What the win screen writes beside the result: ``recap``, the game's line on how it
    went (``Game.recap``), and ``score_texts``, every score with its unit
    (``Game.score_text``), each ``{sv, en}`` or ``null``."""
    names = [s.get("name") or "?" for s in seats]
    recap = {lang: game.recap(state, names, lang) for lang in LANGUAGES}
    scores = result.scores
    return {
        "recap": recap if all(recap.values()) else None,
        "score_texts": None
        if scores is None
        else {lang: [game.score_text(v, lang) for v in scores] for lang in LANGUAGES},
    }


def not_counted(status: str, seats: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Why a finished (or ended) match does not count in the highscore list, for everybody
    or for one seat's person, as ``play`` writes the results: a guided game counts for
    nobody; a person whose seat a computer finished (the host's stand-in) gets no result; a
    match the host ended has none. Each reason ``{reason, seat, text: {sv, en}}``."""

    def reason(kind: str, seat: int | None = None, **params: Any) -> dict[str, Any]:
        text = {lang: t(f"server.not_counted.{kind}", lang, **params) for lang in LANGUAGES}
        return {"reason": kind, "seat": seat, "text": text}

    if status == ENDED:
        return [reason("ended")]
    if status != OVER:
        return []
    if is_tutorial(seats):
        return [reason("guided")]
    return [
        reason("stand_in", i, name=s.get("name") or "?")
        for i, s in enumerate(seats)
        if s.get("stand_in") and not s.get("bot")
    ]


def state_object(live: Live, access: Access, since: int | None = 0) -> dict[str, Any]:
    """The state object of ``docs/api.md`` for one reader; ``log`` holds the entries with
    version > ``since`` (``None``: the whole log). Never contains the seed or a token."""
    with live.lock:
        state = live.state
        you = list(access.seats)
        to_act: list[int] = []
        roll_seat = None
        view = None
        result = None
        legal: list[dict[str, Any]] = []
        if state is not None:
            to_act = list(state.players_to_act())
            roll_seat = state.chance_seat() if state.is_chance() else None
            # A seat a computer plays for its absent person is not this reader's to act for.
            mine = [
                s
                for s in you
                if (s in to_act or s == roll_seat) and not live.seats[s].get("stand_in")
            ]
            seat = mine[0] if mine else (you[0] if you else None)
            if not mine and len(you) > 1 and not live.game.perfect_information:
                # A shared device while no person at it is to act: nobody's hand is shown.
                seat = None
            view = state.view(seat)
            if seat is not None and seat in to_act:
                names = [s["name"] or "?" for s in live.seats]
                legal = [
                    {
                        "action": action.to_json(),
                        "label": {
                            code: live.game.describe_action(state, action, code, names)
                            for code in LANGUAGES
                        },
                    }
                    for action in state.legal_actions(seat)
                ]
            res = state.result()
            if res is not None:
                result = {**res.to_json(), "places": places(res.ranking, len(live.seats))}
                result.update(result_texts(live.game, state, res, live.seats))
        log = [
            e
            for e in rendered_log(live, log_viewer(live, access))
            if since is None or e["version"] > since
        ]
        rematch = live.rematch
        return {
            "match_id": live.row.id,
            "game": live.row.game,
            "mode": live.row.mode,
            "version": live.version,
            "status": live.row.status,
            "seats": seat_summary(live.seats),
            "you": you,
            "view": view,
            "viewer": seat if state is not None else None,
            "to_act": to_act,
            "legal": legal,
            "roll_seat": roll_seat,
            "result": result,
            "host": is_host(live.row, access),
            "turn_seconds": live.row.turn_seconds,
            "turn_left": live.turn_left(),
            "timed_out": sorted(live.timed_out),
            "rematch_of": live.row.rematch_of,
            "tutorial": is_tutorial(live.seats),
            "not_counted": not_counted(live.row.status, live.seats),
            "rematch": None
            if rematch is None
            else {
                "match_id": rematch.id,
                "status": rematch.status,
                "ready": [i for i, s in enumerate(rematch.seats) if s.get("ready", True)],
            },
            "log": log,
        }
