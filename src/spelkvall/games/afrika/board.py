"""The board of Afrikas stjärna, read from ``board.yaml`` (a copy of
``../shared/specs/afrikas-stjarna-board.yaml``) and checked when the module is imported.

The YAML names 32 places (2 start points, 30 cities), the junctions and hazard dots between
them, and segments with their step counts. Here every step becomes a node of its own: a segment
of ``steps`` steps gets ``steps - 1`` plain dots, so a pawn can stand on any dot between cities
and a move of N steps is a walk of N edges. Land and sea are two graphs over the same places;
air routes join airports directly.

Everything the rules ask of the board in the hot path is worked out once here, as tuples of
ints: neighbours, the sea legs from each port (one path each), the air destinations, and for
every land node and roll the destinations a land move can reach (with the routes to each).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

import yaml  # type: ignore[import-untyped]

from .outline import AFRICA, MADAGASCAR_ISLAND

START = "start"
CITY = "city"
JUNCTION_LAND = "junction_land"
JUNCTION_SEA = "junction_sea"
HAZARD = "hazard"
DOT = "dot"
ON_LAND = "land"
AT_SEA = "sea"

PLACE_KINDS = (START, CITY)
WAYPOINT_KINDS = (JUNCTION_LAND, JUNCTION_SEA, HAZARD)
PLACE_FLAGS = ("port", "airport")
SPECIALS = ("first_arrival_bonus_500", "gems_x2", "blank_enslaves_3_turns")
MAX_ROLL = 6


class BoardError(ValueError):
    """The board data is not a board the rules can be played on; the message says why."""


@dataclass(frozen=True)
class Node:
    """One place a pawn can stand: a start point, a city, a junction, a hazard or a dot."""

    index: int
    id: str
    """``tangier``, ``hz_bedouins``, or for a dot ``land:tangier:tunis:2`` (the 2nd dot from
    Tangier on the land segment Tangier–Tunis)."""
    kind: str
    medium: str
    """``land`` or ``sea`` for waypoints and dots; ``""`` for places, which are on both."""
    lat: float
    lon: float
    name: str = ""
    """The place's name as the YAML gives it (English); empty for waypoints and dots."""
    port: bool = False
    airport: bool = False
    island: str = ""
    """``canary``, ``st_helena`` or ``madagascar`` for island cities, else empty."""
    special: str = ""

    @property
    def is_place(self) -> bool:
        return self.kind in PLACE_KINDS

    @property
    def is_city(self) -> bool:
        return self.kind == CITY

    @property
    def is_start(self) -> bool:
        return self.kind == START


@dataclass(frozen=True)
class Segment:
    """A stretch between two places or waypoints: its medium, ends and the nodes on it in order
    from ``a`` to ``b`` (both ends included)."""

    medium: str
    a: int
    b: int
    steps: int
    nodes: tuple[int, ...]


@dataclass(frozen=True)
class Board:
    """The board as graphs of node indices. See the module docstring."""

    nodes: tuple[Node, ...]
    index: Mapping[str, int]
    segments: tuple[Segment, ...]
    land: tuple[tuple[int, ...], ...]
    """Land neighbours of each node (empty for sea nodes and island cities without land)."""
    sea: tuple[tuple[int, ...], ...]
    """Sea neighbours of each node."""
    air: tuple[tuple[int, ...], ...]
    """The airports one flight away from each node (empty unless it is an airport)."""
    air_routes: tuple[tuple[int, int], ...]
    legs: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    """Per node, the sea legs from it when it is a port: ``(destination, path)`` where the path
    lists the nodes after the port up to and including the destination."""
    places: tuple[int, ...]
    cities: tuple[int, ...]
    starts: tuple[int, ...]
    land_moves: tuple[tuple[tuple[tuple[int, tuple[tuple[int, ...], ...]], ...], ...], ...]
    """``land_moves[node][roll]``: the destinations of a land move of ``roll`` steps from
    ``node``, each ``(destination, routes)`` with every route a path of nodes after ``node``
    up to the destination. Ends of full moves and cities or start points passed (a stop)."""

    def node(self, node_id: str) -> Node:
        return self.nodes[self.index[node_id]]

    def land_distances(self, source: int) -> list[int]:
        """Land steps from ``source`` to every node (-1: not reachable over land)."""
        return bfs(self.land, source)


