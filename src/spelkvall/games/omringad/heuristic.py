"""Omringad's rule-of-thumb player, one answer for every kind of decision.

- Terrain: a compact heartland (the castle in the middle, villages, forests and mountains on
  the inner squares, lakes shielding the castle), turned a quarter per seat.
- Set-up and purchases: a mixed army (riders to strike, elite soldiers and mercenaries to
  hold, a General when there is gold to spare), piles as even as the rules demand.
- Auction: bids up to a price per special, never more than a share of the gold.
- Movement: plans a whole move (a square, a group, a path) by scoring every path the group can
  walk: squares conquered on the way, a battle it should win, a siege of an enemy settlement,
  a threatened settlement reinforced, ground gained towards the enemy; a garrison next to
  enemies stays. The plan depends on what the seat sees (other stacks by height and top unit
  only), so each small step of the move follows the same plan.
- Combat: the cheapest unit takes a hit, a Sharpshooter picks the dearest enemy, the weakest
  side is finished first, the Diplomat is spent when the defence would lose.
- Reinforcement: merges first, then units to the most threatened settlement.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from spelkvall.core import Action

from . import combat, movement
from . import units as U
from .actions import (
    ASSIGNS,
    BACK,
    BATTLES,
    BUYS,
    CONFIRM,
    DONE,
    DROP,
    FIGHT,
    MERGES,
    PASS,
    PLACE_SPECIALS,
    PLACES,
    RECRUITS,
    SELECTS,
    STEPS,
    TAKES,
    TARGETS,
    TILE_ACTIONS,
    USE_DIPLOMAT,
    PlaceTile,
    bid,
    sealed,
)
from .board import (
    CASTLE,
    COST,
    COUNTRY,
    DIES_FIRST_HIT,
    DRAGON,
    ELITE,
    FOREST,
    GENERAL,
    HORSES,
    LAKE,
    MERC,
    MOUNTAIN,
    RIDER,
    STRENGTH,
    TERRAIN_POINTS,
    VILLAGE,
)
from .phases import (
    AU_BID,
    AU_PLACE,
    AU_SEALED,
    AUCTION,
    BT_ASSIGN,
    BT_CHOOSE,
    BT_DIPLOMAT,
    BT_TARGET,
    COMBAT,
    MOVEMENT,
    PURCHASE,
    REINFORCEMENT,
    SETUP,
    TERRAIN,
)

if TYPE_CHECKING:
    from .rules import OmringadState

VALUE = (2, 3, 4, 5, 6, 10, 4, 6, 3, 4, 8, 6, 5, 6)
"""What a unit is worth to its owner (its cost; an auction guess for the specials)."""
SPECIAL_PRICE = {6: 4, 7: 5, 8: 4, 9: 3, 10: 8, 11: 6, 12: 4, 13: 6}
"""The most the heuristic bids for each special (Diplomat … Sharpshooters)."""
UNSEEN_POWER = 0.55
"""The fighting power guessed for an enemy unit hidden in a stack."""

# The heartland: (row, column) per tile kind, turned at random for each game.
TEMPLATE: tuple[tuple[int, int, int], ...] = (
    (CASTLE, 2, 2),
    (VILLAGE, 1, 1),
    (VILLAGE, 3, 3),
    (LAKE, 1, 2),
    (LAKE, 3, 2),
    (FOREST, 2, 1),
    (FOREST, 2, 3),
    (MOUNTAIN, 1, 3),
    (MOUNTAIN, 3, 1),
)


def choose(state: OmringadState, player: int, rng: random.Random) -> Action:
    legal = state.legal_actions(player)
    phase = state.phase
    if phase == MOVEMENT:
        action = move_step(state, player)
    elif phase == COMBAT:
        action = combat_choice(state, player)
    elif phase == PURCHASE:
        action = buy(state, player, rng)
    elif phase == REINFORCEMENT:
        action = reinforce(state, player)
    elif phase == AUCTION:
        action = auction(state, player)
    elif phase == TERRAIN:
        action = terrain(state, player, rng)
    elif phase == SETUP:
        action = recruit(state, player, rng)
    else:
        action = None
    if action is None or action not in legal:
        return legal[int(rng.random() * len(legal))]
    return action


# --- set-up ------------------------------------------------------------------------------------


def terrain(state: OmringadState, p: int, rng: random.Random) -> Action | None:
    tiles = state.tiles[p]
    if not any(tiles):
        return DONE
    # One orientation per seat (not drawn from the rng: the tiles of one layout must fit
    # together however many calls it takes).
    turn = p % 4
    for kind, r, c in TEMPLATE:
        for _ in range(turn):
            r, c = c, 4 - r
        x = COUNTRY * p + 5 * r + c
        if tiles[kind] and state.terrain[x] == 0:
            return TILE_ACTIONS[kind, x]
    free = [a for a in state.legal_actions(p) if isinstance(a, PlaceTile)]
    return free[int(rng.random() * len(free))] if free else DONE


ARMY = (RIDER, ELITE, ELITE, MERC, RIDER, ELITE, MERC, MERC, ELITE, MERC)


def recruit(state: OmringadState, p: int, rng: random.Random) -> Action | None:
    left = 25 - state.spent[p]
    sites = state.setup_sites(p)
    sizes = [len(state.stacks[x]) for x in sites]
    low = min(sizes)
    site = next(x for x, size in zip(sites, sizes, strict=True) if size == low)
    bought = sum(sizes)
    for k in ARMY[bought % len(ARMY) :] + ARMY:
        if COST[k] <= left and state.pool[p][k]:
            return RECRUITS[k, site]
    if COST[MERC] <= left and state.pool[p][MERC]:
        return RECRUITS[MERC, site]
    return DONE


def buy(state: OmringadState, p: int, rng: random.Random) -> Action | None:
    left = state.gold[p] - state.spent[p]
    pool = state.pool[p]
    has_general = pool[GENERAL] < 3
    order: list[int] = []
    if not has_general and left >= 16:
        order.append(GENERAL)
    pick = rng.random()
    if pick < 0.35:
        order += [RIDER, ELITE, MERC]
    elif pick < 0.7:
        order += [ELITE, RIDER, MERC]
    elif pick < 0.85:
        order += [4, ELITE, MERC]  # a catapult now and then
    else:
        order += [2, ELITE, MERC]  # archers
    for k in order:
        if pool[k] and COST[k] <= left:
            return BUYS[k]
    for k in (ELITE, MERC, RIDER, 2, 4):
        if pool[k] and COST[k] <= left:
            return BUYS[k]
    return DONE


# --- auction -----------------------------------------------------------------------------------


def auction(state: OmringadState, p: int) -> Action | None:
    special = state.au_special
    cap = min(SPECIAL_PRICE.get(special, 3), state.gold[p] * 2 // 5)
    if state.au_stage == AU_BID:
        if state.au_price + 1 <= cap:
            return bid(state.au_price + 1)
        return DROP
    if state.au_stage == AU_SEALED:
        return sealed(max(0, min(cap, state.gold[p])))
    if state.au_stage == AU_PLACE:
        squares = state.special_squares(p, special)
        if not squares:
            return None
        if special == DRAGON:
            return PLACE_SPECIALS[max(squares, key=lambda x: (dragon_spot(state, p, x), -x))]
        return PLACE_SPECIALS[max(squares, key=lambda x: (threat(state, x, p), -x))]
    return None


def dragon_spot(state: OmringadState, p: int, x: int) -> float:
    """Where the Dragon hurts the others: next to their settlements and stacks."""
    score = 0.0
    for nb in state.adj[x]:
        owner = state.control[nb]
        if state.hostile[p][owner]:
            if state.terrain[nb] in (CASTLE, VILLAGE):
                score += 2
            score += 0.3 * sum(1 for u in state.stacks[nb] if state.hostile[p][U.owner(u)])
        elif state.terrain[nb] in (CASTLE, VILLAGE):
            score -= 2
    return score


# --- strength ----------------------------------------------------------------------------------


def unit_power(k: int, hurt: bool, bonus: int = 0) -> float:
    s = STRENGTH[k][1 if hurt else 0]
    lives = 1 if hurt or k in DIES_FIRST_HIT or k == HORSES else 2
    if k == HORSES:
        return 0.0
    hit = 0.0 if s <= 0 else max(1, min(5, 7 - (s - bonus))) / 6
    return (hit + 0.12) * lives


def own_power(units: Sequence[int]) -> float:
    general = any(U.kind(u) == GENERAL for u in units)
    return sum(unit_power(U.kind(u), U.damaged(u), 1 if general else 0) for u in units)


def seen_power(state: OmringadState, x: int, p: int) -> float:
    """The hostile power on ``x`` as ``p`` sees it: each stack's top unit and its height."""
    total = 0.0
    tops: dict[int, int] = {}
    heights: dict[int, int] = {}
    row = state.hostile[p]
    for u in state.stacks[x]:
        o = U.owner(u)
        if not row[o]:
            continue
        tops[o] = u
        heights[o] = heights.get(o, 0) + 1
    for o, top in tops.items():
        k = U.kind(top)
        general = k == GENERAL or (k == HORSES and heights[o] > 1)
        total += unit_power(k, U.damaged(top), 1 if general else 0)
        total += (heights[o] - 1) * UNSEEN_POWER * (1.2 if general else 1.0)
        if state.terrain[x] == CASTLE:
            total *= 1.35
    return total


