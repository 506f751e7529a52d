"""Threat, protection and removal (§A4, DECISIONs F3 and F4; §A5): the first piece met along
each direction counts, at any distance; two of the mover's own pieces remove an unprotected
piece, three a protected one; removed pieces are gone; players without pieces are skipped."""

from __future__ import annotations

import random

from spelkvall.core import CHANCE
from spelkvall.games.front import FrontOptions, FrontState
from spelkvall.games.front.rules import DECIDE, ROLL

from .helpers import ANNA, BERTIL, CECILIA, kinds, lines, place, play, sq, squares_of, table

TARGET = (0, 2, 4)  # Bertil's piece on Anna's e3


def test_two_own_pieces_first_along_two_lines_converge_and_may_remove_it() -> None:
    state = table()
    place(state, {ANNA: [(0, 2, 0), (0, 0, 4)], BERTIL: [TARGET, (1, 0, 0)], CECILIA: [(2, 0, 0)]})
    assert state.converging(sq(state, TARGET), ANNA) == (2, False)
    assert state.removable(ANNA) == [sq(state, TARGET)]


def test_lines_count_at_any_distance() -> None:
    state = table()
    # Anna's pieces are 4 squares left and, through the crossing, 5 squares up.
    place(state, {ANNA: [(0, 2, 0), (2, 0, 3)], BERTIL: [TARGET, (1, 0, 0)], CECILIA: [(2, 0, 0)]})
    assert state.first_piece(sq(state, TARGET), 3) == (sq(state, (2, 0, 3)), 5)
    assert state.removable(ANNA) == [sq(state, TARGET)]


def test_only_the_first_piece_along_a_line_counts() -> None:
    state = table()
    # Cecilia's piece stands between Anna's and the target: that line is Cecilia's.
    place(
        state,
        {
            ANNA: [(0, 2, 0), (0, 0, 4)],
            BERTIL: [TARGET, (1, 0, 0)],
            CECILIA: [(0, 2, 2), (2, 0, 0)],
        },
    )
    assert state.converging(sq(state, TARGET), ANNA) == (1, False)
    assert state.removable(ANNA) == []


def test_only_the_movers_own_pieces_count() -> None:
    state = table()
    place(state, {ANNA: [(0, 2, 0)], BERTIL: [TARGET, (1, 0, 0)], CECILIA: [(0, 0, 4), (2, 0, 0)]})
    assert state.removable(ANNA) == [] and state.removable(CECILIA) == []


def test_a_protected_piece_needs_three_lines() -> None:
    state = table()
    place(
        state,
        {
            ANNA: [(0, 2, 0), (0, 0, 4)],
            BERTIL: [TARGET, (0, 2, 7), (1, 0, 0)],
            CECILIA: [(2, 0, 0)],
        },
    )
    assert state.converging(sq(state, TARGET), ANNA) == (2, True)
    assert state.removable(ANNA) == []


def test_protection_is_mutual_and_needs_nothing_between() -> None:
    state = table()
    place(
        state, {ANNA: [(0, 1, 0)], BERTIL: [(0, 1, 2), (0, 1, 6), (1, 0, 0)], CECILIA: [(2, 0, 0)]}
    )
    assert state.protectors(sq(state, (0, 1, 2))) == [sq(state, (0, 1, 6))]
    assert state.protectors(sq(state, (0, 1, 6))) == [sq(state, (0, 1, 2))]
    state.cells[sq(state, (0, 1, 4))] = ANNA  # something between: no protection any more
    assert state.protectors(sq(state, (0, 1, 2))) == []


def test_a_protected_piece_on_an_edge_square_can_never_be_removed() -> None:
    state = table()
    # Column a has three directions; a friend takes one, only two are left for attackers.
    place(
        state,
        {
            ANNA: [(0, 3, 0), (0, 0, 0)],
            BERTIL: [(0, 2, 0), (0, 2, 5), (1, 0, 0)],
            CECILIA: [(2, 0, 0)],
        },
    )
    assert state.converging(sq(state, (0, 2, 0)), ANNA) == (2, True)
    assert state.removable(ANNA) == []


