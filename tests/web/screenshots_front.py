"""Screenshots of Front to look at: ``python tests/web/screenshots_front.py URL OUTDIR``.

Against a server started with ``spelkvall serve --test-mode`` at URL: Anna, Bertil and
Cecilia play on one device, each choice a random click on the board, and the script saves the
board with a piece chosen (its destinations and the squares on the way lit), the first removal
offered after a while (the converging lines drawn), the first return to a camp after a point,
and the end, each at 1280×800, 390×844 and through a deuteranopia filter. Open every PNG and
look.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright
from screenshots_colourblind import DESKTOP, PHONE, simulate
from web_helpers import version, wait_version_above

ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run"]


def shoot(page: Page, out: Path, name: str) -> None:
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(500)
    page.screenshot(path=str(out / f"{name}.png"))
    simulate(page, "deuteranopia")
    page.wait_for_timeout(200)
    page.screenshot(path=str(out / f"{name}-deuteranopia.png"))
    simulate(page, None)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(500)
    page.screenshot(path=str(out / f"{name}-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


def my_turn(page: Page) -> str:
    """Wait until Anna must do something; returns what: roll, move, decide, return, over."""
    page.wait_for_function(
        """() => {
          const game = document.querySelector('section.game');
          return game.dataset.status === 'over' ||
            document.querySelector('button.die:not([disabled])') ||
            document.querySelector('.moves button:not([disabled])');
        }""",
        timeout=30_000,
    )
    if page.get_attribute("section.game", "data-status") == "over":
        return "over"
    if (
        page.locator(".front-board .target.remove").count()
        and page.locator(".moves button.knock").count()
    ):
        return "decide"
    if page.locator(".front-board .target.return").count():
        return "return"
    if page.locator(".front-board .piece.movable").count():
        return "move"
    return "roll"


def main(base: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(5)
    shot: set[str] = set()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport=DESKTOP, base_url=base)
        page.goto("/")
        page.select_option("select[name='game']", "front")
        page.click("button[data-count='3']")
        page.click("button[data-mode='hotseat']")
        for i, name in enumerate(["Anna", "Bertil", "Cecilia"]):
            page.fill(f"input[name='name-{i}']", name)
        page.click("button.start")
        page.wait_for_selector("section.game[data-status='playing']")
        for _ in range(1500):
            what = my_turn(page)
            if what == "over":
                break
            seen = version(page)
            if what == "roll":
                page.click("button.die:not([disabled])")
            elif what == "decide":
                if "decide" not in shot and version(page) > 150:
                    shoot(page, out, "front-removal")
                    shot.add("decide")
                page.locator(".front-board .piece.movable").first.click()
            elif what == "return":
                if "return" not in shot:
                    shoot(page, out, "front-return")
                    shot.add("return")
                page.locator(".front-board .target.return").first.click()
            else:
                pieces = page.locator(".front-board .piece.movable")
                pieces.nth(rng.randrange(pieces.count())).click()
                page.wait_for_selector(".front-board .target.to")
                if "move" not in shot and version(page) > 120:
                    shoot(page, out, "front-move")
                    shot.add("move")
                targets = page.locator(".front-board .target.to")
                targets.nth(rng.randrange(targets.count())).click()
            wait_version_above(page, seen)
        shoot(page, out, "front-end")
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
