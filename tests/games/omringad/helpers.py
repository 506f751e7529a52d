"""Building Omringad positions by hand for the rule tests."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from spelkvall.core import CHANCE, Action, Event, Seat
from spelkvall.games.omringad import GAME, combat, movement
from spelkvall.games.omringad import units as U
from spelkvall.games.omringad.actions import (
    BACK,
    CONFIRM,
    DICE,
    DONE,
    PASS,
    SELECTS,
    STEPS,
    TAKES,
    TILE_ACTIONS,
)
from spelkvall.games.omringad.board import (
    CASTLE,
    COUNTRY,
    FOREST,
    LAKE,
    MERC,
    MOUNTAIN,
    UNIT_INDEX,
    UNIT_NAMES,
    VILLAGE,
    square,
)
from spelkvall.games.omringad.options import OmringadOptions
from spelkvall.games.omringad.phases import (
    AUCTION,
    COMBAT,
    MOVEMENT,
    PURCHASE,
    REINFORCEMENT,
)
from spelkvall.games.omringad.rules import OmringadState

NAMES = ("Anna", "Bertil", "Cecilia", "David")

LAYOUT: dict[tuple[int, int], int] = {
    (2, 2): CASTLE,
    (0, 2): VILLAGE,
    (4, 2): VILLAGE,
    (1, 0): LAKE,
    (3, 4): LAKE,
    (1, 3): FOREST,
    (3, 1): FOREST,
    (2, 0): MOUNTAIN,
    (2, 4): MOUNTAIN,
}
"""The terrain every country gets in these tests unless a test says otherwise: the castle in
the middle, villages at the north and south edge, lakes, forests and mountains around."""


def sq(k: int, r: int, c: int) -> int:
    return square(k, r, c)


def new_game(n: int = 2, **options: object) -> OmringadState:
    return GAME.new_state([Seat(name) for name in NAMES[:n]], OmringadOptions(**options))  # type: ignore[arg-type]


def lay_terrain(state: OmringadState, layout: Mapping[tuple[int, int], int] = LAYOUT) -> None:
    """Every player lays ``layout`` in their own country and says done."""
    for p in range(state.n):
        for (r, c), kind in layout.items():
            state.apply(TILE_ACTIONS[kind, sq(p, r, c)], p)
    for p in range(state.n):
        state.apply(DONE, p)


def position(
    units: Mapping[int, Sequence[tuple[int, str] | tuple[int, str, bool]]] | None = None,
    *,
    n: int = 2,
    phase: int = MOVEMENT,
    round: int = 2,
    holder: int = 0,
    control: Mapping[int, int] | None = None,
    terrain: Mapping[int, int] | None = None,
    gold: Sequence[int] | None = None,
    pending: Mapping[int, Iterable[str]] | None = None,
    points: Sequence[int] | None = None,
    **options: object,
) -> OmringadState:
    """A state in ``phase`` of round ``round`` with the standard terrain (``terrain`` overrides
    squares), these ``units`` (``{square: [(seat, "rider"), (seat, "rider", True)]}``; seat -1
    is the Dragon), ``holder`` with the initiative. The units come out of the pools."""
    state = new_game(n, **options)
    for p in range(n):
        for (r, c), kind in LAYOUT.items():
            state.terrain[sq(p, r, c)] = kind
    for where, kind in (terrain or {}).items():
        state.terrain[where] = kind
    state.ready = [True] * n
    state.tiles = [[0] * 6 for _ in range(n)]
    for where, seat in (control or {}).items():
        state.control[where] = seat
    for where, entries in (units or {}).items():
        for entry in entries:
            seat, name = entry[0], entry[1]
            hurt = bool(entry[2]) if len(entry) > 2 else False  # type: ignore[misc]
            k = UNIT_INDEX[name]
            owner = U.NEUTRAL if seat < 0 else seat
            if k < 6:
                state.pool[owner][k] -= 1
            else:
                state.cup.remove(k - 6)
            state.add_units(where, [U.make(k, owner, hurt)])
    state.round = round
    state.holder = holder
    if points is not None:
        state.points = list(points)
    state.gold = list(gold) if gold is not None else [state.squares_held(p) for p in range(n)]
    for p, names in (pending or {}).items():
        for name in names:
            state.pool[p][UNIT_INDEX[name]] -= 1
            state.pending[p].append(UNIT_INDEX[name])
    events: list[Event] = []
    if phase == MOVEMENT:
        movement.start(state, events)
    elif phase == COMBAT:
        raise ValueError("reach combat by moving in a movement phase")
    elif phase == REINFORCEMENT:
        state._start_reinforce(events)
    elif phase == PURCHASE:
        state._start_purchase(events)
    elif phase == AUCTION:
        state._start_auction(events)
    state._advance(events)
    return state


def move(
    state: OmringadState,
    seat: int,
    src: int,
    path: Sequence[int],
    take: Iterable[str | tuple[str, bool]],
) -> list[Event]:
    """One whole move: select ``src``, take these units, walk ``path``, confirm."""
    events = state.apply(SELECTS[src], seat)
    for entry in take:
        name, hurt = (entry, False) if isinstance(entry, str) else entry
        events += state.apply(TAKES[UNIT_INDEX[name], hurt], seat)
    for step in path:
        events += state.apply(STEPS[step], seat)
    events += state.apply(CONFIRM, seat)
    return events


def pass_all(state: OmringadState) -> list[Event]:
    """Everybody still moving passes (ends the movement phase)."""
    events: list[Event] = []
    while state.phase == MOVEMENT:
        events += state.apply(PASS, state.current)
    return events


def roll(state: OmringadState, *values: int) -> list[Event]:
    events: list[Event] = []
    for v in values:
        assert state.is_chance(), "no chance event is waiting"
        events += state.apply(DICE[v - 1], CHANCE)
    return events


def act(state: OmringadState, action: Action, seat: int | None = None) -> list[Event]:
    return state.apply(action, seat)


def units_on(
    state: OmringadState, where: int, seat: int | None = None
) -> list[tuple[int, str, bool]]:
    """``(seat, unit, damaged)`` of the units on a square (seat -1: the Dragon), bottom first."""
    out = []
    for u in state.stacks[where]:
        o = U.owner(u)
        if seat is not None and o != (U.NEUTRAL if seat < 0 else seat):
            continue
        out.append((combat.seat_of(o), UNIT_NAMES[U.kind(u)], U.damaged(u)))
    return out


def kinds_on(state: OmringadState, where: int, seat: int) -> list[str]:
    return sorted(name for _s, name, _d in units_on(state, where, seat))


def kinds(events: Iterable[Event]) -> list[str]:
    return [e[0] for e in events]


__all__ = [
    "BACK",
    "COUNTRY",
    "DONE",
    "GAME",
    "LAYOUT",
    "NAMES",
    "act",
    "kinds",
    "kinds_on",
    "lay_terrain",
    "move",
    "new_game",
    "pass_all",
    "pirates_cornered",
    "position",
    "roll",
    "sq",
    "three_sides_shooter_picks",
    "units_on",
]


def pirates_cornered() -> OmringadState:
    """Anna's Pirates and two Mercenaries on a corner whose neighbours are two lakes and the
    square a hostile Mercenary just came from; Anna has selected that square and taken a
    Mercenary. Taking the Pirates too (the heuristic's plan: Pirates alone to a lake) leaves
    a group with no step (not Pirates alone, so no lakes) and nobody else may join (one must
    stay with the attacker)."""
    corner = sq(0, 0, 0)
    s = position(
        {
            corner: [(0, "pirates"), (0, "mercenary"), (0, "mercenary")],
            sq(1, 0, 0): [(1, "mercenary")],
        },
        round=3,
        holder=1,
        terrain={sq(0, 0, 1): LAKE, sq(0, 1, 1): VILLAGE},
        control={sq(0, 0, 1): 1, sq(0, 0, 2): 1, sq(0, 1, 1): 1},
    )
    move(s, 1, sq(1, 0, 0), [corner], ["mercenary"])
    assert s.current == 0
    s.apply(SELECTS[corner], 0)
    s.apply(TAKES[MERC, False], 0)
    return s


def three_sides_shooter_picks() -> tuple[OmringadState, int]:
    """Four players without teams: seats 0 and 3 attack seat 1's Mercenary on ``where``; seat
    3's Archer hits with the first die, and seat 3 must pick the side it hits. The state and
    ``where``."""
    where = sq(1, 4, 3)  # country 1 (NE); its south edge touches country 3 (SE)
    units = {
        where: [(1, "mercenary")],
        sq(3, 0, 3): [(3, "archer")],
        sq(1, 4, 4): [(0, "mercenary")],
    }
    s = position(units, n=4, teams="none", control={sq(1, 4, 4): 0})
    move(s, 0, sq(1, 4, 4), [where], ["mercenary"])
    move(s, 3, sq(3, 0, 3), [where], ["archer"])
    pass_all(s)
    assert s.bt_sq == where
    roll(s, 6)  # seat 3's archer hits
    return s, where
