"""Computer seats survive the loss of a process: a lease in the database says which process
runs a match's computers; when it runs out (the process died or stalled) another process takes
the match over, and the compare-and-set refuses the stalled one's late move."""

from __future__ import annotations

import contextlib
import itertools
import os
import secrets
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import httpx
import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient
from server_helpers import NO_REQUEST_LIMITS, Database, bare_match, create, state
from test_server_process import free_port

from spelkvall.server import Settings, create_app
from spelkvall.server import play as play_module
from spelkvall.store.db import normalise_url

COMPUTERS = [{"bot": "random"}, {"bot": "random"}]
PG_ENV, REDIS_ENV = "SPELKVALL_TEST_POSTGRES_URL", "SPELKVALL_TEST_REDIS_URL"


def test_the_lease_is_one_process_s_at_a_time(database: Database) -> None:
    store = database.open()
    match_id = bare_match(store)
    assert store.claim_runner(match_id, "a", 0.3)
    assert not store.claim_runner(match_id, "b", 0.3)  # a's still runs
    assert store.claim_runner(match_id, "a", 0.3)  # renewed
    assert store.orphaned_runs() == []
    time.sleep(0.4)
    assert store.orphaned_runs() == [match_id]  # a died: its lease ran out
    assert store.claim_runner(match_id, "b", 5)
    assert not store.claim_runner(match_id, "a", 5)  # a, back, is refused
    store.release_runner(match_id, "a")  # not a's to give up: nothing happens
    assert not store.claim_runner(match_id, "c", 5)
    store.release_runner(match_id, "b")
    assert store.claim_runner(match_id, "c", 5)
    store.close()


def test_a_stalled_runner_is_taken_over_and_its_late_move_refused(
    settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Catches a stalled runner whose lease is kept alive (nobody takes over: ``overtaken``
    # stays false) and a late move stored over the other process's (never refused, and the
    # record would not replay). The stall lasts until the other process has moved, counted
    # in versions: a fixed 1.5 s was not always past the lease, the look for orphans and
    # the other's first move on a loaded machine, and then nothing was refused.
    real_make_bot = play_module.make_bot
    stalled: dict[str, Any] = {"left": 1, "overtaken": False}

    def overtaken() -> bool:
        """Stall until another process has stored a move: a version past this one's."""
        store = first.state.service.store
        deadline = time.monotonic() + 30
        (match_id,) = store.playing_match_ids()
        row = store.get_match(match_id)
        assert row is not None
        while time.monotonic() < deadline:
            time.sleep(0.05)
            now = store.get_match(match_id)
            if now is not None and now.version > row.version:
                return True
        return False

    class Slow:
        def __init__(self, bot: Any) -> None:
            self.bot = bot

        def choose(self, observation: Any, rng: Any) -> Any:
            if stalled["left"] > 0:
                stalled["left"] -= 1
                stalled["overtaken"] = overtaken()  # past the lease: the other one takes over
            return self.bot.choose(observation, rng)

    monkeypatch.setattr(play_module, "make_bot", lambda name, game: Slow(real_make_bot(name, game)))
    shared = replace(settings, runner_lease=0.4)
    first, second = create_app(shared), create_app(shared)
    with TestClient(first) as a, TestClient(second) as b:
        match_id = create(a, seats=COMPUTERS)["match_id"]  # a's runner holds the lease
        deadline = time.monotonic() + 90
        while state(b, match_id)["status"] != "over":
            assert time.monotonic() < deadline, "the match froze"
            time.sleep(0.1)
        assert stalled["left"] == 0
        assert stalled["overtaken"], "nobody took the stalled runner's match over"
        # The stalled runner comes back with a move for a version already taken: refused.
        while first.state.bots.refused == 0:
            assert time.monotonic() < deadline, "the stalled move was never refused"
            time.sleep(0.1)
        assert first.state.bots.failures == second.state.bots.failures == 0
        record = first.state.service.record(match_id)
        assert record.replay().is_terminal()
        assert len(record.log) == state(b, match_id)["version"]
    for app in (first, second):
        app.state.service.store.close()


@contextmanager
def pg_database() -> Iterator[str]:
    url = os.environ.get(PG_ENV)
    if not url:
        pytest.skip(f"{PG_ENV} is not set (e.g. postgresql+psycopg://postgres@127.0.0.1/test)")
    name = f"failover_{secrets.token_hex(4)}"
    admin = sa.create_engine(normalise_url(url), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f"CREATE DATABASE {name}"))
    try:
        yield normalise_url(url).rsplit("/", 1)[0] + f"/{name}"
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f"DROP DATABASE {name} WITH (FORCE)"))
        admin.dispose()


@contextmanager
def pg_and_redis(**settings: str) -> Iterator[dict[str, str]]:
    """The environment of a server on a fresh PostgreSQL database and the test Redis, with
    these ``SPELKVALL_*`` settings too (skips without either)."""
    redis_url = os.environ.get(REDIS_ENV)
    if not redis_url:
        pytest.skip(f"{REDIS_ENV} is not set (e.g. redis://127.0.0.1:6379/0)")
    with pg_database() as url:
        yield {
            **os.environ,
            "SPELKVALL_DATABASE_URL": url,
            "SPELKVALL_REDIS_URL": redis_url,
            **NO_REQUEST_LIMITS,
            **settings,
        }


