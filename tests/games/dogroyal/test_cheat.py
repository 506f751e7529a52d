"""Spec §6: the cheat house rule (off by default)."""

from __future__ import annotations

import pytest

from spelkvall.core import CHANCE
from spelkvall.games.dogroyal import Accuse, DogOptions, Forfeit
from spelkvall.games.dogroyal.board import CARD_INDEX, KENNEL
from spelkvall.games.dogroyal.rules import FORFEIT, PLAY

from .helpers import B, K, N, R, find, goal, piece, plays, position

ME_K, ME_R, ME_B, ME_N = (piece(0, k) for k in range(4))


def test_cheating_is_off_by_default() -> None:
    assert DogOptions().cheat_enabled is False
    s = position({ME_B: 20}, {0: ["5"]})
    assert all(a.cheat == 0 for a in plays(s)) and len(plays(s)) == 1


def test_cheat_moves_one_field_more_or_less_with_a_distance_card() -> None:
    s = position({ME_B: 20}, {0: ["5"]}, cheat_enabled=True)
    assert sorted((a.steps, a.cheat) for a in plays(s)) == [(4, -1), (5, 0), (6, 1)]


def test_no_cheat_with_swap_magnet_minus_four_or_start() -> None:
    s = position(
        {ME_B: 20, piece(1, N): 30}, {0: ["swap", "magnet", "4", "13"]}, cheat_enabled=True
    )
    for a in plays(s):
        if a.move in ("swap", "magnet", "back", "start"):
            assert a.cheat == 0
    assert {a.cheat for a in plays(s, "4") if a.move == "forward"} == {-1, 0, 1}


def test_cheat_must_be_a_legal_move_of_that_distance() -> None:
    s = position({ME_N: 20, piece(1, K): 26}, {0: ["5"]}, cheat_enabled=True)
    assert sorted((a.steps, a.cheat) for a in plays(s)) == [(4, -1), (5, 0)]


def test_king_cheats_only_up_to_seven() -> None:
    s = position({ME_K: 20}, {0: ["1-7", "6"]}, cheat_enabled=True)
    assert max(a.steps for a in plays(s, "1-7")) == 7
    assert max(a.steps for a in plays(s, "6")) == 7


def test_a_cheat_spends_the_windows_cheat_token() -> None:
    s = position({ME_B: 20}, {0: ["5", "6"], 1: ["13"]}, cheat_enabled=True)
    s.apply(find(s, card="5", cheat=1))
    assert s.cheat_tokens[0] == 0
    s.apply(find(s, piece=piece(1, K)))  # Bertil starts his King
    assert all(a.cheat == 0 for a in plays(s))


def test_tokens_are_renewed_every_five_rounds() -> None:
    s = position({ME_B: 20}, {0: ["5"]}, cheat_enabled=True, round=5)
    s.cheat_tokens = [0, 0, 0, 0]
    s.accuse_tokens = [0, 1, 0, 0]
    s.apply(find(s, card="5", cheat=0))
    assert s.round == 6 and s.cheat_tokens == [1] * 4 and s.accuse_tokens == [1] * 4


def test_others_see_only_the_card_and_the_final_position() -> None:
    honest = position({ME_B: 20}, {0: ["5"], 1: ["13"]}, cheat_enabled=True)
    cheat = position({ME_B: 19}, {0: ["5"], 1: ["13"]}, cheat_enabled=True)
    e1 = honest.apply(find(honest, card="5", cheat=0))
    e2 = cheat.apply(find(cheat, card="5", cheat=1))
    assert e1[0] == e2[0] == ("played", 0, "5", "")
    assert honest.view(1)["pieces"] == cheat.view(1)["pieces"]
    assert cheat.view(1)["cheat"]["my_open_cheat"] is False
    assert cheat.view(0)["cheat"]["my_open_cheat"] is True


