"""Help where you are: the turn banner's link to the part of the rules that covers the phase
(a game page's ``bannerParts()`` → ``rules``, a ``## Heading {#id}`` of ``<id>.rules``). It
opens the rules panel at that heading, in view and focused, and focus comes back to the link
when the panel closes."""

from __future__ import annotations

from typing import Any

from web_helpers import against_a_computer, create_hotseat, fill_dogroyal_lobby

TIMEOUT = 20_000
LINK = ".turn-banner button.banner-rules"


def follow_the_link(page: Any, section: str, heading: str, name: str) -> None:
    """The banner's link is there with its name; Enter on it opens the rules at `section`
    (its heading in view and focused); Escape closes them and the link has the focus again."""
    link = page.locator(LINK)
    link.wait_for(state="visible", timeout=TIMEOUT)
    page.wait_for_selector(f"{LINK}[data-section='{section}']", timeout=TIMEOUT)
    assert link.get_attribute("aria-label") == name
    link.focus()
    page.keyboard.press("Enter")
    dialog = page.locator("dialog.rules-dialog[open]")
    dialog.wait_for(timeout=TIMEOUT)
    target = dialog.locator(f"h3[data-section='{section}']")
    assert target.inner_text() == heading  # the {#id} is not shown
    page.wait_for_function(
        """(section) => {
          const h3 = document.activeElement;
          if (!h3 || h3.tagName !== 'H3' || h3.dataset.section !== section) return false;
          const box = h3.getBoundingClientRect();
          const dialog = h3.closest('dialog');
          const panel = dialog.getBoundingClientRect();
          const head = dialog.querySelector('.rules-head').getBoundingClientRect();
          return box.top >= head.bottom - 1 && box.bottom <= panel.bottom + 1;
        }""",
        arg=section,
        timeout=TIMEOUT,
    )
    page.keyboard.press("Escape")
    assert page.locator("dialog.rules-dialog[open]").count() == 0
    focused = page.evaluate("() => document.activeElement?.classList.contains('banner-rules')")
    assert focused, "focus is back on the banner's link"


def test_fias_roll_off_links_to_who_starts(new_page: Any) -> None:
    page = new_page()
    create_hotseat(page, ["Anna", "Bo"])
    assert "Vem börjar?" in page.locator(".turn-banner .banner-text").inner_text()
    follow_the_link(page, "start", "Vem börjar", "Regler: Vem börjar")


def test_dogroyals_exchange_links_to_the_exchange(new_page: Any) -> None:
    page = new_page()
    fill_dogroyal_lobby(page, ["Anna"])
    page.click("button.start")
    page.wait_for_selector("section.game[data-status='playing']")
    page.wait_for_selector(f"{LINK}[data-section='exchange']", timeout=TIMEOUT)
    assert "Kortbyte" in page.locator(".turn-banner .banner-text").inner_text()
    follow_the_link(page, "exchange", "Kortbyte", "Regler: Kortbyte")


def test_omringads_phase_links_to_its_rules_in_swedish_and_english(new_page: Any) -> None:
    page = new_page()
    against_a_computer(page, "omringad")
    banner = page.locator(".turn-banner .banner-text")
    page.wait_for_selector(f"{LINK}[data-section='terrain']", timeout=TIMEOUT)
    assert "Terräng" in banner.inner_text() and "Lägg ut borg" in banner.inner_text()
    follow_the_link(page, "terrain", "Terräng", "Regler: Terräng")
    page.click("#lang-toggle")
    page.wait_for_selector(f"{LINK}[aria-label='Rules: Terrain']", timeout=TIMEOUT)
    assert "Lay out castle" in banner.inner_text()
    follow_the_link(page, "terrain", "Terrain", "Rules: Terrain")
    # On a phone the link is a round "?" big enough for a finger, its name unchanged.
    page.set_viewport_size({"width": 390, "height": 844})
    box = page.locator(LINK).bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44
    assert page.locator(LINK).get_attribute("aria-label") == "Rules: Terrain"
    follow_the_link(page, "terrain", "Terrain", "Rules: Terrain")


def test_the_rules_button_still_opens_at_the_top_and_gets_its_focus_back(new_page: Any) -> None:
    page = new_page()
    create_hotseat(page, ["Anna", "Bo"])
    page.click(".match-tools button.rules-open")
    dialog = page.locator("dialog.rules-dialog[open]")
    assert page.evaluate("() => document.activeElement.classList.contains('rules-close')")
    assert dialog.locator("h3[data-section='goal']").count() == 1
    page.keyboard.press("Escape")
    assert page.evaluate("() => document.activeElement.classList.contains('rules-open')")
