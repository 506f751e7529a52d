"""Views and hidden information: what a seat sees, the hand sampler, and fair bots."""

from __future__ import annotations

import random

from spelkvall.bots import Observation, make_bot
from spelkvall.core import CHANCE, Seat
from spelkvall.games.dogroyal import GAME, Dealer, DogOptions, DogState, Give
from spelkvall.games.dogroyal.board import CARD_INDEX

from .helpers import deal, new_game, piece, position

HANDS = {
    0: ["2", "3", "5", "6", "13"],
    1: ["8", "9", "10", "12", "11"],
    2: ["1-7", "4", "swap", "magnet", "13"],
    3: ["11", "11", "2", "3", "5"],
}


def dealt() -> DogState:
    s = new_game()
    s.apply(Dealer(3), CHANCE)
    deal(s, HANDS)
    return s


def random_states(count: int, seed: int = 1, **options: object) -> list[DogState]:
    """States where a player is to act, from random games."""
    rng = random.Random(seed)
    found: list[DogState] = []
    while len(found) < count:
        s = GAME.new_state([Seat(f"P{i}") for i in range(4)], DogOptions(**options))  # type: ignore[arg-type]
        while not s.is_terminal() and len(found) < count:
            if s.is_chance():
                s.apply(s.sample_chance(rng), CHANCE)
                continue
            if rng.random() < 0.1:
                found.append(s.clone())
            p = rng.choice(s.players_to_act())
            legal = s.legal_actions(p)
            s.apply(legal[int(rng.random() * len(legal))], p)
    return found


def test_a_seat_sees_its_own_hand_the_others_card_counts_discard_top_and_table() -> None:
    s = dealt()
    view = s.view(1)
    assert view["hand"] == ["8", "9", "10", "11", "12"]
    assert [seat["cards"] for seat in view["seats"]] == [5, 5, 5, 5]
    assert view["discard_top"] is None and view["deck_size"] == 90
    assert len(view["pieces"]) == 16
    text = repr({k: v for k, v in view.items() if k != "discard_counts"})
    assert "swap" not in text and "magnet" not in text  # Cecilia's cards


def test_a_spectator_sees_no_hand() -> None:
    s = dealt()
    assert s.view(None)["hand"] is None and s.view(None)["you"] is None


def test_the_exchange_card_of_another_seat_is_hidden_until_the_swap() -> None:
    s = dealt()
    before = s.view(2)
    s.apply(Give("13"), 0)
    after = s.view(2)
    assert after["hand"] == before["hand"] and after["giving"] is None
    assert after["seats"][0]["chosen"] and after["seats"][0]["cards"] == 4


def test_sampled_state_looks_the_same_to_the_player() -> None:
    rng = random.Random(7)
    for s in random_states(40):
        for p in s.players_to_act():
            assert GAME.sample_state(s, p, rng).view(p) == s.view(p)


def test_sampled_state_in_the_exchange_looks_the_same() -> None:
    s = dealt()
    s.apply(Give("13"), 0)
    s.apply(Give("8"), 1)
    s.apply(Give("swap"), 2)
    sampled = GAME.sample_state(s, 3, random.Random(1))
    assert sampled.view(3) == s.view(3)
    assert 0 <= sampled.gives[1] < 15 and sampled.card_count() == 110
    assert sampled.players_to_act() == (3,)


def test_sampler_redeals_the_unseen_cards() -> None:
    s = dealt()
    hands = {tuple(GAME.sample_state(s, 0, random.Random(i)).hands[1]) for i in range(20)}
    assert len(hands) > 10


def test_sampler_keeps_the_gift_the_partner_has_not_played() -> None:
    s = dealt()
    for seat, card in [(0, "13"), (1, "8"), (2, "swap"), (3, "5")]:
        s.apply(Give(card), seat)
    for i in range(20):
        sampled = GAME.sample_state(s, 0, random.Random(i))
        assert sampled.hands[2][CARD_INDEX["13"]] >= 1


def test_sampler_never_deals_cards_the_player_has_seen() -> None:
    s = position({piece(0, 3): 20}, {0: ["2", "2"], 1: ["13"]}, discard=["2"] * 5)
    for i in range(20):
        sampled = GAME.sample_state(s, 0, random.Random(i))
        assert sampled.hands[1][CARD_INDEX["2"]] == 0  # all seven 2s are accounted for
        assert sum(seg[CARD_INDEX["2"]] for seg in sampled.deck) == 0


def test_sampler_uses_only_the_view() -> None:
    # Two states that look the same to seat p give the same sample for the same seed.
    rng = random.Random(3)
    for s in random_states(25, seed=4):
        p = s.players_to_act()[0]
        twin = GAME.sample_state(s, p, rng)
        a = GAME.sample_state(s, p, random.Random(11))
        b = GAME.sample_state(twin, p, random.Random(11))
        assert a.hands == b.hands and a.deck == b.deck and a.gives == b.gives


def test_heuristic_bot_plays_the_same_when_the_hidden_cards_change() -> None:
    bot = make_bot("heuristic", GAME)
    rng = random.Random(5)
    for s in random_states(40, seed=9):
        p = s.players_to_act()[0]
        twin = GAME.sample_state(s, p, rng)
        assert twin.view(p) == s.view(p)
        a = bot.choose(Observation(GAME, s, p), random.Random(21))
        b = bot.choose(Observation(GAME, twin, p), random.Random(21))
        assert a == b


def test_heuristic_action_reads_no_hidden_card() -> None:
    rng = random.Random(6)
    for s in random_states(40, seed=12, cheat_enabled=True):
        p = s.players_to_act()[0]
        twin = GAME.sample_state(s, p, rng)
        assert GAME.heuristic_action(s, p, random.Random(2)) == GAME.heuristic_action(
            twin, p, random.Random(2)
        )


def test_the_log_shows_a_seat_only_its_own_actions_never_a_draw() -> None:
    """What the server sends of the match log (``Game.action_visible``): chance draws name
    dealt cards and a ``give`` the card passed on, so only the actor sees its own actions;
    everybody learns the rest from the events."""
    from spelkvall.games.dogroyal import Draw, Play

    assert not any(GAME.action_visible(Draw("13"), CHANCE, v) for v in (0, 1, None))
    assert GAME.action_visible(Give("13"), 0, 0)
    assert not GAME.action_visible(Give("13"), 0, 2)  # not even the partner, before the swap
    cheat = Play("5", 2, "forward", 6, False, -1, 1)
    assert GAME.action_visible(cheat, 0, 0)
    assert not GAME.action_visible(cheat, 0, 1) and not GAME.action_visible(cheat, 0, None)


def test_the_card_received_in_the_exchange_is_told_to_the_receiver_alone() -> None:
    s = dealt()
    events = []
    for seat, card in [(0, "13"), (1, "8"), (2, "swap"), (3, "5")]:
        events += s.apply(Give(card), seat)
    assert ("received", 0, "swap", 2) in events and ("received", 2, "13", 0) in events
    names = ["Anna", "Bertil", "Cecilia", "David"]
    for viewer in (0, 1, 2, 3, None):
        seen = [GAME.event_for(e, viewer) for e in events]
        got = [e for e in seen if e is not None and e[0] == "received"]
        assert got == [e for e in events if e[0] == "received" and e[1] == viewer]
    assert GAME.describe_event(("received", 0, "swap", 2), names) == "Du får Byt av Cecilia."
