"""The board data (``board.yaml``): the spec's checks, the graph built from it, and the
validation that refuses a broken board."""

from __future__ import annotations

import pytest
import yaml  # type: ignore[import-untyped]

from spelkvall.games.afrika import board as b
from spelkvall.games.afrika.board import BOARD, INDEX, NODES, BoardError


def land_steps(a: str, z: str) -> int:
    return BOARD.land_distances(INDEX[a])[INDEX[z]]


def test_shortest_overland_tangier_cairo_is_18_steps() -> None:
    assert land_steps("tangier", "cairo") == 18


def test_overland_legs_of_the_tangier_cairo_route() -> None:
    # Tunis 5, Tripoli +3, Egypt +6, Cairo +4.
    assert land_steps("tangier", "tunis") == 5
    assert land_steps("tunis", "tripoli") == 3
    assert land_steps("tripoli", "egypt") == 6
    assert land_steps("egypt", "cairo") == 4


def test_tangier_to_sahara_is_5_steps() -> None:
    assert land_steps("tangier", "sahara") == 5


def test_cairo_to_dar_fur_is_7_steps() -> None:
    assert land_steps("cairo", "dar_fur") == 7


def test_tangier_to_capetown_is_36_steps() -> None:
    assert land_steps("tangier", "capetown") == 36


def test_cairo_to_capetown_is_30_steps() -> None:
    assert land_steps("cairo", "capetown") == 30


def test_mainland_is_one_land_component_and_madagascar_another() -> None:
    land_nodes = [v.index for v in NODES if BOARD.land[v.index]]
    comps = b.components(BOARD.land, land_nodes)
    assert len(comps) == 2
    mainland, madagascar = sorted(comps, key=len, reverse=True)
    assert INDEX["tangier"] in mainland and INDEX["cairo"] in mainland
    assert {NODES[v].id for v in madagascar if NODES[v].is_place} == {"tamatave", "cape_st_marie"}
    assert mainland == b.MAINLAND and madagascar == b.MADAGASCAR
    # Every city but the four island cities is on the mainland.
    on_land = {NODES[v].id for v in b.CITIES if v in mainland}
    assert len(on_land) == 26


def test_canary_islands_and_st_helena_have_no_land_links() -> None:
    for place in ("canary_islands", "st_helena"):
        assert BOARD.land[INDEX[place]] == ()
        assert BOARD.sea[INDEX[place]], f"{place} is reached by sea"
    assert {NODES[v].id for v in b.SEA_ONLY} == {"canary_islands", "st_helena"}


def test_thirty_cities_and_two_start_points() -> None:
    assert {NODES[v].id for v in b.STARTS} == {"tangier", "cairo"}
    assert len(b.CITIES) == 30


def test_a_segment_of_n_steps_has_n_minus_1_dots() -> None:
    seg = next(
        s for s in BOARD.segments if {NODES[s.a].id, NODES[s.b].id} == {"dar_fur", "hz_bedouins"}
    )
    assert seg.steps == 6 and len(seg.nodes) == 7
    assert all(NODES[v].kind == b.DOT and NODES[v].medium == "land" for v in seg.nodes[1:-1])


def test_bedouin_dot_is_two_steps_east_of_sahara_on_the_track_to_dar_fur() -> None:
    hz = INDEX["hz_bedouins"]
    assert NODES[hz].kind == b.HAZARD and NODES[hz].medium == "land"
    assert land_steps("sahara", "hz_bedouins") == 2
    assert land_steps("hz_bedouins", "dar_fur") == 6
    assert NODES[hz].lon > NODES[INDEX["sahara"]].lon


def test_pirate_dots_lie_on_each_side_of_st_helena() -> None:
    helena = INDEX["st_helena"]
    pirates = {INDEX["hz_pirates_north"], INDEX["hz_pirates_south"]}
    assert set(BOARD.sea[helena]) == pirates
    # Sierra Leone to St. Helena is 11 steps, the 10th is the pirate dot.
    path = b.leg_path(INDEX["sierra_leone"], helena)
    assert len(path) == 11 and path[9] == INDEX["hz_pirates_north"]
    path = b.leg_path(INDEX["capetown"], helena)
    assert path[-2] == INDEX["hz_pirates_south"]


def test_sea_legs_end_at_the_first_place_reached() -> None:
    legs = {NODES[d].id: len(p) for d, p in BOARD.legs[INDEX["tangier"]]}
    assert legs == {"canary_islands": 3, "tunis": 3}
    legs = {NODES[d].id: len(p) for d, p in BOARD.legs[INDEX["cairo"]]}
    assert legs == {"suakin": 4, "tripoli": 4, "tunis": 5}
    for port in b.PLACES:
        for dest, path in BOARD.legs[port]:
            assert path[-1] == dest and all(not NODES[v].is_place for v in path[:-1])


