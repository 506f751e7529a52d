"""The lobby and the generic game page work from a game's ``/api/games`` entry alone: counts,
teams, options and the remembered game in the lobby; and a game without a page of its own
(here Fia with its ``page`` taken away) played on the generic page."""

from __future__ import annotations

import json
from typing import Any

from web_helpers import create_hotseat, log_text, shoot, text, version, wait_version_above


def test_the_lobby_shows_counts_teams_and_options_from_the_games_list(
    new_page: Any, server: Any
) -> None:
    games = {g["id"]: g for g in server.request("GET", "/api/games")}
    page = new_page()
    page.goto("/")
    page.select_option("select[name='game']", "dogroyal")
    counts = page.locator("button[data-count]").all_inner_texts()
    assert counts == [str(n) for n in games["dogroyal"]["player_counts"]]
    page.click("button[data-count='4']")
    for i, name in enumerate(["Anna", "Bo", "Cecilia", "Dan"]):
        page.fill(f"input[name='name-{i}']", name)
    # Partners opposite, from `teams`, with the names as they are typed.
    assert text(page, ".teams-note") == "Lag 1: Anna och Cecilia · Lag 2: Bo och Dan"
    assert page.inner_text("fieldset[data-seat='2'] legend .tag.team") == "Lag 1"
    assert page.inner_text("fieldset[data-seat='3'] legend .tag.team") == "Lag 2"
    page.locator("details.options summary").click()
    # An int range is a number with its bounds; a bool a checkbox.
    offset = page.locator("input[name='option-special_offset']")
    assert offset.get_attribute("type") == "number"
    assert (offset.get_attribute("min"), offset.get_attribute("max")) == ("0", "15")
    assert offset.input_value() == "8"
    page.uncheck("input[name='option-teams']")  # its `when`: no teams at 4
    assert text(page, ".teams-note") == "Alla mot alla."
    assert page.locator(".tag.team").count() == 0
    shoot(page, "lobby-teams")
    offset.fill("99")
    offset.dispatch_event("change")
    assert page.locator("input[name='option-special_offset']").input_value() == "15"
    with page.expect_request("**/api/matches") as request:
        page.click("button.start")
    options = request.value.post_data_json["options"]
    assert options["teams"] is False and options["special_offset"] == 15
    page.wait_for_selector("section.game[data-status='playing']")
    # The lobby offers the game chosen last on this device.
    page.goto("/")
    page.wait_for_selector("select[name='game']")
    assert page.input_value("select[name='game']") == "dogroyal"
    page.select_option("select[name='game']", "fia")
    assert page.locator(".teams-note").count() == 0  # nobody plays in teams in Fia


def without_page(page: Any, game_id: str) -> None:
    """Serve ``game_id``'s /api/games entry without its own page: the client must fall back to
    the generic page."""

    def handle(route: Any) -> None:
        response = route.fetch()
        games = response.json()
        for game in games:
            if game["id"] == game_id:
                game["page"], game["styles"] = None, []
        route.fulfill(response=response, body=json.dumps(games))

    page.route("**/api/games", handle)


def test_a_game_without_a_page_is_played_on_the_generic_page(new_page: Any, server: Any) -> None:
    page = new_page()
    without_page(page, "fia")
    loaded: list[str] = []
    page.on("request", lambda request: loaded.append(request.url))
    match_id = create_hotseat(page, ["Anna", "<b>Bo</b>"])
    assert not any("/static/games/" in url for url in loaded), "no game module was loaded"
    server.dice(match_id, [6, 1, 6])
    # The view, readably: keys in words, values as text (a name with markup stays text).
    view = page.locator(".generic-view")
    view.locator("dl.view-map").first.wait_for()
    assert "Rolloff pending" in view.inner_text()
    assert "<b>Bo</b>" in view.inner_text() and view.locator("b").count() == 0
    assert "Annas tur" in text(page, ".turn-banner")
    # A roll button for the seat whose die it is; one click, one roll.
    for _ in range(2):
        seen = version(page)
        page.click("button.roll:not([disabled])")
        wait_version_above(page, seen)
    assert "Anna slog högst och börjar." in log_text(page)
    seen = version(page)
    page.click("button.roll:not([disabled])")
    wait_version_above(page, seen)
    # The legal moves as buttons with the server's labels.
    labels = server.request("GET", f"/api/matches/{match_id}")["legal"]
    assert labels == []  # a spectator gets no moves
    buttons = page.locator(".moves button.move")
    assert buttons.count() == 2
    assert page.locator("button.roll").is_hidden()
    assert "Gå ut med två pjäser till ruta 1" in buttons.all_inner_texts()
    shoot(page, "generic-page")
    seen = version(page)
    page.locator(".moves button.move[data-action='enter_two']").click()
    wait_version_above(page, seen)
    page.wait_for_function("document.querySelector('ol.log').textContent.includes('går ut')")
    page.click("#lang-toggle")
    page.wait_for_function("document.querySelector('.view-title')?.textContent === 'The position'")
    page.wait_for_selector("button.roll:not([disabled])")
    assert page.inner_text("button.roll") == "Roll the die"
