"""DogRoyal screenshots for the docs: ``python tests/web/screenshots_dogroyal.py URL OUTDIR``.

Against a running ``spelkvall serve`` at URL: the DogRoyal lobby (teams shown), the exchange
with a card chosen (before confirming), then a game of one person and three computers played
until several pieces are out, saved mid-game with a card chosen (its pieces highlighted, its
options listed, grouped by piece when it has many, one move hovered and previewed on the
board) as ``screenshot-dogroyal.png``, as a deuteranope and a protanope see it
(``-deuteranopia.png``, ``-protanopia.png``: every piece's owner must be nameable), in
English, on a phone with the board enlarged, the rules panel, and the privacy screen of a
shared device.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright
from screenshots_colourblind import MATRICES, simulate
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
            cards = page.locator(".hand button.card-face:not([disabled]):not(.dimmed)")
            if page.locator(".piece.movable").count() and not cards.count():
                page.locator(".piece.movable").first.click()
            elif cards.count() and "ge till" in page.inner_text(".dog-hint"):
                cards.first.click()
                if turn < 3:
                    page.screenshot(path=str(out / "dogroyal-exchange.png"))
                page.click(".moves button.give-confirm")
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
                    moves = page.locator(".moves button.move")
                    moves.nth(min(2, moves.count() - 1)).hover()  # its way, on the board
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(out / "screenshot-dogroyal.png"))
                    for kind in MATRICES:
                        simulate(page, kind)
                        page.wait_for_timeout(200)
                        page.screenshot(path=str(out / f"screenshot-dogroyal-{kind}.png"))
                    simulate(page, None)
                    page.set_viewport_size({"width": 390, "height": 844})
                    page.click(".dog-zoom")
                    page.wait_for_timeout(600)
                    page.screenshot(path=str(out / "dogroyal-phone-zoomed.png"))
                    page.click(".dog-zoom")
                    page.set_viewport_size({"width": 1200, "height": 900})
                    page.click(".match-tools button.rules-open")
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(out / "dogroyal-rules.png"))
                    page.keyboard.press("Escape")
                    page.click("#lang-toggle")
                    page.wait_for_timeout(1200)
                    page.screenshot(path=str(out / "dogroyal-english.png"))
                    page.click("#lang-toggle")
                    # Tips: every legal move with the team's chance, from Samir's view.
                    page.click("button.tips-button")
                    page.wait_for_selector(".tips-list li.tip", timeout=30_000)
                    page.locator(".tips").scroll_into_view_if_needed()
                    page.screenshot(path=str(out / "dogroyal-tips.png"))
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
