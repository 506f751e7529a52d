"""``spelkvall serve`` explains a database it cannot use in one line, without a traceback, and
passes its switches on to the server."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from spelkvall import server
from spelkvall.cli import app
from spelkvall.cli import commands as _commands  # noqa: F401  (registers the commands)
from spelkvall.server import Settings


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


@pytest.mark.parametrize(
    ("args", "env", "expected"),
    [
        ([], {}, None),  # the default: off
        (["--chance-graphs"], {}, True),
        (["--no-chance-graphs"], {}, False),
        ([], {"SPELKVALL_CHANCE_GRAPHS": "0"}, False),
    ],
)
def test_chance_graphs_after_a_match_can_be_switched_on_and_off(
    args: list[str],
    env: dict[str, str],
    expected: bool | None,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen: list[bool | None] = []

    def made(settings: Settings, *_: object, **__: object) -> None:
        seen.append(settings.chances_after_match)
        raise SystemExit(0)  # the settings are all this test wants

    monkeypatch.setattr(server, "create_app", made)
    database = f"sqlite:///{tmp_path / 'db.sqlite'}"
    result = CliRunner().invoke(app, ["serve", *args, "--database-url", database], env=env)
    assert result.exit_code == 0, result.output
    assert seen == [expected]
