"""Front's board (spec §A2, DECISION F1): a hexagon cut from its centre into six quadrilaterals.

Each of the three players owns two neighbouring quadrilaterals, an 8-wide × D-deep region; a
square is ``(p, r, c)`` with ``p`` the owner (seats in clockwise order), ``r`` the row (0 is the
base camp) and ``c`` the column, 0..7 left to right as ``p`` sees it facing the centre. Inside
the engine a square is one int, ``sq = p·8D + 8r + c``, and a line is walked with precomputed
tables (``Board.nxt``): a direction never changes except where a column crosses into the next
region at row D−1 and turns DOWN.

The geometry for drawing (``polygons``) places each quadrilateral's D × 4 squares by bilinear
interpolation of its corners (spec: "Rendering"); player 0's base runs along the bottom side,
the others follow clockwise.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

PLAYERS = 3
WIDTH = 8
DEPTHS = (4, 5, 6)

LEFT, RIGHT, DOWN, UP = range(4)
DIRECTIONS = ("left", "right", "down", "up")
OFF = -1

COLUMN_LETTERS = "abcdefgh"


def left_of(p: int) -> int:
    """L(p): the player on p's left, next in turn."""
    return (p + 1) % PLAYERS


def right_of(p: int) -> int:
    """R(p): the player on p's right."""
    return (p + 2) % PLAYERS


def step(
    square: tuple[int, int, int], direction: int, depth: int
) -> tuple[tuple[int, int, int], int] | None:
    """The spec's ``step``: the next square along ``direction`` and the direction to carry on
    in, or ``None`` (OFF) at the edge of the board. Directions are the owner's of the square."""
    p, r, c = square
    if direction == LEFT:
        return None if c == 0 else ((p, r, c - 1), LEFT)
    if direction == RIGHT:
        return None if c == WIDTH - 1 else ((p, r, c + 1), RIGHT)
    if direction == DOWN:
        return None if r == 0 else ((p, r - 1, c), DOWN)
    if r < depth - 1:
        return (p, r + 1, c), UP
    other = left_of(p) if c <= 3 else right_of(p)
    return (other, depth - 1, WIDTH - 1 - c), DOWN


@dataclass(frozen=True)
class Board:
    """The lookup tables of one depth. ``nxt[4·sq + d]`` is ``4·sq' + d'`` (the next square and
    the direction carried on) or ``OFF``; ``rays[4·sq + d]`` lists the squares met walking from
    ``sq`` in direction ``d`` (``sq`` itself left out) to the edge."""

    depth: int
    squares: int
    nxt: tuple[int, ...]
    rays: tuple[tuple[int, ...], ...]
    camp: tuple[tuple[int, ...], ...]
    """The row-0 squares of each player, column 0 first."""
    owner: tuple[int, ...]
    row: tuple[int, ...]
    col: tuple[int, ...]
    score_distance: tuple[tuple[int, ...], ...]
    """``score_distance[p][sq]``: the fewest steps from ``sq`` to another player's camp along
    one line for a piece of ``p`` (0 on such a camp)."""

    def index(self, p: int, r: int, c: int) -> int:
        return p * WIDTH * self.depth + r * WIDTH + c

    def coords(self, sq: int) -> tuple[int, int, int]:
        return self.owner[sq], self.row[sq], self.col[sq]

    def name(self, sq: int) -> str:
        """The square within its region: column letter and row from the base, ``c1``."""
        return f"{COLUMN_LETTERS[self.col[sq]]}{self.row[sq] + 1}"

    def line(self, sq: int, direction: int) -> list[tuple[int, int]]:
        """(square, direction) pairs walked from ``sq`` (left out) to the edge."""
        out = []
        state = self.nxt[4 * sq + direction]
        while state != OFF:
            out.append((state >> 2, state & 3))
            state = self.nxt[state]
        return out


