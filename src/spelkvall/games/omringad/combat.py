"""The combat phase (§B10–B11): battles square by square, in the order the squares became
contested (or as the initiative holder chooses, an option).

A battle loops ranged step, melee step until at most one side is left. In a step every unit
that rolls gets one ``Die`` chance outcome (one die per outcome, in stack order); only when all
dice of the step are rolled are the hits handed out, one at a time: a player facing several
opposing players picks the one hit (``Target``; the Dragon's pick is chance, ``DragonTarget``),
the owner of the units hit picks the unit (``Assign``; a Sharpshooter's shooter picks it), and
a choice with one answer is made by itself. Before each step the defender may sacrifice a
Diplomat (``Diplomacy``). Parties are seats, and 7 (``units.NEUTRAL``) for the Dragon.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from spelkvall.core import Action, Event

from . import units as U
from .actions import (
    ASSIGNS,
    BATTLES,
    DICE,
    DRAGON_TARGETS,
    FIGHT,
    TARGETS,
    USE_DIPLOMAT,
    Assign,
    Battle,
    Die,
    Diplomacy,
    DragonTarget,
    Target,
)
from .board import (
    CASTLE,
    DIES_FIRST_HIT,
    DIPLOMAT,
    ELITE,
    FOREST,
    FOREST_PENALTY,
    GENERAL,
    HORSES,
    INFILTRATOR,
    MAGICIAN,
    MOUNTAIN,
    NON_CONQUERING,
    RANGED_TYPES,
    SHARPSHOOTERS,
    STRENGTH,
    UNIT_INDEX,
)
from .phases import (
    BT_ASSIGN,
    BT_CHOOSE,
    BT_DIPLOMAT,
    BT_DRAGON,
    BT_ROLL,
    BT_TARGET,
    COMBAT,
)

if TYPE_CHECKING:
    from .rules import OmringadState

NO_SIEGE = frozenset({MAGICIAN, INFILTRATOR, DIPLOMAT, HORSES})
"""Units that do not besiege (§B12); the Dragon only under the ``dragon_besieges`` option."""
NONE = -1


def seat_of(party: int) -> int:
    """A party as the outside world names it: a seat, or -1 for the Dragon."""
    return -1 if party == U.NEUTRAL else party


# --- who is in a battle ----------------------------------------------------------------------


def parties(state: OmringadState, sq: int) -> list[int]:
    """The parties with units that can be hit on ``sq`` (Horses alone do not count), in the
    order they arrived: the first is the defender."""
    first: dict[int, int] = {}
    for u in state.stacks[sq]:
        if u & U.TYPE == HORSES:
            continue
        o = (u >> U.OWNER_SHIFT) & 7
        s = u >> U.STAMP_SHIFT
        if o not in first or s < first[o]:
            first[o] = s
    return sorted(first, key=lambda o: (first[o], o))


def contested(state: OmringadState, sq: int) -> bool:
    ps = parties(state, sq)
    row = state.hostile
    return any(row[a][b] for a in ps for b in ps)


def start(state: OmringadState, events: list[Event]) -> None:
    state.phase = COMBAT
    state.bt_sq = NONE
    state.bt_stage = NONE
    events.append(("phase", COMBAT))


def advance(state: OmringadState, events: list[Event]) -> bool:
    """Start the next battle when none is running; ``True`` when the phase is over."""
    while state.bt_sq < 0:
        state.queue = [sq for sq in state.queue if contested(state, sq)]
        if not state.queue:
            state._start_reinforce(events)
            return True
        if state.options.battle_order == "holder" and len(state.queue) > 1:
            state.bt_stage = BT_CHOOSE
            return False
        begin(state, state.queue.pop(0), events)
    return False


def to_act(state: OmringadState) -> tuple[int, ...]:
    stage = state.bt_stage
    if state.bt_sq < 0:
        return (state.holder,) if stage == BT_CHOOSE else ()
    if stage == BT_DIPLOMAT:
        return (diplomat_owner(state),)
    if stage == BT_TARGET:
        return (state.bt_hits[0] & 7,)
    if stage == BT_ASSIGN:
        return (chooser(state),)
    return ()


def is_chance(state: OmringadState) -> bool:
    return state.bt_sq >= 0 and state.bt_stage in (BT_ROLL, BT_DRAGON)


def chance_outcomes(state: OmringadState) -> Sequence[tuple[Action, float]]:
    if state.bt_sq < 0:
        return ()
    if state.bt_stage == BT_ROLL:
        return [(d, 1 / 6) for d in DICE]
    if state.bt_stage == BT_DRAGON:
        targets = hit_targets(state, U.NEUTRAL)
        return [(DRAGON_TARGETS[t], 1 / len(targets)) for t in targets]
    return ()


def chooser(state: OmringadState) -> int:
    """Who places the hit being handed out: the owner of the units hit, or the shooter for a
    Sharpshooter's hit."""
    hit = state.bt_hits[0]
    return hit & 7 if hit & 8 else state.bt_target


