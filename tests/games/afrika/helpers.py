"""Build Afrikas stjärna positions for rule tests: a table of named players, pawns put on the
map by hand, and dice and token draws scripted as chance actions (player ``CHANCE``), so every
test says exactly what happens."""

from __future__ import annotations

from collections.abc import Iterable

from spelkvall.core import CHANCE, Action, Event, Seat
from spelkvall.games.afrika import GAME, AfrikaOptions, AfrikaState
from spelkvall.games.afrika.actions import ORDERS, REVEALS, ROLLS, START_AT, Go
from spelkvall.games.afrika.board import INDEX, NODES
from spelkvall.games.afrika.rules import TURN
from spelkvall.games.afrika.tokens import TOKEN_INDEX

NAMES = ("Anna", "Bertil", "Cecilia", "David", "Eva", "Fredrik")
COLOURS = ("red", "blue", "yellow", "green", "purple", "black")


def node(node_id: str) -> int:
    return INDEX[node_id]


def table(n: int = 3, start: str = "tangier", **options: object) -> AfrikaState:
    """A game of ``n`` players at their first turn: seat order is the turn order (scripted
    draws), everybody starts in ``start``; Anna (seat 0) is to act."""
    opts = GAME.parse_options(dict(options)) if options else AfrikaOptions()
    state = GAME.new_state([Seat(NAMES[i], COLOURS[i]) for i in range(n)], opts)
    if opts.turn_order == "highest_roll":
        for value in range(6, 6 - n, -1):
            state.apply(ROLLS[value], CHANCE)
    else:
        for s in range(n - 1):
            state.apply(ORDERS[s], CHANCE)
    for _ in range(n):
        state.apply(START_AT[node(start)], state.current)
    assert state.phase == TURN and state.current == 0
    return state


def put(state: AfrikaState, seat: int, where: str, money: int | None = None) -> None:
    """Stand ``seat`` on ``where`` (a node id), optionally with ``money``."""
    state.pos[seat] = node(where)
    if money is not None:
        state.money[seat] = money
    if state.current == seat and state.phase == TURN:
        state._plan_turn()


def turn_of(state: AfrikaState, seat: int) -> list[Event]:
    """Make it ``seat``'s turn now (the turn's start as the rules run it)."""
    state.turn_idx = state.order.index(seat)
    state.current = seat
    events: list[Event] = []
    state._begin_turn(events)
    return events


def open_token(state: AfrikaState, where: str, token: str, seat: int = -1) -> None:
    """Set a city's token as already opened (by ``seat``), taking it from the bag."""
    v = node(where)
    kind = TOKEN_INDEX[token]
    state.bag.remove(kind)
    state.token_at[v] = kind
    state.opener[v] = seat
    from spelkvall.games.afrika.rules import _MAINLAND_SET

    if v in _MAINLAND_SET:
        state.mainland_left -= 1


def open_all_but(state: AfrikaState, keep: Iterable[str], token: str = "blank") -> None:
    """Open every city's token but those in ``keep``: ``token`` while the bag has it, then
    gems, blanks and horseshoes, so what stays in the bag (under ``keep``) is robbers,
    horseshoes and the star."""
    kept = {node(k) for k in keep}
    from spelkvall.games.afrika.board import CITIES

    prefer = [token, "topaz", "emerald", "ruby", "blank", "horseshoe", "robber"]
    for c in CITIES:
        if c in kept or state.token_at[c] != -1:
            continue
        name = next(k for k in prefer if state.bag.counts[TOKEN_INDEX[k]])
        open_token(state, NODES[c].id, name)


def roll(state: AfrikaState, value: int) -> list[Event]:
    return state.apply(ROLLS[value], CHANCE)


def reveal(state: AfrikaState, token: str) -> list[Event]:
    return state.apply(REVEALS[TOKEN_INDEX[token]], CHANCE)


def act(state: AfrikaState, action: Action) -> list[Event]:
    return state.apply(action, state.current)


def go(state: AfrikaState, where: str, route: int = 0) -> list[Event]:
    return act(state, Go(where, route))


def kinds(events: Iterable[Event]) -> list[str]:
    return [e[0] for e in events]


def destinations(state: AfrikaState) -> set[str]:
    return {NODES[d].id for d, _ in state.destinations()}
