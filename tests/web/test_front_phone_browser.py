"""Front on a phone (390×844, touch): a square is about 22 CSS px wide there, yet every piece
and square that may be chosen takes a tap over at least 44×44 CSS px (WCAG 2.5.5; Apple asks
for 44 pt), and a tap chooses as a click does on a desktop: on the piece, or beside it where
only its hit circle is; the move is played by a tap beside the ring of its destination."""

from __future__ import annotations

from typing import Any

from web_helpers import (
    create_hotseat,
    log_text,
    roll,
    shoot,
    version,
    wait_version_above,
)

PHONE = {"width": 390, "height": 844}
TAP = 44  # CSS px


def tap_areas(page: Any) -> list[dict[str, Any]]:
    """Each piece and ring that may be chosen now: its drawn box and its hit circle's box."""
    result: list[dict[str, Any]] = page.evaluate(
        """() => [...document.querySelectorAll(
            '.front-board .piece.movable, .front-board .target:not(.path)')].map((el) => {
          const hit = document.querySelector(`.front-board .hit[data-sq='${el.dataset.sq}']`);
          const r = el.getBoundingClientRect();
          const h = hit ? hit.getBoundingClientRect() : null;
          return {sq: el.dataset.sq, drawn: [r.width, r.height],
                  hit: h && [h.width, h.height], centre: [r.x + r.width / 2, r.y + r.height / 2]};
        })"""
    )
    return result


def taken_by(page: Any, x: float, y: float) -> str:
    """What takes a tap at (x, y): "hit <sq>", "piece <sq>" or the element's tag."""
    return str(
        page.evaluate(
            """([x, y]) => {
              const el = document.elementFromPoint(x, y);
              if (el.matches('.hit')) return 'hit ' + el.dataset.sq;
              const piece = el.closest('.piece');
              return piece ? 'piece ' + piece.dataset.sq : el.tagName;
            }""",
            [x, y],
        )
    )


def assert_big_enough(areas: list[dict[str, Any]]) -> None:
    assert areas
    for area in areas:
        assert area["hit"] is not None, f"{area['sq']} has no hit circle"
        width, height = area["hit"]
        assert width >= TAP and height >= TAP, f"{area['sq']} is tapped over {width}×{height}"


def test_on_a_phone_every_piece_and_ring_to_choose_takes_a_tap_over_44_px(
    new_page: Any, server: Any
) -> None:
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True, reduced_motion="reduce")
    match_id = create_hotseat(page, ["Anna", "Bertil", "Cecilia"], "front")
    server.dice(match_id, [6, 1, 1, 2])  # the roll-off, then Anna's 2
    for _ in range(4):
        roll(page)
    page.locator(".front-board .piece.movable[data-sq='0,0,3']").wait_for()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    pieces = tap_areas(page)
    assert len(pieces) == 8, "Anna may move each piece in her camp"
    assert max(max(p["drawn"]) for p in pieces) < TAP, "the pieces alone are too small"
    assert_big_enough(pieces)

    # A tap beside Anna's d1, below the board where only its hit circle is, chooses it.
    d1 = next(p for p in pieces if p["sq"] == "0,0,3")
    x, y = d1["centre"][0], d1["centre"][1] + 18
    assert taken_by(page, x, y) == "hit 0,0,3"
    page.touchscreen.tap(x, y)
    page.locator(".front-board .piece.selected[data-sq='0,0,3']").wait_for()
    target = page.locator(".front-board .target.to[data-sq='0,2,3']")
    target.wait_for()
    rings = [a for a in tap_areas(page) if a["sq"] == "0,2,3"]
    assert len(rings) == 1 and max(rings[0]["drawn"]) < TAP
    assert_big_enough(rings)
    shoot(page, "front-phone-targets")

    # A tap on Bertil's piece (not Anna's to move) chooses nothing, however near.
    page.locator(".front-board .piece[data-sq='1,0,0']").tap()
    assert page.locator(".front-board .piece.selected[data-sq='0,0,3']").count() == 1

    # A tap beside the ring of d3, on the empty square c3, plays d1 to d3.
    ring = rings[0]
    x, y = ring["centre"][0] - 17, ring["centre"][1]
    assert taken_by(page, x, y) == "hit 0,2,3"
    seen = version(page)
    page.touchscreen.tap(x, y)
    wait_version_above(page, seen)
    page.wait_for_function(
        "t => document.querySelector('ol.log').textContent.includes(t)",
        arg="Anna flyttar från Annas d1 till Annas d3",
    )
    page.locator(".front-board .piece[data-sq='0,2,3'][data-seat='0']").wait_for()
    assert "Anna flyttar från Annas d1 till Annas d3" in log_text(page)