def legal(state: OmringadState, p: int) -> Sequence[Action]:
    stage = state.bt_stage
    if stage == BT_CHOOSE:
        return [BATTLES[sq] for sq in state.queue]
    if stage == BT_DIPLOMAT:
        return [USE_DIPLOMAT, FIGHT]
    if stage == BT_TARGET:
        return [TARGETS[seat_of(t)] for t in hit_targets(state, state.bt_hits[0] & 7)]
    if stage == BT_ASSIGN:
        return [ASSIGNS[key] for key in hit_kinds(state, state.bt_target)]
    return ()


def apply(state: OmringadState, action: Action, p: int) -> list[Event]:
    events: list[Event] = []
    if isinstance(action, Battle):
        state.queue.remove(action.square)
        state.bt_stage = NONE
        begin(state, action.square, events)
    elif isinstance(action, Diplomacy):
        if action.use:
            use_diplomat(state, p, events)
        else:
            events.append(("fight_on", p))
            setup_rolls(state, events)
    elif isinstance(action, Target):
        state.bt_target = U.NEUTRAL if action.seat < 0 else action.seat
        events.append(("target", p, action.seat))
        continue_hits(state, events)
    elif isinstance(action, Assign):
        hit(state, state.bt_target, (UNIT_INDEX[action.unit], action.damaged), events)
        state.bt_hits.pop(0)
        state.bt_target = NONE
        continue_hits(state, events)
    return events


def apply_chance(state: OmringadState, action: Action) -> list[Event]:
    events: list[Event] = []
    if isinstance(action, Die):
        roll(state, action.value, events)
    else:
        assert isinstance(action, DragonTarget)
        state.bt_target = action.seat
        events.append(("dragon_target", action.seat))
        continue_hits(state, events)
    return events


# --- one battle --------------------------------------------------------------------------------


def begin(state: OmringadState, sq: int, events: list[Event]) -> None:
    ps = parties(state, sq)
    state.bt_sq = sq
    state.bt_defender = ps[0]
    state.bt_step = 0
    state.bt_last = []
    state.bt_hits = []
    state.bt_target = NONE
    events.append(("battle", sq, tuple(seat_of(p) for p in ps), seat_of(ps[0])))
    before_step(state, events)


def over(state: OmringadState) -> bool:
    return not contested(state, state.bt_sq)


def can_roll(state: OmringadState) -> bool:
    for u in state.stacks[state.bt_sq]:
        if STRENGTH[u & U.TYPE][1 if u & U.DAMAGED else 0] > 0:
            return True
    return False


def diplomat_owner(state: OmringadState) -> int:
    """The defending side's player whose Diplomat could end the battle, or -1."""
    defender = state.bt_defender
    if defender == U.NEUTRAL:
        return NONE
    row = state.hostile[defender]
    for u in state.stacks[state.bt_sq]:
        if u & U.TYPE == DIPLOMAT and not row[(u >> U.OWNER_SHIFT) & 7]:
            return (u >> U.OWNER_SHIFT) & 7
    return NONE


def before_step(state: OmringadState, events: list[Event]) -> None:
    """Between steps: the end, the nobody-can-roll retreat, the Diplomat's chance, the dice."""
    if over(state):
        finish(state, events)
        return
    if not can_roll(state):
        events.append(("nobody_rolls", state.bt_sq))
        retreat(state, events)
        return
    if diplomat_owner(state) >= 0:
        state.bt_stage = BT_DIPLOMAT
        return
    setup_rolls(state, events)


def modifiers(state: OmringadState, party: int) -> tuple[int, bool]:
    """(General bonus, defends) of a party on the battle square."""
    sq = state.bt_sq
    row = state.hostile[party]
    general = False
    infiltrator = False
    for u in state.stacks[sq]:
        k = u & U.TYPE
        o = (u >> U.OWNER_SHIFT) & 7
        if k == GENERAL and o == party:
            general = True
        elif k == INFILTRATOR and row[o]:
            infiltrator = True
    defends = not state.hostile[state.bt_defender][party]
    return (1 if general and not infiltrator else 0), defends


