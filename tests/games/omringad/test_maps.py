"""§B2 map topology: the two-player pillowcase sphere and the four-player torus, as property
tests over every square and direction, plus the seed's examples."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from spelkvall.core import next_player, players_in_order
from spelkvall.games.omringad.board import (
    ADJACENT,
    COUNTRY,
    SIZE,
    TURN_ORDER,
    coords,
    country_of,
    edge_label,
    neighbour,
    sphere_neighbour,
    square,
    torus_neighbour,
)

OPPOSITE = (2, 3, 0, 1)
squares2 = st.integers(0, 2 * COUNTRY - 1)
squares4 = st.integers(0, 4 * COUNTRY - 1)
directions = st.integers(0, 3)


def on_edge(sq: int) -> bool:
    _k, r, c = coords(sq)
    return r in (0, SIZE - 1) or c in (0, SIZE - 1)


def is_corner(sq: int) -> bool:
    _k, r, c = coords(sq)
    return r in (0, SIZE - 1) and c in (0, SIZE - 1)


# --- the sphere ------------------------------------------------------------------------------


@given(squares2, directions)
def test_sphere_nb_steps_inside_the_country_or_glues_to_the_same_square_of_the_other(
    sq: int, d: int
) -> None:
    k, r, c = coords(sq)
    dr, dc = ((-1, 0), (0, 1), (1, 0), (0, -1))[d]
    nb = sphere_neighbour(sq, d)
    if 0 <= r + dr < SIZE and 0 <= c + dc < SIZE:
        assert nb == square(k, r + dr, c + dc)
    else:
        assert nb == square(1 - k, r, c)


@given(squares2, directions)
def test_sphere_steps_can_be_walked_back(sq: int, d: int) -> None:
    nb = sphere_neighbour(sq, d)
    if country_of(nb) == country_of(sq):
        assert sphere_neighbour(nb, OPPOSITE[d]) == sq
    else:
        # Across a glued edge the direction keeps pointing outwards: the same direction leads back.
        assert sphere_neighbour(nb, d) == sq


@given(squares2)
def test_sphere_adjacency_is_symmetric_and_has_three_or_four_neighbours(sq: int) -> None:
    adj = ADJACENT[2][sq]
    assert len(adj) == len(set(adj))
    assert sq not in adj
    assert all(sq in ADJACENT[2][nb] for nb in adj)
    assert len(adj) == (3 if is_corner(sq) else 4)


def test_sphere_only_the_eight_corners_have_three_neighbours() -> None:
    three = [sq for sq in range(2 * COUNTRY) if len(ADJACENT[2][sq]) == 3]
    assert len(three) == 8
    assert all(is_corner(sq) for sq in three)


def test_a_corner_square_of_the_sphere_has_three_distinct_neighbours() -> None:
    """Scenario (issue): the corner (0, 0, 0) touches its two squares in the country and the
    same corner of the other country, which both the N and the W step reach."""
    corner = square(0, 0, 0)
    assert ADJACENT[2][corner] == tuple(sorted((square(0, 0, 1), square(0, 1, 0), square(1, 0, 0))))
    assert sphere_neighbour(corner, 0) == sphere_neighbour(corner, 3) == square(1, 0, 0)


def test_sphere_you_never_have_your_back_free() -> None:
    """Every edge square of a country borders the other country; inner squares do not."""
    for sq in range(2 * COUNTRY):
        foreign = any(country_of(nb) != country_of(sq) for nb in ADJACENT[2][sq])
        assert foreign == on_edge(sq)


def test_sphere_villages_at_the_far_right_of_both_countries_are_directly_linked() -> None:
    """The seed's example: the rightmost squares of the two countries touch."""
    for r in range(SIZE):
        assert square(1, r, SIZE - 1) in ADJACENT[2][square(0, r, SIZE - 1)]


