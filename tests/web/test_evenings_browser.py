"""Online evenings that survive real life, in two or three browsers against a real server: a
closed tab comes back through "Mina spel" and through the old invite link; who is here is
shown to everyone; the host gives an absent seat to a computer and the game finishes; the turn
timer lets a computer play; both players say yes to a rematch; a name twice is refused at its
field; a double click creates one match; the host calls a waiting match off; the connection
banner comes and goes around a server restart; the keyboard stays where the player is."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Server, _free_port
from web_helpers import open_lobby, roll, shoot, text, version, wait_version_above

RELAY_GOAL = "8"


def timed_match(server: Any, anna: Any, bo: Any, seconds: int) -> str:
    """An online Fia match with a turn timer of ``seconds`` (shorter than the lobby offers,
    so made through the API), Anna at her page and Bo joined by his invite; its id."""
    made = server.request(
        "POST",
        "/api/matches",
        {
            "game": "fia",
            "mode": "online",
            "seats": [{"name": "Anna"}, {"name": None}],
            "turn_seconds": seconds,
        },
    )
    anna.goto(f"/#/match/{made['match_id']}?token={made['token']}")
    anna.wait_for_selector("section.game[data-status='waiting']")
    bo.goto(made["invites"][0]["url"])
    bo.fill("input[name='name']", "Bo")
    bo.click("button.join-button")
    anna.wait_for_selector("section.game[data-status='playing']")
    return str(made["match_id"])


def online_match(
    anna: Any, bo: Any, game: str = "fia", bo_name: str = "Bo", options: Any = None
) -> tuple[str, str]:
    """Anna starts an online match of ``game`` for two from the start page and Bo joins by
    her link; returns the match id and the invite link."""
    open_lobby(anna, game)
    anna.click("button[data-count='2']")
    anna.click("button[data-mode='online']")
    anna.fill("input[name='name-0']", "Anna")
    if options:
        options(anna)
    anna.click("button.start")
    url = anna.locator(".invites input.invite-url").input_value()
    anna.click(".invites a.primary")
    anna.wait_for_selector("section.game[data-status='waiting']")
    match_id = str(anna.get_attribute("section.game", "data-match"))
    bo.goto(url)
    bo.fill("input[name='name']", bo_name)
    bo.click("button.join-button")
    bo.wait_for_selector("section.game[data-status='playing']")
    anna.wait_for_selector("section.game[data-status='playing']")
    return match_id, url


def short_relay(page: Any) -> None:
    page.locator("details.options summary").click()
    page.select_option("select[name='option-goal']", label=RELAY_GOAL)


def step(page: Any, selector: str) -> None:
    seen = version(page)
    page.click(selector)
    wait_version_above(page, seen)


def presence(page: Any, seat: int) -> str:
    return str(page.get_attribute(f".player[data-seat='{seat}']", "data-presence"))


# --- seats you keep, presence, spectators ------------------------------------------------
def test_a_closed_tab_comes_back_through_my_games_and_through_the_old_invite_link(
    new_page: Any, server: Any
) -> None:
    anna = new_page()
    bo = new_page()
    match_id, url = online_match(anna, bo, bo_name="Bosse")
    # Everyone sees who is here, as a word and a shape, not by colour alone.
    anna.wait_for_function(
        "document.querySelector(\".player[data-seat='1']\").dataset.presence === 'online'"
    )
    assert presence(anna, 0) == "online"
    assert "online" in anna.inner_text(".player[data-seat='1'] .presence")
    shoot(anna, "presence-both")

    # Bosse closes his tab: after a moment Anna sees him away.
    context = bo.context
    bo.close()
    anna.wait_for_function(
        "document.querySelector(\".player[data-seat='1']\").dataset.presence === 'offline'",
        timeout=10_000,
    )
    assert "borta" in anna.inner_text(".player[data-seat='1'] .presence")
    shoot(anna, "presence-away")

    # A new tab of the same browser: the start page lists the match under "Mina spel".
    again = context.new_page()
    again.goto("/")
    mine = again.locator(f".my-game[data-match='{match_id}']")
    mine.wait_for()
    assert "Fia med knuff" in mine.inner_text()
    assert "Annas tur" in mine.locator(".my-game-status").inner_text()
    shoot(again, "my-games")
    mine.locator("a.button").click()
    again.wait_for_selector(f"section.game[data-match='{match_id}'][data-status='playing']")
    assert again.locator(".player[data-seat='1'] .tag.you").count() == 1
    anna.wait_for_function(
        "document.querySelector(\".player[data-seat='1']\").dataset.presence === 'online'"
    )
    # When it is Bosse's turn, his "Mina spel" says so first.
    server.dice(match_id, [1, 6])
    step(anna, "button.die:not([disabled])")
    again.goto("/")
    again.wait_for_selector(f".my-game.your-turn[data-match='{match_id}']")
    assert again.locator(".my-game-status").first.inner_text() == "Din tur!"

    # The old invite link takes this browser back to its seat, not to "already used".
    again.goto(url)
    again.wait_for_selector(f"section.game[data-match='{match_id}']")
    again.wait_for_selector("button.die:not([disabled])")  # his roll-off die

    # Somebody else with the same link: the seat is taken, and they may watch.
    cia = new_page()
    cia.goto(url)
    cia.wait_for_selector(".problem")
    assert cia.inner_text(".problem h1") == "Inbjudan är redan använd"
    cia.click(".problem a.button.primary")
    cia.wait_for_selector(".match-notice .watching")
    assert "Du tittar på." in cia.inner_text(".match-notice")
    assert cia.locator("button.die:not([disabled])").count() == 0


def test_a_seat_continues_on_another_device_by_its_link(new_page: Any, server: Any) -> None:
    anna = new_page()
    bo = new_page()
    match_id, _ = online_match(anna, bo)
    bo.locator("details.more-box summary").click()
    link = bo.locator("input.device-link").input_value()
    assert f"#/match/{match_id}?token=" in link
    phone = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone.goto(link)
    phone.wait_for_selector(f"section.game[data-match='{match_id}'][data-status='playing']")
    assert phone.locator(".player[data-seat='1'] .tag.you").count() == 1
    assert "token" not in phone.url  # the secret leaves the address bar at once
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_a_made_up_invite_and_a_wrong_address_say_so_with_a_way_back(new_page: Any) -> None:
    page = new_page()
    page.goto("/#/join/made-up-invite")
    page.wait_for_selector(".problem")
    assert page.inner_text(".problem h1") == "Ingen sådan inbjudan"
    assert "Det finns ingen sådan inbjudan" in page.inner_text(".problem")
    page.goto("/#/match/no-such-match")
    page.wait_for_selector(".problem")
    assert page.inner_text(".problem h1") == "Spelet finns inte"
    page.goto("/no/such/page")
    page.wait_for_selector(".problem")
    assert page.inner_text(".problem h1") == "Sidan finns inte"
    page.click(".problem a:text('Till startsidan')")
    page.wait_for_selector("button.start")


# --- absent players --------------------------------------------------------------------------
def test_the_host_gives_an_absent_seat_to_a_computer_and_the_game_finishes(
    relay_page: Any, relay_server: Any
) -> None:
    anna = relay_page()
    bo = relay_page()
    match_id, _ = online_match(anna, bo, "relay", bo_name="Borta-Bo", options=short_relay)
    assert bo.locator(".host-box").is_hidden()  # only the host has these hands
    bo.close()
    anna.wait_for_function(
        "document.querySelector(\".player[data-seat='1']\").dataset.presence === 'offline'",
        timeout=10_000,
    )
    relay_server.request(
        "POST",
        f"/api/test/matches/{match_id}/dice",
        {"values": [{"a": 1, "b": 2}, {"a": 1, "b": 1}, {"a": 3, "b": 4}]},
    )
    step(anna, "button.roll")
    step(anna, ".moves button.move[data-index='0']")
    step(anna, ".moves button.move:text('Klar')")
    assert "Borta-Bo" in text(anna, ".turn-banner")
    anna.click(".player[data-seat='1'] button.hand-over")
    anna.wait_for_selector(".player[data-seat='1'] .tag.stand-in")
    shoot(anna, "host-hands-over")
    # The computer throws and moves for Bo; then Anna throws 3 and 4: 1 + 4 + 3 = 8.
    anna.wait_for_selector("button.roll:not([disabled])", timeout=20_000)
    step(anna, "button.roll")
    step(anna, ".moves button.move[data-index='1']")
    step(anna, ".moves button.move[data-index='0']")
    anna.wait_for_selector(".win-overlay:not([hidden])")
    assert text(anna, ".win-title") == "Anna vinner!"
    got = relay_server.request("GET", f"/api/matches/{match_id}")
    assert got["status"] == "over" and got["seats"][1]["stand_in"] == "medium"
    names = [row["name"] for row in relay_server.request("GET", "/api/highscore?game=relay")]
    assert "Anna" in names and "Borta-Bo" not in names  # a computer finished Bo's game


def test_the_turn_timer_lets_a_computer_play_a_turn(new_page: Any, server: Any) -> None:
    anna = new_page()
    bo = new_page()
    # The lobby offers the timer (off on one device, on online) and sends the choice.
    open_lobby(anna)
    assert anna.input_value("select[name='turn-timer']") == "0"
    anna.click("button[data-mode='online']")
    assert anna.input_value("select[name='turn-timer']") == "120"
    # Two seconds, too short for the lobby's choices: the match is made through the API.
    match_id = timed_match(server, anna, bo, 2)
    server.dice(match_id, [6, 1])
    bo.wait_for_selector("section.game[data-status='playing'] .turn-timer:not([hidden])")
    assert "Din tid: 0:0" in text(anna, ".turn-timer")
    assert "Anna: 0:0" in text(bo, ".turn-timer")
    # Anna does nothing: the computer throws her roll-off die when her time is up.
    anna.wait_for_function(
        "document.querySelector('ol.log').textContent.includes('Anna slår 6')", timeout=8_000
    )
    bo.wait_for_selector("button.die:not([disabled])")
    assert "Din tid:" in text(bo, ".turn-timer")


# --- rematch ---------------------------------------------------------------------------------
def test_both_players_say_yes_to_a_rematch_with_the_same_seats(
    relay_page: Any, relay_server: Any
) -> None:
    anna = relay_page()
    bo = relay_page()
    match_id, _ = online_match(anna, bo, "relay", options=short_relay)
    relay_server.request(
        "POST", f"/api/test/matches/{match_id}/dice", {"values": [{"a": 4, "b": 4}]}
    )
    step(anna, "button.roll")
    step(anna, ".moves button.move[data-index='0']")
    step(anna, ".moves button.move[data-index='0']")
    for page in (anna, bo):
        page.wait_for_selector(".win-overlay:not([hidden])")
    assert text(bo, ".win-title") == "Anna vinner!"
    ranking = [" ".join(x.split()) for x in bo.locator(".ranking li").all_inner_texts()]
    assert ranking[0].startswith("1. Anna") and ranking[1].startswith("2. Bo")

    anna.click(".win-overlay button.rematch")
    anna.wait_for_selector("section.game[data-status='waiting']")
    new_id = str(anna.get_attribute("section.game", "data-match"))
    assert new_id != match_id
    assert "Inte än: Bo" in anna.inner_text(".waiting")
    # Bo's win screen says Anna wants to play again.
    bo.wait_for_function(
        "document.querySelector('.rematch-state')?.textContent.includes('Anna vill spela igen')"
    )
    shoot(bo, "rematch-asked")
    bo.click(".win-overlay button.rematch")
    for page in (anna, bo):
        page.wait_for_selector(f"section.game[data-match='{new_id}'][data-status='playing']")
    assert anna.locator(".player[data-seat='0'] .tag.you").count() == 1
    assert bo.locator(".player[data-seat='1'] .tag.you").count() == 1
    assert [t.strip() for t in bo.locator(".player .player-name").all_inner_texts()] == [
        "Anna",
        "Bo",
    ]
    shoot(bo, "rematch-started")


# --- names, the start button, calling off -----------------------------------------------------
def test_a_name_twice_is_refused_at_its_field(new_page: Any, server: Any) -> None:
    page = new_page()
    open_lobby(page)
    page.click("button[data-mode='hotseat']")
    page.fill("input[name='name-0']", "Åsa")
    page.fill("input[name='name-1']", " åsa ".replace("å", "a\u030a"))  # typed decomposed
    requests: list[str] = []
    page.on("request", lambda r: r.method == "POST" and requests.append(r.url))
    page.click("button.start")
    field = page.locator("input[name='name-1']")
    page.wait_for_selector("#name-error-1")
    assert field.get_attribute("aria-invalid") == "true"
    assert "Två spelare kan inte båda heta" in page.inner_text("#name-error-1")
    assert page.evaluate("document.activeElement.name") == "name-1"
    assert requests == []
    shoot(page, "name-twice")
    field.fill("Bo")
    assert page.locator("#name-error-1").count() == 0


def test_a_double_click_on_start_creates_one_match(new_page: Any, server: Any) -> None:
    page = new_page()
    open_lobby(page)
    page.fill("input[name='name-0']", "Dubbel")
    page.fill("input[name='name-1']", "Klick")
    posted: list[str] = []
    page.on(
        "request",
        lambda r: r.method == "POST" and r.url.endswith("/api/matches") and posted.append(r.url),
    )
    page.dblclick("button.start")
    page.wait_for_selector("section.game[data-status='playing']")
    page.wait_for_timeout(300)
    assert len(posted) == 1


def test_the_host_calls_off_a_waiting_match_and_its_link_says_so(
    new_page: Any, server: Any
) -> None:
    anna = new_page()
    open_lobby(anna)
    anna.click("button[data-mode='online']")
    anna.fill("input[name='name-0']", "Anna")
    anna.click("button.start")
    url = anna.locator(".invites input.invite-url").input_value()
    anna.click(".invites a.primary")
    anna.wait_for_selector("section.game[data-status='waiting']")
    anna.click(".host-box button.end-match")
    anna.click(".host-box button.end-yes")
    anna.wait_for_selector("section.game[data-status='cancelled']")
    assert "avbrutet" in anna.inner_text(".waiting")
    late = new_page()
    late.goto(url)
    late.wait_for_selector(".problem")
    assert late.inner_text(".problem h1") == "Spelet är avbrutet"


def test_the_highscore_list_explains_who_is_not_on_it(new_page: Any) -> None:
    page = new_page()
    page.goto("/#/highscore")
    page.wait_for_selector(".highscore-note")
    assert "Datorspelare räknas inte" in page.inner_text(".highscore-note")


# --- keyboard --------------------------------------------------------------------------------
def focus(page: Any) -> str:
    return str(
        page.evaluate(
            """() => {
              const el = document.activeElement;
              if (!el || el === document.body) return 'nothing';
              if (el.matches('button.die')) return 'die';
              if (el.matches('button.move')) return 'move';
              return el.outerHTML.slice(0, 60);
            }"""
        )
    )


def test_the_lobby_keeps_the_focus_on_the_control_that_changed(new_page: Any) -> None:
    page = new_page()
    open_lobby(page)
    page.focus("button[data-count='3']")
    page.keyboard.press("Enter")
    page.wait_for_selector("fieldset.seat[data-seat='2']")
    assert page.evaluate("document.activeElement.dataset.count") == "3"
    page.focus("select[name='kind-1']")
    page.keyboard.press("ArrowDown")  # a person -> a computer: the form is drawn anew
    page.wait_for_selector("select[name='level-1']")
    assert page.evaluate("document.activeElement.name") == "kind-1"
    page.focus("button[data-mode='online']")
    page.keyboard.press("Space")
    page.wait_for_selector(
        "select[name='turn-timer'] option[value='120']:checked", state="attached"
    )
    assert page.evaluate("document.activeElement.dataset.mode") == "online"


def test_two_players_play_fia_online_with_the_keyboard_alone(new_page: Any, server: Any) -> None:
    anna = new_page()
    bo = new_page()
    match_id, _ = online_match(anna, bo)
    # Roll-off 6-1; Anna 6 (out), 2 (on); Bo 6 (out), 3 (on); Anna 4; Bo 5.
    server.dice(match_id, [6, 1, 6, 2, 6, 3, 4, 5])

    def enter(page: Any, other: Any) -> None:
        seen = version(page)
        page.keyboard.press("Enter")
        wait_version_above(page, seen)
        other.wait_for_function(
            "v => Number(document.querySelector('section.game').dataset.version) >= v",
            arg=version(page),
        )

    anna.wait_for_selector("button.die:not([disabled])")
    # The tab says whose turn it is (title and icon), seen from a background tab too.
    assert anna.title().startswith("▶ Din tur")
    assert anna.get_attribute("link[rel='icon']", "data-turn") == "yes"
    assert bo.title() == "Spelkväll"
    assert bo.get_attribute("link[rel='icon']", "data-turn") == "no"
    # Each player's keyboard is always on what they need: never a Tab in the whole game.
    for player, other, expected in [
        (anna, bo, "die"),  # roll-off
        (bo, anna, "die"),  # roll-off
        (anna, bo, "die"),  # 6
        (anna, bo, "move"),  # out
        (anna, bo, "die"),  # 2
        (anna, bo, "move"),
        (bo, anna, "die"),  # 6
        (bo, anna, "move"),
        (bo, anna, "die"),  # 3
        (bo, anna, "move"),
        (anna, bo, "die"),  # 4
        (anna, bo, "move"),
        (bo, anna, "die"),  # 5
    ]:
        player.wait_for_function(
            "kind => kind === 'die' ? document.activeElement.matches('button.die:not([disabled])')"
            " : document.activeElement.matches('button.move')",
            arg=expected,
        )
        assert focus(player) == expected
        enter(player, other)
    assert "Bo går ut" in anna.inner_text("ol.log")
    assert bo.title().startswith("▶ Din tur") and anna.title() == "Spelkväll"


# --- the connection banner -------------------------------------------------------------------
def _start(port: int, db: Path, log: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "SPELKVALL_BOT_DELAY": "0"}
    env.pop("SPELKVALL_REDIS_URL", None)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "spelkvall",
            "serve",
            "--test-mode",
            "--port",
            str(port),
            "--database-url",
            f"sqlite:///{db}",
        ],
        env=env,
        stdout=log.open("a"),
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=1) as r:
                if json.loads(r.read()).get("ok"):
                    return process
        except (urllib.error.URLError, ConnectionError, OSError):
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            pytest.fail("the server did not start:\n" + log.read_text())
        time.sleep(0.2)


@pytest.fixture
def restartable(tmp_path: Path) -> Iterator[Any]:
    """A server of this test's own (a port and a database), which the test stops and starts."""
    port = _free_port()
    db, log = tmp_path / "restart.sqlite3", tmp_path / "server.log"
    running: list[subprocess.Popen[bytes]] = [_start(port, db, log)]

    class Handle(Server):
        def stop(self) -> None:
            running[-1].terminate()
            running[-1].wait(timeout=10)

        def start(self) -> None:
            running.append(_start(port, db, log))

    handle = Handle(f"http://127.0.0.1:{port}")
    handle.log = log  # type: ignore[attr-defined]
    yield handle
    for process in running:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=10)


