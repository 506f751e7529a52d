"""Screenshots of the web client for the docs: ``python tests/web/screenshots.py URL OUTDIR``.

Plays a four-player same-device game with scripted dice on a server started with
``spelkvall serve --test-mode`` at URL, and saves the board mid-game (desktop and phone size),
the Tips panel for that position (both sizes), the start page and the win screen's neighbour,
the highscore list.
"""

from __future__ import annotations

import json
import random
import sys
import urllib.request
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def dice(base: str, match_id: str, values: list[int]) -> None:
    req = urllib.request.Request(
        f"{base}/api/test/matches/{match_id}/dice",
        data=json.dumps({"values": values}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    urllib.request.urlopen(req, timeout=10).read()


def version(page: Page) -> int:
    return int(page.get_attribute("section.game", "data-version") or "0")


def step(page: Page, rng: random.Random) -> None:
    """Roll or move once, preferring moves that knock someone out."""
    seen = version(page)
    if page.locator("button.move").count():
        knocks = page.locator("button.move.knock")
        moves = knocks if knocks.count() else page.locator("button.move")
        moves.nth(rng.randrange(moves.count())).click()
    else:
        page.click("button.die:not([disabled])")
    page.wait_for_function(
        "v => Number(document.querySelector('section.game').dataset.version) > v", arg=seen
    )


def main(base: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(7)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport={"width": 1200, "height": 860}, base_url=base)
        page.goto("/")
        page.select_option("select[name='game']", "fia")
        page.click("button[data-count='4']")
        for i, name in enumerate(["Samir", "Micael", "Lisa", "Johanna"]):
            page.fill(f"input[name='name-{i}']", name)
        page.screenshot(path=str(out / "lobby.png"), full_page=True)
        page.click("button.start")
        page.wait_for_selector("section.game[data-status='playing']")
        match_id = str(page.get_attribute("section.game", "data-match"))
        # Roll-off, then dice rich in sixes and ones so pieces come out and meet.
        values = [5, 3, 6, 2, *(rng.choice([1, 6, 6, 2, 3, 4, 5]) for _ in range(400))]
        dice(base, match_id, values)
        knocked = 0
        for _ in range(400):
            step(page, rng)
            knocked = page.locator("ol.log li.knock").count()
            out_pieces = page.evaluate(
                "[...document.querySelectorAll('.piece')].filter(p => !p.closest('svg')"
                ".querySelector('.nest')).length"
            )
            if (
                knocked >= 2
                and out_pieces
                and version(page) > 120
                and page.locator("button.move").count()
            ):
                break
        page.wait_for_timeout(1500)
        page.screenshot(path=str(out / "screenshot-fia.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(500)
        page.screenshot(path=str(out / "phone-game.png"), full_page=True)
        page.set_viewport_size({"width": 1200, "height": 860})
        # The Tips panel for the same position (the advisor needs a second or so).
        page.click("button.tips-button")
        page.wait_for_selector(".tips-list li.tip", timeout=30_000)
        page.screenshot(path=str(out / "tips.png"))
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(500)
        page.screenshot(path=str(out / "phone-tips.png"), full_page=True)
        page.set_viewport_size({"width": 1200, "height": 860})
        page.click("#lang-toggle")
        page.wait_for_timeout(1500)
        page.screenshot(path=str(out / "game-english.png"))
        page.click("#lang-toggle")
        page.goto("/#/highscore")
        page.wait_for_timeout(800)
        page.screenshot(path=str(out / "highscore.png"), full_page=True)
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
