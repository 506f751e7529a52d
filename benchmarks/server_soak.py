"""Soak: a real ``spelkvall serve`` process (SQLite in a temp file) plays many computer-only
matches to the end, a few at a time, and the server's resident memory (RSS) is printed as it
goes. Memory should stay flat after warm-up: finished matches leave the live cache.

    .venv/bin/python benchmarks/server_soak.py [matches] [at_once] [live_max]

Defaults: 2000 matches, 20 at once, a live cache of 200 (small, so the bound shows early).
Every match is read once more after it ended (as a player looking at the win screen does).
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

import httpx

from _serve import serve

GAME = os.environ.get("SOAK_GAME", "fia")


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    total = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    at_once = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    live_max = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    with tempfile.TemporaryDirectory() as tmp:
        settings = {
            "SPELKVALL_DATABASE_URL": f"sqlite:///{Path(tmp) / 'soak.sqlite3'}",
            "SPELKVALL_BOT_DELAY": "0",
            "SPELKVALL_LIMIT_CREATES": "0",
            "SPELKVALL_LIMIT_MESSAGES": "0",
            "SPELKVALL_LIMIT_REQUESTS": "0",
            "SPELKVALL_LIVE_MAX": str(live_max),
        }
        with serve(settings) as (proc, base), httpx.Client(base_url=base, timeout=30) as http:
            start = time.monotonic()
            print(
                f"rss at start {rss_mb(proc.pid):.0f} MB; {total} {GAME} matches, "
                f"{at_once} at once, live cache {live_max}"
            )
            samples: list[tuple[int, float]] = []
            running: list[str] = []
            done = created = 0
            step = max(total // 20, 1)
            while done < total:
                while len(running) < at_once and created < total:
                    made = http.post(
                        "/api/matches",
                        json={
                            "game": GAME,
                            "mode": "hotseat",
                            "seats": [{"bot": "random"}, {"bot": "random"}],
                        },
                    )
                    made.raise_for_status()
                    running.append(made.json()["match_id"])
                    created += 1
                time.sleep(0.2)
                for match_id in list(running):
                    got = http.get(f"/api/matches/{match_id}").json()
                    if got["status"] == "over":
                        running.remove(match_id)
                        done += 1
                        if done % step == 0:
                            mb = rss_mb(proc.pid)
                            samples.append((done, mb))
                            print(
                                f"{done:6d} matches over  rss {mb:6.0f} MB  "
                                f"{time.monotonic() - start:6.0f} s",
                                flush=True,
                            )
        after = [mb for n, mb in samples if n > total // 5]  # after warm-up (20 %)
        if after:
            low, high = min(after), max(after)
            print(
                f"after warm-up: rss {low:.0f}–{high:.0f} MB "
                f"({100 * (high - low) / low:.1f} % spread); "
                f"{total / (time.monotonic() - start):.1f} matches/s"
            )


if __name__ == "__main__":
    main()