def bfs(adjacency: Sequence[Sequence[int]], source: int) -> list[int]:
    """Steps from ``source`` to every node over ``adjacency`` (-1 where unreachable)."""
    dist = [-1] * len(adjacency)
    dist[source] = 0
    queue = deque([source])
    while queue:
        v = queue.popleft()
        for w in adjacency[v]:
            if dist[w] < 0:
                dist[w] = dist[v] + 1
                queue.append(w)
    return dist


def components(adjacency: Sequence[Sequence[int]], members: Iterable[int]) -> list[set[int]]:
    """The connected components of the nodes ``members`` over ``adjacency``."""
    left = set(members)
    found = []
    while left:
        start = min(left)
        dist = bfs(adjacency, start)
        comp = {v for v in left if dist[v] >= 0}
        found.append(comp)
        left -= comp
    return found


# --- reading and checking -------------------------------------------------------------------


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise BoardError(message)


def _ll(value: Any, where: str) -> tuple[float, float]:
    _need(
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(x, int | float) for x in value),
        f"{where}: ll must be [latitude, longitude]",
    )
    lat, lon = float(value[0]), float(value[1])
    _need(-90 <= lat <= 90 and -180 <= lon <= 180, f"{where}: ll out of range")
    return lat, lon


def _place(pid: str, data: Any) -> dict[str, Any]:
    _need(isinstance(data, dict), f"place {pid}: not a mapping")
    _need(data.get("kind") in PLACE_KINDS, f"place {pid}: kind must be start or city")
    _need(isinstance(data.get("name"), str) and data["name"], f"place {pid}: no name")
    flags = data.get("flags", [])
    _need(isinstance(flags, list), f"place {pid}: flags must be a list")
    out: dict[str, Any] = {"port": False, "airport": False, "island": "", "special": ""}
    for flag in flags:
        _need(isinstance(flag, str), f"place {pid}: flag {flag!r} is not text")
        if flag in PLACE_FLAGS:
            out[flag] = True
        elif flag.startswith("island:") and len(flag) > 7:
            out["island"] = flag[7:]
        elif flag.startswith("special:") and flag[8:] in SPECIALS:
            _need(not out["special"], f"place {pid}: two specials")
            out["special"] = flag[8:]
        else:
            raise BoardError(f"place {pid}: unknown flag {flag!r}")
    return out


def _segments(data: Any, key: str) -> list[tuple[str, str, int]]:
    rows = data.get(key)
    _need(isinstance(rows, list) and bool(rows), f"{key}: a non-empty list")
    out = []
    for row in rows:
        _need(
            isinstance(row, list)
            and len(row) == 3
            and isinstance(row[0], str)
            and isinstance(row[1], str)
            and type(row[2]) is int
            and row[2] >= 1,
            f"{key}: {row!r} is not [a, b, steps >= 1]",
        )
        _need(row[0] != row[1], f"{key}: {row!r} joins a place to itself")
        out.append((row[0], row[1], row[2]))
    return out


def _land_moves(
    nodes: Sequence[Node], land: Sequence[Sequence[int]], source: int, roll: int
) -> tuple[tuple[int, tuple[tuple[int, ...], ...]], ...]:
    """The destinations of a land move of ``roll`` steps from ``source`` (see ``Board``): the
    ends of walks of exactly ``roll`` steps that visit no node twice, and every city or start
    point reached on the way (the rules let a walker stop there, even where the walk could not
    have gone on)."""
    routes: dict[int, set[tuple[int, ...]]] = {}
    path: list[int] = []
    on_path = {source}

    def walk(v: int, left: int) -> None:
        for w in land[v]:
            if w in on_path:
                continue
            path.append(w)
            on_path.add(w)
            if left == 1 or nodes[w].is_place:
                routes.setdefault(w, set()).add(tuple(path))
            if left > 1:
                walk(w, left - 1)
            path.pop()
            on_path.discard(w)

    walk(source, roll)
    ids = [n.id for n in nodes]
    out = []
    for dest in sorted(routes, key=lambda d: ids[d]):
        ordered = sorted(routes[dest], key=lambda p: (len(p), [ids[v] for v in p]))
        out.append((dest, tuple(ordered)))
    return tuple(out)


