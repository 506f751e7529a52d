"""Stafett, a game only the test tree knows (``tests/core/relay_game.py``), in the browser on
the generic page: the lobby builds its form from the game's ``/api/games`` entry, a hot-seat
game of six is played with the keyboard alone to the no-winner draw, and two browsers play it
online. The server is ``serve_with_relay.py`` (``relay_server`` in ``conftest.py``)."""

from __future__ import annotations

from typing import Any

from web_helpers import log_text, shoot, text, version, wait_version_above

NAMES = ["Anna", "Bo", "Cecilia", "Dan", "Eva", "Frida"]


def focused(page: Any) -> str:
    """What has the keyboard focus: "roll", "move <index>: <label>", "back"/"done" by label."""
    return str(
        page.evaluate(
            """() => {
              const el = document.activeElement;
              if (!el || el === document.body) return 'nothing';
              if (el.matches('button.roll')) return 'roll';
              if (el.matches('button.move')) return `move ${el.dataset.index}: ${el.textContent}`;
              return el.outerHTML.slice(0, 80);
            }"""
        )
    )


def press(page: Any, key: str) -> None:
    """Press a key on whatever has the focus, and wait until the server took the step."""
    seen = version(page)
    page.keyboard.press(key)
    wait_version_above(page, seen)


def test_six_people_play_a_relay_with_the_keyboard_to_a_draw(
    relay_page: Any, relay_server: Any
) -> None:
    relay = next(g for g in relay_server.request("GET", "/api/games") if g["id"] == "relay")
    page = relay_page()
    page.goto("/")
    page.select_option("select[name='game']", "relay")
    # The counts are the game's declared ones, and each count shows as many seats.
    counts = page.locator("button[data-count]").all_inner_texts()
    assert counts == [str(n) for n in relay["player_counts"]] == ["2", "3", "4", "5", "6"]
    page.click("button[data-count='5']")
    assert page.locator("fieldset.seat").count() == 5
    page.click("button[data-count='6']")
    assert page.locator("fieldset.seat").count() == 6
    for i, name in enumerate(NAMES):
        page.fill(f"input[name='name-{i}']", name)
    # House rules from the declaration: a select for a choice, a number for a range.
    page.locator("details.options summary").click()
    page.select_option("select[name='option-goal']", label="8")
    limit = page.locator("input[name='option-turn_limit']")
    assert (limit.get_attribute("min"), limit.get_attribute("max")) == ("4", "200")
    limit.fill("6")
    limit.press("Tab")  # the change is taken when the field is left
    page.check("input[name='option-teams']")  # teams of two at six: 1+4, 2+5, 3+6
    assert text(page, ".teams-note") == (
        "Lag 1: Anna och Dan · Lag 2: Bo och Eva · Lag 3: Cecilia och Frida"
    )
    with page.expect_request("**/api/matches") as request:
        page.click("button.start")
    assert request.value.post_data_json["options"] == {
        "goal": 8,
        "turn_limit": 6,
        "dice": "two",
        "teams": True,
    }
    page.wait_for_selector("section.game[data-status='playing']")
    match_id = str(page.get_attribute("section.game", "data-match"))
    assert page.locator("link[href*='/static/games/']").count() == 0  # the generic page
    # The players with their teams, from the view's `teams`.
    assert page.inner_text(".player[data-seat='0'] .tag.team") == "Lag 1"
    assert page.inner_text(".player[data-seat='3'] .tag.team") == "Lag 1"
    assert page.inner_text(".player[data-seat='5'] .tag.team") == "Lag 3"
    # One throw a turn, each as the outcome's JSON: nobody reaches 8, six turns end it.
    relay_server.request(
        "POST",
        f"/api/test/matches/{match_id}/dice",
        {"values": [{"a": a, "b": 1} for a in (1, 2, 3, 4, 5, 2)]},
    )
    page.wait_for_function("document.activeElement?.matches('button.roll')")
    for turn, name in enumerate(NAMES):
        assert name in text(page, ".turn-banner")
        assert focused(page) == "roll", f"turn {turn}: the roll button has the focus"
        press(page, "Enter" if turn % 2 else " ")
        # After the roll the focus is on the first move; Enter uses die 0.
        assert focused(page) == "move 0: Gå med tärning 0"
        press(page, "Enter")
        assert focused(page) == "move 0: Gå med tärning 1"
        if turn == 0:
            shoot(page, "relay-hotseat")
            labels = page.locator(".moves button.move").all_inner_texts()
            assert labels == ["Gå med tärning 1", "Ångra förra steget", "Klar"]
        page.keyboard.press("Tab")  # to "back"
        assert focused(page) == "move 1: Ångra förra steget"
        press(page, " ")
        assert focused(page) == "move 0: Gå med tärning 0"
        press(page, "Enter")
        page.keyboard.press("Tab")
        page.keyboard.press("Tab")
        assert focused(page) == "move 2: Klar"
        press(page, "Enter")
    log = log_text(page)
    assert "Frida slog 2 och 1." in log and "6 drag utan vinnare: oavgjort." in log
    # The shared win screen says that nobody won, and lists the distances.
    page.wait_for_selector(".win-overlay:not([hidden])")
    assert text(page, ".win-title") == "Oavgjort — ingen vann"
    assert page.locator(".win-overlay svg.trophy").count() == 0
    ranking = page.locator(".ranking li").all_inner_texts()
    assert " ".join(ranking[0].split()) == "1. Eva 5"
    shoot(page, "relay-draw")
    page.click(".win-actions button")  # "Visa brädet": the overlay steps aside
    page.click("#lang-toggle")
    page.wait_for_function(
        "document.querySelector('.win-title')?.textContent === 'A draw — nobody won'"
    )
    assert relay_server.request("GET", f"/api/matches/{match_id}")["result"]["winners"] == []


