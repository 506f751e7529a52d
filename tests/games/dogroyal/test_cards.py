"""Spec §2 and §5.2, §5.8: the deck and every card."""

from __future__ import annotations

import pytest

from spelkvall.games.dogroyal import DECK_COUNTS
from spelkvall.games.dogroyal.board import CARDS, DECK_SIZE, KENNEL

from .helpers import B, K, N, R, destinations, find, goal, piece, plays, position

ME_K, ME_R, ME_B, ME_N = (piece(0, k) for k in range(4))


def test_deck_has_110_cards_with_the_spec_counts() -> None:
    counts = dict(zip(CARDS, DECK_COUNTS, strict=True))
    assert DECK_SIZE == 110
    assert counts["11"] == counts["13"] == 10
    assert counts["magnet"] == 6
    sevens = ["2", "3", "4", "5", "6", "1-7", "8", "9", "10", "12", "copy", "swap"]
    assert all(counts[c] == 7 for c in sevens)


def test_start_card_puts_a_chosen_kennel_piece_on_the_start_field() -> None:
    s = position({}, {0: ["11"]})
    starts = [a for a in plays(s, "11") if a.move == "start"]
    assert sorted(a.piece for a in starts) == [ME_K, ME_R, ME_B, ME_N]
    s.apply(find(s, card="11", piece=ME_K, move="start"))
    assert s.pos[ME_K] == 0 and s.blocked(0)


def test_only_11_and_13_are_start_cards() -> None:
    for card in ["2", "3", "4", "5", "6", "1-7", "8", "9", "10", "12", "swap", "magnet"]:
        s = position({ME_N: 20}, {0: [card]})
        assert not [a for a in plays(s) if a.move == "start"], card
    for card in ["11", "13"]:
        s = position({}, {0: [card]})
        assert [a for a in plays(s) if a.move == "start"], card


def test_start_is_illegal_with_an_own_piece_on_the_start_field() -> None:
    s = position({ME_N: 0}, {0: ["13"]})
    assert not [a for a in plays(s) if a.move == "start"]


def test_start_hits_a_foreign_piece_even_a_king_on_the_start_field() -> None:
    s = position({piece(1, K): 0}, {0: ["13"]})
    s.apply(find(s, card="13", piece=ME_N, move="start"))
    assert s.pos[piece(1, K)] == KENNEL and s.pos[ME_N] == 0


def test_eleven_moves_1_or_11() -> None:
    s = position({ME_B: 20}, {0: ["11"]})
    assert sorted(a.steps for a in plays(s, "11", ME_B)) == [1, 11]


def test_thirteen_moves_13() -> None:
    s = position({ME_B: 20}, {0: ["13"]})
    assert destinations(s, "13", ME_B) == {33}


def test_one_to_seven_moves_one_piece_any_value_1_to_7() -> None:
    s = position({ME_B: 20}, {0: ["1-7"]})
    assert sorted(a.steps for a in plays(s, "1-7", ME_B)) == [1, 2, 3, 4, 5, 6, 7]
    assert destinations(s, "1-7", ME_B) == set(range(21, 28))


def test_one_to_seven_hits_only_on_landing() -> None:
    s = position({ME_B: 20, piece(1, N): 22}, {0: ["1-7"]})
    s.apply(find(s, card="1-7", piece=ME_B, steps=5))
    assert s.pos[piece(1, N)] == 22


def test_plus_four_is_red_and_follows_rank() -> None:
    s = position({ME_N: 20, piece(1, R): 22}, {0: ["4"]})
    assert [a.move for a in plays(s, "4", ME_N)] == ["back"]


def test_option_plus4_green_lets_plus_four_ignore_rank() -> None:
    s = position({ME_N: 20, piece(1, R): 22}, {0: ["4"]}, plus4_green=True)
    assert sorted(a.move for a in plays(s, "4", ME_N)) == ["back", "forward"]


def test_ten_is_green() -> None:
    s = position({ME_N: 20, piece(1, K): 22}, {0: ["10", "9"]})
    assert destinations(s, "10", ME_N) == {30}
    assert destinations(s, "9", ME_N) == set()


def test_swap_exchanges_an_own_track_piece_with_another_colours_piece() -> None:
    s = position({ME_N: 20, piece(1, K): 40}, {0: ["swap"]})
    s.apply(find(s, card="swap", piece=ME_N, target=piece(1, K)))
    assert s.pos[ME_N] == 40 and s.pos[piece(1, K)] == 20


def test_swap_with_the_partner_is_allowed() -> None:
    s = position({ME_N: 20, piece(2, B): 40}, {0: ["swap"]})
    assert find(s, card="swap", target=piece(2, B))


def test_swap_of_two_own_pieces_is_not_allowed_by_default() -> None:
    s = position({ME_N: 20, ME_B: 40}, {0: ["swap"]})
    assert plays(s, "swap") == []


def test_option_swap_own() -> None:
    s = position({ME_N: 20, ME_B: 40}, {0: ["swap"]}, swap_own=True)
    assert len(plays(s, "swap")) == 2


def test_swap_ignores_kennel_goal_and_blocked_pieces() -> None:
    s = position(
        {ME_N: 20, piece(1, K): 16, piece(2, B): goal(0), ME_B: 0, piece(3, R): 50},
        {0: ["swap"]},
    )
    assert sorted((a.piece, a.target) for a in plays(s, "swap")) == [(ME_N, piece(3, R))]


