"""The web client in a real browser against a real server (see conftest.py)."""

from __future__ import annotations

import re
from typing import Any

from web_helpers import (
    choose,
    create_hotseat,
    log_text,
    open_lobby,
    roll,
    shoot,
    text,
    version,
    wait_version_above,
)

# One piece all the way home in one turn: a 6 out to square 6, six bonus 6s to the middle
# lane (local 42), then a 3 into the goal.
ONE_PIECE_HOME = [6] * 7 + [3]


def piece_home(page: Any, first_move: str | None = None) -> None:
    roll(page)
    choose(page, first_move or "button.move[data-action='enter_six']")
    for _ in range(7):
        roll(page)
        choose(page)


def test_same_device_game_to_the_win_screen_and_the_winner_tops_the_highscores(
    new_page: Any, server: Any
) -> None:
    page = new_page(reduced_motion="reduce")
    match_id = create_hotseat(page, ["Anna", "Bertil"])
    # Roll-off 6 against 1: Anna starts. Between Anna's turns Bertil rolls a 2 and cannot move.
    server.dice(match_id, [6, 1] + [*ONE_PIECE_HOME, 2] * 3 + ONE_PIECE_HOME)
    assert "Vem börjar?" in text(page, ".turn-banner")
    roll(page)
    roll(page)
    assert "Anna slog högst och börjar." in log_text(page)
    assert "Annas tur" in text(page, ".turn-banner")

    # First piece: clicking a piece in the nest with a 6 offers both ways out as buttons.
    roll(page)
    page.click(".piece[data-seat='0'][data-piece='3']")
    assert "Välj ett av dragen" in page.inner_text(".controls")
    offered = page.locator("button.move.offered")
    assert offered.count() == 2
    actions = {offered.nth(i).get_attribute("data-action") for i in range(2)}
    assert actions == {"enter_two", "enter_six"}
    choose(page, "button.move[data-action='enter_six']")
    # A bonus move chosen by clicking the piece, the next one by clicking its target square.
    roll(page)
    seen = version(page)
    page.click(".piece.movable[data-seat='0']")
    wait_version_above(page, seen)
    roll(page)
    seen = version(page)
    page.click(".target")
    wait_version_above(page, seen)
    for _ in range(5):
        roll(page)
        choose(page)
    assert "Anna har en pjäs i mål." in log_text(page)
    roll(page)  # Bertil's 2: no piece out, the turn passes
    assert "Bertil kan inte flytta." in log_text(page)

    # Second piece. A move the rules refuse is refused with the server's reason.
    roll(page)
    choose(page, "button.move[data-action='enter_six']")
    roll(page)
    page.click(".piece[data-seat='0'][data-piece='1']")  # piece 1 is home and may not move
    page.wait_for_function("document.querySelector('.controls .error').textContent.length > 0")
    assert "Det draget är inte tillåtet nu." in page.inner_text(".controls .error")
    for _ in range(6):
        choose(page)
        roll(page)
    choose(page)
    roll(page)

    piece_home(page)
    roll(page)
    piece_home(page)

    page.wait_for_selector(".win-overlay:not([hidden])")
    shoot(page, "win")
    assert text(page, ".win-title") == "Anna vinner!"
    assert page.get_attribute("section.game", "data-status") == "over"
    page.click(".win-overlay a[href^='#/highscore']")
    page.wait_for_selector("table.scores tbody tr")
    shoot(page, "highscore")
    first = page.locator("table.scores tbody tr").first
    assert first.locator("td.name").inner_text() == "Anna"
    assert first.locator("td.wins").inner_text() == "1"
    second = page.locator("table.scores tbody tr").nth(1)
    assert second.locator("td.name").inner_text() == "Bertil"
    assert second.locator("td.wins").inner_text() == "0"


