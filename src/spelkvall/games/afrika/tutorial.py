"""Afrikas stjärna's guided first game ("Lär dig spela", ``core.tutorial``): the learner
against one computer at the easy level. The game has no short variant (the scripted dice and
tokens keep it short); the turn order is rolled for, as in the printed game, so the learner's
first decision is a roll and nothing moves on by itself under the guide's welcome.

The learner rolls highest, begins, and meets walking, sailing and flying in the very first
turn, wherever they start. Every die and token is chosen from the position, so the game stays
short whatever the learner picks:

- a land roll is the one whose stops lie nearest the learner's goal (a city with a token, or
  with the star Tangier or Cairo), both for the learner who takes the first stop offered (the
  keyboard's Enter) and for one who picks any;
- a roll for a token opens it, a captured learner rolls free, a voyage goes as far as it
  safely can (never onto a pirate dot);
- the learner's first token is a ruby (money for tickets, flights and tokens), and a broke
  learner finds a gem. The star comes next where the learner can walk home from (near Cairo,
  Tripoli or Tunis); elsewhere they find horseshoes (worthless before the star) until all five
  are out, and then the star, which wins at once (§5). The learner who always takes the first
  stop offered cannot walk home from Tangier's side of the map: the stops come in the order of
  their names, so for them the game ends this way;
- the computer's tokens are horseshoes while the star is out, then blanks: it can never win.
  It walks 2 steps a roll, and its rolls for tokens open them only while horseshoes are left.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from spelkvall.core import Tutorial
from spelkvall.core.tutorial import ROLL as ROLL_KIND

from .board import HAZARD, LAND_MOVES, NODES, SLAVE_COAST, STARTS
from .money import PRICE
from .rules import (
    DRAW,
    FOR_ESCAPE,
    FOR_MOVE,
    FOR_SEA,
    FOR_TOKEN,
    ORDER,
    ROLL,
    UNOPENED,
    AfrikaState,
)
from .tokens import BLANK, EMERALD, HORSESHOE, ROBBER, RUBY, STAR, TOKEN_NAMES, TOPAZ

LEARNER = 0

TUTORIAL = Tutorial(
    computers=("easy",),
    kinds=(ROLL_KIND, "start", "walk", "sail", "fly", "go", "buy", "decline", "try_token", "pass"),
    # The printed game's order: everybody rolls, highest first. The learner's roll for it is
    # their first decision, so nothing moves on by itself under the guide's welcome.
    options={"turn_order": "highest_roll"},
)

AFTER_STAR: tuple[int, ...] = (TOPAZ, EMERALD, RUBY, HORSESHOE, BLANK, ROBBER)
"""What the learner finds after the star, most welcome first (a horseshoe is a second
winning item then; a robber only when nothing else is left)."""
COMPUTER_MOVE = 2
COMPUTER_MISS = 3
"""The computer's roll for a token or to escape when it must fail (4–6 opens, 1–2 frees)."""
FAR = 10_000


def outcome(state: AfrikaState, drawn: int) -> int | Mapping[str, Any] | None:
    """The guided game's chance outcome at ``state`` (``None``: the seed decides). ``drawn``
    is not needed: every outcome is chosen from the position."""
    if state.phase == ORDER:
        # The learner begins: the highest roll, or the first seat drawn.
        if state.options.turn_order == "highest_roll":
            return 6 if state.order_pending[0] == LEARNER else 1
        return {"seat": LEARNER} if LEARNER in state.order_pending else None
    if state.phase == DRAW:
        kind = _learner_token(state) if state.current == LEARNER else _computer_token(state)
        return None if kind is None else {"token": TOKEN_NAMES[kind]}
    if state.phase != ROLL:
        return None
    if state.current != LEARNER:
        if state.purpose == FOR_TOKEN:
            # The computer's horseshoes bring the star's instant win nearer; after them the
            # tokens are left for the learner.
            return 6 if state.bag.counts[HORSESHOE] and not state.star_found else COMPUTER_MISS
        return COMPUTER_MOVE if state.purpose in (FOR_MOVE, FOR_SEA) else COMPUTER_MISS
    if state.purpose == FOR_TOKEN:
        return 6
    if state.purpose == FOR_SEA:
        return _sea_roll(state)
    if state.purpose == FOR_ESCAPE:
        # Freed either way; with a voyage going on the roll sails on, on land it walks.
        return 2 if state.at_sea(LEARNER) else _land_roll(state, (1, 2))
    return _land_roll(state, range(1, 7))


def _first_in_bag(state: AfrikaState, kinds: Sequence[int]) -> int | None:
    counts = state.bag.counts
    return next((k for k in kinds if counts[k] > 0), None)


def _learner_token(state: AfrikaState) -> int | None:
    if state.money[LEARNER] < PRICE:
        # Money first: a broke learner could be stranded, or could not buy the next token.
        gem = _first_in_bag(state, (RUBY, EMERALD, TOPAZ))
        if gem is not None:
            return gem
    if state.star_found:
        kinds = list(AFTER_STAR)
        if state.drawing == SLAVE_COAST:
            kinds.remove(BLANK)  # a blank there would cost three turns
        return _first_in_bag(state, kinds)
    opened = sum(1 for opener in state.opener if opener == LEARNER)
    if opened == 0:
        return _first_in_bag(state, (RUBY, STAR))
    if state.bag.counts[HORSESHOE] == 0 or _star_now(state):
        return STAR
    return _first_in_bag(state, (HORSESHOE, STAR))


