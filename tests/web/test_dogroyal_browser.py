"""DogRoyal in Chromium: a person and three computers play several rounds (with the partner
exchange), and a shared device with two people puts up the privacy screen between them."""

from __future__ import annotations

from typing import Any

from web_helpers import (
    dogroyal_my_turn,
    fill_dogroyal_lobby,
    shoot,
    version,
    wait_version_above,
)

TIMEOUT = 20_000


def create_dogroyal(page: Any, people: list[str], bots: int) -> str:
    """A same-device DogRoyal game from the start page: people first, then computers."""
    assert len(people) + bots == 4
    fill_dogroyal_lobby(page, people)
    page.click("button.start")
    page.wait_for_selector("section.game[data-status='playing']")
    return str(page.get_attribute("section.game", "data-match"))


def play_one(page: Any) -> str:
    """Make one choice the way a person would; returns what kind of choice it was."""
    seen = version(page)
    phase = page.evaluate("() => document.querySelector('.dog-hint').textContent")
    moves = page.locator(".moves button.move:not([disabled])")
    if (
        page.locator(".piece.movable").count()
        and not page.locator(".hand button.card-face.selected").count()
    ):
        # Placement: click a highlighted piece in the kennel.
        page.locator(".piece.movable").first.click()
        kind = "place"
    elif moves.count() and not page.locator(".hand button.card-face:not([disabled])").count():
        moves.first.click()
        kind = "move"
    else:
        page.locator(".hand button.card-face:not([disabled])").first.click()
        if "Välj ett kort att ge" in phase:
            # Done when this device's own gift is in the state: the hint stops asking for it.
            # (A computer's gift can arrive first and bump the version with the hint unchanged.)
            page.wait_for_function(
                "() => !document.querySelector('.dog-hint').textContent"
                ".includes('Välj ett kort att ge')",
                timeout=TIMEOUT,
            )
            return "give"
        # The card is chosen: its pieces are highlighted and its moves listed.
        page.wait_for_selector(".moves button")
        assert page.locator(".piece.movable").count() >= 1
        if page.locator(".moves button.choice").count():
            # Several pieces can move: pick one on the board, then its option (a piece with
            # one option only moves at once).
            page.locator(".piece.movable").first.click()
            page.wait_for_function(
                """seen => document.querySelector('.moves button.move') ||
                          Number(document.querySelector('section.game').dataset.version) > seen""",
                arg=seen,
            )
            if version(page) > seen:
                return "play"
        page.locator(".moves button.move").first.click()
        kind = "play"
    wait_version_above(page, seen)
    return kind


def test_a_person_and_three_computers_play_several_rounds(new_page: Any) -> None:
    page = new_page()
    create_dogroyal(page, ["Anna"], bots=3)
    kinds: list[str] = []
    round_no = 0
    for _ in range(80):
        dogroyal_my_turn(page, TIMEOUT)
        if page.get_attribute("section.game", "data-status") == "over":
            break
        round_no = page.evaluate(
            "() => Number((document.querySelector('.pile-facts').textContent"
            ".match(/Omgång (\\d+)/) || [0, 0])[1])"
        )
        if round_no >= 3 and kinds.count("give") >= 2:
            break
        kinds.append(play_one(page))
        if len(kinds) == 8:
            shoot(page, "dogroyal-midgame")
    assert round_no >= 3, f"several rounds were played (reached round {round_no})"
    assert kinds.count("give") >= 2, "Anna gave her partner a card in each exchange"
    assert "place" in kinds and "play" in kinds
    assert page.locator(".privacy-overlay").is_hidden(), "one person: no privacy screen"
    assert "Anna och Dator 2 byter kort" in page.inner_text("ol.log")
    # Anna's own hand is shown as cards; the others only as counts.
    cards = page.locator(".hand .card-face").count()
    assert f"{cards} kort" in page.inner_text(".player[data-seat='0']")
    assert "kort" in page.inner_text(".player[data-seat='1']")


def test_a_shared_device_shows_the_privacy_screen_between_two_people(new_page: Any) -> None:
    page = new_page()
    create_dogroyal(page, ["Anna", "Bo"], bots=2)
    page.wait_for_selector(".privacy-overlay:not([hidden])", timeout=TIMEOUT)
    first = page.inner_text(".privacy h2")
    assert first in ("Ge enheten till Anna", "Ge enheten till Bo")
    # Under the privacy screen no card is shown face up.
    assert page.locator(".hand button.card-face").count() == 0
    shoot(page, "dogroyal-privacy")
    page.click(".privacy-ok")
    assert page.locator(".privacy-overlay").is_hidden()
    page.wait_for_selector(".hand button.card-face:not([disabled])")
    seen = version(page)
    page.locator(".hand button.card-face:not([disabled])").first.click()
    wait_version_above(page, seen)
    # The exchange goes on with the other person: the device must be handed over.
    page.wait_for_selector(".privacy-overlay:not([hidden])", timeout=TIMEOUT)
    second = page.inner_text(".privacy h2")
    assert second != first and second in ("Ge enheten till Anna", "Ge enheten till Bo")
    assert page.locator(".hand button.card-face").count() == 0


def test_a_person_plays_with_the_keyboard_alone(new_page: Any) -> None:
    """Enter on whatever has the focus, each time the person must choose: the focus is on a
    card to give or play, on the moves once a card is chosen (on the first group's first move
    after a group is opened), never somewhere the person would have to look for."""
    page = new_page()
    create_dogroyal(page, ["Anna"], bots=3)
    what: list[str] = []
    for _ in range(40):
        dogroyal_my_turn(page, TIMEOUT)
        if page.get_attribute("section.game", "data-status") == "over":
            break
        seen = version(page)
        for _ in range(4):  # a card, maybe a group, then a move
            focus = page.evaluate(
                """() => {
                  const el = document.activeElement;
                  if (el.matches('.hand button.card-face')) return 'card';
                  if (el.matches('.moves button.choice')) return 'group';
                  if (el.matches('.moves button.move')) return 'move';
                  return el === document.body ? 'nothing' : el.outerHTML.slice(0, 60);
                }"""
            )
            if version(page) > seen:
                break
            assert focus in ("card", "group", "move"), f"after {what}: the focus is on {focus}"
            what.append(focus)
            page.keyboard.press("Enter")
            page.wait_for_function(
                "seen => Number(document.querySelector('section.game').dataset.version) > seen"
                " || document.activeElement !== document.body",
                arg=seen,
            )
        if len(what) >= 16:
            break
    assert "card" in what and "move" in what
