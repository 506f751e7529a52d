"""Omringad's 'Lär dig spela' in the browser: started from the lobby and played to its end by
keyboard alone (Enter on whatever has the focus), each kind of decision explained once, the
guide's last word on the win screen; its bubble beside what it explains, and on a phone."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from web_helpers import (
    play_guided_game_by_keyboard,
    start_guided_game_by_keyboard,
    start_guided_game_from_lobby,
)

from spelkvall.core import get_game
from spelkvall.core.i18n import t

PHASE_KINDS = {"tile", "recruit", "select", "drop", "bid", "buy", "place"}
"""A kind of decision of each phase the learner decides in: terrain, set-up, movement, auction,
purchase, reinforcements."""


def opened_bubbles(page: Any) -> list[str]:
    """The kinds the guide opened a bubble for, in order (it remembers them per match)."""
    match_id = page.get_attribute("section.game", "data-match")
    stored = page.evaluate("key => localStorage.getItem(key)", f"spelkvall.guide.{match_id}")
    return list(json.loads(stored or "[]"))


def test_omringad_guided_game_by_keyboard(new_page: Any) -> None:
    page = new_page(viewport={"width": 1280, "height": 800})
    start_guided_game_by_keyboard(page, "omringad")
    explained = play_guided_game_by_keyboard(page)
    page.wait_for_selector(".win .guide-end")
    assert "faser" in page.inner_text(".win .guide-end")
    assert page.get_attribute("section.game", "data-status") == "over"
    opened = opened_bubbles(page)
    assert opened[0] == "intro"
    assert len(opened) == len(set(opened)), "each kind is explained once"
    tutorial = get_game("omringad").tutorial()
    assert tutorial is not None
    assert set(opened) - {"intro"} <= set(tutorial.kinds)
    assert set(opened) >= PHASE_KINDS, opened
    # Every bubble stayed until the learner closed it: the computer choosing at the same
    # time (terrain, set-up, purchase) took none away.
    assert explained == opened


def shoot_view(page: Any, name: str) -> None:
    """Save what the screen shows (not the whole page) when SPELKVALL_SCREENSHOT_DIR is set."""
    folder = os.environ.get("SPELKVALL_SCREENSHOT_DIR")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"))


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_the_movement_bubble_leaves_the_squares_it_explains_in_sight(new_page: Any) -> None:
    page = new_page(viewport={"width": 1280, "height": 800})
    start_guided_game_from_lobby(page, "omringad")
    page.click("button.tutorial-start[data-game='omringad']")
    page.wait_for_selector("section.game[data-status='playing']")
    play_guided_game_by_keyboard(page, until="select")
    assert "streckad kant" in page.inner_text(".guide")
    bubble = page.locator(".guide").bounding_box()
    squares = page.locator(".omr-board .cell.clickable")
    assert squares.count() > 0
    for i in range(squares.count()):
        assert not overlaps(bubble, squares.nth(i).bounding_box()), "the bubble hides a square"
    shoot_view(page, "omringad-guide")


def test_omringad_guided_game_on_a_phone(new_page: Any) -> None:
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    start_guided_game_from_lobby(page, "omringad")
    page.click("button.tutorial-start[data-game='omringad']")
    page.wait_for_selector("section.game[data-status='playing']")
    play_guided_game_by_keyboard(page, until="select")
    bubble = page.locator(".guide").bounding_box()
    assert bubble is not None and bubble["y"] < 844 and bubble["y"] + bubble["height"] > 0
    assert page.evaluate("document.activeElement.classList.contains('guide-ok')")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "nothing sticks out sideways on a phone"
    shoot_view(page, "omringad-guide-phone")


def test_the_guide_speaks_english_and_can_be_left(new_page: Any) -> None:
    page = new_page()
    page.goto("/")
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.select_option("select[name='game']", "omringad")
    page.click("button.tutorial-start[data-game='omringad']")
    page.wait_for_selector(".guide:not([hidden]) .guide-ok")
    # The welcome, or the first tile's bubble when a computer's tile replaced it at once
    # (read in one go: the bubble may change between two reads).
    get_game("omringad")  # its texts
    shown = page.evaluate(
        "() => [...document.querySelectorAll('.guide-text p')].map(p => [p.dataset.kind,"
        " p.textContent])"
    )
    assert shown
    for kind, text in shown:
        assert text == t(f"omringad.tutorial.{kind}", "en")
    # Left in the middle of the game (in the movement, where nobody else moves meanwhile).
    play_guided_game_by_keyboard(page, until="select")
    assert t("omringad.tutorial.select", "en") in page.inner_text(".guide")
    match_id = page.get_attribute("section.game", "data-match")
    page.click(".guide-quit")
    page.wait_for_selector("select[name='game']")
    page.goto(f"/#/match/{match_id}")
    page.wait_for_selector("section.game[data-status='ended']")
