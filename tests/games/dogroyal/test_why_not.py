"""Why a card cannot be played (the view's ``why_not``): one reason per dimmed card, for the
seat whose turn it is only, in both languages."""

from __future__ import annotations

from spelkvall.core.i18n import LANGUAGES, t
from spelkvall.games.dogroyal.why import why_not

from .helpers import B, K, N, R, goal, piece, position


def test_only_the_seat_to_play_gets_reasons_and_only_for_unplayable_cards() -> None:
    s = position({piece(0, K): 20}, {0: ["8", "5"], 1: ["9"]})
    assert s.view(0)["why_not"] == {"8": "king"}
    assert s.view(1)["why_not"] == {} and s.view(None)["why_not"] == {}


def test_copy_with_nothing_played_or_after_a_copy() -> None:
    s = position({piece(0, N): 20}, {0: ["copy", "2"]})
    assert why_not(s, 0) == {"copy": "copy_none"}
    s = position({piece(0, N): 20}, {0: ["copy", "2"]}, discard=["5", "copy"])
    assert why_not(s, 0) == {"copy": "copy_copy"}
    s = position({piece(0, N): 20}, {0: ["copy", "2"]}, discard=["5"], copy_across_rounds=False)
    s.round_discard_start = len(s.discard)
    assert why_not(s, 0) == {"copy": "copy_round"}


def test_a_full_kennel_needs_a_start_card() -> None:
    s = position({}, {0: ["5", "13", "copy"]}, discard=["8"])
    assert why_not(s, 0) == {"5": "kennel", "copy": "kennel"}


def test_an_own_piece_on_the_start_field_keeps_the_others_in() -> None:
    s = position({piece(0, K): 0}, {0: ["13", "2"]})
    assert why_not(s, 0) == {"13": "start_taken"}


def test_swap_magnet_goal_and_a_barred_way() -> None:
    s = position({piece(0, N): 20}, {0: ["swap", "magnet", "2"]})
    assert why_not(s, 0) == {"swap": "swap", "magnet": "magnet"}
    s = position({piece(0, N): goal(2), piece(0, B): goal(3)}, {0: ["5"]})
    assert why_not(s, 0) == {"5": "goal"}
    s = position({piece(0, N): 20, piece(1, K): 22, piece(1, R): 31}, {0: ["5", "1-7"]})
    assert why_not(s, 0) == {"5": "blocked"}  # the King on 22 cannot be passed by the Fool


def test_every_reason_has_words_in_both_languages() -> None:
    codes = ["copy_none", "copy_copy", "copy_round", "kennel", "start_taken", "king", "goal"]
    for code in [*codes, "swap", "magnet", "blocked"]:
        for lang in LANGUAGES:
            text = t(f"dogroyal.why.{code}", lang, card="8")
            assert text != f"dogroyal.why.{code}" and "{" not in text
