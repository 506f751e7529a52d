"""'Lär dig spela' for Front in the browser: the guided game against two computers started from
the lobby and played to its end by keyboard alone (Enter on whatever has the focus: the
guide's button, the die, the first move, a removal, a camp square), each kind of decision
explained once, and the guide's last word on the win screen; on a phone too."""

from __future__ import annotations

from typing import Any

from web_helpers import (
    play_guided_game_by_keyboard,
    shoot,
    start_guided_game_by_keyboard,
    start_guided_game_from_lobby,
)

KINDS = {"roll", "move", "return", "remove", "throw"}
"""The kinds Front's guided game declares (``games/front/tutorial.py``)."""


def start(page: Any) -> None:
    start_guided_game_by_keyboard(page, "front")


def test_front_guided_game_by_keyboard(new_page: Any) -> None:
    page = new_page(viewport={"width": 1280, "height": 800})
    start(page)
    explained = play_guided_game_by_keyboard(page, "front-guide")
    assert explained[0] == "intro"
    assert {"roll", "move"} <= set(explained) <= KINDS | {"intro"}
    assert len(explained) == len(set(explained)), "each kind is explained once"
    page.wait_for_selector(".win .guide-end")
    assert "Så spelas Front" in page.inner_text(".win .guide-end")
    assert page.get_attribute("section.game", "data-status") == "over"
    shoot(page, "front-guide-end")


def test_front_guided_game_on_a_phone(new_page: Any) -> None:
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    start_guided_game_from_lobby(page, "front")
    page.click("button.tutorial-start[data-game='front']")
    page.wait_for_selector("section.game[data-status='playing']")
    explained = play_guided_game_by_keyboard(page, "front-guide-phone")
    assert explained[0] == "intro" and {"roll", "move"} <= set(explained)
    page.wait_for_selector(".win .guide-end")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "nothing sticks out sideways on a phone"