def setup_rolls(state: OmringadState, events: list[Event]) -> None:
    """The units that roll in this step, each with the lowest die that hits."""
    while True:
        sq = state.bt_sq
        ranged_step = state.bt_step == 0
        magician_ranged = state.options.magician_ranged
        terrain = state.terrain[sq]
        rollers: list[int] = []
        mods: dict[int, tuple[int, bool]] = {}
        for u in state.stacks[sq]:
            k = u & U.TYPE
            s = STRENGTH[k][1 if u & U.DAMAGED else 0]
            if s <= 0:
                continue
            ranged = k in RANGED_TYPES or (k == MAGICIAN and magician_ranged)
            if ranged != ranged_step:
                continue
            o = (u >> U.OWNER_SHIFT) & 7
            if o not in mods:
                mods[o] = modifiers(state, o) if o != U.NEUTRAL else (0, False)
            bonus, defends = mods[o]
            if defends and terrain == CASTLE:
                bonus += 1
            if defends and terrain == MOUNTAIN and k == ELITE:
                bonus += 1
            if terrain == FOREST and k in FOREST_PENALTY:
                bonus -= 1
            need = s - bonus
            rollers.append(o | (8 if k == SHARPSHOOTERS else 0) | (need << 4) | (k << 8))
        state.bt_last = []
        if rollers:
            state.bt_rollers = rollers
            state.bt_dice = []
            state.bt_stage = BT_ROLL
            events.append(("battle_step", state.bt_sq, state.bt_step, len(rollers)))
            return
        # Nobody rolls in this step: on to the other one.
        if not next_step(state, events):
            return


def next_step(state: OmringadState, events: list[Event]) -> bool:
    """After a step: ``True`` when the next step should set up its rolls directly."""
    if state.bt_step == 0:
        state.bt_step = 1
        if over(state):
            finish(state, events)
            return False
        return True
    state.bt_step = 0
    before_step(state, events)
    return False


def roll(state: OmringadState, value: int, events: list[Event]) -> None:
    roller = state.bt_rollers[len(state.bt_dice)]
    need = (roller >> 4) & 15
    party = roller & 7
    k = roller >> 8
    hit_it = value == 6 or (value != 1 and value >= need)
    state.bt_dice.append(value)
    state.bt_last.append((party, k, value, hit_it))
    events.append(("roll", seat_of(party), k, value, hit_it))
    if len(state.bt_dice) < len(state.bt_rollers):
        return
    # §B10: all dice of a step are rolled before the hits are applied.
    state.bt_hits = [
        r & 15 for r, (_, _, _, h) in zip(state.bt_rollers, state.bt_last, strict=True) if h
    ]
    state.bt_target = NONE
    events.append(("hits", state.bt_sq, len(state.bt_hits)))
    continue_hits(state, events)


def hittable(state: OmringadState, party: int) -> bool:
    for u in state.stacks[state.bt_sq]:
        if (u >> U.OWNER_SHIFT) & 7 == party and u & U.TYPE != HORSES:
            return True
    return False


def hit_targets(state: OmringadState, shooter: int) -> list[int]:
    """The opposing parties a hit of ``shooter`` may go to (those with units left to hit)."""
    row = state.hostile[shooter]
    return [q for q in parties(state, state.bt_sq) if row[q] and hittable(state, q)]


def hit_kinds(state: OmringadState, party: int) -> list[tuple[int, bool]]:
    """The kinds of ``party``'s units on the battle square that can take a hit."""
    out: set[tuple[int, bool]] = set()
    for u in state.stacks[state.bt_sq]:
        if (u >> U.OWNER_SHIFT) & 7 == party and u & U.TYPE != HORSES:
            out.add((u & U.TYPE, bool(u & U.DAMAGED)))
    return sorted(out)


def continue_hits(state: OmringadState, events: list[Event]) -> None:
    """Hand out the pending hits; stop at a decision or chance; then the next step."""
    while state.bt_hits:
        shooter = state.bt_hits[0] & 7
        if state.bt_target == NONE:
            targets = hit_targets(state, shooter)
            if not targets:
                state.bt_hits.pop(0)
                continue
            if len(targets) == 1:
                state.bt_target = targets[0]
            elif shooter == U.NEUTRAL:
                state.bt_stage = BT_DRAGON
                return
            else:
                state.bt_stage = BT_TARGET
                return
        target = state.bt_target
        kinds = hit_kinds(state, target)
        if len(kinds) == 1:
            hit(state, target, kinds[0], events)
            state.bt_hits.pop(0)
            state.bt_target = NONE
            continue
        state.bt_stage = BT_ASSIGN
        return
    state.bt_stage = NONE
    if next_step(state, events):
        setup_rolls(state, events)