def test_online_game_players_join_by_link_and_see_each_others_moves(
    new_page: Any, server: Any
) -> None:
    anna = new_page()
    open_lobby(anna)
    anna.click("button[data-count='2']")
    anna.click("button[data-mode='online']")
    anna.fill("input[name='name-0']", "Anna")
    anna.click("button.start")
    anna.wait_for_selector(".invites input.invite-url")
    link = anna.locator(".invites input.invite-url")
    assert link.count() == 1
    url = link.input_value()
    assert "#/join/" in url
    anna.click(".invites a.primary")
    anna.wait_for_selector("section.game[data-status='waiting']")
    shoot(anna, "waiting")
    match_id = anna.get_attribute("section.game", "data-match")

    bertil = new_page()
    # The start page lists the open game, without its links (those are Anna's to hand out).
    bertil.goto("/")
    open_game = bertil.locator(f".open-game[data-match='{match_id}']")
    open_game.wait_for()
    assert "Anna" in open_game.inner_text()
    assert open_game.locator("input.invite-url").count() == 0
    assert anna_sees_link_in_list(anna, str(match_id))
    bertil.goto(url)
    bertil.wait_for_selector("button.join-button")
    shoot(bertil, "join")
    assert bertil.locator(".colour-choice[data-colour='red']").is_disabled()
    bertil.fill("input[name='name']", "Bertil")
    bertil.click(".colour-choice[data-colour='green']")
    bertil.click("button.join-button")
    bertil.wait_for_selector("section.game[data-status='playing']")
    anna.wait_for_selector("section.game[data-status='playing']")

    server.dice(match_id, [6, 1, 6, 2, 1])
    assert bertil.locator("button.die").is_disabled()
    roll(anna)
    bertil.wait_for_function("document.querySelector('ol.log').textContent.includes('Anna slår 6')")
    assert "Bertil" in text(bertil, ".turn-banner")
    assert anna.locator("button.die").is_disabled()
    roll(bertil)
    anna.wait_for_function("document.querySelector('ol.log').textContent.includes('Bertil slår 1')")
    roll(anna)
    assert "Din tur!" in text(anna, ".turn-banner")
    choose(anna, "button.move[data-action='enter_two']")
    roll(anna)
    choose(anna)
    # Bertil sees Anna's pieces where Anna sees them, once the move has arrived.
    bertil.wait_for_function(
        "v => Number(document.querySelector('section.game').dataset.version) >= v",
        arg=version(anna),
    )
    for piece in (1, 2):
        selector = f".piece[data-seat='0'][data-piece='{piece}']"
        bertil.wait_for_function(
            "([s, t]) => document.querySelector(s).style.transform === t",
            arg=[selector, anna.eval_on_selector(selector, "el => el.style.transform")],
        )
    assert "Din tur!" in text(bertil, ".turn-banner")
    roll(bertil)
    choose(bertil)
    anna.wait_for_function(
        "document.querySelector('ol.log').textContent.includes('Bertil går ut med en pjäs')"
    )
    selector = ".piece[data-seat='1'][data-piece='1']"
    anna.wait_for_function(
        "([s, t]) => document.querySelector(s).style.transform === t",
        arg=[selector, bertil.eval_on_selector(selector, "el => el.style.transform")],
    )


def anna_sees_link_in_list(page: Any, match_id: str) -> bool:
    """The creator's own device lists its open game with the invite links it keeps."""
    page.goto("/")
    game = page.locator(f".open-game[data-match='{match_id}']")
    game.wait_for()
    ok = game.locator("input.invite-url").count() == 1
    page.go_back()
    page.wait_for_selector("section.game")
    return ok


def test_english_is_chosen_with_the_toggle_and_remembered(new_page: Any, server: Any) -> None:
    page = new_page()
    open_lobby(page)
    assert page.inner_text("h1") == "Nytt spel"
    page.click("#lang-toggle")
    page.wait_for_function("document.querySelector('h1')?.textContent === 'New game'")
    assert page.inner_text("button.start") == "Start the game"
    assert page.get_attribute("html", "lang") == "en"
    page.reload()
    page.wait_for_function("document.querySelector('h1')?.textContent === 'New game'")
    assert page.inner_text("#nav-highscore") == "Highscores"
    page.fill("input[name='name-0']", "Anna")
    page.fill("input[name='name-1']", "Bertil")
    page.click("button.start")
    page.wait_for_selector("section.game[data-status='playing']")
    match_id = page.get_attribute("section.game", "data-match")
    server.dice(match_id, [4])
    assert "Who starts?" in text(page, ".turn-banner")
    roll(page)
    assert "Anna rolls 4 to see who starts." in log_text(page)
    assert "Nytt spel" not in page.inner_text("main")


def test_names_with_html_are_shown_as_text(new_page: Any, server: Any) -> None:
    # Both would run script if the page ever parsed a name as HTML.
    evil = ["<img src=x onerror=alert(1)>", "<svg onload=alert(1)>"]
    page = new_page()
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    match_id = create_hotseat(page, evil)
    server.dice(match_id, [6, 1])
    for seat, name in enumerate(evil):
        assert page.inner_text(f".player[data-seat='{seat}'] .player-name") == name
    assert evil[0] in text(page, ".turn-banner")
    roll(page)
    roll(page)
    assert f"{evil[0]} slår 6 om vem som börjar." in log_text(page)
    assert f"{evil[1]} slår 1 om vem som börjar." in log_text(page)
    assert page.locator("main img, main svg[onload]").count() == 0
    assert dialogs == []


