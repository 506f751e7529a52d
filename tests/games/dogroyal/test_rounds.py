"""Spec §4, §5.1: dealing, dealer rotation, reshuffling, the exchange, placement, turns,
no legal card, helping the partner, the win, free-for-all, and the round limit."""

from __future__ import annotations

import pytest

from spelkvall.core import CHANCE, IllegalAction
from spelkvall.games.dogroyal import Dealer, Draw, Give, Place
from spelkvall.games.dogroyal.board import CARD_INDEX, KENNEL
from spelkvall.games.dogroyal.rules import DEAL, DRAW, EXCHANGE, OVER, PLACE, PLAY

from .helpers import B, K, N, R, deal, find, goal, new_game, piece, plays, position, thin_deck

HANDS = {
    0: ["2", "3", "5", "6", "13"],
    1: ["8", "9", "10", "12", "11"],
    2: ["1-7", "4", "swap", "magnet", "13"],
    3: ["11", "11", "2", "3", "5"],
}


def test_the_first_dealer_is_drawn_by_chance_and_nobody_rolls() -> None:
    s = new_game()
    assert s.is_chance() and s.chance_seat() is None
    assert sorted(a.seat for a, _ in s.chance_outcomes()) == [0, 1, 2, 3]  # type: ignore[attr-defined]
    assert s.players_to_act() == ()


def test_dealer_deals_five_each_starting_left_and_the_left_neighbour_starts() -> None:
    s = new_game()
    events = s.apply(Dealer(1), CHANCE)
    assert ("round", 1, 1, 2) in events and s.phase == DEAL
    order = []
    while s.phase == DEAL:
        order.append(s.deal_seat)
        s.apply(s.sample_chance(__import__("random").Random(len(order))), CHANCE)
    assert order[:4] == [2, 3, 0, 1] and len(order) == 20
    assert s.hand_size == [5, 5, 5, 5] and s.deck_size == 90


def test_dealer_rotates_clockwise_each_round() -> None:
    s = position({piece(0, N): 20}, {0: ["2"]}, current=0)
    s.dealer, s.starter = 3, 0
    s.apply(find(s, card="2"))
    assert s.phase == DEAL and (s.round, s.dealer, s.starter) == (3, 0, 1)


def test_deck_too_small_to_deal_reshuffles_the_pile_except_its_top() -> None:
    s = position({piece(0, N): 20}, {0: ["2"]}, discard=["5"] * 3)
    # Move all but 10 deck cards onto the discard pile so the next deal needs a reshuffle.
    thin_deck(s, 10)
    pile = len(s.discard)
    events = s.apply(find(s, card="2"))
    assert ("reshuffled", pile) in events  # the pile plus the 2 just played, minus its top
    assert s.discard == [CARD_INDEX["2"]] and s.deck_size == 10 + pile
    assert len(s.deck) == 2  # the old rest is dealt first, the reshuffled pile lies under it


def test_old_deck_rest_is_dealt_before_the_reshuffled_pile() -> None:
    s = position({piece(0, N): 20}, {0: ["2"]})
    thin_deck(s, 10)
    rest = s.deck[0][:]
    s.apply(find(s, card="2"))
    drawn = [0] * 15
    for _ in range(10):
        outcomes = s.chance_outcomes()
        assert all(rest[CARD_INDEX[a.card]] > 0 for a, _ in outcomes)  # type: ignore[attr-defined]
        card = outcomes[0][0]
        drawn[CARD_INDEX[card.card]] += 1  # type: ignore[attr-defined]
        s.apply(card, CHANCE)
    assert drawn == rest


def test_partners_exchange_one_card_secretly_and_simultaneously() -> None:
    s = new_game()
    s.apply(Dealer(3), CHANCE)
    deal(s, HANDS)
    assert s.phase == EXCHANGE and s.players_to_act() == (0, 1, 2, 3)
    s.apply(Give("13"), 0)
    assert s.players_to_act() == (1, 2, 3)
    assert s.view(2)["hand"] == sorted(HANDS[2], key=lambda c: CARD_INDEX[c])  # nothing yet
    assert s.view(0)["giving"] == "13" and s.view(2)["giving"] is None
    assert s.view(2)["seats"][0]["chosen"] is True
    events = s.apply(Give("swap"), 2)
    assert ("exchanged", 0, 2) in events
    assert "13" in s.view(2)["hand"] and "swap" in s.view(0)["hand"]
    assert s.view(0)["partner_has"] == "13"


