"""Spec §3 and §5.7: special fields and the abilities of King, Knight, Citizen and Fool."""

from __future__ import annotations

from spelkvall.core import CHANCE
from spelkvall.games.dogroyal import Draw, Jump
from spelkvall.games.dogroyal.board import CARD_INDEX
from spelkvall.games.dogroyal.rules import DRAW, JUMP_PHASE, PLAY

from .helpers import B, K, N, R, destinations, find, goal, piece, plays, position

ME_K, ME_R, ME_B, ME_N = (piece(0, k) for k in range(4))


def test_ranks_king_knight_citizen_fool() -> None:
    from spelkvall.games.dogroyal.board import RANK

    assert RANK[K] > RANK[R] > RANK[B] > RANK[N]


# --- King ---------------------------------------------------------------------------------
def test_king_may_not_run_with_crossed_crown_cards() -> None:
    for card in ["8", "9", "10", "12"]:
        s = position({ME_K: 20, ME_N: 30}, {0: [card]})
        assert plays(s, card, ME_K) == [], card


def test_king_runs_with_2_3_5_6_plus_minus_4_and_1_to_7() -> None:
    for card in ["2", "3", "4", "5", "6", "1-7"]:
        s = position({ME_K: 20}, {0: [card]})
        assert plays(s, card, ME_K), card


def test_king_may_start_with_11_and_13_but_not_run_11_or_13() -> None:
    s = position({ME_K: 20, ME_N: 40}, {0: ["11", "13"]})
    assert sorted(a.steps for a in plays(s, "11", ME_K)) == [1]
    assert plays(s, "13", ME_K) == []
    s = position({}, {0: ["13"]})
    assert find(s, card="13", piece=ME_K, move="start")


def test_option_king_uses_one_off() -> None:
    s = position({ME_K: 20, ME_N: 40}, {0: ["11"]}, king_uses_one=False)
    assert plays(s, "11", ME_K) == []


def test_magnet_and_swap_may_be_applied_to_a_king() -> None:
    s = position({ME_K: 20, piece(1, N): 50}, {0: ["magnet", "swap"]})
    assert plays(s, "magnet", ME_K) and plays(s, "swap", ME_K)


def test_magnet_and_swap_move_a_king_any_distance_by_default() -> None:
    s = position({ME_K: 20, piece(1, N): 50, piece(2, K): 60}, {0: ["magnet", "swap"]})
    assert destinations(s, "magnet", ME_K) == {49}  # 29 fields
    assert {a.target for a in plays(s, "swap", ME_K)} == {piece(1, N), piece(2, K)}
    # An own Fool may swap with a King 40 fields away.
    s = position({ME_N: 20, piece(2, K): 60}, {0: ["swap"]})
    assert find(s, card="swap", piece=ME_N, target=piece(2, K))


def test_option_king_swap_any_distance_off_limits_a_king_to_seven_fields() -> None:
    # Magnet: the King moves at most 7 fields.
    s = position({ME_K: 20, piece(1, N): 50}, {0: ["magnet"]}, king_swap_any_distance=False)
    assert destinations(s, "magnet", ME_K) == set()
    s = position({ME_K: 20, piece(1, N): 28}, {0: ["magnet"]}, king_swap_any_distance=False)
    assert destinations(s, "magnet", ME_K) == {27}  # 7 fields
    s = position({ME_N: 20, piece(1, N): 50}, {0: ["magnet"]}, king_swap_any_distance=False)
    assert destinations(s, "magnet", ME_N) == {49}  # other pieces are not limited
    # Tauscher: a swap that moves a King needs the pieces at most 7 fields apart, counted the
    # shorter way round the ring (60 and 3 are 7 apart across field 0).
    pieces = {ME_K: 60, piece(1, N): 3, piece(1, B): 4, piece(3, R): 53, piece(3, B): 52}
    s = position(pieces, {0: ["swap"]}, king_swap_any_distance=False)
    assert {a.target for a in plays(s, "swap", ME_K)} == {piece(1, N), piece(3, R)}
    pieces = {ME_N: 20, piece(1, K): 27, piece(2, K): 28, piece(3, N): 60}
    s = position(pieces, {0: ["swap"]}, king_swap_any_distance=False)
    assert {a.target for a in plays(s, "swap", ME_N)} == {piece(1, K), piece(3, N)}


