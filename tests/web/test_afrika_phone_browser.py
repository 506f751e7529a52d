"""Afrikas stjärna on a phone (390×844, touch): the token just opened is shown under the map,
in the legend's place, not over the map's middle as on a wide screen; the page below it does
not move when it comes or goes; Escape puts it away, and the keyboard's focus stays on the
player's next choice, so Enter plays on.

The token is scripted through the test-mode hook; the shown token's timer (four seconds) is
held by Playwright's clock, so a slow machine cannot put it away before it is looked at."""

from __future__ import annotations

from typing import Any

from test_afrika_browser import click, create, roll, wait_mine
from web_helpers import shoot, version, wait_version_above

PHONE = {"width": 390, "height": 844}


def boxes(page: Any) -> dict[str, Any]:
    """The map's, the shown token's and the die's boxes on the screen, and what has focus."""
    result: dict[str, Any] = page.evaluate(
        """() => {
          const box = (el) => { const r = el.getBoundingClientRect();
            return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
          const reveal = document.querySelector('.afrika-reveal');
          return {
            map: box(document.querySelector('svg.afrika-map')),
            reveal: reveal.hidden ? null : box(reveal),
            die: box(document.querySelector('button.die')),
            focus: document.activeElement.matches('.moves button.move')
              ? document.activeElement.dataset.index : null,
          };
        }"""
    )
    return result


def test_on_a_phone_the_token_just_opened_is_shown_under_the_map_and_escape_closes_it(
    new_page: Any, server: Any
) -> None:
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True, reduced_motion="reduce")
    page.clock.install()
    match_id = create(page, ["Anna", "Bo"], computers=0)
    # Both start in Tangier; the first walks 5 to Tunis (as in test_afrika_browser).
    for _ in range(2):
        assert wait_mine(page) == "choose"
        click(page, ".afrika-map .target[data-node='tangier']")
    assert wait_mine(page) == "choose"
    click(page, ".moves button.move[data-action='walk']")
    roll(page, server, match_id, 5)
    click(page, ".afrika-map .target[data-node='tunis']")
    assert wait_mine(page) == "choose"
    before = boxes(page)
    assert before["reveal"] is None
    server.request("POST", f"/api/test/matches/{match_id}/dice", {"values": [{"token": "ruby"}]})
    page.clock.pause_at(page.evaluate("Date.now()") + 1000)
    click(page, ".moves button.move[data-action='buy']")
    page.wait_for_selector(".afrika-reveal:not([hidden])[data-token='ruby']")
    shown = boxes(page)
    shoot(page, "afrika-phone-token")
    reveal, board = shown["reveal"], shown["map"]
    assert reveal is not None
    assert reveal["top"] >= board["bottom"], f"the token {reveal} covers the map {board}"
    assert reveal["bottom"] <= PHONE["height"], "the token is seen without scrolling"
    assert shown["die"]["top"] == before["die"]["top"], "the die and the moves stay put"
    assert shown["focus"] is not None, "the focus is on the next choice, not on the token"

    page.keyboard.press("Escape")
    page.wait_for_selector(".afrika-reveal[hidden]", state="attached")
    closed = boxes(page)
    assert closed["focus"] == shown["focus"]
    assert closed["die"]["top"] == before["die"]["top"]
    page.clock.resume()
    # (Under reduced motion every property still takes 1 ms to change: css/style.css.)
    page.wait_for_function(
        "getComputedStyle(document.querySelector('.afrika-legend')).visibility === 'visible'"
    )
    seen = version(page)
    page.keyboard.press("Enter")
    wait_version_above(page, seen)