def test_exchange_resolves_only_when_all_have_chosen() -> None:
    s = new_game()
    s.apply(Dealer(3), CHANCE)
    deal(s, HANDS)
    for seat, card in [(1, "8"), (0, "2"), (3, "5")]:
        s.apply(Give(card), seat)
        assert s.phase == EXCHANGE
    s.apply(Give("4"), 2)
    assert s.phase == PLACE


def test_a_seat_may_not_choose_twice_or_a_card_it_lacks() -> None:
    s = new_game()
    s.apply(Dealer(3), CHANCE)
    deal(s, HANDS)
    with pytest.raises(IllegalAction):
        s.apply(Give("12"), 0)
    s.apply(Give("2"), 0)
    with pytest.raises(IllegalAction):
        s.apply(Give("3"), 0)


def test_first_round_placement_after_the_exchange_from_the_start_player() -> None:
    s = new_game()
    s.apply(Dealer(3), CHANCE)
    deal(s, HANDS)
    for seat, card in [(0, "2"), (1, "8"), (2, "4"), (3, "5")]:
        s.apply(Give(card), seat)
    assert s.phase == PLACE and s.current == 0
    for seat, kind in [(0, K), (1, R), (2, B), (3, N)]:
        assert s.players_to_act() == (seat,)
        assert [a.piece for a in s.legal_actions()] == [piece(seat, k) for k in range(4)]  # type: ignore[attr-defined]
        s.apply(Place(piece(seat, kind)))
    assert [s.pos[piece(s_, k)] for s_, k in [(0, K), (1, R), (2, B), (3, N)]] == [0, 16, 32, 48]
    assert s.phase == PLAY and s.current == 0


def test_no_placement_in_later_rounds() -> None:
    s = position({piece(0, N): 20}, {0: ["2"]})
    s.apply(find(s, card="2"))
    deal(s, HANDS)
    for seat, card in [(0, "2"), (1, "8"), (2, "4"), (3, "5")]:
        s.apply(Give(card), seat)
    assert s.phase == PLAY


def test_option_no_first_round_placement() -> None:
    s = new_game(first_round_placement=False)
    s.apply(Dealer(3), CHANCE)
    deal(s, HANDS)
    for seat, card in [(0, "2"), (1, "8"), (2, "4"), (3, "5")]:
        s.apply(Give(card), seat)
    assert s.phase == PLAY


def test_turns_go_clockwise_and_empty_hands_are_skipped() -> None:
    s = position({piece(s_, N): 4 + 16 * s_ for s_ in range(4)}, {0: ["2"], 2: ["2"], 3: ["2"]})
    s.apply(find(s, card="2"))
    assert s.current == 2
    s.apply(find(s, card="2"))
    assert s.current == 3


def test_no_legal_card_reveals_the_hand_under_the_pile_and_sits_out() -> None:
    s = position({piece(0, N): 20}, {0: ["2", "3"], 1: ["8", "9"]}, discard=["5"])
    events = s.apply(find(s, card="2"))
    assert ("no_move", 1, ("8", "9")) in events
    assert s.hand_size[1] == 0 and s.current == 0
    assert s.discard[:2] == [CARD_INDEX["8"], CARD_INDEX["9"]]
    assert s.view(0)["discard_top"] == "2"


def test_there_is_no_voluntary_pass() -> None:
    s = position({piece(0, N): 20}, {0: ["2"]})
    assert all(a.kind == "play" for a in s.legal_actions())


def test_round_ends_when_every_hand_is_empty() -> None:
    s = position({piece(0, N): 20}, {0: ["2"], 1: ["8"]})
    s.apply(find(s, card="2"))
    assert s.phase == DEAL and s.round == 3


def test_finished_player_moves_the_partners_pieces() -> None:
    home = {piece(0, k): goal(k) for k in range(4)}
    s = position({**home, piece(2, B): 40}, {0: ["5"]})
    assert s.controls(0) == 2 and s.view(0)["seats"][0]["finished"]
    assert [a.piece for a in plays(s)] == [piece(2, B)]


def test_finished_player_starts_the_partners_pieces_on_the_partners_start() -> None:
    home = {piece(0, k): goal(k) for k in range(4)}
    s = position(home, {0: ["13"]})
    s.apply(find(s, piece=piece(2, K)))
    assert s.pos[piece(2, K)] == 32