def test_copy_moves_a_king_only_if_the_copied_card_could() -> None:
    s = position({ME_K: 20}, {0: ["copy"]}, discard=["8"])
    assert plays(s, "copy", ME_K) == []
    s = position({ME_K: 20}, {0: ["copy"]}, discard=["6"])
    assert destinations(s, "copy", ME_K) == {26}


# --- Knight -------------------------------------------------------------------------------
def test_knight_passes_over_blocked_start_fields() -> None:
    s = position({ME_R: 45, piece(3, N): 48}, {0: ["5"]})
    assert destinations(s, "5", ME_R) == {50}


def test_knight_never_lands_on_a_blocked_start_field() -> None:
    s = position({ME_R: 45, piece(3, N): 48}, {0: ["3"]})
    assert destinations(s, "3", ME_R) == set()


def test_knight_passing_a_king_on_its_start_field_needs_a_green_card() -> None:
    s = position({ME_R: 45, piece(3, K): 48}, {0: ["5", "10"]})
    assert destinations(s, "5", ME_R) == set()
    assert destinations(s, "10", ME_R) == {55}


def test_knight_enters_his_goal_past_an_own_piece_on_his_start_field() -> None:
    s = position({ME_R: 62, ME_N: 0}, {0: ["3"]})
    assert destinations(s, "3", ME_R) == {goal(0), 1}


def test_knight_with_magnet_stops_behind_the_next_piece() -> None:
    s = position({ME_R: 45, piece(3, N): 48}, {0: ["magnet"]})
    assert destinations(s, "magnet", ME_R) == {47}


# --- special fields and the Citizen ---------------------------------------------------------
def test_there_are_four_special_fields_mid_quarter() -> None:
    s = position({}, {0: ["2"]})
    assert s.view(0)["board"]["special"] == [8, 24, 40, 56]


def test_option_special_offset_moves_the_special_fields() -> None:
    s = position({}, {0: ["2"]}, special_offset=4)
    assert s.view(0)["board"]["special"] == [4, 20, 36, 52]


def test_moving_onto_a_special_field_draws_a_card() -> None:
    s = position({ME_N: 5}, {0: ["3", "2"], 1: ["13"]})
    events = s.apply(find(s, card="3", piece=ME_N))
    assert s.phase == DRAW and s.is_chance()
    s.apply(Draw("12"), CHANCE)
    assert s.hands[0][10] == 1 and s.hand_size[0] == 2
    assert events[-1][0] == "moved" and s.phase == PLAY and s.current == 1


def test_magnet_onto_a_special_field_draws_a_card() -> None:
    s = position({ME_N: 3, piece(1, N): 9}, {0: ["magnet"], 1: ["13"]})
    s.apply(find(s, card="magnet", piece=ME_N))
    assert s.phase == DRAW


def test_minus_four_onto_a_special_field_draws_a_card() -> None:
    s = position({ME_N: 12}, {0: ["4"], 1: ["13"]})
    s.apply(find(s, card="4", piece=ME_N, move="back"))
    assert s.phase == DRAW


def test_draw_happens_after_hitting() -> None:
    s = position({ME_N: 5, piece(1, N): 8}, {0: ["3"], 1: ["13"]})
    events = s.apply(find(s, card="3", piece=ME_N))
    assert [e[0] for e in events] == ["played", "hit", "moved"]
    assert s.phase == DRAW


def test_empty_deck_reshuffles_the_discard_pile_except_its_top_for_a_special_draw() -> None:
    s = position({ME_N: 5}, {0: ["3"], 1: ["13"]}, discard=["9", "12", "5"])
    s.deck = [[0] * 15]  # the deck is used up (this test does not need those cards)
    s.deck_size = 0
    events = s.apply(find(s, card="3", piece=ME_N))
    # The 3 just played is on top and stays; the other three go into the deck.
    assert ("reshuffled", 3) in events and s.phase == DRAW
    assert s.view(0)["discard_top"] == "3" and s.deck_size == 3


