"""The heuristic computer player (spec §10): always a legal action, also when captured or
stranded among others; buys by the baseline's rules; beats random play."""

from __future__ import annotations

import random

from spelkvall.core import CHANCE, Seat
from spelkvall.games.afrika import GAME
from spelkvall.games.afrika.actions import BUY, DECLINE, SAIL, TRY_TOKEN, WALK
from spelkvall.games.afrika.heuristic import budget, choose
from spelkvall.games.afrika.rules import BUY_PHASE

from .helpers import act, go, node, open_token, put, roll, table, turn_of


def play(policies: list[str], seed: int, **options: object) -> tuple[int, ...]:
    rng = random.Random(seed)
    s = GAME.new_state([Seat(f"P{i}") for i in range(len(policies))], GAME.parse_options(options))
    while not s.is_terminal():
        if s.is_chance():
            s.apply(s.sample_chance(rng), CHANCE)
            continue
        p = s.players_to_act()[0]
        legal = s.legal_actions(p)
        if policies[p] == "heuristic":
            action = GAME.heuristic_action(s, p, rng)
            assert action in legal
        else:
            action = legal[rng.randrange(len(legal))]
        s.apply(action, p)
    return s.winners()


def test_the_heuristic_always_returns_a_legal_action_and_games_end() -> None:
    for seed in range(40):
        options = {"free_passage_2005": seed % 2 == 0, "escape_roll_moves": seed % 3 != 0}
        play(["heuristic"] * (2 + seed % 4), seed, **options)


def test_the_heuristic_beats_random_play() -> None:
    wins = 0
    for i in range(60):
        seats = ["heuristic", "random"] if i % 2 == 0 else ["random", "heuristic"]
        wins += play(seats, i) == (i % 2,)
    assert wins >= 45


def test_a_captured_heuristic_player_has_its_roll_then_a_move() -> None:
    s = table(2)
    put(s, 1, "hz_bedouins", money=0)
    s.captured[1] = True
    turn_of(s, 1)
    roll(s, 1)
    action = choose(s, 1, random.Random(1))
    assert action in s.legal_actions(1)


def test_a_heuristic_player_buys_on_the_mainland_with_100() -> None:
    s = table(2)
    act(s, WALK)
    roll(s, 5)
    go(s, "tunis")
    s.money[0] = 100
    assert choose(s, 0, random.Random(1)) == BUY


def test_a_heuristic_player_keeps_the_fare_on_an_island() -> None:
    s = table(2)
    put(s, 0, "tangier", money=200)
    act(s, SAIL[node("canary_islands")])
    roll(s, 3)
    assert s.phase == BUY_PHASE and s.money[0] == 100
    assert choose(s, 0, random.Random(1)) == DECLINE
    s.money[0] = 200
    assert choose(s, 0, random.Random(1)) == BUY


def test_a_broke_heuristic_player_rolls_for_the_token_it_stands_on() -> None:
    s = table(2)
    put(s, 0, "tunis", money=0)
    assert choose(s, 0, random.Random(1)) == TRY_TOKEN


def test_a_star_holder_heads_home_and_leaves_tokens() -> None:
    s = table(2)
    put(s, 0, "tunis", money=300)
    s.star[0] = True
    open_token(s, "egypt", "star", seat=0)
    s._plan_turn()
    assert choose(s, 0, random.Random(1)) not in (BUY, TRY_TOKEN)
    assert budget(s, 0) == 300


def test_the_budget_follows_the_table() -> None:
    s = table(2)
    for money, spend in ((0, 0), (100, 0), (300, 100), (500, 100), (900, 300), (1500, 500)):
        s.money[0] = money
        assert budget(s, 0) == spend, money
    open_token(s, "egypt", "star", seat=1)
    s.star[1] = True
    s.money[0] = 300
    assert budget(s, 0) == 200
