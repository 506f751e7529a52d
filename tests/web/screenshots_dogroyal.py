"""DogRoyal screenshots for the docs: ``python tests/web/screenshots_dogroyal.py URL OUTDIR``.

Against a running ``spelkvall serve`` at URL: the DogRoyal lobby (teams shown), then a game of
one person and three computers played until several pieces are out, saved mid-game with a card
chosen (its pieces highlighted, its options listed, grouped by piece when it has many) as
``screenshot-dogroyal.png``, in English too, and the privacy screen of a shared device.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright
from web_helpers import dogroyal_my_turn, fill_dogroyal_lobby, version, wait_version_above

ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run"]


def main(base: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport={"width": 1200, "height": 900}, base_url=base)
        fill_dogroyal_lobby(page, ["Samir"])
        page.screenshot(path=str(out / "lobby-dogroyal.png"), full_page=True)
        page.click("button.start")
        page.wait_for_selector("section.game[data-status='playing']")
        for turn in range(200):
            dogroyal_my_turn(page, 60_000)
            seen = version(page)
            out_pieces = page.evaluate(
                "[...document.querySelectorAll('.piece')].filter(p => Number(p.dataset.pos) >= 0)"
                ".length"
            )
            cards = page.locator(".hand button.card-face:not([disabled])")
            if page.locator(".piece.movable").count() and not cards.count():
                page.locator(".piece.movable").first.click()
            elif cards.count() and "ge till" in page.inner_text(".dog-hint"):
                cards.first.click()
            elif cards.count():
                # Choose the card with the most options, to show them (grouped by piece, best).
                best, most = 0, -1
                for i in range(cards.count()):
                    cards.nth(i).click()
                    n = page.locator(".moves button").count()
                    n += 10 * page.locator(".moves button.choice").count()
                    if n > most:
                        best, most = i, n
                    cards.nth(i).click()
                cards.nth(best).click()
                if out_pieces >= 7 and (most >= 10 or (most >= 2 and turn > 100)):
                    if page.locator(".moves button.choice").count():
                        page.locator(".moves button.choice").first.click()
                    page.wait_for_timeout(1600)
                    page.screenshot(path=str(out / "screenshot-dogroyal.png"))
                    page.click("#lang-toggle")
                    page.wait_for_timeout(1200)
                    page.screenshot(path=str(out / "dogroyal-english.png"))
                    page.click("#lang-toggle")
                    break
                if page.locator(".moves button.choice").count():
                    page.locator(".moves button.choice").first.click()
                page.locator(".moves button.move").first.click()
            elif page.locator(".moves button.move").count():
                page.locator(".moves button.move").first.click()
            else:
                continue  # a computer's gift came first: the turn seen has passed, wait again
            wait_version_above(page, seen)
        shared = browser.new_page(viewport={"width": 1200, "height": 900}, base_url=base)
        fill_dogroyal_lobby(shared, ["Anna", "Bo"])
        shared.click("button.start")
        shared.wait_for_selector(".privacy-overlay:not([hidden])")
        shared.screenshot(path=str(out / "dogroyal-privacy.png"))
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