def test_no_card_is_drawn_when_deck_and_pile_are_empty() -> None:
    s = position({ME_N: 5}, {0: ["3"], 1: ["13"]})
    s.deck = [[0] * 15]
    s.deck_size = 0
    s.apply(find(s, card="3", piece=ME_N))
    assert s.phase == PLAY and s.current == 1 and s.hand_size[0] == 0


def test_option_special_draw_reshuffle_off_draws_nothing_from_an_empty_deck() -> None:
    s = position(
        {ME_N: 5}, {0: ["3"], 1: ["13"]}, discard=["9", "12", "5"], special_draw_reshuffle=False
    )
    s.deck = [[0] * 15]
    s.deck_size = 0
    events = s.apply(find(s, card="3", piece=ME_N))
    assert not [e for e in events if e[0] in ("reshuffled", "drew")]
    assert s.phase == PLAY and s.current == 1 and s.hand_size[0] == 0
    assert len(s.discard) == 4 and s.deck_size == 0
    # The Citizen still may jump, and the field he jumps to draws nothing either.
    s = position(
        {ME_B: 5},
        {0: ["3"], 1: ["13"]},
        discard=["9", "12"],
        special_draw_reshuffle=False,
        citizen_jump_draws=True,
    )
    s.deck = [[0] * 15]
    s.deck_size = 0
    s.apply(find(s, card="3", piece=ME_B))
    assert s.phase == JUMP_PHASE
    events = s.apply(Jump(True))
    assert s.pos[ME_B] == 24 and s.phase == PLAY and s.current == 1
    assert not [e for e in events if e[0] == "reshuffled"] and s.deck_size == 0


def test_citizen_jump_draw_from_an_empty_deck_reshuffles_by_default() -> None:
    s = position({ME_B: 5}, {0: ["3"], 1: ["13"]}, discard=["9", "12"], citizen_jump_draws=True)
    s.deck = [[0] * 15]
    s.deck_size = 0
    events = s.apply(find(s, card="3", piece=ME_B))
    assert ("reshuffled", 2) in events and s.phase == DRAW
    s.apply(Draw("9"), CHANCE)
    # Put the deck's last card (the 12) back under the pile: the deck is empty again.
    s.deck, s.deck_size = [[0] * 15], 0
    s.discard.insert(0, CARD_INDEX["12"])
    s.discard_counts[CARD_INDEX["12"]] += 1
    events = s.apply(Jump(True))
    assert ("reshuffled", 1) in events and s.phase == DRAW and s.deck_size == 1


def test_citizen_may_jump_after_drawing_to_the_next_free_special_field() -> None:
    s = position(
        {ME_B: 5, piece(1, K): 12, piece(1, R): 16, piece(2, N): 24}, {0: ["3"], 1: ["13"]}
    )
    s.apply(find(s, card="3", piece=ME_B))
    s.apply(Draw("5"), CHANCE)
    assert s.phase == JUMP_PHASE and s.view(0)["jump"] == {"piece": ME_B, "from": 8, "to": 40}
    events = s.apply(Jump(True))
    # Past a King (rank) and a blocked start field, over an occupied special field.
    assert ("jumped", 0, ME_B, 8, 40) in events and s.pos[ME_B] == 40
    assert s.deck_size == 110 - 2 - 1  # one card drawn, none for the jump


def test_citizen_jump_is_optional() -> None:
    s = position({ME_B: 5}, {0: ["3"], 1: ["13"]})
    s.apply(find(s, card="3", piece=ME_B))
    s.apply(Draw("5"), CHANCE)
    s.apply(Jump(False))
    assert s.pos[ME_B] == 8 and s.current == 1


