"""The chance-to-win graph in the browser: a finished match's replay shows it under the board
(a line per player with its shape, the current step marked), a click on it goes to that step,
and the win screen shows the small version with the turning point."""

from __future__ import annotations

import os
import time
from typing import Any

from conftest import Server

SHOTS = os.environ.get("SPELKVALL_SCREENSHOT_DIR")
"""Where the graph's screenshots go when set (docs/screenshot-chance-graph.png is one of them,
copied by hand): a test run writes nothing into the repository."""


def finished_fia(server: Server) -> str:
    seats = [
        {"name": name, "bot": "random", "colour": c}
        for name, c in (("Anna", "red"), ("Bo", "blue"))
    ]
    made = server.request(
        "POST", "/api/matches", {"game": "fia", "mode": "hotseat", "seats": seats}
    )
    match_id = str(made["match_id"])
    for _ in range(300):  # five times a second, as a page might: the limits are on here
        if server.request("GET", f"/api/matches/{match_id}")["status"] == "over":
            return match_id
        time.sleep(0.2)
    raise AssertionError("the match never ended")


def open_graph(new_page: Any, match_id: str, width: int, height: int) -> Any:
    page = new_page(viewport={"width": width, "height": height})
    page.add_init_script("localStorage.setItem('spelkvall.lang', 'en')")
    page.goto(f"/#/replay/{match_id}")
    page.wait_for_selector(".replay-chances .chance-graph[data-state=ready]", timeout=120_000)
    return page


def test_the_replay_shows_the_graph_and_a_click_goes_to_that_step(
    new_page: Any, server: Server
) -> None:
    match_id = finished_fia(server)
    page = open_graph(new_page, match_id, 1280, 800)
    series = server.request("GET", f"/api/matches/{match_id}/chances")
    assert series["status"] == "ready"
    graph = page.locator(".replay-chances .chance-graph")
    # A line per player, each with its shape along it; the key names both.
    assert graph.locator("polyline").count() == 2
    assert graph.locator(".chance-line[data-side='0'] circle").count() >= 2  # red: circles
    assert graph.locator(".chance-line[data-side='1'] rect").count() >= 2  # blue: squares
    assert graph.locator(".chance-key li").all_text_contents()[0].strip().startswith("Anna")
    # At the start the marker stands at x of step 0; the text alternative is there to read.
    marker = graph.locator("line.chance-now")
    start_x = float(marker.get_attribute("x1"))
    alt = graph.locator(".chance-text li").all_text_contents()
    assert alt[0].startswith("The turning point: step")
    assert any(line.startswith("Anna:") and "at the start" in line for line in alt)
    assert "games played out" in graph.locator(".chance-how").inner_text()
    # A click at three quarters of the plot goes to the step there.
    svg = graph.locator("svg.chance-svg")
    box = svg.bounding_box()
    assert box is not None
    svg.click(position={"x": box["width"] * 0.75, "y": box["height"] / 2})
    # The replay fetches the frames it lacks a moment later (replay.js): wait for the step.
    page.wait_for_function(
        "document.querySelector('section.game').dataset.version !== '0'"
        " && !document.querySelector('section.game').dataset.loading"
    )
    version = int(page.locator("section.game").get_attribute("data-version"))
    steps = series["steps"]
    assert 0.6 * steps < version <= 0.8 * steps, (version, steps)
    assert float(marker.get_attribute("x1")) > start_x
    if SHOTS:
        page.locator(".replay-chances").screenshot(path=f"{SHOTS}/chance-graph-1280.png")
        page.screenshot(path=f"{SHOTS}/chance-graph-page-1280.png", full_page=True)


def test_the_graph_fits_a_phone(new_page: Any, server: Server) -> None:
    match_id = finished_fia(server)
    page = open_graph(new_page, match_id, 390, 844)
    svg = page.locator(".replay-chances svg.chance-svg")
    box = svg.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    if SHOTS:
        page.locator(".replay-chances").screenshot(path=f"{SHOTS}/chance-graph-390.png")


def test_the_win_screen_shows_the_turning_point(new_page: Any, server: Server) -> None:
    match_id = finished_fia(server)
    page = new_page(viewport={"width": 1280, "height": 800})
    page.add_init_script("localStorage.setItem('spelkvall.lang', 'en')")
    page.goto(f"/#/match/{match_id}")
    page.wait_for_selector(
        ".win-overlay:not([hidden]) .chance-graph[data-state=ready]", timeout=120_000
    )
    turning = page.locator(".win-overlay .chance-turning").inner_text()
    assert turning.startswith("The turning point: step")
    assert page.locator(".win-overlay .chance-graph polyline").count() == 2
    page.wait_for_timeout(500)
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/chance-graph-win-1280.png")
