"""The examples of the seed text (``../shared/seeds/001_37bdca6e5e59221a.txt``) as scenarios
with scripted cards."""

from __future__ import annotations

import random

from spelkvall.core import CHANCE
from spelkvall.games.dogroyal import GAME, Dealer, Give, Place
from spelkvall.games.dogroyal.board import CARD_INDEX, KENNEL
from spelkvall.games.dogroyal.rules import DEAL, EXCHANGE, PLACE, PLAY

from .helpers import B, K, N, R, deal, destinations, find, goal, new_game, piece, plays, position

ME_K, ME_R, ME_B, ME_N = (piece(0, k) for k in range(4))


def test_game_opening_deal_exchange_placement_and_the_first_card() -> None:
    """ "Er mischt die Karten gründlich und teilt an jeden Spieler verdeckt 5 Karten aus ...
    tauschen die Teampartner gegenseitig je eine Karte verdeckt aus ... Zu Spielbeginn dürfen
    die Spieler jeweils noch eine Spielfigur auf ihr Startfeld setzen. Der Spieler, der den
    Kartenstapel vor sich hat, beginnt das Spiel." """
    s = new_game()
    s.apply(Dealer(0), CHANCE)  # Anna shuffles and deals; Bertil (left) starts
    deal(
        s,
        {
            1: ["5", "8", "2", "3", "12"],
            2: ["13", "9", "6", "6", "10"],
            3: ["2", "3", "4", "5", "6"],
            0: ["11", "11", "1-7", "swap", "copy"],
        },
    )
    assert s.phase == EXCHANGE and s.hand_size == [5, 5, 5, 5]
    # "Wenn z.B. der Partner keine Figuren auf der Laufbahn hat, ist es sinnvoll ihm eine
    # Startkarte zuzuschieben."
    s.apply(Give("11"), 0)
    s.apply(Give("13"), 2)
    s.apply(Give("12"), 1)
    s.apply(Give("2"), 3)
    assert s.hands[2][CARD_INDEX["11"]] == 1 and s.hands[0][CARD_INDEX["13"]] == 1
    assert s.phase == PLACE and s.current == 1
    s.apply(Place(piece(1, R)))
    s.apply(Place(piece(2, K)))
    s.apply(Place(piece(3, B)))
    s.apply(Place(piece(0, N)))
    assert s.phase == PLAY and s.current == 1  # "beginnt das Spiel"
    # "Spielt ein Spieler z.B. eine 5 aus, muss er eine seiner Spielfiguren um genau 5 Felder
    # im Uhrzeigersinn weiterbewegen. ... Der Spieler zieht keine Karte nach!"
    s.apply(find(s, card="5"))
    assert s.pos[piece(1, R)] == 21 and s.hand_size[1] == 4 and s.current == 2


def test_second_round_is_dealt_by_the_player_holding_the_deck_and_the_next_starts() -> None:
    """ "In der zweiten Runde verteilt der Spieler, der den Kartenstapel hat, erneut an alle
    Spieler je 5 Karten, und gibt den Kartenstapel an seinen linken Nachbarn weiter, der in
    dieser Runde beginnt." """
    s = position({piece(1, N): 20}, {1: ["2"]}, current=1)
    s.dealer, s.starter = 0, 1
    events = s.apply(find(s, card="2"))
    assert ("round", 3, 1, 2) in events and s.phase == DEAL and s.deal_seat == 2


def test_a_piece_must_run_past_the_goal_with_only_higher_cards() -> None:
    """ "So kann es durchaus auch passieren, dass ein Spieler, der z.B. mit 5 Schritten ins
    Ziel kommen würde, nur noch höhere Karten auf der Hand hat und somit am Ziel vorbei geht
    und mit der Figur eine weitere Runde drehen muss." """
    s = position({ME_B: 60}, {0: ["12"]})  # 5 would reach G0; 12 overshoots G3
    assert [a.goal for a in plays(s)] == [False]
    s.apply(plays(s)[0])
    assert s.pos[ME_B] == 8


def test_jumping_own_and_foreign_pieces_counts_the_fields() -> None:
    """ "Beim Bewegen dürfen eigene und fremde Figuren übersprungen werden (Ausnahme: blockierte
    Startfelder sowie Zielfelder), wobei das übersprungene Feld mitgezählt wird." """
    s = position({ME_B: 2, ME_N: 3, piece(1, B): 4}, {0: ["3"]})
    assert destinations(s, "3", ME_B) == {5}