def test_the_connection_banner_comes_and_goes_around_a_server_restart(
    browser: Any, restartable: Any
) -> None:
    contexts = [browser.new_context(base_url=restartable.base) for _ in range(2)]
    try:
        anna, lobby = (context.new_page() for context in contexts)
        made = restartable.request(
            "POST",
            "/api/matches",
            {"game": "fia", "mode": "online", "seats": [{"name": "Anna"}, {"name": None}]},
        )
        anna.goto(f"/#/match/{made['match_id']}?token={made['token']}")
        anna.wait_for_selector("section.game[data-status='waiting']")
        lobby.goto("/")
        lobby.wait_for_selector("button.start")
        banner = ".connection-banner:not([hidden])"
        assert anna.locator(banner).count() == 0
        restartable.stop()
        started = time.monotonic()
        for page in (anna, lobby):
            page.wait_for_selector(banner, timeout=4_000)
        assert time.monotonic() - started < 3.0  # within 2 s for each, plus the test's own time
        assert "Ingen kontakt med servern" in anna.inner_text(banner)
        shoot(anna, "connection-lost")
        restartable.start()
        for page in (anna, lobby):
            page.wait_for_selector(".connection-banner[hidden]", state="attached", timeout=10_000)
        # The game page is live again: a change after the restart reaches it.
        invite = made["invites"][0]["token"]
        restartable.request("POST", f"/api/invites/{invite}/join", {"name": "Bo"})
        try:
            anna.wait_for_selector("section.game[data-status='playing']", timeout=20_000)
        except Exception:
            pytest.fail("the page did not hear of the join:\n" + restartable.log.read_text())
    finally:
        for context in contexts:
            context.close()


