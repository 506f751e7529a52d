"""One unit table: ``board.py``'s. The kernel keeps numbers of its own for the unit types (a
compiled function reads a module constant as a literal) and the page names the units it gets
from the game's layout; both must say what ``board.py`` says."""

from __future__ import annotations

import json

import numpy as np
import pytest

from spelkvall.core import LAYOUT
from spelkvall.games.omringad import _kernel as k
from spelkvall.games.omringad import board
from spelkvall.games.omringad.game import Omringad

TYPES = (
    "MERC",
    "ELITE",
    "ARCHER",
    "RIDER",
    "CATAPULT",
    "GENERAL",
    "DIPLOMAT",
    "DRAGON",
    "HORSES",
    "INFILTRATOR",
    "ELEPHANTS",
    "MAGICIAN",
    "PIRATES",
    "SHARPSHOOTERS",
)


def test_the_type_names_cover_board_py_units() -> None:
    """Every unit of ``UNIT_NAMES`` has its constant here, numbered in that order."""
    assert [getattr(board, name) for name in TYPES] == list(range(len(board.UNIT_NAMES)))


@pytest.mark.parametrize("name", [*TYPES, "REGULAR"])
def test_the_kernel_numbers_a_unit_type_as_board_py_does(name: str) -> None:
    assert getattr(k, name) == getattr(board, name)


@pytest.mark.parametrize(
    ("kernel", "table"),
    [("_COST", "COST"), ("_POOL", "POOL"), ("_MOVE", "MOVE"), ("_STRENGTH", "STRENGTH")],
)
def test_the_kernel_tables_per_unit_are_board_py_tables(kernel: str, table: str) -> None:
    assert np.array_equal(getattr(k, kernel), np.array(getattr(board, table)))


def test_the_layout_carries_board_py_units_in_order() -> None:
    """The page's legend and unit names come from here (``layout()["units"]``)."""
    game = Omringad()
    assert LAYOUT in game.capabilities
    units = json.loads(json.dumps(game.layout()))["units"]
    assert [u["id"] for u in units] == list(board.UNIT_NAMES)
    for i, unit in enumerate(units):
        regular = i < board.REGULAR
        assert unit["special"] is not regular
        assert unit["cost"] == (board.COST[i] if regular else None)
        assert unit["pool"] == (board.POOL[i] if regular else None)
        for field, table in (("move", board.MOVE), ("strength", board.STRENGTH)):
            assert unit[field] == [None if v == board.GONE else v for v in table[i]], unit
