"""Replays in the browser: a finished Fia and a finished DogRoyal match stepped back and forth,
the board checked against the log at three points, no hidden card of another seat anywhere,
a seat's own replay showing its own hand, Mina spel's link, the match file downloaded and
replayed with ``spelkvall replay``, and an uploaded file replayed."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from conftest import Server

from spelkvall.games.dogroyal.labels import where

RANDOM = "random"


def finished(server: Server, game: str, names: list[str], mode: str = "hotseat") -> dict[str, Any]:
    """A match of computers only, played to the end by the server (no delay in tests)."""
    seats = [{"name": name, "bot": RANDOM} for name in names]
    made = server.request("POST", "/api/matches", {"game": game, "mode": mode, "seats": seats})
    wait_over(server, made["match_id"])
    return made  # type: ignore[no-any-return]


def wait_over(server: Server, match_id: str) -> None:
    # Five times a second, as a page might: the server's per-client limits are on here.
    for _ in range(150):
        if server.request("GET", f"/api/matches/{match_id}")["status"] == "over":
            return
        time.sleep(0.2)
    raise AssertionError("the match never ended")


class Frames:
    """A replay's positions, each window fetched when a test first reads a position in it,
    as the page does (``?start=``): fetching them all would be 58 requests for a DogRoyal
    match, past the server's per-client limit for replays, which no page meets."""

    def __init__(self, server: Server, match_id: str, query: str, first: dict[str, Any]):
        self.server, self.match_id, self.query = server, match_id, query
        self.count, self.window = first["count"], first["window"]
        self.known = {f["version"]: f for f in first["frames"]}

    def __len__(self) -> int:
        return int(self.count)

    def __getitem__(self, version: int) -> dict[str, Any]:
        version = version % self.count
        if version not in self.known:
            start = version - version % self.window
            path = f"/api/matches/{self.match_id}/replay?start={start}{self.query}"
            got = self.server.request("GET", path)
            self.known.update({f["version"]: f for f in got["frames"]})
        return self.known[version]  # type: ignore[no-any-return]


def replay_data(server: Server, match_id: str, token: str | None = None) -> dict[str, Any]:
    """The replay's first answer, its ``frames`` read a window at a time (:class:`Frames`)."""
    query = f"&token={token}" if token else ""
    data: dict[str, Any] = server.request("GET", f"/api/matches/{match_id}/replay?lang=sv{query}")
    return {**data, "frames": Frames(server, match_id, query, data)}


def steps(data: dict[str, Any]) -> list[int]:
    """The versions the page steps through: the start and each entry with a line (replay.js)."""
    out = [0] + [e["version"] for e in data["log"] if any(e["text"].values()) and e["text"]["sv"]]
    last = data["count"] - 1
    return out if out[-1] == last else [*out, last]


def at(page: Any) -> tuple[int, int]:
    """The step and version the page shows."""
    root = page.locator("section.game")
    return int(root.get_attribute("data-step")), int(root.get_attribute("data-version"))


def open_replay(page: Any, match_id: str, step: int | None = None) -> None:
    page.goto(f"/#/replay/{match_id}" + (f"?step={step}" if step is not None else ""))
    page.wait_for_selector(".replay-bar .replay-play")
    if step is not None:
        page.wait_for_function(
            "n => document.querySelector('section.game')?.dataset.step === String(n)", arg=step
        )


def current_lines(page: Any) -> list[str]:
    return [t.strip() for t in page.locator(".log li.current").all_inner_texts()]


def step_back_and_forth(page: Any, versions: list[int]) -> None:
    assert at(page) == (0, 0)
    for n in (1, 2, 3):
        page.keyboard.press("ArrowRight")
        assert at(page) == (n, versions[n])
    page.keyboard.press("ArrowLeft")
    assert at(page) == (2, versions[2])
    page.click(".replay-back")
    assert at(page) == (1, versions[1])
    page.click(".replay-next")
    page.click(".replay-next")
    assert at(page) == (3, versions[3])
    page.keyboard.press("End")
    assert at(page) == (len(versions) - 1, versions[-1])
    assert page.locator(".replay-next").is_disabled()
    page.keyboard.press("Home")
    assert at(page) == (0, 0)
    assert page.locator(".replay-back").is_disabled()


