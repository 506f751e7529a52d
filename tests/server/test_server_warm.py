"""The server never compiles the games' kernels itself: children compile them (one game at a
time, the wanted games first, retried when they fail) and the server only loads them; until
then its computers play through the engine (``server.warm``, ``core.kernels``)."""

from __future__ import annotations

import logging
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from spelkvall.bots import BOT_FACTORIES
from spelkvall.bots.base import Observation
from spelkvall.core import CHANCE, FAST_SIMULATOR, Seat, all_games, get_game, kernels
from spelkvall.server import warm


class FakeGame:
    """A game with kernels whose loading is recorded (and may be refused, as a cache that
    lacks a signature makes it in a serving process)."""

    capabilities = frozenset({FAST_SIMULATOR})
    batch_module = "no.such.batch"

    def __init__(self, game_id: str, refuse: bool = False) -> None:
        self.id = game_id
        self.refuse = refuse
        self.loads = 0

    def title(self, lang: str = "sv") -> str:
        return self.id

    def warm_up(self) -> None:
        self.loads += 1
        if self.refuse:
            raise kernels.CompilingForbidden("refused to compile k in a serving process")
        kernels.mark_loaded(self.id)


@pytest.fixture
def fake_kernels() -> Iterator[None]:
    yield
    for game_id in ("g1", "g2", "g3"):
        kernels.mark_unloaded(game_id)


def _warmer(games: list[Any], compiled: list[str], fail: int = 0, **kw: Any) -> warm.Warmer:
    """A warmer whose children are simulated: each records its game and fails ``fail``
    times first."""
    warmer = warm.Warmer(games, retry_after=(0.0,), **kw)
    failures = {"left": fail}

    def compile_(game_id: str) -> str | None:
        compiled.append(game_id)
        warmer._set(game_id, progress=0.5)
        if failures["left"]:
            failures["left"] -= 1
            return "the child exited with 1: boom"
        return None

    warmer._compile = compile_  # type: ignore[method-assign]
    return warmer


def test_the_wanted_games_are_prepared_first_one_at_a_time(fake_kernels: None) -> None:
    compiled: list[str] = []
    games = [FakeGame("g1"), FakeGame("g2"), FakeGame("g3")]
    warmer = _warmer(games, compiled)
    warmer.want("g2")
    warmer.want("g3")
    warmer.start()
    assert warmer.wait(30)
    assert compiled == ["g3", "g2", "g1"]
    assert all(warmer.ready(g.id) and g.loads == 1 for g in games)
    assert warmer.status("g1").to_json() == {"ready": True, "stage": "ready", "progress": 1.0}