def hit(state: OmringadState, party: int, key: tuple[int, bool], events: list[Event]) -> None:
    """One hit on one unit: the first damages it, a second (or the first on a unit whose
    damaged value is "eliminated") removes it; the Dragon takes two."""
    stack = state.stacks[state.bt_sq]
    k, hurt = key
    for i in range(len(stack) - 1, -1, -1):
        u = stack[i]
        if (u >> U.OWNER_SHIFT) & 7 == party and u & U.TYPE == k and bool(u & U.DAMAGED) == hurt:
            if hurt or k in DIES_FIRST_HIT:
                del stack[i]
                state.return_unit(u)
                events.append(("eliminated", seat_of(party), k, state.bt_sq))
            else:
                stack[i] = u | U.DAMAGED
                events.append(("damaged", seat_of(party), k, state.bt_sq))
            return
    raise AssertionError(f"no {key} of party {party} to hit")  # pragma: no cover


def use_diplomat(state: OmringadState, p: int, events: list[Event]) -> None:
    stack = state.stacks[state.bt_sq]
    for i, u in enumerate(stack):
        if u & U.TYPE == DIPLOMAT and (u >> U.OWNER_SHIFT) & 7 == p:
            del stack[i]
            state.return_unit(u)
            break
    events.append(("diplomat", p, state.bt_sq))
    retreat(state, events)


def retreat(state: OmringadState, events: list[Event]) -> None:
    """The attackers go back, each group to the square it entered from (DECISION); a square
    holding hostile units then gets a battle at the end of the queue. A unit with no such
    square (it retreated here itself) is eliminated."""
    sq = state.bt_sq
    row = state.hostile[state.bt_defender]
    stack = state.stacks[sq]
    keep: list[int] = []
    back: dict[int, list[int]] = {}
    for u in stack:
        o = (u >> U.OWNER_SHIFT) & 7
        if not row[o]:
            keep.append(u)
            continue
        src = U.came_from(u)
        if src < 0:
            state.return_unit(u)
            events.append(("eliminated", seat_of(o), u & U.TYPE, sq))
        else:
            back.setdefault(src, []).append(u)
    stack[:] = keep
    for src, group in back.items():
        state.move_no += 1
        owner = (group[0] >> U.OWNER_SHIFT) & 7
        state.add_units(
            src, [U.settled(u) | U.MOVED | (state.move_no << U.STAMP_SHIFT) for u in group]
        )
        events.append(("retreated", seat_of(owner), sq, src, len(group)))
        if src not in state.queue and contested(state, src):
            state.queue.append(src)
            events.append(("contested", src))
    finish(state, events)


def finish(state: OmringadState, events: list[Event]) -> None:
    """§B11: the survivors stay and take control (if they can conquer); Horses left alone go
    back to the cup."""
    sq = state.bt_sq
    stack = state.stacks[sq]
    for i in range(len(stack) - 1, -1, -1):
        u = stack[i]
        if u & U.TYPE != HORSES:
            continue
        o = (u >> U.OWNER_SHIFT) & 7
        if not any((v >> U.OWNER_SHIFT) & 7 == o and v & U.TYPE != HORSES for v in stack):
            del stack[i]
            state.return_unit(u)
            events.append(("horses_returned", o, sq))
    survivors = parties(state, sq)
    players = [q for q in survivors if q != U.NEUTRAL]
    if players:
        ctrl = state.control[sq]
        friendly = not state.hostile[players[0]][ctrl]
        if not friendly:
            anyone = state.options.noncombatants_take_control
            generals = state.options.generals_conquer
            for q in players:
                if anyone or any(
                    (u >> U.OWNER_SHIFT) & 7 == q
                    and u & U.TYPE not in NON_CONQUERING
                    and (generals or u & U.TYPE != GENERAL)
                    for u in stack
                ):
                    state.control[sq] = q
                    events.append(("took_control", q, sq))
                    break
    events.append(("battle_over", sq, tuple(seat_of(q) for q in survivors)))
    state.bt_sq = NONE
    state.bt_stage = NONE
    state.bt_hits = []
    state.bt_target = NONE
    state.bt_rollers = []
    state.bt_dice = []