def test_removal_is_offered_only_when_the_count_is_reached_at_the_start_of_the_turn() -> None:
    state = table()
    place(state, {ANNA: [(0, 2, 0), (0, 0, 4)], BERTIL: [TARGET, (1, 0, 0)], CECILIA: [(2, 0, 0)]})
    assert state.phase == DECIDE
    place(state, {ANNA: [(0, 2, 0)], BERTIL: [TARGET, (1, 0, 0)], CECILIA: [(2, 0, 0)]})
    assert state.phase == ROLL


def test_removed_pieces_leave_the_game_for_good() -> None:
    state = table()
    place(state, {ANNA: [(0, 2, 0), (0, 0, 4)], BERTIL: [TARGET, (1, 0, 0)], CECILIA: [(2, 0, 0)]})
    play(state, state.legal_actions()[0])
    assert squares_of(state, BERTIL) == [(1, 0, 0)]
    assert sum(c == BERTIL for c in state.cells) == 1


def test_option_removed_return_sends_the_piece_back_to_its_owners_camp() -> None:
    state = table(options=FrontOptions(removed_return=True))
    place(state, {ANNA: [(0, 2, 0), (0, 0, 4)], BERTIL: [TARGET, (1, 0, 4)], CECILIA: [(2, 0, 0)]})
    events = play(state, state.legal_actions()[0])
    assert kinds(events) == ["removed", "sent_back", "turn"]
    # Column e of Bertil's camp is taken, so the nearest empty square to the left: d1.
    assert squares_of(state, BERTIL) == [(1, 0, 3), (1, 0, 4)]
    assert lines(state, events)[1] == "Bertils pjäs går tillbaka till d1 i baslägret."


def test_option_threat_range_counts_only_pieces_within_that_many_steps() -> None:
    pieces = {ANNA: [(0, 2, 0), (0, 0, 4)], BERTIL: [TARGET, (1, 0, 0)], CECILIA: [(2, 0, 0)]}
    state = table(options=FrontOptions(threat_range=3))
    place(state, pieces)  # the left line is 4 steps long
    assert state.removable(ANNA) == []
    state = table(options=FrontOptions(threat_range=4))
    place(state, pieces)
    assert state.removable(ANNA) == [sq(state, TARGET)]
    # Protection follows the same range: a friend too far away does not protect.
    protected = {ANNA: [(0, 2, 2), (0, 0, 4)], BERTIL: [TARGET, (2, 1, 3)], CECILIA: [(2, 0, 0)]}
    state = table()
    place(state, protected)  # Bertil's friend is 4 steps up, through the crossing
    assert state.converging(sq(state, TARGET), ANNA) == (2, True)
    assert state.removable(ANNA) == []
    state = table(options=FrontOptions(threat_range=3))
    place(state, protected)
    assert state.converging(sq(state, TARGET), ANNA) == (2, False)
    assert state.removable(ANNA) == [sq(state, TARGET)]


def test_a_player_who_loses_the_last_piece_is_skipped() -> None:
    state = table()
    place(state, {ANNA: [(0, 2, 0), (0, 0, 4)], BERTIL: [TARGET], CECILIA: [(2, 0, 0)]})
    events = play(state, state.legal_actions()[0])
    assert kinds(events) == ["removed", "eliminated", "turn"]
    assert lines(state, events)[1:] == [
        "Bertil har inga pjäser kvar och står över resten av spelet.",
        "Det är Cecilias tur.",
    ]
    assert state.current == CECILIA


def test_the_fast_removal_search_agrees_with_the_definition_in_random_positions() -> None:
    # §A4 read literally: every enemy piece, its four lines, the count and the protection.
    def by_definition(state: FrontState, seat: int) -> list[int]:
        out = []
        for other in range(3):
            for square in state.pos[other] if other != seat else ():
                n, protected = state.converging(square, seat)
                if n >= 3 or (n == 2 and not protected):
                    out.append(square)
        return sorted(out)

    rng = random.Random(3)
    checked = 0
    for options in (FrontOptions(), FrontOptions(threat_range=3, depth=5)):
        for _ in range(20):
            state = table(options=options)
            while not state.is_terminal():
                for seat in range(3):
                    assert state.removable(seat) == by_definition(state, seat)
                    checked += 1
                if state.is_chance():
                    state.apply(state.sample_chance(rng), CHANCE)
                else:
                    legal = state.legal_actions()
                    state.apply(legal[int(rng.random() * len(legal))], state.current)
    assert checked > 10_000