def test_the_game_page_fits_a_phone(new_page: Any, server: Any) -> None:
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    match_id = create_hotseat(page, ["Anna", "Bertil"])
    server.dice(match_id, [6, 1, 6])
    roll(page)
    roll(page)
    roll(page)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    board = page.locator("svg.board").bounding_box()
    assert board is not None and board["width"] <= 390 and board["width"] > 300
    die = page.locator("button.die").bounding_box()
    assert die is not None and die["y"] + die["height"] <= 844 * 1.5
    assert page.locator("button.move").count() == 2
    shoot(page, "phone-test")
    assert re.search(r"Annas tur", text(page, ".turn-banner"))


def test_a_press_on_the_die_while_it_still_tumbles_rolls(new_page: Any, server: Any) -> None:
    # Bertil's die is ready while Anna's roll still tumbles, and a person's press outlasts
    # the faces drawn meanwhile: once in about 400 rolls in the suite such a click was lost.
    page = new_page()
    match_id = create_hotseat(page, ["Anna", "Bertil"])
    server.dice(match_id, [6, 1])
    roll(page)
    page.wait_for_selector("button.die.rolling:not([disabled])")
    seen = version(page)
    # Held 200 ms: three faces are drawn under the finger. Forced: Playwright would wait for
    # the tumbling die to stand still.
    page.click("button.die", delay=200, force=True)
    wait_version_above(page, seen, timeout=5_000)
    assert "Anna slog högst och börjar." in log_text(page)


def test_a_computer_player_rolls_and_moves_by_itself(new_page: Any, server: Any) -> None:
    page = new_page()
    open_lobby(page)
    page.fill("input[name='name-0']", "Anna")
    page.select_option("select[name='kind-1']", "bot")
    page.select_option("select[name='level-1']", "easy")
    assert page.locator("input[name='name-1']").count() == 0
    page.click("button.start")
    page.wait_for_selector("section.game[data-status='playing']")
    match_id = page.get_attribute("section.game", "data-match")
    # Anna wins the roll-off 6–1, rolls a 3 (no move); the computer rolls a 1 and comes out.
    server.dice(match_id, [6, 1, 3, 1])
    roll(page)
    page.wait_for_function("document.querySelector('ol.log').textContent.includes('slår 1 om')")
    roll(page)
    page.wait_for_function(
        "document.querySelector('ol.log').textContent.includes('går ut med en pjäs till ruta 1')"
    )
    page.wait_for_selector("button.die:not([disabled])")
    assert "Annas tur" in text(page, ".turn-banner")
    assert page.locator(".player[data-seat='1'] .tag").inner_text() == "dator"


def test_the_lobby_offers_computer_levels_and_a_hard_computer_plays(
    new_page: Any, server: Any
) -> None:
    page = new_page()
    open_lobby(page)
    page.fill("input[name='name-0']", "Anna")
    assert page.locator("select[name='level-1']").count() == 0  # a person: no level
    page.select_option("select[name='kind-1']", "bot")
    levels = page.locator("select[name='level-1'] option")
    assert levels.all_inner_texts() == ["Lätt", "Medel", "Svår"]
    assert page.input_value("select[name='level-1']") == "medium"
    page.select_option("select[name='level-1']", "hard")
    shoot(page, "lobby-levels")
    page.click("button.start")
    page.wait_for_selector("section.game[data-status='playing']")
    match_id = page.get_attribute("section.game", "data-match")
    # Anna wins the roll-off, rolls a 3 (no move); the computer rolls a 6 and must choose
    # between one piece to square 6 and two to square 1: the hard level searches that choice.
    server.dice(match_id, [6, 1, 3, 6])
    roll(page)
    page.wait_for_function("document.querySelector('ol.log').textContent.includes('slår 1 om')")
    roll(page)
    page.wait_for_function(
        "document.querySelector('ol.log').textContent.includes('går ut med')", timeout=20_000
    )
    # One piece to square 6, or two to square 1 (logged a piece at a time).
    assert re.search(r"Dator 1 går ut med en pjäs till ruta [16]\.", log_text(page))


