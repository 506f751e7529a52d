"""Tips in Omringad in Chromium (issue 30): Anna against the computer asks for Tips with her
last tile of secret terrain in hand and again in the middle of a group move, on a desktop
(1280×800) and on a phone (390×844). Every legal action is rated with the chance to win and a
95 % interval, from worlds dealt from her view (``sampled``); a move is rated step by step; the
panel never plays, and the next position takes it away."""

from __future__ import annotations

import re
import time
from typing import Any
from urllib.parse import parse_qs, urlparse

import test_omringad_browser as omr
from web_helpers import (
    against_a_computer,
    shoot,
    text,
    two_online,
    version,
    wait_version_above,
)

TIMEOUT = 30_000
READY_WITHIN = 300.0
"""Seconds the server may take to compile (or load) Omringad's batch simulator after it starts;
until then Tips play out through the engine, slowly, and say that they are preparing."""
ANSWER_BOUND = 2.5
"""Seconds an answer may take: the 2 s limit for hidden information (``server.advice``) and the
playout under way when the clock passed it, on a shared machine."""


def wait_until_omringad_is_ready(server: Any) -> None:
    deadline = time.monotonic() + READY_WITHIN
    while not server.request("GET", "/api/games/omringad/computers")["ready"]:
        assert time.monotonic() < deadline, "Omringad's batch simulator never became ready"
        time.sleep(0.5)


def wait_until_only_anna_acts(page: Any, server: Any, match_id: str) -> None:
    """The terrain is chosen at the same time: wait until the computer has chosen its own and
    the page shows it, or its move would come while Tips are shown and take them away (the
    next position does)."""
    deadline = time.monotonic() + 60
    while (now := server.request("GET", f"/api/matches/{match_id}"))["to_act"] != [0]:
        assert time.monotonic() < deadline, "the computer never finished its terrain"
        time.sleep(0.2)
    page.wait_for_function(
        "v => Number(document.querySelector('section.game').dataset.version) >= v",
        arg=now["version"],
    )


def ask(page: Any, server: Any, match_id: str) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Click Tips; the answer and Anna's legal actions (read with her own token, which the
    page sent with its question)."""
    button = page.locator("button.tips-button")
    button.wait_for(timeout=TIMEOUT)
    assert button.is_visible() and button.inner_text() == "Tips"
    with page.expect_response("**/advice?*", timeout=30_000) as answer:
        button.click()
    assert answer.value.ok, f"{answer.value.status}: {answer.value.text()}"
    token = parse_qs(urlparse(answer.value.url).query)["token"][0]
    legal = server.request("GET", f"/api/matches/{match_id}?token={token}")["legal"]
    page.wait_for_selector(".tips-list li.tip")
    return answer.value.json(), legal


def check_panel(page: Any, advice: dict[str, Any], legal: list[dict[str, Any]]) -> None:
    """One entry per legal action in the engine's order, each with its rate and interval in
    Swedish, the best marked, and the note that the others' secrets were dealt at random."""
    assert advice["seat"] == 0 and advice["team"] == [0] and advice["sampled"] is True
    assert [a["action"] for a in advice["actions"]] == [m["action"] for m in legal]
    assert advice["preparing"] is False and advice["seconds"] < ANSWER_BOUND, advice["seconds"]
    tips = page.locator(".tips-list li.tip")
    assert tips.count() == len(legal)
    assert text(page, ".tips-title") == "Vinstchans per drag"
    for i in range(tips.count()):
        tip = tips.nth(i)
        assert re.fullmatch(r"\d{1,3},\d %", tip.locator(".tip-rate").inner_text())
        interval = tip.locator(".tip-interval").inner_text()
        assert advice["actions"][i]["exact"] or re.fullmatch(r"\d{1,3},\d–\d{1,3},\d %", interval)
        assert tip.locator(".tip-move").inner_text() == advice["actions"][i]["label"]
        low, high = advice["actions"][i]["ci95"]
        assert low <= advice["actions"][i]["win_rate"] <= high
        assert advice["actions"][i]["playouts"] >= 1
    best = page.locator(".tips-list li.tip.best")
    assert best.count() == 1 and "Bäst" in best.inner_text()
    assert best.get_attribute("data-index") == str(advice["best"])
    assert "aldrig det riktiga" in text(page, ".tips-note")