def threat(state: OmringadState, x: int, p: int) -> float:
    """Hostile power within two steps of ``x``."""
    seen = {x}
    ring = [x]
    score = 0.0
    for depth in (1, 2):
        nxt = []
        for y in ring:
            for nb in state.adj[y]:
                if nb in seen:
                    continue
                seen.add(nb)
                nxt.append(nb)
                score += seen_power(state, nb, p) / depth
        ring = nxt
    return score


# --- movement ----------------------------------------------------------------------------------


def square_worth(state: OmringadState, x: int) -> float:
    return 1.0 + TERRAIN_POINTS[state.terrain[x]]


def plan_groups(state: OmringadState, p: int, src: int) -> list[list[int]]:
    """Groups worth trying from ``src`` (as indices into its stack): everything that may go,
    the fast units only, and all but a guard of one when the square is a settlement."""
    stack = state.stacks[src]
    own_all = [i for i, u in enumerate(stack) if U.owner(u) == p]
    mine = [i for i in own_all if not U.moved(stack[i]) and U.kind(stack[i]) != DRAGON]
    horses = state.options.pin_counts_horses
    own_count = sum(1 for i in own_all if horses or U.kind(stack[i]) != HORSES)
    hostile = sum(
        1 for u in stack if state.hostile[p][U.owner(u)] and (horses or U.kind(u) != HORSES)
    )
    # Cheapest units stay behind when some must (pinned) or should (a garrison).
    movers = sorted(mine, key=lambda i: (VALUE[U.kind(stack[i])], i))
    keep = hostile
    if state.terrain[src] in (CASTLE, VILLAGE) and threat(state, src, p) > 0:
        keep = max(keep, 1 + int(threat(state, src, p) / 1.5))
    # Units that moved already stay anyway.
    stay_anyway = own_count - sum(1 for i in mine if horses or U.kind(stack[i]) != HORSES)
    need = max(0, keep - stay_anyway)
    free = movers[need:] if need else movers
    if not horses:  # Horses count for no pin: all of them may go along
        free = [i for i in free if U.kind(stack[i]) != HORSES] + [
            i for i in mine if U.kind(stack[i]) == HORSES
        ]
    groups: list[list[int]] = []
    if any(U.kind(stack[i]) != HORSES for i in free):
        groups.append(sorted(free))
    fast = [
        i for i in free if U.kind(stack[i]) == HORSES or movement.reach(state, [stack[i]], src) >= 2
    ]
    if any(U.kind(stack[i]) != HORSES for i in fast) and len(fast) < len(free):
        groups.append(sorted(fast))
    return groups


