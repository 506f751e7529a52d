"""People first: while a person's move is being played in a process, that process's computer
seats hold back.

Python runs one thread at a time (the GIL). A person's move takes about ten database round
trips, and after each its thread must win the GIL back; when a computer thread is busy with
rules or rows just then, the person waits for the interpreter's switch interval (5 ms) each
time. The computers' threads here wait instead, between their steps, for the person's move
to be done (never while they hold a match's lock or a transaction, so nothing waits on
them meanwhile), and all the waits of one batch of computer moves together last at most
:data:`LONGEST`: a steady stream of people slows the computers down, it does not stop them.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from .clock import SYSTEM, Clock

LONGEST = 0.05
"""Seconds the waits of one batch of computer moves add up to at most."""


class PeopleFirst:
    """Counts the people's moves in flight; computers wait for none to be."""

    def __init__(self, longest: float = LONGEST, *, clock: Clock = SYSTEM) -> None:
        self.longest = longest
        self.clock = clock
        self._moving = 0
        self._done = threading.Condition()

    @contextmanager
    def person(self) -> Iterator[None]:
        """A person's move is played inside this block."""
        with self._done:
            self._moving += 1
        try:
            yield
        finally:
            with self._done:
                self._moving -= 1
                if not self._moving:
                    self._done.notify_all()

    def deadline(self) -> float:
        """The time (``clock.monotonic``) until which a batch starting now may wait."""
        return self.clock.monotonic() + self.longest

    def computers_wait(self, deadline: float | None = None) -> bool:
        """Wait until no person's move is in flight, at most until ``deadline`` (default: the
        bound from now); whether there was one to wait for. Call it only where the thread
        holds no lock a person's move may need."""
        if not self._moving:  # read without the lock: a move that starts just now is missed
            return False
        end = self.deadline() if deadline is None else deadline
        with self._done:
            left = max(0.0, end - self.clock.monotonic())
            self.clock.wait_for(self._done, lambda: not self._moving, left)
        return True
