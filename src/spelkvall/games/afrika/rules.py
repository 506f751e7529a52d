"""The rules of Afrikas stjärna (``../shared/specs/afrikas-stjarna.md``) as a fast mutable state.

Inside: plain ints, bools and lists indexed by seat, node indices of ``board.py``. Nobody knows
what lies under a token until it is opened, so no layout exists: the unopened tokens are a
:class:`~spelkvall.core.bag.Bag` of kinds, and each opening is a chance node that draws one
kind from it (``Reveal``). The die is a chance node too (``Roll``), thrown by the player whose
turn it is.

A turn (§3): a slave loses it; a captured player rolls to escape; a player at sea sails on;
anybody else takes exactly one action (walk, sail, fly, roll for the token, buy it, or pass).
A walk is two steps: the roll, then the destination (``Go``) among those the roll reaches.
Arrival effects come in the spec's order: a hazard captures, Capetown pays its bonus once, a
start point with a winning item wins, and an unopened token may be bought. Stranded players
(§7) are looked for after every opening and at every turn end.

The phase and roll-purpose numbers are in ``phases.py``, shared with ``view.py``, the heuristic
and the batch simulator; other code imports them from here, so this module re-exports them.
This module keeps the state and the turn's flow; the parts of it are in modules of their own:
the turn order (``turn_order.py``), travel and arrival (``travel.py``), opening a token
(``opening.py``), stranding (``stranding.py``) and the sums of money (``money.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spelkvall.core import (
    CHANCE,
    TURN_EVENT,
    Action,
    Bag,
    Event,
    IllegalAction,
    Result,
    Seat,
    State,
)

from . import opening, stranding, travel, turn_order
from .actions import BUY, ORDERS, REVEALS, ROLLS, SAIL_ON
from .board import (
    CITIES,
    LAND_MOVES,
    NODES,
    NUM_PLACES,
    STARTS,
)
from .money import START_MONEY
from .opening import MAINLAND_CITIES, MAINLAND_SET
from .options import AfrikaOptions
from .phases import (
    BUY_PHASE,
    DRAW,
    FOR_ESCAPE,
    FOR_MOVE,
    FOR_ORDER,
    FOR_SEA,
    FOR_TOKEN,
    NO_TOKEN,
    ORDER,
    OVER,
    PHASE_NAMES,
    PURPOSES,
    ROLL,
    START,
    STEP,
    TURN,
    UNOPENED,
)
from .tokens import (
    BLANK,
    EMERALD,
    GEMS,
    HORSESHOE,
    HORSESHOES,
    ROBBER,
    RUBY,
    STAR,
    TOKEN_COUNTS,
    TOPAZ,
)
from .view import view as _view

ESCAPE_MAX = 2
"""A captured player is freed by a roll of 1 or 2."""
TOKEN_MIN = 4
"""A roll for a token opens it with 4, 5 or 6."""
_SIXTH = 1 / 6
_DIE: tuple[tuple[Action, float], ...] = tuple((ROLLS[v], _SIXTH) for v in range(1, 7))
_DIE_ACTIONS: tuple[Action, ...] = tuple(ROLLS[1:])
_NONE: tuple[Action, ...] = ()
_MAINLAND_SET = MAINLAND_SET
"""The mainland cities, where ``batch.py`` and the tests read them."""

assert all(v < NUM_PLACES for v in CITIES) and all(v < NUM_PLACES for v in STARTS)


class AfrikaState(State):
    """A position in Afrikas stjärna. Seats are indices into ``seats``."""

    __slots__ = (
        "_legal",
        "_plans",
        "bag",
        "bonus_claimed",
        "captured",
        "current",
        "die",
        "drawing",
        "free",
        "leg_dest",
        "leg_path",
        "leg_step",
        "mainland_left",
        "money",
        "opener",
        "options",
        "order",
        "order_groups",
        "order_pending",
        "order_rolls",
        "phase",
        "pos",
        "purpose",
        "seats",
        "shoes",
        "slave",
        "star",
        "starting",
        "strand_reason",
        "stranded",
        "token_at",
        "turn_idx",
        "turns",
        "winner",
    )

    def __init__(self, seats: tuple[Seat, ...], options: AfrikaOptions) -> None:
        n = len(seats)
        self.seats = seats
        self.options = options
        self.pos: list[int] = [-1] * n
        self.money: list[int] = [START_MONEY] * n
        self.leg_dest: list[int] = [-1] * n
        self.leg_path: list[tuple[int, ...]] = [()] * n
        self.leg_step: list[int] = [0] * n
        self.free: list[bool] = [False] * n
        self.captured: list[bool] = [False] * n
        self.slave: list[int] = [0] * n
        self.star: list[bool] = [False] * n
        self.shoes: list[int] = [0] * n
        self.stranded: list[bool] = [False] * n
        self.strand_reason: list[str] = [""] * n
        self.token_at: list[int] = [NO_TOKEN] * NUM_PLACES
        for v in CITIES:
            self.token_at[v] = UNOPENED
        self.opener: list[int] = [-1] * NUM_PLACES
        self.bag = Bag(TOKEN_COUNTS)
        self.mainland_left = len(MAINLAND_CITIES)
        self.bonus_claimed = False
        self.order: list[int] = []
        # Random order: seats not yet drawn. Highest roll: the groups still tied, in rank
        # order, and who of the first tied group has yet to roll.
        self.order_groups: list[list[int]] = [list(range(n))]
        self.order_pending: list[int] = list(range(n))
        self.order_rolls: list[list[tuple[int, int]]] = []
        self.starting = 0
        self.turn_idx = 0
        self.current = 0
        self.turns = 0
        self.phase = ORDER
        self.purpose = FOR_ORDER
        self.die = 0
        self.drawing = -1
        self.winner = -1
        self._legal: tuple[Action, ...] = _NONE
        self._plans: tuple[Any, ...] = ()
        if options.turn_order == "highest_roll":
            self.order_rolls.append([])

    # --- the contract --------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.seats)

    def players_to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase in (TURN, STEP, BUY_PHASE, START):
            return (self.current,)
        return ()

    def is_chance(self) -> bool:
        phase = self.phase
        return phase in (ROLL, DRAW, ORDER)

    def chance_seat(self) -> int | None:
        if self.phase == ROLL:
            return self.current
        if self.phase == ORDER and self.options.turn_order == "highest_roll":
            return self.order_pending[0]
        return None

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        phase = self.phase
        if phase == ROLL:
            return _DIE
        if phase == DRAW:
            size = self.bag.size
            return [(REVEALS[k], c / size) for k, c in enumerate(self.bag.counts) if c]
        if phase == ORDER:
            if self.options.turn_order == "highest_roll":
                return _DIE
            left = self.order_pending
            return [(ORDERS[s], 1 / len(left)) for s in left]
        return ()

    def sample_chance(self, rng: Any) -> Action:
        phase = self.phase
        if phase == ROLL or (phase == ORDER and self.options.turn_order == "highest_roll"):
            return ROLLS[1 + int(rng.random() * 6)]
        if phase == DRAW:
            return REVEALS[self.bag.sample(rng)]
        if phase == ORDER:
            return ORDERS[self.order_pending[int(rng.random() * len(self.order_pending))]]
        raise IllegalAction("error.illegal_action", "chance does not act now")

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        phase = self.phase
        if phase in (TURN, STEP, BUY_PHASE, START):
            return self._legal if player is None or player == self.current else _NONE
        if phase == OVER or player not in (None, CHANCE):
            return _NONE
        if phase == ROLL:
            return _DIE_ACTIONS
        return tuple(a for a, _ in self.chance_outcomes())

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        phase = self.phase
        if phase == OVER:
            raise IllegalAction("error.game_over", "the game is over")
        if phase in (ROLL, DRAW, ORDER):
            if player is not None and player != CHANCE:
                raise IllegalAction("error.chance_pending", "chance acts first")
            if action not in self.legal_actions(CHANCE):
                raise IllegalAction("error.illegal_action", f"{action!r} is not an outcome now")
            if phase == ROLL:
                return self._rolled(action.value)  # type: ignore[attr-defined]
            if phase == DRAW:
                return opening.reveal(self, REVEALS.index(action))
            return turn_order.apply(self, action)
        if player == CHANCE:
            raise IllegalAction("error.illegal_action", "chance cannot take a player's action")
        if player is not None and player != self.current:
            raise IllegalAction(
                "error.not_your_turn", f"seat {player} may not act, seat {self.current} is to"
            )
        try:
            i = self._legal.index(action)
        except ValueError:
            raise IllegalAction("error.illegal_action", f"{action!r} is not legal now") from None
        return self._act(action, self._plans[i])

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        money = self.money
        rest = [s for s in range(self.num_players) if s != self.winner]
        levels = sorted({money[s] for s in rest}, reverse=True)
        groups = tuple(tuple(s for s in rest if money[s] == m) for m in levels)
        scores = tuple(float(m) for m in money)
        if self.winner < 0:
            return Result.no_winner(groups, scores)
        return Result(winners=(self.winner,), ranking=((self.winner,), *groups), scores=scores)

    def clone(self) -> AfrikaState:
        new = AfrikaState.__new__(AfrikaState)
        new.seats = self.seats
        new.options = self.options
        new.pos = self.pos[:]
        new.money = self.money[:]
        new.leg_dest = self.leg_dest[:]
        new.leg_path = self.leg_path[:]
        new.leg_step = self.leg_step[:]
        new.free = self.free[:]
        new.captured = self.captured[:]
        new.slave = self.slave[:]
        new.star = self.star[:]
        new.shoes = self.shoes[:]
        new.stranded = self.stranded[:]
        new.strand_reason = self.strand_reason[:]
        new.token_at = self.token_at[:]
        new.opener = self.opener[:]
        new.bag = self.bag.copy()
        new.mainland_left = self.mainland_left
        new.bonus_claimed = self.bonus_claimed
        new.order = self.order[:]
        new.order_groups = [g[:] for g in self.order_groups]
        new.order_pending = self.order_pending[:]
        new.order_rolls = [r[:] for r in self.order_rolls]
        new.starting = self.starting
        new.turn_idx = self.turn_idx
        new.current = self.current
        new.turns = self.turns
        new.phase = self.phase
        new.purpose = self.purpose
        new.die = self.die
        new.drawing = self.drawing
        new.winner = self.winner
        new._legal = self._legal
        new._plans = self._plans
        return new

    # --- queries -------------------------------------------------------------------------
    @property
    def star_found(self) -> bool:
        return self.bag.counts[STAR] == 0

    @property
    def horseshoes_opened(self) -> int:
        return HORSESHOES - self.bag.counts[HORSESHOE]

    def has_item(self, seat: int) -> bool:
        """Whether ``seat`` holds a winning item: the star or a valid horseshoe."""
        return self.star[seat] or self.shoes[seat] > 0

    def at_sea(self, seat: int) -> bool:
        return self.leg_dest[seat] >= 0

    def strand_condition(self, seat: int) -> str:
        """Which of S1–S4 (§7) holds for ``seat`` now, or ``""``. Never for a player at sea
        or one not yet on the board."""
        return stranding.condition(self, seat)

    def destinations(self) -> tuple[tuple[int, tuple[tuple[int, ...], ...]], ...]:
        """In the step phase: the land move's destinations and their routes (see
        ``board.LAND_MOVES``)."""
        if self.phase != STEP:
            return ()
        return LAND_MOVES[self.pos[self.current]][self.die]

    # --- player actions ------------------------------------------------------------------
    def _act(self, action: Action, plan: Any) -> list[Event]:
        p = self.current
        events: list[Event] = []
        phase = self.phase
        if phase == START:
            self.pos[p] = plan
            events.append(("start", p, NODES[plan].id))
            self.starting += 1
            if self.starting < len(self.order):
                self.current = self.order[self.starting]
                return events
            self.turn_idx = 0
            self.current = self.order[0]
            self._begin_turn(events)
            return events
        if phase == STEP:
            dest, route = plan
            travel.walk(self, p, dest, route, events)
            return events
        if phase == BUY_PHASE:
            if action is BUY or action == BUY:
                return opening.buy(self, p, events)
            events.append(("declined", p, NODES[self.pos[p]].id))
            self._end_turn(events)
            return events
        # TURN: exactly one action.
        kind, arg = plan
        if kind == "walk":
            self.phase = ROLL
            self.purpose = FOR_MOVE
            return events
        if kind == "sail" or kind == "sail_free":
            travel.embark(self, p, arg, kind == "sail_free", events)
            return events
        if kind == "sail_on":
            travel.sail(self, p, travel.FREE_STEPS, events)
            return events
        if kind == "fly":
            travel.fly(self, p, arg, events)
            return events
        if kind == "try_token":
            events.append(("try_token", p, NODES[self.pos[p]].id))
            self.phase = ROLL
            self.purpose = FOR_TOKEN
            return events
        if kind == "buy":
            return opening.buy(self, p, events)
        events.append(("passed", p))
        self._end_turn(events)
        return events

    # --- chance --------------------------------------------------------------------------
    def _rolled(self, value: int) -> list[Event]:
        p = self.current
        self.die = value
        events: list[Event] = [("rolled", p, value)]
        purpose = self.purpose
        if purpose == FOR_MOVE:
            travel.plan_step(self)
            return events
        if purpose == FOR_SEA:
            travel.sail(self, p, value, events)
            return events
        if purpose == FOR_TOKEN:
            if value >= TOKEN_MIN:
                self.drawing = self.pos[p]
                self.phase = DRAW
                return events
            events.append(("token_stays", p, NODES[self.pos[p]].id))
            self._end_turn(events)
            return events
        # Escape.
        if value > ESCAPE_MAX:
            events.append(("still_captured", p))
            self._end_turn(events)
            return events
        self.captured[p] = False
        events.append(("escaped", p))
        if not self.options.escape_roll_moves:
            self._end_turn(events)
        elif self.leg_dest[p] >= 0:
            travel.sail(self, p, value, events)
        else:
            travel.plan_step(self)
        return events

    # --- turns ---------------------------------------------------------------------------
    def _finish(self, winner: int) -> None:
        self.winner = winner
        self.phase = OVER
        self._legal = _NONE
        self._plans = ()

    def _strand_check(self, events: list[Event]) -> bool:
        """Strand whom §7 now strands; returns whether that ended the game."""
        return stranding.check(self, events)

    def _end_turn(self, events: list[Event]) -> None:
        if self._strand_check(events):
            return
        self._next_player()
        self._begin_turn(events)

    def _next_player(self) -> None:
        order = self.order
        n = len(order)
        i = self.turn_idx
        for _ in range(n):
            i = (i + 1) % n
            if not self.stranded[order[i]]:
                break
        self.turn_idx = i
        self.current = order[i]

    def _begin_turn(self, events: list[Event]) -> None:
        while True:
            p = self.current
            self.turns += 1
            self.die = 0
            events.append((TURN_EVENT, p))
            if self.slave[p] > 0:
                self.slave[p] -= 1
                events.append(("slave_turn", p, self.slave[p]))
                if self._strand_check(events):
                    return
                self._next_player()
                continue
            if self.captured[p]:
                self.phase = ROLL
                self.purpose = FOR_ESCAPE
                return
            if self.leg_dest[p] >= 0:
                if self.free[p]:
                    self.phase = TURN
                    self._legal = (SAIL_ON,)
                    self._plans = (("sail_on", 0),)
                else:
                    self.phase = ROLL
                    self.purpose = FOR_SEA
                return
            self.phase = TURN
            self._plan_turn()
            return

    def _plan_turn(self) -> None:
        """The legal actions of the current player's one action (tests set up turns with it)."""
        travel.plan_turn(self)

    # --- views ---------------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """Everything is public but the tokens still face down, whose content does not exist
        yet: every seat and spectators see the same, with ``you`` naming the reader."""
        return _view(self, player)


__all__ = [
    "BLANK",
    "BUY_PHASE",
    "DRAW",
    "EMERALD",
    "FOR_ESCAPE",
    "FOR_MOVE",
    "FOR_ORDER",
    "FOR_SEA",
    "FOR_TOKEN",
    "GEMS",
    "NO_TOKEN",
    "ORDER",
    "OVER",
    "PHASE_NAMES",
    "PURPOSES",
    "ROBBER",
    "ROLL",
    "RUBY",
    "START",
    "STEP",
    "TOPAZ",
    "TURN",
    "UNOPENED",
    "AfrikaOptions",
    "AfrikaState",
]