def test_a_game_somebody_starts_sets_aside_the_child_of_a_game_nobody_plays(
    fake_kernels: None, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    # g1's first child would compile for minutes (it sleeps); a match of g2 starts meanwhile.
    children: list[str] = []

    def code(game_id: str | None = None, **limits: int) -> str:
        children.append(str(game_id))
        return "import time; time.sleep(300)" if children == ["g1"] else "pass"

    monkeypatch.setattr(warm, "child_code", code)
    games = [FakeGame("g1"), FakeGame("g2")]
    warmer = warm.Warmer(games)
    with caplog.at_level(logging.INFO, logger=warm.__name__):
        warmer.start()
        for _ in range(3000):  # until g1's child runs (a give-up bound only)
            if warmer._child is not None:
                break
            time.sleep(0.01)
        assert warmer.status("g1").stage == warm.COMPILING
        warmer.want("g2")
        assert warmer.wait(60), "the sleeping child was not stopped"
    assert children == ["g1", "g2", "g1"]
    assert all(warmer.ready(g.id) and g.loads == 1 for g in games)
    assert warmer.status("g1").attempts == 1, "setting aside cost g1 an attempt"
    assert "set aside for g2" in caplog.text and "failed" not in caplog.text


def test_a_game_being_played_is_not_set_aside(fake_kernels: None) -> None:
    compiled: list[str] = []
    warmer = _warmer([FakeGame("g1"), FakeGame("g2")], compiled)
    warmer.want("g1")
    with warmer._lock:
        warmer._order.remove("g1")
        warmer._compiling = "g1"  # as while g1's child runs
    warmer.want("g2")
    assert warmer._set_aside is None and warmer._order == ["g2"]


def test_a_failing_child_is_retried_and_logged_then_the_engine_plays_on(
    fake_kernels: None, caplog: pytest.LogCaptureFixture
) -> None:
    compiled: list[str] = []
    game = FakeGame("g1")
    warmer = _warmer([game], compiled, fail=5, attempts=3)
    with caplog.at_level(logging.WARNING, logger=warm.__name__):
        warmer.start()
        assert warmer.wait(30)
    assert compiled == ["g1", "g1", "g1"]
    assert warmer.status("g1").stage == warm.FAILED
    assert game.loads == 0, "the server compiled (or loaded) after its child failed"
    assert not kernels.loaded("g1")
    assert caplog.text.count("attempt") == 3 and "boom" in caplog.text
    assert "through the engine" in caplog.text


def test_a_child_that_fails_once_is_retried_and_the_game_gets_ready(fake_kernels: None) -> None:
    compiled: list[str] = []
    warmer = _warmer([FakeGame("g1")], compiled, fail=1)
    warmer.start()
    assert warmer.wait(30)
    assert compiled == ["g1", "g1"] and warmer.ready("g1")


def test_a_load_that_would_compile_here_counts_as_a_failure(fake_kernels: None) -> None:
    compiled: list[str] = []
    game = FakeGame("g1", refuse=True)
    warmer = _warmer([game], compiled, attempts=2)
    warmer.start()
    assert warmer.wait(30)
    assert game.loads == 2 and warmer.status("g1").stage == warm.FAILED
    assert not kernels.loaded("g1")


def test_a_real_child_reports_progress_and_its_failure(fake_kernels: None) -> None:
    # The child of a game that does not exist compiles nothing and exits 0; one with a CPU
    # limit of 1 s that spins is stopped by the system and reported.
    warmer = warm.Warmer([FakeGame("g1")])
    assert warmer._compile("g1") is None
    assert warmer.status("g1").progress == 0.0  # nothing was compiled, nothing reported
    spin = "import resource; resource.setrlimit(resource.RLIMIT_CPU, (1, 2))\nwhile True: pass"
    warmer_child = warm.subprocess.Popen
    calls: list[list[str]] = []

    def popen(cmd: list[str], **kw: Any) -> Any:
        calls.append(cmd)
        return warmer_child([sys.executable, "-c", spin], **kw)

    warm.subprocess.Popen = popen  # type: ignore[misc]
    try:
        error = warmer._compile("g1")
    finally:
        warm.subprocess.Popen = warmer_child  # type: ignore[misc]
    assert error is not None and "exited with" in error
    assert "nice=10" in calls[0][-1] and "cpu_limit=" in calls[0][-1]


def test_a_serving_process_uses_no_kernel_before_it_is_loaded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = get_game("fia")
    state = game.new_state([Seat("a"), Seat("b")])
    monkeypatch.setattr(kernels, "_forbidden", True)
    monkeypatch.setattr(kernels, "_loaded", set())
    assert game.playout_wins(state, 4, "heuristic", 1) is None
    # The search levels still move, through the engine, within their time cap.
    bot = BOT_FACTORIES["medium"](game)
    rng = random.Random(1)
    while not state.players_to_act() or len(state.legal_actions()) < 2:
        if state.is_chance():
            state.apply(state.sample_chance(rng), CHANCE)
        else:
            state.apply(state.legal_actions()[0])
    player = state.players_to_act()[0]
    action = bot.choose(Observation(game, state, player), random.Random(2))
    assert action in state.legal_actions()
    assert bot.last.iterations > 0 and bot.last.fast is False


def test_the_server_says_whether_each_game_s_computers_are_ready(
    client: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    fast = [g.id for g in all_games() if FAST_SIMULATOR in g.capabilities]
    for game_id, info in games.items():
        assert set(info["computers"]) == {"ready", "stage", "progress"}
        if game_id not in fast:
            assert info["computers"]["ready"] is True
    game_id = fast[0]
    monkeypatch.setattr(kernels, "_loaded", set())
    answer = client.get(f"/api/games/{game_id}/computers").json()
    assert answer == {"ready": False, "stage": "queued", "progress": 0.0}
    kernels.mark_loaded(game_id)
    assert client.get(f"/api/games/{game_id}/computers").json()["ready"] is True
    missing = client.get("/api/games/no-such-game/computers")
    assert missing.status_code == 404 and missing.json()["error"] == "error.unknown_game"


def test_make_test_compiles_a_game_a_child_as_many_at_once_as_asked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ran: list[str] = []
    monkeypatch.setattr(warm.subprocess, "run", lambda cmd, check: ran.append(cmd[-1]))
    warm.compile_games(jobs=2)
    fast = [g.id for g in all_games() if FAST_SIMULATOR in g.capabilities]
    assert sorted(ran) == sorted(
        f"from spelkvall.server.warm import compile_here; compile_here({g!r}, parent={os.getpid()})"
        for g in fast
    )


def test_a_game_s_child_that_fails_fails_make_test(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(warm.sys, "executable", "/bin/false")
    with pytest.raises(warm.subprocess.CalledProcessError):
        warm.compile_games(jobs=1)


def _running(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie nobody reaps has ended: PID 1 in a container
    need not reap)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux's /proc")
def test_a_child_stops_when_its_server_is_gone() -> None:
    # A "server" starts a child told its pid, as child_code() does, and is gone at once, as a
    # stopped server is. The child is given nothing to compile and then a long wait, so only
    # its watch on the server can end it in time.
    child_code = (
        "import time; from spelkvall.server.warm import compile_here; "
        "compile_here('no such game', parent={pid}); time.sleep(60)"
    )
    server = subprocess.run(
        [
            sys.executable,
            "-c",
            "import os, subprocess, sys; "
            f"code = {child_code!r}.format(pid=os.getpid()); "
            "quiet = subprocess.DEVNULL; "  # a child holding our pipes would make run() wait
            "print(subprocess.Popen([sys.executable, '-c', code], stdout=quiet, stderr=quiet).pid)",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    child = int(server.stdout)
    deadline = time.monotonic() + 20
    while _running(child) and time.monotonic() < deadline:
        time.sleep(0.2)
    running = _running(child)
    if running:
        os.kill(child, 9)
    assert not running, "the child still runs with its server gone"
