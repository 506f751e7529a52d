"""DogRoyal's action set for the shared numbering (``spelkvall.core.action_space``).

Every ``Play`` that ``moves.py`` can plan, for each card and each piece at the table (a seat
moves its partner's pieces once its own are home): starts, forward moves with the distances
the card allows (the Fool's shortened goal entries, n-2 and n-1, and the cheat rule's n±1
included), the −4 back, swaps with every other piece and Magnet pulls of every length. The
``=`` card may copy any card, so it gets every distance. A superset: some never happen, and
their mask entries stay 0. Dealing, draws and forfeits are chance outcomes, which no seat
takes.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from spelkvall.core import Action

from .actions import GIVES, JUMP, STAY, Accuse, Place, Play
from .board import C4, C11, C13, C17, CARDS, COPY, MAGNET, NUM_CARDS, PLAIN_VALUE, RING, SWAP
from .moves import MAX_STEPS


def _forward_steps(card: int) -> range | tuple[int, ...]:
    """The distances a forward move with ``card`` can cover."""
    top = MAX_STEPS - 1
    value = PLAIN_VALUE[card]
    if value:
        return range(max(1, value - 2), min(top, value + 1) + 1)
    if card == C4:
        return range(2, 6)
    if card == C17:
        return range(1, 9)
    if card == C11:
        return (1, 2, *range(9, 13))
    if card == C13:
        return range(11, min(top, 14) + 1)
    if card == COPY:
        return range(1, top + 1)
    return ()


def actions(num_players: int, options: Any) -> Iterable[Action]:
    """Pieces are ``4 * seat + type``, so the set grows with the player count; the cheat
    rule adds the ±1 moves and the accusations only when it is on."""
    pieces = range(4 * num_players)
    cheats = (-1, 0, 1) if options.cheat_enabled else (0,)
    out: list[Action] = [*GIVES, JUMP, STAY]
    out.extend(Place(piece) for piece in pieces)
    if options.cheat_enabled:
        out.extend(Accuse(seat) for seat in range(num_players))
    for card in range(NUM_CARDS):
        name = CARDS[card]
        for piece in pieces:
            if card in (C11, C13, COPY):
                out.append(Play(name, piece, "start"))
            for steps in _forward_steps(card):
                for goal in (False, True):
                    out.extend(Play(name, piece, "forward", steps, goal, -1, c) for c in cheats)
            if card in (C4, COPY):
                out.append(Play(name, piece, "back", 4))
            if card in (SWAP, COPY):
                out.extend(
                    Play(name, piece, "swap", 0, False, other) for other in pieces if other != piece
                )
            if card in (MAGNET, COPY):
                out.extend(Play(name, piece, "magnet", d) for d in range(1, RING - 1))
    return out
