"""DogRoyal in Chromium: a person and three computers play several rounds (with the partner
exchange: a card chosen, then confirmed), a shared device with two people puts up the privacy
screen between them (not for placing a piece) and says what happened since, two browsers play
online as partners with a scripted deal (the card received marked, a hand laid down announced
in the banner, a 1–7 played by choosing the piece, then the steps, with the move previewed on
the board), and on a phone the board can be enlarged. The rules panel: ``test_rules_browser.py``."""

from __future__ import annotations

import contextlib
import re
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from web_helpers import (
    PLAYABLE_CARD,
    dogroyal_my_turn,
    fill_dogroyal_lobby,
    shoot,
    text,
    version,
    wait_version_above,
)

TIMEOUT = 20_000


def create_dogroyal(page: Any, people: list[str], bots: int) -> str:
    """A same-device DogRoyal game from the start page: people first, then computers."""
    assert len(people) + bots == 4
    fill_dogroyal_lobby(page, people)
    page.click("button.start")
    page.wait_for_selector("section.game[data-status='playing']")
    return str(page.get_attribute("section.game", "data-match"))


def play_one(page: Any) -> str:
    """Make one choice the way a person would; returns what kind of choice it was."""
    seen = version(page)
    phase = text(page, ".dog-hint")  # waits for it: a redraw may be replacing the controls
    cards = page.locator(f".hand {PLAYABLE_CARD}")
    for _ in range(5):
        # What to do, read in one go; a look just before the page heard of a computer's move
        # (or gift) sees the controls that move replaces, so a click that finds nothing to
        # click looks again.
        what = page.wait_for_function(
            """playable => {
              if (document.querySelector('.piece.movable') &&
                  !document.querySelector('.hand .selected')) return 'place';
              const move = document.querySelector('.moves button.move:not([disabled])');
              const card = document.querySelector(`.hand ${playable}`);
              return card ? 'card' : move ? 'move' : false;
            }""",
            arg=PLAYABLE_CARD,
            timeout=TIMEOUT,
        ).json_value()
        target = {
            "place": page.locator(".piece.movable").first,
            "move": page.locator(".moves button.move:not([disabled])").first,
            "card": cards.first,
        }[what]
        if what == "card":
            # A card that cannot be played says why when it gets the focus (focused and
            # read in one go, so no redraw comes between).
            why = page.evaluate(
                """() => {
                  const card = document.querySelector('.hand button.card-face.dimmed');
                  if (!card) return null;
                  card.focus();
                  return [document.querySelector('.why-line').textContent, card.title];
                }"""
            )
            if why is not None:
                assert why[0].strip() and why[1]
        try:
            target.click(timeout=3000)
            break
        except PlaywrightTimeout:
            phase = text(page, ".dog-hint")
    else:
        raise AssertionError(f"nothing to click: {phase}")
    if what != "card":
        wait_version_above(page, seen)
        return what
    if "Välj ett kort att ge" in phase:
        # The exchange: nothing is given until the choice is confirmed.
        confirm = page.locator(".moves button.give-confirm")
        confirm.wait_for()
        assert confirm.inner_text().startswith("Ge ")
        # Nothing given yet (the computers' gifts may move the version meanwhile).
        assert "Du har valt" in page.inner_text(".dog-hint")
        confirm.click()
        # Done when this device's own gift is in the state: the hint stops asking for it.
        # (A computer's gift can arrive first and bump the version with the hint unchanged.)
        page.wait_for_function(
            "() => !(document.querySelector('.dog-hint')?.textContent ?? 'ge till')"
            ".includes('ge till')",
            timeout=TIMEOUT,
        )
        return "give"
    # The card is chosen: its pieces are highlighted and its moves listed.
    page.wait_for_selector(".moves button")
    assert page.locator(".piece.movable").count() >= 1
    if page.locator(".moves button.choice").count():
        # Several pieces can move: pick one on the board, then its option (a piece with
        # one option only moves at once).
        page.locator(".piece.movable").first.click()
        page.wait_for_function(
            """seen => document.querySelector('.moves button.move') ||
                      Number(document.querySelector('section.game').dataset.version) > seen""",
            arg=seen,
        )
        if version(page) > seen:
            return "play"
    page.locator(".moves button.move").first.click()
    wait_version_above(page, seen)
    return "play"


