"""``spelkvall serve`` with Stafett registered: ``python tests/web/serve_with_relay.py ARGS…``.

Stafett (``tests/core/relay_game.py``) exists only in the test tree. This launcher registers it
without a package (so it has no terminal view and no web page: the browser plays it on the
generic page) and then runs the very command ``spelkvall serve ARGS…`` would, through the
CLI's own entry point. The browser tests start it instead of ``spelkvall serve``
(``conftest.py``, ``relay_server``).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main(args: list[str]) -> None:
    sys.path.insert(0, str(ROOT))  # `tests` is a package of the repository, not installed
    from tests.core.relay_game import GAME

    from spelkvall.cli import main as cli_main
    from spelkvall.core import all_games, register_game

    all_games()  # the games of the package first, then the one of the test tree
    register_game(GAME)
    sys.argv = ["spelkvall", "serve", *args]
    cli_main()


if __name__ == "__main__":
    main(sys.argv[1:])
