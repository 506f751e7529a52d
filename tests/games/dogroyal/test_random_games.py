"""Random DogRoyal games to the end with the acceptance invariants checked in every state:
110 cards conserved across deck, hands and discard pile; 16 pieces conserved; never two pieces
on one field; a blocked start field is never passed except by a Knight (or a Citizen's jump,
which is not a move through fields); and no view shows another hand or the deck."""

from __future__ import annotations

import random

import pytest

from spelkvall.bots import Bot, Observation, make_bot
from spelkvall.core import CHANCE, Seat
from spelkvall.games.dogroyal import GAME, DogOptions, DogState, Play
from spelkvall.games.dogroyal.board import CARDS, GOAL0, KNIGHT, RING

from .conformance import check_cards, check_pieces
from .helpers import PublicPile

GAMES = 1000
ROUND_LIMIT = 25
"""Random play is aimless (it walks past its goal half the time and hits its own pieces): with
the default limit of 60 rounds two thirds of random games end by the limit, so the thousand
games stop after 25 rounds. The heuristic games below play the end game: helping and wins."""
SHARE = 100
"""The thousand games run as tests of this many each. They compile nothing (plain Python, no
kernel); they are simply big: about 1,000 steps a game, each with the invariants checked, some
50 ms of CPU a game on a developer's machine, 50 s in all. As one test, a loaded CI machine
(two workers, the other compiling the kernels) ran past pytest's 300 s timeout; a test of a
hundred is about 5 s of CPU, and the two workers share the ten."""


def path(state: DogState, action: Play, src: int, dst: int) -> list[int]:
    """The ring fields a move passes (not its start and destination)."""
    if action.move == "back":
        return [(src - i) % RING for i in range(1, 4)]
    if dst >= GOAL0:
        start = state.start[action.piece >> 2]
        steps = (start - src) % RING
        return [(src + i) % RING for i in range(1, steps + 1)]
    return [(src + i) % RING for i in range(1, (dst - src) % RING)]


def play_game(
    seed: int,
    options: DogOptions,
    check_views: bool = False,
    bots: list[Bot] | None = None,
    n: int = 4,
) -> DogState:
    rng = random.Random(seed)
    state = GAME.new_state([Seat(f"P{i}") for i in range(n)], options)
    public = PublicPile(options.reshuffle_keeps_top)
    while not state.is_terminal():
        check_cards(state)
        check_pieces(state)
        if check_views:
            check_view_secrecy(state, rng, public)
        if state.is_chance():
            public.see(state.apply(state.sample_chance(rng), CHANCE))
            continue
        player = rng.choice(state.players_to_act())
        if bots is None:
            legal = state.legal_actions(player)
            action = legal[int(rng.random() * len(legal))]
        else:
            action = bots[player].choose(Observation(GAME, state, player), rng)
        if isinstance(action, Play) and action.move in ("forward", "back"):
            src = state.pos[action.piece]
            plan = state.plan_of(action)
            assert plan is not None
            dst = plan[2]
            if src < GOAL0:
                blocked = [f for f in path(state, action, src, dst) if state.blocked(f)]
                if blocked:
                    assert action.piece & 3 == KNIGHT, (
                        f"seed {seed}: {action} passes the blocked start field {blocked}"
                    )
        public.see(state.apply(action, player))
    check_cards(state)
    check_pieces(state)
    if check_views:
        check_view_secrecy(state, rng, public)
    return state


def check_view_secrecy(state: DogState, rng: random.Random, public: PublicPile) -> None:
    """A view shows the own hand and the others' card counts only: redealing every card the
    player cannot see leaves the view unchanged, the view names no card of another hand, and
    the discard pile it counts holds only cards the events showed everybody."""
    for p in (*range(state.num_players), None):
        view = state.view(p)
        assert view["discard_counts"] == public.counts(), f"seat {p} sees an unshown discard"
        assert view["discard_top"] == (public.pile[-1] if public.pile else None)
        if p is None:
            continue
        assert view["hand"] == [
            c for c, k in zip(CARDS, state.hands[p], strict=True) for _ in range(k)
        ]
        assert "hands" not in view and "deck" not in view
        assert GAME.sample_state(state, p, rng).view(p) == view, "a view shows hidden cards"
    assert state.view(None)["hand"] is None


@pytest.mark.slow
@pytest.mark.parametrize("first", range(0, GAMES, SHARE))
def test_a_thousand_random_four_player_games_keep_the_invariants(first: int) -> None:
    # Catches any rule that loses, doubles or shows a card, puts two pieces on a field or
    # passes a blocked start field: the invariants are checked in every state of every game.
    options = DogOptions(round_limit=ROUND_LIMIT)
    for seed in range(first, first + SHARE):
        state = play_game(seed, options)
        assert state.is_terminal() and state.result() is not None


@pytest.mark.slow
def test_heuristic_games_play_the_end_game_to_a_team_win_with_the_invariants() -> None:
    bots = [make_bot("heuristic", GAME) for _ in range(4)]
    for seed in range(30):
        state = play_game(seed, DogOptions(), bots=bots)
        result = state.result()
        assert result is not None and not state.limit_reached
        assert len(result.winners) == 2 and all(state.in_goal(s) == 4 for s in result.winners)


def test_random_games_with_every_option_keep_the_invariants() -> None:
    variants = [
        DogOptions(round_limit=8, cheat_enabled=True),
        DogOptions(round_limit=8, plus4_green=True, green_hits_king=True, swap_own=True),
        DogOptions(round_limit=8, goal_entry_optional=False, citizen_jump_optional=False),
        DogOptions(round_limit=8, citizen_jump_draws=True, copy_across_rounds=False),
        DogOptions(round_limit=8, reshuffle_keeps_top=False, king_uses_one=False),
        DogOptions(round_limit=8, teams=False, first_round_placement=False, special_offset=3),
        DogOptions(round_limit=8, king_swap_any_distance=False, first_dealer_random=False),
        DogOptions(round_limit=8, special_draw_reshuffle=False, teams=False, play_on=True),
    ]
    for seed, options in enumerate(variants * 3):
        play_game(seed, options)


def test_heuristic_free_for_all_games_play_on_to_the_last_place() -> None:
    bots = [make_bot("heuristic", GAME) for _ in range(4)]
    for seed in range(4):
        state = play_game(seed, DogOptions(teams=False, play_on=True), seed == 0, bots)
        result = state.result()
        assert result is not None and not state.limit_reached
        assert len(state.places) == 3 and result.winners == state.places[:1]
        last = next(s for s in range(4) if s not in state.places)
        assert result.ranking == (*((s,) for s in state.places), (last,))
        assert all(state.in_goal(s) == 4 for s in state.places) and state.in_goal(last) < 4


def test_no_view_ever_shows_another_hand_or_the_deck() -> None:
    """Every step of every game (the ends of rounds and of the game included), in teams, with
    the cheat rule, and in free-for-all with play-on, where finished players lay down their
    hands."""
    for seed in range(12):
        play_game(10_000 + seed, DogOptions(round_limit=6, cheat_enabled=seed % 2 == 1), True)
    play_game(20_000, DogOptions(play_on=True, round_limit=30), True, n=3)
    play_game(30_000, DogOptions(play_on=True, teams=False, round_limit=30), True)
