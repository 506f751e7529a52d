"""'Lär dig spela' for Afrikas stjärna in Chromium: the guided game started from the lobby and
played to its win by Enter alone (the focus is always on the die, the first action or the
guide's button), each kind of decision explained once after the welcome; a bubble over the
map does not hide the rings it explains; the page fits a phone."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from web_helpers import (
    play_guided_game_by_keyboard,
    shoot,
    start_guided_game_by_keyboard,
    start_guided_game_from_lobby,
)

MAIN_KINDS = {"start", "walk", "sail", "fly", "roll", "go", "buy", "decline"}


def start(page: Any) -> None:
    start_guided_game_by_keyboard(page, "afrika")


def test_afrika_guided_game_by_keyboard(new_page: Any) -> None:
    page = new_page(viewport={"width": 1280, "height": 800})
    start(page)
    explained = play_guided_game_by_keyboard(page, "afrika-guide")
    assert explained[0] == "intro"
    assert set(explained) >= MAIN_KINDS
    assert len(explained) == len(set(explained)), "each kind is explained once"
    page.wait_for_selector(".win .guide-end")
    assert "Bra spelat" in page.inner_text(".win .guide-end")
    assert page.get_attribute("section.game", "data-status") == "over"


def test_the_bubble_for_a_land_move_leaves_the_rings_in_view(new_page: Any) -> None:
    page = new_page(viewport={"width": 1280, "height": 800})
    start(page)
    play_guided_game_by_keyboard(page, until="go")
    folder = os.environ.get("SPELKVALL_SCREENSHOT_DIR")
    if folder:  # what a person sees: the window, not the whole page (docs/screenshot-*.png)
        page.screenshot(path=str(Path(folder) / "afrika-guide-go-1280x800.png"))
    bubble = page.locator(".guide").bounding_box()
    rings = page.locator(".afrika-board-wrap g.target")
    assert bubble is not None and rings.count() > 0
    for i in range(rings.count()):
        ring = rings.nth(i).bounding_box()
        if ring is None:
            continue
        overlaps = not (
            ring["x"] + ring["width"] <= bubble["x"]
            or bubble["x"] + bubble["width"] <= ring["x"]
            or ring["y"] + ring["height"] <= bubble["y"]
            or bubble["y"] + bubble["height"] <= ring["y"]
        )
        assert not overlaps, "the bubble hides a ring it explains"


def test_the_guide_welcomes_in_english(new_page: Any) -> None:
    page = new_page()
    page.goto("/")
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'en'")
    start(page)
    page.wait_for_selector(".guide:not([hidden]) .guide-ok")
    assert "Star of Africa" in page.inner_text(".guide")
    page.keyboard.press("Enter")
    page.wait_for_selector(".guide:not([hidden])[data-kinds='roll']")
    assert "turn order" in page.inner_text(".guide")


def test_afrika_guided_game_on_a_phone(new_page: Any) -> None:
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    start_guided_game_from_lobby(page, "afrika")
    page.click("button.tutorial-start[data-game='afrika']")
    page.wait_for_selector("section.game[data-status='playing']")
    play_guided_game_by_keyboard(page, until="go")
    shoot(page, "afrika-guide-phone-go")
    explained = play_guided_game_by_keyboard(page, "afrika-guide-phone")
    page.wait_for_selector(".win .guide-end")
    page.wait_for_timeout(1000)  # the win screen fades in
    shoot(page, "afrika-guide-phone-end")
    assert "intro" not in explained, "the welcome came before the land move"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "nothing sticks out sideways on a phone"
