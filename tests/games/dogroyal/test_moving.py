"""Spec §1, §5.3-5.6: the ring, the goal, blocked start fields, rank, backward, hitting."""

from __future__ import annotations

from spelkvall.games.dogroyal.board import KENNEL

from .helpers import B, K, N, R, destinations, find, goal, piece, plays, position

ME_K, ME_R, ME_B, ME_N = (piece(0, k) for k in range(4))


def test_number_card_moves_exactly_n_fields_clockwise() -> None:
    s = position({ME_B: 3}, {0: ["5"]})
    assert destinations(s, "5", ME_B) == {8}


def test_pieces_passed_are_counted_and_may_be_jumped() -> None:
    s = position({ME_B: 3, piece(1, N): 5, ME_N: 6}, {0: ["5"]})
    assert destinations(s, "5", ME_B) == {8}


def test_ring_wraps_round_from_63_to_0() -> None:
    s = position({piece(1, B): 62}, {1: ["5"]}, current=1)
    assert destinations(s, "5", piece(1, B)) == {3}


def test_start_field_counts_as_a_step_into_the_goal() -> None:
    # Spec §1: from S-1 a 2 reaches G0; from S-4 a 5 reaches G0 and an 8 reaches G3.
    s = position({ME_B: 63}, {0: ["2"]})
    assert destinations(s, "2", ME_B) == {goal(0), 1}
    s = position({ME_B: 60}, {0: ["5", "8"]})
    assert goal(0) in destinations(s, "5", ME_B)
    assert goal(3) in destinations(s, "8", ME_B)


def test_goal_cannot_be_overshot() -> None:
    s = position({ME_B: 60}, {0: ["9"]})
    assert destinations(s, "9", ME_B) == {5}  # only round the board again


def test_entering_the_goal_is_optional_by_default() -> None:
    s = position({ME_B: 62}, {0: ["3"]})
    assert destinations(s, "3", ME_B) == {goal(0), 1}


def test_option_goal_entry_mandatory_drops_the_track_move() -> None:
    s = position({ME_B: 62}, {0: ["3"]}, goal_entry_optional=False)
    assert destinations(s, "3", ME_B) == {goal(0)}


def test_a_move_beginning_on_the_own_start_field_never_enters_the_goal() -> None:
    s = position({ME_B: 0}, {0: ["2"]})
    assert destinations(s, "2", ME_B) == {2}


def test_nothing_may_be_jumped_in_the_goal() -> None:
    s = position({ME_B: 62, ME_N: goal(1)}, {0: ["5"]})
    assert goal(2) not in destinations(s, "5", ME_B)


def test_landing_on_an_occupied_goal_field_is_illegal() -> None:
    s = position({ME_B: 62, ME_N: goal(0)}, {0: ["3"]})
    assert destinations(s, "3", ME_B) == {1}


def test_pieces_in_the_goal_move_on_by_exact_count() -> None:
    s = position({ME_B: goal(0), ME_N: 20}, {0: ["2", "5"]})
    assert destinations(s, "2", ME_B) == {goal(2)}
    assert destinations(s, "5", ME_B) == set()


def test_goal_pieces_cannot_jump_inside_the_goal() -> None:
    s = position({ME_B: goal(0), ME_N: goal(1), ME_R: 20}, {0: ["2"]})
    assert destinations(s, "2", ME_B) == set()


def test_blocked_start_field_cannot_be_passed() -> None:
    # David's piece stands on David's start field 48: nobody passes.
    s = position({ME_B: 45, piece(3, N): 48}, {0: ["5"]})
    assert destinations(s, "5", ME_B) == set()


def test_blocked_start_field_cannot_be_landed_on() -> None:
    s = position({ME_B: 45, piece(3, N): 48}, {0: ["3"]})
    assert destinations(s, "3", ME_B) == set()


def test_own_piece_on_own_start_blocks_own_pieces_too() -> None:
    s = position({ME_B: 62, ME_N: 0}, {0: ["3"]})
    assert destinations(s, "3", ME_B) == set()  # neither past it nor into the goal


def test_blocked_start_field_blocks_no_matter_how_the_piece_got_there() -> None:
    # A piece that went round and stopped on its own start field blocks too.
    s = position({ME_B: 45, piece(3, R): 44}, {3: ["4"], 0: ["5"]}, current=3)
    s.apply(find(s, card="4", piece=piece(3, R), move="forward"), 3)
    assert s.blocked(48)
    assert s.current == 0 and destinations(s, "5", ME_B) == set()


def test_a_foreign_piece_on_a_start_field_does_not_block() -> None:
    s = position({ME_B: 45, piece(0, N): 48}, {0: ["5"]})
    assert destinations(s, "5", ME_B) == {50}


def test_green_card_does_not_lift_the_blockade() -> None:
    s = position({ME_B: 45, piece(3, N): 48}, {0: ["10"]})
    assert destinations(s, "10", ME_B) == set()


def test_rank_lower_piece_may_not_pass_a_higher_one() -> None:
    s = position({ME_N: 3, piece(1, B): 5}, {0: ["5"]})
    assert destinations(s, "5", ME_N) == set()


def test_rank_applies_to_own_pieces_too() -> None:
    s = position({ME_N: 3, ME_K: 5}, {0: ["5"]})
    assert destinations(s, "5", ME_N) == set()


def test_equal_or_lower_ranks_may_be_passed() -> None:
    s = position({ME_B: 3, piece(1, B): 4, piece(2, N): 5}, {0: ["5"]})
    assert destinations(s, "5", ME_B) == {8}


def test_green_card_ignores_rank() -> None:
    s = position({ME_N: 3, piece(1, K): 5}, {0: ["10"]})
    assert destinations(s, "10", ME_N) == {13}