def test_finishing_the_fourth_piece_switches_to_the_partner_from_the_next_card() -> None:
    pieces = {piece(0, K): goal(3), piece(0, R): goal(2), piece(0, B): goal(1), piece(0, N): 63}
    s = position({**pieces, piece(2, N): 40}, {0: ["2", "5"], 1: ["13"]})
    events = s.apply(find(s, card="2", goal=True))
    assert ("finished", 0) in events
    s.apply(find(s, piece=piece(1, K)))  # Bertil
    assert [a.piece for a in plays(s)] == [piece(2, N)]


def test_team_wins_when_its_eighth_piece_is_home_and_all_hands_are_discarded() -> None:
    pieces = {piece(0, k): goal(k) for k in range(4)}
    pieces |= {piece(2, K): goal(3), piece(2, R): goal(2), piece(2, B): goal(1), piece(2, N): 31}
    s = position(pieces, {0: ["2", "5"], 1: ["13", "3"], 3: ["2"]})
    events = s.apply(find(s, card="2", goal=True))
    assert ("won", (0, 2)) in events and s.phase == OVER
    result = s.result()
    assert result is not None and result.winners == (0, 2) and result.ranking == ((0, 2), (1, 3))
    assert sum(s.hand_size) == 0 and s.card_count() == 110
    # Laid down face up for everybody to see, seat by seat.
    assert [e for e in events if e[0] == "laid_down"] == [
        ("laid_down", 0, ("5",)),
        ("laid_down", 1, ("3", "13")),
        ("laid_down", 3, ("2",)),
    ]


def test_three_players_free_for_all_first_to_four_home_wins() -> None:
    pieces = {piece(1, K): goal(3), piece(1, R): goal(2), piece(1, B): goal(1), piece(1, N): 15}
    s = position(pieces, {1: ["2"], 0: ["13"]}, current=1, n=3)
    assert s.partner == (-1, -1, -1) and s.start == (0, 16, 32)
    events = s.apply(find(s, card="2", goal=True))
    assert ("won", (1,)) in events
    assert s.result().winners == (1,)  # type: ignore[union-attr]


def test_three_players_have_no_exchange() -> None:
    s = new_game(3)
    s.apply(Dealer(0), CHANCE)
    deal(s, {0: HANDS[0], 1: HANDS[1], 2: HANDS[2]})
    assert s.phase == PLACE


def test_two_players_sit_opposite() -> None:
    s = new_game(2)
    assert s.start == (0, 32) and s.partner == (-1, -1)


def test_option_teams_off_makes_four_players_free_for_all() -> None:
    s = new_game(4, teams=False)
    assert s.partner == (-1, -1, -1, -1)


def test_round_limit_ends_the_game_with_most_pieces_home_winning() -> None:
    s = position(
        {piece(1, K): goal(0), piece(3, K): goal(1), piece(0, N): 20},
        {0: ["2"]},
        round=5,
        round_limit=5,
    )
    events = s.apply(find(s, card="2"))
    assert ("round_limit", 5) in events and s.phase == OVER
    result = s.result()
    assert result is not None and result.winners == (1, 3) and result.details["round_limit"]


def test_players_act_only_on_their_turn() -> None:
    s = position({piece(0, N): 20}, {0: ["2"], 1: ["13"]})
    with pytest.raises(IllegalAction):
        s.apply(find(s, card="2"), 1)
    with pytest.raises(IllegalAction):
        s.apply(Draw("2"), CHANCE)
    assert s.phase == PLAY and s.hand_size == [1, 1, 0, 0] and s.pos[piece(0, N)] == 20
    assert s.pos[piece(1, K)] == KENNEL


def test_a_finished_player_still_gets_cards_and_exchanges() -> None:
    """ "Nachdem ein Spieler alle seine Figuren ins Ziel gezogen hat, hilft er seinem Partner
    ... Der Spieler erhält weiterhin Karten ausgeteilt." (seed)"""
    home = {piece(0, k): goal(k) for k in range(4)}
    s = position({**home, piece(2, N): 40}, {2: ["2"]}, current=2)
    s.apply(find(s, card="2"))
    deal(s, HANDS)
    assert s.hand_size[0] == 5 and s.phase == EXCHANGE and 0 in s.players_to_act()
    s.apply(Give("13"), 0)
    events = s.apply(Give("swap"), 2)
    assert ("exchanged", 0, 2) in events and s.hands[2][CARD_INDEX["13"]] == 2