@contextmanager
def serve(
    env: dict[str, str], log: Path | None = None
) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """A server process on ``env`` (killed at the end with its workers); its log goes to
    ``log`` or a temporary file, printed when the test fails (a stalled match in CI says
    nothing otherwise)."""
    with open(log, "w+b") if log else tempfile.TemporaryFile() as log_file:
        port = free_port()
        proc = subprocess.Popen(
            [sys.executable, "-m", "spelkvall", "serve", "--port", str(port)],
            env=env,
            stdout=log_file,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its workers and children are ended with it (below)
        )
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                assert proc.poll() is None, "the server exited"
                try:
                    if httpx.get(f"{base}/api/health", timeout=1).status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                assert time.monotonic() < deadline, "server did not start"
                time.sleep(0.1)
            yield base, proc
        except BaseException:
            log_file.seek(0)
            tail = log_file.read().decode(errors="replace")[-20_000:]
            print(f"--- the log of the server on port {port} ---\n{tail}")
            raise
        finally:
            if proc.poll() is None:
                proc.send_signal(signal.SIGKILL)
            proc.wait(10)
            # Killed, uvicorn's supervisor leaves its workers running (and a warm-up's
            # compiler child): end the whole session, or they outlive the test.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)


def test_killing_the_process_that_runs_the_computers_stalls_the_match_only_briefly() -> None:
    with (
        pg_and_redis(SPELKVALL_BOT_DELAY="0.05") as env,
        serve(env) as (one, runner),
        serve(env) as (other, _),
    ):
        made = httpx.post(
            f"{one}/api/matches", json={"game": "fia", "mode": "hotseat", "seats": COMPUTERS}
        )
        assert made.status_code == 201, made.text
        match_id = made.json()["match_id"]
        seen: list[tuple[float, int]] = []
        killed = None
        deadline = time.monotonic() + 180
        status = "playing"
        while status != "over":
            assert time.monotonic() < deadline, "the match did not finish"
            got = httpx.get(f"{other}/api/matches/{match_id}", timeout=5).json()
            status = got["status"]
            if not seen or got["version"] != seen[-1][1]:
                seen.append((time.monotonic(), got["version"]))
            if killed is None and got["version"] >= 20:
                runner.send_signal(signal.SIGKILL)  # as in a crash: no lease given up
                killed = time.monotonic()
            time.sleep(0.05)
        assert killed is not None
        after = [(t, v) for t, v in seen if t >= killed]
        assert len(after) > 5  # the other process played on to the end
        stall = max(b[0] - a[0] for a, b in itertools.pairwise(seen))
        print(f"longest stall {stall:.2f} s; {len(after)} versions after the kill")
        # About a lease (2.5 s) and a look for orphans; the bound catches a take-over that
        # waits for something else (a restart, a person's move), and leaves a loaded machine
        # (whose two servers and this test share two cores) several leases of slack.
        assert stall < 20.0, f"the match stood still {stall:.1f} s"


def test_a_turn_timer_of_a_killed_process_runs_out_on_the_other() -> None:
    # The process keeping a person's turn timer holds the match's lease while it waits; killed,
    # its lease runs out and the other process plays the timed-out turn.
    with (
        pg_and_redis(SPELKVALL_BOT_DELAY="0.05") as env,
        serve(env) as (one, runner),
        serve(env) as (other, _),
    ):
        made = httpx.post(
            f"{one}/api/matches",
            json={
                "game": "fia",
                "mode": "hotseat",
                "seats": [{"name": "Anna"}, {"bot": "random"}],
                "turn_seconds": 2,
            },
        )
        assert made.status_code == 201, made.text
        match_id = made.json()["match_id"]
        # The first process's task waits on Anna's timer, holding the lease: killed before it
        # took the lease (a fixed 0.5 s was not always enough on a loaded machine), no lease
        # would run out and nobody would look at the match.
        engine = sa.create_engine(env["SPELKVALL_DATABASE_URL"])
        holder = sa.text("SELECT count(*) FROM match_runners WHERE match_id = :m")
        deadline = time.monotonic() + 60
        with engine.connect() as conn:
            while not conn.execute(holder, {"m": match_id}).scalar():
                assert time.monotonic() < deadline, "the first process never took the lease"
                time.sleep(0.05)
                conn.rollback()
        engine.dispose()
        runner.send_signal(signal.SIGKILL)
        killed = time.monotonic()
        # Catches a timer that dies with its process (nobody plays the turn); the 2 s timer
        # and the 2.5 s lease nominally take some 3 s, the bound is for a loaded machine.
        while httpx.get(f"{other}/api/matches/{match_id}").json()["version"] == 0:
            assert time.monotonic() - killed < 30, "nobody kept the timer"
            time.sleep(0.1)
        got = httpx.get(f"{other}/api/matches/{match_id}").json()
        assert got["log"][0]["seat"] in (-1, 0)  # Anna's roll, played for her
