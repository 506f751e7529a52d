"""The heuristic computer player: the baseline of spec §10 with the recommended improvements.

Costs are expected turns. On first use, a layered Dijkstra from every place gives the cost
from any node to any place with k × £100 to spend (k = 0..10): a land step costs 1/3.5 turn
(the mean roll), a sea leg its exact expected number of turns at sea (pirate capture included)
and one ticket, a flight one turn and three tickets. With money in the layers, a plan never
counts on a second voyage it cannot pay for, so the player does not walk back and forth. A
move is then chosen by looking up, never by searching, so the player is quick enough to be
the playout policy of the search bots.

- **Budget** (§10 table): how much the player will spend on tickets; the tickets it buys
  (within the money) pick the layer.
- **Target:** without a winning item, the nearest unopened token (Slave Coast priced at
  P(blank) × 3 turns, the Gold Coast's double gems and an unclaimed Capetown bonus as a bit of
  a pull when cash-poor); with one, the nearer start point.
- **Move:** walking costs 1 turn + the mean over the six rolls of the best destination's cost
  (a hazard dot costs 3 turns more); a voyage its turns at sea; a flight 1 turn; tickets cost
  ``MONEY_TURNS`` turns per pound for a player without a winning item (a detour by sea must
  save about 3 steps, as the baseline says).
- **Tokens:** bought on arrival on the mainland with £100, on an island only with £200 (the
  fare home stays); otherwise rolled for at the start of the next turn. A holder of a winning
  item leaves tokens alone and heads home.
"""

from __future__ import annotations

import heapq
import random
from typing import TYPE_CHECKING

from spelkvall.core import Action

from .actions import BUY, DECLINE, FLY, GO, SAIL, SAIL_FREE, START_AT, TRY_TOKEN, WALK
from .board import (
    AIR,
    CAPETOWN,
    CITIES,
    GOLD_COAST,
    HAZARD,
    ISLAND_CITIES,
    LAND,
    LAND_MOVES,
    LEGS,
    NODES,
    NUM_NODES,
    PLACES,
    SLAVE_COAST,
    STARTS,
)
from .phases import BUY_PHASE, START, STEP
from .tokens import BLANK, EMERALD, RUBY, TOPAZ

if TYPE_CHECKING:
    from .rules import AfrikaState

STEP_TURNS = 1 / 3.5
"""Expected turns per land step: one roll moves 3.5 steps on average."""
FLIGHT_TURNS = 1.0
CAPTURE_TURNS = 3.0
"""Expected turns lost when captured: a roll of 1 or 2 frees, a third of the time."""
MONEY_TURNS = 0.0086
"""Turns a pound is worth to a player without a winning item: £100 ≈ 3 land steps."""
INF = float("inf")

_IS_HAZARD = tuple(n.kind == HAZARD for n in NODES)
_ISLAND = frozenset(ISLAND_CITIES)


def _sea_turns(path: tuple[int, ...], free: bool) -> float:
    """Expected turns to sail a leg (the boarding turn included): by die, or 2 steps a turn
    on a free passage; ending a turn on a pirate dot costs the capture."""
    n = len(path)
    memo: dict[tuple[int, bool], float] = {}

    def turns(k: int, captured: bool) -> float:
        if k >= n:
            return 0.0
        key = (k, captured)
        if key in memo:
            return memo[key]
        if captured:
            # 1/3 of the turns free the player, who moves the roll (1 or 2) on.
            escape = (after(k + 1) + after(k + 2)) / 2
            value = 3.0 + escape
        elif free:
            value = 1.0 + after(k + 2)
        else:
            value = 1.0 + sum(after(k + r) for r in range(1, 7)) / 6
        memo[key] = value
        return value

    def after(k: int) -> float:
        if k >= n:
            return 0.0
        return turns(k, _IS_HAZARD[path[k - 1]])

    return turns(0, False)


SEA_TURNS: dict[tuple[int, int], float] = {}
FREE_SEA_TURNS: dict[tuple[int, int], float] = {}
for _p in PLACES:
    for _d, _path in LEGS[_p]:
        SEA_TURNS[_p, _d] = _sea_turns(_path, False)
        FREE_SEA_TURNS[_p, _d] = _sea_turns(_path, True)


MAX_TICKETS = 10
"""Money is counted in £100 tickets up to this many; more buys nothing the tables can use."""


