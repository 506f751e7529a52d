"""The win screen says what a result means (#28): every game's line of recap under the winner,
the scores with their unit (£ in Afrikas stjärna, points in Front and Omringad, pieces home in
DogRoyal), and why the result does not count in the highscore list.

Finishing a game in the browser is slow, so each match is played to its end through the API
by computers (the test server moves them without delay) and only then opened in the page."""

from __future__ import annotations

import os
import time
from typing import Any

import pytest
from conftest import Server
from web_helpers import text

SHOTS = os.environ.get("SPELKVALL_SCREENSHOT_DIR", "/tmp")

# game, seats (computers playing as fast as the rules let them), options, unit in the English score
CASES = [
    ("afrika", 3, {}, "£"),
    ("dogroyal", 2, {"round_limit": 3}, " home"),
    ("front", 3, {"target": 3}, " point"),
    ("omringad", 2, {}, " point"),
]


def finished(server: Server, match_id: str, timeout: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        got: dict[str, Any] = server.request("GET", f"/api/matches/{match_id}")
        if got["status"] == "over":
            return got
        assert time.monotonic() < deadline, f"{match_id} did not end: version {got['version']}"
        time.sleep(0.1)


def computers_match(server: Server, game: str, n: int, options: dict[str, Any]) -> str:
    seats = [{"name": f"Computer {i + 1}", "bot": "random"} for i in range(n)]
    body = {"game": game, "mode": "hotseat", "seats": seats, "options": options}
    made = server.request("POST", "/api/matches", body)
    return str(made["match_id"])


def open_win(new_page: Any, match_id: str, *, en: bool = True, **options: Any) -> Any:
    page = new_page(**options)
    if en:
        page.add_init_script("localStorage.setItem('spelkvall.lang', 'en')")
    page.goto(f"/#/match/{match_id}")
    page.wait_for_selector(".win-overlay:not([hidden]) .win-recap")
    page.wait_for_timeout(500)  # the card's pop-in animation, before a screenshot
    return page


@pytest.mark.parametrize(("game", "n", "options", "unit"), CASES, ids=[c[0] for c in CASES])
def test_the_win_screen_shows_the_recap_and_the_scores_with_their_unit(
    new_page: Any, server: Server, game: str, n: int, options: dict[str, Any], unit: str
) -> None:
    match_id = computers_match(server, game, n, options)
    st = finished(server, match_id)
    page = open_win(new_page, match_id, viewport={"width": 1280, "height": 800})
    recap = text(page, ".win-recap")
    assert recap == st["result"]["recap"]["en"]
    if st["result"]["winners"]:
        assert any(f"Computer {w + 1}" in recap for w in st["result"]["winners"])
    # Under the winner: the line comes right after the title.
    assert page.evaluate("document.querySelector('.win-title').nextElementSibling.className") == (
        "win-recap"
    )
    scores = page.locator(".ranking .ranking-score").all_text_contents()
    assert len(scores) == n and all(unit in s for s in scores), scores
    # Computers' own seats: nothing about the highscore to explain.
    assert page.locator(".not-counted").count() == 0
    page.screenshot(path=f"{SHOTS}/win-{game}-1280.png")


def test_a_game_a_computer_finished_for_a_person_says_it_does_not_count(
    new_page: Any, server: Server
) -> None:
    body = {"game": "fia", "mode": "hotseat", "seats": [{"name": "Anna"}, {"name": "Bo"}]}
    made = server.request("POST", "/api/matches", body)
    match_id, token = made["match_id"], made["token"]
    for seat in (0, 1):
        server.request(
            "POST", f"/api/matches/{match_id}/seats/{seat}/stand-in?token={token}", {"bot": "easy"}
        )
    st = finished(server, match_id)
    for width, height, en in ((1280, 800, False), (390, 844, True)):
        page = new_page(viewport={"width": width, "height": height})
        if en:
            page.add_init_script("localStorage.setItem('spelkvall.lang', 'en')")
        page.goto(f"/#/match/{match_id}?token={token}")
        page.wait_for_selector(".win-overlay:not([hidden]) .win-recap")
        page.wait_for_timeout(500)
        lang = "en" if en else "sv"
        assert text(page, ".win-recap") == st["result"]["recap"][lang]
        reasons = page.locator(".not-counted li").all_text_contents()
        assert reasons == [r["text"][lang] for r in st["not_counted"]]
        assert "Bo" in reasons[1]
        # Read without colour: the reasons are whole sentences, not a coloured mark.
        assert reasons[0].startswith("Does not count" if en else "Räknas inte i topplistan")
        if width == 390:
            # Everything fits the phone's width; the card scrolls rather than spilling over.
            overflow = page.evaluate(
                "(() => { const c = document.querySelector('.win');"
                " return c.getBoundingClientRect().right <= window.innerWidth + 1; })()"
            )
            assert overflow
            page.locator(".win-actions .button").last.scroll_into_view_if_needed()
            assert page.locator(".win-actions .show-board").is_visible()
        page.screenshot(path=f"{SHOTS}/win-fia-stand-in-{width}.png")
