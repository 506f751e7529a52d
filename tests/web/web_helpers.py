"""Driving the web client like a person: fill in the start page, roll, choose moves."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

HOTSEAT_TIMEOUT = 15_000


def version(page: Any) -> int:
    return int(page.get_attribute("section.game", "data-version"))


def wait_version_above(page: Any, seen: int, timeout: float | None = None) -> None:
    page.wait_for_function(
        "seen => Number(document.querySelector('section.game').dataset.version) > seen",
        arg=seen,
        timeout=timeout,
    )


def open_lobby(page: Any, game: str = "fia") -> None:
    """The start page with ``game`` chosen (by itself the lobby offers the game chosen last on
    this device, else the first the server lists)."""
    page.goto("/")
    page.select_option("select[name='game']", game)


def create_hotseat(page: Any, names: list[str], game: str = "fia") -> str:
    """Start a same-device game from the start page; returns the match id."""
    open_lobby(page, game)
    page.click(f"button[data-count='{len(names)}']")
    page.click("button[data-mode='hotseat']")
    for i, name in enumerate(names):
        page.fill(f"input[name='name-{i}']", name)
    page.click("button.start")
    page.wait_for_selector("section.game[data-status='playing']")
    return str(page.get_attribute("section.game", "data-match"))


def two_online(
    new_page: Any, game: str, bertil_viewport: dict[str, int] | None = None
) -> tuple[Any, Any]:
    """Anna starts an online match of two from the start page and opens it; Bertil joins by
    her invite link on a page of his own. Returns (Anna's page, Bertil's page)."""
    anna = new_page()
    open_lobby(anna, game)
    anna.click("button[data-count='2']")
    anna.click("button[data-mode='online']")
    anna.fill("input[name='name-0']", "Anna")
    anna.click("button.start")
    anna.wait_for_selector(".invites input.invite-url")
    url = anna.locator(".invites input.invite-url").input_value()
    anna.click(".invites a.primary")
    anna.wait_for_selector("section.game[data-status='waiting']")
    bertil = new_page(viewport=bertil_viewport) if bertil_viewport else new_page()
    bertil.goto(url)
    bertil.wait_for_selector("button.join-button")
    bertil.fill("input[name='name']", "Bertil")
    bertil.click("button.join-button")
    return anna, bertil


PLAYABLE_CARD = "button.card-face:not([disabled]):not(.dimmed)"
"""A DogRoyal card that may be chosen now (a dimmed one is focusable but says why not)."""


def fill_dogroyal_lobby(page: Any, people: list[str]) -> None:
    """The start page set for a 4-seat same-device DogRoyal game: ``people`` in the first
    seats, easy computers in the rest (not started yet)."""
    open_lobby(page, "dogroyal")
    page.click("button[data-count='4']")
    page.click("button[data-mode='hotseat']")
    for i in range(4):
        if i < len(people):
            page.fill(f"input[name='name-{i}']", people[i])
        else:
            page.select_option(f"select[name='kind-{i}']", "bot")
            page.select_option(f"select[name='level-{i}']", "easy")


def dogroyal_my_turn(page: Any, timeout: int = 20_000) -> None:
    """Wait until this device must choose (a card to give, a piece to place, a card to play),
    a privacy screen stands in the way, or the game is over."""
    page.wait_for_function(
        """() => {
          const game = document.querySelector('section.game');
          if (game.dataset.status === 'over') return true;
          if (!document.querySelector('.privacy-overlay').hidden) return true;
          return document.querySelector('.hand button.card-face:not([disabled]):not(.dimmed)') ||
                 document.querySelector('.moves button.move:not([disabled])') ||
                 document.querySelector('.piece.movable');
        }""",
        timeout=timeout,
    )


def roll(page: Any) -> None:
    """Click the die and wait until the roll is in."""
    seen = version(page)
    page.click("button.die:not([disabled])")
    wait_version_above(page, seen)


def choose(page: Any, selector: str = "button.move") -> None:
    """Choose a move (by default the only one offered) and wait until it is played."""
    seen = version(page)
    page.locator(selector).first.click()
    wait_version_above(page, seen)


def against_a_computer(page: Any, game: str) -> None:
    """Anna starts a two-seat game of ``game`` on this device against a computer (one person:
    no privacy screen over the page) and it is under way."""
    open_lobby(page, game)
    page.click("button[data-count='2']")
    page.click("button[data-mode='hotseat']")
    page.fill("input[name='name-0']", "Anna")
    page.select_option("select[name='kind-1']", "bot")
    page.click("button.start")
    page.wait_for_selector("section.game[data-status='playing']")


def rules_again_in_english(page: Any) -> Any:
    """Close the open rules with Escape (checking they closed), switch the page to English
    and open the rules again; the open dialog."""
    page.keyboard.press("Escape")
    assert page.locator("dialog.rules-dialog[open]").count() == 0
    page.click("#lang-toggle")
    page.wait_for_selector(".match-tools button.rules-open:text('Rules')")
    page.click(".match-tools button.rules-open")
    return page.locator("dialog.rules-dialog[open]")


def log_text(page: Any) -> str:
    return str(page.inner_text("ol.log"))


def text(page: Any, selector: str) -> str:
    """The text of an element with white space folded (flex layouts break lines in innerText)."""
    return " ".join(str(page.text_content(selector)).split())


def shoot(page: Any, name: str) -> None:
    """Save a screenshot when SPELKVALL_SCREENSHOT_DIR is set (for looking at the UI)."""
    folder = os.environ.get("SPELKVALL_SCREENSHOT_DIR")
    if folder:
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)


# The learner's control, focused, and nothing else to wait for: a bubble, a die, a move.
READY = """() => {
  const game = document.querySelector('section.game');
  if (!game) return false;
  if (game.dataset.status === 'over') return 'over';
  const guide = document.querySelector('.guide');
  const onOk = document.activeElement?.classList.contains('guide-ok');
  if (guide && !guide.hidden) return onOk ? 'guide' : false;
  const active = document.activeElement;
  if (!active || active.disabled || !active.isConnected) return false;
  const mine = active.matches('button.die, button.move, .board-wrap [tabindex], .board-wrap *');
  return mine && game.dataset.computers !== 'busy' ? 'act' : false;
}"""


def start_guided_game_from_lobby(page: Any, game: str) -> None:
    """The lobby with ``game`` chosen and its "Lär dig spela" button shown."""
    page.goto("/")
    page.select_option("select[name='game']", game)
    page.wait_for_selector(f"button.tutorial-start[data-game='{game}']")


def start_guided_game_by_keyboard(page: Any, game: str) -> None:
    """Start ``game``'s guided game from the lobby by Enter on "Lär dig spela", and wait until
    it plays with the guide's badge shown."""
    start_guided_game_from_lobby(page, game)
    page.focus(f"button.tutorial-start[data-game='{game}']")
    page.keyboard.press("Enter")
    page.wait_for_selector("section.game[data-status='playing']")
    page.wait_for_selector(".guide-badge")


