"""``spelkvall serve``: the web server (FastAPI + uvicorn) with the web UI."""

from __future__ import annotations

import dataclasses
import json
import os
import sys
import threading
import time
from typing import TYPE_CHECKING, Any

import typer

from spelkvall.core.i18n import t

from . import app

if TYPE_CHECKING:
    from fastapi import FastAPI

    from spelkvall.server import Settings


# The per-client limits (server/guard.py), options of `serve`.
_LIMIT_CREATES = typer.Option(
    60.0,
    envvar="SPELKVALL_LIMIT_CREATES",
    help="New matches a minute per client address (0: no limit).",
)
_LIMIT_MESSAGES = typer.Option(
    20.0,
    envvar="SPELKVALL_LIMIT_MESSAGES",
    help="Moves, rolls and pings a second per client address, twice that in a burst (0: no limit).",
)
_LIMIT_SOCKETS = typer.Option(
    64,
    envvar="SPELKVALL_LIMIT_SOCKETS",
    help="Open WebSockets per client address (0: no limit). Behind a reverse proxy every "
    "client has the proxy's address: raise the limits or let the proxy limit.",
)
_LIMIT_REQUESTS = typer.Option(
    10.0,
    envvar="SPELKVALL_LIMIT_REQUESTS",
    help="Requests to the API a second per client address, five times that in a burst "
    "(0: no limit).",
)
_LIMIT_HEAVY = typer.Option(
    2.0,
    envvar="SPELKVALL_LIMIT_HEAVY",
    help="Replays, match files and Tips a second per client address, ten times that in a "
    "burst (0: no limit).",
)


@app.command()
def serve(
    host: str = typer.Option(
        "127.0.0.1",
        envvar="SPELKVALL_HOST",
        help="Address to listen on. 127.0.0.1: this computer only; 0.0.0.0: every network "
        "interface, so friends on your network can open the invite links.",
    ),
    port: int = typer.Option(8000, envvar="SPELKVALL_PORT", help="Port to listen on."),
    public_url: str = typer.Option(
        "",
        envvar="SPELKVALL_PUBLIC_URL",
        help="The address friends open (e.g. https://spel.example.org behind a proxy); invite "
        "links are built from it. Default: this machine's network address when --host is "
        "0.0.0.0.",
        show_default=False,
    ),
    test_mode: bool = typer.Option(
        False, "--test-mode", help="Enable test hooks (scripted dice). Never in real use."
    ),
    database_url: str = typer.Option(
        "",
        envvar="SPELKVALL_DATABASE_URL",
        help="SQLAlchemy URL; default: a SQLite file in your data directory.",
        show_default=False,
    ),
    bot_delay: float = typer.Option(
        0.8, envvar="SPELKVALL_BOT_DELAY", help="Seconds a computer player waits before acting."
    ),
    limit_creates: float = _LIMIT_CREATES,
    limit_messages: float = _LIMIT_MESSAGES,
    limit_sockets: int = _LIMIT_SOCKETS,
    limit_requests: float = _LIMIT_REQUESTS,
    limit_heavy: float = _LIMIT_HEAVY,
    waiting_expiry: float = typer.Option(
        24.0,
        envvar="SPELKVALL_WAITING_EXPIRY",
        help="Hours after which an online match nobody joined is called off (0: never).",
    ),
    live_max: int = typer.Option(
        2000, envvar="SPELKVALL_LIVE_MAX", help="Matches kept in memory at most."
    ),
    chance_graphs: bool | None = typer.Option(
        None,
        "--chance-graphs/--no-chance-graphs",
        envvar="SPELKVALL_CHANCE_GRAPHS",
        help="Compute a match's chance-to-win graph in the background as it ends (off: when "
        "first asked for). Default: on; it runs at the lowest CPU priority and waits while the "
        "server is busy.",
    ),
    workers: int = typer.Option(
        1,
        envvar="SPELKVALL_WORKERS",
        help="Server processes sharing the port (use the cores). More than 1 needs "
        "SPELKVALL_REDIS_URL (moves reach every process's sockets through it); PostgreSQL is "
        "advised, as SQLite lets one process write at a time.",
    ),
) -> None:
    """Start the web server: play in the browser at http://HOST:PORT/."""
    from spelkvall.server import Settings, create_app
    from spelkvall.server.reach import check_public_url
    from spelkvall.store import StoreError, default_url, hold_sqlite

    if public_url:
        try:
            public_url = check_public_url(public_url)
        except ValueError:
            typer.echo(t("server.public_url_bad", "sv", url=public_url), err=True)
            raise typer.Exit(2) from None
    url = database_url or default_url()
    try:
        # One process on its own SQLite file writes it alone and may trust its memory; the
        # lock on the file says so to any other server started on the same file.
        held, alone = hold_sqlite(url, alone=workers == 1)
    except StoreError as exc:
        typer.echo(t(exc.key, "sv", **exc.params), err=True)
        raise typer.Exit(1) from None
    settings = Settings(
        host=host,
        port=port,
        public_url=public_url or None,
        database_url=url,
        test_mode=test_mode,
        bot_delay=bot_delay,
        chances_after_match=chance_graphs,
        redis_url=os.environ.get("SPELKVALL_REDIS_URL") or None,
        warm_up=True,
        tune_collector=True,
        creates_per_minute=limit_creates,
        messages_per_second=limit_messages,
        sockets_per_client=limit_sockets,
        requests_per_second=limit_requests,
        heavy_per_second=limit_heavy,
        waiting_expiry=waiting_expiry * 3600,
        live_max=live_max,
        sole_writer=alone,
    )
    if workers > 1 and not settings.redis_url:
        typer.echo(t("server.workers_need_redis", "sv"), err=True)
        raise typer.Exit(2)
    try:
        # Opens and migrates the database once, here, before any worker starts.
        web = create_app(settings)
    except StoreError as exc:
        typer.echo(t(exc.key, "sv", **exc.params), err=True)
        raise typer.Exit(1) from None
    _say_where(web, host, port, public_url)
    if workers == 1:
        KernelProgress(web.state.service.kernels, sys.stdout.isatty()).start()
    _run(web, settings, workers, host, port)
    if held is not None:
        held.close()  # the lock lasted as long as the server


