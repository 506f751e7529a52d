"""The highscore list with ratings and a profile page in the browser, on a server whose
database holds known finished matches (``standings_seed.py``): sorting by rating and by wins,
the period filter, the computers' own list, and a name leading to its profile with games,
ratings, head-to-head and links to the replays."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest
from conftest import Server, _pages, _serve
from standings_seed import seed
from web_helpers import shoot


@pytest.fixture(scope="module")
def standings_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp = tmp_path_factory.mktemp("standings-server")
    seed(f"sqlite:///{tmp / 'web.sqlite3'}")  # the file the server then opens
    yield from _serve(tmp, [sys.executable, "-m", "spelkvall", "serve"])


@pytest.fixture
def standings_page(browser: Any, standings_server: Server) -> Iterator[Any]:
    yield from _pages(browser, standings_server)


def column(page: Any, selector: str) -> list[str]:
    return [cell.strip() for cell in page.locator(selector).all_inner_texts()]


def test_the_list_sorts_by_rating_or_wins_and_filters_by_period(
    standings_page: Any, standings_server: Server
) -> None:
    page = standings_page()
    page.goto("/#/highscore")
    page.click(".games-tabs a[data-game='fia']")
    page.wait_for_selector(".highscore table.people td.rating")
    by_wins = column(page, ".highscore table.people td.name")
    api = standings_server.request("GET", "/api/highscore?game=fia")
    assert by_wins == [r["name"] for r in api]
    page.click(".sort-tabs a[data-value='rating']")
    page.wait_for_function("location.hash.includes('sort=rating')")
    page.wait_for_selector(".sort-tabs a.chosen[data-value='rating']")
    # The tabs show at once, the list when the server has answered.
    page.wait_for_selector(".highscore:not([aria-busy]) table.people")
    by_rating = column(page, ".highscore table.people td.name")
    api = standings_server.request("GET", "/api/highscore?game=fia&sort=rating")
    assert by_rating == [r["name"] for r in api]
    shown = [int(v) for v in column(page, ".highscore table.people .rating-value")]
    assert shown == sorted(shown, reverse=True) and shown == [r["rating"] for r in api]
    games = column(page, ".highscore table.people .rating-games")
    assert games[0] == f"({api[0]['rating_games']} spel)"
    # The computers' own list, by level name.
    page.wait_for_selector(".highscore-computers table.computers")
    assert "Svår" in column(page, ".highscore-computers td.name")
    assert "Anna" not in column(page, ".highscore-computers td.name")
    # Last 7 days: the four matches of 20 days ago no longer count; the rating stays.
    everyone = {r["name"]: r["played"] for r in api}
    page.click(".period-tabs a[data-value='7d']")
    page.wait_for_selector(".period-tabs a.chosen[data-value='7d']")
    page.wait_for_selector(".highscore:not([aria-busy]) table.people td.played")
    week = dict(
        zip(
            column(page, ".highscore table.people td.name"),
            [int(v) for v in column(page, ".highscore table.people td.played")],
            strict=True,
        )
    )
    assert sum(week.values()) == sum(everyone.values()) - 4 * 3  # three people in each
    assert all(week[name] <= everyone[name] for name in week)
    assert "nuvarande" in page.inner_text(".highscore")
    shoot(page, "highscore-ratings")
    # Sorting by rating is for one game: the list of all games is by wins, without ratings.
    page.click(".games-tabs a[data-game='']")
    page.wait_for_selector(".games-tabs a.chosen[data-game='']")
    assert page.locator(".sort-tabs").count() == 0
    page.wait_for_selector(".highscore:not([aria-busy]) table.people")
    assert page.locator(".highscore td.rating").count() == 0


def test_a_name_leads_to_the_profile_with_games_opponents_and_replays(
    standings_page: Any, standings_server: Server
) -> None:
    page = standings_page(viewport={"width": 390, "height": 844})
    page.goto("/#/highscore?game=fia&sort=rating")
    page.click(".highscore table.people td.name a:text-is('Anna')")
    page.wait_for_selector(".recent-matches li")
    assert page.inner_text("h1") == "Anna"
    profile = standings_server.request("GET", "/api/profiles/Anna")
    rows = page.locator(".profile-games tbody tr")
    assert rows.count() == len(profile["games"]) == 2
    fia = page.locator(".profile-games tr[data-game='fia']")
    assert fia.locator(".played").inner_text() == "9"
    assert fia.locator(".rating-value").inner_text() == str(profile["games"][0]["rating"]["shown"])
    opponents = column(page, ".head-to-head td.name")
    assert opponents[0] == "Bo" and "Dator: Svår" in opponents
    links = page.locator(".recent-matches a.replay-link")
    assert links.count() == len(profile["recent"])
    assert links.first.get_attribute("href") == f"#/replay/{profile['recent'][0]['match_id']}"
    # Nothing of the profile runs off a phone's width (the places go under the game's name).
    right = page.evaluate(
        "Math.max(...[...document.querySelectorAll('.profile .card, .profile table')]"
        ".map(e => e.getBoundingClientRect().right))"
    )
    assert right <= 390
    assert "1:a ×" in fia.locator(".places-inline").inner_text()  # the places, under the name
    shoot(page, "profile-phone")
    page.click(".head-to-head a:text-is('Bo')")
    page.wait_for_function("document.querySelector('h1').textContent === 'Bo'")
    page.wait_for_selector(".recent-matches li")
