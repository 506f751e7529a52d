"""Screenshots of online evenings to look at: ``python tests/web/screenshots_evenings.py URL
OUTDIR``, against ``python tests/web/serve_with_relay.py --test-mode …`` at URL.

Two browsers, Anna's and Bo's, play three matches; it saves, each at 1280×800, 390×844 and
through deuteranopia and protanopia filters (``screenshots_colourblind.shoot_all``):

- ``my-games``: Bo's start page with "Mina spel": a Fia match where it is his turn, a Stafett
  game he won on his own device, and an online Stafett game waiting for players;
- ``presence``: Anna's Fia page while Bo is away: her seat online, his away, the host's hands;
- ``rematch``: Bo's win screen after Anna asked to play again.

Open every PNG: the marks must read without colour, and nothing may run off a phone.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright
from screenshots_colourblind import ARGS, post, shoot_all
from web_helpers import version, wait_version_above


def step(page: Page, selector: str) -> None:
    seen = version(page)
    page.click(selector)
    wait_version_above(page, seen)


def online(anna: Page, bo: Page, game: str, goal: str | None = None) -> str:
    """Anna starts an online match for two; Bo joins by her link. Returns the match id."""
    anna.goto("/")
    anna.select_option("select[name='game']", game)
    anna.click("button[data-count='2']")
    anna.click("button[data-mode='online']")
    anna.fill("input[name='name-0']", "Anna")
    if goal:
        anna.locator("details.options summary").click()
        anna.select_option("select[name='option-goal']", label=goal)
    anna.click("button.start")
    url = anna.locator(".invites input.invite-url").input_value()
    anna.click(".invites a.primary")
    anna.wait_for_selector("section.game[data-status='waiting']")
    match_id = str(anna.get_attribute("section.game", "data-match"))
    bo.goto(url)
    bo.fill("input[name='name']", "Bo")
    bo.click("button.join-button")
    bo.wait_for_selector("section.game[data-status='playing']")
    anna.wait_for_selector("section.game[data-status='playing']")
    return match_id


def main(base: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        pages: list[Any] = []
        for _ in range(2):
            context = browser.new_context(base_url=base, viewport={"width": 1280, "height": 800})
            context.set_default_timeout(20_000)
            pages.append(context.new_page())
        anna, bo = pages

        # A Fia match where Bo is to roll: he wins the roll-off, Anna rolled 1.
        fia = online(anna, bo, "fia")
        post(base, f"/api/test/matches/{fia}/dice", {"values": [1, 6]})
        step(anna, "button.die:not([disabled])")
        bo.wait_for_selector("button.die:not([disabled])")
        step(bo, "button.die:not([disabled])")

        # A Stafett game Bo plays on his own device against a computer and wins.
        bo.goto("/")
        bo.select_option("select[name='game']", "relay")
        bo.click("button[data-count='2']")
        bo.click("button[data-mode='hotseat']")
        bo.fill("input[name='name-0']", "Bo")
        bo.select_option("select[name='kind-1']", "bot")
        bo.locator("details.options summary").click()
        bo.select_option("select[name='option-goal']", label="8")
        bo.click("button.start")
        bo.wait_for_selector("section.game[data-status='playing']")
        alone = str(bo.get_attribute("section.game", "data-match"))
        post(base, f"/api/test/matches/{alone}/dice", {"values": [{"a": 4, "b": 4}]})
        step(bo, "button.roll")
        step(bo, ".moves button.move[data-index='0']")
        step(bo, ".moves button.move[data-index='0']")
        bo.wait_for_selector(".win-overlay:not([hidden])")

        # An online Stafett game of Bo's still waiting for a friend.
        bo.goto("/")
        bo.select_option("select[name='game']", "relay")
        bo.click("button[data-count='3']")
        bo.click("button[data-mode='online']")
        bo.fill("input[name='name-0']", "Bo")
        bo.click("button.start")
        bo.wait_for_selector(".invites input.invite-url")

        bo.goto("/")
        bo.wait_for_selector(f".my-game.your-turn[data-match='{fia}']")
        bo.wait_for_selector(".my-game[data-status='over']")
        shoot_all(bo, out, "my-games")

        # Meanwhile Anna sees Bo away from the Fia match.
        anna.goto(f"/#/match/{fia}")
        anna.wait_for_selector(".player[data-seat='1'][data-presence='offline']", timeout=15_000)
        shoot_all(anna, out, "presence")

        # A Stafett game online that Anna wins; she asks to play again.
        relay = online(anna, bo, "relay", goal="8")
        post(base, f"/api/test/matches/{relay}/dice", {"values": [{"a": 4, "b": 4}]})
        step(anna, "button.roll")
        step(anna, ".moves button.move[data-index='0']")
        step(anna, ".moves button.move[data-index='0']")
        anna.wait_for_selector(".win-overlay:not([hidden])")
        anna.click(".win-overlay button.rematch")
        bo.wait_for_selector(".rematch-state")
        shoot_all(bo, out, "rematch")
        browser.close()
    print("saved in", out)


if __name__ == "__main__":
    main(sys.argv[1].rstrip("/"), Path(sys.argv[2]))
