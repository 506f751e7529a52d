"""Build Front positions for rule tests: named players, pieces placed by hand on (p, r, c)
squares, and dice scripted as chance actions (player ``CHANCE``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from spelkvall.core import CHANCE, Action, Event, Seat
from spelkvall.games.front import GAME, ROLLS, FrontOptions, FrontState, heuristic
from spelkvall.games.front.rules import MOVE, ROLLOFF

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


def key(square: Sequence[int]) -> str:
    """A square as the page's ``data-sq`` attribute: ``"p,r,c"``."""
    return ",".join(str(v) for v in square)


def best_roll(state: FrontState) -> tuple[int, str | None, str | None]:
    """The roll and move (as ``data-sq`` keys) a scripted player wants at a roll: a roll that
    lets a piece score if one does, else the move the heuristic values most over all six
    rolls; ``(6, None, None)`` when no roll moves a piece.

    Weighing every roll matters: the heuristic's move of a 6 walked pieces into converging
    lines, and against the easy computers (which break ties at random) that play lost 45 of
    300 simulated games; this one won 1,000 of 1,000 (``test_browser_plan.py``)."""
    b = state.board
    best: tuple[float, int, str, str] | None = None
    for value in (1, 2, 3, 4, 5, 6):
        trial = state.clone()
        trial.apply(ROLLS[value - 1], CHANCE)
        if trial.phase != MOVE:
            continue
        for src, dst in trial._plans:
            if b.row[dst] == 0 and b.owner[dst] != 0:
                return value, key(b.coords(src)), key(b.coords(dst))
        scores = heuristic.score_moves(trial)
        i = max(range(len(scores)), key=scores.__getitem__)
        if best is None or scores[i] > best[0]:
            src, dst = trial._plans[i]
            best = (scores[i], value, key(b.coords(src)), key(b.coords(dst)))
    return (6, None, None) if best is None else best[1:]


__all__ = [
    "ANNA",
    "BERTIL",
    "CECILIA",
    "GAME",
    "best_roll",
    "key",
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
