"""Imports every command module so that each registers itself on ``app``."""

from . import advise as _advise  # noqa: F401
from . import app
from . import play as _play  # noqa: F401
from . import replay as _replay  # noqa: F401
from . import serve as _serve  # noqa: F401
from . import simulate as _simulate  # noqa: F401
from . import tournament as _tournament  # noqa: F401

__all__ = ["app"]
