"""Places, junctions and dots in words, for labels, log lines and the terminal."""

from __future__ import annotations

from functools import lru_cache

from spelkvall.core.i18n import DEFAULT_LANGUAGE, t

from . import texts as _texts  # noqa: F401  (registers the translations)
from .board import BOARD, INDEX, NODES, BoardError

_STEPS = {(s.medium, NODES[s.a].id, NODES[s.b].id): s.steps for s in BOARD.segments}


@lru_cache(maxsize=4096)
def place_name(node_id: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """The name of a place or waypoint (``Guldkusten``, ``beduinernas prick``)."""
    return t(f"afrika.place.{node_id}", lang)


@lru_cache(maxsize=8192)
def where(node_id: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """Any node in words: a place by its name, a dot by the steps from the nearer end of its
    stretch (``2 steg från Tunis mot Tripoli``)."""
    if node_id not in INDEX:
        raise BoardError(f"no node {node_id!r}")
    if NODES[INDEX[node_id]].kind != "dot":
        return place_name(node_id, lang)
    medium, a, b, i = node_id.split(":")
    steps = _STEPS[medium, a, b]
    k = int(i)
    if k > steps - k:
        a, b, k = b, a, steps - k
    key = "afrika.dot.sea" if medium == "sea" else "afrika.dot.land"
    return t(key, lang, n=k, a=place_name(a, lang), b=place_name(b, lang))
