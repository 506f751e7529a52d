"""The rules of DogRoyal (``../shared/specs/dogroyal.md``) as a fast mutable state.

Inside: plain ints and lists. ``pos[piece]`` is a position (``board.py``), ``occ[field]`` the
piece on a ring field or -1, ``hands[seat][card]`` how many of each card a seat holds. The
legal moves of the player to act are planned once and cached.

``DogState`` is the engine contract and the course of a game (deal, exchange, placement, turns,
playing a card, the end). It owns every field; the parts with a job of their own are module
functions that take the state:

- ``deck.py``: the deck (a multiset drawn by chance, reshuffled under), hands and discard pile;
- ``moves.py``: move planning, the legal actions of the play phase and what each does;
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

from . import cheat, deck, moves
from .actions import GIVES, JUMP, STAY, Dealer, Give, Place, Play
from .board import (
    CARD_INDEX,
    CARDS,
    CITIZEN,
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
            return self._give(player, CARD_INDEX[action.card])
        if player is not None and player != self.current:
            raise IllegalAction(
                "error.not_your_turn", f"seat {player} may not act, seat {self.current} is to act"
            )
        if phase == PLACE:
            if type(action) is not Place or action not in self.legal_actions():
                raise IllegalAction("error.illegal_action", f"{action!r} is not legal now")
            return self._place(action.piece)
        if phase == JUMP_PHASE:
            if action not in self.legal_actions():
                raise IllegalAction("error.illegal_action", f"{action!r} is not legal now")
            return self._jump(action == JUMP)
        legal = self._legal_play()
        try:
            i = legal.index(action)
        except ValueError:
            raise IllegalAction("error.illegal_action", f"{action!r} is not legal now") from None
        plan = self._plans[i]
        if plan[0] == P_ACCUSE:
            return cheat.accuse(self, plan[1])
        return self._play_card(legal[i], plan)  # type: ignore[arg-type]

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        scores = self._side_scores()
        if self.places:
            # Play on: finishing order first; at the round limit the rest by pieces home.
            rest = [s for s in range(self.n) if s not in self.places]
            levels = sorted({scores[s] for s in rest}, reverse=True)
            ranking = (
                *((s,) for s in self.places),
                *(tuple(s for s in rest if scores[s] == v) for v in levels),
            )
            scored = tuple(map(float, scores))
            return Result(self.places[:1], ranking, scored, {"round_limit": self.limit_reached})
        if self.limit_reached:
            sides = sorted(set(scores), reverse=True)
            ranking = tuple(tuple(s for s in range(self.n) if scores[s] == v) for v in sides)
            details: dict[str, Any] = {"round_limit": True}
            return Result(ranking[0], ranking, tuple(map(float, scores)), details)
        winners = self.winners_
        rest = [s for s in range(self.n) if s not in winners]
        levels = sorted({scores[s] for s in rest}, reverse=True)
        ranking = (winners, *tuple(tuple(s for s in rest if scores[s] == v) for v in levels))
        return Result(winners, ranking, tuple(map(float, scores)), {"round_limit": False})

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

    def _side_scores(self) -> list[int]:
        """Pieces in the goal per seat, counted for its whole team."""
        own = [self.in_goal(s) for s in range(self.n)]
        return [
            own[s] + (own[self.partner[s]] if self.partner[s] >= 0 else 0) for s in range(self.n)
        ]

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
            return [("drew", seat), *self._after_draw()]
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

    # --- exchange and placement ------------------------------------------------------------
    def _give(self, seat: int, card: int) -> list[Event]:
        self.hands[seat][card] -= 1
        self.hand_size[seat] -= 1
        self.gives[seat] = card
        events: list[Event] = [("chose", seat)]
        partner = self.partner[seat]
        if 0 <= self.gives[partner] < GAVE:
            mine, theirs = self.gives[seat], self.gives[partner]
            deck.give_card(self, partner, mine)
            deck.give_card(self, seat, theirs)
            self.gift_known[seat] = mine
            self.gift_known[partner] = theirs
            self.gives[seat] = self.gives[partner] = GAVE
            events.append(("exchanged", min(seat, partner), max(seat, partner)))
            # Private to the receiver (DogRoyal.event_for): what came from the partner.
            events.append(("received", seat, CARDS[theirs], partner))
            events.append(("received", partner, CARDS[mine], seat))
        if all(g >= 0 for g in self.gives):
            self.gives = [-1] * self.n
            events += self._after_exchange()
        return events

    def _place(self, piece: int) -> list[Event]:
        seat = self.current
        field = self.start[seat]
        self.pos[piece] = field
        self.occ[field] = piece
        events: list[Event] = [("placed", seat, piece)]
        self.place_left -= 1
        if self.place_left:
            self.current = (seat + 1) % self.n
            events.append(("place_turn", self.current))
            return events
        return events + self._begin_turn(self.starter)

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
            return self._game_over([("round_limit", self.round)])
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

    def _game_over(self, events: list[Event]) -> list[Event]:
        # "Alle restlichen Handkarten werden abgelegt" (§5.1.6): face up, as an event, so the
        # pile's counts in every view hold only cards shown to everybody.
        self.phase = OVER
        self.current = -1
        self._legal = _NO_ACTIONS
        for seat in range(self.n):
            if self.hand_size[seat]:
                events.append(("laid_down", seat, deck.discard_hand(self, seat)))
        return events

    # --- legal moves ---------------------------------------------------------------------
    def _legal_play(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = moves.plan_moves(self)
        return legal

    # --- playing a card ------------------------------------------------------------------
    def _play_card(self, action: Play, plan: tuple[int, ...]) -> list[Event]:
        seat = self.current
        card = CARD_INDEX[action.card]
        eff = self.copy_target() if card == COPY else card
        deck.discard_played(self, seat, card)
        self.turns += 1
        events: list[Event] = [("played", seat, action.card, CARDS[eff] if card == COPY else "")]
        kind = plan[0]
        piece = plan[1]
        draw = False
        if kind == P_START:
            field = plan[2]
            events += self._land(piece, field)
            self.pos[piece] = field
            self.occ[field] = piece
            events.append(("started", seat, piece, field))
        elif kind == P_SWAP:
            other = plan[2]
            a, b = self.pos[piece], self.pos[other]
            self.pos[piece], self.pos[other] = b, a
            self.occ[a], self.occ[b] = other, piece
            events.append(("swapped", seat, piece, other, a, b))
        else:
            dest = plan[2]
            src = self.pos[piece]
            if src >= 0 and src < GOAL0:
                self.occ[src] = -1
            if dest < GOAL0:
                events += self._land(piece, dest)
                self.occ[dest] = piece
                draw = self.special[dest]
            self.pos[piece] = dest
            events.append(("moved", seat, piece, src, dest))
            if dest >= GOAL0 and src < GOAL0:
                events += self._entered_goal(piece)
                if self.phase == OVER:
                    return events
        if self.options.cheat_enabled:
            cheat.note_move(self, seat, piece, action.cheat)
        if draw:
            # Draw (after any hit), then the Citizen may jump (§5.8); with an empty deck (and
            # discard pile) no card comes, but the Citizen may still jump.
            self.jump_piece = piece
            if not self.deck_size and self.options.special_draw_reshuffle:
                events += deck.reshuffle(self)
            if self.deck_size:
                self.phase = DRAW
                self.draw_seat = seat
                self._legal = None
                return events
            return events + self._after_draw()
        return events + self._begin_turn((seat + 1) % self.n)

    def _land(self, piece: int, field: int) -> list[Event]:
        """Hit whatever stands on ``field`` (§5.6); the caller has checked it may."""
        other = self.occ[field]
        if other < 0:
            return []
        self.pos[other] = KENNEL
        self.occ[field] = -1
        return [("hit", other >> 2, other, piece, field)]

    def _entered_goal(self, piece: int) -> list[Event]:
        owner = piece >> 2
        if self.in_goal(owner) < 4:
            return []
        events: list[Event] = [("finished", owner)]
        if self.options.play_on and self.partner[owner] < 0:
            return self._take_place(owner, events)
        team = self.team_of(owner)
        if all(self.in_goal(s) == 4 for s in team):
            self.winners_ = team
            events.append(("won", team))
            return self._game_over(events)
        return events

    def _take_place(self, seat: int, events: list[Event]) -> list[Event]:
        """Play-on rule: ``seat`` finished; the first is the winner, the others take the next
        places. The game ends once a single player has pieces left to bring home."""
        self.places += (seat,)
        if len(self.places) == 1:
            self.winners_ = (seat,)
            events.append(("won", (seat,)))
        else:
            events.append(("finished_place", seat, len(self.places)))
        if len(self.places) >= self.n - 1:
            return self._game_over(events)
        # Out of play: the rest of the hand goes face up under the pile, shown to everybody
        # like a hand that cannot be played (the pile's counts are public).
        if self.hand_size[seat]:
            events.append(("laid_down", seat, deck.discard_hand(self, seat)))
        return events

    def _after_draw(self) -> list[Event]:
        """After a special-field draw (or a failed one): the Citizen may jump on."""
        seat = self.current
        piece = self.jump_piece
        self.jump_piece = -1
        if piece >= 0 and piece & 3 == CITIZEN and self._jump_target(piece) >= 0:
            self.jump_piece = piece
            self.phase = JUMP_PHASE
            self._legal = None
            if not self.options.citizen_jump_optional:
                return self._jump(True)
            return [("may_jump", seat, piece)]
        return self._begin_turn((seat + 1) % self.n)

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

    def _jump(self, jump: bool) -> list[Event]:
        seat = self.current
        piece = self.jump_piece
        self.jump_piece = -1
        if not jump:
            return [("stayed", seat, piece), *self._begin_turn((seat + 1) % self.n)]
        src = self.pos[piece]
        dest = self._jump_target(piece)
        self.occ[src] = -1
        self.occ[dest] = piece
        self.pos[piece] = dest
        events: list[Event] = [("jumped", seat, piece, src, dest)]
        if self.options.citizen_jump_draws:
            if not self.deck_size and self.options.special_draw_reshuffle:
                events += deck.reshuffle(self)
            if self.deck_size:
                self.phase = DRAW
                self.draw_seat = seat
                self.jump_piece = -1
                self._legal = None
                # The jump lands on a special field; only one draw follows, no second jump.
                return events
        return events + self._begin_turn((seat + 1) % self.n)

    # --- views ---------------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see, as JSON (``view.py``; the fields: ``README.md``)."""
        return _view(self, player)