def test_landing_on_an_occupied_field_hits_even_an_own_piece() -> None:
    """ "Endet der Zug eines Spielers auf einem Feld, auf dem bereits eine Figur steht, so wird
    diese Figur (auch eine eigene) geschlagen und in den gleichfarbigen Start zurückgestellt." """
    s = position({ME_B: 2, ME_N: 5}, {0: ["3"]})
    s.apply(find(s, card="3", piece=ME_B))
    assert s.pos[ME_N] == KENNEL


def test_a_player_who_cannot_move_shows_the_hand_and_sits_out() -> None:
    """ "Kann ein Spieler keine seiner Figuren bewegen, so zeigt er seine Karten vor. Die Karten
    verfallen und werden unter den Ablagestapel gelegt. Der Spieler scheidet für diese Runde
    aus." """
    s = position({ME_N: 20}, {0: ["2", "3"], 1: ["5", "12"]}, discard=["9"])
    events = s.apply(find(s, card="2"))
    assert ("no_move", 1, ("5", "12")) in events
    assert s.discard[:2] == [CARD_INDEX["5"], CARD_INDEX["12"]] and s.current == 0


def test_citizen_may_pass_citizens_and_fools_but_needs_green_for_higher_ranks() -> None:
    """ "Ein Bürger darf also an anderen Bürgern oder Narren vorbeiziehen. Um eine ranghöhere
    Figur zu überholen, benötigt er eine grüne Karte." """
    s = position({ME_B: 2, piece(1, B): 3, piece(1, N): 4, piece(2, R): 6}, {0: ["3", "5", "10"]})
    assert destinations(s, "3", ME_B) == {5}
    assert destinations(s, "5", ME_B) == set()
    assert destinations(s, "10", ME_B) == {12}


def test_foreign_king_on_my_start_field_is_hit_by_a_starting_fool_or_one_coming_round() -> None:
    """ "Somit darf z.B. auch ein fremder König auf meinem eigenen Startfeld von einem
    startenden Narren (aber auch von einem Narren, der eine komplette Runde gelaufen ist)
    geschlagen werden. Es ist also nicht möglich, das Startfeld eines Mitspielers zu
    blockieren." """
    s = position({piece(1, K): 0}, {0: ["13"]})
    s.apply(find(s, card="13", piece=ME_N))
    assert s.pos[piece(1, K)] == KENNEL and s.pos[ME_N] == 0
    s = position({piece(1, K): 0, ME_N: 62}, {0: ["2"]})
    s.apply(find(s, card="2", piece=ME_N, goal=False))
    assert s.pos[piece(1, K)] == KENNEL and s.pos[ME_N] == 0


def test_knight_passes_a_king_on_his_start_only_with_green_others_with_blue_and_red() -> None:
    """ "So darf er an einem König auf dessen Startfeld vorbeiziehen, benötigt dafür aber eine
    grüne Karte. Alle anderen Figuren auf dem Startfeld können vom Ritter mit beliebigen
    anderen blauen und roten Karten (Ausnahme: Magnet) übersprungen werden." """
    s = position({ME_R: 14, piece(1, K): 16}, {0: ["5", "10", "magnet"]})
    assert destinations(s, "5", ME_R) == set() and destinations(s, "10", ME_R) == {24}
    s = position({ME_R: 14, piece(1, B): 16}, {0: ["5", "13", "magnet"]})
    assert destinations(s, "5", ME_R) == {19} and destinations(s, "13", ME_R) == {27}
    assert destinations(s, "magnet", ME_R) == {15}


def test_knight_enters_his_goal_over_his_own_piece_on_the_start_field() -> None:
    """ "Als einzige Figur kann der Ritter beim ins Ziel ziehen auch über einen eigenen Stein
    auf dem Startfeld in sein eigenes Ziel ziehen." """
    s = position({ME_R: 61, ME_B: 0, ME_N: 60}, {0: ["4"]})
    assert goal(0) in destinations(s, "4", ME_R)
    assert all(not a.goal for a in plays(s, "4", ME_N))


def test_swap_onto_a_special_field_draws_no_card() -> None:
    """ "Durch Tauschen von zwei Figuren (von denen eine auf einem Sonderfeld steht) bekommt
    der Spieler keine neue Karte." """
    s = position({ME_N: 30, piece(1, B): 24}, {0: ["swap"], 1: ["13"]})
    hand = s.hand_size[0]
    s.apply(find(s, card="swap"))
    assert s.pos[ME_N] == 24 and s.hand_size[0] == hand - 1 and s.phase == PLAY


