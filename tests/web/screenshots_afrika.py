"""Afrikas stjärna screenshots to look at: ``python tests/web/screenshots_afrika.py URL OUTDIR``.

Against a running ``spelkvall serve --test-mode`` at URL: a same-device game of one person
(Anna) and two computers, played by clicking rings on the map, saved mid-game at 1280×800 (as
``screenshot-afrika.png``, in English too, and through a deuteranopia filter), with a land
move's rings up, a token just opened, and at 390×844 on a phone.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from screenshots_colourblind import simulate
from web_helpers import open_lobby, version, wait_version_above

ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def start_game(page: Any, people: list[str], computers: int) -> str:
    open_lobby(page, "afrika")
    n = len(people) + computers
    page.click(f"button[data-count='{n}']")
    page.click("button[data-mode='hotseat']")
    for i in range(n):
        if i < len(people):
            page.fill(f"input[name='name-{i}']", people[i])
        else:
            page.select_option(f"select[name='kind-{i}']", "bot")
            page.select_option(f"select[name='level-{i}']", "easy")
    page.click("button.start")
    page.wait_for_selector("section.game[data-status='playing']")
    return str(page.get_attribute("section.game", "data-match"))


def my_turn(page: Any, timeout: int = 30_000) -> str:
    """Wait until this device must roll or choose (or the game is over); returns which."""
    page.wait_for_function(
        """() => document.querySelector('section.game').dataset.status === 'over' ||
                 document.querySelector('button.die:not([disabled])') ||
                 document.querySelector('.moves button.move:not([disabled])')""",
        timeout=timeout,
    )
    if page.get_attribute("section.game", "data-status") == "over":
        return "over"
    return "roll" if page.locator("button.die:not([disabled])").count() else "choose"


def step(page: Any) -> str:
    """One roll or one choice the way a person makes it: a ring on the map when there are."""
    kind = my_turn(page)
    if kind == "over":
        return kind
    seen = version(page)
    if kind == "roll":
        page.click("button.die:not([disabled])")
    elif page.locator(".afrika-map .target.go").count():
        page.locator(".afrika-map .target.go").last.click()
    else:
        page.locator(".moves button.move:not([disabled])").first.click()
    wait_version_above(page, seen)
    return kind


def main(base: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport=DESKTOP, base_url=base)
        start_game(page, ["Anna"], 2)
        page.screenshot(path=str(out / "afrika-start.png"))
        shot = False
        for n in range(400):
            kind = my_turn(page)
            if kind == "over":
                break
            rings = page.locator(".afrika-map .target.go").count()
            if not shot and n > 10 and rings >= 3:
                page.wait_for_timeout(500)
                page.screenshot(path=str(out / "screenshot-afrika.png"))
                simulate(page, "deuteranopia")
                page.screenshot(path=str(out / "afrika-deuteranopia.png"))
                simulate(page, None)
                page.click("#lang-toggle")
                page.wait_for_timeout(800)
                page.screenshot(path=str(out / "afrika-english.png"))
                page.click("#lang-toggle")
                page.wait_for_timeout(800)
                page.set_viewport_size(PHONE)
                page.wait_for_timeout(500)
                page.screenshot(path=str(out / "afrika-phone.png"), full_page=True)
                page.set_viewport_size(DESKTOP)
                shot = True
            reveal = out / "afrika-reveal.png"
            if page.locator(".afrika-reveal:not([hidden])").count() and not reveal.exists():
                page.screenshot(path=str(reveal))
            step(page)
        page.wait_for_timeout(500)
        page.screenshot(path=str(out / "afrika-end.png"))
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
