"""Imports every command module so that each registers itself on ``app``."""

from . import serve  # noqa: F401
