"""Load: a real ``spelkvall serve`` on 127.0.0.1 with N matches of computer seats playing at
their delay and M people playing against a computer over real WebSockets, for a bounded time.
Prints accepted actions a second, the people's move round trip (p50/p99/max: from sending a
move to the ``state`` message with it), the server's CPU and RSS, and how many matches each
process runs the computers of (their leases). It measures once the server's compiler child is
done and every match exists.

    .venv/bin/python benchmarks/server_load.py --matches 100 --people 10 --seconds 30
        [--bot-delay 0.8] [--think 0.3] [--database-url postgresql+psycopg://…]
        [--redis-url redis://… --workers 2] [--chances]

Fia matches, two seats each. A finished match is replaced by a new one, so the load stays.
SQLite in a temp file, or with --database-url a fresh PostgreSQL database made next to
the one given (dropped afterwards). The server's per-client limits are switched off
(every client here is 127.0.0.1), and so are its chance graphs unless ``--chances``.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import tempfile
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import sqlalchemy as sa
from websockets.asyncio.client import connect

from _serve import serve
from spelkvall.store.db import normalise_url
from spelkvall.store.tables import match_runners

SEATS_BOTS = [{"bot": "random"}, {"bot": "random"}]
SEATS_PERSON = [{"name": "Person"}, {"bot": "random"}]


def proc_stats(pid: int) -> tuple[float, float]:
    """(CPU seconds so far, RSS in MB) of a process and its children (the workers)."""
    cpu = rss = 0.0
    for one in [pid, *children(pid)]:
        try:
            fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
            # utime + stime, and cutime + cstime: the children it has reaped (the warm-up's
            # compiler child ends early; without these its CPU would vanish from the sum).
            cpu += sum(int(f) for f in fields[11:15]) / os.sysconf("SC_CLK_TCK")
            for line in Path(f"/proc/{one}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    rss += int(line.split()[1]) / 1024
        except (FileNotFoundError, ProcessLookupError):
            continue
    return cpu, rss


def machine_stats(server: int) -> dict[str, float]:
    """CPU seconds so far of the whole machine (``busy``) and of who uses it: the server's
    processes, PostgreSQL's, Redis's and this driver, each with the children it reaped; and
    the time the hypervisor gave the machine's CPUs to others (``steal``)."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    ticks = [int(f) for f in fields]
    hz = os.sysconf("SC_CLK_TCK")
    # user nice system idle iowait irq softirq steal: busy is the first seven but idle and
    # iowait.
    out = {"busy": (sum(ticks[:7]) - ticks[3] - ticks[4]) / hz, "steal": ticks[7] / hz}
    out["server"] = proc_stats(server)[0]
    out["driver"] = proc_stats(os.getpid())[0] - out["server"]  # the server is its child
    out["postgres"] = out["redis"] = 0.0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            comm, rest = stat.read_text().rsplit(")", 1)
        except OSError:
            continue
        name = comm.split("(", 1)[1]
        group = "postgres" if name.startswith("postgres") else "redis" if "redis" in name else ""
        if group:
            out[group] += sum(int(f) for f in rest.split()[11:15]) / hz
    return out


