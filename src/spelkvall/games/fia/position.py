"""Fia positions written by hand as JSON (``spelkvall advise fia --position``).

```json
{
  "players": [
    {"name": "Micael", "colour": "red", "pieces": [0, 0, 0, 0]},
    {"name": "Samir", "colour": "blue", "pieces": [12, 3, 0, 0]}
  ],
  "to_move": "Micael",
  "die": 6,
  "bound": [],
  "options": {"three_tries": false, "play_on": false}
}
```

``pieces`` are local positions (0 nest, 1..40 track from the colour's start square, 41..44
middle lane, 45 goal); ``to_move`` is a name or a seat number (0-based); ``die`` is what the
player has just rolled, so the position is at the choice of a move; ``bound`` (optional) lists
the piece numbers (1..4) a bonus roll must move, after a 6; ``colour`` and ``options`` are
optional. Two colours never share a track square, and an own pair only on the start square.
"""

from __future__ import annotations

from typing import Any

from spelkvall.core import CHANCE, InvalidSetup, Seat

from .actions import ROLLS
from .board import GOAL, NEST, START, UNIVERSAL
from .rules import ROLL, FiaState


def _bad(field: str) -> InvalidSetup:
    return InvalidSetup("error.position", f"bad position: {field}", field=field)


def _int(value: Any, field: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _bad(field)
    return value


def state_from_json(game: Any, data: Any) -> FiaState:
    """The position ``data`` describes, with the die rolled: the player to move chooses next."""
    if not isinstance(data, dict):
        raise _bad("position")
    unknown = set(data) - {"players", "to_move", "die", "bound", "options"}
    if unknown:
        raise _bad(sorted(unknown)[0])
    players = data.get("players")
    if not isinstance(players, list) or not players:
        raise _bad("players")
    seats = []
    placed: list[list[int]] = []
    for i, p in enumerate(players):
        if not isinstance(p, dict) or set(p) - {"name", "colour", "pieces"}:
            raise _bad(f"players[{i}]")
        if not isinstance(p.get("name"), str):
            raise _bad(f"players[{i}].name")
        colour = p.get("colour")
        if colour is not None and not isinstance(colour, str):
            raise _bad(f"players[{i}].colour")
        pieces = p.get("pieces", [NEST] * 4)
        if not isinstance(pieces, list) or len(pieces) != 4:
            raise _bad(f"players[{i}].pieces")
        placed.append([_int(q, f"players[{i}].pieces", NEST, GOAL) for q in pieces])
        seats.append(Seat(p["name"], colour))
    options = game.parse_options(data.get("options"))
    state: FiaState = game.new_state(seats, options)
    for seat, pieces in enumerate(placed):
        colour = state.colour_of[seat]
        for i, q in enumerate(pieces):
            state.pos[4 * colour + i] = q
        on_track = [q for q in pieces if UNIVERSAL[colour][q] >= 0]
        for q in set(on_track):
            if on_track.count(q) > 1 and q != START:
                raise _bad(f"players[{seat}].pieces")
            square = UNIVERSAL[colour][q]
            if state.occ[square] >= 0:
                raise _bad(f"players[{seat}].pieces")
            state.occ[square] = colour
        if all(q == GOAL for q in pieces):
            state.finished.append(seat)
    if state.finished and (not options.play_on or len(state.finished) > 1):
        # One finisher ends the game without play-on; more finishers have no order to read.
        raise _bad("players")
    to_move = data.get("to_move", 0)
    names = [s.name for s in state.seats]
    if isinstance(to_move, str) and to_move in names:
        seat = names.index(to_move)
    else:
        seat = _int(to_move, "to_move", 0, len(seats) - 1)
    if seat in state.finished:
        raise _bad("to_move")
    bound = data.get("bound", [])
    if not isinstance(bound, list):
        raise _bad("bound")
    colour = state.colour_of[seat]
    state.bound = tuple(
        4 * colour + _int(b, "bound", 1, 4) - 1
        for b in bound
        if state.pos[4 * colour + _int(b, "bound", 1, 4) - 1] not in (NEST, GOAL)
    )
    if len(state.bound) != len(bound):
        raise _bad("bound")
    state.phase = ROLL
    state.rolloff_pending = []
    state.current = seat
    state.apply(ROLLS[_int(data.get("die"), "die", 1, 6) - 1], CHANCE)
    return state