def test_option_citizen_jump_mandatory_and_drawing() -> None:
    s = position({ME_B: 5}, {0: ["3"], 1: ["13"]}, citizen_jump_optional=False)
    s.apply(find(s, card="3", piece=ME_B))
    s.apply(Draw("5"), CHANCE)
    assert s.pos[ME_B] == 24
    s = position({ME_B: 5}, {0: ["3"], 1: ["13"]}, citizen_jump_draws=True)
    s.apply(find(s, card="3", piece=ME_B))
    s.apply(Draw("5"), CHANCE)
    s.apply(Jump(True))
    assert s.phase == DRAW
    s.apply(Draw("6"), CHANCE)
    assert s.hand_size[0] == 2 and s.phase == PLAY and s.current == 1


def test_citizen_has_no_jump_when_no_special_field_is_free() -> None:
    pieces = {ME_B: 5, piece(1, N): 24, piece(2, N): 40, piece(3, N): 56}
    s = position(pieces, {0: ["3"], 1: ["13"]})
    s.apply(find(s, card="3", piece=ME_B))
    s.apply(Draw("5"), CHANCE)
    assert s.phase == PLAY and s.current == 1


def test_other_pieces_do_not_jump() -> None:
    s = position({ME_N: 5}, {0: ["3"], 1: ["13"]})
    s.apply(find(s, card="3", piece=ME_N))
    s.apply(Draw("5"), CHANCE)
    assert s.phase == PLAY and s.current == 1


# --- Fool ---------------------------------------------------------------------------------
def test_fool_may_let_up_to_two_points_lapse_entering_the_goal() -> None:
    # From S-1 a 6 would overshoot (G3 needs 5); the Fool may go 5 or 4.
    s = position({ME_N: 63}, {0: ["6"]})
    assert destinations(s, "6", ME_N) == {goal(3), goal(2), 5}
    assert sorted(a.steps for a in plays(s, "6", ME_N) if a.goal) == [4, 5]


def test_fool_shortened_move_must_end_in_the_goal() -> None:
    s = position({ME_N: 50}, {0: ["5"]})
    assert destinations(s, "5", ME_N) == {55}


def test_other_pieces_cannot_shorten() -> None:
    s = position({ME_B: 63}, {0: ["6"]})
    assert destinations(s, "6", ME_B) == {5}


def test_fool_shortening_respects_occupied_goal_fields() -> None:
    s = position({ME_N: 63, ME_B: goal(3)}, {0: ["6"]})
    assert destinations(s, "6", ME_N) == {goal(2), 5}


def test_knight_passes_a_blocked_start_field_backwards_with_minus_four() -> None:
    # −4 is green: the Knight passes even a King on its start field, but never lands there.
    for blocker in (piece(1, N), piece(1, K)):
        s = position({ME_R: 18, blocker: 16}, {0: ["4"]})
        assert destinations(s, "4", ME_R) == {22, 14}
        s.apply(find(s, card="4", piece=ME_R, move="back"))
        assert s.pos[ME_R] == 14 and s.pos[blocker] == 16
    s = position({ME_R: 20, piece(1, N): 16}, {0: ["4"]})
    assert [a.move for a in plays(s, "4", ME_R)] == ["forward"]
    s = position({ME_B: 18, piece(1, N): 16}, {0: ["4"]})
    assert [a.move for a in plays(s, "4", ME_B)] == ["forward"]


def test_citizen_swapped_onto_a_special_field_neither_draws_nor_jumps() -> None:
    s = position({ME_B: 30, piece(1, B): 24}, {0: ["swap"], 1: ["13"]})
    s.apply(find(s, card="swap", piece=ME_B))
    assert s.pos[ME_B] == 24 and s.phase == PLAY and s.current == 1 and s.hand_size[0] == 0


def test_fool_already_in_the_goal_moves_by_exact_count_only() -> None:
    s = position({ME_N: goal(0)}, {0: ["5", "3"]})
    assert destinations(s, "5", ME_N) == set()
    assert destinations(s, "3", ME_N) == {goal(3)}
