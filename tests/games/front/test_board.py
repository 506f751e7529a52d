"""The board of spec §A2: regions of 8 × D on a hexagon of six quadrilaterals, the ``step``
function, and the properties of its lines, for every depth."""

from __future__ import annotations

import math

import pytest

from spelkvall.games.front.board import (
    DEPTHS,
    DOWN,
    LEFT,
    OFF,
    RIGHT,
    UP,
    board,
    layout,
    left_of,
    polygons,
    right_of,
    step,
)

OPPOSITE = {LEFT: RIGHT, RIGHT: LEFT, UP: DOWN, DOWN: UP}


def all_squares(depth: int) -> list[tuple[int, int, int]]:
    return [(p, r, c) for p in range(3) for r in range(depth) for c in range(8)]


def walk(square: tuple[int, int, int], direction: int, depth: int) -> list[tuple[int, int, int]]:
    """The line from ``square`` (included) to the edge."""
    out = [square]
    nxt = step(square, direction, depth)
    while nxt is not None:
        square, direction = nxt
        assert len(out) <= 3 * 8 * depth, "a line that never ends loops"
        out.append(square)
        nxt = step(square, direction, depth)
    return out


@pytest.mark.parametrize("depth", DEPTHS)
def test_a_region_is_8_wide_and_d_deep_with_row_0_the_base_camp(depth: int) -> None:
    b = board(depth)
    assert b.squares == 3 * 8 * depth
    assert [b.coords(sq) for sq in b.camp[1]] == [(1, 0, c) for c in range(8)]
    assert board(4).squares == 96  # the spec's default: 96 squares


def test_left_and_right_neighbours_follow_the_turn_order() -> None:
    assert [left_of(p) for p in range(3)] == [1, 2, 0]
    assert [right_of(p) for p in range(3)] == [2, 0, 1]


@pytest.mark.parametrize("depth", DEPTHS)
def test_step_is_the_specs_function(depth: int) -> None:
    top = depth - 1
    assert step((0, 2, 0), LEFT, depth) is None
    assert step((0, 2, 3), LEFT, depth) == ((0, 2, 2), LEFT)
    assert step((0, 2, 7), RIGHT, depth) is None
    assert step((0, 0, 5), DOWN, depth) is None
    assert step((0, 1, 5), DOWN, depth) == ((0, 0, 5), DOWN)
    assert step((0, 1, 5), UP, depth) == ((0, 2, 5), UP)
    # Crossing: the left half goes into L(p), the right half into R(p), turning DOWN.
    assert step((0, top, 0), UP, depth) == ((1, top, 7), DOWN)
    assert step((0, top, 3), UP, depth) == ((1, top, 4), DOWN)
    assert step((0, top, 4), UP, depth) == ((2, top, 3), DOWN)
    assert step((2, top, 6), UP, depth) == ((1, top, 1), DOWN)


@pytest.mark.parametrize("depth", DEPTHS)
def test_every_column_is_one_line_of_2d_squares_from_one_base_to_another(depth: int) -> None:
    for p in range(3):
        for c in range(8):
            line = walk((p, 0, c), UP, depth)
            assert len(line) == 2 * depth
            other = left_of(p) if c <= 3 else right_of(p)
            assert line[-1] == (other, 0, 7 - c), "it ends on the other player's base"
            assert [sq[1] for sq in line] == [*range(depth), *reversed(range(depth))]
            # Walked from the other base it is the same line, backwards.
            assert walk(line[-1], UP, depth) == list(reversed(line))


@pytest.mark.parametrize("depth", DEPTHS)
def test_rows_are_8_long(depth: int) -> None:
    for p in range(3):
        for r in range(depth):
            assert walk((p, r, 0), RIGHT, depth) == [(p, r, c) for c in range(8)]
            assert walk((p, r, 7), LEFT, depth) == [(p, r, c) for c in reversed(range(8))]


@pytest.mark.parametrize("depth", DEPTHS)
def test_no_line_loops(depth: int) -> None:
    for square in all_squares(depth):
        for d in range(4):
            line = walk(square, d, depth)
            assert len(set(line)) == len(line)
            assert len(line) <= 2 * depth


