"""Screenshots of replays to look at: ``python tests/web/screenshots_replay.py URL OUTDIR``
against a running ``spelkvall serve`` at URL (``SPELKVALL_BOT_DELAY=0`` makes it quick).

Four computers play a DogRoyal match and two a Fia match to the end through the server; it
saves each replay part-way through at 1280×1150 and 390×844 (``replay-dogroyal``,
``replay-dogroyal-phone``, ``replay-fia``, ``replay-fia-phone``). Open every PNG: the bar, the
board and the log's current line must agree, and nothing may run off a phone.
"""

from __future__ import annotations

import json
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

CHROMIUM = "/usr/bin/chromium"


def call(base: str, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data else {}
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as reply:
        return json.loads(reply.read())


def finished(base: str, game: str, names: list[str]) -> str:
    seats = [{"name": name, "bot": "random"} for name in names]
    made = call(base, "POST", "/api/matches", {"game": game, "mode": "hotseat", "seats": seats})
    for _ in range(1200):
        if call(base, "GET", f"/api/matches/{made['match_id']}")["status"] == "over":
            return str(made["match_id"])
        time.sleep(0.1)
    raise SystemExit("the computers never finished")


def main(base: str, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    matches = {
        "dogroyal": (finished(base, "dogroyal", ["Anna", "Bo", "Cissi", "Dan"]), 0.3),
        "fia": (finished(base, "fia", ["Anna", "Bo"]), 0.4),
    }
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for game, (match_id, share) in matches.items():
            for suffix, size in (("", (1280, 1150)), ("-phone", (390, 844))):
                page = browser.new_page(viewport={"width": size[0], "height": size[1]})
                page.goto(f"{base}/#/replay/{match_id}")
                page.wait_for_selector(".replay-bar .replay-play")
                last = int(page.get_attribute(".replay-slider", "max") or 0)
                page.goto(f"{base}/#/replay/{match_id}?step={int(last * share)}")
                page.wait_for_timeout(300)
                page.keyboard.press("ArrowRight")  # one step ahead, as a person would
                page.wait_for_timeout(1200)  # the move's animation
                path = out / f"replay-{game}{suffix}.png"
                page.screenshot(path=str(path), full_page=bool(suffix))
                print(path)
                page.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1].rstrip("/"), Path(sys.argv[2]))
