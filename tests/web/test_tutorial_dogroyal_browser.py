"""DogRoyal's guided first game in the browser, from the lobby to the win screen by keyboard
alone: on the learner's turn a card is chosen and the focus is on its first move, so Enter
plays it; each bubble comes once, with the focus on its button. And on a phone (390×844)."""

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


def start(page: Any) -> None:
    start_guided_game_by_keyboard(page, "dogroyal")


def test_dogroyal_guided_game_by_keyboard(new_page: Any) -> None:
    page = new_page(viewport={"width": 1280, "height": 800})
    start(page)
    explained = play_guided_game_by_keyboard(page, "dogroyal-guide")
    # The welcome waits for the learner's first decision: the first deal cannot close it.
    assert explained[0] == "intro"
    assert {"place", "play"} <= set(explained)
    assert len(explained) == len(set(explained)), "each kind is explained once"
    page.wait_for_selector(".win .guide-end")
    assert "Bra spelat" in page.inner_text(".win .guide-end")
    assert page.get_attribute("section.game", "data-status") == "over"


def bubble(page: Any, kind: str) -> None:
    """Wait for the bubble explaining ``kind``, closing the intro on the way if it is open."""
    for _ in range(2):
        page.wait_for_selector(".guide:not([hidden]) .guide-ok:focus")
        if page.get_attribute(".guide", "data-kinds") == kind:
            return
        assert page.get_attribute(".guide", "data-kinds") == "intro"
        page.keyboard.press("Enter")
        page.wait_for_selector(f".guide:not([hidden])[data-kinds='{kind}'] .guide-ok:focus")
    raise AssertionError(f"no bubble explains {kind}")


def match_id(page: Any) -> str:
    return str(page.get_attribute("section.game", "data-match"))


def test_the_card_is_chosen_and_its_first_move_has_the_focus(new_page: Any) -> None:
    """The first play: the bubble explains it, and after it Enter is on a move of a card."""
    page = new_page(viewport={"width": 1280, "height": 800})
    start(page)
    bubble(page, "place")
    page.keyboard.press("Enter")
    page.wait_for_selector(".moves button.move:focus")
    page.keyboard.press("Enter")  # a piece on the start field
    page.wait_for_selector(".guide:not([hidden])[data-kinds='play'] .guide-ok:focus")
    assert "±4" in page.inner_text(".guide")
    folder = os.environ.get("SPELKVALL_SCREENSHOT_DIR")
    if folder:  # the window as the learner sees it (docs/screenshot-dogroyal-guide.png)
        page.screenshot(path=str(Path(folder) / "dogroyal-guide-play.png"))
    page.keyboard.press("Enter")
    page.wait_for_selector(".moves button.move[data-action='play']:focus")
    assert page.locator(".hand button.card-face.selected[aria-pressed='true']").count() == 1


def test_dogroyal_guided_game_on_a_phone(new_page: Any) -> None:
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    start_guided_game_from_lobby(page, "dogroyal")
    page.click("button.tutorial-start[data-game='dogroyal']")
    page.wait_for_selector("section.game[data-status='playing']")
    bubble(page, "place")
    shoot(page, "dogroyal-guide-phone")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "nothing sticks out sideways on a phone"
