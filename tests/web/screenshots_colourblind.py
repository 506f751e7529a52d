"""Screenshots to look at, also as a colour-blind player sees the game:
``python tests/web/screenshots_colourblind.py URL OUTDIR``.

Against a server started with ``python tests/web/serve_with_relay.py --test-mode …`` (the
games of the package plus Stafett, which has no page of its own) at URL, it saves:

- Fia mid-game, played with the keyboard only (Enter on whatever has the focus; it checks
  that after a roll the focus is on the moves and after a move back on the die), at 1280×800
  and 390×844, and at 1280×800 through a deuteranopia and a protanopia filter;
- DogRoyal mid-game (one person, three computers, teams) with a card chosen, the same four
  ways, and its hand close up;
- Stafett on the generic page at both sizes.

The filters are the Machado, Oliveira & Fernandes (2009) matrices for full deuteranopia and
protanopia, as an SVG ``feColorMatrix`` on ``<html>``. Open every PNG and check that every
player's pieces can be told apart without colour.
"""

from __future__ import annotations

import json
import random
import sys
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright
from web_helpers import dogroyal_my_turn, version, wait_version_above

ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

# Machado et al. 2009, severity 1.0 (rows: R, G, B), in linear RGB (the filter's default).
MATRICES = {
    "deuteranopia": [
        [0.367322, 0.860646, -0.227968],
        [0.280085, 0.672501, 0.047413],
        [-0.011820, 0.042940, 0.968881],
    ],
    "protanopia": [
        [0.152286, 1.052583, -0.204868],
        [0.114503, 0.786281, 0.099216],
        [-0.003882, -0.048116, 1.051998],
    ],
}


def post(base: str, path: str, body: Any) -> Any:
    req = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=10) as response:
        return json.loads(response.read())


def simulate(page: Page, kind: str | None) -> None:
    """Show the page as a person with `kind` of colour blindness sees it (None: as it is)."""
    page.evaluate(
        """([kind, matrix]) => {
          document.getElementById('cb-filter')?.remove();
          document.documentElement.style.filter = '';
          if (!kind) return;
          const values = matrix.map((row) => [...row, 0, 0].join(' ')).join(' ') + ' 0 0 0 1 0';
          const ns = 'http://www.w3.org/2000/svg';
          const svg = document.createElementNS(ns, 'svg');
          svg.id = 'cb-filter';
          svg.setAttribute('style', 'position:absolute;width:0;height:0');
          svg.innerHTML = `<filter id="cb-${kind}" color-interpolation-filters="linearRGB">` +
            `<feColorMatrix type="matrix" values="${values}"/></filter>`;
          document.body.append(svg);
        }""",
        [kind, MATRICES.get(kind or "", [])],
    )
    if kind:
        page.add_style_tag(content=f"html {{ filter: url(#cb-{kind}); }}")
    else:
        page.add_style_tag(content="html { filter: none; }")


def shoot_all(page: Page, out: Path, name: str) -> None:
    """`name`.png and -phone.png as they are, -deuteranopia.png and -protanopia.png filtered."""
    page.set_viewport_size(DESKTOP)
    page.wait_for_timeout(600)
    page.screenshot(path=str(out / f"{name}.png"))
    for kind in MATRICES:
        simulate(page, kind)
        page.wait_for_timeout(200)
        page.screenshot(path=str(out / f"{name}-{kind}.png"))
    simulate(page, None)
    page.set_viewport_size(PHONE)
    page.wait_for_timeout(600)
    page.screenshot(path=str(out / f"{name}-phone.png"), full_page=True)
    page.set_viewport_size(DESKTOP)


def focus_is(page: Page, selector: str) -> bool:
    return bool(page.evaluate("s => document.activeElement?.matches(s) ?? false", selector))