def _nodes(places: Mapping[str, Any], waypoints: Mapping[str, Any]) -> list[Node]:
    """The places, then the waypoints, as nodes in the YAML's order."""
    nodes: list[Node] = []
    for pid, pdata in places.items():
        flags = _place(pid, pdata)
        lat, lon = _ll(pdata.get("ll"), f"place {pid}")
        nodes.append(Node(len(nodes), pid, pdata["kind"], "", lat, lon, pdata["name"], **flags))
    for wid, wdata in waypoints.items():
        _need(isinstance(wdata, dict), f"waypoint {wid}: not a mapping")
        kind = wdata.get("kind")
        _need(kind in WAYPOINT_KINDS, f"waypoint {wid}: unknown kind {kind!r}")
        _need(wid not in places, f"waypoint {wid}: also a place")
        if kind == HAZARD:
            medium = wdata.get("medium")
            _need(medium in (ON_LAND, AT_SEA), f"waypoint {wid}: a hazard needs medium land or sea")
        else:
            medium = ON_LAND if kind == JUNCTION_LAND else AT_SEA
        lat, lon = _ll(wdata.get("ll"), f"waypoint {wid}")
        nodes.append(Node(len(nodes), wid, kind, medium, lat, lon))
    return nodes


def _segment_list(data: Any, nodes: list[Node], index: dict[str, int]) -> list[Segment]:
    """The land and sea segments, checked; the dots on them are appended to ``nodes`` and
    ``index`` as they are made."""
    land_rows = _segments(data, "land_segments")
    sea_rows = _segments(data, "sea_segments")
    segments: list[Segment] = []
    seen: set[tuple[str, str, str]] = set()
    for medium, rows in ((ON_LAND, land_rows), (AT_SEA, sea_rows)):
        for a, b, steps in rows:
            for end in (a, b):
                _need(end in index, f"{medium} segment {a}-{b}: unknown end {end!r}")
                node = nodes[index[end]]
                _need(
                    node.is_place or node.medium == medium,
                    f"{medium} segment {a}-{b}: {end} is a {node.medium} waypoint",
                )
                if medium == AT_SEA and node.is_place:
                    _need(node.port, f"sea segment {a}-{b}: {end} is not a port")
            key = (medium, *sorted((a, b)))
            _need(key not in seen, f"{medium} segment {a}-{b} given twice")
            seen.add(key)  # type: ignore[arg-type]
            ia, ib = index[a], index[b]
            inner = []
            for i in range(1, steps):
                f = i / steps
                lat = nodes[ia].lat + (nodes[ib].lat - nodes[ia].lat) * f
                lon = nodes[ia].lon + (nodes[ib].lon - nodes[ia].lon) * f
                dot = Node(len(nodes), f"{medium}:{a}:{b}:{i}", DOT, medium, lat, lon)
                nodes.append(dot)
                index[dot.id] = dot.index
                inner.append(dot.index)
            segments.append(Segment(medium, ia, ib, steps, (ia, *inner, ib)))
    return segments


def _adjacency(
    nodes: Sequence[Node], segments: Sequence[Segment]
) -> tuple[list[list[int]], list[list[int]]]:
    """Land and sea neighbours of every node; a waypoint must be on a route, a port at sea."""
    n = len(nodes)
    land: list[list[int]] = [[] for _ in range(n)]
    sea: list[list[int]] = [[] for _ in range(n)]
    for seg in segments:
        adj = land if seg.medium == ON_LAND else sea
        for u, v in zip(seg.nodes, seg.nodes[1:], strict=False):
            adj[u].append(v)
            adj[v].append(u)
    for node in nodes:
        if node.kind in WAYPOINT_KINDS:
            adj = land if node.medium == ON_LAND else sea
            _need(len(adj[node.index]) >= 2, f"waypoint {node.id}: on no route through it")
        if node.port:
            _need(bool(sea[node.index]), f"place {node.id}: a port without a sea segment")
    return land, sea


