"""Omringad screenshots: ``python tests/web/screenshots_omringad.py URL OUTDIR``.

Against a running ``spelkvall serve --test-mode`` at URL: a person and the computer on one
device, played like the browser test into round 2's battle; saved at 1280×800 and 390×844, in
English, and through a deuteranopia filter (``*-deuteranopia.png``); the mid-game board is
``screenshot-omringad.png``. A four-player torus game (one person, three computers) too.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from test_omringad_browser import (
    MY_TURN,
    attack,
    buy_all,
    click_and_wait,
    lay_terrain,
    move_button,
    phase,
    reinforce,
    round_no,
    setup_army,
)
from web_helpers import open_lobby

ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run"]
# Deuteranopia (Machado et al. 2009, severity 1) as an SVG colour matrix over the whole page.
DEUTERANOPIA = """
(() => {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('style', 'position:absolute;width:0;height:0');
  svg.innerHTML = '<filter id="deut"><feColorMatrix type="matrix" values="' +
    '0.367 0.861 -0.228 0 0  0.280 0.673 0.047 0 0  -0.012 0.043 0.969 0 0  0 0 0 1 0"/></filter>';
  document.body.append(svg);
  document.documentElement.style.filter = 'url(#deut)';
})()
"""


class Dice:
    def __init__(self, base: str) -> None:
        self.base = base

    def dice(self, match_id: str, values: list[int]) -> None:
        import json
        import urllib.request

        req = urllib.request.Request(
            f"{self.base}/api/test/matches/{match_id}/dice",
            data=json.dumps({"values": values}).encode(),
            method="POST",
            headers={"Content-Type": "application/json"},
        )
        urllib.request.urlopen(req).read()


def shots(page: Any, out: Path, name: str) -> None:
    page.wait_for_timeout(600)
    page.screenshot(path=str(out / f"{name}.png"))
    page.evaluate(DEUTERANOPIA)
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / f"{name}-deuteranopia.png"))
    page.evaluate("document.documentElement.style.filter = ''")


def play_until(page: Any, server: Dice, match_id: str, out: Path, size: str) -> None:
    attacked = False
    for _ in range(400):
        page.wait_for_function(MY_TURN, timeout=60_000)
        ph = phase(page)
        if round_no(page) >= 3:
            break
        if ph == "purchase":
            buy_all(page)
        elif ph == "auction":
            if move_button(page, "Lägg dig").count():
                click_and_wait(page, move_button(page, "Lägg dig"))
            else:
                click_and_wait(page, page.locator("button.bid"))
        elif ph == "movement":
            if round_no(page) == 2 and not attacked and move_button(page, "Stå över").count():
                shots(page, out, f"omringad-movement-{size}")
                attacked = attack(page, server, match_id)
                if attacked:
                    continue
            if move_button(page, "Ångra").count():
                click_and_wait(page, move_button(page, "Ångra"))
            else:
                click_and_wait(page, move_button(page, "Stå över"))
        elif ph == "combat":
            shots(page, out, f"omringad-battle-{size}")
            click_and_wait(page, page.locator(".omr-controls .moves button.move").first)
        elif ph == "reinforcement":
            if size == "1280":
                shots(page, out, "screenshot-omringad")
            reinforce(page)
        else:
            click_and_wait(page, page.locator(".omr-controls .moves button.move").first)


def main(base: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    server = Dice(base)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for size, viewport in (("1280", (1280, 800)), ("390", (390, 844))):
            page = browser.new_page(
                viewport={"width": viewport[0], "height": viewport[1]}, base_url=base
            )
            open_lobby(page, "omringad")
            page.click("button[data-count='2']")
            page.click("button[data-mode='hotseat']")
            page.fill("input[name='name-0']", "Anna")
            page.select_option("select[name='kind-1']", "bot")
            page.select_option("select[name='level-1']", "easy")
            page.click("button.start")
            page.wait_for_selector("section.game[data-status='playing']")
            match_id = str(page.get_attribute("section.game", "data-match"))
            page.wait_for_function(MY_TURN)
            shots(page, out, f"omringad-terrain-{size}")
            lay_terrain(page)
            page.wait_for_function(MY_TURN)
            setup_army(page)
            play_until(page, server, match_id, out, size)
            shots(page, out, f"omringad-round3-{size}")
            if size == "1280":
                page.click("#lang-toggle")
                shots(page, out, "omringad-english")
                page.click("#lang-toggle")
        page = browser.new_page(viewport={"width": 1280, "height": 900}, base_url=base)
        open_lobby(page, "omringad")
        page.click("button[data-count='4']")
        page.click("button[data-mode='hotseat']")
        page.fill("input[name='name-0']", "Anna")
        for i in (1, 2, 3):
            page.select_option(f"select[name='kind-{i}']", "bot")
            page.select_option(f"select[name='level-{i}']", "easy")
        page.click("button.start")
        page.wait_for_selector("section.game[data-status='playing']")
        page.wait_for_function(MY_TURN)
        lay_terrain(page)
        page.wait_for_function(MY_TURN)
        setup_army(page)
        page.wait_for_function(MY_TURN)
        shots(page, out, "omringad-torus")
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
