"""A profile lists the matches a computer finished for the person, marked as such ("Datorn
spelade klart åt dig"), with their replay links like the others; and under the highscore list
one line says what "Spelade" counts (the same matches as the rating's "(n spel)"). A server
whose database holds the known finished matches of ``standings_seed.py``, plus a Fia match
played on it where the host handed both seats to computers."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import Server, _pages, _serve
from standings_seed import seed
from web_helpers import shoot


@pytest.fixture(scope="module")
def finished_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("computer-finished-server")
    seed(f"sqlite:///{tmp / 'web.sqlite3'}")  # the file the server then opens
    yield from _serve(tmp, [sys.executable, "-m", "spelkvall", "serve"])


@pytest.fixture
def finished_page(browser: Any, finished_server: Server) -> Iterator[Any]:
    yield from _pages(browser, finished_server)


@pytest.fixture(scope="module")
def stood_in(finished_server: Server) -> str:
    """A Fia match of Anna and Bo that the host's computers finished for both of them."""
    body = {"mode": "hotseat", "game": "fia", "seats": [{"name": "Anna"}, {"name": "Bo"}]}
    made = finished_server.request("POST", "/api/matches", body)
    match_id, token = made["match_id"], made["token"]
    for seat in (0, 1):
        path = f"/api/matches/{match_id}/seats/{seat}/stand-in?token={token}"
        finished_server.request("POST", path, {"bot": "easy"})
    for _ in range(600):  # a Fia match between two quick computers: a few seconds
        if finished_server.request("GET", f"/api/matches/{match_id}")["status"] == "over":
            return str(match_id)
        time.sleep(0.2)
    pytest.fail("the computers did not finish the match")


def test_the_profile_lists_a_match_a_computer_finished_marked(
    finished_page: Any, finished_server: Server, stood_in: str
) -> None:
    profile = finished_server.request("GET", "/api/profiles/Anna")
    assert profile["recent"][0]["match_id"] == stood_in
    shots = {
        (1280, 800): "profile-computer-finished",
        (390, 844): "profile-computer-finished-phone",
    }
    for size, name in shots.items():
        page = finished_page(viewport={"width": size[0], "height": size[1]})
        page.goto("/#/profile/Anna")
        page.wait_for_selector(".recent-matches li")
        marked = page.locator(".recent-matches li.stood-in")
        assert marked.count() == 1
        assert marked.get_attribute("data-match") == stood_in
        assert marked.get_attribute("data-not-counted") == "stand_in"
        assert marked.locator(".tag.stand-in").inner_text() == "Datorn spelade klart åt dig"
        assert "Räknas inte i topplistan" in marked.locator(".computer-finished").inner_text()
        # Anna's own seat says it was hers and a computer finished it.
        assert "Anna (en dator spelade klart)" in marked.locator(".match-players").inner_text()
        # Its replay link, like every other entry's.
        assert marked.locator("a.replay-link").get_attribute("href") == f"#/replay/{stood_in}"
        links = page.locator(".recent-matches a.replay-link")
        assert links.count() == len(profile["recent"])
        # Only that one is marked; the counted ones are as before.
        assert page.locator(".recent-matches li:not(.stood-in) .computer-finished").count() == 0
        right = page.evaluate(
            "Math.max(...[...document.querySelectorAll('.recent-matches li')]"
            ".map(e => e.getBoundingClientRect().right))"
        )
        assert right <= size[0]
        shoot(page, name)
    # In English too.
    page.evaluate("localStorage.setItem('spelkvall.lang', 'en')")
    page.reload()
    page.wait_for_selector(".recent-matches li.stood-in")
    tag = page.locator(".recent-matches li.stood-in .tag.stand-in").inner_text()
    assert tag == "A computer finished it for you"


def test_the_highscore_list_says_what_played_counts(
    finished_page: Any, finished_server: Server, stood_in: str
) -> None:
    page = finished_page(viewport={"width": 1280, "height": 800})
    page.goto("/#/highscore?game=fia")
    page.wait_for_selector(".highscore:not([aria-busy]) table.people td.played")
    note = page.locator(".highscore .played-note")
    assert note.inner_text() == (
        "Spelade och ratingens (n spel) räknar samma sak: avslutade matcher som räknas i "
        "topplistan, en gång var."
    )
    # Right under the list.
    follows = page.evaluate(
        "document.querySelector('.highscore .table-scroll').nextElementSibling.className"
    )
    assert "played-note" in follows
    # And the two columns agree, row by row (all time).
    played = [int(v) for v in page.locator(".highscore table.people td.played").all_inner_texts()]
    games = page.locator(".highscore table.people .rating-games").all_inner_texts()
    assert games == [f"({n} spel)" for n in played]
    shoot(page, "highscore-played-note")
    page.click(".games-tabs a[data-game='']")
    page.wait_for_selector(".games-tabs a.chosen[data-game='']")
    page.wait_for_selector(".highscore:not([aria-busy]) table.people")
    assert page.inner_text(".highscore .played-note") == (
        "Spelade räknar varje avslutad match som räknas i topplistan en gång."
    )