def test_sphere_glued_edges_carry_matching_labels() -> None:
    for sq in range(COUNTRY):
        for d in range(4):
            label = edge_label(sq, d)
            twin = sphere_neighbour(sq, d)
            if label is None:
                assert country_of(twin) == 0
            else:
                assert country_of(twin) == 1
                assert edge_label(twin, d) == label
    labels = {edge_label(sq, d) for sq in range(COUNTRY) for d in range(4)} - {None}
    assert labels == {f"{side}{i}" for side in "NESW" for i in range(1, 6)}


def test_sphere_is_connected() -> None:
    seen = {0}
    todo = [0]
    while todo:
        for nb in ADJACENT[2][todo.pop()]:
            if nb not in seen:
                seen.add(nb)
                todo.append(nb)
    assert len(seen) == 2 * COUNTRY


# --- the torus -------------------------------------------------------------------------------


@given(squares4)
def test_torus_every_square_has_four_distinct_neighbours(sq: int) -> None:
    adj = ADJACENT[4][sq]
    assert len(adj) == 4
    assert sq not in adj
    assert all(sq in ADJACENT[4][nb] for nb in adj)


@given(squares4, directions)
def test_torus_steps_can_be_walked_back(sq: int, d: int) -> None:
    assert torus_neighbour(torus_neighbour(sq, d), OPPOSITE[d]) == sq


def shift(sq: int, dr: int, dc: int) -> int:
    k, r, c = coords(sq)
    big_r = (SIZE * (k // 2) + r + dr) % (2 * SIZE)
    big_c = (SIZE * (k % 2) + c + dc) % (2 * SIZE)
    return square(2 * (big_r // SIZE) + big_c // SIZE, big_r % SIZE, big_c % SIZE)


@given(squares4, directions, st.sampled_from([(0, 5), (5, 0), (5, 5)]))
def test_torus_shifting_maps_any_country_onto_any_other(
    sq: int, d: int, offset: tuple[int, int]
) -> None:
    """All seats are equal: shifting the grid by a country is a symmetry of the map."""
    dr, dc = offset
    assert torus_neighbour(shift(sq, dr, dc), d) == shift(torus_neighbour(sq, d), dr, dc)
    shifts = [(0, 0), (0, 5), (5, 0), (5, 5)]
    targets = {country_of(shift(square(0, 2, 2), a, b)) for a, b in shifts}
    assert targets == {0, 1, 2, 3}


def test_torus_countries_touch_their_row_and_column_neighbours_on_two_edges() -> None:
    borders: dict[tuple[int, int], int] = {}
    for sq in range(4 * COUNTRY):
        for nb in ADJACENT[4][sq]:
            a, b = country_of(sq), country_of(nb)
            if a != b:
                borders[a, b] = borders.get((a, b), 0) + 1
    assert borders == {
        (0, 1): 10, (1, 0): 10, (0, 2): 10, (2, 0): 10,
        (1, 3): 10, (3, 1): 10, (2, 3): 10, (3, 2): 10,
    }  # fmt: skip
    assert (0, 3) not in borders and (1, 2) not in borders


def test_torus_every_edge_square_borders_a_foreign_country() -> None:
    for sq in range(4 * COUNTRY):
        foreign = any(country_of(nb) != country_of(sq) for nb in ADJACENT[4][sq])
        assert foreign == on_edge(sq)


def test_neighbour_picks_the_map_by_player_count() -> None:
    assert neighbour(2, 0, 0) == sphere_neighbour(0, 0)
    assert neighbour(4, 0, 0) == torus_neighbour(0, 0)


# --- turn order ------------------------------------------------------------------------------


def test_four_players_take_turns_clockwise_0_1_3_2() -> None:
    order = TURN_ORDER[4]
    assert order == (0, 1, 3, 2)
    assert [next_player(s, 4, order=order) for s in (0, 1, 3, 2)] == [1, 3, 2, 0]
    assert players_in_order(3, 4, order=order) == [3, 2, 0, 1]
    assert TURN_ORDER[2] == (0, 1)