def paths(state: OmringadState, p: int, src: int, group: list[int]) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    todo: list[tuple[int, ...]] = [()]
    units = [state.stacks[src][i] for i in group]
    while todo:
        path = todo.pop()
        for nb in movement.next_squares(state, p, src, path, units):
            new = (*path, nb)
            out.append(new)
            todo.append(new)
    return out


def enemy_settlements(state: OmringadState, p: int) -> list[int]:
    return [
        x
        for x in range(len(state.terrain))
        if state.terrain[x] in (CASTLE, VILLAGE) and state.hostile[p][state.control[x]]
    ]


def distance_map(state: OmringadState, targets: set[int]) -> list[int]:
    """Steps from every square to the nearest of ``targets`` over land (12: far away)."""
    dist = [12] * len(state.terrain)
    ring = list(targets)
    for x in ring:
        dist[x] = 0
    depth = 0
    while ring and depth < 11:
        depth += 1
        nxt = []
        for y in ring:
            for nb in state.adj[y]:
                if dist[nb] > depth and state.terrain[nb] != LAKE:
                    dist[nb] = depth
                    nxt.append(nb)
        ring = nxt
    return dist


def score_path(
    state: OmringadState,
    p: int,
    src: int,
    group: list[int],
    path: tuple[int, ...],
    dist: list[int],
    power: dict[int, float],
) -> float:
    stack = state.stacks[src]
    units = [stack[i] for i in group]
    score = 0.0
    conquer = movement.conquers(state, units)
    row = state.hostile[p]
    for x in path:
        if conquer and not state.stacks[x] and row[state.control[x]]:
            score += square_worth(state, x) * 1.2
    dest = path[-1]
    mine = own_power(units)

    def seen(x: int) -> float:
        if x not in power:
            power[x] = seen_power(state, x, p)
        return power[x]

    if state.hostile_in(dest, p):
        theirs = seen(dest)
        if mine < 1.4 * theirs + 0.3:
            return -100.0
        score += square_worth(state, dest) * 1.5 + theirs * 1.5
    elif state.terrain[dest] in (CASTLE, VILLAGE) and state.control[dest] == p:
        score += min(threat(state, dest, p), mine) * 0.8
    # Besieging an enemy settlement blocks its reinforcements.
    if conquer:
        for nb in state.adj[dest]:
            if state.terrain[nb] in (CASTLE, VILLAGE) and row[state.control[nb]]:
                score += 1.5
    score += 0.35 * (dist[src] - dist[dest])
    # A group left standing next to a strong enemy is at risk.
    danger = sum(seen(nb) for nb in state.adj[dest])
    if danger > mine * 1.2 and not state.hostile_in(dest, p):
        score -= 1.0
    return score