def test_king_only_with_cards_1_to_7_and_copy_only_if_the_copied_card_suits_him() -> None:
    """ "Dafür darf der König nur mit Karten des Wertes 1 bis 7 laufen ... Ein Kopierer darf
    für einen König nur dann gespielt werden, wenn die zuvor gespielte Karte auch für den König
    regulär eingesetzt werden kann." """
    s = position({ME_K: 20}, {0: ["copy", "9", "3"]}, discard=["12"])
    assert plays(s, "9", ME_K) == [] and plays(s, "copy", ME_K) == []
    assert destinations(s, "3", ME_K) == {23}


def test_fool_lets_up_to_two_points_lapse_only_into_the_goal() -> None:
    """ "Der Narr kann, wenn er ins Ziel hineinzieht, bis zu 2 Punkte verfallen lassen. Im
    Verlaufe des Spiels darf der Narr auf der umlaufenden Bahn ... keine Punkte verfallen
    lassen." """
    s = position({ME_N: 61}, {0: ["9"]})  # 9 from S-3 would need G5
    assert sorted(a.steps for a in plays(s) if a.goal) == [7]
    s = position({ME_N: 20}, {0: ["9"]})
    assert [a.steps for a in plays(s)] == [9]


def test_partner_helps_after_finishing_and_the_team_wins_with_its_last_piece() -> None:
    """ "Nachdem ein Spieler alle seine Figuren ins Ziel gezogen hat, hilft er seinem Partner
    und bewegt dessen Figuren ... Sobald mit einem komplett ausgeführten Zug ... die letzte
    Figur eines Teams im Ziel gelandet ist, steht das Siegerteam fest. Alle restlichen
    Handkarten werden abgelegt." """
    home = {piece(0, k): goal(k) for k in range(4)}
    home |= {piece(2, K): goal(3), piece(2, R): goal(2), piece(2, B): goal(1)}
    s = position({**home, piece(2, N): 29}, {0: ["3", "4"], 1: ["13"], 2: ["12"], 3: ["2"]})
    events = s.apply(find(s, card="4", piece=piece(2, N), goal=True))
    assert ("won", (0, 2)) in events
    assert s.result().winners == (0, 2)  # type: ignore[union-attr]
    assert sum(s.hand_size) == 0 and s.view(1)["hand"] == []
    assert GAME.describe_event(("won", (0, 2)), ["Anna", "Bertil", "Cecilia", "David"]) == (
        "Anna och Cecilia vinner!"
    )


def test_special_field_draw_by_a_number_card_or_the_magnet() -> None:
    """ "Ein Spieler, der eine Figur aktiv auf ein Sonderfeld zieht, zieht sofort eine
    zusätzliche Karte vom Kartenstapel. Dies kann durch eine Zahlenkarte oder durch den
    Magneten geschehen." """
    for card, pieces in [("5", {ME_N: 3}), ("magnet", {ME_N: 3, piece(1, N): 9})]:
        s = position(pieces, {0: [card], 1: ["13"]})
        s.apply(find(s, card=card, piece=ME_N))
        assert s.is_chance() and s.draw_seat == 0


def test_citizen_jumps_past_higher_ranks_and_blocked_start_fields() -> None:
    """ "Wenn der Bürger auf ein Sonderfeld zieht, darf er, nachdem er eine Karte gezogen hat,
    auf das nächste freie Sonderfeld im Uhrzeigersinn springen. Damit kann er auch an
    ranghöheren Figuren oder an blockierten Startfeldern vorbeikommen." """
    from spelkvall.games.dogroyal import Draw, Jump

    s = position({ME_B: 6, piece(1, K): 10, piece(1, N): 16}, {0: ["2"], 1: ["13"]})
    s.apply(find(s, card="2"))
    s.apply(Draw("6"), CHANCE)
    s.apply(Jump(True))
    assert s.pos[ME_B] == 24 and s.hand_size[0] == 1


def test_the_exchanged_card_is_seen_only_after_giving_ones_own() -> None:
    """ "Die neue Karte vom Partner darf erst angesehen werden, wenn die eigene Karte verdeckt
    zum Partner geschoben wurde." """
    s = new_game()
    s.apply(Dealer(0), CHANCE)
    deal(s, {i: ["2", "3", "5", "6", "8"] for i in range(4)})
    s.apply(Give("8"), 2)
    assert s.view(0)["hand"].count("8") == 1
    s.apply(Give("2"), 0)
    assert s.view(0)["hand"].count("8") == 2 and s.view(0)["hand"].count("2") == 0


