"""A new user's first evening in the browser: on a fresh install (an empty Numba cache) the
match page says that the computer players are getting ready, with the progress, while they
already play; the notice goes once their kernels are loaded (issue #27)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import Server, _pages, _serve
from web_helpers import roll


@pytest.fixture(scope="module")
def fresh_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``spelkvall serve`` with nothing in Numba's cache, as after installing."""
    tmp: Path = tmp_path_factory.mktemp("fresh-server")
    cache = tmp / "numba-cache"
    cache.mkdir()
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("NUMBA_CACHE_DIR", str(cache))
        serving = _serve(tmp, [sys.executable, "-m", "spelkvall", "serve"])
        server = next(serving)
    yield server
    serving.close()


@pytest.fixture
def fresh_page(browser: Any, fresh_server: Server) -> Iterator[Any]:
    yield from _pages(browser, fresh_server)


def test_the_page_says_the_computers_get_ready_and_the_notice_goes_when_they_are(
    fresh_server: Server, fresh_page: Any
) -> None:
    seats = [{"name": "Anna"}, {"bot": "medium"}]
    made = fresh_server.request(
        "POST", "/api/matches", {"game": "fia", "mode": "hotseat", "seats": seats}
    )
    page = fresh_page(viewport={"width": 390, "height": 844})
    page.goto(f"/#/match/{made['match_id']}?token={made['token']}")
    notice = page.locator(".computers-preparing")
    notice.wait_for()
    assert "Datorspelarna förbereder sig" in notice.inner_text()
    assert page.locator(".computers-preparing progress").count() == 1
    # The computer plays meanwhile: Anna rolls for the start, then the computer rolls too.
    roll(page)
    page.wait_for_function("() => document.querySelectorAll('ol.log li').length >= 2")
    assert notice.is_visible(), "the notice went before the kernels were ready"
    # Compiling Fia on an empty cache (the game the child had begun is set aside for it).
    notice.wait_for(state="detached", timeout=400_000)
    answer = fresh_server.request("GET", "/api/games/fia/computers")
    assert answer["ready"] is True
