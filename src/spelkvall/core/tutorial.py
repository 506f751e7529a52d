"""A game's guided first game ("Lär dig spela"): what :meth:`Game.tutorial` declares.

The guided game is an ordinary match on the real engine: the learner in seat 0 and computers,
with the options that make the game short, and the chance outcomes scripted (dice, cards) so
that each rule comes up early. The client explains each *kind of decision* the first time the
learner meets it, with the game's texts ``<id>.tutorial.<kind>``: ``kind`` is the ``kind`` of
the legal actions offered (an action class's ``kind``) or ``"roll"`` when the learner must roll
their die, plus ``<id>.tutorial.intro`` before the first decision and ``<id>.tutorial.end``
when the game is over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

Scripted = int | Mapping[str, Any]
"""One scripted chance outcome, in the form the server's dice script takes: an int (the
listed outcome whose one field is that number: a die's face) or the outcome action as a JSON
object, possibly partial (``{"die": 3}``)."""

ROLL = "roll"
"""The kind of decision "roll your die" (the learner's seat is the chance seat)."""
INTRO, END = "intro", "end"
"""The texts shown before the first decision and when the game is over."""


@dataclass(frozen=True)
class Tutorial:
    """A guided game: the computers at the table after the learner (seat 0), the options,
    the scripted chance outcomes in the order they are drawn (after the last one the match's
    seed decides; an outcome that does not fit the position then is drawn from the seed too),
    and the kinds of decision the game explains (each has a text ``<id>.tutorial.<kind>``)."""

    computers: tuple[str, ...]
    """Bot ids of the computer seats (seats 1, 2, …), e.g. ``("easy",)``."""
    kinds: tuple[str, ...]
    """The kinds of decision the game's texts explain: action kinds and :data:`ROLL`."""
    options: Mapping[str, Any] = field(default_factory=dict)
    """The options as JSON (``Game.parse_options``); short variants where the game has them."""
    chance: tuple[Scripted, ...] = ()
    """The chance outcomes, in order (every seat's dice alike, the computers' too)."""

    @property
    def players(self) -> int:
        return 1 + len(self.computers)

    def text_keys(self, game_id: str) -> tuple[str, ...]:
        """Every translation key the guided game shows."""
        return tuple(f"{game_id}.tutorial.{k}" for k in (INTRO, *self.kinds, END))


def decision_kinds(legal: Sequence[Any], *, rolls: bool = False) -> tuple[str, ...]:
    """The kinds of decision before the learner: :data:`ROLL` when they must roll,
    else the distinct ``kind`` of the legal actions, in order of first appearance."""
    if rolls:
        return (ROLL,)
    out: list[str] = []
    for action in legal:
        kind = getattr(action, "kind", None)
        if isinstance(kind, str) and kind not in out:
            out.append(kind)
    return tuple(out)