def test_a_person_and_three_computers_play_several_rounds(new_page: Any) -> None:
    page = new_page()
    create_dogroyal(page, ["Anna"], bots=3)
    kinds: list[str] = []
    round_no = 0
    for _ in range(80):
        dogroyal_my_turn(page, TIMEOUT)
        if page.get_attribute("section.game", "data-status") == "over":
            break
        round_no = page.evaluate(
            "() => Number((document.querySelector('.pile-facts').textContent"
            ".match(/Omgång (\\d+)/) || [0, 0])[1])"
        )
        if round_no >= 3 and kinds.count("give") >= 2:
            break
        kinds.append(play_one(page))
        if len(kinds) == 8:
            shoot(page, "dogroyal-midgame")
    assert round_no >= 3, f"several rounds were played (reached round {round_no})"
    assert kinds.count("give") >= 2, "Anna gave her partner a card in each exchange"
    assert "place" in kinds and "play" in kinds
    assert page.locator(".privacy-overlay").is_hidden(), "one person: no privacy screen"
    assert "Anna och Dator 2 byter kort" in page.inner_text("ol.log")
    # Anna's own hand is shown as cards; the others only as counts.
    cards = page.locator(".hand .card-face").count()
    assert f"{cards} kort" in page.inner_text(".player[data-seat='0']")
    assert "kort" in page.inner_text(".player[data-seat='1']")


def test_a_shared_device_shows_the_privacy_screen_between_two_people(new_page: Any) -> None:
    page = new_page()
    create_dogroyal(page, ["Anna", "Bo"], bots=2)
    page.wait_for_selector(".privacy-overlay:not([hidden])", timeout=TIMEOUT)
    first = page.inner_text(".privacy h2")
    assert first in ("Ge enheten till Anna", "Ge enheten till Bo")
    # Under the privacy screen no card is shown face up, and no Tips (they name the cards).
    assert page.locator(".hand button.card-face").count() == 0
    assert page.locator("section.tips").is_hidden()
    shoot(page, "dogroyal-privacy")
    page.click(".privacy-ok")
    assert page.locator(".privacy-overlay").is_hidden()
    page.wait_for_selector(f".hand {PLAYABLE_CARD}")
    assert page.locator("button.tips-button").is_visible()
    seen = version(page)
    page.locator(f".hand {PLAYABLE_CARD}").first.click()
    page.click(".moves button.give-confirm")
    wait_version_above(page, seen)
    # The exchange goes on with the other person: the device must be handed over, and the
    # screen says what happened meanwhile.
    page.wait_for_selector(".privacy-overlay:not([hidden])", timeout=TIMEOUT)
    second = page.inner_text(".privacy h2")
    assert second != first and second in ("Ge enheten till Anna", "Ge enheten till Bo")
    assert page.locator(".hand button.card-face").count() == 0
    assert "Sedan din senaste tur" in page.inner_text(".privacy")
    assert "har valt ett kort åt sin partner" in page.inner_text(".privacy-since")
    page.click(".privacy-ok")
    seen = version(page)
    page.locator(f".hand {PLAYABLE_CARD}").first.click()
    page.click(".moves button.give-confirm")
    wait_version_above(page, seen)
    # Placing a piece shows nothing secret: no hand-over, and nobody else's hand face up.
    placed = 0
    for _ in range(4):
        page.wait_for_function(
            """() => document.querySelector('.piece.movable') ||
                     !document.querySelector('.privacy-overlay').hidden""",
            timeout=TIMEOUT,
        )
        if not page.locator(".piece.movable").count():
            break  # the placing is over: a secret step, behind the privacy screen
        assert page.locator(".privacy-overlay").is_hidden()
        if page.locator(".hand button.card-face").count():
            # Only the person who said "this is me" last sees their own hand.
            assert text(page, ".turn-banner").startswith(second.split()[-1])
            assert version(page) >= 0
        seen = version(page)
        page.locator(".piece.movable").first.click()
        wait_version_above(page, seen)
        placed += 1
    assert placed == 2, "both people placed a piece without a hand-over"
    page.wait_for_selector(".privacy-overlay:not([hidden])", timeout=TIMEOUT)


# A control the person can press now: a playable card or a move not yet sent.
CONTROL = ".hand button.card-face:not(.dimmed):not([disabled]), .moves button:not([disabled])"


