"""The rules of Omringad (``../shared/specs/omringad.md``) as a fast mutable state.

Inside: plain ints and lists. ``stacks[square]`` is the list of units (``units.py`` ints) on a
square, bottom first; ``control[square]`` its controller; ``terrain[square]`` its tile. The
state runs the set-up (secret terrain, the set-up purchase) and then rounds of eight phases
(§B6); phases without a decision run by themselves inside ``apply``. Module functions with one
job each take the state:

- ``movement.py``: the movement phase (square → units → path → confirm, pinning, conquest);
- ``combat.py``: the combat phase (battles, dice, hits, the Diplomat, retreats, control);
- ``view.py``: the view JSON and what each seat may see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spelkvall.core import CHANCE, Action, Bag, Event, IllegalAction, Result, Seat, State
from spelkvall.core.turns import next_player, players_in_order

from . import combat, movement
from . import units as U
from .actions import (
    BACK,
    BUYS,
    DICE,
    DONE,
    DRAWS,
    DROP,
    MERGES,
    PLACE_SPECIALS,
    PLACES,
    RECRUITS,
    TILE_ACTIONS,
    Back,
    Bid,
    Buy,
    Die,
    Done,
    DrawSpecial,
    Drop,
    Merge,
    Place,
    PlaceSpecial,
    PlaceTile,
    Recruit,
    SealedBid,
    bid,
    sealed,
)
from .board import (
    ADJACENT,
    BARE,
    CASTLE,
    COST,
    COUNTRY,
    DRAGON,
    FOREST,
    GENERAL,
    HORSES,
    LAKE,
    MOUNTAIN,
    POOL,
    REGULAR,
    SPECIALS,
    TERRAIN_INDEX,
    TERRAIN_POINTS,
    TILE_KINDS,
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
from .view import view as _view

_NONE: tuple[Action, ...] = ()
START_GOLD = 25


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
            return self._legal_purchase(player)
        if phase == REINFORCEMENT:
            return self._legal_reinforce(player)
        if phase == AUCTION:
            return self._legal_auction(player)
        if phase == TERRAIN:
            return self._legal_terrain(player)
        if phase == SETUP:
            return self._legal_setup(player)
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
        row = self.hostile[seat]
        count = 0
        dragon = self.options.dragon_besieges
        for nb in self.adj[sq]:
            lake = self.terrain[nb] == LAKE
            for u in self.stacks[nb]:
                if not row[(u >> U.OWNER_SHIFT) & 7]:
                    continue
                k = u & U.TYPE
                if k in combat.NO_SIEGE or (k == DRAGON and not dragon):
                    continue
                if lake:  # Pirates on a lake do not besiege
                    continue
                count += 1
                break
        return count

    def siege_limit(self, sq: int, seat: int) -> int:
        """How many bought units may still be placed on ``sq`` this phase (-1: no limit)."""
        besiegers = self.besieging_squares(sq, seat)
        if besiegers == 0:
            return -1
        if besiegers >= 2:
            return 0
        return max(0, 2 - self.placed.get(sq, 0))

    def squares_held(self, seat: int) -> int:
        return sum(1 for c in self.control if c == seat)

    def can_place_special(self, seat: int, special: int) -> bool:
        return bool(self.special_squares(seat, special))

    def special_squares(self, seat: int, special: int) -> list[int]:
        """Where ``seat`` may put a special won at auction (§B7): a castle or village it
        controls, ignoring siege; the Dragon on any mountain, forest or bare square free of
        units."""
        if special == DRAGON:
            return [
                sq
                for sq in range(len(self.terrain))
                if self.terrain[sq] in (MOUNTAIN, FOREST, BARE) and not self.stacks[sq]
            ]
        return [sq for sq in range(len(self.terrain)) if self.settlement_ok(sq, seat)]

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
            return self._initiative_roll(action.value)
        if phase == AUCTION:
            assert isinstance(action, DrawSpecial)
            return self._drawn(UNIT_INDEX[action.unit])
        return combat.apply_chance(self, action)

    def _apply_player(self, action: Action, player: int) -> list[Event]:
        phase = self.phase
        if phase == MOVEMENT:
            return movement.apply(self, action, player)
        if phase == COMBAT:
            return combat.apply(self, action, player)
        if phase == PURCHASE:
            return self._apply_purchase(action, player)
        if phase == REINFORCEMENT:
            return self._apply_reinforce(action, player)
        if phase == AUCTION:
            return self._apply_auction(action, player)
        if phase == TERRAIN:
            return self._apply_terrain(action, player)
        return self._apply_setup(action, player)

    # --- running by itself ---------------------------------------------------------------
    def _advance(self, events: list[Event]) -> None:
        """Run phases that need nobody until a decision, a chance event or the end."""
        while True:
            phase = self.phase
            if phase == TERRAIN:
                if not all(self.ready):
                    return
                events.append(("terrain_revealed", tuple(self.terrain)))
                self._start_setup()
            elif phase == SETUP:
                if not all(self.ready):
                    return
                heights = tuple(len(self.stacks[sq]) for sq in self._settlement_list())
                events.append(("setup_revealed", heights))
                if not self.options.setup_purchase_separate:
                    self.gold = [0] * self.n
                self._start_round(events)
            elif phase == INITIATIVE:
                return  # round 1's roll-off is chance; later rounds start in _start_round
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
                if not self._advance_reinforce(events):
                    return
            elif phase == INCOME:
                self.gold = [self.squares_held(p) for p in range(self.n)]
                events.append(("income", tuple(self.gold)))
                self.phase = SCORING
            elif phase == SCORING:
                self._score(events)
                if self.phase == OVER:
                    return
                self._start_round(events)
            else:
                return

    # --- set-up (§B5) --------------------------------------------------------------------
    def _legal_terrain(self, p: int) -> Sequence[Action]:
        tiles = self.tiles[p]
        out: list[Action] = []
        if any(tiles):
            free = [sq for sq in self.country(p) if self.terrain[sq] == BARE]
            for kind in TILE_KINDS:
                if tiles[kind]:
                    out.extend(TILE_ACTIONS[kind, sq] for sq in free)
        else:
            out.append(DONE)
        if self.steps[p] and self.backs[p] > 0:
            out.append(BACK)
        return out

    def _apply_terrain(self, action: Action, p: int) -> list[Event]:
        if isinstance(action, PlaceTile):
            kind = TERRAIN_INDEX[action.tile]
            self.terrain[action.square] = kind
            self.tiles[p][kind] -= 1
            self.steps[p].append(action.square)
            return [("tile", p, action.tile, action.square)]
        if isinstance(action, Back):
            sq = self.steps[p].pop()
            self.tiles[p][self.terrain[sq]] += 1
            self.terrain[sq] = BARE
            self.backs[p] -= 1
            return [("back", p)]
        self.ready[p] = True
        return [("ready", p)]

    def _settlement_list(self) -> list[int]:
        return [sq for sq in range(len(self.terrain)) if self.terrain[sq] in (CASTLE, VILLAGE)]

    def _start_setup(self) -> None:
        self.phase = SETUP
        self.ready = [False] * self.n
        self.steps = [[] for _ in range(self.n)]
        self.backs = [BACK_BUDGET] * self.n
        self.spent = [0] * self.n

    def setup_sites(self, p: int) -> list[int]:
        """The castle and the two villages of ``p``'s country, the castle first."""
        sites = [sq for sq in self.country(p) if self.terrain[sq] == CASTLE]
        return sites + [sq for sq in self.country(p) if self.terrain[sq] == VILLAGE]

    def _legal_setup(self, p: int) -> Sequence[Action]:
        # The three piles differ by at most one (DECISION O4): a unit goes on a smallest pile.
        sites = self.setup_sites(p)
        sizes = [len(self.stacks[sq]) for sq in sites]
        low = min(sizes)
        left = START_GOLD - self.spent[p]
        pool = self.pool[p]
        out: list[Action] = [
            RECRUITS[k, sq]
            for k in range(REGULAR)
            if pool[k] and COST[k] <= left
            for sq, size in zip(sites, sizes, strict=True)
            if size == low
        ]
        out.append(DONE)
        if self.steps[p] and self.backs[p] > 0:
            out.append(BACK)
        return out

    def _apply_setup(self, action: Action, p: int) -> list[Event]:
        if isinstance(action, Recruit):
            k = UNIT_INDEX[action.unit]
            self.pool[p][k] -= 1
            self.spent[p] += COST[k]
            self.add_units(action.square, [U.make(k, p)])
            self.steps[p].append(action.square * 16 + k)
            return [("recruit", p, action.unit, action.square)]
        if isinstance(action, Back):
            sq, k = divmod(self.steps[p].pop(), 16)
            stack = self.stacks[sq]
            u = U.make(k, p)
            del stack[len(stack) - 1 - stack[::-1].index(u)]
            self.pool[p][k] += 1
            self.spent[p] -= COST[k]
            self.backs[p] -= 1
            return [("back", p)]
        self.ready[p] = True
        return [("ready", p)]

    # --- rounds --------------------------------------------------------------------------
    def _start_round(self, events: list[Event]) -> None:
        self.round += 1
        events.append(("round", self.round))
        if self.round == 1:
            # §B6.1: in round 1 everyone rolls; the highest takes the initiative marker.
            self.phase = INITIATIVE
            self.contenders = list(self.order)
            self.init_rolls = []
            return
        self.holder = self.after(self.holder)
        events.append(("initiative", self.holder))
        self._start_auction(events)

    def _initiative_roll(self, value: int) -> list[Event]:
        seat = self.contenders[len(self.init_rolls)]
        self.init_rolls.append(value)
        events: list[Event] = [("init_roll", seat, value)]
        if len(self.init_rolls) < len(self.contenders):
            return events
        best = max(self.init_rolls)
        top = [s for s, v in zip(self.contenders, self.init_rolls, strict=True) if v == best]
        if len(top) > 1:
            self.contenders = top
            self.init_rolls = []
            events.append(("init_tie", tuple(top)))
            return events
        self.holder = top[0]
        events.append(("initiative", self.holder))
        self.contenders = []
        self.init_rolls = []
        self._start_auction(events)
        return events

    # --- auction (§B7) -------------------------------------------------------------------
    def _start_auction(self, events: list[Event]) -> None:
        self.phase = AUCTION
        self.au_special = -1
        if self.round == 1 or not self.cup:
            # §B14: no auction in round 1; §B7: none when the cup is empty.
            self._start_purchase(events)
            return
        self.au_stage = AU_DRAW

    def _drawn(self, special: int) -> list[Event]:
        self.cup.remove(special - REGULAR)
        self.au_special = special
        events: list[Event] = [("drawn", self.holder, special)]
        eligible = [self.can_place_special(p, special) for p in range(self.n)]
        if not any(eligible):
            events.append(("no_bids", special))
            self._unsold(events)
            return events
        self.au_price = 0
        self.au_leader = -1
        if self.options.auction == "sealed":
            self.au_stage = AU_SEALED
            self.au_bids = [-1 if e else 0 for e in eligible]
            self.ready = [not e for e in eligible]
            return events
        self.au_stage = AU_BID
        self.au_active = eligible
        self.current = self.holder
        self._auto_drop(events)
        return events

    def _unsold(self, events: list[Event]) -> None:
        self.cup.add(self.au_special - REGULAR)
        self.au_special = -1
        self._start_purchase(events)

    def _next_bidder(self, after: int) -> int:
        nxt = next_player(
            after,
            self.n,
            lambda s: self.au_active[s] and s != self.au_leader,
            order=self.order,
        )
        return -1 if nxt is None else nxt

    def _auto_drop(self, events: list[Event]) -> None:
        """Hand the turn on; a bidder who cannot raise drops out by itself; the auction ends
        when only the leader is left (or nobody, when nobody bid)."""
        while True:
            others = [s for s in range(self.n) if self.au_active[s] and s != self.au_leader]
            if not others:
                if self.au_leader < 0:
                    events.append(("no_bids", self.au_special))
                    self._unsold(events)
                else:
                    self._won(self.au_leader, self.au_price, events)
                return
            if self.current not in others:
                self.current = self._next_bidder(self.current)
            if self.gold[self.current] > self.au_price:
                return
            self.au_active[self.current] = False
            events.append(("dropped", self.current))
            self.current = self._next_bidder(self.current)

    def _won(self, seat: int, price: int, events: list[Event]) -> None:
        self.gold[seat] -= price
        events.append(("won_auction", seat, self.au_special, price))
        self.au_stage = AU_PLACE
        self.current = seat

    def _legal_auction(self, p: int) -> Sequence[Action]:
        if self.au_stage == AU_BID:
            return [DROP, *(bid(a) for a in range(self.au_price + 1, self.gold[p] + 1))]
        if self.au_stage == AU_SEALED:
            return [sealed(a) for a in range(0, self.gold[p] + 1)]
        return [PLACE_SPECIALS[sq] for sq in self.special_squares(p, self.au_special)]

    def _apply_auction(self, action: Action, p: int) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Bid):
            self.au_price = action.amount
            self.au_leader = p
            events.append(("bid", p, action.amount))
            self.current = p
            self._auto_drop(events)
        elif isinstance(action, Drop):
            self.au_active[p] = False
            events.append(("dropped", p))
            self.current = p
            self._auto_drop(events)
        elif isinstance(action, SealedBid):
            self.au_bids[p] = action.amount
            self.ready[p] = True
            events.append(("sealed_bid", p))
            if all(self.ready):
                self._sealed_result(events)
        elif isinstance(action, PlaceSpecial):
            special = self.au_special
            owner = U.NEUTRAL if special == DRAGON else p
            self.add_units(action.square, [U.make(special, owner)])
            events.append(("placed_special", p, special, action.square))
            self.au_special = -1
            self._start_purchase(events)
        return events

    def _sealed_result(self, events: list[Event]) -> None:
        bids = self.au_bids
        events.append(("sealed_bids", tuple(bids)))
        best = max(bids)
        if best <= 0:
            events.append(("no_bids", self.au_special))
            self._unsold(events)
            return
        # Ties go to the player earliest in turn order from the initiative holder.
        for seat in players_in_order(self.holder, self.n, order=self.order):
            if bids[seat] == best:
                self._won(seat, best, events)
                return

    # --- purchase (§B8) ------------------------------------------------------------------
    def _start_purchase(self, events: list[Event]) -> None:
        self.phase = PURCHASE
        self.spent = [0] * self.n
        self.steps = [[] for _ in range(self.n)]
        self.backs = [BACK_BUDGET] * self.n
        self.ready = [not self._can_buy(p) for p in range(self.n)]
        events.append(("phase", PURCHASE))

    def _can_buy(self, p: int) -> bool:
        left = self.gold[p] - self.spent[p]
        pool = self.pool[p]
        return any(pool[k] and COST[k] <= left for k in range(REGULAR))

    def _legal_purchase(self, p: int) -> Sequence[Action]:
        left = self.gold[p] - self.spent[p]
        pool = self.pool[p]
        out: list[Action] = [BUYS[k] for k in range(REGULAR) if pool[k] and COST[k] <= left]
        out.append(DONE)
        if self.steps[p] and self.backs[p] > 0:
            out.append(BACK)
        return out

    def _apply_purchase(self, action: Action, p: int) -> list[Event]:
        if isinstance(action, Buy):
            k = UNIT_INDEX[action.unit]
            self.pool[p][k] -= 1
            self.spent[p] += COST[k]
            self.pending[p].append(k)
            self.steps[p].append(k)
            return [("bought", p, action.unit)]
        if isinstance(action, Back):
            k = self.steps[p].pop()
            self.pending[p].remove(k)
            self.pool[p][k] += 1
            self.spent[p] -= COST[k]
            self.backs[p] -= 1
            return [("back", p)]
        self.ready[p] = True
        return [("ready", p)]

    # --- reinforcement (§B12) ------------------------------------------------------------
    def _start_reinforce(self, events: list[Event]) -> None:
        self.phase = REINFORCEMENT
        self.current = self.holder
        self.placed = {}
        self.passed = [False] * self.n
        events.append(("phase", REINFORCEMENT))

    def _advance_reinforce(self, events: list[Event]) -> bool:
        """Skip players with nothing to do; ``True`` when the phase is over."""
        while True:
            p = self.current
            if not self.passed[p] and self._legal_reinforce(p):
                return False
            if not self.passed[p]:
                self._finish_reinforce(p, events)
            if all(self.passed):
                self.phase = INCOME
                return True
            self.current = self.after(p)
            self.placed = {}

    def _finish_reinforce(self, p: int, events: list[Event]) -> None:
        self.passed[p] = True
        if self.pending[p] and not self.options.unplaced_wait:
            for k in self.pending[p]:
                self.pool[p][k] += 1
            events.append(("unplaced", p, len(self.pending[p])))
            self.pending[p] = []

    def place_sites(self, p: int) -> list[tuple[int, int]]:
        """``(square, limit)`` for every castle or village where ``p`` may place now
        (limit -1: no limit)."""
        out = []
        for sq in range(len(self.terrain)):
            if self.terrain[sq] in (CASTLE, VILLAGE) and self.control[sq] == p:
                if self.hostile_in(sq, p):
                    continue
                limit = self.siege_limit(sq, p)
                if limit != 0:
                    out.append((sq, limit))
        return out

    def merges(self, p: int) -> list[tuple[int, int]]:
        """``(type, square)``: two damaged units of one type in a castle or village of ``p``."""
        out: list[tuple[int, int]] = []
        for sq in range(len(self.terrain)):
            if self.terrain[sq] not in (CASTLE, VILLAGE) or self.control[sq] != p:
                continue
            seen: dict[int, int] = {}
            for u in self.stacks[sq]:
                if u & U.DAMAGED and (u >> U.OWNER_SHIFT) & 7 == p and u & U.TYPE < REGULAR:
                    seen[u & U.TYPE] = seen.get(u & U.TYPE, 0) + 1
            out.extend((k, sq) for k, c in sorted(seen.items()) if c >= 2)
        return out

    def _legal_reinforce(self, p: int) -> list[Action]:
        out: list[Action] = []
        kinds = sorted(set(self.pending[p]))
        if kinds:
            for sq, _limit in self.place_sites(p):
                out.extend(PLACES[k, sq] for k in kinds)
        placing = bool(out)
        out.extend(MERGES[k, sq] for k, sq in self.merges(p))
        if out and not placing:
            out.append(DONE)
        return out

    def _apply_reinforce(self, action: Action, p: int) -> list[Event]:
        if isinstance(action, Place):
            k = UNIT_INDEX[action.unit]
            self.pending[p].remove(k)
            self.add_units(action.square, [U.make(k, p)])
            self.placed[action.square] = self.placed.get(action.square, 0) + 1
            return [("placed", p, action.unit, action.square)]
        if isinstance(action, Merge):
            k = UNIT_INDEX[action.unit]
            stack = self.stacks[action.square]
            hurt = U.make(k, p, True)
            for _ in range(2):
                for i, u in enumerate(stack):
                    if U.settled(u) == hurt:
                        del stack[i]
                        break
            self.add_units(action.square, [U.make(k, p)])
            self.pool[p][k] += 1
            return [("merged", p, action.unit, action.square)]
        assert isinstance(action, Done)
        events: list[Event] = []
        self._finish_reinforce(p, events)
        events.append(("ready", p))
        return events

    # --- income, scoring, victory (§B13) -------------------------------------------------
    def _score(self, events: list[Event]) -> None:
        held = [0] * self.n
        gained = [0] * self.n
        for sq, owner in enumerate(self.control):
            held[owner] += 1
            gained[owner] += TERRAIN_POINTS[self.terrain[sq]]
        most = max(held)
        if held.count(most) == 1:
            gained[held.index(most)] += 1
        for p in range(self.n):
            self.points[p] += gained[p]
        events.append(("scored", tuple(gained), tuple(self.points)))
        self._check_victory(events)

    def _groups(self) -> list[tuple[int, ...]]:
        if self.teams:
            return [tuple(t) for t in self.teams]
        return [(p,) for p in range(self.n)]

    def _check_victory(self, events: list[Event]) -> None:
        target = self.options.target
        groups = self._groups()
        total = {g: sum(self.points[p] for p in g) for g in groups}
        both = self.options.team_target == "both"
        reached = [g for g in groups if (all if both else any)(self.points[p] >= target for p in g)]
        if reached:
            best = max(total[g] for g in reached)
            top = [g for g in reached if total[g] == best]
            if len(top) == 1 or self.options.tie_rule == "shared":
                self._finish(top, groups, total, events)
                return
            events.append(("tie", tuple(p for g in top for p in g)))
        if self.round >= self.options.round_limit:
            best = max(total.values())
            top = [g for g in groups if total[g] == best]
            events.append(("round_limit", self.round))
            self._finish(top, groups, total, events)

    def _finish(
        self,
        top: list[tuple[int, ...]],
        groups: list[tuple[int, ...]],
        total: dict[tuple[int, ...], int],
        events: list[Event],
    ) -> None:
        winners = tuple(sorted(p for g in top for p in g))
        ranking: list[tuple[int, ...]] = [winners]
        rest = [g for g in groups if g not in top]
        for level in sorted({total[g] for g in rest}, reverse=True):
            ranking.append(tuple(sorted(p for g in rest if total[g] == level for p in g)))
        self.winners_ = winners
        self.ranking_ = tuple(ranking)
        self.phase = OVER
        events.append(("won", winners))