def test_accuse_an_opponents_last_move_correctly_sends_the_piece_home() -> None:
    s = position({ME_B: 20, piece(1, N): 40}, {0: ["5"], 1: ["2", "3"]}, cheat_enabled=True)
    s.apply(find(s, card="5", cheat=1))
    assert Accuse(0) in s.legal_actions()
    events = s.apply(Accuse(0))
    assert ("accused", 1, 0, True) in events and s.pos[ME_B] == KENNEL
    assert s.phase == PLAY and s.current == 1 and Accuse(0) not in s.legal_actions()


def test_a_correct_accusation_takes_the_piece_from_the_goal_too() -> None:
    s = position({ME_B: 60, piece(1, N): 40}, {0: ["5"], 1: ["2"]}, cheat_enabled=True)
    s.apply(find(s, card="5", goal=True, cheat=1))
    assert s.pos[ME_B] == goal(1)
    s.apply(Accuse(0))
    assert s.pos[ME_B] == KENNEL


def test_correct_accusation_of_a_piece_already_home_costs_a_random_card() -> None:
    s = position(
        {ME_B: 41, piece(1, N): 40, piece(2, N): 35, piece(3, N): 50},
        {0: ["5", "9", "9"], 1: ["5"], 2: ["2"], 3: ["2"]},
        cheat_enabled=True,
    )
    s.apply(find(s, card="5", cheat=-1))  # Anna: 41 -> 45, secretly one short
    s.apply(find(s, card="5", piece=piece(1, N), cheat=0))  # Bertil hits her Citizen on 45
    assert s.pos[ME_B] == KENNEL
    s.apply(find(s, card="2", piece=piece(2, N), cheat=0))  # Cecilia
    events = s.apply(Accuse(0))  # David
    assert ("accused", 3, 0, True) in events and s.phase == FORFEIT and s.is_chance()
    assert [a for a, _ in s.chance_outcomes()] == [Forfeit("9")]
    events = s.apply(Forfeit("9"), CHANCE)
    assert ("forfeited", 0, "9") in events and s.hands[0][CARD_INDEX["9"]] == 1
    assert s.phase == PLAY and s.current == 3 and s.card_count() == 110


def test_a_wrong_accusation_sends_the_accusers_least_advanced_track_piece_home() -> None:
    s = position(
        {ME_B: 20, piece(1, N): 40, piece(1, B): 18},
        {0: ["5"], 1: ["2"]},
        cheat_enabled=True,
    )
    s.apply(find(s, card="5", cheat=0))
    events = s.apply(Accuse(0))
    assert ("accused", 1, 0, False) in events
    assert s.pos[piece(1, B)] == KENNEL and s.pos[piece(1, N)] == 40


def test_a_wrong_accusation_without_a_track_piece_costs_a_random_card() -> None:
    s = position({ME_B: 20, piece(1, N): goal(0)}, {0: ["5"], 1: ["13", "2"]}, cheat_enabled=True)
    s.apply(find(s, card="5", cheat=0))
    s.apply(Accuse(0))
    assert s.phase == FORFEIT and s.forfeit_seat == 1


def test_only_opponents_and_only_their_open_last_move_may_be_accused() -> None:
    s = position(
        {ME_B: 20, piece(2, N): 40, piece(1, N): 50},
        {0: ["5"], 1: ["2"], 2: ["2"]},
        cheat_enabled=True,
    )
    s.apply(find(s, card="5", cheat=0))
    s.apply(find(s, card="2", cheat=0))  # Bertil does not accuse; Anna's move stays open
    assert Accuse(0) not in s.legal_actions()  # Cecilia is Anna's partner
    assert Accuse(1) in s.legal_actions()


@pytest.mark.parametrize(
    ("card", "discard", "cheats"),
    [
        ("2", [], {1, 3}),
        ("1-7", [], {8}),  # 0..6 are honest values of the card already
        ("11", [], {2, 10, 12}),
        ("13", [], {12, 14}),
        ("copy", ["9"], {8, 10}),
    ],
)
def test_every_forward_distance_card_allows_the_cheat(
    card: str, discard: list[str], cheats: set[int]
) -> None:
    s = position({ME_B: 20}, {0: [card]}, discard=discard, cheat_enabled=True)
    assert {a.steps for a in plays(s, card, ME_B) if a.cheat} == cheats


