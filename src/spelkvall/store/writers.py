"""Getting at the database: the engine, this process's queue of SQLite writers, and the
watchers told of every committed change of a match's rows. Every part of the store works
through one :class:`Database`."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator, Sequence

from sqlalchemy.engine import Connection, Engine


class Database:
    """The engine the store's parts share, with its write transactions and watchers."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.watchers: list[Callable[[Sequence[str]], None]] = []
        # SQLite lets one writer in at a time, and a writer that finds the file locked polls
        # for it, sleeping up to 100 ms between tries, while the other threads' writes keep
        # taking it: under a server's load a person's move waited hundreds of milliseconds
        # that way. The threads of this process queue here instead, and each is let in the
        # moment the one before commits (other processes still meet SQLite's own wait).
        self.sqlite = engine.dialect.name == "sqlite"
        self.writers = Writers() if self.sqlite else None

    @contextlib.contextmanager
    def write(self, urgent: bool = False) -> Iterator[Connection]:
        """A write transaction (``engine.begin()``), queued behind this process's others on
        SQLite; an ``urgent`` one (a person's move) goes before those still waiting."""
        if self.writers is None:
            with self.engine.begin() as conn:
                yield conn
            return
        with self.writers.turn(urgent), self.engine.begin() as conn:
            yield conn

    def changed(self, match_ids: Sequence[str]) -> None:
        """Tell every watcher (``Store.watch``) that these matches' rows changed."""
        for changed in self.watchers:
            changed(match_ids)


class Writers:
    """One writer at a time among a process's threads, urgent ones first: a person's move is
    not kept waiting behind a queue of computer batches, only behind the one being written.
    Re-entrant, so a write may call another."""

    def __init__(self) -> None:
        self._free = threading.Condition()
        self._owner: int | None = None
        self._depth = 0
        self._urgent = 0  # urgent writers waiting

    @contextlib.contextmanager
    def turn(self, urgent: bool) -> Iterator[None]:
        me = threading.get_ident()
        with self._free:
            if self._owner != me:
                self._urgent += urgent
                try:
                    while self._owner is not None or (not urgent and self._urgent):
                        self._free.wait()
                finally:
                    self._urgent -= urgent
                self._owner = me
            self._depth += 1
        try:
            yield
        finally:
            with self._free:
                self._depth -= 1
                if self._depth == 0:
                    self._owner = None
                    self._free.notify_all()