def children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            parent = int(stat.read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if parent == pid:
            child = int(stat.parent.name)
            found += [child, *children(child)]
    return found


@contextlib.contextmanager
def connected(url: str) -> Iterator[sa.Connection]:
    """A connection of the driver's own to the server's database, closed with its engine."""
    engine = sa.create_engine(normalise_url(url))
    try:
        with engine.connect() as conn:
            yield conn
    finally:
        engine.dispose()


def actions_stored(url: str) -> int:
    with connected(url) as conn:
        return int(conn.execute(sa.text("SELECT count(*) FROM match_actions")).scalar_one())


def ended_and_graphed(url: str) -> tuple[int, int]:
    """Matches over so far, and chance graphs stored so far (``match_chances``)."""
    with connected(url) as conn:
        over = conn.execute(sa.text("SELECT count(*) FROM matches WHERE status != 'playing'"))
        graphs = conn.execute(sa.text("SELECT count(*) FROM match_chances"))
        return int(over.scalar_one()), int(graphs.scalar_one())


def finished(url: str, match_ids: list[str]) -> set[str]:
    """Which of ``match_ids`` are no longer playing, read from the database (the driver's own
    bookkeeping, not traffic of the players measured)."""
    with connected(url) as conn:
        rows = conn.execute(
            sa.text("SELECT id FROM matches WHERE status != 'playing' AND id IN :ids").bindparams(
                sa.bindparam("ids", expanding=True)
            ),
            {"ids": match_ids},
        )
        return {row[0] for row in rows}


def runners(url: str) -> list[int]:
    """How many matches each process runs the computers of now (its leases), most first."""
    with connected(url) as conn:
        rows = conn.execute(
            sa.select(sa.func.count())
            .where(match_runners.c.until > datetime.now(UTC))
            .group_by(match_runners.c.owner)
        )
        return sorted((int(row[0]) for row in rows), reverse=True)


def compiling(pid: int) -> bool:
    """Whether a child of the server still compiles the fast simulators (a fresh install's
    first start: minutes of CPU that would be measured as the server's)."""
    for child in children(pid):
        with contextlib.suppress(OSError):
            if b"compile_here" in Path(f"/proc/{child}/cmdline").read_bytes():
                return True
    return False


async def keep_computers_busy(
    http: httpx.AsyncClient,
    n: int,
    url: str,
    stop: asyncio.Event,
    full: asyncio.Event,
    chances: bool = False,
) -> None:
    running: list[str] = []
    failures = 0
    while not stop.is_set():
        while len(running) < n:
            # A connection each, as from a browser each: with workers, whichever process
            # accepts it runs the match's computers (one kept-alive connection would give
            # every match to one process).
            try:
                made = await http.post(
                    "/api/matches",
                    json={"game": "fia", "mode": "hotseat", "seats": SEATS_BOTS},
                    headers={"Connection": "close"},
                )
            except httpx.TransportError:
                # A connection the server closed as this one reused it: again, a few times.
                failures += 1
                if failures > 20:
                    raise
                await asyncio.sleep(0.05)
                continue
            failures = 0
            made.raise_for_status()
            running.append(made.json()["match_id"])
        full.set()
        # Finished matches are replaced every 2 s. They are found in the database: asking the
        # server for 1,000 matches' states would be a burst of work no player causes (it
        # was 13 % of the server's time, and stalled the people's moves behind it).
        await asyncio.sleep(2.0)
        over = await asyncio.to_thread(finished, url, running)
        running = [match_id for match_id in running if match_id not in over]
        if chances:
            # As the win screen does (the server queued the series as the match ended).
            for match_id in over:
                await http.get(f"/api/matches/{match_id}/chances")


async def person(
    http: httpx.AsyncClient, ws_base: str, think: float, times: list[float], stop: asyncio.Event
) -> None:
    """One person playing Fia against a computer, match after match, timing each move."""
    while not stop.is_set():
        made = (
            await http.post(
                "/api/matches", json={"game": "fia", "mode": "hotseat", "seats": SEATS_PERSON}
            )
        ).json()
        url = f"{ws_base}/ws/matches/{made['match_id']}?token={made['token']}"
        async with connect(url, max_size=2**22) as ws:
            got = await next_state(ws)
            while not stop.is_set() and got["status"] == "playing":
                if got["roll_seat"] == 0:
                    move: dict[str, Any] = {"type": "roll", "version": got["version"]}
                elif 0 in got["to_act"] and got["legal"]:
                    action = got["legal"][0]["action"]
                    move = {"type": "act", "version": got["version"], "action": action}
                else:
                    got = await next_state(ws)  # the computer's turn
                    continue
                await asyncio.sleep(think)
                start = time.perf_counter()
                await ws.send(json.dumps(move))
                while True:
                    answer = json.loads(await ws.recv())
                    if answer.get("type") == "error":
                        got = await next_state(ws)  # e.g. stale: the next state says what now
                        break
                    if answer.get("type") == "state" and answer["version"] > move["version"]:
                        times.append(time.perf_counter() - start)
                        got = answer
                        break


async def next_state(ws: Any) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = json.loads(await ws.recv())
        if message.get("type") == "state":
            return message


async def drive(base: str, args: argparse.Namespace, url: str, pid: int) -> None:
    ws_base = base.replace("http", "ws", 1)
    stop = asyncio.Event()
    times: list[float] = []
    limits = httpx.Limits(max_connections=50)
    full = asyncio.Event()
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as http:
        if compiling(pid):
            waited = time.monotonic()
            while compiling(pid):
                await asyncio.sleep(0.5)
            print(
                f"waited {time.monotonic() - waited:.0f} s for the server to compile its fast "
                "simulators",
                flush=True,
            )
        busy = keep_computers_busy(http, args.matches, url, stop, full, args.chances)
        tasks = [asyncio.create_task(busy)]
        tasks += [
            asyncio.create_task(person(http, ws_base, args.think, times, stop))
            for _ in range(args.people)
        ]
        await full.wait()
        await asyncio.sleep(args.warm_up)  # every match created, computers under way
        times.clear()
        before = await asyncio.to_thread(actions_stored, url)
        ended0, graphed0 = await asyncio.to_thread(ended_and_graphed, url)
        cpu0, _ = proc_stats(pid)
        machine0 = machine_stats(pid)
        t0 = time.monotonic()
        await asyncio.sleep(args.seconds)
        elapsed = time.monotonic() - t0
        after = await asyncio.to_thread(actions_stored, url)
        ended1, graphed1 = await asyncio.to_thread(ended_and_graphed, url)
        cpu1, rss = proc_stats(pid)
        used = {k: v - machine0[k] for k, v in machine_stats(pid).items()}
        held = await asyncio.to_thread(runners, url)
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    ordered = sorted(times)

    def pct(q: float) -> float:
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0

    print(
        f"{args.workers} process(es), {args.matches} computer matches (delay {args.bot_delay} s)"
        f" + {args.people} people, "
        f"{elapsed:.0f} s: {(after - before) / elapsed:.0f} accepted actions/s; "
        f"people's moves {len(ordered)}: p50 {pct(0.5):.1f} ms, p99 {pct(0.99):.1f} ms, "
        f"max {1000 * (ordered[-1] if ordered else 0):.1f} ms; "
        f"server CPU {100 * (cpu1 - cpu0) / elapsed:.0f} % of a core, RSS {rss:.0f} MB; "
        f"matches run by each process {held}; in the window {ended1 - ended0} matches "
        f"ended and {graphed1 - graphed0} chance graphs were stored"
    )
    share = {k: f"{100 * v / elapsed:.0f} %" for k, v in used.items()}
    # A process's times are kept exactly, the machine's busy time in clock ticks: with
    # little else running the rest can come out a few per cent below zero, which is noise.
    other = max(0.0, used["busy"] - sum(v for k, v in used.items() if k not in ("busy", "steal")))
    print(
        f"machine CPU (of {100 * (os.cpu_count() or 1)} %): busy {share['busy']}: server "
        f"{share['server']}, PostgreSQL {share['postgres']}, Redis {share['redis']}, this "
        f"driver {share['driver']}, other {100 * other / elapsed:.0f} %; stolen by the "
        f"hypervisor {share['steal']}"
    )


@contextlib.contextmanager
def fresh_database(url: str) -> Iterator[str]:
    """A new PostgreSQL database next to ``url`` for this run (dropped after), so the run
    neither reads nor leaves anything in the one given."""
    if not url:
        yield url
        return
    url = normalise_url(url)
    name = f"spelkvall_load_{secrets.token_hex(4)}"
    admin = sa.create_engine(url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(sa.text(f"CREATE DATABASE {name}"))
    try:
        yield url.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f"DROP DATABASE {name} WITH (FORCE)"))
        admin.dispose()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--people", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--warm-up", type=float, default=5)
    parser.add_argument("--bot-delay", type=float, default=0.8)
    parser.add_argument("--think", type=float, default=0.3)
    parser.add_argument("--database-url", default="")
    parser.add_argument("--redis-url", default="")
    parser.add_argument("--workers", type=int, default=1, help="needs --redis-url above 1")
    parser.add_argument(
        "--chances",
        action="store_true",
        help="the server computes every finished match's chance-to-win graph as it ends, as "
        "it does by default, and the graph is asked for as the win screen does (without: "
        "--no-chance-graphs, as the figures before it)",
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, fresh_database(args.database_url) as given:
        url = given or f"sqlite:///{Path(tmp) / 'load.sqlite3'}"
        settings = {
            "SPELKVALL_DATABASE_URL": url,
            "SPELKVALL_BOT_DELAY": str(args.bot_delay),
            "SPELKVALL_LIMIT_CREATES": "0",
            "SPELKVALL_LIMIT_MESSAGES": "0",
            "SPELKVALL_LIMIT_REQUESTS": "0",
            "SPELKVALL_LIMIT_SOCKETS": "0",
            "SPELKVALL_WORKERS": str(args.workers),
            "SPELKVALL_CHANCE_GRAPHS": "1" if args.chances else "0",
        }
        if args.redis_url:
            settings["SPELKVALL_REDIS_URL"] = args.redis_url
        with serve(settings) as (proc, base):
            # Bounded: a fresh install's compile (minutes), the matches' creation, and the run.
            asyncio.run(asyncio.wait_for(drive(base, args, url, proc.pid), args.seconds + 1200))


if __name__ == "__main__":
    main()
