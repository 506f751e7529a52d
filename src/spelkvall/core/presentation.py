"""What a game may tell the terminal about how it looks: the :class:`TerminalView` contract.

A game that wants its own look in ``spelkvall play`` puts a ``terminal`` module in its package
with ``VIEW = TerminalView(...)``; the registry finds it (``registry.terminal_view``). Every
field is optional: the CLI fills each one it is not given with a generic default, so a game
without a ``terminal`` module at all is still playable (its view JSON drawn as a tree, the
moves in the words of ``Game.describe_action``). Renderables are Rich objects, typed ``Any``
here so that the core never imports Rich; a game's ``terminal`` module may.

Players' marks and colours are not part of a view: the CLI takes them from ``core.palette``
for every game alike, and a view draws its pieces with the same palette entries.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .action import Action


@dataclass(frozen=True)
class TerminalView:
    """How one game is drawn and described in the terminal. Every field may be left out."""

    render: Callable[[Any, int | None, str, int | None], Any] | None = None
    """``render(state, viewer, lang, die)``: the board as ``viewer`` (the seat about to choose,
    or ``None`` for everyone watching) may see it, with the die showing ``die`` beside it when
    that is not ``None``. Default: the players with their marks and ``state.view(viewer)`` as
    a tree."""
    describe_move: Callable[[Any, Action, Sequence[str], str], str] | None = None
    """``describe_move(state, action, names, lang)``: a legal move in words, for the numbered
    list. Default: ``Game.describe_action(state, action, lang, names)``."""
    die: Callable[[Any], int | None] | None = None
    """``die(state)``: the die showing now, shown with the moves, or ``None``. Default: the game
    has no die to show."""
    die_face: Callable[[int, str], Any] | None = None
    """``die_face(value, lang)``: a drawn die. Default: a small panel with the number."""
    in_rolloff: Callable[[Any], bool] | None = None
    """``in_rolloff(state)``: whether a start roll-off is running; its chance events are
    resolved without asking anybody to press a key and without a turn heading. Default:
    never."""
    hand: Callable[[Any, int, str], str] | None = None
    """``hand(state, seat, lang)``: the line shown to the person about to choose instead of the
    die line, e.g. the cards in their hand. Default: none."""
    intro: str | None = None
    """The translation key of the line printed when play begins. Default: no line."""
    group: Callable[[Any, Action, Sequence[str], str], str] | None = None
    """``group(state, action, names, lang)``: the heading of the group a legal move belongs to
    (``Spela 1–7 med kungen``). With many moves the terminal asks first for a group, then for
    one of its moves (0 goes back). Default: one flat list."""
    choose: (
        Callable[
            [
                Any,
                int,
                Sequence[Action],
                Sequence[str],
                str,
                Callable[[str, str | None], str],
                Callable[[str], None],
            ],
            Action | None,
        ]
        | None
    ) = None
    """``choose(state, seat, legal, names, lang, ask, say)``: the game's own way of asking the
    person at ``seat`` for one of the ``legal`` moves (a square by row and column or typed by
    its name …): ``ask(question, default)`` prints a question (plain text) and returns the
    answer, ``say(line)`` prints a line of plain text. Returns the move, or ``None`` to leave
    this choice to the numbered list. Default: always the numbered list."""