def test_finished_player_swaps_the_partners_pieces_but_never_two_of_them() -> None:
    home = {piece(0, k): goal(k) for k in range(4)}
    pieces = {**home, piece(2, B): 20, piece(2, N): 40, piece(1, N): 50}
    s = position(pieces, {0: ["swap"]})
    assert sorted((a.piece, a.target) for a in plays(s, "swap")) == [
        (piece(2, B), piece(1, N)),
        (piece(2, N), piece(1, N)),
    ]


def test_finished_players_must_play_check_uses_the_partners_pieces() -> None:
    home = {piece(0, k): goal(k) for k in range(4)}
    # Cecilia's pieces all in the kennel: Anna's 5 and 9 move nothing, her hand is out.
    s = position({**home, piece(3, N): 52}, {3: ["2"], 0: ["5", "9"]}, current=3)
    events = s.apply(find(s, card="2"))
    assert ("no_move", 0, ("5", "9")) in events
    # A piece of Cecilia's on the track makes the 5 playable for Anna.
    s = position({**home, piece(3, N): 52, piece(2, N): 40}, {3: ["2"], 0: ["5", "9"]}, current=3)
    events = s.apply(find(s, card="2"))
    assert ("turn", 0) in events and {(a.piece, a.steps) for a in plays(s)} == {
        (piece(2, N), 5),
        (piece(2, N), 9),
    }


def test_the_helper_draws_the_card_for_moving_the_partners_piece_onto_a_special_field() -> None:
    home = {piece(0, k): goal(k) for k in range(4)}
    s = position({**home, piece(2, N): 37}, {0: ["3"], 1: ["13"], 2: ["2"]})
    s.apply(find(s, card="3"))
    assert s.phase == DRAW and s.draw_seat == 0
    s.apply(Draw("12"), CHANCE)
    assert s.hands[0][CARD_INDEX["12"]] == 1 and s.hand_size == [1, 1, 1, 0]


def test_no_reshuffle_while_the_deck_suffices_for_a_deal() -> None:
    s = position({piece(0, N): 20}, {0: ["2"]})
    thin_deck(s, 20)
    events = s.apply(find(s, card="2"))
    assert not [e for e in events if e[0] == "reshuffled"]
    assert s.phase == DEAL and s.deck_size == 20 and len(s.deck) == 1


def test_option_reshuffle_keeps_top_off_reshuffles_the_whole_pile() -> None:
    s = position({piece(0, N): 20}, {0: ["2"]}, discard=["5"] * 3, reshuffle_keeps_top=False)
    thin_deck(s, 10)
    pile = len(s.discard) + 1  # with the 2 about to be played
    events = s.apply(find(s, card="2"))
    assert ("reshuffled", pile) in events
    assert s.discard == [] and s.deck_size == 10 + pile and s.view(0)["copy_of"] is None


def test_two_players_free_for_all_without_exchange_first_home_wins() -> None:
    s = new_game(2)
    s.apply(Dealer(0), CHANCE)
    deal(s, {0: HANDS[0], 1: HANDS[1]})
    assert s.phase == PLACE and s.current == 1 and s.view(0)["teams"] is None
    s.apply(Place(piece(1, K)))
    s.apply(Place(piece(0, N)))
    assert (s.pos[piece(1, K)], s.pos[piece(0, N)]) == (32, 0) and s.phase == PLAY
    pieces = {piece(1, K): goal(3), piece(1, R): goal(2), piece(1, B): goal(1), piece(1, N): 31}
    s = position(pieces, {1: ["2"], 0: ["13"]}, current=1, n=2)
    events = s.apply(find(s, card="2", goal=True))
    assert ("won", (1,)) in events and s.result().winners == (1,)  # type: ignore[union-attr]


def test_option_first_dealer_random_off_seat_0_deals_first() -> None:
    s = new_game(first_dealer_random=False)
    assert s.chance_outcomes() == [(Dealer(0), 1.0)]
    with pytest.raises(IllegalAction):
        s.apply(Dealer(2), CHANCE)
    events = s.apply(s.sample_chance(__import__("random").Random(7)), CHANCE)
    assert events[:2] == [("first_dealer", 0), ("round", 1, 0, 1)] and s.deal_seat == 1


# --- play on for places (free-for-all) ------------------------------------------------------
HOME_BUT_FOOL = {K: goal(3), R: goal(2), B: goal(1)}


def almost_home(seat: int, fool_at: int) -> dict[int, int]:
    """``seat``'s King, Knight and Citizen in the goal, its Fool on ``fool_at``."""
    return {piece(seat, k): pos for k, pos in HOME_BUT_FOOL.items()} | {piece(seat, N): fool_at}


