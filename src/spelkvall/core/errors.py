"""Errors raised by the engine. Each carries a translation key so clients can show the reason."""

from __future__ import annotations

from typing import Any


class SpelkvallError(Exception):
    """Base class: ``key`` names the reason in the translation table, ``params`` fill it in."""

    def __init__(self, key: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.key = key
        self.params = params

    def to_json(self) -> dict[str, Any]:
        return {"error": self.key, "message": str(self), "params": self.params}


class IllegalAction(SpelkvallError):
    """The action is not legal now, not this player's, or malformed. The state is unchanged."""


class InvalidSetup(SpelkvallError):
    """Seats or options that a game cannot be started with."""


class InvalidRecord(SpelkvallError):
    """A match record that cannot be read or does not replay."""