def test_fia_replay_steps_and_the_board_follows_the_log(new_page: Any, server: Server) -> None:
    made = finished(server, "fia", ["Anna", "Bo"])
    match_id = made["match_id"]
    data = replay_data(server, match_id)
    versions = steps(data)
    page = new_page()
    open_replay(page, match_id)
    step_back_and_forth(page, versions)
    entries = {e["version"]: e for e in data["log"]}

    # 1. A roll: the die shows what the log says.
    roll = next(v for v in versions[5:] if entries[v]["events"][0]["type"] == "rolled")
    open_replay(page, match_id, versions.index(roll))
    value = entries[roll]["events"][0]["value"]
    assert current_lines(page)[0] == entries[roll]["text"]["sv"][0]
    assert page.get_attribute(".controls button.die", "data-value") == str(value)

    # 2. A move: the piece the log names moved, and no other (stepping onto it from before).
    def simple_move(v: int) -> bool:
        kinds = [e["type"] for e in entries[v]["events"]]
        return "moved" in kinds and "knocked_out" not in kinds

    move = next(v for v in versions[10:] if simple_move(v))
    event = next(e for e in entries[move]["events"] if e["type"] == "moved")
    index = versions.index(move)
    open_replay(page, match_id, index - 1)
    # By cell, not by the drawn position: a piece that shares a cell is drawn a little aside,
    # and moves to the middle when the other leaves.
    before = page.eval_on_selector_all(
        ".board .piece",
        "els => els.map(e => [e.dataset.seat + ':' + e.dataset.piece, e.dataset.cell])",
    )
    page.keyboard.press("ArrowRight")
    assert at(page) == (index, move)
    after = page.eval_on_selector_all(
        ".board .piece",
        "els => els.map(e => [e.dataset.seat + ':' + e.dataset.piece, e.dataset.cell])",
    )
    changed = {k for (k, a), (_, b) in zip(before, after, strict=True) if a != b}
    assert changed == {f"{event['seat']}:{event['piece']}"}
    assert any("flyttar pjäs" in line for line in current_lines(page))

    # 3. The end: the winner in the banner, all four of their pieces home.
    winner = data["frames"][-1]["result"]["winners"][0]
    name = data["seats"][winner]["name"]
    page.keyboard.press("End")
    assert name in page.inner_text(".turn-banner")
    assert page.locator("section.game").get_attribute("data-status") == "over"
    assert "4/4" in page.locator(f".players [data-seat='{winner}']").inner_text()
    assert page.locator(".win-overlay").is_hidden()


