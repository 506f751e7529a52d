"""The Fia heuristic: each test names the behaviour it must show."""

from __future__ import annotations

import random

from spelkvall.bots import Observation, make_bot
from spelkvall.core import CHANCE, Seat
from spelkvall.games.fia import ENTER, ENTER_SIX, ENTER_TWO, GAME, MOVES, FiaState, Roll, heuristic
from spelkvall.games.fia.board import UNIVERSAL
from spelkvall.games.fia.rules import ROLL

NAMES = ("Micael", "Samir", "Pontus", "Anna")


def position(pieces: dict[int, list[int]], current: int, die: int, players: int = 4) -> FiaState:
    """A state where seat ``current`` has just rolled ``die``; ``pieces[seat]`` are local
    positions (missing seats keep every piece in the nest). Seat i plays colour i."""
    state = GAME.new_state([Seat(NAMES[i]) for i in range(players)])
    for seat, locs in pieces.items():
        colour = state.colour_of[seat]
        for i, p in enumerate(locs):
            state.pos[4 * colour + i] = p
            square = UNIVERSAL[colour][p]
            if square >= 0:
                state.occ[square] = colour
    state.phase = ROLL
    state.current = current
    state.apply(Roll(die), CHANCE)
    assert state.players_to_act() == (current,), "the position must leave a choice"
    return state


def test_heuristic_knocks_out_when_it_can() -> None:
    # Red piece 1 on square 5 can hit blue on universal 8 (red local 9) with a 4; piece 2 on
    # square 20 would just walk on.
    state = position({0: [5, 20, 0, 0], 1: [39, 0, 0, 0]}, current=0, die=4)
    assert UNIVERSAL[1][39] == UNIVERSAL[0][9]
    assert heuristic.choose(state) == MOVES[0]


def test_heuristic_brings_a_piece_out_with_a_one() -> None:
    state = position({0: [12, 0, 0, 0]}, current=0, die=1)
    assert set(state.legal_actions()) == {ENTER, MOVES[0]}
    assert heuristic.choose(state) == ENTER


def test_heuristic_brings_a_piece_out_with_a_six_rather_than_walk_on() -> None:
    state = position({0: [20, 0, 0, 0]}, current=0, die=6, players=2)
    assert set(state.legal_actions()) == {ENTER_TWO, ENTER_SIX, MOVES[0]}
    assert heuristic.choose(state) in (ENTER_TWO, ENTER_SIX)


def test_heuristic_avoids_stopping_just_ahead_of_an_opponent() -> None:
    # A 3: piece 1 (square 10) would land 2 ahead of blue's piece on red's square 11; piece 2
    # (square 25) lands where nobody can reach it.
    state = position({0: [10, 25, 0, 0], 1: [1, 0, 0, 0]}, current=0, die=3)
    assert UNIVERSAL[1][1] == UNIVERSAL[0][11]
    assert heuristic.choose(state) == MOVES[1]


def test_heuristic_runs_from_a_threatened_square() -> None:
    # Red piece 1 on square 20 has a blue piece 3 behind it; piece 2 on square 30 is safe.
    # Two players, so nothing else threatens either landing square: piece 1 gets away.
    state = position({0: [20, 30, 45, 45], 1: [7, 0, 0, 0]}, current=0, die=6, players=2)
    assert UNIVERSAL[1][7] == UNIVERSAL[0][17]
    assert heuristic.choose(state) == MOVES[0]


def test_heuristic_avoids_an_opponents_entry_square_while_their_nest_is_full() -> None:
    # Blue starts on red's square 11. With a 2, piece 1 (square 9) would stop on it; piece 2
    # (square 30) is far from everyone.
    state = position({0: [9, 30, 45, 45]}, current=0, die=2)
    assert heuristic.choose(state) == MOVES[1]


def test_heuristic_moves_into_the_safe_middle_lane() -> None:
    # Piece 1 on square 38 enters the lane with a 4; piece 2 on square 14 would just walk on.
    state = position({0: [38, 14, 0, 0]}, current=0, die=4)
    assert heuristic.choose(state) == MOVES[0]


def test_heuristic_finishes_a_piece_when_it_can() -> None:
    state = position({0: [42, 14, 45, 45]}, current=0, die=3)
    assert heuristic.choose(state) == MOVES[0]


def test_heuristic_has_no_move_at_a_chance_node() -> None:
    state = GAME.new_state([Seat("A"), Seat("B")])
    assert heuristic.choose(state) is None
    assert GAME.heuristic_action(state, 0, random.Random(0)) is None


def test_game_hook_only_answers_for_the_player_to_move() -> None:
    state = position({0: [5, 20, 0, 0], 1: [39, 0, 0, 0]}, current=0, die=4)
    assert GAME.heuristic_action(state, 0, random.Random(0)) == MOVES[0]
    assert GAME.heuristic_action(state, 1, random.Random(0)) is None


def test_heuristic_bot_plays_the_heuristic_move() -> None:
    state = position({0: [5, 20, 0, 0], 1: [39, 0, 0, 0]}, current=0, die=4)
    bot = make_bot("heuristic", GAME)
    assert bot.choose(Observation(GAME, state, 0), random.Random(0)) == MOVES[0]


def _play(bots: list[str], rng: random.Random) -> int:
    seats = [Seat(NAMES[i], bot=b) for i, b in enumerate(bots)]
    state = GAME.new_state(seats)
    players = [make_bot(b, GAME) for b in bots]
    while not state.is_terminal():
        if state.is_chance():
            state.apply(state.sample_chance(rng), CHANCE)
            continue
        (seat,) = state.players_to_act()
        state.apply(players[seat].choose(Observation(GAME, state, seat), rng), seat)
    return state.winners()[0]


def test_heuristic_beats_three_random_players_far_more_often_than_a_quarter() -> None:
    # A random seat wins 25 % of 300 games (mean 75, sd 7.5). Requiring 105 wins (35 %) is
    # four standard deviations above chance, so an equal-strength bot cannot pass by luck.
    rng = random.Random(20261122)
    wins = sum(_play(["heuristic", "random", "random", "random"], rng) == 0 for _ in range(300))
    assert wins >= 105, wins