def _air(
    data: Any, nodes: Sequence[Node], index: Mapping[str, int]
) -> tuple[list[list[int]], list[tuple[int, int]]]:
    """Air routes: pay and fly between two airports. Per node its flights, and the routes."""
    rows = data.get("air_routes")
    _need(isinstance(rows, list) and bool(rows), "air_routes: a non-empty list")
    air: list[list[int]] = [[] for _ in range(len(nodes))]
    air_routes = []
    for row in rows:
        _need(
            isinstance(row, list) and len(row) == 2 and all(isinstance(x, str) for x in row),
            f"air_routes: {row!r} is not [a, b]",
        )
        a, b = row
        for end in (a, b):
            _need(end in index and nodes[index[end]].is_place, f"air route {a}-{b}: {end}?")
            _need(nodes[index[end]].airport, f"air route {a}-{b}: {end} is not an airport")
        ia, ib = index[a], index[b]
        _need(ia != ib and ib not in air[ia], f"air route {a}-{b}: twice or to itself")
        air[ia].append(ib)
        air[ib].append(ia)
        air_routes.append((ia, ib))
    for node in nodes:
        if node.airport:
            _need(bool(air[node.index]), f"place {node.id}: an airport without air routes")
    return air, air_routes


def _legs(
    nodes: Sequence[Node], sea: Sequence[Sequence[int]]
) -> list[tuple[tuple[int, tuple[int, ...]], ...]]:
    """Sea legs: from a port along sea nodes to the first place reached; one path each."""
    legs: list[tuple[tuple[int, tuple[int, ...]], ...]] = [() for _ in range(len(nodes))]
    for node in nodes:
        if not node.port:
            continue
        found: dict[int, list[tuple[int, ...]]] = {}
        stack: list[tuple[int, tuple[int, ...]]] = [(node.index, ())]
        while stack:
            v, path = stack.pop()
            for w in sea[v]:
                if w == node.index or w in path:
                    continue
                if nodes[w].is_place:
                    found.setdefault(w, []).append((*path, w))
                else:
                    stack.append((w, (*path, w)))
        for dest, paths in found.items():
            _need(
                len(paths) == 1,
                f"sea leg {node.id}-{nodes[dest].id}: {len(paths)} paths, the rules need one",
            )
        legs[node.index] = tuple(
            (dest, paths[0]) for dest, paths in sorted(found.items(), key=lambda x: nodes[x[0]].id)
        )
    return legs


def build(data: Any) -> Board:
    """The board from parsed YAML; ``BoardError`` when it is not a playable board."""
    _need(isinstance(data, dict), "the board is a mapping")
    places = data.get("places")
    waypoints = data.get("waypoints")
    _need(isinstance(places, dict) and bool(places), "places: a non-empty mapping")
    _need(isinstance(waypoints, dict), "waypoints: a mapping")
    nodes = _nodes(places, waypoints)
    index = {n.id: n.index for n in nodes}
    segments = _segment_list(data, nodes, index)
    n = len(nodes)
    land, sea = _adjacency(nodes, segments)
    air, air_routes = _air(data, nodes, index)
    legs = _legs(nodes, sea)
    place_list = tuple(v.index for v in nodes if v.is_place)
    land_t = tuple(tuple(sorted(a)) for a in land)
    land_moves = tuple(
        tuple(
            () if r == 0 or not land_t[v] else _land_moves(nodes, land_t, v, r)
            for r in range(MAX_ROLL + 1)
        )
        for v in range(n)
    )
    return Board(
        nodes=tuple(nodes),
        index=index,
        segments=tuple(segments),
        land=land_t,
        sea=tuple(tuple(sorted(a)) for a in sea),
        air=tuple(tuple(sorted(a, key=lambda v: nodes[v].id)) for a in air),
        air_routes=tuple(air_routes),
        legs=tuple(legs),
        places=place_list,
        cities=tuple(v for v in place_list if nodes[v].is_city),
        starts=tuple(v for v in place_list if nodes[v].is_start),
        land_moves=land_moves,
    )


def load(text: str | None = None) -> Board:
    """The board from YAML ``text`` (default: the game's own ``board.yaml``)."""
    if text is None:
        text = resources.files(__package__).joinpath("board.yaml").read_text(encoding="utf-8")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise BoardError(f"board.yaml is not YAML: {exc}") from None
    return build(data)