def test_pieces_begin_in_the_kennel_and_partners_sit_opposite() -> None:
    """ "Die Spieler stellen ihre Spielfiguren ... auf den der Spielerfarbe entsprechenden
    Start. Jeweils zwei Personen, die sich gegenüber sitzen, spielen zusammen und bilden ein
    Team." """
    for n in (2, 3, 4):
        s = new_game(n)
        assert s.pos == [KENNEL] * (4 * n) and s.occ == [-1] * 64
    assert [s.team_of(seat) for seat in range(4)] == [(0, 2), (1, 3), (0, 2), (1, 3)]
    assert s.view(0)["teams"] == [[0, 2], [1, 3]]


def test_a_start_card_is_the_gift_for_a_partner_with_no_piece_on_the_track() -> None:
    """ "Wenn z.B. der Partner keine Figuren auf der Laufbahn hat, ist es sinnvoll ihm eine
    Startkarte zuzuschieben." (the heuristic bot follows the advice)"""
    hands = {0: ["11", "2", "5", "6", "8"], 1: ["2"] * 5, 2: ["3"] * 5, 3: ["9"] * 5}
    s = position({piece(0, N): 20}, {0: ["2"]})
    s.apply(find(s, card="2"))
    deal(s, hands)
    assert GAME.heuristic_action(s, 0, random.Random(1)) == Give("11")
    s = position({piece(0, N): 20, piece(2, B): 40}, {0: ["2"]})
    s.apply(find(s, card="2"))
    deal(s, hands)
    assert GAME.heuristic_action(s, 0, random.Random(1)) != Give("11")


def test_every_round_brings_five_new_cards_and_a_new_exchange() -> None:
    """ "Die Kartenanzahl ändert sich von Runde zu Runde nicht ... Es werden zu Rundenbeginn
    immer 5 Karten ausgeteilt." "Nach jedem Austeilen von 5 Karten wird zu Rundenbeginn dem
    Partner immer eine Karte verdeckt zugeschoben." """
    s = position({piece(0, N): 20}, {0: ["2"]}, round=7)
    s.apply(find(s, card="2"))
    deal(s, {i: ["2", "3", "5", "6", "8"] for i in range(4)})
    assert s.round == 8 and s.hand_size == [5] * 4 and s.phase == EXCHANGE


def test_only_own_pieces_may_be_moved() -> None:
    """ "Grundsätzlich können nur eigene Figuren gezogen werden." """
    others = {piece(s_, k): 16 * s_ + 4 + k for s_ in (1, 2, 3) for k in (K, R, B, N)}
    s = position({**others, ME_R: 60, ME_N: 50}, {0: ["2", "5", "1-7", "4", "11", "magnet"]})
    assert plays(s) and {a.piece for a in plays(s)} == {ME_K, ME_R, ME_B, ME_N}


def test_any_piece_may_hit_a_higher_one_but_a_king_only_a_king() -> None:
    """ "Seine Majestät der König darf nur von anderen Königen geschlagen werden! Ansonsten darf
    jede Figur jede andere schlagen (auch ranghöhere)." """
    s = position({ME_N: 3, piece(1, R): 8, piece(1, K): 9}, {0: ["5", "6"]})
    assert destinations(s, "5", ME_N) == {8} and destinations(s, "6", ME_N) == set()
    s.apply(find(s, card="5", piece=ME_N))
    assert s.pos[piece(1, R)] == KENNEL


def test_green_cards_still_stop_at_blocked_start_fields_but_not_the_knight() -> None:
    """ "Mit grünen Karten wird die Rangfolge außer Kraft gesetzt ... Startfeld, das mit einer
    gleichfarbigen Figur besetzt ist, blockiert aber weiterhin (Ausnahme: Ritter). Auch im Ziel
    darf weiterhin nicht übersprungen werden." The green cards are the 10 and the −4."""
    s = position({ME_B: 45, ME_R: 44, piece(3, N): 48}, {0: ["10"]})
    assert destinations(s, "10", ME_B) == set() and destinations(s, "10", ME_R) == {54}
    s = position({ME_B: 50, ME_R: 51, piece(3, N): 48}, {0: ["4"]})
    assert 46 not in destinations(s, "4", ME_B) and 47 in destinations(s, "4", ME_R)
    s = position({ME_B: 57, ME_N: goal(1)}, {0: ["10"]})
    assert goal(2) not in destinations(s, "10", ME_B)