def test_dogroyal_replay_shows_no_hidden_card_and_follows_the_log(
    new_page: Any, server: Server
) -> None:
    made = finished(server, "dogroyal", ["Anna", "Bo", "Cissi", "Dan"])
    match_id = made["match_id"]
    data = replay_data(server, match_id)
    assert data["viewer"] is None
    versions = steps(data)
    page = new_page()
    open_replay(page, match_id)
    step_back_and_forth(page, versions)
    entries = {e["version"]: e for e in data["log"]}

    def one_move(v: int) -> bool:
        kinds = [e["type"] for e in entries[v]["events"]]
        return kinds.count("moved") == 1 and not {"hit", "swapped", "jumped"} & set(kinds)

    moves = [v for v in versions[1:] if one_move(v)]
    picks = [moves[3], moves[len(moves) // 2], moves[-2]]
    for v in picks:
        index = versions.index(v)
        open_replay(page, match_id, index)
        event = next(e for e in entries[v]["events"] if e["type"] == "moved")
        # The board: the piece the log moved stands where the log says.
        pos = page.get_attribute(f".board .piece[data-id='{event['piece']}']", "data-pos")
        assert pos == str(event["to"]), (v, event)
        lines = current_lines(page)
        assert f"till {where(event['to'], 'sv')}" in " ".join(lines)  # a field or a goal field
        # Nobody's hand: only card backs in the hand, and the page's text holds no hand.
        assert page.locator(".hand button.card-face").count() == 0
        view = data["frames"][v]["view"]
        assert view["hand"] is None
    # Back and forth once more from the last pick: the board follows.
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowRight")
    assert at(page)[1] == picks[-1]

    # The match file holds every card dealt: a spectator is told only the players get it.
    assert page.locator(".replay-download").count() == 0
    assert "Bara matchens spelare" in page.inner_text(".replay-no-download")


def test_a_seats_own_replay_shows_its_hand_only(
    new_page: Any, server: Server, tmp_path: Path
) -> None:
    seats = [{"name": "Anna"}, *({"name": None, "bot": RANDOM} for _ in range(3))]
    made = server.request(
        "POST", "/api/matches", {"game": "dogroyal", "mode": "online", "seats": seats}
    )
    match_id, token = made["match_id"], made["token"]
    server.request(
        "POST", f"/api/matches/{match_id}/seats/0/stand-in?token={token}", {"bot": RANDOM}
    )
    wait_over(server, match_id)
    mine = replay_data(server, match_id, token)
    assert mine["viewer"] == 0
    page = new_page()
    page.goto("/")
    page.evaluate(
        "([id, token]) => localStorage.setItem(`spelkvall.token.${id}`, token)", [match_id, token]
    )
    versions = steps(mine)
    # A step where Anna holds cards: her cards are on the page, as her view has them.
    index = next(
        i
        for i, v in enumerate(versions)
        if i > 5 and len(mine["frames"][v]["view"]["hand"] or []) >= 3
    )
    open_replay(page, match_id, index)
    assert "Anna" in page.inner_text(".match-notice")
    hand = mine["frames"][versions[index]]["view"]["hand"]
    assert page.locator(".hand button.card-face").count() == len(hand)
    # The spectator's replay of the same step shows no card face in the hand.
    other = new_page()
    open_replay(other, match_id, index)
    assert other.locator(".hand button.card-face").count() == 0
    # Anna's device may have the match file (every card dealt is in it): downloaded from the
    # page, replayed in the terminal.
    page.keyboard.press("End")
    with page.expect_download() as info:
        page.click(".replay-download")
    path = tmp_path / "match.json"
    info.value.save_as(path)
    assert json.loads(path.read_text())["format"] == "spelkvall-match/1"
    cli = subprocess.run(
        [sys.executable, "-m", "spelkvall", "replay", str(path), "--all", "--lang", "en"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert cli.returncode == 0, cli.stderr
    assert "Final standings" in cli.stdout
    last = len(mine["frames"]) - 1
    assert f"Step {last} of {last}" in cli.stdout


def test_mina_spel_links_to_the_replay_and_a_file_can_be_opened(
    new_page: Any, server: Server, tmp_path: Path
) -> None:
    made = finished(server, "fia", ["Anna", "Bo"])
    match_id = made["match_id"]
    page = new_page()
    page.goto("/")
    page.evaluate(
        """([id, token]) => {
          localStorage.setItem(`spelkvall.token.${id}`, token);
          const mine = [{match_id: id, token, added: Date.now()}];
          localStorage.setItem("spelkvall.mine", JSON.stringify(mine));
        }""",
        [match_id, made["token"]],
    )
    page.goto("/#/?mine")
    page.click(f"li.my-game[data-match='{match_id}'] a.replay-link")
    page.wait_for_selector(".replay-bar .replay-play")
    assert page.url.endswith(f"#/replay/{match_id}")
    # The match page's win screen leads there too.
    page.goto(f"/#/match/{match_id}")
    page.click(".win-actions a.replay-open")
    page.wait_for_selector(".replay-bar .replay-play")
    assert page.url.endswith(f"#/replay/{match_id}")
    # The record, opened as a file on the replay page: the same steps, said to be a file.
    with urllib.request.urlopen(f"{server.base}/api/matches/{match_id}/record") as reply:
        record = reply.read()
    path = tmp_path / "fia.json"
    path.write_bytes(record)
    page.goto("/#/replay")
    page.set_input_files("input.replay-file", str(path))
    page.wait_for_selector(".replay-bar .replay-play")
    assert "inte sparad" in page.inner_text(".replay-bar")
    page.keyboard.press("End")
    stored = replay_data(server, match_id)
    assert at(page) == (len(steps(stored)) - 1, len(stored["frames"]) - 1)
    # A broken file is refused in words, with the picker to try another.
    data = json.loads(record)
    data["rules_version"] = "0.0-old"
    path.write_text(json.dumps(data))
    page.goto("/#/replay")
    page.set_input_files("input.replay-file", str(path))
    page.wait_for_selector(".problem")
    assert "regelversion 0.0-old" in page.inner_text(".problem")
    assert page.locator("input.replay-file").count() == 1


def test_a_live_match_replays_up_to_now_for_a_spectator(new_page: Any, server: Server) -> None:
    seats = [{"name": "Anna"}, {"name": "Bo"}]
    made = server.request(
        "POST", "/api/matches", {"game": "fia", "mode": "hotseat", "seats": seats}
    )
    match_id, token = made["match_id"], made["token"]
    server.dice(match_id, [3, 5, 2, 4, 1])  # the roll-off (Bo starts), then no six for anyone
    for _ in range(5):
        now = server.request("GET", f"/api/matches/{match_id}?token={token}")
        server.request(
            "POST",
            f"/api/matches/{match_id}/actions?token={token}",
            {"type": "roll", "version": now["version"]},
        )
    now = server.request("GET", f"/api/matches/{match_id}")
    assert now["status"] == "playing"
    page = new_page()
    open_replay(page, match_id)
    assert "pågår" in page.inner_text(".match-notice")
    page.keyboard.press("End")
    assert at(page)[1] == now["version"]
    assert current_lines(page)[0] == now["log"][-1]["text"]["sv"][0]
    # No file while the match is on (it holds every chance outcome so far: in a card game the
    # others' hands), and a way back to the match itself.
    assert page.locator(".replay-download").count() == 0
    page.click(".replay-tools a[href$='#/match/" + match_id + "']")
    page.wait_for_selector("section.game[data-status='playing']:not(.replay)")


def test_the_log_is_one_tab_stop_and_the_arrows_move_through_its_lines(
    new_page: Any, server: Server
) -> None:
    made = finished(server, "fia", ["Anna", "Bo"])
    match_id = made["match_id"]
    page = new_page()
    open_replay(page, match_id, 4)
    stops = ".log button.log-step[tabindex='0']"
    assert page.locator(stops).count() == 1
    # The tab stop is the current step's line, so Tab reaches where the replay is.
    assert page.locator(f".log li.current {stops.split(' ', 1)[1]}").count() == 1
    page.locator(stops).focus()
    page.evaluate("() => { document.activeElement.dataset.first = 'yes'; }")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowDown")
    moved = page.evaluate(
        "() => [document.activeElement.matches('.log button.log-step'),"
        " document.activeElement.dataset.first === undefined, document.activeElement.tabIndex]"
    )
    assert moved == [True, True, 0]
    assert page.locator(stops).count() == 1
    # Enter on a line of a later entry jumps there; the focus stays in the log. (An entry
    # may have several lines: go down until the focused line is of another entry.)
    before = at(page)
    for _ in range(20):
        version = page.evaluate("() => document.activeElement.closest('li').dataset.version")
        if int(version) > before[1]:
            break
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "s => document.querySelector('section.game').dataset.step !== String(s)", arg=before[0]
    )
    assert page.evaluate("() => document.activeElement.matches('.log button.log-step')")


BUSY = json.dumps(
    {"error": "error.replays_busy", "message": "replays busy", "params": {"retry_after": 0.2}}
)


def test_a_replay_asked_while_the_server_is_busy_is_asked_again(
    new_page: Any, server: Server
) -> None:
    """The server computes two replays at once and answers a third 503 ``replays_busy``: the
    page asks again by itself (four times in all) before it tells the reader."""
    made = finished(server, "fia", ["Anna", "Bo"])
    page = new_page()
    asked: list[str] = []

    def busy_twice(route: Any) -> None:
        asked.append(route.request.url)
        if len(asked) <= 2:
            route.fulfill(status=503, content_type="application/json", body=BUSY)
        else:
            route.continue_()

    page.route("**/replay?*", busy_twice)
    open_replay(page, made["match_id"])
    assert len(asked) == 3 and page.locator(".problem").count() == 0

    page.unroute("**/replay?*")
    asked.clear()

    def always_busy(route: Any) -> None:
        asked.append(route.request.url)
        route.fulfill(status=503, content_type="application/json", body=BUSY)

    page.route("**/replay?*", always_busy)
    page.goto("/#/")
    page.goto(f"/#/replay/{made['match_id']}")
    page.wait_for_selector(".problem[role='alert']")
    assert "Servern spelar upp andra matcher just nu" in page.inner_text(".problem")
    assert len(asked) == 4