def _star_now(state: AfrikaState) -> bool:
    """Whether the learner gets the star where they stand: only where even the keyboard's
    learner can walk home (near Cairo); elsewhere the star waits until every horseshoe is
    out, and then wins at once."""
    return HOME_BY_KEYBOARD[state.pos[LEARNER]] < FAR


def _computer_token(state: AfrikaState) -> int | None:
    if not state.star_found:
        # Worthless before the star, and with all five out the star wins at once.
        return _first_in_bag(state, (HORSESHOE, BLANK, TOPAZ, EMERALD, RUBY, ROBBER))
    kinds = [BLANK, TOPAZ, EMERALD, RUBY, ROBBER]
    if state.drawing == SLAVE_COAST:
        kinds.remove(BLANK)  # an enslaved computer would only make the learner wait
    return _first_in_bag(state, kinds)


def _goals(state: AfrikaState) -> tuple[int, ...]:
    """Where the learner is heading: home with the star, else a city with a token."""
    if state.has_item(LEARNER):
        return tuple(STARTS)
    here = state.pos[LEARNER]
    return tuple(v for v, token in enumerate(state.token_at) if token == UNOPENED and v != here)


def _stops() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``STOPS[node][value]``: the stops a land move offers, one per choice (a stop reached
    by two routes is two choices), in the order offered."""
    return tuple(
        tuple(
            tuple(dest for dest, routes in LAND_MOVES[node][value] for _ in routes)
            for value in range(7)
        )
        for node in range(len(NODES))
    )


STOPS = _stops()
_IS_HAZARD = tuple(n.kind == HAZARD for n in NODES)
_VALUES = range(1, 7)


def _keyboard_moves(goals: Sequence[int]) -> list[int]:
    """Per node, how many land moves a learner who always takes the first stop offered (the
    keyboard's Enter) needs to reach a goal when the dice are chosen well (``FAR``: never)."""
    moves = [FAR] * len(NODES)
    reached: deque[int] = deque()
    for goal in goals:
        moves[goal] = 0
        reached.append(goal)
    while reached:
        v = reached.popleft()
        for u in _LEADS_TO[v]:
            if moves[u] == FAR:
                moves[u] = moves[v] + 1
                reached.append(u)
    return moves


def _leads_to() -> tuple[tuple[int, ...], ...]:
    """Per node, the nodes whose first stop offered is it for some roll (hazards left out)."""
    into: list[set[int]] = [set() for _ in NODES]
    for node in range(len(NODES)):
        for value in _VALUES:
            stops = STOPS[node][value]
            if stops and not _IS_HAZARD[stops[0]]:
                into[stops[0]].add(node)
    return tuple(tuple(sorted(s)) for s in into)


_LEADS_TO = _leads_to()
HOME_BY_KEYBOARD = _keyboard_moves(STARTS)
"""Land moves home for the keyboard's learner: from most of the map they never get there
(the first stop offered is the first by name), which is why the star waits for them."""


def _random_moves(goals: Sequence[int]) -> list[float]:
    """Per node, the expected land moves to a goal of a learner who picks a stop at random,
    when the dice are chosen well; a hazard costs a turn more (value iteration)."""
    cost = [float(FAR)] * len(NODES)
    for goal in goals:
        cost[goal] = 0.0
    is_goal = [False] * len(NODES)
    for goal in goals:
        is_goal[goal] = True
    for _ in range(60):
        changed = False
        for node in _WALKABLE:
            if is_goal[node]:
                continue
            best = cost[node]
            for value in _VALUES:
                stops = STOPS[node][value]
                mean = sum(cost[d] + _IS_HAZARD[d] for d in stops) / len(stops)
                if mean + 1 < best - 1e-9:
                    best = mean + 1
            if best < cost[node]:
                cost[node] = best
                changed = True
        if not changed:
            break
    return cost


_WALKABLE = tuple(v for v in range(len(NODES)) if all(STOPS[v][k] for k in _VALUES))


@lru_cache(maxsize=64)
def _plans(goals: tuple[int, ...]) -> tuple[list[int], list[float]]:
    """Both learners' distances to ``goals`` (cached: the goals change only with a token)."""
    return _keyboard_moves(goals), _random_moves(goals)


_CAP = 100
"""A goal out of reach costs this many moves: the rest of the sum still counts."""


def _land_roll(state: AfrikaState, values: Sequence[int]) -> int:
    """The roll that serves the learner best, whoever they are: the one who takes the first
    stop offered and the one who picks any get nearest a goal on the whole."""
    keyboard, anyone = _plans(_goals(state))
    here = state.pos[LEARNER]
    best, best_cost = values[0], float("inf")
    for value in values:
        stops = STOPS[here][value]
        if not stops:
            continue
        first = stops[0]
        cost = min(keyboard[first] + FAR * _IS_HAZARD[first], _CAP) + sum(
            min(anyone[d] + _IS_HAZARD[d], _CAP) for d in stops
        ) / len(stops)
        if cost < best_cost:
            best, best_cost = value, cost
    return best


def _sea_roll(state: AfrikaState) -> int:
    """Arrive when the port is in reach, else the longest safe way on."""
    path = state.leg_path[LEARNER]
    done = state.leg_step[LEARNER]
    left = len(path) - done
    if left <= 6:
        return left
    for value in range(6, 0, -1):
        if not _IS_HAZARD[path[done + value - 1]]:
            return value
    return 6
