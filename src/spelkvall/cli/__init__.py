"""The ``spelkvall`` command line (Typer + Rich). Each command lives in its own module."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="spelkvall",
    help="Spelkväll: klassiska brädspel för vänner, datorspelare och forskare.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _root() -> None:
    """Spelkväll: klassiska brädspel för vänner, datorspelare och forskare."""
    # A callback keeps ``spelkvall <command>`` a group even while only one command exists.


def main() -> None:
    """Console-script entry point."""
    # Commands register themselves on import; importing here keeps start-up in one place.
    from . import commands  # noqa: F401

    app()