def check_phone(page: Any, entries: int, name: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: nothing sticks out
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator(".tips-list li.tip").count() == entries
    box = page.locator(".tips-panel").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    shoot(page, name)
    page.set_viewport_size({"width": 1280, "height": 800})


def test_tips_rate_every_legal_action_of_omringad_on_a_desktop_and_a_phone(
    new_page: Any, server: Any
) -> None:
    page = new_page(reduced_motion="reduce")
    page.set_viewport_size({"width": 1280, "height": 800})
    against_a_computer(page, "omringad")
    match_id = str(page.get_attribute("section.game", "data-match"))
    omr.wait_my_turn(page)
    assert omr.phase(page) == "terrain"
    # Eight of the nine tiles; the last mountain may go on any of the 17 bare squares left.
    for tile, square in omr.TERRAIN[:-1]:
        page.click(f".omr-kinds button[data-kind='{tile}']")
        omr.click_cell(page, square)
    wait_until_omringad_is_ready(server)  # the answer's time is the batch simulator's
    wait_until_only_anna_acts(page, server, match_id)
    seen = version(page)
    advice, legal = ask(page, server, match_id)
    tiles = [m for m in legal if m["action"]["type"] == "tile"]
    assert len(tiles) == 17 and {m["action"]["tile"] for m in tiles} == {"mountain"}
    check_panel(page, advice, legal)
    assert any(
        page.locator(".tips-list li.tip .tip-move").nth(i).inner_text().startswith("Lägg Berg på")
        for i in range(len(legal))
    )
    shoot(page, "omringad-tips")
    assert version(page) == seen  # the panel never plays by itself
    check_phone(page, len(legal), "omringad-tips-phone")

    # The board still plays: the last tile, then the panel is gone.
    last_tile, last_square = omr.TERRAIN[-1]
    page.click(f".omr-kinds button[data-kind='{last_tile}']")
    omr.click_cell(page, last_square)
    wait_version_above(page, seen)
    assert page.locator(".tips-list li").count() == 0
    omr.click_and_wait(page, omr.move_button(page, "Klar"))
    omr.wait_my_turn(page)
    omr.setup_army(page)

    # Round 1's move: a square first, then the units one at a time. Each step is rated.
    for _ in range(50):
        omr.wait_my_turn(page)
        if omr.phase(page) == "movement":
            break
        if omr.phase(page) == "purchase":
            omr.buy_all(page)
        else:
            omr.click_and_wait(page, page.locator(".omr-controls .moves button.move").first)
    assert omr.phase(page) == "movement"
    advice, legal = ask(page, server, match_id)
    kinds = {m["action"]["type"] for m in legal}
    assert "select" in kinds and "take" not in kinds
    check_panel(page, advice, legal)
    square = next(m["action"]["square"] for m in legal if m["action"]["type"] == "select")
    omr.click_cell(page, square)
    page.wait_for_selector(".tips-list li", state="detached")
    advice, legal = ask(page, server, match_id)
    assert "take" in {m["action"]["type"] for m in legal}
    check_panel(page, advice, legal)
    assert any(a["label"].startswith("Ta med ") for a in advice["actions"])
    shoot(page, "omringad-tips-move")
    check_phone(page, len(legal), "omringad-tips-move-phone")


def test_tips_stay_when_the_other_player_lays_hidden_terrain_meanwhile(new_page: Any) -> None:
    """Both lay their secret terrain at once. Anna asks for Tips; before her question reaches
    the server Bertil lays a tile, which moves the match's version but changes nothing Anna
    sees or may do: her answer still comes, for the same decision."""
    anna, bertil = two_online(new_page, "omringad")
    for page in (anna, bertil):
        page.wait_for_function(omr.MY_TURN, timeout=TIMEOUT)
    held: list[Any] = []

    def hold_the_first(route: Any) -> None:  # the question waits until Bertil has moved
        if held:
            route.continue_()
        else:
            held.append(route)

    anna.route("**/advice?*", hold_the_first)
    seen = version(anna)
    anna.locator("button.tips-button").click()
    while not held:
        anna.wait_for_timeout(50)
    omr.click_cell(
        bertil, bertil.locator(".omr-board .cell.clickable").first.get_attribute("data-square")
    )
    wait_version_above(anna, seen)
    assert anna.locator(".tips-panel").is_visible()  # Anna's decision is the one she asked about
    with anna.expect_response(lambda r: "/advice?" in r.url and r.ok, timeout=30_000):
        held[0].continue_()  # sent with the old version: refused as stale, and asked again
    anna.wait_for_selector(".tips-list li.tip", timeout=TIMEOUT)
    assert anna.locator(".tips-error").count() == 0
    legal = anna.evaluate("() => document.querySelectorAll('.tips-list li.tip').length")
    assert legal > 0
