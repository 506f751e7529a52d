"""The server compiles the games' fast simulators in a child process, so that compiling (which
holds the GIL for seconds) never stalls the matches it serves."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from spelkvall.core import FAST_SIMULATOR, all_games
from spelkvall.server import service as service_module
from spelkvall.server import warm
from spelkvall.server.service import MatchService


def test_warm_up_compiles_in_a_child_before_loading_in_the_server(
    database: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    steps: list[str] = []
    monkeypatch.setattr(service_module, "compile_in_child", lambda: steps.append("child"))
    for game in all_games():
        if FAST_SIMULATOR in game.capabilities:
            monkeypatch.setattr(game, "warm_up", lambda g=game: steps.append(g.id))
    MatchService(database.open()).warm_up()
    fast = [g.id for g in all_games() if FAST_SIMULATOR in g.capabilities]
    assert fast, "no game declares a fast simulator"
    assert steps[0] == "child"
    assert sorted(steps[1:]) == sorted(fast)


def test_a_child_that_fails_is_reported_and_the_server_goes_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(warm.sys, "executable", "/bin/false")
    with caplog.at_level(logging.WARNING, logger=warm.__name__):
        assert warm.compile_in_child() is False
    assert "failed (exit 1)" in caplog.text


def test_the_child_compiles_every_fast_simulator_and_exits() -> None:
    # Real work: compiles what the on-disk cache lacks (seconds when the game tests ran first).
    assert warm.compile_in_child() is True


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