Plan = tuple[int, list[int], tuple[int, ...]]
"""A move planned whole: the square, the group (indices into its stack), the path."""


def best_plan(state: OmringadState, p: int, only: int = -1) -> Plan | None:
    """The best move (square, group as stack indices, path), or ``None`` to pass."""
    dist = distance_map(state, set(enemy_settlements(state, p)))
    power: dict[int, float] = {}
    sources = [only] if only >= 0 else movement.select_squares(state, p)
    best: tuple[float, int, list[int], tuple[int, ...]] | None = None
    for src in sources:
        for group in plan_groups(state, p, src):
            for path in paths(state, p, src, group):
                score = score_path(state, p, src, group, path, dist, power)
                if best is None or score > best[0]:
                    best = (score, src, group, path)
    if best is None or best[0] <= 0.2:
        return None
    return best[1], best[2], best[3]


_UNPLANNED: Plan = (-1, [], ())
_PLANS: dict[tuple[int, int, int], Plan | None] = {}
"""Plans by (seat, square, board): a move takes several steps, and the board does not change
until it is confirmed, so the plan made for the first step serves the others."""


def _board_key(state: OmringadState, p: int) -> int:
    """The board as ``p`` knows it: the others' units by their public marks only (a plan uses
    nothing else, and a sampled state redraws their types)."""
    shift = U.OWNER_SHIFT
    stacks = (
        tuple(u if (u >> shift) & 7 == p else u & U.PUBLIC_MASK for u in stack)
        for stack in state.stacks
    )
    board = (state.options, state.round, state.move_no, tuple(state.terrain), tuple(state.control))
    return hash((*board, *stacks))