def test_a_piece_landed_on_is_not_passed() -> None:
    s = position({ME_N: 3, piece(1, R): 8}, {0: ["5"]})
    assert destinations(s, "5", ME_N) == {8}


def test_landing_hits_the_piece_back_to_its_kennel() -> None:
    s = position({ME_B: 3, piece(1, N): 8}, {0: ["5"]})
    s.apply(find(s, card="5", piece=ME_B))
    assert s.pos[piece(1, N)] == KENNEL and s.pos[ME_B] == 8


def test_own_and_partner_pieces_are_hit_too() -> None:
    s = position({ME_B: 3, ME_N: 8, piece(2, N): 9}, {0: ["5", "6"]})
    assert 8 in destinations(s, "5", ME_B) and 9 in destinations(s, "6", ME_B)
    s.apply(find(s, card="5", piece=ME_B))
    assert s.pos[ME_N] == KENNEL


def test_a_piece_blocked_on_its_own_start_cannot_be_hit() -> None:
    s = position({ME_B: 13, piece(1, N): 16}, {0: ["3"]})
    assert destinations(s, "3", ME_B) == set()


def test_a_king_can_only_be_hit_by_a_king() -> None:
    s = position({ME_B: 3, ME_K: 4, piece(1, K): 8}, {0: ["5", "4"]})
    assert destinations(s, "5", ME_B) == set()
    assert 8 in destinations(s, "4", ME_K)


def test_a_foreign_king_on_my_start_field_is_hit_by_any_of_my_pieces() -> None:
    s = position({ME_N: 61, piece(1, K): 0}, {0: ["3"]})
    assert 0 in destinations(s, "3", ME_N)
    s.apply(find(s, card="3", piece=ME_N, goal=False))
    assert s.pos[piece(1, K)] == KENNEL


def test_green_cards_do_not_let_a_piece_hit_a_king() -> None:
    s = position({ME_B: 3, piece(1, K): 13}, {0: ["10"]})
    assert destinations(s, "10", ME_B) == set()


def test_option_green_hits_king() -> None:
    s = position({ME_B: 3, piece(1, K): 13}, {0: ["10"]}, green_hits_king=True)
    assert destinations(s, "10", ME_B) == {13}


def test_minus_four_moves_backward_ignoring_rank() -> None:
    s = position({ME_N: 10, piece(1, K): 8}, {0: ["4"]})
    assert 6 in destinations(s, "4", ME_N)


def test_minus_four_never_enters_the_goal_and_goal_pieces_do_not_go_back() -> None:
    s = position({ME_N: 2, ME_B: goal(1)}, {0: ["4"]})
    assert find(s, card="4", piece=ME_N, move="back")
    assert s.plan_of(find(s, card="4", piece=ME_N, move="back"))[2] == 62  # type: ignore[index]
    assert [a.move for a in plays(s, "4", ME_B)] == []


def test_minus_four_is_stopped_by_a_blocked_start_field() -> None:
    s = position({ME_N: 18, piece(1, R): 16}, {0: ["4"]})
    assert [a.move for a in plays(s, "4", ME_N)] == ["forward"]


def test_minus_four_from_the_own_start_field_is_allowed() -> None:
    s = position({ME_N: 0}, {0: ["4"]})
    assert destinations(s, "4", ME_N) == {4, 60}


def test_minus_four_hits_on_landing_but_not_a_king() -> None:
    s = position({ME_N: 10, piece(1, N): 6}, {0: ["4"]})
    assert 6 in destinations(s, "4", ME_N)
    s = position({ME_N: 10, piece(1, K): 6}, {0: ["4"]})
    assert 6 not in destinations(s, "4", ME_N)


def test_minus_four_never_lands_on_a_blocked_start_field() -> None:
    s = position({ME_N: 20, piece(1, N): 16}, {0: ["4"]})
    assert [a.move for a in plays(s, "4", ME_N)] == ["forward"]


def test_minus_four_onto_the_own_start_field_blocks_it() -> None:
    s = position({piece(1, N): 20, ME_B: 12}, {1: ["4"], 0: ["5"]}, current=1)
    s.apply(find(s, card="4", piece=piece(1, N), move="back"))
    assert s.pos[piece(1, N)] == 16 and s.blocked(16)
    assert destinations(s, "5", ME_B) == set()  # 12 + 5 would pass 16


def test_minus_four_onto_my_start_field_hits_a_foreign_king_there() -> None:
    s = position({ME_N: 4, piece(1, K): 0}, {0: ["4"]})
    s.apply(find(s, card="4", piece=ME_N, move="back"))
    assert s.pos[ME_N] == 0 and s.pos[piece(1, K)] == KENNEL


def test_a_foreign_king_on_a_third_players_start_field_stays_protected() -> None:
    # The exception is only for *my* start field: Bertil's King on Cecilia's start field is
    # safe from Anna's Citizen, but Cecilia's Citizen may hit it there.
    s = position({ME_B: 29, piece(1, K): 32}, {0: ["3"]})
    assert destinations(s, "3", ME_B) == set()
    s = position({piece(2, B): 29, piece(1, K): 32}, {2: ["3"]}, current=2)
    assert destinations(s, "3", piece(2, B)) == {32}


def test_green_card_may_not_jump_over_an_occupied_goal_field() -> None:
    # From S-7 a 10 would reach G2, past Anna's own Fool on G1.
    s = position({ME_B: 57, ME_N: goal(1)}, {0: ["10"]})
    assert destinations(s, "10", ME_B) == {3}
    s = position({ME_B: 57}, {0: ["10"]})
    assert destinations(s, "10", ME_B) == {goal(2), 3}