def test_two_browsers_play_a_relay_online_and_see_each_others_steps(
    relay_page: Any, relay_server: Any
) -> None:
    anna = relay_page()
    anna.goto("/")
    anna.select_option("select[name='game']", "relay")
    anna.click("button[data-count='2']")
    anna.click("button[data-mode='online']")
    anna.fill("input[name='name-0']", "Anna")
    anna.click("button.start")
    url = anna.locator(".invites input.invite-url").input_value()
    anna.click(".invites a.primary")
    anna.wait_for_selector("section.game[data-status='waiting']")
    match_id = str(anna.get_attribute("section.game", "data-match"))

    bo = relay_page()
    bo.goto(url)
    bo.fill("input[name='name']", "Bo")
    bo.click("button.join-button")
    bo.wait_for_selector("section.game[data-status='playing']")
    anna.wait_for_selector("section.game[data-status='playing']")
    relay_server.request(
        "POST",
        f"/api/test/matches/{match_id}/dice",
        {"values": [{"a": 3, "b": 4}, {"a": 2, "b": 5}]},
    )
    assert bo.locator("button.roll").is_hidden()  # not Bo's throw
    assert "Din tur!" in text(anna, ".turn-banner")

    def step(page: Any, selector: str) -> None:
        seen = version(page)
        page.click(selector)
        wait_version_above(page, seen)

    step(anna, "button.roll")
    bo.wait_for_function("document.querySelector('ol.log').textContent.includes('Anna slog 3')")
    step(anna, ".moves button.move[data-index='1']")  # die 1: four steps
    bo.wait_for_function(
        "document.querySelector('ol.log').textContent.includes('Anna gick 4 till 4.')"
    )
    # Bo's view of the position has Anna's runner on 4.
    bo.wait_for_function(
        "document.querySelector('.generic-view dd')?.parentElement.textContent.includes('4, 0')"
    )
    assert bo.locator(".moves button").count() == 0  # not Bo's turn: no moves
    step(anna, ".moves button.move:text('Klar')")
    bo.wait_for_selector("button.roll:not([disabled])")
    assert "Din tur!" in text(bo, ".turn-banner")
    step(bo, "button.roll")
    step(bo, ".moves button.move[data-index='0']")  # die 0: two steps
    anna.wait_for_function(
        "document.querySelector('ol.log').textContent.includes('Bo gick 2 till 2.')"
    )
    anna.wait_for_function("document.querySelector('.generic-view').textContent.includes('4, 2')")
    assert "Bo" in text(anna, ".turn-banner")
    shoot(bo, "relay-online")