# --- who really moved (#28) ------------------------------------------------------------------
def test_the_timer_s_move_is_marked_in_the_log_and_its_notice_stays_until_anna_acts(
    new_page: Any, server: Any
) -> None:
    anna = new_page()
    bo = new_page()
    match_id = timed_match(server, anna, bo, 4)
    server.dice(match_id, [6, 1, 3])
    # Anna does nothing: the computer throws her roll-off die when her time is up, and the
    # log says so in words, the lines of that move set off (italics, a dashed edge).
    anna.wait_for_selector("ol.log li.played-for", timeout=30_000)
    assert text(anna, "ol.log li.played-for") == "Datorn spelade åt Anna – tiden tog slut"
    assert any(
        "Anna slår 6" in line for line in anna.locator("ol.log li.by-computer").all_text_contents()
    )
    note = ".match-notice .played-for-note"
    assert text(anna, note).startswith("Datorn spelade åt dig – din tid tog slut.")
    bo.wait_for_selector("ol.log li.played-for")
    assert bo.locator(note).count() == 0  # Bo sees the log line; the notice is Anna's
    shoot(anna, "timer-played-for-anna")
    # Bo throws himself: his line is not marked, and Anna's notice stays.
    seen = version(anna)
    roll(bo)
    wait_version_above(anna, seen)
    assert anna.locator(note).count() == 1
    assert anna.locator("ol.log li.played-for").count() == 1
    # Anna acts herself: the notice goes; the log keeps the marked line.
    roll(anna)
    anna.wait_for_selector(note, state="detached")
    assert anna.locator("ol.log li.played-for").count() == 1


