"""Guided first games ("Lär dig spela"): a hot-seat match made from a game's
:meth:`~spelkvall.core.Game.tutorial`, with its chance outcomes scripted.

A guided match is marked by ``"learner": true`` on its learner's seat (seat 0) in the stored
seats, so the mark lives with the match (a restart, another process, a rematch keep it). Its
``k``-th chance outcome is the tutorial's ``k``-th scripted one, counted from the log: nothing
in memory, the same after a restart. An outcome that does not fit the position (the learner
took another path) and every outcome after the script come from the match's seed. A guided
match never counts: nobody's result, no rating (``play``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from spelkvall.core import CHANCE, SpelkvallError, State, Tutorial, get_game
from spelkvall.core.i18n import register, t
from spelkvall.core.tutorial import Scripted

from .errors import ServiceError, from_engine
from .live import Live

if TYPE_CHECKING:
    from .rooms import Rooms

register(
    {
        "server.tutorial.you": ("Nybörjare", "Beginner"),  # "Du" would read "Dus tur"
        "error.no_tutorial": (
            "{game} har ingen guidad omgång.",
            "{game} has no guided game.",
        ),
    }
)

LEARNER = "learner"
"""The stored seat's key that marks the learner of a guided match."""


def is_tutorial(seats: Sequence[dict[str, Any]]) -> bool:
    """Whether the match with these stored seats is a guided game."""
    return any(s.get(LEARNER) for s in seats)


def tutorial_of(game_id: str) -> Tutorial:
    """The game's tutorial; ``error.no_tutorial`` when it has none."""
    try:
        game = get_game(game_id)
    except SpelkvallError as exc:
        raise from_engine(exc) from exc
    tutorial = game.tutorial()
    if tutorial is None:
        raise ServiceError("error.no_tutorial", "no guided game", 404, game=game_id)
    return tutorial


def create(rooms: Rooms, game_id: str, lang: str) -> dict[str, Any]:
    """A new guided match: the learner (called "Nybörjare"/"Beginner" in ``lang``) in seat 0 and the
    tutorial's computers, on one device (the answer of ``Rooms.create``)."""
    tutorial = tutorial_of(game_id)
    seats: list[dict[str, Any]] = [{"name": t("server.tutorial.you", lang)}]
    seats += [{"bot": bot} for bot in tutorial.computers]
    created = rooms.create(game_id, "hotseat", seats, dict(tutorial.options), learner=True)
    return {**created, "tutorial": True}


def scripted(live: Live, state: State, version: int | None = None) -> Scripted | None:
    """The scripted outcome of the chance node ``state`` at ``version`` (default
    ``live.version``) of a guided match, or ``None`` (not a guided match, or the game leaves
    it to the seed). Several outcomes of one step are drawn one version after another before
    any is logged."""
    if not is_tutorial(live.seats):
        return None
    drawn = sum(1 for entry in live.entries if entry.player == CHANCE)
    if version is not None:
        drawn += max(0, version - live.version)
    return live.game.tutorial_outcome(state, drawn)
