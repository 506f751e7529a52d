"""Tips in Front in Chromium (issue 30): at Anna's move the Tips button rates every legal move
with its chance to win and a 95 % interval, on a desktop (1280×800) and on a phone (390×844);
the panel never moves a piece, and the next position takes it away."""

from __future__ import annotations

import re
import time
from typing import Any

from web_helpers import create_hotseat, roll, shoot, text, version, wait_version_above

TIMEOUT = 20_000
READY_WITHIN = 300.0
"""Seconds the server may take to compile (or load) Front's batch simulator after it starts;
until then Tips play out through the engine, slowly, and say that they are preparing."""


def wait_until_front_is_ready(server: Any) -> None:
    deadline = time.monotonic() + READY_WITHIN
    while not server.request("GET", "/api/games/front/computers")["ready"]:
        assert time.monotonic() < deadline, "Front's batch simulator never became ready"
        time.sleep(0.5)


def test_tips_rate_every_legal_move_of_front_on_a_desktop_and_a_phone(
    new_page: Any, server: Any
) -> None:
    page = new_page(reduced_motion="reduce")
    page.set_viewport_size({"width": 1280, "height": 800})
    match_id = create_hotseat(page, ["Anna", "Bertil", "Cecilia"], "front")
    # The roll-off: Anna 6, the others 1; then Anna's 3, with moves for most of her pieces.
    server.dice(match_id, [6, 1, 1, 3])
    assert page.locator("section.tips").is_hidden()  # a die to roll: nothing to advise
    for _ in range(3):
        roll(page)
    page.wait_for_selector("button.die:not([disabled])")
    assert page.locator("section.tips").is_hidden()  # Anna's die still to roll
    roll(page)
    legal = server.request("GET", f"/api/matches/{match_id}")["view"]["legal"]
    wait_until_front_is_ready(server)  # the answer's time is the batch simulator's
    assert len(legal) >= 5
    seen = version(page)

    button = page.locator("button.tips-button")
    button.wait_for(timeout=TIMEOUT)
    assert button.is_visible() and button.inner_text() == "Tips"
    with page.expect_response("**/advice?*", timeout=30_000) as answer:
        button.click()
    advice = answer.value.json()
    assert advice["seat"] == 0 and advice["team"] == [0] and advice["sampled"] is False
    # One entry per legal move, in the engine's order: each is a whole move (a piece, a
    # direction, the die's count of steps).
    assert [a["action"] for a in advice["actions"]] == [m["action"] for m in legal]
    assert advice["preparing"] is False and advice["seconds"] < 2.0, advice["seconds"]
    page.wait_for_selector(".tips-list li.tip")
    tips = page.locator(".tips-list li.tip")
    assert tips.count() == len(legal)
    assert text(page, ".tips-title") == "Vinstchans per drag"
    for i in range(tips.count()):
        tip = tips.nth(i)
        assert re.fullmatch(r"\d{1,3},\d %", tip.locator(".tip-rate").inner_text())
        assert re.fullmatch(r"\d{1,3},\d–\d{1,3},\d %", tip.locator(".tip-interval").inner_text())
        assert tip.locator(".tip-move").inner_text() == advice["actions"][i]["label"]
        assert tip.locator(".tip-move").inner_text().startswith("Flytta Annas ")
        low, high = advice["actions"][i]["ci95"]
        assert low <= advice["actions"][i]["win_rate"] <= high
    best = page.locator(".tips-list li.tip.best")
    assert best.count() == 1 and "Bäst" in best.inner_text()
    assert best.get_attribute("data-index") == str(advice["best"])
    shoot(page, "front-tips")
    assert version(page) == seen  # the panel never moves by itself

    page.set_viewport_size({"width": 390, "height": 844})  # a phone: nothing sticks out
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.locator(".tips-list li.tip").count() == len(legal)
    box = page.locator(".tips-panel").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    shoot(page, "front-tips-phone")
    page.set_viewport_size({"width": 1280, "height": 800})

    # The board still plays: the first legal move's piece, then its destination. The next
    # position takes the panel away.
    first = legal[0]
    src = ",".join(str(v) for v in first["from"])
    dst = ",".join(str(v) for v in first["to"])
    page.click(f".front-board .piece[data-sq='{src}']")
    target = page.locator(f".front-board .target.to[data-sq='{dst}']")
    target.wait_for(timeout=TIMEOUT)
    target.click()
    wait_version_above(page, seen)
    page.wait_for_selector("section.tips", state="hidden")
    assert page.locator(".tips-list li").count() == 0