def test_a_person_plays_with_the_keyboard_alone(new_page: Any) -> None:
    """Enter on whatever has the focus, each time the person must choose: the focus is on a
    card to give or play, on the moves once a card is chosen (on the first group's first move
    after a group is opened), never somewhere the person would have to look for."""
    page = new_page()
    create_dogroyal(page, ["Anna"], bots=3)
    what: list[str] = []
    for _ in range(40):
        dogroyal_my_turn(page, TIMEOUT)
        if page.get_attribute("section.game", "data-status") == "over":
            break
        seen = version(page)
        for _ in range(4):  # a card, maybe a group, then a move
            # A redraw may take the focus to the page for a moment before the page puts it
            # back; give it three seconds, then read where it is. A control disabled while
            # a choice is on its way does not count: the focus leaves it soon after.
            with contextlib.suppress(Exception):
                page.wait_for_function(
                    f"""seen => Number(document.querySelector('section.game').dataset.version)
                         > seen || document.activeElement?.matches({CONTROL!r})""",
                    arg=seen,
                    timeout=3000,
                )
            focus = page.evaluate(
                """() => {
                  const el = document.activeElement;
                  if (el.matches('.hand button.card-face:not(.dimmed)')) return 'card';
                  if (el.matches('.moves button.choice')) return 'group';
                  if (el.matches('.moves button.move')) return 'move';
                  return el === document.body ? 'nothing' : el.outerHTML.slice(0, 60);
                }"""
            )
            if version(page) > seen:
                break
            assert focus in ("card", "group", "move"), f"after {what}: the focus is on {focus}"
            what.append(focus)
            # Mark what had the focus, so the wait below sees the page move on from it.
            page.evaluate("() => { document.activeElement.dataset.pressed = 'yes'; }")
            page.keyboard.press("Enter")
            page.wait_for_function(
                f"""seen => Number(document.querySelector('section.game').dataset.version) > seen
                     || document.activeElement?.matches({CONTROL!r})
                        && !document.activeElement.dataset.pressed""",
                arg=seen,
            )
        if len(what) >= 16:
            break
    assert "card" in what and "move" in what


# The deal of the online test, one card at a time from the seat left of the dealer (David,
# seat 3, deals: Anna gets the 1st, 5th, 9th … card). Anna: a 2 to move her Knight off the
# start field, a 13 to bring her King out, then a 1–7 for either of them; she gives Cecilia
# her 12. Cecilia puts her King out and holds only cards a King cannot use: her hand is laid
# down on her first turn. The computers hold small cards, so nobody reaches Anna's quarter.
DEAL = {
    0: ["2", "13", "1-7", "12", "5"],
    1: ["2", "3", "2", "3", "2"],
    2: ["8", "9", "10", "12", "13"],
    3: ["2", "2", "3", "3", "2"],
}


def scripted_deal() -> list[Any]:
    outcomes: list[Any] = [3]  # the first dealer: seat 3
    for i in range(5):
        outcomes += [{"card": DEAL[seat][i]} for seat in range(4)]
    return outcomes


def pick_card(page: Any, card: str) -> None:
    page.locator(f".hand {PLAYABLE_CARD}[data-card='{card}']").first.click()


def step(page: Any, selector: str) -> None:
    seen = version(page)
    page.locator(selector).first.click()
    wait_version_above(page, seen)


def log_says(page: Any, line: str) -> None:
    """Wait until the page's log holds ``line``."""
    page.wait_for_function(
        "line => document.querySelector('ol.log').textContent.includes(line)", arg=line
    )


def my_turn(page: Any) -> None:
    """Wait until this browser must choose (a card, a piece to place)."""
    page.wait_for_function(
        f"""() => document.querySelector('.hand {PLAYABLE_CARD}') ||
                  document.querySelector('.piece.movable')""",
        timeout=TIMEOUT,
    )


