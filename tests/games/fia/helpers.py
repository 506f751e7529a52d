"""Build Fia positions for rule tests: a table of named players, pieces placed by hand, and
dice scripted as chance actions (player ``CHANCE``), so every test says exactly what happens."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from spelkvall.core import CHANCE, Action, Event, Seat
from spelkvall.games.fia import COLOURS, GAME, GOAL, NEST, ROLLS, FiaOptions, FiaState
from spelkvall.games.fia.board import UNIVERSAL
from spelkvall.games.fia.rules import ROLLOFF


def table(
    *players: tuple[str, str],
    starter: str | None = None,
    options: FiaOptions | None = None,
) -> FiaState:
    """A new game of named players with colours, e.g. ``table(("Micael", "red"), ...)``.

    With ``starter`` the roll-off is played with scripted dice (the starter rolls 6, everybody
    else 1), so the state is at ``starter``'s first roll.
    """
    state = GAME.new_state([Seat(name, colour) for name, colour in players], options)
    if starter is not None:
        first = seat(state, starter)
        while state.phase == ROLLOFF:
            roll(state, 6 if state.chance_seat() == first else 1)
        assert state.current == first
    return state


def seat(state: FiaState, name: str) -> int:
    """The seat index of the player called ``name``."""
    return [s.name for s in state.seats].index(name)


def place(state: FiaState, positions: Mapping[str, Sequence[int]]) -> None:
    """Put the named players' pieces on local positions (0 nest, 1..40 track, 41..44 middle
    lane, 45 goal), piece 1 first. The rules keep no public setter, so this writes the state's
    position list and rebuilds its square index the same way the rules maintain it."""
    for name, local_positions in positions.items():
        assert len(local_positions) == 4, "give all four pieces"
        colour = state.colour_of[seat(state, name)]
        for i, p in enumerate(local_positions):
            assert NEST <= p <= GOAL
            state.pos[4 * colour + i] = p
    state.occ[:] = [-1] * 40
    for colour in range(len(COLOURS)):
        for i in range(4):
            square = UNIVERSAL[colour][state.pos[4 * colour + i]]
            if square >= 0:
                assert state.occ[square] in (-1, colour), "two colours on one square"
                state.occ[square] = colour


def roll(state: FiaState, value: int) -> list[Event]:
    """The die shows ``value`` (a chance action)."""
    return state.apply(ROLLS[value - 1], CHANCE)


def play(state: FiaState, action: Action) -> list[Event]:
    """The player to move plays ``action``."""
    return state.apply(action, state.current)


def pieces(state: FiaState, name: str) -> tuple[int, ...]:
    """Local positions of a player's pieces."""
    return state.local_positions(seat(state, name))


def names(state: FiaState) -> list[str]:
    return [s.name for s in state.seats]


def lines(state: FiaState, events: Sequence[Event], lang: str = "sv") -> list[str]:
    """The log lines the events make."""
    out = []
    for event in events:
        line = GAME.describe_event(event, names(state), lang)
        if line is not None:
            out.append(line)
    return out


def kinds(events: Sequence[Event]) -> list[str]:
    return [e[0] for e in events]


__all__ = ["GAME", "kinds", "lines", "pieces", "place", "play", "roll", "seat", "table"]
