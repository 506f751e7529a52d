"""The rules of DogRoyal (``../shared/specs/dogroyal.md``) as a fast mutable state.

Inside: plain ints and lists. ``pos[piece]`` is a position (``board.py``), ``occ[field]`` the
piece on a ring field or -1, ``hands[seat][card]`` how many of each card a seat holds. The deck
is a multiset, not a sequence: every card is drawn by a chance node (``Draw``) when it is
needed, so no deck order exists anywhere. ``deck`` is a list of segments (top first) because
a reshuffled discard pile goes *under* the cards still left. The legal moves of the player to
act are planned once and cached.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spelkvall.core import CHANCE, Action, Event, IllegalAction, Result, Seat, State

from .actions import (
    DRAWS,
    FORFEITS,
    GIVES,
    JUMP,
    STAY,
    Accuse,
    Dealer,
    Draw,
    Forfeit,
    Give,
    Place,
    Play,
)
from .board import (
    C4,
    C10,
    C11,
    C13,
    C17,
    CARD_INDEX,
    CARDS,
    CITIZEN,
    COLOURS,
    COPY,
    DECK_COUNTS,
    FOOL,
    GOAL0,
    KENNEL,
    KING,
    KING_MAY_RUN,
    KNIGHT,
    MAGNET,
    NUM_CARDS,
    PIECE_LETTERS,
    PIECE_TYPES,
    PLAIN_VALUE,
    QUARTER,
    RANK,
    RING,
    SWAP,
    slots_for,
)
from .options import DogOptions

HAND_SIZE = 5
MAX_STEPS = 15
"""Forward distances are 1..14 (13, and 14 with a cheat)."""
KING_REACH = 7
"""The King's cards go up to 7; without ``king_swap_any_distance`` Magnet and Tauscher
move a King no farther either."""
CHEAT_WINDOW = 5
"""Cheat rule: rounds 1-5, 6-10, ... each give one cheat and one accuse token (§6)."""

DEALER, DEAL, EXCHANGE, PLACE, PLAY, DRAW, JUMP_PHASE, FORFEIT, OVER = range(9)
PHASE_NAMES = ("dealer", "deal", "exchange", "place", "play", "draw", "jump", "forfeit", "over")
GAVE = 99
"""``gives[s]`` once the pair has swapped: chosen, and no longer set aside."""

# Plans: what a legal Play does, parallel to the cached actions.
P_START, P_MOVE, P_SWAP, P_ACCUSE = range(4)

_NO_ACTIONS: tuple[Action, ...] = ()
_PLAY_CACHE: dict[tuple[Any, ...], Play] = {}
_PLACES: tuple[Place, ...] = tuple(Place(i) for i in range(16))
_ACCUSES: tuple[Accuse, ...] = tuple(Accuse(i) for i in range(4))


def _play(
    card: int, piece: int, move: str, steps: int, goal: bool, target: int, cheat: int
) -> Play:
    key = (card, piece, move, steps, goal, target, cheat)
    action = _PLAY_CACHE.get(key)
    if action is None:
        action = Play(CARDS[card], piece, move, steps, goal, target, cheat)
        _PLAY_CACHE[key] = action
    return action


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
            top = self.deck[0]
            total = sum(top)
            return [(DRAWS[c], k / total) for c, k in enumerate(top) if k]
        if phase == DEALER:
            if not self.options.first_dealer_random:
                return [(Dealer(0), 1.0)]
            return [(Dealer(s), 1 / self.n) for s in range(self.n)]
        if phase == FORFEIT:
            hand = self.hands[self.forfeit_seat]
            total = self.hand_size[self.forfeit_seat]
            return [(FORFEITS[c], k / total) for c, k in enumerate(hand) if k]
        return ()

    def sample_chance(self, rng: Any) -> Action:
        phase = self.phase
        if phase in (DEAL, DRAW):
            top = self.deck[0]
            r = int(rng.random() * sum(top))
            for c, k in enumerate(top):
                if r < k:
                    return DRAWS[c]
                r -= k
            raise AssertionError("deck segment counts are off")
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
            return self._accuse(plan[1])
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
        """The card an = card acts as now, or -1 when it is unplayable (§5.8)."""
        if not self.discard or len(self.discard) <= (
            0 if self.options.copy_across_rounds else self.round_discard_start
        ):
            return -1
        top = self.discard[-1]
        return -1 if top == COPY else top

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
            if type(action) is not Forfeit:
                raise IllegalAction("error.illegal_action", f"{action!r} is not a forfeit")
            card = CARD_INDEX.get(action.card, -1)
            seat = self.forfeit_seat
            if card < 0 or not self.hands[seat][card]:
                raise IllegalAction("error.illegal_action", f"{action!r} is not in the hand")
            self._take(seat, card)
            self.discard.insert(0, card)  # under the pile, like a discarded hand
            self.discard_counts[card] += 1
            self.round_discard_start += 1
            self._forget_gift(seat, card)
            events = [("forfeited", seat, action.card)]
            self.forfeit_seat = -1
            return events + self._resume_turn()
        if type(action) is not Draw:
            raise IllegalAction("error.illegal_action", f"{action!r} is not a card draw")
        card = CARD_INDEX.get(action.card, -1)
        top = self.deck[0]
        if card < 0 or not top[card]:
            raise IllegalAction("error.illegal_action", f"{action!r} is not in the deck")
        top[card] -= 1
        self.deck_size -= 1
        if self.deck_size and not sum(top):
            self.deck.pop(0)
        if phase == DRAW:
            seat = self.draw_seat
            self._give_card(seat, card)
            self.draw_seat = -1
            return [("drew", seat), *self._after_draw()]
        seat = self.deal_seat
        self._give_card(seat, card)
        self.deal_left -= 1
        self.deal_seat = (seat + 1) % self.n
        if self.places:
            self.deal_seat = self._in_play_from(self.deal_seat)
        if self.deal_left:
            return []
        return self._after_deal()

    def _give_card(self, seat: int, card: int) -> None:
        self.hands[seat][card] += 1
        self.hand_size[seat] += 1
        self._legal = None

    def _take(self, seat: int, card: int) -> None:
        self.hands[seat][card] -= 1
        self.hand_size[seat] -= 1
        self._legal = None

    def _reshuffle(self) -> list[Event]:
        """The discard pile (except its top card, §4) goes under the deck."""
        keep = 1 if self.options.reshuffle_keeps_top and self.discard else 0
        moved = self.discard[: len(self.discard) - keep]
        if not moved:
            return []
        segment = [0] * NUM_CARDS
        for c in moved:
            segment[c] += 1
            self.discard_counts[c] -= 1
        self.discard = self.discard[len(moved) :]
        self.round_discard_start = 0
        if self.deck_size:
            self.deck.append(segment)
        else:
            self.deck = [segment]
        self.deck_size += len(moved)
        return [("reshuffled", len(moved))]

    def _start_deal(self) -> list[Event]:
        events: list[Event] = []
        cards = HAND_SIZE * (self.n - len(self.places))
        if self.deck_size < cards:
            events += self._reshuffle()
        if self.options.cheat_enabled and (self.round - 1) % CHEAT_WINDOW == 0:
            self.cheat_tokens = [1] * self.n
            self.accuse_tokens = [1] * self.n
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
            self._give_card(partner, mine)
            self._give_card(seat, theirs)
            self.gift_known[seat] = mine
            self.gift_known[partner] = theirs
            self.gives[seat] = self.gives[partner] = GAVE
            events.append(("exchanged", min(seat, partner), max(seat, partner)))
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
                    events.append(("turn", seat))
                    return events
                events.append(("no_move", seat, self._discard_hand(seat)))
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
            events.append(("no_move", seat, self._discard_hand(seat)))
        return events + self._begin_turn((seat + 1) % self.n)

    def _discard_hand(self, seat: int) -> tuple[str, ...]:
        hand = self.hands[seat]
        shown: list[int] = []
        for c in range(NUM_CARDS):
            shown += [c] * hand[c]
            self.discard_counts[c] += hand[c]
            hand[c] = 0
        # Under the pile: the top card (what = copies) stays on top.
        self.discard[0:0] = shown
        self.round_discard_start += len(shown)
        self.hand_size[seat] = 0
        self._legal = None
        self._forget_gift(seat, -1)
        return tuple(CARDS[c] for c in shown)

    def _forget_gift(self, seat: int, card: int) -> None:
        """``seat`` played ``card`` (-1: lost its hand): a giver no longer knows it holds it."""
        for g in range(self.n):
            known = self.gift_known[g]
            if self.partner[g] == seat and known >= 0 and (card < 0 or known == card):
                self.gift_known[g] = -1

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
        self.phase = OVER
        self.current = -1
        self._legal = _NO_ACTIONS
        for seat in range(self.n):
            if self.hand_size[seat]:
                self._discard_hand(seat)
        return events

    # --- legal moves ---------------------------------------------------------------------
    def _legal_play(self) -> tuple[Action, ...]:
        legal = self._legal
        if legal is None:
            legal = self._plan_moves()
        return legal

    def _plan_moves(self) -> tuple[Action, ...]:
        seat = self.current
        ctrl = self.controls(seat)
        hand = self.hands[seat]
        opts = self.options
        actions: list[Action] = []
        plans: list[tuple[int, ...]] = []
        self._reach_cache = {}
        pos = self.pos
        base = 4 * ctrl
        cheat = opts.cheat_enabled and self.cheat_tokens[seat] > 0
        copy_of = self.copy_target() if hand[COPY] else -1
        for card in range(NUM_CARDS):
            if not hand[card]:
                continue
            eff = card
            if card == COPY:
                eff = copy_of
                if eff < 0:
                    continue
            value = PLAIN_VALUE[eff]
            for piece in range(base, base + 4):
                p = pos[piece]
                king = piece == base  # type KING is piece 4*seat + 0
                if p == KENNEL:
                    if eff in (C11, C13):
                        field = self.start[ctrl]
                        occupant = self.occ[field]
                        if occupant < 0 or occupant >> 2 != ctrl:
                            actions.append(_play(card, piece, "start", 0, False, -1, 0))
                            plans.append((P_START, piece, field))
                    continue
                if king and not KING_MAY_RUN[eff]:
                    continue
                if value:
                    self._forwards(actions, plans, card, piece, value, eff == C10, True, cheat)
                elif eff == C4:
                    green = opts.plus4_green
                    self._forwards(actions, plans, card, piece, 4, green, True, cheat)
                    if p < GOAL0:
                        self._backward(actions, plans, card, piece)
                elif eff == C17:
                    for k in range(1, 8):
                        self._forwards(actions, plans, card, piece, k, False, False, False)
                    if cheat and not king:
                        self._forwards(actions, plans, card, piece, 8, False, False, False, 1)
                elif eff == C11:
                    if not king or opts.king_uses_one:
                        self._forwards(actions, plans, card, piece, 1, False, True, False)
                        if cheat:
                            self._forwards(actions, plans, card, piece, 2, False, False, False, 1)
                    if not king:
                        self._forwards(actions, plans, card, piece, 11, False, True, cheat)
                elif eff == C13:
                    if not king:
                        self._forwards(actions, plans, card, piece, 13, False, True, cheat)
                elif eff == SWAP:
                    if p < GOAL0 and not self.blocked(p):
                        for other in range(4 * self.n):
                            q = pos[other]
                            if q < 0 or q >= GOAL0 or self.blocked(q):
                                continue
                            if other >> 2 == ctrl and not (opts.swap_own and other != piece):
                                continue
                            if (
                                not opts.king_swap_any_distance
                                and (king or other & 3 == KING)
                                and min((q - p) % RING, (p - q) % RING) > KING_REACH
                            ):
                                continue
                            actions.append(_play(card, piece, "swap", 0, False, other, 0))
                            plans.append((P_SWAP, piece, other))
                elif eff == MAGNET and p < GOAL0:
                    occ = self.occ
                    for d in range(1, RING):
                        if occ[(p + d) % RING] >= 0:
                            if d > 1 and not (
                                king and d - 1 > KING_REACH and not opts.king_swap_any_distance
                            ):
                                dest = (p + d - 1) % RING
                                actions.append(_play(card, piece, "magnet", d - 1, False, -1, 0))
                                plans.append((P_MOVE, piece, dest, 1))
                            break
        if opts.cheat_enabled and actions and self.accuse_tokens[seat] > 0:
            for other in range(self.n):
                if self.open_move[other] >= 0 and other != seat and other != self.partner[seat]:
                    actions.append(_ACCUSES[other])
                    plans.append((P_ACCUSE, other))
        legal = tuple(actions)
        self._legal = legal
        self._plans = plans
        return legal

    def _forwards(
        self,
        actions: list[Action],
        plans: list[tuple[int, ...]],
        card: int,
        piece: int,
        n: int,
        green: bool,
        fool_may_shorten: bool,
        cheat: bool,
        cheat_delta: int = 0,
    ) -> None:
        """Every legal forward move of ``piece`` by ``n`` (§5.4), with the Fool's shortened
        goal entries (§5.7) and, under the cheat rule, the secret n±1 moves (§6)."""
        outcomes = self._forward(piece, n, green, fool_may_shorten and piece & 3 == FOOL)
        for dest, steps in outcomes:
            goal = dest >= GOAL0
            actions.append(_play(card, piece, "forward", steps, goal, -1, cheat_delta))
            plans.append((P_MOVE, piece, dest, 1))
        if cheat:
            honest = {d for d, _ in outcomes}
            king = piece & 3 == KING
            for delta in (-1, 1):
                m = n + delta
                if m < 1 or (king and m > KING_REACH):
                    continue
                for dest, steps in self._forward(piece, m, green, False):
                    if dest not in honest:
                        actions.append(
                            _play(card, piece, "forward", steps, dest >= GOAL0, -1, delta)
                        )
                        plans.append((P_MOVE, piece, dest, 1))

    def _forward(self, piece: int, n: int, green: bool, fool: bool) -> list[tuple[int, int]]:
        """(destination, steps) of moving ``piece`` ``n`` fields forward: into the goal and/or
        on the track; ``fool`` adds the goal entries with n-1 and n-2 steps."""
        key = (piece << 1) | green
        reach = self._reach_cache.get(key)
        if reach is None:
            reach = self._reach(piece, green)
            self._reach_cache[key] = reach
        track, goal = reach
        result: list[tuple[int, int]] = []
        g = goal[n]
        if g >= 0:
            result.append((g, n))
        dest = track[n]
        if dest >= 0 and (g < 0 or self.options.goal_entry_optional):
            result.append((dest, n))
        if fool and self.pos[piece] < GOAL0:
            for m in (n - 1, n - 2):
                if m >= 1 and goal[m] >= 0:
                    result.append((goal[m], m))
        return result

    def _reach(self, piece: int, green: bool) -> tuple[list[int], list[int]]:
        """Walk the path ahead of ``piece`` once (§5.4): ``track[n]`` is the ring field a move
        of n lands on (-1: illegal), ``goal[n]`` the goal field it reaches (-1: none)."""
        track = [-1] * MAX_STEPS
        goal = [-1] * MAX_STEPS
        p = self.pos[piece]
        owner = piece >> 2
        if p >= GOAL0:
            j = p - GOAL0
            for k in range(j + 1, 4):
                if self._goal_taken(owner, k):
                    break  # nothing is jumped in the goal
                goal[k - j] = GOAL0 + k
            return track, goal
        occ = self.occ
        start = self.start
        rank = RANK[piece & 3]
        knight = piece & 3 == KNIGHT
        my_start = start[owner]
        for i in range(1, MAX_STEPS):
            q = p + i
            if q >= RING:
                q -= RING
            other = occ[q]
            if other < 0 or self._may_hit(piece, other, q, green):
                track[i] = q
            if other >= 0:
                if start[other >> 2] == q and not knight:
                    break  # a blocked start field is never passed (§5.3)
                if not green and RANK[other & 3] > rank:
                    break  # rank (§5.4 d)
            if q == my_start:
                # The goal branches off here; a move beginning here never reaches it.
                for j in range(4):
                    if i + 1 + j >= MAX_STEPS or self._goal_taken(owner, j):
                        break
                    goal[i + 1 + j] = GOAL0 + j
        return track, goal

    def _goal_taken(self, owner: int, j: int) -> bool:
        target = GOAL0 + j
        pos = self.pos
        return any(pos[piece] == target for piece in range(4 * owner, 4 * owner + 4))

    def _may_hit(self, mover: int, other: int, field: int, green: bool) -> bool:
        """Whether ``mover`` may land on ``field`` where ``other`` stands (§5.6)."""
        if self.start[other >> 2] == field:
            return False  # blocked on its own start field
        if other & 3 == KING and mover & 3 != KING:
            # A King only by a King, except a foreign King on the mover's own start field.
            return field == self.start[mover >> 2] or (green and self.options.green_hits_king)
        return True

    def _backward(
        self, actions: list[Action], plans: list[tuple[int, ...]], card: int, piece: int
    ) -> None:
        """−4 (§5.5): backward on the track, rank ignored, blocked start fields block (the
        Knight passes over them in either direction, §5.3 and §5.7, but never lands there)."""
        p = self.pos[piece]
        occ = self.occ
        knight = piece & 3 == KNIGHT
        for i in range(1, 5):
            q = (p - i) % RING
            other = occ[q]
            if other >= 0 and self.start[other >> 2] == q and (i == 4 or not knight):
                return
            if i == 4 and other >= 0 and not self._may_hit(piece, other, q, True):
                return
        actions.append(_play(card, piece, "back", 4, False, -1, 0))
        plans.append((P_MOVE, piece, (p - 4) % RING, 1))

    # --- playing a card ------------------------------------------------------------------
    def _play_card(self, action: Play, plan: tuple[int, ...]) -> list[Event]:
        seat = self.current
        card = CARD_INDEX[action.card]
        eff = self.copy_target() if card == COPY else card
        self._take(seat, card)
        self.discard.append(card)
        self.discard_counts[card] += 1
        self._forget_gift(seat, card)
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
            self.open_move[seat] = piece
            self.cheated[seat] = action.cheat != 0
            if action.cheat:
                self.cheat_tokens[seat] = 0
            if seat in self.places:
                # Play on: the finishing move stays as final as it is when the game ends.
                self.open_move[seat] = -1
                self.cheated[seat] = False
        if draw:
            # Draw (after any hit), then the Citizen may jump (§5.8); with an empty deck (and
            # discard pile) no card comes, but the Citizen may still jump.
            self.jump_piece = piece
            if not self.deck_size and self.options.special_draw_reshuffle:
                events += self._reshuffle()
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
        # Out of play: the rest of the hand goes under the pile, as at the end of a game.
        self._discard_hand(seat)
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
                events += self._reshuffle()
            if self.deck_size:
                self.phase = DRAW
                self.draw_seat = seat
                self.jump_piece = -1
                self._legal = None
                # The jump lands on a special field; only one draw follows, no second jump.
                return events
        return events + self._begin_turn((seat + 1) % self.n)

    # --- the cheat rule (§6) -------------------------------------------------------------
    def _accuse(self, target: int) -> list[Event]:
        seat = self.current
        self.accuse_tokens[seat] = 0
        piece = self.open_move[target]
        self.open_move[target] = -1
        correct = self.cheated[target]
        self.cheated[target] = False
        events: list[Event] = [("accused", seat, target, correct)]
        victim = -1
        if correct:
            if self.pos[piece] != KENNEL:
                events += self._send_home(piece)
            elif self.hand_size[target]:
                victim = target
        else:
            ctrl = self.controls(seat)
            track = [q for q in range(4 * ctrl, 4 * ctrl + 4) if 0 <= self.pos[q] < GOAL0]
            if track:
                start = self.start[ctrl]
                worst = min(track, key=lambda q: ((self.pos[q] - start) % RING, q))
                events += self._send_home(worst)
            else:
                victim = seat
        if victim >= 0:
            self.phase = FORFEIT
            self.forfeit_seat = victim
            self._legal = None
            return events
        return events + self._resume_turn()

    def _send_home(self, piece: int) -> list[Event]:
        p = self.pos[piece]
        if 0 <= p < GOAL0:
            self.occ[p] = -1
        self.pos[piece] = KENNEL
        return [("sent_home", piece >> 2, piece, p)]

    # --- views ---------------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        n = self.n
        me = player if player is not None and 0 <= player < n else None
        phase = self.phase
        to_act = list(self.players_to_act())
        seats = []
        for s in range(n):
            seats.append(
                {
                    "seat": s,
                    "slot": self.slot[s],
                    "start": self.start[s],
                    "colour": self.seats[s].colour or COLOURS[self.slot[s]],
                    "cards": self.hand_size[s],
                    "controls": self.controls(s),
                    "finished": self.in_goal(s) == 4,
                    "chosen": phase == EXCHANGE and self.gives[s] >= 0,
                }
            )
        pieces = []
        for piece in range(4 * n):
            p = self.pos[piece]
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
                    "blocked": 0 <= p < GOAL0 and self.start[piece >> 2] == p,
                }
            )
        hand = None
        giving = partner_has = None
        if me is not None:
            hand = [CARDS[c] for c in range(NUM_CARDS) for _ in range(self.hands[me][c])]
            if phase == EXCHANGE and 0 <= self.gives[me] < GAVE:
                giving = CARDS[self.gives[me]]
            if self.gift_known[me] >= 0:
                partner_has = CARDS[self.gift_known[me]]
        copy_of = self.copy_target()
        jump = None
        if phase == JUMP_PHASE:
            piece = self.jump_piece
            jump = {"piece": piece, "from": self.pos[piece], "to": self._jump_target(piece)}
        cheat = None
        if self.options.cheat_enabled:
            cheat = {
                "cheat_token": self.cheat_tokens[me] if me is not None else None,
                "accuse_token": self.accuse_tokens[me] if me is not None else None,
                "accuse_tokens": self.accuse_tokens[:],
                "open": [s for s in range(n) if self.open_move[s] >= 0],
                "my_open_cheat": me is not None and self.open_move[me] >= 0 and self.cheated[me],
            }
        result = self.result()
        teams = None
        if -1 not in self.partner:
            teams = [[0, 2], [1, 3]]
        return {
            "you": me,
            "players": n,
            "phase": PHASE_NAMES[phase],
            "round": self.round,
            "round_limit": self.options.round_limit,
            "dealer": self.dealer if self.round else None,
            "starter": self.starter if self.round else None,
            "current": self.current if phase in (PLAY, PLACE, JUMP_PHASE) else None,
            "to_act": to_act,
            "teams": teams,
            "board": {"ring": RING, "special": [f for f in range(RING) if self.special[f]]},
            "seats": seats,
            "pieces": pieces,
            "hand": hand,
            "giving": giving,
            "partner_has": partner_has,
            "discard_top": CARDS[self.discard[-1]] if self.discard else None,
            "copy_of": CARDS[copy_of] if copy_of >= 0 else None,
            "discard_size": len(self.discard),
            "discard_counts": {CARDS[c]: self.discard_counts[c] for c in range(NUM_CARDS)},
            "deck_size": self.deck_size,
            "jump": jump,
            "cheat": cheat,
            "result": None if result is None else result.to_json(),
        }