def test_tips_rate_every_move_and_the_player_still_chooses(new_page: Any, server: Any) -> None:
    page = new_page()
    match_id = create_hotseat(page, ["Anna", "Bertil"])
    server.dice(match_id, [6, 1, 6])
    roll(page)
    assert page.locator("section.tips").is_hidden()  # a die to roll: nothing to advise
    roll(page)
    roll(page)  # Anna's 6 with every piece in the nest: two ways out
    seen = version(page)
    asked: list[str] = []

    def look(route: Any) -> None:
        # The request is out: the panel says that it is being worked out.
        asked.append(" ".join(str(page.text_content(".tips-panel")).split()))
        route.continue_()

    page.route("**/advice?*", look)
    assert page.inner_text("button.tips-button") == "Tips"
    page.click("button.tips-button")
    page.wait_for_selector(".tips-list li.tip")
    assert asked == ["Räknar …"]
    tips = page.locator(".tips-list li.tip")
    assert tips.count() == 2
    # Percentages with a decimal comma, each with its interval; the labels are the buttons'.
    for i in range(2):
        assert re.fullmatch(r"\d{1,3},\d %", tips.nth(i).locator(".tip-rate").inner_text())
        assert re.fullmatch(
            r"\d{1,3},\d–\d{1,3},\d %", tips.nth(i).locator(".tip-interval").inner_text()
        )
    labels = {tips.nth(i).locator(".tip-move").inner_text() for i in range(2)}
    assert labels == set(page.locator("button.move").all_inner_texts())
    best = page.locator(".tips-list li.tip.best")
    assert best.count() == 1 and "Bäst" in best.inner_text()
    shoot(page, "tips")
    assert version(page) == seen  # the panel never moves by itself
    page.set_viewport_size({"width": 390, "height": 844})  # a phone: nothing sticks out
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shoot(page, "tips-phone")
    page.set_viewport_size({"width": 1200, "height": 900})

    # In English: "Hint", and a decimal point.
    page.click("#lang-toggle")
    page.wait_for_function("document.querySelector('button.tips-button')?.textContent === 'Hint'")
    page.click("button.tips-button")
    page.wait_for_selector(".tips-list li.tip")
    rate = page.locator(".tips-list li.tip .tip-rate").first.inner_text()
    assert re.fullmatch(r"\d{1,3}\.\d%", rate)

    # The page's own move buttons still work; the next state takes the panel away.
    choose(page, "button.move[data-action='enter_two']")
    page.wait_for_selector("button.die:not([disabled])")  # the 6 gives Anna another roll
    assert page.locator("section.tips").is_hidden()
    assert page.locator(".tips-list li").count() == 0


def test_house_rules_are_folded_and_say_how_many_differ(new_page: Any, server: Any) -> None:
    page = new_page()
    open_lobby(page)
    page.fill("input[name='name-0']", "Anna")
    page.fill("input[name='name-1']", "Bertil")
    rules = page.locator("details.options")
    assert not rules.evaluate("el => el.open")  # the standard rules need no clicks
    assert not page.locator("input[name='option-play_on']").is_visible()
    assert "standardregler" in rules.locator("summary").inner_text()
    rules.locator("summary").click()
    page.check("input[name='option-play_on']")
    # The form is drawn anew on every change; the box stays open and counts the change.
    assert rules.evaluate("el => el.open")
    assert "1 ändrad" in rules.locator("summary").inner_text()
    page.check("input[name='option-three_tries']")
    assert "2 ändrade" in rules.locator("summary").inner_text()
    with page.expect_request("**/api/matches") as request:
        page.click("button.start")
    assert request.value.post_data_json["options"] == {"three_tries": True, "play_on": True}
    page.wait_for_selector("section.game[data-status='playing']")


def test_a_turn_is_played_with_the_keyboard_and_the_focus_follows_the_player(
    new_page: Any, server: Any
) -> None:
    page = new_page()
    match_id = create_hotseat(page, ["Anna", "Bertil"])
    # Roll-off 6–1; Anna's 6 (out of the nest), a bonus 3; Bertil's 2 (no move); Anna's 4.
    server.dice(match_id, [6, 1, 6, 3, 2, 4])

    def focus() -> str:
        return str(
            page.evaluate(
                "document.activeElement.matches('button.die') ? 'die' :"
                " document.activeElement.matches('button.move') ? 'move' :"
                " document.activeElement.outerHTML.slice(0, 60)"
            )
        )

    def enter() -> None:
        seen = version(page)
        page.keyboard.press("Enter")
        wait_version_above(page, seen)

    page.wait_for_selector("button.die:not([disabled])")
    for _ in range(3):  # the roll-off, twice, then Anna's first roll
        assert focus() == "die"
        enter()
    assert focus() == "move", "after a roll the focus is on the moves"
    assert page.locator("button.move").count() == 2
    enter()
    assert focus() == "die", "after the move the focus is back on the die (a 6: again)"
    enter()
    assert focus() == "move"
    page.keyboard.press("Space")  # the one move, by Space this time
    page.wait_for_function("document.activeElement.matches('button.die')")
    assert "Bertils tur" in text(page, ".turn-banner")
    enter()  # Bertil's 2: no move, the die passes to Anna and keeps the focus
    assert "Bertil kan inte flytta." in log_text(page)
    assert focus() == "die" and "Annas tur" in text(page, ".turn-banner")
