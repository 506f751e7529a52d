"""The Fia board: 40 track squares, four nests, four middle lanes with goals.

Two coordinate systems (the user stories ask for both):
- universal: track squares 0..39, clockwise, red's start square is 0;
- local, per colour: 0 = nest, 1..40 along the track from the colour's own start square,
  41..44 the middle lane, 45 the goal.

The layout maps both onto the classic 11 × 11 grid, shared by the terminal and the web board.
"""

from __future__ import annotations

COLOURS: tuple[str, ...] = ("red", "blue", "yellow", "green")
"""In clockwise board order (spec DECISION)."""

PIECES_PER_COLOUR = 4
TRACK_LENGTH = 40
NEST = 0
START = 1
LAST_TRACK = 40
FIRST_LANE = 41
GOAL = 45
START_SQUARES: tuple[int, ...] = (0, 10, 20, 30)


def universal(colour: int, local: int) -> int | None:
    """The universal track square of a colour's local position, or ``None`` off the track."""
    if START <= local <= LAST_TRACK:
        return (START_SQUARES[colour] + local - 1) % TRACK_LENGTH
    return None


def local(colour: int, square: int) -> int:
    """The colour's local position (1..40) of universal track square ``square``."""
    return (square - START_SQUARES[colour]) % TRACK_LENGTH + 1


# UNIVERSAL[colour][local] for local 0..45; -1 where the position is not on the shared track.
UNIVERSAL: tuple[tuple[int, ...], ...] = tuple(
    tuple(-1 if (u := universal(c, p)) is None else u for p in range(GOAL + 1))
    for c in range(len(COLOURS))
)


def _track_cells() -> list[tuple[int, int]]:
    """(column, row) of universal squares 0..39 on the 11 × 11 grid, starting at red's start."""
    cells: list[tuple[int, int]] = []
    # Each arm of the cross: five squares inwards-out along one edge, four back out, one across.
    x, y = 0, 4
    for dx, dy, n in (
        (1, 0, 4), (0, -1, 4), (1, 0, 2),
        (0, 1, 4), (1, 0, 4), (0, 1, 2),
        (-1, 0, 4), (0, 1, 4), (-1, 0, 2),
        (0, -1, 4), (-1, 0, 4), (0, -1, 1),
    ):  # fmt: skip
        for _ in range(n):
            cells.append((x, y))
            x, y = x + dx, y + dy
    cells.append((x, y))
    return cells


TRACK_CELLS: tuple[tuple[int, int], ...] = tuple(_track_cells())
LANE_CELLS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((1, 5), (2, 5), (3, 5), (4, 5)),
    ((5, 1), (5, 2), (5, 3), (5, 4)),
    ((9, 5), (8, 5), (7, 5), (6, 5)),
    ((5, 9), (5, 8), (5, 7), (5, 6)),
)
NEST_CELLS: tuple[tuple[tuple[int, int], ...], ...] = (
    ((0, 0), (1, 0), (0, 1), (1, 1)),
    ((9, 0), (10, 0), (9, 1), (10, 1)),
    ((9, 9), (10, 9), (9, 10), (10, 10)),
    ((0, 9), (1, 9), (0, 10), (1, 10)),
)
GOAL_CELL = (5, 5)


def layout() -> dict[str, object]:
    """Grid positions of everything, as JSON for the web board."""
    return {
        "size": 11,
        "track": [list(c) for c in TRACK_CELLS],
        "lanes": [[list(c) for c in lane] for lane in LANE_CELLS],
        "nests": [[list(c) for c in nest] for nest in NEST_CELLS],
        "goal": list(GOAL_CELL),
        "start_squares": list(START_SQUARES),
        "colours": list(COLOURS),
    }


def cell_of(colour: int, local_pos: int, piece: int) -> tuple[int, int]:
    """Where a piece is drawn: its nest slot, track square, lane square or the goal."""
    if local_pos == NEST:
        return NEST_CELLS[colour][piece]
    if local_pos == GOAL:
        return GOAL_CELL
    if local_pos >= FIRST_LANE:
        return LANE_CELLS[colour][local_pos - FIRST_LANE]
    return TRACK_CELLS[UNIVERSAL[colour][local_pos]]
