"""Build Front positions for rule tests: named players, pieces placed by hand on (p, r, c)
squares, and dice scripted as chance actions (player ``CHANCE``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from spelkvall.core import CHANCE, Action, Event, Seat
from spelkvall.games.front import GAME, ROLLS, FrontOptions, FrontState
from spelkvall.games.front.rules import ROLLOFF

PLAYERS = (("Anna", "red"), ("Bertil", "blue"), ("Cecilia", "yellow"))
ANNA, BERTIL, CECILIA = range(3)

Square = tuple[int, int, int]


def table(
    starter: int | None = 0,
    options: FrontOptions | None = None,
    players: Sequence[tuple[str, str]] = PLAYERS,
) -> FrontState:
    """A new game of Anna (red), Bertil (blue) and Cecilia (yellow) unless ``players`` says
    otherwise. With ``starter`` the roll-off is played with scripted dice (the starter rolls
    6, the others 1)."""
    state = GAME.new_state([Seat(name, colour) for name, colour in players], options)
    if starter is not None:
        while state.phase == ROLLOFF:
            roll(state, 6 if state.chance_seat() == starter else 1)
        assert state.current == starter
    return state


def sq(state: FrontState, square: Square) -> int:
    return state.board.index(*square)


def place(state: FrontState, pieces: Mapping[int, Iterable[Square]], *, turn: int = 0) -> None:
    """Clear the board, put each seat's pieces on the given (p, r, c) squares, and start
    ``turn``'s turn on that position (a removal offered, or the die to roll). The rules keep
    no public setter, so this writes the cells and piece lists the way the rules keep them."""
    state.cells[:] = [-1] * state.board.squares
    state.pos[:] = [[] for _ in range(3)]
    for seat, squares in pieces.items():
        for square in squares:
            i = sq(state, square)
            assert state.cells[i] < 0, f"two pieces on {square}"
            state.cells[i] = seat
            state.pos[seat].append(i)
    state.current = turn
    state._start_turn()


def squares_of(state: FrontState, seat: int) -> list[Square]:
    """A seat's pieces as (p, r, c), sorted."""
    return sorted(state.board.coords(i) for i in state.pos[seat])


def roll(state: FrontState, value: int) -> list[Event]:
    """The die shows ``value`` (a chance action)."""
    return state.apply(ROLLS[value - 1], CHANCE)


def play(state: FrontState, action: Action) -> list[Event]:
    """The player to act plays ``action``."""
    return state.apply(action, state.current)


def names(state: FrontState) -> list[str]:
    return [s.name for s in state.seats]


def lines(state: FrontState, events: Sequence[Event], lang: str = "sv") -> list[str]:
    """The log lines the events make."""
    out = []
    for event in events:
        line = GAME.describe_event(event, names(state), lang)
        if line is not None:
            out.append(line)
    return out


def kinds(events: Sequence[Event]) -> list[str]:
    return [e[0] for e in events]


def moves(state: FrontState) -> set[tuple[Square, Square]]:
    """The legal moves as (from, to) pairs of (p, r, c)."""
    b = state.board
    return {(b.coords(src), b.coords(dst)) for src, dst in state._plans}


__all__ = [
    "ANNA",
    "BERTIL",
    "CECILIA",
    "GAME",
    "kinds",
    "lines",
    "moves",
    "place",
    "play",
    "roll",
    "sq",
    "squares_of",
    "table",
]