def move_step(state: OmringadState, p: int) -> Action | None:
    if len(_PLANS) > 512:
        _PLANS.clear()
    if state.mv_src < 0:
        plan = best_plan(state, p)
        if plan is not None:
            _PLANS[p, plan[0], _board_key(state, p)] = plan
        return PASS if plan is None else SELECTS[plan[0]]
    src = state.mv_src
    key = (p, src, _board_key(state, p))
    plan = _PLANS.get(key, _UNPLANNED)  # get: another thread may clear the cache meanwhile
    if plan is _UNPLANNED:
        plan = _PLANS[key] = best_plan(state, p, src)
    if plan is None:
        return BACK if state.backs[p] > 0 else None
    _src, group, path = plan
    stack = state.stacks[src]
    if not state.mv_path:
        chosen = [stack[i] for i in state.mv_sel]
        wanted = [stack[i] for i in group]
        for u in chosen:
            code = U.settled(u)
            for j, w in enumerate(wanted):
                if U.settled(w) == code:
                    del wanted[j]
                    break
        if wanted:
            u = wanted[-1]
            return TAKES[U.kind(u), U.damaged(u)]
    done = len(state.mv_path)
    if tuple(state.mv_path) == path[:done] and done < len(path):
        return STEPS[path[done]]
    if state.mv_path:
        return CONFIRM
    return None


# --- combat ------------------------------------------------------------------------------------


def hit_cost(k: int, hurt: bool, enemy_general: bool) -> float:
    if k == HORSES:
        return 99.0
    value = VALUE[k]
    if k == 9 and enemy_general:  # an Infiltrator facing a General is worth more
        value += 4
    if hurt or k in DIES_FIRST_HIT:
        return float(value)
    return value * 0.45


def combat_choice(state: OmringadState, p: int) -> Action | None:
    stage = state.bt_stage
    if stage == BT_CHOOSE:
        return BATTLES[state.queue[0]]
    if stage == BT_DIPLOMAT:
        sq = state.bt_sq
        ours = own_power([u for u in state.stacks[sq] if not state.hostile[p][U.owner(u)]])
        theirs = own_power([u for u in state.stacks[sq] if state.hostile[p][U.owner(u)]])
        return USE_DIPLOMAT if ours < 0.8 * theirs else FIGHT
    if stage == BT_TARGET:
        targets = combat.hit_targets(state, state.bt_hits[0] & 7)
        sq = state.bt_sq
        weakest = min(
            targets,
            key=lambda q: (sum(1 for u in state.stacks[sq] if U.owner(u) == q), q),
        )
        return TARGETS[combat.seat_of(weakest)]
    if stage == BT_ASSIGN:
        target = state.bt_target
        kinds = combat.hit_kinds(state, target)
        sq = state.bt_sq
        if target == p:
            enemy_general = any(
                U.kind(u) == GENERAL and state.hostile[p][U.owner(u)] for u in state.stacks[sq]
            )
            k, hurt = min(kinds, key=lambda kd: (hit_cost(kd[0], kd[1], enemy_general), kd))
        else:  # a Sharpshooter's hit: the dearest enemy unit
            k, hurt = max(kinds, key=lambda kd: (hit_cost(kd[0], kd[1], True), kd))
        return ASSIGNS[k, hurt]
    return None


# --- reinforcement -----------------------------------------------------------------------------


def reinforce(state: OmringadState, p: int) -> Action | None:
    merges = state.merges(p)
    if merges:
        k, x = merges[0]
        return MERGES[k, x]
    if not state.pending[p]:
        return DONE
    sites = state.place_sites(p)
    if not sites:
        return DONE
    x = max(
        (s for s, _limit in sites),
        key=lambda s: (threat(state, s, p) + (0.5 if state.terrain[s] == CASTLE else 0), -s),
    )
    k = max(state.pending[p], key=lambda kk: (VALUE[kk], kk))
    return PLACES[k, x]
