"""The view JSON of a DogRoyal position (its fields: ``README.md``, "View JSON").

What a seat may see and nothing more: its own hand and exchange card, every piece, the
discard pile and the deck's size, never another hand, the deck's composition or who cheated.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .board import CARDS, COLOURS, GOAL0, KENNEL, NUM_CARDS, PIECE_LETTERS, PIECE_TYPES, RANK, RING
from .phases import EXCHANGE, GAVE, JUMP_PHASE, PHASE_NAMES, PLACE, PLAY
from .why import why_not

if TYPE_CHECKING:
    from .rules import DogState


def view(state: DogState, player: int | None) -> dict[str, Any]:
    """``player``'s view (a spectator's for ``None`` or a number that is not a seat)."""
    n = state.n
    me = player if player is not None and 0 <= player < n else None
    phase = state.phase
    to_act = list(state.players_to_act())
    seats = []
    for s in range(n):
        seats.append(
            {
                "seat": s,
                "slot": state.slot[s],
                "start": state.start[s],
                "colour": state.seats[s].colour or COLOURS[state.slot[s]],
                "cards": state.hand_size[s],
                "controls": state.controls(s),
                "finished": state.in_goal(s) == 4,
                "chosen": phase == EXCHANGE and state.gives[s] >= 0,
            }
        )
    pieces = []
    for piece in range(4 * n):
        p = state.pos[piece]
        where = "kennel" if p == KENNEL else "goal" if p >= GOAL0 else "track"
        t = piece & 3
        pieces.append(
            {
                "id": piece,
                "seat": piece >> 2,
                "type": PIECE_TYPES[t],
                "letter": PIECE_LETTERS[t],
                "rank": RANK[t],
                "pos": p,
                "where": where,
                "field": None if p == KENNEL else p - GOAL0 if p >= GOAL0 else p,
                "blocked": 0 <= p < GOAL0 and state.start[piece >> 2] == p,
            }
        )
    hand = None
    giving = partner_has = None
    if me is not None:
        hand = [CARDS[c] for c in range(NUM_CARDS) for _ in range(state.hands[me][c])]
        if phase == EXCHANGE and 0 <= state.gives[me] < GAVE:
            giving = CARDS[state.gives[me]]
        if state.gift_known[me] >= 0:
            partner_has = CARDS[state.gift_known[me]]
    copy_of = state.copy_target()
    jump = None
    if phase == JUMP_PHASE:
        piece = state.jump_piece
        jump = {"piece": piece, "from": state.pos[piece], "to": state._jump_target(piece)}
    cheat = None
    if state.options.cheat_enabled:
        cheat = {
            "cheat_token": state.cheat_tokens[me] if me is not None else None,
            "accuse_token": state.accuse_tokens[me] if me is not None else None,
            "accuse_tokens": state.accuse_tokens[:],
            "open": [s for s in range(n) if state.open_move[s] >= 0],
            "my_open_cheat": me is not None and state.open_move[me] >= 0 and state.cheated[me],
        }
    result = state.result()
    teams = None
    if -1 not in state.partner:
        teams = [[0, 2], [1, 3]]
    return {
        "you": me,
        "players": n,
        "phase": PHASE_NAMES[phase],
        "round": state.round,
        "round_limit": state.options.round_limit,
        "dealer": state.dealer if state.round else None,
        "starter": state.starter if state.round else None,
        "current": state.current if phase in (PLAY, PLACE, JUMP_PHASE) else None,
        "to_act": to_act,
        "teams": teams,
        "board": {"ring": RING, "special": [f for f in range(RING) if state.special[f]]},
        "seats": seats,
        "pieces": pieces,
        "hand": hand,
        "giving": giving,
        "partner_has": partner_has,
        "discard_top": CARDS[state.discard[-1]] if state.discard else None,
        "copy_of": CARDS[copy_of] if copy_of >= 0 else None,
        "last_played": CARDS[state.last_played] if state.last_played >= 0 else None,
        "discard_size": len(state.discard),
        "discard_counts": {CARDS[c]: state.discard_counts[c] for c in range(NUM_CARDS)},
        "deck_size": state.deck_size,
        "why_not": why_not(state, me) if me is not None else {},
        "jump": jump,
        "cheat": cheat,
        "result": None if result is None else result.to_json(),
    }