def fia(page: Page, base: str, out: Path) -> list[str]:
    """A four-player Fia game played with Enter alone; returns the focus misses."""
    rng = random.Random(3)
    page.goto("/")
    page.select_option("select[name='game']", "fia")
    page.click("button[data-count='4']")
    page.click("button[data-mode='hotseat']")
    for i, name in enumerate(["Samir", "Micael", "Lisa", "Johanna"]):
        page.fill(f"input[name='name-{i}']", name)
    page.click("button.start")
    page.wait_for_selector("section.game[data-status='playing']")
    match_id = str(page.get_attribute("section.game", "data-match"))
    values = [5, 3, 6, 2, *(rng.choice([1, 6, 6, 2, 3, 4, 5]) for _ in range(300))]
    post(base, f"/api/test/matches/{match_id}/dice", {"values": values})
    page.wait_for_selector("button.die:not([disabled])")
    misses: list[str] = []
    for step in range(220):
        seen = version(page)
        if page.locator("button.move").count():
            if not focus_is(page, "button.move"):
                misses.append(f"step {step}: a move to choose, the focus is elsewhere")
                page.locator("button.move").first.focus()
        elif not focus_is(page, "button.die"):
            misses.append(f"step {step}: a die to roll, the focus is elsewhere")
            page.locator("button.die").focus()
        page.keyboard.press("Enter")
        wait_version_above(page, seen)
        if step > 120 and page.locator("button.move").count() > 1:
            break
    page.wait_for_timeout(1500)
    shoot_all(page, out, "fia")
    return misses


def dogroyal(page: Page, out: Path) -> None:
    """One person and three computers in teams, until several pieces are out; shot with a
    card chosen whose moves are grouped by piece when it can be had."""
    page.goto("/")
    page.select_option("select[name='game']", "dogroyal")
    page.click("button[data-count='4']")
    page.click("button[data-mode='hotseat']")
    page.fill("input[name='name-0']", "Samir")
    for i in range(1, 4):
        page.select_option(f"select[name='kind-{i}']", "bot")
        page.select_option(f"select[name='level-{i}']", "easy")
    page.click("button.start")
    page.wait_for_selector("section.game[data-status='playing']")
    for _ in range(300):
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
            page.click(".moves button.give-confirm")  # the exchange asks to confirm
        elif cards.count():
            best, most = 0, -1
            for i in range(cards.count()):
                cards.nth(i).click()
                n = page.locator(".moves button").count()
                groups = page.locator(".moves button.choice").count()
                if n + 10 * groups > most:
                    best, most = i, n + 10 * groups
                cards.nth(i).click()
            cards.nth(best).click()
            if out_pieces >= 7 and most >= 2:
                page.wait_for_timeout(1600)
                shoot_all(page, out, "dogroyal")
                page.locator(".hand").screenshot(path=str(out / "dogroyal-hand.png"))
                if page.locator(".moves button.choice").count():
                    page.keyboard.press("Enter")  # the focus is on the first group
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(out / "dogroyal-group-open.png"))
                return
            if page.locator(".moves button.choice").count():
                page.locator(".moves button.choice").first.click()
            page.locator(".moves button.move").first.click()
        else:
            page.locator(".moves button.move").first.click()
        wait_version_above(page, seen)


def relay(page: Page, base: str, out: Path) -> None:
    """Stafett on the generic page, four players, a few steps in."""
    page.goto("/")
    page.select_option("select[name='game']", "relay")
    page.click("button[data-count='4']")
    page.click("button[data-mode='hotseat']")
    for i, name in enumerate(["Samir", "Micael", "Lisa", "Johanna"]):
        page.fill(f"input[name='name-{i}']", name)
    page.click("button.start")
    page.wait_for_selector("section.game[data-status='playing']")
    match_id = str(page.get_attribute("section.game", "data-match"))
    throws = [{"a": 3, "b": 4}, {"a": 2, "b": 6}, {"a": 5, "b": 1}]
    post(base, f"/api/test/matches/{match_id}/dice", {"values": throws})
    for keys in (["Enter", "Enter", "Tab", "Tab", "Enter"], ["Enter", "Enter", "Enter"], ["Enter"]):
        for key in keys:
            seen = version(page)
            page.keyboard.press(key)
            if key == "Enter":
                wait_version_above(page, seen)
    shoot_all(page, out, "relay")


def main(base: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        page = browser.new_page(viewport=DESKTOP, base_url=base)
        misses = fia(page, base, out)
        print("Fia, keyboard only:", misses or "the focus was always right")
        dogroyal(browser.new_page(viewport=DESKTOP, base_url=base), out)
        relay(browser.new_page(viewport=DESKTOP, base_url=base), base, out)
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]))
