"""Many games of a compiled kernel over threads: the one driver every game's batch uses.

A game's kernel plays games ``first`` to ``last`` of a batch in a function compiled with
``nogil=True`` (``play_range(first, last, *args)``, a game depending only on its number).
:func:`in_pieces` cuts a batch into pieces and hands them to Python threads, each taking the
next piece, the calling thread included. Not ``@njit(parallel=True)`` with ``prange``: that
compiled each whole kernel once more, as a parfor, for a driver that only hands out pieces
(38 CPU s of the largest game's compile on an empty cache; issue #27). Results are the same
however the batch is cut.
"""

from __future__ import annotations

import itertools
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

_pool: tuple[int, int, ThreadPoolExecutor] | None = None  # (process, threads, pool)
_pool_lock = threading.Lock()


def in_pieces(play_range: Callable[..., None], pieces: int, games: int, *args: Any) -> None:
    """``play_range(first, last, *args)`` over games ``0..games-1`` cut into ``pieces``
    pieces, on as many threads as Numba would use (``numba.get_num_threads()``)."""
    import numba

    counter = itertools.count()

    def work() -> None:
        while (c := next(counter)) < pieces:
            play_range(c * games // pieces, (c + 1) * games // pieces, *args)

    helpers = min(pieces, int(numba.get_num_threads())) - 1
    done = [_helpers(helpers).submit(work) for _ in range(helpers)] if helpers > 0 else []
    work()  # this thread plays pieces too
    for future in done:
        future.result()


def _helpers(n: int) -> ThreadPoolExecutor:
    """A pool of at least ``n`` threads, kept between batches (a search asks for many small
    ones) and made anew in a forked child (whose copy has no threads)."""
    global _pool
    with _pool_lock:
        if _pool is None or _pool[0] != os.getpid() or _pool[1] < n:
            _pool = (os.getpid(), n, ThreadPoolExecutor(n, thread_name_prefix="kernel-pieces"))
        return _pool[2]
