"""Tips: the move advisor's win chances for the person who must choose a move now."""

from __future__ import annotations

import hashlib
import random
import threading
from typing import Any

from spelkvall.bots.advisor import advise
from spelkvall.core import ADVICE, Game, SpelkvallError, State, kernels
from spelkvall.core.i18n import LANGUAGES

from .errors import ServiceError, from_engine
from .live import WAITING, Access, LiveMatches

ADVICE_HALF_WIDTH = 0.01
"""The 95 % interval half-width the Tips aim for: the CLI's default, so both give the same
answer (a busy server stops at the time limit and the page shows the wider intervals)."""
ADVICE_TIME_LIMIT = 1.0
"""Seconds after which the advisor stops sampling; the intervals then show the precision."""
HIDDEN_TIME_FACTOR = 2.0
"""A game with hidden information plays out through the engine in sampled worlds (slow):
its Tips may take this many times the time limit (2 s by default) for a usable answer."""


def advice_available(game: Game[Any, Any]) -> bool:
    """Whether the server gives Tips for ``game``: when the game declares the ``ADVICE``
    capability (``Game.capabilities``).

    A game declares it only where Tips are both fair and quick enough. Fair: in a game with
    hidden information the advisor plays out only in worlds sampled from the player's view
    (``Game.sample_state``), never from the true state, and the game's sampler must read
    nothing else. Quick: with a fast simulator (``Game.playout_wins``) an answer is tight
    within a second; through the engine (about 10 ms per playout in a card game) it has a few
    dozen playouts per move and wide intervals, within :data:`HIDDEN_TIME_FACTOR` times the
    time limit."""
    return ADVICE in game.capabilities


class Tips:
    """Answers Tips requests for the matches in ``matches``, one computation per match at a
    time, and keeps the last answer of each match."""

    def __init__(
        self,
        matches: LiveMatches,
        *,
        half_width: float = ADVICE_HALF_WIDTH,
        time_limit: float = ADVICE_TIME_LIMIT,
        concurrency: int = 0,
    ) -> None:
        self.matches = matches
        # At most this many computations at once in the process (0: no bound): Tips are
        # CPU-bound, and beyond the cores they only slow down everybody's moves.
        self.concurrency = concurrency
        self.half_width = half_width
        self.time_limit = time_limit
        self._lock = threading.Lock()
        self._advising: set[str] = set()  # matches with a Tips computation running

    def advice(
        self,
        match_id: str,
        access: Access,
        version: int | None = None,
        seat: int | None = None,
        half_width: float | None = None,
        lang: str = "sv",
    ) -> dict[str, Any]:
        """Tips for the player who must choose a move now: every legal action with its
        estimated chance to win and 95 % interval (``spelkvall.bots.advisor``).

        CPU-bound (up to ``time_limit`` seconds): call it from a worker thread. The match lock
        is held only to copy the state; at most one computation runs per match, a second
        request meanwhile is refused with ``error.advice_busy`` (429) rather than queued, so a
        double click or a second tab cannot pile up work. ``half_width`` may ask for a coarser
        (quicker) answer than the server's, never a finer one."""
        live = self.matches.get(match_id)
        game = live.game
        if not advice_available(game):
            raise ServiceError(
                "error.advice_unavailable", "no fair, quick advice", game=game.title(lang)
            )
        if not access.seats:
            raise ServiceError("error.advice_spectator", "spectators get no advice", 403)
        with live.lock:
            if live.row.status == WAITING or live.state is None:
                raise ServiceError("error.not_started", "not started")
            state = live.state
            if state.is_terminal():
                raise ServiceError("error.game_over", "the game is over")
            if version is not None and version != live.version:
                raise ServiceError(
                    "error.stale", "stale version", 409, version=live.version, sent=version
                )
            to_act = state.players_to_act()
            if not to_act:
                raise ServiceError("error.advice_no_decision", "no move to choose now")
            if seat is None:
                mine = [s for s in access.seats if s in to_act]
                seat = mine[0] if mine else None
            if seat is None or seat not in access.seats or seat not in to_act:
                raise ServiceError("error.advice_not_your_turn", "not this token's move", 403)
            width = max(self.half_width, half_width or 0.0)
            # An answer from the engine while the kernels are prepared (``server.warm``) is
            # not kept once they are ready: the next request gets the tighter one.
            key = (live.version, seat, width, kernels.usable(game.id))
            if live.advice is not None and live.advice[0] == key:
                return _in_language(live.advice[1], lang)
            at = live.version
            # With hidden information the advisor reads only the seat's view of the state
            # (``bots.advisor``), and the labels come from a world dealt from that view too:
            # nothing in the answer can come from the others' hidden cards.
            snapshot = (
                state.clone()
                if game.perfect_information
                else game.sample_state(state, seat, random.Random(at))
            )
            names = [s["name"] or "?" for s in live.seats]
            team = game.team_of(seat, len(live.seats), game.parse_options(live.row.options))
        with self._lock:
            if match_id in self._advising:
                raise ServiceError("error.advice_busy", "advice already running", 429)
            if self.concurrency and len(self._advising) >= self.concurrency:
                raise ServiceError(
                    "error.advice_server_busy", "the server is busy with Tips", 429, retry_after=1
                )
            self._advising.add(match_id)
        try:
            answer = self._compute(game, snapshot, seat, team, width, names, match_id, at)
        finally:
            with self._lock:
                self._advising.discard(match_id)
        with live.lock:
            if live.version == at:
                live.advice = (key, answer)
        return _in_language(answer, lang)

    def _compute(
        self,
        game: Game[Any, Any],
        state: State,
        seat: int,
        team: tuple[int, ...],
        width: float,
        names: list[str],
        match_id: str,
        version: int,
    ) -> dict[str, Any]:
        preparing = not kernels.usable(game.id)
        # A seed of the match and version (never the match's secret dice seed): the same
        # question gets the same answer, and the playouts say nothing about the real dice.
        digest = hashlib.sha256(f"advice:{match_id}:{version}:{seat}".encode()).digest()
        try:
            advice = advise(
                game,
                state,
                seat,
                policy="heuristic",
                half_width=width,
                seed=int.from_bytes(digest[:8], "big"),
                time_limit=self.time_limit
                * (1.0 if game.perfect_information else HIDDEN_TIME_FACTOR),
                team=team,
            )
        except SpelkvallError as exc:
            raise from_engine(exc) from exc
        best = advice.best
        actions = []
        for i, item in enumerate(advice.actions):
            low, high = item.interval
            actions.append(
                {
                    "action": item.action.to_json(),
                    "label": {
                        code: game.describe_action(state, item.action, code, names)
                        for code in LANGUAGES
                    },
                    "win_rate": item.win_rate,
                    "ci95": [low, high],
                    "playouts": item.playouts,
                    "exact": item.exact,
                    "best": i == best,
                }
            )
        return {
            "match_id": match_id,
            "version": version,
            "seat": seat,
            "policy": advice.policy,
            "half_width": width,
            "playouts": advice.playouts,
            "seconds": round(advice.seconds, 3),
            "best": best,
            "place": advice.place,
            "team": list(advice.team),
            "sampled": advice.sampled,
            "preparing": preparing,
            "actions": actions,
        }


def _in_language(answer: dict[str, Any], lang: str) -> dict[str, Any]:
    """A Tips answer with each label in one language."""
    return {
        **answer,
        "actions": [
            {**a, "label": a["label"].get(lang, a["label"]["sv"])} for a in answer["actions"]
        ],
    }
