"""The rules panel of the match page (``web/js/rules.js``): a game that ships ``<id>.rules`` in
its texts gets a "Regler" button whose dialog shows them in Swedish or English; a game without
rules text gets no button."""

from __future__ import annotations

from typing import Any

from web_helpers import create_hotseat, fill_dogroyal_lobby


def open_rules(page: Any) -> Any:
    page.click(".match-tools button.rules-open")
    return page.locator("dialog.rules-dialog[open]")


def test_dogroyals_rules_open_in_swedish_and_english(new_page: Any) -> None:
    page = new_page()
    fill_dogroyal_lobby(page, ["Anna"])
    page.click("button.start")
    page.wait_for_selector("section.game[data-status='playing']")
    dialog = open_rules(page)
    assert dialog.locator("h2").inner_text() == "Så spelar man DogRoyal"
    for heading in ["En omgång", "Blockad på startfältet", "Pjäserna (rang)", "Korten"]:
        assert dialog.locator(f"h3:text-is('{heading}')").count() == 1
    body = dialog.inner_text()
    assert "Kortbyte" in body and "Byt (röd)" in body and "Tauscher" not in body
    assert dialog.locator("ul li").count() > 20  # the cards and pieces as lists
    page.keyboard.press("Escape")
    assert page.locator("dialog.rules-dialog[open]").count() == 0
    page.click("#lang-toggle")
    page.wait_for_selector(".match-tools button.rules-open:text('Rules')")
    dialog = open_rules(page)
    assert dialog.locator("h2").inner_text() == "How to play DogRoyal"
    assert "The start-field blockade" in dialog.inner_text()
    page.click("dialog.rules-dialog[open] .rules-close")
    assert page.locator("dialog.rules-dialog[open]").count() == 0


def test_fias_rules_open_too(new_page: Any) -> None:
    page = new_page()
    create_hotseat(page, ["Anna", "Bo"])
    dialog = open_rules(page)
    assert dialog.locator("h2").inner_text() == "Så spelar man Fia med knuff"
    assert "Knuff" in dialog.inner_text() and "sexa" in dialog.inner_text()
    page.click("dialog.rules-dialog[open] .rules-close")


def test_a_game_without_rules_text_has_no_button(relay_page: Any) -> None:
    page = relay_page()
    page.goto("/")
    page.select_option("select[name='game']", "relay")
    page.click("button[data-count='2']")
    page.click("button[data-mode='hotseat']")
    page.fill("input[name='name-0']", "Anna")
    page.fill("input[name='name-1']", "Bo")
    page.click("button.start")
    page.wait_for_selector("section.game[data-status='playing']")
    assert page.locator(".rules-open").count() == 0


def test_a_list_may_have_a_lead_in_and_a_picture_block_becomes_a_figure(new_page: Any) -> None:
    page = new_page()
    page.goto("/")
    page.wait_for_selector("select[name='game']")
    shape = page.evaluate(
        """async () => {
          const rules = await import('/static/js/rules.js');
          const text = '## En tur\\nGör precis en sak:\\n- Gå\\n- Segla\\n\\n[[map]] Kartan <b>';
          return rules.rulesBlocks(text).map((el) => [el.tagName, el.textContent,
            el.dataset.picture ?? null, el.children.length]);
        }"""
    )
    assert shape == [
        ["H3", "En tur", None, 0],
        ["P", "Gör precis en sak:", None, 0],
        ["UL", "GåSegla", None, 2],
        ["FIGURE", "Kartan <b>", "map", 1],  # the caption as text, never as HTML
    ]
