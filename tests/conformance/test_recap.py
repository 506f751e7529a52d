"""The win screen's line of recap (``Game.recap``) and the scores with their unit
(``Game.score_text``), for every game: random games played to the end say who won, in each
language its own text."""

from __future__ import annotations

import zlib
from typing import Any

import pytest

from spelkvall.core import Game, all_games
from spelkvall.core.i18n import LANGUAGES

from .checks import play_one
from .hooks import hooks_for

GAMES = sorted(all_games(), key=lambda g: g.id)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_finished_game_has_a_recap_naming_its_winner_in_every_language(
    game: Game[Any, Any],
) -> None:
    hooks = hooks_for(game)
    seed = zlib.crc32(f"recap-{game.id}".encode())
    for players in game.player_counts():
        for k in range(2):
            state = play_one(game, hooks, players, {}, seed + 7 * players + k, deep=False)
            result = state.result()
            assert result is not None
            names = [s.name for s in state.seats]  # type: ignore[attr-defined]
            recaps = {lang: game.recap(state, names, lang) for lang in LANGUAGES}
            assert all(recaps.values()), f"{game.id}: a finished game has a recap: {recaps}"
            if result.winners:
                for recap in recaps.values():
                    assert any(names[s] in str(recap) for s in result.winners), recap
            assert recaps["sv"] != recaps["en"]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_an_unfinished_game_has_no_recap(game: Game[Any, Any]) -> None:
    from spelkvall.core import Seat

    n = game.player_counts()[0]
    state = game.new_state([Seat(f"P{i}") for i in range(n)])
    assert game.recap(state, [f"P{i}" for i in range(n)], "sv") is None


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_scores_are_written_with_their_unit(game: Game[Any, Any]) -> None:
    if game.score_key is None:
        assert game.score_text(1200, "sv") == "1\u00a0200"
        assert game.score_text(1200, "en") == "1,200"
        return
    for lang in LANGUAGES:
        text = game.score_text(12, lang)
        assert "12" in text and text != "12", f"{game.id}: {text!r} has no unit"
        assert "{" not in text and game.score_key not in text


def test_the_units_the_win_screen_shows() -> None:
    from spelkvall.core import get_game

    assert get_game("afrika").score_text(1200, "sv") == "£1\u00a0200"
    assert get_game("afrika").score_text(1200, "en") == "£1,200"
    assert get_game("front").score_text(1, "en") == "1 point"
    assert get_game("front").score_text(3, "en") == "3 points"
    assert get_game("omringad").score_text(52, "sv") == "52 poäng"
    assert get_game("dogroyal").score_text(8, "en") == "8 home"
