"""The rules of DogRoyal (``../shared/specs/dogroyal.md``) as a fast mutable state.

Inside: plain ints and lists. ``pos[piece]`` is a position (``board.py``), ``occ[field]`` the
piece on a ring field or -1, ``hands[seat][card]`` how many of each card a seat holds. The
legal moves of the player to act are planned once and cached.

``DogState`` is the engine contract and the course of a game (deal, exchange, placement, turns,
playing a card, the end). It owns every field; the parts with a job of their own are module
functions that take the state:

- ``deck.py``: the deck (a multiset drawn by chance, reshuffled under), hands and discard pile;
- ``exchange.py``: the partners' exchange and the first round's placement;
- ``moves.py``: move planning, the legal actions of the play phase and what each does;
- ``play.py``: playing a card (the move, the hit, a special field's draw, the Citizen's jump);
- ``goal.py``: a seat finishing, the side winning, the play-on places, the end and the result;
- ``cheat.py``: the cheat house rule (tokens, open moves, accusations, forfeits);
- ``view.py``: the view JSON;
- ``phases.py``: the phase numbers they share.

Functions rather than mixins: the fields are declared and typed once, here, and a call costs
what a method call does, so the hot path gained no layer. Other code imports the phases, plan
kinds and limits from this module, so it re-exports them (``__all__``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spelkvall.core import CHANCE, TURN_EVENT, Action, Event, IllegalAction, Result, Seat, State

from . import cheat, deck, exchange, goal, moves, play
from .actions import GIVES, JUMP, STAY, Dealer, Give, Place
from .board import (
    CARD_INDEX,
    COPY,
    DECK_COUNTS,
    GOAL0,
    KENNEL,
    NUM_CARDS,
    QUARTER,
    RING,
    slots_for,
)
from .cheat import CHEAT_WINDOW
from .moves import KING_REACH, MAX_STEPS, P_ACCUSE, P_MOVE, P_START, P_SWAP
from .options import DogOptions
from .phases import (
    DEAL,
    DEALER,
    DRAW,
    EXCHANGE,
    FORFEIT,
    GAVE,
    JUMP_PHASE,
    OVER,
    PHASE_NAMES,
    PLACE,
    PLAY,
)
from .view import view as _view

__all__ = [
    "CHEAT_WINDOW",
    "DEAL",
    "DEALER",
    "DRAW",
    "EXCHANGE",
    "FORFEIT",
    "GAVE",
    "HAND_SIZE",
    "JUMP_PHASE",
    "KING_REACH",
    "MAX_STEPS",
    "OVER",
    "PHASE_NAMES",
    "PLACE",
    "PLAY",
    "P_ACCUSE",
    "P_MOVE",
    "P_START",
    "P_SWAP",
    "DogState",
]

HAND_SIZE = 5

_NO_ACTIONS: tuple[Action, ...] = ()
_PLACES: tuple[Place, ...] = tuple(Place(i) for i in range(16))


class DogState(State):
    """A position in DogRoyal. Seat ``s`` owns pieces ``4s..4s+3`` and the quarter
    ``slot[s]`` of the ring; its start field is ``start[s]``."""

    __slots__ = (
        "_legal",
        "_plans",
        "_reach_cache",
        "accuse_tokens",
        "cheat_tokens",
        "cheated",
        "current",
        "deal_left",
        "deal_seat",
        "dealer",
        "deck",
        "deck_size",
        "discard",
        "discard_counts",
        "draw_seat",
        "forfeit_seat",
        "gift_known",
        "gives",
        "hand_size",
        "hands",
        "jump_piece",
        "last_played",
        "limit_reached",
        "n",
        "occ",
        "open_move",
        "options",
        "partner",
        "phase",
        "place_left",
        "places",
        "pos",
        "round",
        "round_discard_start",
        "seats",
        "slot",
        "special",
        "start",
        "starter",
        "turns",
        "winners_",
    )

    def __init__(self, seats: tuple[Seat, ...], options: DogOptions) -> None:
        n = len(seats)
        self.seats = seats
        self.options = options
        self.n = n
        self.slot: tuple[int, ...] = slots_for(n)
        self.start: tuple[int, ...] = tuple(QUARTER * s for s in self.slot)
        team = n == 4 and options.teams
        self.partner: tuple[int, ...] = tuple((s + 2) % 4 if team else -1 for s in range(n))
        offset = options.special_offset % QUARTER
        self.special: tuple[bool, ...] = tuple(f % QUARTER == offset for f in range(RING))
        self.pos: list[int] = [KENNEL] * (4 * n)
        self.occ: list[int] = [-1] * RING
        self.hands: list[list[int]] = [[0] * NUM_CARDS for _ in range(n)]
        self.hand_size: list[int] = [0] * n
        self.deck: list[list[int]] = [list(DECK_COUNTS)]
        self.deck_size = sum(DECK_COUNTS)
        self.discard: list[int] = []
        self.discard_counts: list[int] = [0] * NUM_CARDS
        # The last card actually played (what = copies), -1 when none: a hand laid down
        # unplayed is not played, even when it lands on an empty pile (§5.8).
        self.last_played = -1
        self.round_discard_start = 0
        self.phase = DEALER
        self.round = 0
        self.dealer = 0
        self.starter = 0
        self.current = -1
        self.deal_left = 0
        self.deal_seat = 0
        self.gives: list[int] = [-1] * n
        self.gift_known: list[int] = [-1] * n
        self.place_left = 0
        self.draw_seat = -1
        self.jump_piece = -1
        self.forfeit_seat = -1
        self.cheat_tokens: list[int] = [0] * n
        self.accuse_tokens: list[int] = [0] * n
        self.open_move: list[int] = [-1] * n
        self.cheated: list[bool] = [False] * n
        self.winners_: tuple[int, ...] = ()
        # Play-on rule: the seats that have finished, in order; they are out of play.
        self.places: tuple[int, ...] = ()
        self.limit_reached = False
        self.turns = 0
        self._legal: tuple[Action, ...] | None = None
        self._plans: list[tuple[int, ...]] = []
        self._reach_cache: dict[int, tuple[list[int], list[int]]] = {}

    # --- the contract --------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    def players_to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase in (PLAY, PLACE, JUMP_PHASE):
            return (self.current,)
        if phase == EXCHANGE:
            return tuple(s for s in range(self.n) if self.gives[s] < 0)
        return ()

    def is_chance(self) -> bool:
        phase = self.phase
        return phase in (DEAL, DRAW, DEALER, FORFEIT)

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        phase = self.phase
        if phase in (DEAL, DRAW):
            return deck.draw_outcomes(self)
        if phase == DEALER:
            if not self.options.first_dealer_random:
                return [(Dealer(0), 1.0)]
            return [(Dealer(s), 1 / self.n) for s in range(self.n)]
        if phase == FORFEIT:
            return cheat.forfeit_outcomes(self)
        return ()

    def sample_chance(self, rng: Any) -> Action:
        phase = self.phase
        if phase in (DEAL, DRAW):
            return deck.sample_draw(self, rng)
        return super().sample_chance(rng)

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        phase = self.phase
        if self.is_chance():
            if player is None or player == CHANCE:
                return [a for a, _ in self.chance_outcomes()]
            return _NO_ACTIONS
        if phase == EXCHANGE:
            if player is None or player < 0 or player >= self.n or self.gives[player] >= 0:
                return _NO_ACTIONS
            hand = self.hands[player]
            return tuple(GIVES[c] for c in range(NUM_CARDS) if hand[c])
        if phase == OVER or (player is not None and player != self.current):
            return _NO_ACTIONS
        if phase == PLACE:
            base = 4 * self.current
            return _PLACES[base : base + 4]
        if phase == JUMP_PHASE:
            return (JUMP, STAY) if self.options.citizen_jump_optional else (JUMP,)
        return self._legal_play()

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        phase = self.phase
        if phase == OVER:
            raise IllegalAction("error.game_over", "the game is over")
        if self.is_chance():
            if player is not None and player != CHANCE:
                raise IllegalAction("error.chance_pending", "chance acts now")
            return self._apply_chance(action)
        if player == CHANCE:
            raise IllegalAction("error.illegal_action", "a player's action applied as chance")
        if phase == EXCHANGE:
            if player is None:
                to_act = self.players_to_act()
                player = to_act[0] if len(to_act) == 1 else None
            if player is None or not 0 <= player < self.n or self.gives[player] >= 0:
                raise IllegalAction("error.not_your_turn", f"seat {player} may not give now")
            if type(action) is not Give or action not in self.legal_actions(player):
                raise IllegalAction("error.illegal_action", f"{action!r} is not legal now")
            return exchange.give(self, player, CARD_INDEX[action.card])
        if player is not None and player != self.current:
            raise IllegalAction(
                "error.not_your_turn", f"seat {player} may not act, seat {self.current} is to act"
            )
        if phase == PLACE:
            if type(action) is not Place or action not in self.legal_actions():
                raise IllegalAction("error.illegal_action", f"{action!r} is not legal now")
            return exchange.place(self, action.piece)
        if phase == JUMP_PHASE:
            if action not in self.legal_actions():
                raise IllegalAction("error.illegal_action", f"{action!r} is not legal now")
            return play.citizen_jump(self, action == JUMP)
        legal = self._legal_play()
        try:
            i = legal.index(action)
        except ValueError:
            raise IllegalAction("error.illegal_action", f"{action!r} is not legal now") from None
        plan = self._plans[i]
        if plan[0] == P_ACCUSE:
            return cheat.accuse(self, plan[1])
        return play.play_card(self, legal[i], plan)  # type: ignore[arg-type]

    def result(self) -> Result | None:
        return goal.result(self)

    def clone(self) -> DogState:
        new = DogState.__new__(DogState)
        new.seats = self.seats
        new.options = self.options
        new.n = self.n
        new.slot = self.slot
        new.start = self.start
        new.partner = self.partner
        new.special = self.special
        new.pos = self.pos[:]
        new.occ = self.occ[:]
        new.hands = [h[:] for h in self.hands]
        new.hand_size = self.hand_size[:]
        new.deck = [d[:] for d in self.deck]
        new.deck_size = self.deck_size
        new.discard = self.discard[:]
        new.discard_counts = self.discard_counts[:]
        new.last_played = self.last_played
        new.round_discard_start = self.round_discard_start
        new.phase = self.phase
        new.round = self.round
        new.dealer = self.dealer
        new.starter = self.starter
        new.current = self.current
        new.deal_left = self.deal_left
        new.deal_seat = self.deal_seat
        new.gives = self.gives[:]
        new.gift_known = self.gift_known[:]
        new.place_left = self.place_left
        new.draw_seat = self.draw_seat
        new.jump_piece = self.jump_piece
        new.forfeit_seat = self.forfeit_seat
        new.cheat_tokens = self.cheat_tokens[:]
        new.accuse_tokens = self.accuse_tokens[:]
        new.open_move = self.open_move[:]
        new.cheated = self.cheated[:]
        new.winners_ = self.winners_
        new.places = self.places
        new.limit_reached = self.limit_reached
        new.turns = self.turns
        new._legal = self._legal
        new._plans = self._plans
        new._reach_cache = {}
        return new

    # --- queries -------------------------------------------------------------------------
    def seat_of(self, piece: int) -> int:
        """The seat that owns ``piece``."""
        return piece >> 2

    def team_of(self, seat: int) -> tuple[int, ...]:
        """The seats of ``seat``'s side, in seat order (itself alone in free-for-all)."""
        partner = self.partner[seat]
        if partner < 0:
            return (seat,)
        return (seat, partner) if seat < partner else (partner, seat)

    def planned(self) -> tuple[Sequence[Action], Sequence[tuple[int, ...]]]:
        """The legal actions of the player to act with their plans (see :meth:`plan_of`),
        index by index; empty outside the play phase."""
        if self.phase != PLAY:
            return (), ()
        return self._legal_play(), self._plans

    def in_goal(self, seat: int) -> int:
        """How many of ``seat``'s own pieces are in the goal."""
        return sum(1 for p in self.pos[4 * seat : 4 * seat + 4] if p >= GOAL0)

    def controls(self, seat: int) -> int:
        """Whose pieces ``seat`` moves: its own, or the partner's once its own are home."""
        partner = self.partner[seat]
        if partner >= 0 and self.in_goal(seat) == 4:
            return partner
        return seat

    def blocked(self, field: int) -> bool:
        """A piece on its own colour's start field blocks the field (§5.3)."""
        piece = self.occ[field]
        return piece >= 0 and self.start[piece >> 2] == field

    def copy_target(self) -> int:
        """The card an = card acts as now, or -1 when it is unplayable (§5.8): the last card
        actually played, while it lies on top of the pile (a reshuffle without the top card
        takes it away), never another =. A played card always lands on top and everything
        else goes under, so a card played lies on top until the next one is played."""
        top = self.last_played
        if top < 0 or top == COPY:
            return -1
        if not self.options.copy_across_rounds and len(self.discard) <= self.round_discard_start:
            return -1  # nothing played yet this round
        return top

    def card_count(self) -> int:
        """Cards in the deck, in hands, set aside for the exchange and on the discard pile."""
        return (
            self.deck_size
            + sum(self.hand_size)
            + sum(1 for g in self.gives if 0 <= g < GAVE)
            + len(self.discard)
        )

    def plan_of(self, action: Action) -> tuple[int, ...] | None:
        """What a legal ``play`` or ``accuse`` of the player to act does: ``(P_START, piece,
        field)``, ``(P_MOVE, piece, destination, 1)``, ``(P_SWAP, piece, other)`` or
        ``(P_ACCUSE, seat)``; ``None`` when it is not legal now."""
        if self.phase != PLAY:
            return None
        legal = self._legal_play()
        try:
            return self._plans[legal.index(action)]
        except ValueError:
            return None

    def victim_of(self, action: Action) -> int:
        """The piece a legal action would hit, or -1."""
        plan = self.plan_of(action)
        if plan is None:
            return -1
        if plan[0] == P_START:
            return self.occ[plan[2]]
        if plan[0] == P_MOVE and plan[2] < GOAL0:
            other = self.occ[plan[2]]
            return other if other != plan[1] else -1
        return -1

    # --- chance --------------------------------------------------------------------------
    def _apply_chance(self, action: Action) -> list[Event]:
        phase = self.phase
        if phase == DEALER:
            if type(action) is not Dealer or action not in self.legal_actions(CHANCE):
                raise IllegalAction("error.illegal_action", f"{action!r} is not a first dealer")
            self.dealer = action.seat
            self.round = 1
            self.starter = (action.seat + 1) % self.n
            events: list[Event] = [("first_dealer", action.seat)]
            return events + self._start_deal()
        if phase == FORFEIT:
            return cheat.forfeit(self, action)
        if phase == DRAW:
            seat = self.draw_seat
            deck.draw(self, action, seat)
            self.draw_seat = -1
            return [("drew", seat), *play.after_draw(self)]
        seat = self.deal_seat
        deck.draw(self, action, seat)
        self.deal_left -= 1
        self.deal_seat = (seat + 1) % self.n
        if self.places:
            self.deal_seat = self._in_play_from(self.deal_seat)
        if self.deal_left:
            return []
        return self._after_deal()

    def _start_deal(self) -> list[Event]:
        events: list[Event] = []
        cards = HAND_SIZE * (self.n - len(self.places))
        if self.deck_size < cards:
            events += deck.reshuffle(self)
        if self.options.cheat_enabled:
            cheat.new_window(self)
        self.round_discard_start = len(self.discard)
        self.phase = DEAL
        self.deal_left = cards
        self.deal_seat = self.starter
        events.append(("round", self.round, self.dealer, self.starter))
        return events

    def _after_deal(self) -> list[Event]:
        if -1 not in self.partner:
            self.phase = EXCHANGE
            self.gives = [-1] * self.n
            self.gift_known = [-1] * self.n
            return []
        return self._after_exchange()

    def _after_exchange(self) -> list[Event]:
        if self.round == 1 and self.options.first_round_placement:
            self.phase = PLACE
            self.current = self.starter
            self.place_left = self.n
            return [("place_turn", self.current)]
        return self._begin_turn(self.starter)

    # --- turns ---------------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> list[Event]:
        """Give the turn to the first seat from ``seat`` on that holds cards; a seat whose cards
        are all unplayable shows them and puts them under the discard pile (§5.1.5)."""
        events: list[Event] = []
        for _ in range(self.n):
            if self.hand_size[seat]:
                self.open_move[seat] = -1
                self.current = seat
                self.phase = PLAY
                self._legal = None
                if self._legal_play():
                    events.append((TURN_EVENT, seat))
                    return events
                events.append(("no_move", seat, deck.discard_hand(self, seat)))
            seat = (seat + 1) % self.n
        return events + self._end_round()

    def _resume_turn(self) -> list[Event]:
        """After an accusation the accuser still plays, if they still can."""
        seat = self.current
        self.phase = PLAY
        self._legal = None
        if self.hand_size[seat] and self._legal_play():
            return []
        events: list[Event] = []
        if self.hand_size[seat]:
            events.append(("no_move", seat, deck.discard_hand(self, seat)))
        return events + self._begin_turn((seat + 1) % self.n)

    def _end_round(self) -> list[Event]:
        if self.round >= self.options.round_limit:
            self.limit_reached = True
            return goal.game_over(self, [("round_limit", self.round)])
        self.round += 1
        self.dealer = self.starter
        self.starter = (self.dealer + 1) % self.n
        if self.places:
            # The deck passes clockwise among the players still in play.
            self.dealer = self._in_play_from(self.dealer)
            self.starter = self._in_play_from((self.dealer + 1) % self.n)
        return self._start_deal()

    def _in_play_from(self, seat: int) -> int:
        """The first seat from ``seat`` on, clockwise, that has not finished (play-on rule)."""
        while seat in self.places:
            seat = (seat + 1) % self.n
        return seat

    # --- legal moves ---------------------------------------------------------------------
    def _legal_play(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = moves.plan_moves(self)
        return legal

    # --- the special fields ---------------------------------------------------------------
    def _jump_target(self, piece: int) -> int:
        """The first unoccupied special field clockwise after the piece (§5.7), or -1."""
        p = self.pos[piece]
        if not 0 <= p < GOAL0 or not self.special[p]:
            return -1
        for d in range(1, RING):
            q = (p + d) % RING
            if self.special[q] and self.occ[q] < 0:
                return q
        return -1

    # --- views ---------------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see, as JSON (``view.py``; the fields: ``README.md``)."""
        return _view(self, player)
