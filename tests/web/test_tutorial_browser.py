"""'Lär dig spela': each game's guided first game played to its end in the browser, from the
lobby or the rules panel: the guide's bubbles come with the focus on their button and give it
back to the control the learner needs (by keyboard alone), and work on a phone (390×844)."""

from __future__ import annotations

from typing import Any

import pytest
from web_helpers import (
    play_guided_game_by_keyboard,
    start_guided_game_by_keyboard,
    start_guided_game_from_lobby,
)


def test_fia_guided_game_by_keyboard(new_page: Any) -> None:
    page = new_page(viewport={"width": 1280, "height": 800})
    start_guided_game_by_keyboard(page, "fia")
    explained = play_guided_game_by_keyboard(page, "fia-guide")
    assert explained[0] == "intro"
    assert {"roll", "move"} <= set(explained)
    assert len(explained) == len(set(explained)), "each kind is explained once"
    page.wait_for_selector(".win .guide-end")
    assert "Bra spelat" in page.inner_text(".win .guide-end")
    # The learner won, and a guided game counts for nobody.
    assert page.get_attribute("section.game", "data-status") == "over"


def test_the_guide_speaks_english_and_can_be_left(new_page: Any) -> None:
    page = new_page()
    page.goto("/")
    page.click("#lang-toggle")
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.select_option("select[name='game']", "fia")
    page.click("button.tutorial-start[data-game='fia']")
    page.wait_for_selector(".guide:not([hidden]) .guide-ok")
    assert "Welcome" in page.inner_text(".guide")
    assert page.evaluate("document.activeElement.classList.contains('guide-ok')")
    # The learner is the one person: no seat to hand to a computer, no host's box.
    assert page.locator(".seat-action").count() == 0
    assert page.locator(".host-box").is_hidden()
    match_id = page.get_attribute("section.game", "data-match")
    page.click(".guide-quit")
    page.wait_for_selector("select[name='game']")
    assert page.evaluate("location.hash") in ("#/", "")
    page.goto(f"/#/match/{match_id}")
    page.wait_for_selector("section.game[data-status='ended']")


def test_the_rules_panel_offers_the_guided_game(new_page: Any) -> None:
    page = new_page()
    start_guided_game_from_lobby(page, "fia")
    page.click("button.tutorial-start[data-game='fia']")
    page.wait_for_selector("section.game[data-status='playing']")
    first = page.get_attribute("section.game", "data-match")
    page.click("button.rules-open")
    page.click(".rules-dialog button.tutorial-start")
    page.wait_for_function(
        "first => document.querySelector('section.game')?.dataset.match !== first &&"
        " document.querySelector('section.game')?.dataset.status === 'playing'",
        arg=first,
    )
    page.wait_for_selector(".guide:not([hidden])")


@pytest.mark.parametrize("game", ["fia"])
def test_guided_game_on_a_phone(new_page: Any, game: str) -> None:
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    start_guided_game_from_lobby(page, game)
    page.click(f"button.tutorial-start[data-game='{game}']")
    page.wait_for_selector("section.game[data-status='playing']")
    explained = play_guided_game_by_keyboard(page, f"{game}-guide-phone")
    assert explained[0] == "intro" and len(explained) > 2
    page.wait_for_selector(".win .guide-end")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "nothing sticks out sideways on a phone"
