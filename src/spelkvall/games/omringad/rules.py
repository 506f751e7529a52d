"""The rules of Omringad (``../shared/specs/omringad.md``) as a fast mutable state.

Inside: plain ints and lists. ``stacks[square]`` is the list of units (``units.py`` ints) on a
square, bottom first; ``control[square]`` its controller; ``terrain[square]`` its tile. The
state runs the set-up (secret terrain, the set-up purchase) and then rounds of eight phases
(§B6); phases without a decision run by themselves inside ``apply``. Module functions with one
job each take the state:

- ``setup.py``: the set-up (§B5: terrain tiles, the starting army; ``START_GOLD``);
- ``initiative.py``: a round's start and the initiative (§B6.1);
- ``auction.py``: the auction of a special unit (§B7) and where a special may go;
- ``purchase.py``: the purchase (§B8);
- ``movement.py``: the movement phase (square → units → path → confirm, pinning, conquest);
- ``combat.py``: the combat phase (battles, dice, hits, the Diplomat, retreats, control);
- ``reinforcement.py``: the reinforcement phase (§B12: placing, merging, the siege limit);
- ``scoring.py``: scoring and victory (§B13);
- ``view.py``: the view JSON and what each seat may see.

``rules.py`` keeps the state, the contract, the round's course (``_advance``) and the queries
other modules ask; the public ones of the phases' modules are methods here that hand over.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spelkvall.core import CHANCE, Action, Bag, Event, IllegalAction, Result, Seat, State
from spelkvall.core.turns import next_player

from . import auction, combat, initiative, movement, purchase, reinforcement, scoring, setup
from . import units as U
from .actions import DICE, DRAWS, Die, DrawSpecial
from .board import (
    ADJACENT,
    BARE,
    CASTLE,
    COUNTRY,
    GENERAL,
    HORSES,
    POOL,
    REGULAR,
    SPECIALS,
    TILES,
    TURN_ORDER,
    UNIT_INDEX,
    VILLAGE,
)
from .options import OmringadOptions
from .phases import (
    AU_BID,
    AU_DRAW,
    AU_PLACE,
    AU_SEALED,
    AUCTION,
    BACK_BUDGET,
    COMBAT,
    INCOME,
    INITIATIVE,
    MOVEMENT,
    OVER,
    PURCHASE,
    REINFORCEMENT,
    SCORING,
    SETUP,
    TERRAIN,
)
from .setup import START_GOLD
from .view import view as _view

__all__ = ["START_GOLD", "OmringadState", "team_layout"]

_NONE: tuple[Action, ...] = ()


def team_layout(n: int, options: OmringadOptions) -> tuple[tuple[int, ...], ...] | None:
    """Four players play 2 v 2: diagonal countries (0+3, 1+2) or side by side (0+1, 2+3)."""
    if n != 4 or options.teams == "none":
        return None
    if options.teams == "side":
        return ((0, 1), (2, 3))
    return ((0, 3), (1, 2))


def _rank(u: int) -> int:
    # §B15: a General goes on top of its stack, Horses above it (DECISION).
    k = u & U.TYPE
    return 2 if k == HORSES else 1 if k == GENERAL else 0


class OmringadState(State):
    """A position of Omringad. Seat ``s`` owns country ``s`` (squares ``25s..25s+24``)."""

    __slots__ = (
        "_legal",
        "adj",
        "au_active",
        "au_bids",
        "au_leader",
        "au_price",
        "au_special",
        "au_stage",
        "backs",
        "bt_defender",
        "bt_dice",
        "bt_hit",
        "bt_hits",
        "bt_last",
        "bt_rollers",
        "bt_sq",
        "bt_stage",
        "bt_step",
        "bt_target",
        "contenders",
        "control",
        "cup",
        "current",
        "gold",
        "holder",
        "hostile",
        "init_rolls",
        "move_no",
        "mv_path",
        "mv_sel",
        "mv_src",
        "n",
        "options",
        "order",
        "passed",
        "pending",
        "phase",
        "placed",
        "points",
        "pool",
        "queue",
        "ranking_",
        "ready",
        "round",
        "seats",
        "spent",
        "stacks",
        "steps",
        "team",
        "teams",
        "terrain",
        "tiles",
        "winners_",
    )

    def __init__(self, seats: tuple[Seat, ...], options: OmringadOptions) -> None:
        n = len(seats)
        self.seats = seats
        self.options = options
        self.n = n
        self.order: tuple[int, ...] = TURN_ORDER[n]
        self.teams = team_layout(n, options)
        team = list(range(n))
        for index, members in enumerate(self.teams or ()):
            for p in members:
                team[p] = index
        self.team: tuple[int, ...] = tuple(team)
        # hostile[a][b] for parties 0..7 (7 is the neutral Dragon): never oneself or a teammate.
        self.hostile: tuple[tuple[bool, ...], ...] = tuple(
            tuple(
                a != b
                and (a == U.NEUTRAL or b == U.NEUTRAL or (a < n and b < n and team[a] != team[b]))
                for b in range(8)
            )
            for a in range(8)
        )
        self.adj = ADJACENT[n]
        squares = COUNTRY * n
        self.terrain: list[int] = [BARE] * squares
        self.control: list[int] = [sq // COUNTRY for sq in range(squares)]
        self.stacks: list[list[int]] = [[] for _ in range(squares)]
        self.pool: list[list[int]] = [list(POOL) for _ in range(n)]
        self.pending: list[list[int]] = [[] for _ in range(n)]
        self.gold: list[int] = [START_GOLD] * n
        self.points: list[int] = [0] * n
        self.cup = Bag([1] * SPECIALS)
        self.round = 0
        self.phase = TERRAIN
        self.holder = -1
        self.current = -1
        self.ready: list[bool] = [False] * n
        self.tiles: list[list[int]] = [list(TILES) for _ in range(n)]
        self.steps: list[list[int]] = [[] for _ in range(n)]
        """Per seat, what ``Back`` undoes in a step of several actions (encoded per phase)."""
        self.backs: list[int] = [BACK_BUDGET] * n
        self.spent: list[int] = [0] * n
        self.contenders: list[int] = []
        self.init_rolls: list[int] = []
        self.au_stage = AU_DRAW
        self.au_special = -1
        self.au_price = 0
        self.au_leader = -1
        self.au_active: list[bool] = [False] * n
        self.au_bids: list[int] = [-1] * n
        self.passed: list[bool] = [False] * n
        self.mv_src = -1
        self.mv_sel: list[int] = []
        self.mv_path: list[int] = []
        self.move_no = 0
        self.queue: list[int] = []
        self.bt_sq = -1
        self.bt_stage = 0
        self.bt_defender = -1
        self.bt_step = 0
        self.bt_rollers: list[int] = []
        self.bt_dice: list[int] = []
        self.bt_hits: list[int] = []
        self.bt_hit = -1
        self.bt_target = -1
        self.bt_last: list[tuple[int, int, int, bool]] = []
        self.placed: dict[int, int] = {}
        self.winners_: tuple[int, ...] = ()
        self.ranking_: tuple[tuple[int, ...], ...] = ()
        self._legal: dict[int, Sequence[Action]] = {}

    # --- the contract --------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    def players_to_act(self) -> tuple[int, ...]:
        phase = self.phase
        if phase in (TERRAIN, SETUP, PURCHASE) or (phase == AUCTION and self.au_stage == AU_SEALED):
            return tuple(p for p in range(self.n) if not self.ready[p])
        if phase in (MOVEMENT, REINFORCEMENT):
            return (self.current,)
        if phase == AUCTION and self.au_stage in (AU_BID, AU_PLACE):
            return (self.current,)
        if phase == COMBAT:
            return combat.to_act(self)
        return ()

    def is_chance(self) -> bool:
        phase = self.phase
        if phase == INITIATIVE:
            return True
        if phase == AUCTION:
            return self.au_stage == AU_DRAW
        if phase == COMBAT:
            return combat.is_chance(self)
        return False

    def chance_outcomes(self) -> Sequence[tuple[Action, float]]:
        phase = self.phase
        if phase == INITIATIVE:
            return [(d, 1 / 6) for d in DICE]
        if phase == AUCTION and self.au_stage == AU_DRAW:
            return [(DRAWS[k], p) for k, p in self.cup.outcomes()]
        if phase == COMBAT:
            return combat.chance_outcomes(self)
        return ()

    def legal_actions(self, player: int | None = None) -> Sequence[Action]:
        if self.is_chance():
            if player is None or player == CHANCE:
                return [a for a, _ in self.chance_outcomes()]
            return _NONE
        to_act = self.players_to_act()
        if player is None:
            if len(to_act) != 1:
                return _NONE
            player = to_act[0]
        if player not in to_act:
            return _NONE
        cached = self._legal.get(player)
        if cached is None:
            cached = self._legal[player] = tuple(self._compute_legal(player))
        return cached

    def _compute_legal(self, player: int) -> Sequence[Action]:
        phase = self.phase
        if phase == MOVEMENT:
            return movement.legal(self, player)
        if phase == COMBAT:
            return combat.legal(self, player)
        if phase == PURCHASE:
            return purchase.legal(self, player)
        if phase == REINFORCEMENT:
            return reinforcement.legal(self, player)
        if phase == AUCTION:
            return auction.legal(self, player)
        if phase == TERRAIN:
            return setup.legal_terrain(self, player)
        if phase == SETUP:
            return setup.legal(self, player)
        return _NONE

    def apply(self, action: Action, player: int | None = None) -> list[Event]:
        if self.phase == OVER:
            raise IllegalAction("error.game_over", "the game is over")
        if self.is_chance():
            if player is not None and player != CHANCE:
                raise IllegalAction("error.chance_pending", "chance acts now")
            if action not in self.legal_actions(CHANCE):
                raise IllegalAction("error.illegal_action", f"{action!r} is not an outcome now")
            self._legal = {}
            events = self._apply_chance(action)
        else:
            if player == CHANCE:
                raise IllegalAction("error.illegal_action", "a player's action applied as chance")
            to_act = self.players_to_act()
            if player is None and len(to_act) == 1:
                player = to_act[0]
            if player is None or player not in to_act:
                raise IllegalAction("error.not_your_turn", f"seat {player} is not to act")
            if action not in self.legal_actions(player):
                raise IllegalAction("error.illegal_action", f"{action!r} by {player} is not legal")
            events = self._apply_player(action, player)
        self._legal = {}
        self._advance(events)
        return events

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        return Result(
            winners=self.winners_,
            ranking=self.ranking_,
            scores=tuple(float(p) for p in self.points),
        )

    def view(self, player: int | None) -> dict[str, Any]:
        return _view(self, player)

    def clone(self) -> OmringadState:
        new = OmringadState.__new__(OmringadState)
        new.seats = self.seats
        new.options = self.options
        new.n = self.n
        new.order = self.order
        new.teams = self.teams
        new.team = self.team
        new.hostile = self.hostile
        new.adj = self.adj
        new.terrain = self.terrain[:]
        new.control = self.control[:]
        new.stacks = [s[:] for s in self.stacks]
        new.pool = [p[:] for p in self.pool]
        new.pending = [p[:] for p in self.pending]
        new.gold = self.gold[:]
        new.points = self.points[:]
        new.cup = self.cup.copy()
        new.round = self.round
        new.phase = self.phase
        new.holder = self.holder
        new.current = self.current
        new.ready = self.ready[:]
        new.tiles = [t[:] for t in self.tiles]
        new.steps = [s[:] for s in self.steps]
        new.backs = self.backs[:]
        new.spent = self.spent[:]
        new.contenders = self.contenders[:]
        new.init_rolls = self.init_rolls[:]
        new.au_stage = self.au_stage
        new.au_special = self.au_special
        new.au_price = self.au_price
        new.au_leader = self.au_leader
        new.au_active = self.au_active[:]
        new.au_bids = self.au_bids[:]
        new.passed = self.passed[:]
        new.mv_src = self.mv_src
        new.mv_sel = self.mv_sel[:]
        new.mv_path = self.mv_path[:]
        new.move_no = self.move_no
        new.queue = self.queue[:]
        new.bt_sq = self.bt_sq
        new.bt_stage = self.bt_stage
        new.bt_defender = self.bt_defender
        new.bt_step = self.bt_step
        new.bt_rollers = self.bt_rollers[:]
        new.bt_dice = self.bt_dice[:]
        new.bt_hits = self.bt_hits[:]
        new.bt_hit = self.bt_hit
        new.bt_target = self.bt_target
        new.bt_last = self.bt_last[:]
        new.placed = dict(self.placed)
        new.winners_ = self.winners_
        new.ranking_ = self.ranking_
        new._legal = {}
        return new

    # --- shared helpers ------------------------------------------------------------------
    def country(self, seat: int) -> range:
        return range(COUNTRY * seat, COUNTRY * seat + COUNTRY)

    def is_hostile(self, a: int, b: int) -> bool:
        return self.hostile[a][b]

    def hostile_in(self, sq: int, party: int) -> bool:
        """Whether ``sq`` holds units hostile to ``party`` (other teams' units or the Dragon)."""
        row = self.hostile[party]
        return any(row[(u >> U.OWNER_SHIFT) & 7] for u in self.stacks[sq])

    def add_units(self, sq: int, new: Sequence[int]) -> None:
        """Put units on a square: arrivals on top, then Generals and Horses above (§B15)."""
        stack = self.stacks[sq]
        stack.extend(new)
        if len(stack) > 1:
            stack.sort(key=_rank)

    def return_unit(self, u: int) -> None:
        """An eliminated unit goes back to its owner's pool, a special back to the cup."""
        k = u & U.TYPE
        if k >= REGULAR:
            self.cup.add(k - REGULAR)
        else:
            self.pool[(u >> U.OWNER_SHIFT) & 7][k] += 1

    def settlement_ok(self, sq: int, seat: int) -> bool:
        """A castle or village ``seat`` controls and no hostile unit stands on."""
        return (
            self.terrain[sq] in (CASTLE, VILLAGE)
            and self.control[sq] == seat
            and not self.hostile_in(sq, seat)
        )

    def besieging_squares(self, sq: int, seat: int) -> int:
        """§B12: distinct orthogonal neighbours holding hostile units able to besiege."""
        return reinforcement.besieging_squares(self, sq, seat)

    def siege_limit(self, sq: int, seat: int) -> int:
        """How many bought units may still be placed on ``sq`` this phase (-1: no limit)."""
        return reinforcement.siege_limit(self, sq, seat)

    def squares_held(self, seat: int) -> int:
        return sum(1 for c in self.control if c == seat)

    def can_place_special(self, seat: int, special: int) -> bool:
        return bool(self.special_squares(seat, special))

    def special_squares(self, seat: int, special: int) -> list[int]:
        """Where ``seat`` may put a special won at auction (§B7): a castle or village it
        controls, ignoring siege; the Dragon on any mountain, forest or bare square free of
        units."""
        return auction.special_squares(self, seat, special)

    def after(self, seat: int) -> int:
        """The next seat clockwise."""
        nxt = next_player(seat, self.n, order=self.order)
        assert nxt is not None
        return nxt

    # --- chance --------------------------------------------------------------------------
    def _apply_chance(self, action: Action) -> list[Event]:
        phase = self.phase
        if phase == INITIATIVE:
            assert isinstance(action, Die)
            return initiative.roll(self, action.value)
        if phase == AUCTION:
            assert isinstance(action, DrawSpecial)
            return auction.drawn(self, UNIT_INDEX[action.unit])
        return combat.apply_chance(self, action)

    def _apply_player(self, action: Action, player: int) -> list[Event]:
        phase = self.phase
        if phase == MOVEMENT:
            return movement.apply(self, action, player)
        if phase == COMBAT:
            return combat.apply(self, action, player)
        if phase == PURCHASE:
            return purchase.apply(self, action, player)
        if phase == REINFORCEMENT:
            return reinforcement.apply(self, action, player)
        if phase == AUCTION:
            return auction.apply(self, action, player)
        if phase == TERRAIN:
            return setup.apply_terrain(self, action, player)
        return setup.apply(self, action, player)

    # --- running by itself ---------------------------------------------------------------
    def _advance(self, events: list[Event]) -> None:
        """Run phases that need nobody until a decision, a chance event or the end."""
        while True:
            phase = self.phase
            if phase == TERRAIN:
                if not all(self.ready):
                    return
                events.append(("terrain_revealed", tuple(self.terrain)))
                setup.start(self)
            elif phase == SETUP:
                if not all(self.ready):
                    return
                heights = tuple(len(self.stacks[sq]) for sq in setup.settlement_list(self))
                events.append(("setup_revealed", heights))
                if not self.options.setup_purchase_separate:
                    self.gold = [0] * self.n
                initiative.start_round(self, events)
            elif phase == INITIATIVE:
                return  # round 1's roll-off is chance; later rounds start in initiative.start_round
            elif phase == AUCTION:
                return
            elif phase == PURCHASE:
                if not all(self.ready):
                    return
                events.append(("purchase_done", tuple(len(p) for p in self.pending)))
                self.gold = [0] * self.n  # §B8: unspent gold is lost
                movement.start(self, events)
            elif phase == MOVEMENT:
                if not movement.advance(self, events):
                    return
            elif phase == COMBAT:
                if not combat.advance(self, events):
                    return
            elif phase == REINFORCEMENT:
                if not reinforcement.advance(self, events):
                    return
            elif phase == INCOME:
                self.gold = [self.squares_held(p) for p in range(self.n)]
                events.append(("income", tuple(self.gold)))
                self.phase = SCORING
            elif phase == SCORING:
                scoring.score(self, events)
                if self.phase == OVER:
                    return
                initiative.start_round(self, events)
            else:
                return

    # --- the phases' modules -----------------------------------------------------------
    # Where a phase starts from outside its module (``combat.py``, the tests' set-ups).
    def _start_auction(self, events: list[Event]) -> None:
        auction.start(self, events)

    def _start_purchase(self, events: list[Event]) -> None:
        purchase.start(self, events)

    def _start_reinforce(self, events: list[Event]) -> None:
        reinforcement.start(self, events)

    # --- what set-up and reinforcement offer -------------------------------------------
    def setup_sites(self, p: int) -> list[int]:
        """The castle and the two villages of ``p``'s country, the castle first."""
        sites = [sq for sq in self.country(p) if self.terrain[sq] == CASTLE]
        return sites + [sq for sq in self.country(p) if self.terrain[sq] == VILLAGE]

    def place_sites(self, p: int) -> list[tuple[int, int]]:
        """``(square, limit)`` for every castle or village where ``p`` may place now
        (limit -1: no limit)."""
        return reinforcement.place_sites(self, p)

    def merges(self, p: int) -> list[tuple[int, int]]:
        """``(type, square)``: two damaged units of one type in a castle or village of ``p``."""
        return reinforcement.merges(self, p)