def play_guided_game_by_keyboard(
    page: Any, shots: str | None = None, until: str | None = None
) -> list[str]:
    """Press Enter on whatever has the focus, each time the page is ready for the learner,
    until the game is over, or with ``until`` until a bubble explaining that kind is open
    (left open); returns the kinds the bubbles explained (closed) before."""
    explained: list[str] = []
    shot = False
    for _ in range(600):
        handle = page.wait_for_function(READY, timeout=30_000)
        ready = handle.json_value()
        if ready == "over":
            assert until is None, f"the game ended before a bubble explained {until}"
            return explained
        if ready == "guide":
            kinds = page.get_attribute(".guide", "data-kinds") or ""
            if until is not None and until in kinds.split():
                return explained
            explained += kinds.split()
            if shots and not shot and "move" in kinds:
                shoot(page, shots)
                shot = True
            page.keyboard.press("Enter")
            continue
        seen = int(page.get_attribute("section.game", "data-version") or "0")
        page.keyboard.press("Enter")
        page.wait_for_function(
            """seen => {
              const game = document.querySelector('section.game');
              const guide = document.querySelector('.guide');
              return Number(game.dataset.version) > seen || game.dataset.status === 'over' ||
                (guide && !guide.hidden);
            }""",
            arg=seen,
        )
    raise AssertionError("the guided game did not end")