def test_without_play_on_the_first_player_home_ends_a_three_player_game() -> None:
    pieces = almost_home(1, 15) | almost_home(2, 31)
    s = position(pieces, {1: ["2"], 2: ["2"], 0: ["13"]}, current=1, n=3)
    events = s.apply(find(s, card="2", goal=True))
    assert ("won", (1,)) in events and s.phase == OVER
    result = s.result()
    assert result is not None and result.ranking == ((1,), (2,), (0,))  # the rest by pieces


def test_option_play_on_the_others_play_on_for_the_places() -> None:
    pieces = almost_home(1, 15) | almost_home(2, 28) | {piece(0, N): 5}
    s = position(pieces, {1: ["2", "5"], 2: ["3", "2"], 0: ["6"]}, current=1, n=3, play_on=True)
    events = s.apply(find(s, card="2", goal=True))
    assert ("finished", 1) in events and ("won", (1,)) in events and s.phase == PLAY
    assert s.result() is None and s.clone().places == (1,)
    # Out of play: Bertil's 5 went under the pile, shown; Cecilia plays next.
    assert ("laid_down", 1, ("5",)) in events
    assert s.hand_size[1] == 0 and s.discard[0] == CARD_INDEX["5"] and s.current == 2
    s.apply(find(s, card="3"))  # Cecilia
    s.apply(find(s, card="6"))  # Anna
    events = s.apply(find(s, card="2", goal=True))  # Cecilia is home
    assert ("finished_place", 2, 2) in events and s.phase == OVER
    result = s.result()
    assert result is not None and result.winners == (1,)
    assert result.ranking == ((1,), (2,), (0,)) and not result.details["round_limit"]


def test_play_on_deals_no_cards_to_a_finished_player_and_passes_the_deal_on() -> None:
    pieces = almost_home(1, 15) | {piece(0, N): 5, piece(2, N): 40}
    s = position(pieces, {1: ["2"], 2: ["3"]}, current=1, n=3, play_on=True)
    s.apply(find(s, card="2", goal=True))
    s.apply(find(s, card="3"))
    # The deck would pass to Bertil, this round's starter, but he is out: Cecilia deals,
    # Anna starts, and only the two of them get cards.
    assert s.phase == DEAL and (s.dealer, s.starter) == (2, 0) and s.deal_left == 10
    order = []
    while s.phase == DEAL:
        order.append(s.deal_seat)
        s.apply(s.sample_chance(__import__("random").Random(len(order))), CHANCE)
    assert order == [0, 2] * 5 and s.hand_size == [5, 0, 5]
    assert s.current == 0 and s.players_to_act() == (0,)


def test_play_on_four_players_free_for_all_ranks_by_finishing_order() -> None:
    pieces = almost_home(3, 47) | almost_home(1, 15) | {piece(0, N): 5, piece(2, N): 40}
    s = position(
        pieces,
        {3: ["2"], 0: ["2"], 1: ["2"], 2: ["2"]},
        current=3,
        teams=False,
        play_on=True,
    )
    assert ("won", (3,)) in s.apply(find(s, card="2", goal=True))
    s.apply(find(s, card="2"))  # Anna
    assert ("finished_place", 1, 2) in s.apply(find(s, card="2", goal=True))
    assert s.phase != OVER  # two players still have pieces to bring home


def test_play_on_at_the_round_limit_ranks_the_rest_by_pieces_home() -> None:
    pieces = almost_home(3, 47) | {piece(1, K): goal(3), piece(0, N): 5}
    s = position(
        pieces, {3: ["2"], 0: ["2"]}, current=3, teams=False, play_on=True, round=5, round_limit=5
    )
    s.apply(find(s, card="2", goal=True))
    events = s.apply(find(s, card="2"))
    assert ("round_limit", 5) in events and s.phase == OVER
    result = s.result()
    assert result is not None and result.winners == (3,) and result.details["round_limit"]
    assert result.ranking == ((3,), (1,), (0, 2))


def test_play_on_has_no_effect_in_a_team_game() -> None:
    pieces = almost_home(0, 63) | {piece(2, N): 40}
    s = position(pieces, {0: ["2", "5"], 1: ["13"]}, play_on=True)
    events = s.apply(find(s, card="2", goal=True))
    assert ("finished", 0) in events and not [e for e in events if e[0] == "won"]
    assert s.places == () and s.hand_size[0] == 1 and s.controls(0) == 2