def _layers(target: int, money_turns: float, free: bool) -> list[list[float]]:
    """``layers[k][node]``: expected turns from ``node`` to ``target`` with ``k`` × £100 to
    spend on tickets (a sea ticket takes one, a flight three), tickets priced at
    ``money_turns`` turns per pound; with ``free``, a broke player sails for free (§9.1)."""
    sea_fare = 100 * money_turns
    air_fare = FLIGHT_TURNS + 300 * money_turns
    layers: list[list[float]] = []
    for k in range(MAX_TICKETS + 1):
        dist = [INF] * NUM_NODES
        dist[target] = 0.0
        # Boarding or flying spends tickets: the rest of the way is on a lower layer.
        for v in PLACES:
            best = dist[v]
            if k >= 1:
                below = layers[k - 1]
                for dest, _ in LEGS[v]:
                    c = SEA_TURNS[v, dest] + sea_fare + below[dest]
                    if c < best:
                        best = c
            if k >= 3:
                below = layers[k - 3]
                for dest in AIR[v]:
                    c = air_fare + below[dest]
                    if c < best:
                        best = c
            dist[v] = best
        heap = [(c, v) for v, c in enumerate(dist) if c < INF]
        heapq.heapify(heap)
        while heap:
            d, v = heapq.heappop(heap)
            if d > dist[v]:
                continue
            if k == 0 and free and v in _PLACE_SET:
                # A free voyage reaches v from every port with a leg to it.
                for w, _ in LEGS[v]:
                    nd = d + FREE_SEA_TURNS[w, v]
                    if nd < dist[w]:
                        dist[w] = nd
                        heapq.heappush(heap, (nd, w))
            nd = d + STEP_TURNS
            for w in LAND[v]:
                if nd < dist[w]:
                    dist[w] = nd
                    heapq.heappush(heap, (nd, w))
        layers.append(dist)
    return layers


_PLACE_SET = frozenset(PLACES)


class Tables:
    """The cost tables for one way of pricing tickets, built on first use (a few tenths of a
    second): ``cost[k][place][node]`` and ``nearest[k][node]`` (cities nearest first)."""

    def __init__(self, money_turns: float, free: bool) -> None:
        per_target = {t: _layers(t, money_turns, free) for t in PLACES}
        self.cost: list[dict[int, list[float]]] = [
            {t: per_target[t][k] for t in PLACES} for k in range(MAX_TICKETS + 1)
        ]
        self.nearest: list[tuple[tuple[int, ...], ...]] = [
            tuple(tuple(sorted(CITIES, key=lambda c: layer[c][v])) for v in range(NUM_NODES))
            for layer in self.cost
        ]


_TABLES: dict[tuple[bool, bool], Tables] = {}


def tables(home: bool, free: bool) -> Tables:
    """The tables of a holder of a winning item (``home``: tickets cost nothing but money,
    which is for getting home) or of anybody else, with or without free passage."""
    key = (home, free)
    if key not in _TABLES:
        _TABLES[key] = Tables(0.0 if home else MONEY_TURNS, free)
    return _TABLES[key]


def budget(state: AfrikaState, p: int, money: int | None = None) -> int:
    """How much ``p`` will spend on tickets this turn (§10's table), with ``money`` (default:
    what ``p`` has)."""
    if money is None:
        money = state.money[p]
    if state.has_item(p):
        return money
    if state.star_found and money == 300:
        return 200  # keep £100 for a token
    if money <= 100:
        v = state.pos[p]
        if state.mainland_left == 0 or v in _ISLAND or not LAND[v]:
            return money
        return 0
    if money <= 500:
        return 100
    if money <= 1000:
        return 300
    return money // 3