def test_a_stand_in_plays_at_the_host_s_level_marked_and_bo_s_notice_stays_until_he_acts(
    relay_page: Any, relay_server: Any
) -> None:
    anna = relay_page()
    bo = relay_page()
    match_id, _ = online_match(anna, bo, "relay", options=short_relay)
    one = {"a": 1, "b": 1}
    relay_server.request(
        "POST", f"/api/test/matches/{match_id}/dice", {"values": [{"a": 1, "b": 2}, one, one, one]}
    )
    # The host's box offers the stand-in's level: Medel unless the host picks another.
    assert anna.input_value("select[name='stand-in-level']") == "medium"
    labels = anna.locator("select[name='stand-in-level'] option").all_text_contents()
    assert labels == ["Lätt", "Medel", "Svår"]
    assert bo.locator("select[name='stand-in-level']").count() == 0
    step(anna, "button.roll")
    step(anna, ".moves button.move[data-index='0']")
    step(anna, ".moves button.move:text('Klar')")
    anna.select_option("select[name='stand-in-level']", "easy")
    anna.click(".player[data-seat='1'] button.hand-over")
    anna.wait_for_selector(".player[data-seat='1'] .tag.stand-in")
    assert relay_server.request("GET", f"/api/matches/{match_id}")["seats"][1]["stand_in"] == "easy"
    # The computer throws and moves for Bo: every step of it is marked, in words.
    anna.wait_for_selector("button.roll:not([disabled])", timeout=20_000)
    marked = anna.locator("ol.log li.played-for").all_text_contents()
    assert marked and set(marked) == {"Datorn spelade åt Bo (Bo är borta)"}
    assert bo.locator(".match-notice .stand-in-note").count() == 1
    # Bo is back and takes his seat: the notice says what the computer did for him ...
    bo.click(".match-notice button.take-back-mine")
    note = ".match-notice .played-for-note"
    bo.wait_for_selector(note)
    assert text(bo, note).startswith("Datorn spelade åt dig medan du var borta.")
    assert anna.locator(note).count() == 0
    shoot(bo, "stand-in-played-for-bo")
    # ... through Anna's turn ...
    seen = version(bo)
    step(anna, "button.roll")
    wait_version_above(bo, seen)
    step(anna, ".moves button.move[data-index='0']")
    step(anna, ".moves button.move:text('Klar')")
    assert bo.locator(note).count() == 1
    # ... until he acts himself.
    step(bo, "button.roll")
    bo.wait_for_selector(note, state="detached")
    assert bo.locator("ol.log li.played-for").count() == len(marked)
