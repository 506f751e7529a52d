"""The movement phase (§B9) as a decision in several steps: a square (``Select``), the units
(``Take``, one at a time), the path (``Step``, one square at a time) and ``Confirm``; ``Back``
undoes the last step and ``Pass`` ends the player's moves for the phase.

Players act clockwise from the initiative holder, one move or a pass per turn; a player with
nothing left to move passes by itself. The units a group takes are the owner's secret: the
``Take`` actions are hidden from the others, the ``moved`` event says how many went and which
one is on top.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from spelkvall.core import Action, Event

from . import combat
from . import units as U
from .actions import (
    BACK,
    CONFIRM,
    PASS,
    SELECTS,
    STEPS,
    TAKES,
    Back,
    Confirm,
    Pass,
    Select,
    Step,
    Take,
)
from .board import (
    COUNTRY,
    DRAGON,
    ELEPHANTS,
    GENERAL,
    HORSES,
    LAKE,
    MOUNTAIN,
    MOVE,
    NON_CONQUERING,
    PIRATES,
    UNIT_INDEX,
)
from .phases import BACK_BUDGET, MOVEMENT

if TYPE_CHECKING:
    from .rules import OmringadState


def start(state: OmringadState, events: list[Event]) -> None:
    state.phase = MOVEMENT
    for stack in state.stacks:
        for i, u in enumerate(stack):
            if u >> 8:
                stack[i] = U.settled(u)
    n = state.n
    state.passed = [False] * n
    state.backs = [BACK_BUDGET] * n
    state.current = state.holder
    state.mv_src = -1
    state.mv_sel = []
    state.mv_path = []
    state.move_no = 0
    state.queue = []
    events.append(("phase", MOVEMENT))


def advance(state: OmringadState, events: list[Event]) -> bool:
    """Hand the turn to the next player who still moves; ``True`` when the phase is over."""
    while True:
        if all(state.passed):
            finish(state, events)
            return True
        p = state.current
        if state.passed[p]:
            state.current = state.after(p)
            continue
        if state.mv_src < 0 and not select_squares(state, p):
            state.passed[p] = True
            events.append(("passed", p))
            continue
        return False


def finish(state: OmringadState, events: list[Event]) -> None:
    """End of the phase: Horses left alone go back to the cup (DECISION), then combat."""
    if state.options.lone_horses_return:
        lone_horses(state, events)
    combat.start(state, events)


def lone_horses(state: OmringadState, events: list[Event]) -> None:
    """Horses whose own player has no other unit on their square return to the cup."""
    for sq, stack in enumerate(state.stacks):
        for i in range(len(stack) - 1, -1, -1):
            u = stack[i]
            if u & U.TYPE != HORSES:
                continue
            owner = (u >> U.OWNER_SHIFT) & 7
            if any((v >> U.OWNER_SHIFT) & 7 == owner and v & U.TYPE != HORSES for v in stack):
                continue
            del stack[i]
            state.return_unit(u)
            events.append(("horses_returned", owner, sq))


# --- what a group may do ---------------------------------------------------------------------


def _counts(state: OmringadState, sq: int, p: int, leaving: int = 0) -> tuple[int, int]:
    """(own units, hostile units) on ``sq`` for pinning; Horses count only under the option."""
    horses = state.options.pin_counts_horses
    row = state.hostile[p]
    own = hostile = 0
    for u in state.stacks[sq]:
        if u & U.TYPE == HORSES and not horses:
            continue
        o = (u >> U.OWNER_SHIFT) & 7
        if o == p:
            own += 1
        elif row[o]:
            hostile += 1
    return own - leaving, hostile


def pinned_from(state: OmringadState, sq: int, p: int) -> set[int]:
    """The squares hostile units on ``sq`` entered from this phase: a move out of ``sq`` may not
    take its first step into them."""
    row = state.hostile[p]
    out = set()
    for u in state.stacks[sq]:
        if row[(u >> U.OWNER_SHIFT) & 7]:
            src = U.came_from(u)
            if src >= 0:
                out.add(src)
    return out


def reach(state: OmringadState, group: Sequence[int], src: int) -> int:
    """How far the group may go: the lowest F (damaged values apply), Horses give +1 to all
    but Elephants, never above 3; a start on a mountain (a lake for Pirates) allows 1 step,
    which beats Horses under DECISION O8."""
    horses = any(u & U.TYPE == HORSES for u in group)
    f = 3
    movers = 0
    for u in group:
        k = u & U.TYPE
        if k == HORSES:
            continue
        movers += 1
        base = MOVE[k][1 if u & U.DAMAGED else 0]
        if horses and k != ELEPHANTS:
            base += 1
        f = min(f, base)
    if not movers:
        return 0
    if state.terrain[src] in (MOUNTAIN, LAKE):
        limit = 2 if horses and not state.options.mountain_beats_horses else 1
        f = min(f, limit)
    return f


def stops(state: OmringadState, sq: int, p: int) -> bool:
    """A group stops on entering a mountain, a lake or a square with hostile units."""
    return state.terrain[sq] in (MOUNTAIN, LAKE) or state.hostile_in(sq, p)


def next_squares(
    state: OmringadState, p: int, src: int, path: Sequence[int], group: Sequence[int]
) -> list[int]:
    """Where the path may go next."""
    if not group:
        return []
    f = reach(state, group, src)
    if len(path) >= f or (path and stops(state, path[-1], p)):
        return []
    cur = path[-1] if path else src
    pirates_only = all(u & U.TYPE == PIRATES for u in group)
    peace = state.round == 1
    banned = pinned_from(state, src, p) if not path else ()
    out = []
    for nb in state.adj[cur]:
        if nb == src or nb in path or nb in banned:
            continue
        if state.terrain[nb] == LAKE and not pirates_only:
            continue
        if peace and nb // COUNTRY != p:
            continue  # §B14: no border crossing in round 1
        out.append(nb)
    return out


def _movable(u: int, p: int) -> bool:
    return (u >> U.OWNER_SHIFT) & 7 == p and not u & U.MOVED and u & U.TYPE != DRAGON


def select_squares(state: OmringadState, p: int) -> list[int]:
    """Squares from which ``p`` can make a move now: an unmoved unit there may be taken (the
    pinning count allows it) and could step somewhere alone."""
    out = []
    squares = state.country(p) if state.round == 1 else range(len(state.stacks))
    for sq in squares:
        stack = state.stacks[sq]
        if not stack:
            continue
        own, hostile = _counts(state, sq, p, 1)
        if own < hostile:
            continue
        for u in stack:
            if _movable(u, p) and u & U.TYPE != HORSES and next_squares(state, p, sq, (), (u,)):
                out.append(sq)
                break
    return out


def _group(state: OmringadState) -> list[int]:
    stack = state.stacks[state.mv_src]
    return [stack[i] for i in state.mv_sel]


def take_kinds(state: OmringadState, p: int) -> list[tuple[int, bool]]:
    """The kinds of unit that may still join the group (type, damaged)."""
    src = state.mv_src
    stack = state.stacks[src]
    chosen = set(state.mv_sel)
    horses_count = state.options.pin_counts_horses
    own, hostile = _counts(
        state, src, p, sum(1 for i in chosen if horses_count or stack[i] & U.TYPE != HORSES)
    )
    out: list[tuple[int, bool]] = []
    for i, u in enumerate(stack):
        if i in chosen or not _movable(u, p):
            continue
        key = (u & U.TYPE, bool(u & U.DAMAGED))
        if key in out:
            continue
        counted = horses_count or key[0] != HORSES
        if hostile and counted and own - 1 < hostile:
            continue  # §B9 pinned: leave at least as many as the hostile units
        out.append(key)
    out.sort()
    return out


def legal(state: OmringadState, p: int) -> Sequence[Action]:
    if state.mv_src < 0:
        return [*(SELECTS[sq] for sq in select_squares(state, p)), PASS]
    group = _group(state)
    out: list[Action] = []
    if not state.mv_path:
        out.extend(TAKES[key] for key in take_kinds(state, p))
    if any(u & U.TYPE != HORSES for u in group):
        out.extend(STEPS[sq] for sq in next_squares(state, p, state.mv_src, state.mv_path, group))
    if state.mv_path:
        out.append(CONFIRM)
    if state.backs[p] > 0:
        out.append(BACK)
    elif not out:
        # Stuck with no Back left: a free Back would let a seat undo and redo the same
        # steps for ever, so the way out gives up the rest of the phase.
        out.append(PASS)
    return out


def apply(state: OmringadState, action: Action, p: int) -> list[Event]:
    if isinstance(action, Select):
        state.mv_src = action.square
        return [("select", p, action.square)]
    if isinstance(action, Take):
        k = UNIT_INDEX[action.unit]
        stack = state.stacks[state.mv_src]
        chosen = state.mv_sel
        # The top-most unit of that kind joins (which one does not matter for the rules).
        for i in range(len(stack) - 1, -1, -1):
            u = stack[i]
            if (
                i not in chosen
                and _movable(u, p)
                and u & U.TYPE == k
                and bool(u & U.DAMAGED) == action.damaged
            ):
                chosen.append(i)
                break
        return [("take", p)]
    if isinstance(action, Step):
        state.mv_path.append(action.square)
        return [("step", p, action.square)]
    if isinstance(action, Back):
        state.backs[p] -= 1
        if state.mv_path:
            state.mv_path.pop()
        elif state.mv_sel:
            state.mv_sel.pop()
        else:
            state.mv_src = -1
        return [("back", p)]
    if isinstance(action, Pass):
        state.mv_src, state.mv_sel, state.mv_path = -1, [], []
        state.passed[p] = True
        state.current = state.after(p)
        return [("passed", p)]
    assert isinstance(action, Confirm)
    return confirm(state, p)


def conquers(state: OmringadState, group: Sequence[int]) -> bool:
    """Whether a group holds a unit able to conquer (not the Magician, Infiltrator, Diplomat;
    Generals unless the option says otherwise)."""
    generals = state.options.generals_conquer
    for u in group:
        k = u & U.TYPE
        if k in NON_CONQUERING or (k == GENERAL and not generals):
            continue
        return True
    return False


def _rank(u: int) -> int:
    k = u & U.TYPE
    return 2 if k == HORSES else 1 if k == GENERAL else 0


def confirm(state: OmringadState, p: int) -> list[Event]:
    """Move the group along the path: conquer the empty squares of other players it enters,
    stop on a contested square (which then waits for a battle)."""
    src = state.mv_src
    stack = state.stacks[src]
    chosen = sorted(state.mv_sel)
    group = [stack[i] for i in chosen]
    for i in reversed(chosen):
        del stack[i]
    path = state.mv_path
    dest = path[-1]
    state.move_no += 1
    entered_from = path[-2] if len(path) > 1 else src
    top = sorted(group, key=_rank)[-1]
    events: list[Event] = [("moved", p, src, dest, len(group), top & U.TYPE, tuple(path))]
    if conquers(state, group):
        row = state.hostile[p]
        for sq in path:
            if not state.stacks[sq] and row[state.control[sq]]:
                state.control[sq] = p
                events.append(("conquered", p, sq))
    contested = state.hostile_in(dest, p)
    state.add_units(dest, [U.arrived(u, entered_from, state.move_no) for u in group])
    if contested and dest not in state.queue:
        state.queue.append(dest)
        events.append(("contested", dest))
    state.mv_src = -1
    state.mv_sel = []
    state.mv_path = []
    state.current = state.after(p)
    return events