def tickets(state: AfrikaState, p: int, money: int | None = None) -> int:
    """The £100 tickets ``p`` will spend on the way (the budget, within the money)."""
    if money is None:
        money = state.money[p]
    return min(MAX_TICKETS, min(money, budget(state, p, money)) // 100)


class Plan:
    """What one decision needs: the player's targets and how to price a node."""

    __slots__ = ("bonus", "cache", "home", "nearest", "state", "table", "tables", "token_pen")

    def __init__(self, state: AfrikaState, p: int) -> None:
        self.state = state
        self.home = state.has_item(p)
        self.tables = tables(self.home, state.options.free_passage_2005)
        self.cache: dict[tuple[int, int], float] = {}
        self.token_pen: dict[int, float] = {}
        self.bonus = 0.0
        if self.home:
            return
        bag = state.bag.counts
        left = state.bag.size or 1
        # Enslavement: opening a blank at Slave Coast costs 3 turns.
        self.token_pen[SLAVE_COAST] = 3.0 * bag[BLANK] / left
        if state.money[p] <= 100:
            # Cash-poor: the Gold Coast's doubled gems are worth a detour, and so is an
            # unclaimed Capetown bonus.
            gems = 300 * bag[TOPAZ] + 500 * bag[EMERALD] + 1000 * bag[RUBY]
            self.token_pen[GOLD_COAST] = -min(2.0, gems / left / 400)
            if not state.bonus_claimed:
                self.bonus = 2.5

    def cost(self, v: int, k: int) -> float:
        """Expected turns from node ``v`` to the nearest target with ``k`` tickets."""
        got = self.cache.get((v, k))
        if got is not None:
            return got
        costs = self.tables.cost[k]
        if self.home:
            best = min(costs[s][v] for s in STARTS)
        else:
            best = INF
            token_at = self.state.token_at
            pen = self.token_pen
            for c in self.tables.nearest[k][v]:
                base = costs[c][v]
                if base - 2.0 >= best:
                    break
                if token_at[c] == -1:
                    value = base + pen.get(c, 0.0)
                    if value < best:
                        best = value
            if self.bonus:
                best = min(best, costs[CAPETOWN][v] - self.bonus + 1.0)
        if _IS_HAZARD[v]:
            best += CAPTURE_TURNS
        self.cache[v, k] = best
        return best

    def walk(self, v: int, k: int) -> float:
        """Expected turns when walking from ``v`` now: this turn plus the best end per roll."""
        total = 0.0
        for roll in range(1, 7):
            total += min(self.cost(d, k) for d, _ in LAND_MOVES[v][roll])
        return 1.0 + total / 6


def choose(state: AfrikaState, p: int, rng: random.Random) -> Action:
    """The heuristic's action for ``p``, who is to act in ``state``."""
    legal = state.legal_actions(p)
    if len(legal) == 1:
        return legal[0]
    phase = state.phase
    if phase == START:
        counts = {v: state.pos.count(v) for v in STARTS}
        fewest = min(counts.values())
        return START_AT[rng.choice([v for v in STARTS if counts[v] == fewest])]
    v = state.pos[p]
    if phase == BUY_PHASE:
        return BUY if _buys(state, p, v) else DECLINE
    k = tickets(state, p)
    plan = Plan(state, p)
    if phase == STEP:
        options = [(plan.cost(d, k), i) for i, (d, _) in enumerate(state.destinations())]
        value, i = min(options)
        if value == INF:
            return rng.choice(legal)  # nowhere to go: wander (the game will strand us)
        return GO[state.destinations()[i][0], 0]
    # The turn's one action.
    home = state.has_item(p)
    if not home and v < len(state.token_at) and state.token_at[v] == -1:
        if BUY in legal and _buys(state, p, v):
            return BUY
        return TRY_TOKEN
    money_turns = 0.0 if home else MONEY_TURNS
    best_action: Action = legal[0]
    best = INF
    if WALK in legal:
        best = plan.walk(v, k)
        best_action = WALK
    # Every voyage and flight on offer: (action, turns it takes, tickets, destination).
    trips: list[tuple[Action | None, float, int, int]] = []
    if k >= 1:
        trips += [(SAIL[d], SEA_TURNS[v, d], 1, d) for d, _ in LEGS[v]]
    if k >= 3:
        trips += [(FLY[d], FLIGHT_TURNS, 3, d) for d in AIR[v]]
    if state.money[p] == 0:
        trips += [(SAIL_FREE[d], FREE_SEA_TURNS[v, d], 0, d) for d, _ in LEGS[v]]
    available = [t for t in trips if t[0] is not None and t[0] in legal]
    for action, turns, spent, dest in available:
        value = turns + plan.cost(dest, k - spent) + 100 * spent * money_turns
        if value < best:
            best, best_action = value, action  # type: ignore[assignment]
    if best == INF:
        # No target within reach: spend what there is on a trip (which ends in a strand the
        # rules can see), roll for a token, or wander; never stand still for ever.
        if available:
            return rng.choice(available)[0]  # type: ignore[return-value]
        if TRY_TOKEN in legal:
            return TRY_TOKEN
        return rng.choice(legal)
    return best_action


def _buys(state: AfrikaState, p: int, v: int) -> bool:
    """Buy the token here? On the mainland with £100; on an island with £200, so the fare
    away is kept (the classic trap: broke on an island with its token gone)."""
    money = state.money[p]
    if state.has_item(p) or money < 100:
        return False
    if v in _ISLAND and not state.options.free_passage_2005:
        return money >= 200
    return True


# The default tables are built at import (about a tenth of a second), so a computer player's
# first move is not slower than the others; the free-passage ones wait for a game that uses it.
tables(False, False)
tables(True, False)