def test_only_ports_have_sea_legs_and_every_port_has_one() -> None:
    for v in b.PLACES:
        assert bool(BOARD.legs[v]) == NODES[v].port, NODES[v].id


def test_there_are_23_air_routes_between_airports() -> None:
    assert len(BOARD.air_routes) == 23
    for a, z in BOARD.air_routes:
        assert NODES[a].airport and NODES[z].airport
        assert z in BOARD.air[a] and a in BOARD.air[z]


def test_every_land_node_has_a_destination_for_every_roll() -> None:
    for v in NODES:
        if BOARD.land[v.index]:
            for roll in range(1, 7):
                assert BOARD.land_moves[v.index][roll], (v.id, roll)


def test_land_move_ends_after_exactly_the_roll_or_on_a_place_passed() -> None:
    for v in NODES:
        if not BOARD.land[v.index]:
            continue
        for roll in range(1, 7):
            for dest, routes in BOARD.land_moves[v.index][roll]:
                for route in routes:
                    assert route[-1] == dest
                    assert len(route) == roll or NODES[dest].is_place
                    assert len(set(route)) == len(route) and v.index not in route
                    for u, w in zip((v.index, *route), route, strict=False):
                        assert w in BOARD.land[u]


def test_two_routes_to_one_end_are_both_offered() -> None:
    # From Ain-Galaka, 6 steps reach the same dot via Dar-Fur or via the junction.
    moves = b.land_routes(INDEX["ain_galaka"], 6)
    dot = INDEX["land:dar_fur:jl_slavecoast_darfur:2"]
    assert len(moves[dot]) == 2
    assert {INDEX["dar_fur"] in r for r in moves[dot]} == {True, False}


def test_madagascar_walker_stops_at_the_far_city_with_a_big_roll() -> None:
    moves = b.land_routes(INDEX["tamatave"], 6)
    assert list(moves) == [INDEX["cape_st_marie"]]


def test_special_places() -> None:
    assert NODES[b.CAPETOWN].id == "capetown"
    assert NODES[b.GOLD_COAST].id == "gold_coast"
    assert NODES[b.SLAVE_COAST].id == "slave_coast"


def test_layout_has_every_node_with_coordinates_and_no_tokens() -> None:
    lay = b.layout()
    assert len(lay["nodes"]) == b.NUM_NODES
    for node in lay["nodes"]:
        assert 0 <= node["x"] <= 1000 and 0 <= node["y"] <= 1000
    assert "token" not in str(lay)
    assert len(lay["air"]) == 23


def shared_yaml() -> dict:  # type: ignore[type-arg]
    from importlib import resources

    text = resources.files("spelkvall.games.afrika").joinpath("board.yaml").read_text("utf-8")
    return yaml.safe_load(text)  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["land_segments"].append(["tangier", "atlantis", 3]), "unknown end"),
        (lambda d: d["land_segments"].append(["tangier", "cairo", 0]), "steps >= 1"),
        (lambda d: d["sea_segments"].append(["timbuktu", "js_off_capeverde", 2]), "not a port"),
        (lambda d: d["air_routes"].append(["tunis", "cairo"]), "not an airport"),
        (lambda d: d["land_segments"].append(["tangier", "js_off_tripoli", 2]), "sea waypoint"),
        (lambda d: d["places"]["tunis"].update(kind="village"), "kind"),
        (lambda d: d["places"]["tunis"].update(flags=["port", "castle"]), "unknown flag"),
        (lambda d: d["land_segments"].append(["cairo", "egypt", 4]), "given twice"),
        (lambda d: d["places"]["tunis"].update(ll=[95, 10]), "out of range"),
    ],
)
def test_a_broken_board_is_refused_with_a_reason(change, message) -> None:  # type: ignore[no-untyped-def]
    data = shared_yaml()
    change(data)
    with pytest.raises(BoardError, match=message):
        b.build(data)


def test_the_game_folder_copy_equals_the_shared_spec_board() -> None:
    from pathlib import Path

    shared = Path(__file__).resolve().parents[4] / "shared" / "specs" / "afrikas-stjarna-board.yaml"
    if not shared.exists():
        pytest.skip("the shared spec folder is not next to the repository")
    assert yaml.safe_load(shared.read_text("utf-8")) == shared_yaml()
