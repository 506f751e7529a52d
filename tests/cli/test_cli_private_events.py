"""The terminal's log keeps a seat's private events private: with one person at the terminal it
reads that person's log, with several people (a shared screen) the public log, as a shared
device does in the browser (``Game.event_for``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from spelkvall.cli.commands import app
from spelkvall.core import register_game, unregister_game
from tests.core.example_game import GAME as BIDS

runner = CliRunner()


@pytest.fixture(autouse=True)
def private_bids(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The sealed-bids example, with each "has placed a bid" line private to its bidder."""

    def event_for(event: Any, viewer: int | None) -> Any:
        if event[0] == "bid" and event[1] != viewer:
            return None
        return event

    monkeypatch.setattr(BIDS, "event_for", event_for)
    register_game(BIDS)
    yield
    unregister_game(BIDS.id)


def play(stdin: str) -> str:
    args = ["play", "bid", "--delay", "0", "--seed", "1", "--option", "cards=2"]
    result = runner.invoke(app, args, input=stdin)
    assert result.exit_code == 0, result.output
    return result.output


def test_one_person_reads_their_own_private_events_not_the_computers() -> None:
    out = play("2\nAnna\n1\nBo\n2\n\n" + "1\n" * 10)  # the example has no colours
    assert "Anna har lagt sitt bud." in out
    assert "Bo har lagt sitt bud." not in out
    assert "Bo (" in out


def test_several_people_at_one_screen_read_the_public_log() -> None:
    out = play("2\nAnna\n1\nBo\n1\n" + "1\n" * 10)
    assert "har lagt sitt bud." not in out
    assert "Buden:" in out  # public events still show
