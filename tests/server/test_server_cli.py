"""``spelkvall serve`` explains a database it cannot use in one line, without a traceback."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from spelkvall.cli import app
from spelkvall.cli import commands as _commands  # noqa: F401  (registers the commands)


@pytest.mark.parametrize(
    ("url", "words"),
    [
        ("nonsense", "går inte att förstå"),
        ("mysql://x@localhost/db", "går inte att förstå"),
        ("postgresql://nobody@127.0.0.1:1/none", "går inte att nå"),
    ],
)
def test_a_database_that_cannot_be_used_is_one_clear_line(url: str, words: str) -> None:
    result = CliRunner().invoke(app, ["serve", "--database-url", url])
    assert result.exit_code == 1
    assert words in result.output
    assert "Traceback" not in result.output
    assert isinstance(result.exception, SystemExit)  # a clean exit, not a crash