@pytest.mark.parametrize("depth", DEPTHS)
def test_step_is_reversible(depth: int) -> None:
    for square in all_squares(depth):
        for d in range(4):
            out = step(square, d, depth)
            if out is None:
                continue
            there, carried = out
            assert step(there, OPPOSITE[carried], depth) == (square, OPPOSITE[d])


@pytest.mark.parametrize("depth", DEPTHS)
def test_every_square_has_two_to_four_neighbours_and_corners_of_the_camp_two(depth: int) -> None:
    for square in all_squares(depth):
        n = sum(step(square, d, depth) is not None for d in range(4))
        _, r, c = square
        edge = (r == 0) + (c in (0, 7))
        assert n == 4 - edge
    assert sum(step((0, 0, 0), d, depth) is not None for d in range(4)) == 2


@pytest.mark.parametrize("depth", DEPTHS)
def test_the_engine_tables_agree_with_step(depth: int) -> None:
    b = board(depth)
    for sq in range(b.squares):
        for d in range(4):
            out = step(b.coords(sq), d, depth)
            state = b.nxt[4 * sq + d]
            if out is None:
                assert state == OFF
            else:
                assert (b.coords(state >> 2), state & 3) == out
            assert [b.coords(s) for s in b.rays[4 * sq + d]] == walk(b.coords(sq), d, depth)[1:]


@pytest.mark.parametrize("depth", DEPTHS)
def test_score_distance_is_the_shortest_line_into_an_enemy_camp(depth: int) -> None:
    b = board(depth)
    for seat in range(3):
        for sq in range(b.squares):
            best = min(
                (
                    i + 1
                    for d in range(4)
                    for i, s in enumerate(b.rays[4 * sq + d])
                    if b.row[s] == 0 and b.owner[s] != seat
                ),
                default=0,
            )
            if b.row[sq] == 0 and b.owner[sq] != seat:
                best = 0
            assert b.score_distance[seat][sq] == best


# --- the drawing: bilinear quadrilaterals on a hexagon ---------------------------------------


def edge_set(poly: list[tuple[float, float]]) -> set[frozenset[tuple[float, float]]]:
    pts = [(round(x, 6), round(y, 6)) for x, y in poly]
    return {frozenset((pts[i], pts[(i + 1) % 4])) for i in range(4)}


@pytest.mark.parametrize("depth", DEPTHS)
def test_neighbours_along_every_line_share_an_edge_in_the_drawing(depth: int) -> None:
    # Also across a region's boundary: "straight" always leaves by the opposite edge.
    b = board(depth)
    polys = polygons(depth)
    for sq in range(b.squares):
        for d in range(4):
            state = b.nxt[4 * sq + d]
            if state != OFF:
                assert edge_set(polys[sq]) & edge_set(polys[state >> 2]), (b.coords(sq), d)


@pytest.mark.parametrize("depth", DEPTHS)
def test_the_squares_tile_the_hexagon(depth: int) -> None:
    def area(poly: list[tuple[float, float]]) -> float:
        return 0.5 * abs(
            sum(
                poly[i][0] * poly[(i + 1) % 4][1] - poly[(i + 1) % 4][0] * poly[i][1]
                for i in range(4)
            )
        )

    total = sum(area(poly) for poly in polygons(depth))
    assert total == pytest.approx(3 * math.sqrt(3) / 2)  # a regular hexagon of radius 1


def test_the_layout_serves_every_depth_with_centres_inside_their_squares() -> None:
    data = layout()
    assert sorted(data["depths"]) == ["4", "5", "6"]  # type: ignore[index]
    squares = data["depths"]["4"]["squares"]  # type: ignore[index]
    assert len(squares) == 96
    first = squares[0]
    assert (first["p"], first["r"], first["c"]) == (0, 0, 0)
    # Player 0's camp runs along the bottom side of the hexagon, left to right.
    camp = [s["centre"] for s in squares[:8]]
    assert camp == sorted(camp)
    assert all(y > 200 for _, y in camp)