def _say_where(web: FastAPI, host: str, port: int, public_url: str) -> None:
    """Which database is used and where people (and their friends) find the server."""
    from spelkvall.server.reach import find_reach

    typer.echo(t("server.database", "sv", where=web.state.service.store.engine.url))
    typer.echo(t("server.serving", "sv", url=f"http://{host}:{port}/"))
    reach = find_reach(host, port, public_url or None)
    if reach.public_url:
        typer.echo(t("server.invite_base", "sv", url=f"{reach.public_url}/"))
    elif reach.loopback_only:
        typer.echo(t("server.loopback_only", "sv"))


def _run(web: FastAPI, settings: Settings, workers: int, host: str, port: int) -> None:
    """Serve ``web`` until stopped; with several workers each builds its own app from the
    same settings (``server/worker.py``)."""
    import uvicorn

    from spelkvall.server.worker import SETTINGS_ENV

    # Client messages are at most 4 KiB; anything far beyond is cut off by uvicorn itself.
    ws_max = 64 * 1024
    if workers == 1:
        uvicorn.run(web, host=host, port=port, ws_max_size=ws_max, log_level="warning")
        return
    web.state.service.store.close()
    os.environ[SETTINGS_ENV] = json.dumps(dataclasses.asdict(settings))
    uvicorn.run(
        "spelkvall.server.worker:app",
        factory=True,
        workers=workers,
        host=host,
        port=port,
        ws_max_size=ws_max,
        log_level="warning",
    )


class KernelProgress:
    """Shows how far the computer players' preparation has come (``server.warm.Warmer``): a
    Rich progress bar on a terminal, a plain line per game and stage otherwise (a log)."""

    def __init__(self, warmer: Any, terminal: bool) -> None:
        self.warmer = warmer
        self.terminal = terminal
        self.started = time.monotonic()
        self._said: dict[str, str] = {}
        self._lock = threading.Lock()
        self._bar: Any = None
        self._tasks: dict[str, Any] = {}

    def start(self) -> None:
        todo = [g for g in self.warmer.games if not self.warmer.ready(g)]
        if not todo:
            return
        typer.echo(t("server.kernels.title", "sv"))
        typer.echo(t("server.kernels.meanwhile", "sv"))
        if self.terminal:
            from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn

            self._bar = Progress(
                TextColumn("{task.description}"), BarColumn(), TaskProgressColumn()
            )
            for game_id in todo:
                title = self.warmer.games[game_id].title("sv")
                self._tasks[game_id] = self._bar.add_task(title, total=1.0)
            self._bar.start()
        self.warmer.on_change = self.changed

    def changed(self, game_id: str) -> None:
        status = self.warmer.status(game_id)
        if status is None:
            return
        with self._lock:
            if self._bar is not None:
                self._bar.update(self._tasks[game_id], completed=status.progress)
                if all(self.warmer.status(g).stage in ("ready", "failed") for g in self._tasks):
                    self._bar.stop()
                    self._bar = None
            if status.stage == self._said.get(game_id) or status.stage not in (
                "compiling",
                "ready",
                "failed",
            ):
                return
            self._said[game_id] = status.stage
            if self.terminal and status.stage == "compiling":
                return
            game = self.warmer.games[game_id].title("sv")
            seconds = round(time.monotonic() - self.started)
            percent = round(100 * status.progress)
            text = t(
                f"server.kernels.{status.stage}", "sv", game=game, seconds=seconds, percent=percent
            )
            if self._bar is not None:
                self._bar.console.print(text)
            else:
                typer.echo(text)
