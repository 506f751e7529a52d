"""Omringad's map and tables: the two maps of spec §B2, terrain (§B3) and units (§B4).

Squares are plain ints: square ``25·k + 5·r + c`` is row ``r``, column ``c`` of country ``k``
(country ``k`` is seat ``k``'s). Two players play on a pillowcase sphere, four on a torus;
``ADJACENT[n]`` lists every square's distinct orthogonal neighbours for ``n`` players and
``neighbour(n, square, d)`` the square one step in direction ``d`` (N, E, S, W).
"""

from __future__ import annotations

SIZE = 5
COUNTRY = SIZE * SIZE
DIRECTIONS: tuple[tuple[int, int], ...] = ((-1, 0), (0, 1), (1, 0), (0, -1))  # N, E, S, W
DIRECTION_NAMES = ("N", "E", "S", "W")


def square(k: int, r: int, c: int) -> int:
    return COUNTRY * k + SIZE * r + c


def coords(sq: int) -> tuple[int, int, int]:
    """``(country, row, column)`` of a square."""
    k, rest = divmod(sq, COUNTRY)
    r, c = divmod(rest, SIZE)
    return k, r, c


def sphere_neighbour(sq: int, d: int) -> int:
    """§B2, two players: ``nb(k, r, c, d)`` is the square one step on if that is on the board,
    else ``(1 − k, r, c)``: each edge is glued to the matching edge of the other country."""
    k, r, c = coords(sq)
    dr, dc = DIRECTIONS[d]
    r2, c2 = r + dr, c + dc
    if 0 <= r2 < SIZE and 0 <= c2 < SIZE:
        return square(k, r2, c2)
    return square(1 - k, r, c)


def torus_neighbour(sq: int, d: int) -> int:
    """§B2, four players: the countries tile a wrapping 10×10 grid, country ``k`` in block
    ``(k div 2, k mod 2)`` (0 NW, 1 NE, 2 SW, 3 SE)."""
    k, r, c = coords(sq)
    dr, dc = DIRECTIONS[d]
    big_r = (SIZE * (k // 2) + r + dr) % (2 * SIZE)
    big_c = (SIZE * (k % 2) + c + dc) % (2 * SIZE)
    return square(2 * (big_r // SIZE) + big_c // SIZE, big_r % SIZE, big_c % SIZE)


def neighbour(players: int, sq: int, d: int) -> int:
    return sphere_neighbour(sq, d) if players == 2 else torus_neighbour(sq, d)


def _adjacency(players: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for sq in range(COUNTRY * players):
        seen: list[int] = []
        for d in range(4):
            nb = neighbour(players, sq, d)
            if nb not in seen:
                seen.append(nb)
        out.append(tuple(sorted(seen)))
    return tuple(out)


ADJACENT: dict[int, tuple[tuple[int, ...], ...]] = {2: _adjacency(2), 4: _adjacency(4)}
"""``ADJACENT[players][square]``: the distinct orthogonal neighbours, ascending."""

TURN_ORDER: dict[int, tuple[int, ...]] = {2: (0, 1), 4: (0, 1, 3, 2)}
"""Clockwise seat order (§B2): on the torus NW → NE → SE → SW."""


def edge_label(sq: int, d: int) -> str | None:
    """The label of a glued edge on the sphere (``N1``–``N5``, ``E1``–``E5`` …): the same label
    sits on both countries' matching edges. ``None`` when the step stays inside the country."""
    _k, r, c = coords(sq)
    dr, dc = DIRECTIONS[d]
    if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE:
        return None
    index = c + 1 if d in (0, 2) else r + 1
    return f"{DIRECTION_NAMES[d]}{index}"


# --- terrain (§B3) ---------------------------------------------------------------------------

BARE, MOUNTAIN, CASTLE, VILLAGE, LAKE, FOREST = range(6)
TERRAIN_NAMES = ("bare", "mountain", "castle", "village", "lake", "forest")
TERRAIN_INDEX = {name: i for i, name in enumerate(TERRAIN_NAMES)}
TERRAIN_POINTS = (0, 1, 5, 2, 0, 1)
TILES = (0, 2, 1, 2, 2, 2)
"""The tiles each player places in their own country (§B1): 1 castle, 2 villages, 2 lakes,
2 forests, 2 mountains; the other 16 squares are bare."""
TILE_COUNT = sum(TILES)
TILE_KINDS = (CASTLE, VILLAGE, LAKE, FOREST, MOUNTAIN)
"""The order tiles are offered in (the castle first)."""

# --- units (§B4) -----------------------------------------------------------------------------

MERC, ELITE, ARCHER, RIDER, CATAPULT, GENERAL = range(6)
DIPLOMAT, DRAGON, HORSES, INFILTRATOR, ELEPHANTS, MAGICIAN, PIRATES, SHARPSHOOTERS = range(6, 14)
REGULAR = 6
"""Unit types below this are bought from a player's pool; the rest are the 8 specials."""
SPECIALS = 8
UNIT_NAMES = (
    "mercenary",
    "elite",
    "archer",
    "rider",
    "catapult",
    "general",
    "diplomat",
    "dragon",
    "horses",
    "infiltrator",
    "elephants",
    "magician",
    "pirates",
    "sharpshooters",
)
UNIT_INDEX = {name: i for i, name in enumerate(UNIT_NAMES)}
COST = (2, 3, 4, 5, 6, 10)
POOL = (16, 6, 4, 4, 2, 3)
"""Each player's 35 units, also the caps on how many of a type may be on the board (§B1)."""

GONE = -1
"""A damaged value that means the unit is eliminated by its first hit."""
MOVE = (
    (1, 1),  # mercenaries
    (2, 2),  # elite soldiers
    (2, 1),  # archers: damaged F1
    (3, 3),  # riders
    (1, 1),  # catapult
    (2, GONE),  # general
    (1, GONE),  # diplomat
    (0, 0),  # dragon: never moves
    (0, 0),  # horses: no F of their own, +1 to the group
    (2, GONE),  # infiltrator
    (3, 2),  # war elephants
    (2, GONE),  # magician
    (2, 1),  # pirates
    (2, 2),  # sharpshooters
)
STRENGTH = (
    (6, 6),
    (5, 5),
    (5, 5),
    (4, 5),  # riders: damaged S5
    (4, 4),
    (0, GONE),  # no S of their own
    (0, GONE),
    (2, 3),  # the dragon: S2, damaged S3, survives one hit
    (0, 0),
    (0, GONE),
    (4, 4),
    (3, GONE),
    (5, 5),
    (6, 6),
)
"""S per unit type, undamaged and damaged (0: the unit never rolls)."""
DIES_FIRST_HIT = frozenset(t for t in range(14) if MOVE[t][1] == GONE or STRENGTH[t][1] == GONE)
NON_CONQUERING = frozenset({MAGICIAN, INFILTRATOR, DIPLOMAT, DRAGON, HORSES})
"""§B9: the Magician, Infiltrator and Diplomat cannot conquer (nor besiege, §B12); the Dragon
never conquers; Horses never travel alone."""
RANGED_TYPES = frozenset({ARCHER, CATAPULT, SHARPSHOOTERS})
"""Ranged units roll first (§B10); the Magician joins them under DECISION O3."""
FOREST_PENALTY = frozenset({ARCHER, CATAPULT})


def country_of(sq: int) -> int:
    return sq // COUNTRY