BOARD = load()
NODES = BOARD.nodes
INDEX = BOARD.index
NUM_NODES = len(NODES)
TANGIER = INDEX["tangier"]
CAIRO = INDEX["cairo"]
STARTS = BOARD.starts
CITIES = BOARD.cities
PLACES = BOARD.places
NUM_PLACES = len(PLACES)
LAND = BOARD.land
SEA_ADJ = BOARD.sea
AIR = BOARD.air
LEGS = BOARD.legs
LAND_MOVES = BOARD.land_moves


def _special(name: str) -> int:
    found = [v.index for v in NODES if v.special == name]
    if len(found) != 1:
        raise BoardError(f"the board needs exactly one place with special:{name}")
    return found[0]


CAPETOWN = _special("first_arrival_bonus_500")
GOLD_COAST = _special("gems_x2")
SLAVE_COAST = _special("blank_enslaves_3_turns")
HAZARDS = tuple(v.index for v in NODES if v.kind == HAZARD)
ISLAND_CITIES = tuple(v for v in CITIES if NODES[v].island)
"""Cities without a land link to the mainland: the Canary Islands, St. Helena, Tamatave and
Cape St. Marie (the rules' "island cities", §7)."""
SEA_ONLY = tuple(v for v in CITIES if NODES[v].island and not LAND[v])
"""Island cities with no land link at all: the Canary Islands and St. Helena."""

_main = components(LAND, [v.index for v in NODES if LAND[v.index]])
MAINLAND = frozenset(next(c for c in _main if TANGIER in c))
"""Every node joined to Tangier over land."""
MADAGASCAR = frozenset(v for c in _main if TANGIER not in c for v in c)
"""The land nodes not on the mainland (Tamatave, Cape St. Marie and the dots between)."""
MADAGASCAR_CITIES = tuple(v for v in CITIES if v in MADAGASCAR)

if len(STARTS) != 2 or len(CITIES) != 30:
    raise BoardError("the rules need 2 start points and 30 cities")
if any(NODES[v].island and v in MAINLAND for v in CITIES):
    raise BoardError("an island city is joined to the mainland over land")


def leg_path(origin: int, dest: int) -> tuple[int, ...]:
    """The sea path from port ``origin`` to ``dest`` (nodes after the port, destination last);
    ``KeyError`` when there is no such leg."""
    for d, path in LEGS[origin]:
        if d == dest:
            return path
    raise KeyError((NODES[origin].id, NODES[dest].id))


def land_routes(source: int, roll: int) -> dict[int, tuple[tuple[int, ...], ...]]:
    """The destinations of a land move as a dict (tests and the heuristic)."""
    return dict(LAND_MOVES[source][roll])


def project(lat: float, lon: float) -> tuple[float, float]:
    """Map coordinates for drawing: an equirectangular projection of the board's latitudes and
    longitudes onto x 0..1000, y growing southwards (the board spans about 74° × 70°)."""
    return round((lon + 22.0) * 13.0, 1), round((40.0 - lat) * 13.0, 1)


def layout() -> dict[str, Any]:
    """The board's geometry for a client to draw: nodes with map coordinates, segments, air
    routes and the sea legs. Topology only; no token, since none lies anywhere until opened."""
    out_nodes = []
    for v in NODES:
        x, y = project(v.lat, v.lon)
        entry: dict[str, Any] = {"id": v.id, "kind": v.kind, "x": x, "y": y}
        if v.medium:
            entry["medium"] = v.medium
        if v.is_place:
            entry.update(port=v.port, airport=v.airport)
            if v.island:
                entry["island"] = v.island
            if v.special:
                entry["special"] = v.special
        out_nodes.append(entry)
    return {
        "nodes": out_nodes,
        "segments": [
            {"medium": s.medium, "nodes": [NODES[v].id for v in s.nodes]} for s in BOARD.segments
        ],
        "air": [[NODES[a].id, NODES[b].id] for a, b in BOARD.air_routes],
        "coast": coast(),
    }


def coast() -> list[list[list[float]]]:
    """The coastline outlines in map coordinates (the continent, Madagascar)."""
    outlines = (AFRICA, MADAGASCAR_ISLAND)
    return [[list(project(lat, lon)) for lat, lon in outline] for outline in outlines]