def test_swap_must_be_played_even_when_it_hurts() -> None:
    s = position({ME_N: 60, piece(1, N): 5}, {0: ["swap"]})
    assert [a.move for a in plays(s)] == ["swap"]


def test_swap_hits_nothing_and_draws_nothing_on_a_special_field() -> None:
    s = position({ME_N: 8, piece(1, N): 30}, {0: ["swap"], 1: ["2"]})
    deck = s.deck_size
    events = s.apply(find(s, card="swap", piece=ME_N))
    assert s.deck_size == deck and not any(e[0] in ("hit", "drew") for e in events)
    assert s.pos[piece(1, N)] == 8


def test_swap_onto_its_own_start_field_blocks_it() -> None:
    s = position({ME_N: 20, piece(1, B): 0}, {0: ["swap"]})
    s.apply(find(s, card="swap", piece=ME_N))
    assert s.blocked(0)


def test_magnet_moves_behind_the_nearest_piece_ahead() -> None:
    s = position({ME_N: 20, piece(1, K): 31, piece(2, B): 40}, {0: ["magnet"]})
    assert destinations(s, "magnet", ME_N) == {30}


def test_magnet_passes_the_own_start_field_and_never_enters_the_goal() -> None:
    s = position({ME_N: 60, piece(1, K): 5}, {0: ["magnet"]})
    assert destinations(s, "magnet", ME_N) == {4}


def test_magnet_of_zero_fields_or_alone_on_the_ring_is_illegal() -> None:
    s = position({ME_N: 20, piece(1, K): 21}, {0: ["magnet"]})
    assert destinations(s, "magnet", ME_N) == set()
    s = position({ME_N: 20}, {0: ["magnet"]})
    assert destinations(s, "magnet", ME_N) == set()


def test_magnet_cannot_be_used_in_the_goal() -> None:
    s = position({ME_N: goal(0), piece(1, K): 21}, {0: ["magnet"]})
    assert destinations(s, "magnet", ME_N) == set()


def test_magnet_may_move_a_king_any_distance() -> None:
    s = position({ME_K: 20, piece(1, N): 45}, {0: ["magnet"]})
    assert destinations(s, "magnet", ME_K) == {44}


def test_copy_acts_as_the_top_discard_card() -> None:
    s = position({ME_B: 20}, {0: ["copy"]}, discard=["9", "1-7"])
    assert sorted(a.steps for a in plays(s, "copy", ME_B)) == [1, 2, 3, 4, 5, 6, 7]


def test_copy_is_unplayable_on_a_copy_or_an_empty_pile() -> None:
    s = position({ME_B: 20}, {0: ["copy", "2"]}, discard=["5", "copy"])
    assert plays(s, "copy") == []
    s = position({ME_B: 20}, {0: ["copy", "2"]})
    assert plays(s, "copy") == []


def test_copy_takes_the_copied_cards_colour() -> None:
    s = position({ME_N: 20, piece(1, K): 22}, {0: ["copy"]}, discard=["10"])
    assert destinations(s, "copy", ME_N) == {30}


def test_copied_start_card_is_a_start_card() -> None:
    s = position({}, {0: ["copy"]}, discard=["13"])
    assert {a.move for a in plays(s, "copy")} == {"start"}


def test_copy_persists_across_rounds_by_default() -> None:
    s = position({ME_B: 20}, {0: ["copy"]}, discard=["5"])
    s.round_discard_start = 1  # the 5 was played last round
    assert destinations(s, "copy", ME_B) == {25}


def test_option_copy_not_across_rounds() -> None:
    s = position({ME_B: 20}, {0: ["copy", "2"]}, discard=["5"], copy_across_rounds=False)
    s.round_discard_start = 1
    s._legal = None
    assert plays(s, "copy") == []


def test_played_card_goes_face_up_on_the_discard_pile() -> None:
    s = position({ME_B: 20}, {0: ["5", "2"]}, discard=["9"])
    s.apply(find(s, card="5", piece=ME_B))
    assert s.view(1)["discard_top"] == "5" and s.view(1)["discard_size"] == 2
    assert s.hand_size[0] == 1


@pytest.mark.parametrize("card", ["2", "3", "5", "6", "8", "9", "10", "12"])
def test_a_number_card_moves_exactly_its_value(card: str) -> None:
    s = position({ME_B: 20}, {0: [card]})
    assert [a.steps for a in plays(s, card, ME_B)] == [int(card)]
    assert destinations(s, card, ME_B) == {20 + int(card)}


def test_copy_of_a_swap_or_a_magnet_acts_as_that_card() -> None:
    s = position({ME_N: 20, piece(1, K): 31}, {0: ["copy"]}, discard=["swap"])
    assert [(a.move, a.target) for a in plays(s, "copy")] == [("swap", piece(1, K))]
    events = s.apply(find(s, card="copy"))
    assert events[0] == ("played", 0, "copy", "swap") and s.pos[ME_N] == 31
    s = position({ME_N: 20, piece(1, K): 31}, {0: ["copy"]}, discard=["magnet"])
    assert [a.move for a in plays(s, "copy")] == ["magnet"]
    assert destinations(s, "copy", ME_N) == {30}
