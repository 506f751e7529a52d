"""The cheat house rule (§6, option ``cheat_enabled``): tokens, open moves, the verdict of an
accusation and the random card a caught or wrong player forfeits.

Each window of ``CHEAT_WINDOW`` rounds gives every seat one cheat token and one accuse token.
A cheat is a secret ±1 on a forward move; the mover's last move stays open (``open_move[seat]``,
the piece) until their next turn, and ``cheated[seat]`` says whether it was one. Which cheats
and accusations are legal is planned with the other moves, in ``moves.py``. Nothing here runs
unless the option is on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spelkvall.core import Action, Event, IllegalAction

from .actions import FORFEITS, Forfeit
from .board import CARD_INDEX, GOAL0, KENNEL, RING
from .deck import discard_under
from .phases import FORFEIT

if TYPE_CHECKING:
    from .rules import DogState

CHEAT_WINDOW = 5
"""Cheat rule: rounds 1-5, 6-10, ... each give one cheat and one accuse token (§6)."""


def new_window(state: DogState) -> None:
    """Before a round's deal: a new window hands out fresh tokens; unused ones expire."""
    if (state.round - 1) % CHEAT_WINDOW == 0:
        state.cheat_tokens = [1] * state.n
        state.accuse_tokens = [1] * state.n


def note_move(state: DogState, seat: int, piece: int, cheat: int) -> None:
    """``seat`` moved ``piece`` (with ``cheat`` ±1, or 0): the move is open to accusation."""
    state.open_move[seat] = piece
    state.cheated[seat] = cheat != 0
    if cheat:
        state.cheat_tokens[seat] = 0
    if seat in state.places:
        # Play on: the finishing move stays as final as it is when the game ends.
        state.open_move[seat] = -1
        state.cheated[seat] = False


def accuse(state: DogState, target: int) -> list[Event]:
    """The player to act accuses ``target`` about its open move; the verdict is public, the
    cheat itself never is (only "correct" or "wrong")."""
    seat = state.current
    state.accuse_tokens[seat] = 0
    piece = state.open_move[target]
    state.open_move[target] = -1
    correct = state.cheated[target]
    state.cheated[target] = False
    events: list[Event] = [("accused", seat, target, correct)]
    victim = -1
    if correct:
        if state.pos[piece] != KENNEL:
            events += _send_home(state, piece)
        elif state.hand_size[target]:
            victim = target
    else:
        ctrl = state.controls(seat)
        track = [q for q in range(4 * ctrl, 4 * ctrl + 4) if 0 <= state.pos[q] < GOAL0]
        if track:
            start = state.start[ctrl]
            worst = min(track, key=lambda q: ((state.pos[q] - start) % RING, q))
            events += _send_home(state, worst)
        else:
            victim = seat
    if victim >= 0:
        state.phase = FORFEIT
        state.forfeit_seat = victim
        state._legal = None
        return events
    return events + state._resume_turn()


def forfeit_outcomes(state: DogState) -> list[tuple[Action, float]]:
    """Every card of the forfeiting seat's hand, each as likely as it is frequent."""
    hand = state.hands[state.forfeit_seat]
    total = state.hand_size[state.forfeit_seat]
    return [(FORFEITS[c], k / total) for c, k in enumerate(hand) if k]


def forfeit(state: DogState, action: Action) -> list[Event]:
    """Chance picked the card the forfeiting seat loses; then the accuser's turn goes on."""
    if type(action) is not Forfeit:
        raise IllegalAction("error.illegal_action", f"{action!r} is not a forfeit")
    card = CARD_INDEX.get(action.card, -1)
    seat = state.forfeit_seat
    if card < 0 or not state.hands[seat][card]:
        raise IllegalAction("error.illegal_action", f"{action!r} is not in the hand")
    discard_under(state, seat, card)
    events: list[Event] = [("forfeited", seat, action.card)]
    state.forfeit_seat = -1
    return events + state._resume_turn()


def _send_home(state: DogState, piece: int) -> list[Event]:
    p = state.pos[piece]
    if 0 <= p < GOAL0:
        state.occ[p] = -1
    state.pos[piece] = KENNEL
    return [("sent_home", piece >> 2, piece, p)]
