"""Named phases of a round (a war game's initiative, auction, purchase, movement, …).

A game keeps the index of its phase as a plain int in its state (cheap to clone); a
:class:`Phases` names them, moves on and says when a new round begins, so a view can show the
phase by name and a log line can say "Fas: strid".
"""

from __future__ import annotations

from collections.abc import Iterable


class Phases:
    """An ordered cycle of phase names, one round being one pass through all of them."""

    __slots__ = ("_index", "names")

    def __init__(self, names: Iterable[str]) -> None:
        self.names: tuple[str, ...] = tuple(names)
        if not self.names:
            raise ValueError("a round needs at least one phase")
        if len(set(self.names)) != len(self.names):
            raise ValueError(f"phase names repeat: {self.names}")
        self._index = {name: i for i, name in enumerate(self.names)}

    def __len__(self) -> int:
        return len(self.names)

    def __contains__(self, name: object) -> bool:
        return name in self._index

    def index(self, name: str) -> int:
        """The phase's number; ``KeyError`` for a name that is not a phase."""
        return self._index[name]

    def name(self, index: int) -> str:
        return self.names[index]

    def next(self, index: int) -> tuple[int, bool]:
        """The phase after ``index`` and whether it starts a new round."""
        following = index + 1
        if following == len(self.names):
            return 0, True
        return following, False

    def key(self, game_id: str, index: int) -> str:
        """The translation key of a phase's name: ``<game>.phase.<name>``."""
        return f"{game_id}.phase.{self.names[index]}"