def test_partners_online_exchange_with_a_confirmation_and_play_a_one_to_seven_by_piece(
    new_page: Any, server: Any
) -> None:
    anna = new_page()
    anna.goto("/")
    anna.select_option("select[name='game']", "dogroyal")
    anna.click("button[data-count='4']")
    anna.click("button[data-mode='online']")
    anna.fill("input[name='name-0']", "Anna")
    for seat in (1, 3):
        anna.select_option(f"select[name='kind-{seat}']", "bot")
        anna.select_option(f"select[name='level-{seat}']", "easy")
    anna.click("button.start")
    url = anna.locator(".invites input.invite-url").first.input_value()
    anna.click(".invites a.primary")
    anna.wait_for_selector("section.game[data-status='waiting']")
    match_id = str(anna.get_attribute("section.game", "data-match"))
    server.request("POST", f"/api/test/matches/{match_id}/dice", {"values": scripted_deal()})
    cecilia = new_page()
    cecilia.goto(url)
    cecilia.fill("input[name='name']", "Cecilia")
    cecilia.click("button.join-button")
    for page in (anna, cecilia):
        page.wait_for_selector("section.game[data-status='playing']")

    # The exchange: the prompt names the partner; a card is chosen, then given on confirming.
    my_turn(anna)
    assert "Välj ett kort att ge till Cecilia" in text(anna, ".dog-hint")
    pick_card(anna, "12")
    confirm = anna.locator(".moves button.give-confirm")
    assert confirm.inner_text() == "Ge 12 till Cecilia"
    assert "Du har valt 12 åt Cecilia" in text(anna, ".dog-hint")
    anna.wait_for_timeout(300)
    # Choosing gives nothing yet: the computers' gifts may move the version meanwhile, but
    # Anna still holds the 12 and is still asked for her gift.
    assert "Du har valt 12 åt Cecilia" in text(anna, ".dog-hint"), "choosing gives nothing yet"
    assert anna.locator(".hand button.card-face.selected").get_attribute("data-card") == "12"
    pick_card(anna, "5")  # changed her mind
    assert confirm.inner_text() == "Ge 5 till Cecilia"
    pick_card(anna, "12")
    step(anna, ".moves button.give-confirm")
    my_turn(cecilia)
    pick_card(cecilia, "8")
    step(cecilia, ".moves button.give-confirm")
    # The card Cecilia passed is marked in Anna's hand and told in her log only.
    anna.wait_for_selector(".hand .card-face[data-card='8'] .card-mark")
    assert anna.inner_text(".hand .card-face[data-card='8'] .card-mark") == "från Cecilia"
    log_says(anna, "Du får 8 av Cecilia.")
    log_says(cecilia, "Du får 12 av Anna.")
    assert "Du får 8" not in cecilia.inner_text("ol.log")
    # Partners are named on the board, beside their kennels.
    assert "din partner" in anna.text_content(".team-mark.partner")
    assert "Cecilia" in anna.text_content(".team-mark.partner")

    # Placement: Anna starts (David dealt); she puts her Knight out, Cecilia her King.
    my_turn(anna)
    step(anna, ".piece.movable[data-type='knight']")
    my_turn(cecilia)
    step(cecilia, ".piece.movable[data-type='king']")

    # Anna's first turn: the 2 takes the Knight off the start field (one move: at once).
    my_turn(anna)
    seen = version(anna)
    pick_card(anna, "2")
    anna.locator(".piece.movable[data-type='knight']").click()
    wait_version_above(anna, seen)
    # Cecilia's King may use none of her cards: her hand is laid down, and Anna's banner
    # says so when her turn comes.
    log_says(cecilia, "Cecilia kan inte spela något kort och lägger bort handen")
    # The second: the 13 brings the King out.
    my_turn(anna)
    assert "Cecilia kan inte spela något kort" in text(anna, ".turn-banner .banner-note")
    pick_card(anna, "13")
    step(anna, ".moves button.move[data-piece='0']")
    # Seen while choosing: gone once the page has drawn the move (under load a moment later).
    anna.wait_for_function(
        "() => !document.querySelector('.turn-banner .banner-note')", timeout=TIMEOUT
    )

    # The third: the 1–7. First the piece (a group for each), then the steps.
    my_turn(anna)
    pick_card(anna, "1-7")
    groups = anna.locator(".moves button.choice")
    assert groups.count() == 2
    assert sorted(groups.all_inner_texts()) == ["Annas kung (7 drag)", "Annas riddare (7 drag)"]
    assert anna.locator(".moves button.move").count() == 0
    anna.locator(".piece.movable[data-type='king']").click()  # the piece, on the board
    moves = anna.locator(".moves button.move")
    assert moves.count() == 7 and anna.locator(".moves button.back").count() == 1
    assert moves.nth(2).inner_text() == "Spela 1–7: kungen 3 steg till fält 4"
    # Hovering a move shows its way and its destination on the board.
    moves.nth(2).hover()
    anna.wait_for_selector(".dogroyal-board .preview .preview-dest")
    assert anna.text_content(".dogroyal-board .preview-label") == "4"
    shoot(anna, "dogroyal-one-to-seven")
    # Back to the pieces, then the Knight's 5 steps with the keyboard.
    anna.click(".moves button.back")
    assert anna.locator(".moves button.choice").count() == 2
    anna.locator(".moves button.choice[data-piece='1']").click()
    anna.locator(".moves button.move").nth(4).focus()
    assert anna.text_content(".dogroyal-board .preview-label") == "8"
    seen = version(anna)
    anna.keyboard.press("Enter")
    wait_version_above(anna, seen)
    log_says(anna, "Anna flyttar sin riddare från fält 3 till fält 8.")
    log_says(cecilia, "Anna spelar 1–7.")