@cache
def board(depth: int = 4) -> Board:
    """The tables of the board of ``depth`` rows per region (built once per depth)."""
    if depth < 2:
        raise ValueError("a region needs at least two rows")
    per = WIDTH * depth
    n = PLAYERS * per
    owner = tuple(sq // per for sq in range(n))
    row = tuple((sq % per) // WIDTH for sq in range(n))
    col = tuple(sq % WIDTH for sq in range(n))
    nxt = [OFF] * (4 * n)
    for sq in range(n):
        for d in range(4):
            out = step((owner[sq], row[sq], col[sq]), d, depth)
            if out is not None:
                (p, r, c), d2 = out
                nxt[4 * sq + d] = 4 * (p * per + r * WIDTH + c) + d2
    rays = []
    for state in range(4 * n):
        ray = []
        s = nxt[state]
        while s != OFF:
            ray.append(s >> 2)
            s = nxt[s]
        rays.append(tuple(ray))
    camp = tuple(tuple(p * per + c for c in range(WIDTH)) for p in range(PLAYERS))
    distance = []
    for p in range(PLAYERS):
        dist = []
        for sq in range(n):
            if owner[sq] != p and row[sq] == 0:
                dist.append(0)
            elif owner[sq] != p:
                dist.append(row[sq])  # straight down the column
            else:
                dist.append(2 * depth - 1 - row[sq])  # up, across, down
        distance.append(tuple(dist))
    return Board(
        depth=depth,
        squares=n,
        nxt=tuple(nxt),
        rays=tuple(rays),
        camp=camp,
        owner=owner,
        row=row,
        col=col,
        score_distance=tuple(distance),
    )


# --- geometry for drawing ------------------------------------------------------------------

Point = tuple[float, float]


def _rotate(point: Point, turns: int) -> Point:
    # A third of a turn clockwise on screen (y grows downwards) per seat.
    a = 2 * math.pi * turns / 3
    x, y = point
    return (x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a))


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def _bilinear(corners: tuple[Point, Point, Point, Point], u: float, v: float) -> Point:
    """The point at (u, v) of a quadrilateral given as (u0v0, u1v0, u0v1, u1v1)."""
    p00, p10, p01, p11 = corners
    return _lerp(_lerp(p00, p10, u), _lerp(p01, p11, u), v)


def quadrilaterals(p: int, radius: float = 1.0) -> tuple[tuple[Point, Point, Point, Point], ...]:
    """The two quadrilaterals of player ``p`` (left half, right half), each as its corners at
    (u, v) = (0, 0), (1, 0), (0, 1), (1, 1): u across the columns from the left, v up the rows
    from the base. Player 0's base is the bottom side of a hexagon centred on (0, 0)."""
    h = radius * math.sqrt(3) / 2
    centre: Point = (0.0, 0.0)
    base_left: Point = (-radius / 2, h)
    base_right: Point = (radius / 2, h)
    base_mid: Point = (0.0, h)
    side_left: Point = (-3 * radius / 4, h / 2)  # midpoint of the lower-left side
    side_right: Point = (3 * radius / 4, h / 2)
    left = (base_left, base_mid, side_left, centre)
    right = (base_mid, base_right, centre, side_right)
    return tuple(
        tuple(_rotate(corner, p) for corner in quad)  # type: ignore[misc]
        for quad in (left, right)
    )


def polygons(depth: int, radius: float = 1.0) -> list[list[Point]]:
    """Every square's four corners (counter-clockwise as drawn), in square order."""
    out: list[list[Point]] = []
    for p in range(PLAYERS):
        halves = quadrilaterals(p, radius)
        for r in range(depth):
            for c in range(WIDTH):
                quad = halves[c // 4]
                u0, u1 = (c % 4) / 4, (c % 4 + 1) / 4
                v0, v1 = r / depth, (r + 1) / depth
                out.append(
                    [
                        _bilinear(quad, u0, v0),
                        _bilinear(quad, u1, v0),
                        _bilinear(quad, u1, v1),
                        _bilinear(quad, u0, v1),
                    ]
                )
    return out


def _inradius(corners: list[Point], centre: Point) -> float:
    """The distance from ``centre`` to the nearest side: how big a piece may be drawn."""
    best = math.inf
    for i in range(4):
        (x1, y1), (x2, y2) = corners[i], corners[(i + 1) % 4]
        length = math.hypot(x2 - x1, y2 - y1)
        dist = abs((x2 - x1) * (y1 - centre[1]) - (x1 - centre[0]) * (y2 - y1)) / length
        best = min(best, dist)
    return best


def layout(radius: float = 300.0) -> dict[str, object]:
    """The board of every depth as JSON for the web page (SVG units, y downwards, the hexagon
    centred on 0, 0): per depth each square's corners, centre, the radius of the largest
    circle around the centre inside it (``size``) and its (p, r, c); per player the outline of
    the region and the ends of its base side (left, right as the owner sees them)."""
    depths: dict[str, object] = {}
    for depth in DEPTHS:
        squares = []
        b = board(depth)
        for sq, corners in enumerate(polygons(depth, radius)):
            cx = sum(x for x, _ in corners) / 4
            cy = sum(y for _, y in corners) / 4
            squares.append(
                {
                    "points": [[round(x, 2), round(y, 2)] for x, y in corners],
                    "centre": [round(cx, 2), round(cy, 2)],
                    "size": round(_inradius(corners, (cx, cy)), 2),
                    "p": b.owner[sq],
                    "r": b.row[sq],
                    "c": b.col[sq],
                }
            )
        depths[str(depth)] = {"squares": squares}
    regions = []
    bases = []
    for p in range(PLAYERS):
        left, right = quadrilaterals(p, radius)
        # Base left → base right → the right side's midpoint → centre → the left side's.
        outline = [left[0], right[1], right[3], left[3], left[2]]
        regions.append([[round(x, 2), round(y, 2)] for x, y in outline])
        bases.append([[round(x, 2), round(y, 2)] for x, y in (left[0], right[1])])
    h = radius * math.sqrt(3) / 2
    hexagon = [_rotate((-radius / 2, h), k) for k in range(3)] + [
        _rotate((radius / 2, h), k) for k in range(3)
    ]
    corners = sorted(hexagon, key=lambda pt: math.atan2(pt[1], pt[0]))
    return {
        "radius": radius,
        "width": WIDTH,
        "hexagon": [[round(x, 2), round(y, 2)] for x, y in corners],
        "regions": regions,
        "bases": bases,
        "depths": depths,
    }
