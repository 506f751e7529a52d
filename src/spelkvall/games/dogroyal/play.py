"""Playing a card (§5): the move it makes (a start, a move, a swap), the hit on the field
landed on, and a special field's draw with the Citizen's jump after it (§5.7). Reaching the
goal is ``goal.py``'s."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spelkvall.core import Event

from . import cheat, deck, goal
from .actions import Play
from .board import CARD_INDEX, CARDS, CITIZEN, COPY, GOAL0, KENNEL
from .moves import P_START, P_SWAP
from .phases import DRAW, JUMP_PHASE, OVER

if TYPE_CHECKING:
    from .rules import DogState


def play_card(state: DogState, action: Play, plan: tuple[int, ...]) -> list[Event]:
    """Play a legal card by its ``plan`` (see ``DogState.plan_of``): discard it, move, hit,
    then the goal, a special field's draw or the next turn."""
    seat = state.current
    card = CARD_INDEX[action.card]
    eff = state.copy_target() if card == COPY else card
    deck.discard_played(state, seat, card)
    state.turns += 1
    events: list[Event] = [("played", seat, action.card, CARDS[eff] if card == COPY else "")]
    kind = plan[0]
    piece = plan[1]
    draw = False
    if kind == P_START:
        field = plan[2]
        events += land(state, piece, field)
        state.pos[piece] = field
        state.occ[field] = piece
        events.append(("started", seat, piece, field))
    elif kind == P_SWAP:
        other = plan[2]
        a, b = state.pos[piece], state.pos[other]
        state.pos[piece], state.pos[other] = b, a
        state.occ[a], state.occ[b] = other, piece
        events.append(("swapped", seat, piece, other, a, b))
    else:
        dest = plan[2]
        src = state.pos[piece]
        if src >= 0 and src < GOAL0:
            state.occ[src] = -1
        if dest < GOAL0:
            events += land(state, piece, dest)
            state.occ[dest] = piece
            draw = state.special[dest]
        state.pos[piece] = dest
        events.append(("moved", seat, piece, src, dest))
        if dest >= GOAL0 and src < GOAL0:
            events += goal.entered_goal(state, piece)
            if state.phase == OVER:
                return events
    if state.options.cheat_enabled:
        cheat.note_move(state, seat, piece, action.cheat)
    if draw:
        # Draw (after any hit), then the Citizen may jump (§5.8); with an empty deck (and
        # discard pile) no card comes, but the Citizen may still jump.
        state.jump_piece = piece
        if not state.deck_size and state.options.special_draw_reshuffle:
            events += deck.reshuffle(state)
        if state.deck_size:
            state.phase = DRAW
            state.draw_seat = seat
            state._legal = None
            return events
        return events + after_draw(state)
    return events + state._begin_turn((seat + 1) % state.n)


def land(state: DogState, piece: int, field: int) -> list[Event]:
    """Hit whatever stands on ``field`` (§5.6); the caller has checked it may."""
    other = state.occ[field]
    if other < 0:
        return []
    state.pos[other] = KENNEL
    state.occ[field] = -1
    return [("hit", other >> 2, other, piece, field)]


def after_draw(state: DogState) -> list[Event]:
    """After a special-field draw (or a failed one): the Citizen may jump on."""
    seat = state.current
    piece = state.jump_piece
    state.jump_piece = -1
    if piece >= 0 and piece & 3 == CITIZEN and state._jump_target(piece) >= 0:
        state.jump_piece = piece
        state.phase = JUMP_PHASE
        state._legal = None
        if not state.options.citizen_jump_optional:
            return citizen_jump(state, True)
        return [("may_jump", seat, piece)]
    return state._begin_turn((seat + 1) % state.n)


def citizen_jump(state: DogState, jump: bool) -> list[Event]:
    """The Citizen on a special field jumps on to the next free one (§5.7), or stays."""
    seat = state.current
    piece = state.jump_piece
    state.jump_piece = -1
    if not jump:
        return [("stayed", seat, piece), *state._begin_turn((seat + 1) % state.n)]
    src = state.pos[piece]
    dest = state._jump_target(piece)
    state.occ[src] = -1
    state.occ[dest] = piece
    state.pos[piece] = dest
    events: list[Event] = [("jumped", seat, piece, src, dest)]
    if state.options.citizen_jump_draws:
        if not state.deck_size and state.options.special_draw_reshuffle:
            events += deck.reshuffle(state)
        if state.deck_size:
            state.phase = DRAW
            state.draw_seat = seat
            state.jump_piece = -1
            state._legal = None
            # The jump lands on a special field; only one draw follows, no second jump.
            return events
    return events + state._begin_turn((seat + 1) % state.n)
