"""DogRoyal screenshots for the docs: ``python tests/web/screenshots_dogroyal.py URL OUTDIR``.

Against a running ``spelkvall serve`` at URL: the DogRoyal lobby (teams shown), then a game of
one person and three computers played until several pieces are out, saved mid-game with a card
chosen (its pieces highlighted, its options listed) as ``screenshot-dogroyal.png``, in English
too, and the privacy screen of a shared device.
"""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run"]


def version(page: Page) -> int:
    return int(page.get_attribute("section.game", "data-version") or "0")


def wait_above(page: Page, seen: int) -> None:
    page.wait_for_function(
        "v => Number(document.querySelector('section.game').dataset.version) > v", arg=seen
    )


def my_turn(page: Page) -> None:
    page.wait_for_function(
        "() => document.querySelector('.hand button.card-face:not([disabled])')"
        " || document.querySelector('.moves button.move')"
        " || document.querySelector('.piece.movable')",
        timeout=60_000,
    )


def setup(page: Page, people: list[str]) -> None:
    page.goto("/")
    page.select_option("select[name='game']", "dogroyal")
    page.click("button[data-count='4']")
    page.click("button[data-mode='hotseat']")
    for i in range(4):
        if i < len(people):
            page.fill(f"input[name='name-{i}']", people[i])
        else:
            page.select_option(f"select[name='kind-{i}']", "bot")
            page.select_option(f"select[name='level-{i}']", "easy")


def main(base: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport={"width": 1200, "height": 900}, base_url=base)
        setup(page, ["Samir"])
        page.screenshot(path=str(out / "lobby-dogroyal.png"), full_page=True)
        page.click("button.start")
        page.wait_for_selector("section.game[data-status='playing']")
        for _ in range(200):
            my_turn(page)
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
                # Choose the card with the most options, to show them.
                best, most = 0, -1
                for i in range(cards.count()):
                    cards.nth(i).click()
                    n = page.locator(".moves button").count()
                    if n > most:
                        best, most = i, n
                    cards.nth(i).click()
                cards.nth(best).click()
                if out_pieces >= 7 and most >= 2:
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
            else:
                page.locator(".moves button.move").first.click()
            wait_above(page, seen)
        shared = browser.new_page(viewport={"width": 1200, "height": 900}, base_url=base)
        setup(shared, ["Anna", "Bo"])
        shared.click("button.start")
        shared.wait_for_selector(".privacy-overlay:not([hidden])")
        shared.screenshot(path=str(out / "dogroyal-privacy.png"))
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
