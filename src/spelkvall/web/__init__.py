"""The browser client: static ES modules, SVG and CSS served as package data.

``STATIC_DIR`` is the folder the server mounts; importing this package registers the web
client's strings in the translation table (see :mod:`spelkvall.web.texts`).
"""

from pathlib import Path

from . import texts as _texts  # noqa: F401  (registers the translations)

STATIC_DIR = Path(__file__).parent
"""Holds ``index.html``, ``js/`` and ``css/``."""