def test_on_a_phone_the_board_enlarges_so_pieces_and_numbers_can_be_tapped_and_read(
    new_page: Any,
) -> None:
    page = new_page(viewport={"width": 390, "height": 844})
    create_dogroyal(page, ["Anna"], bots=3)
    page.wait_for_selector(".dogroyal-board .piece")

    def sizes() -> tuple[float, float]:
        piece = page.locator(".dogroyal-board .piece .body").first.bounding_box()
        number = page.locator(".dogroyal-board .field-number").first.bounding_box()
        assert piece is not None and number is not None
        return piece["width"], number["height"]

    small_piece, small_number = sizes()
    page.click(".dog-zoom")
    assert page.get_attribute(".dog-zoom", "aria-pressed") == "true"
    piece, number = sizes()
    assert piece >= 24 and number >= 14, (piece, number)  # a finger's target, legible digits
    assert piece > 2 * small_piece and number > 2 * small_number
    # The page itself does not scroll sideways: the board scrolls inside its frame.
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(page, "dogroyal-phone-zoomed")
    page.click(".dog-zoom")
    assert page.get_attribute(".dog-zoom", "aria-pressed") == "false"


def test_tips_rate_every_legal_move_with_the_teams_chance_from_annas_view(new_page: Any) -> None:
    """Anna plays with three computers, Dator 2 her partner. At her card the Tips button rates
    every legal move (all cards, every piece) with the chance that her team wins; the others'
    cards are dealt anew from what she can see, and the panel says so."""
    page = new_page()
    create_dogroyal(page, ["Anna"], bots=3)
    for _ in range(40):
        dogroyal_my_turn(page, TIMEOUT)
        if text(page, ".dog-hint").startswith("Välj ett kort."):
            break
        play_one(page)
    assert text(page, ".dog-hint").startswith("Välj ett kort.")
    seen = version(page)
    button = page.locator("button.tips-button")
    assert button.is_visible() and button.inner_text() == "Tips"
    with page.expect_response("**/advice?*", timeout=30_000) as answer:
        button.click()
    advice = answer.value.json()
    assert advice["seat"] == 0 and advice["team"] == [0, 2] and advice["sampled"] is True
    page.wait_for_selector(".tips-list li.tip")
    tips = page.locator(".tips-list li.tip")
    assert tips.count() == len(advice["actions"]) >= 1
    assert text(page, ".tips-title") == "Chans att ert lag vinner, per drag"
    assert "aldrig det riktiga" in text(page, ".tips-note")
    for i in range(tips.count()):
        tip = tips.nth(i)
        assert tip.locator(".tip-move").inner_text().startswith("Spela ")
        assert re.fullmatch(r"\d{1,3},\d %", tip.locator(".tip-rate").inner_text())
        interval = tip.locator(".tip-interval").inner_text()
        assert interval == "säkert" or re.fullmatch(r"\d{1,3},\d–\d{1,3},\d %", interval)
    assert page.locator(".tips-list li.tip.best").count() == 1
    shoot(page, "dogroyal-tips")
    assert version(page) == seen  # the panel never plays
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: nothing sticks out
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator(".tips-panel").scroll_into_view_if_needed()
    shoot(page, "dogroyal-tips-phone")
    page.set_viewport_size({"width": 1200, "height": 900})
    # In English, then Anna plays a card herself: the next state takes the panel away.
    page.click("#lang-toggle")
    page.wait_for_function("document.querySelector('button.tips-button')?.textContent === 'Hint'")
    page.click("button.tips-button")
    page.wait_for_selector(".tips-list li.tip")
    assert text(page, ".tips-title") == "Your team's chance to win, move by move"
    assert re.fullmatch(r"\d{1,3}\.\d%", page.locator(".tip-rate").first.inner_text())
    page.click("#lang-toggle")
    page.wait_for_function("document.querySelector('button.tips-button')?.textContent === 'Tips'")
    assert play_one(page) == "play"
    assert page.locator(".tips-list li").count() == 0
