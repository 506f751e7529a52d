"""Screenshots of the highscore list with ratings and a profile page to look at:
``python tests/web/standings_seed.py DB.sqlite3`` then ``spelkvall serve --database-url
sqlite:///DB.sqlite3 --port 8765`` and ``python tests/web/screenshots_standings.py
http://127.0.0.1:8765 OUTDIR``.

Saves, at 1200×900 and 390×844 (``-phone``): ``highscore-ratings`` (Fia by rating, with the
computer levels' list) and ``profile`` (Anna: games, head-to-head, recent matches). Open every
PNG: nothing may run off a phone, and the ratings must read beside the wins.
"""

from __future__ import annotations

import sys

from playwright.sync_api import sync_playwright


def main(base: str, out: str) -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox"]
        )
        for width, height, tag in [(1200, 900, ""), (390, 844, "-phone")]:
            context = browser.new_context(
                base_url=base, viewport={"width": width, "height": height}
            )
            page = context.new_page()
            page.goto("/#/highscore?game=fia&sort=rating")
            page.wait_for_selector(".highscore-computers table")
            page.wait_for_timeout(300)
            page.screenshot(path=f"{out}/highscore-ratings{tag}.png", full_page=True)
            page.goto("/#/profile/Anna")
            page.wait_for_selector(".recent-matches li")
            page.wait_for_timeout(300)
            page.screenshot(path=f"{out}/profile{tag}.png", full_page=True)
            context.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
