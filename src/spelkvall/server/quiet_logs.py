"""Bad input from a client is one line in the log, not a traceback.

A traceback in the log means a bug of ours; a client that sends garbage is not one. The
server's own code says so in one line where it refuses input. This module covers what uvicorn
logs itself: a WebSocket text frame that is not UTF-8 (the connection is closed with 1007, as
it should be) came out as ``logger.exception``, so 10,000 fuzzed messages gave 100
tracebacks. :func:`install` rewrites such records into one warning with the reason.
"""

from __future__ import annotations

import logging

CLIENT_ERRORS: tuple[type[BaseException], ...] = (UnicodeDecodeError,)
"""Exceptions that only ever mean a client's bad bytes where uvicorn logs them."""
LOGGERS = ("uvicorn.error",)
"""The loggers uvicorn reports a connection's errors through."""


class ClientInputFilter(logging.Filter):
    """Turns a record of a client's bad input (an exception in :data:`CLIENT_ERRORS`) into
    one line at warning level: the message and the reason, without the traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, CLIENT_ERRORS):
            record.msg = f"{record.getMessage()} (bad input from a client: {exc})"
            record.args = None
            record.exc_info = None
            record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


_FILTER = ClientInputFilter()


def install() -> None:
    """Add the filter to uvicorn's loggers (once; a logging set-up keeps a logger's filters)."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