def test_a_spent_cheat_token_is_not_renewed_within_the_window() -> None:
    s = position({ME_B: 20}, {0: ["5"]}, cheat_enabled=True, round=2)
    s.apply(find(s, card="5", cheat=1))
    assert s.round == 3 and s.cheat_tokens == [0, 1, 1, 1]


def test_in_free_for_all_anyone_may_be_accused() -> None:
    s = position(
        {ME_B: 20, piece(1, N): 40, piece(2, N): 36},
        {0: ["5"], 1: ["2"], 2: ["2"]},
        cheat_enabled=True,
        n=3,
    )
    s.apply(find(s, card="5", cheat=0))
    assert Accuse(0) in s.legal_actions()
    s.apply(find(s, card="2", cheat=0))
    assert {Accuse(0), Accuse(1)} <= set(s.legal_actions())
    s = position({ME_B: 20, piece(2, N): 36}, {0: ["5"], 2: ["2"]}, cheat_enabled=True, teams=False)
    s.apply(find(s, card="5", cheat=0))
    assert s.current == 2 and Accuse(0) in s.legal_actions()


def test_an_accusation_concerns_only_the_most_recent_move_open_until_the_next_turn() -> None:
    s = position(
        {ME_B: 20, piece(1, N): 40, piece(1, B): 10, piece(2, N): 36, piece(3, N): 52},
        {0: ["5", "6"], 1: ["2", "3"], 2: ["2"], 3: ["2"]},
        cheat_enabled=True,
    )
    s.apply(find(s, card="5", cheat=1))  # Anna cheats: 20 -> 26
    s.apply(find(s, card="2", piece=piece(1, N), cheat=0))  # Bertil lets it pass
    s.apply(find(s, card="2", cheat=0))  # Cecilia
    assert Accuse(0) in s.legal_actions()  # David still could
    s.apply(find(s, card="2", cheat=0))
    assert 0 not in s.view(1)["cheat"]["open"]  # Anna's turn began: her cheat is closed
    s.apply(find(s, card="6", cheat=0))  # an honest move is now her most recent one
    events = s.apply(Accuse(0))
    assert ("accused", 1, 0, False) in events and s.pos[ME_B] == 32
    assert s.pos[piece(1, N)] == KENNEL and s.cheat_tokens[0] == 0
    # The accuse token is spent: Cecilia's open move can no longer be accused this window.
    assert 2 in s.view(1)["cheat"]["open"] and Accuse(2) not in s.legal_actions()


def test_play_on_a_finishing_move_cannot_be_accused() -> None:
    # Without play on the game ends with the finishing move; with it, that move stays final
    # too: the finished player is out of play and has no next turn to close it.
    home = {piece(0, k): goal(3 - k) for k in (K, R, B)}
    s = position(
        {**home, ME_N: 62, piece(1, N): 40, piece(2, N): 36},
        {0: ["2"], 1: ["2"], 2: ["2"]},
        cheat_enabled=True,
        n=3,
        play_on=True,
    )
    s.apply(find(s, card="2", goal=True, cheat=1))  # a cheat home: 62 -> G0 in 3 steps
    assert s.places == (0,) and s.current == 1
    assert Accuse(0) not in s.legal_actions() and 0 not in s.view(1)["cheat"]["open"]
    # A move that does not finish stays open as usual.
    s = position(
        {ME_N: 20, piece(1, N): 40, piece(2, N): 36},
        {0: ["2"], 1: ["2"], 2: ["2"]},
        cheat_enabled=True,
        n=3,
        play_on=True,
    )
    s.apply(find(s, card="2", cheat=1))
    assert Accuse(0) in s.legal_actions()
