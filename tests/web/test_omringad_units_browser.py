"""Omringad's page names the units it gets from the game's layout (``/api/games``), not from a
list of its own: the legend under a square's details lists them in ``board.py``'s order."""

from __future__ import annotations

from typing import Any

from web_helpers import against_a_computer, shoot

from spelkvall.core.i18n import t
from spelkvall.games.omringad.board import UNIT_NAMES


def legend_items(page: Any) -> list[str]:
    """The legend's lines, opened from the details of the first square looked at."""
    page.locator(".omr-board .cell").first.hover()
    legend = page.locator(".omr-details details.omr-legend")
    legend.locator("summary").click()
    # textContent: a view arriving meanwhile draws the details again, the legend closed.
    return [
        str(item)
        for item in legend.locator("li").evaluate_all("els => els.map((e) => e.textContent)")
    ]


def test_the_legend_lists_the_layout_units_in_board_order(new_page: Any) -> None:
    page = new_page(viewport={"width": 1280, "height": 800})
    against_a_computer(page, "omringad")
    units = page.evaluate(
        "async () => (await (await fetch('/api/games')).json())"
        ".find((g) => g.id === 'omringad').layout.units.map((u) => u.id)"
    )
    assert units == list(UNIT_NAMES)
    items = legend_items(page)
    expected = [f"{t(f'omringad.short.{u}')} = {t(f'omringad.unit.{u}')}" for u in units]
    assert items[: len(expected)] == expected
    assert items[len(expected) :] == [t("omringad.web.legend_marks")]
    shoot(page, "omringad-legend-1280")


def test_the_legend_on_a_phone(new_page: Any) -> None:
    page = new_page(viewport={"width": 390, "height": 844})
    against_a_computer(page, "omringad")
    assert len(legend_items(page)) == len(UNIT_NAMES) + 1
    shoot(page, "omringad-legend-390")
