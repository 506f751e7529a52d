"""The one way the server says no: a translation key, its parameters and an HTTP status."""

from __future__ import annotations

from typing import Any

from spelkvall.core import SpelkvallError

# Every refusal is shown translated: the server's texts must be registered wherever one can
# be raised.
from . import texts as _texts  # noqa: F401


class ServiceError(SpelkvallError):
    """A refused request: ``key`` is the reason's translation key, ``status`` the HTTP code."""

    def __init__(self, key: str, message: str, status: int = 400, **params: Any) -> None:
        super().__init__(key, message, **params)
        self.status = status


def from_engine(exc: SpelkvallError, status: int = 400) -> ServiceError:
    """The engine's refusal (an illegal move, a bad setup) passed on with its key and params."""
    return ServiceError(exc.key, str(exc), status, **exc.params)
