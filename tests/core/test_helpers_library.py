"""The helpers games may use: bags drawn a chance outcome at a time, turn order that skips
players who are out, named phases, and the one palette."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from spelkvall.core import PALETTE, Bag, Phases, Pile, next_player, players_in_order
from spelkvall.core.palette import colour


def test_a_bag_offers_each_kind_left_with_probability_count_over_size() -> None:
    bag = Bag([2, 0, 1, 1])
    assert len(bag) == 4
    assert bag.outcomes() == [(0, 0.5), (2, 0.25), (3, 0.25)]
    bag.remove(0)
    assert bag.outcomes() == [(0, 1 / 3), (2, 1 / 3), (3, 1 / 3)] and len(bag) == 3


def test_a_bag_refuses_to_give_what_it_does_not_hold_and_stays_unchanged() -> None:
    bag = Bag([1, 0])
    with pytest.raises(ValueError):
        bag.remove(1)
    with pytest.raises(ValueError):
        bag.remove(0, 2)
    assert bag.counts == [1, 0] and len(bag) == 1
    with pytest.raises(ValueError):
        Bag([1, -1])


def test_sampling_a_bag_follows_the_counts() -> None:
    bag = Bag([3, 1])
    rng = random.Random(1)
    drawn = Counter(bag.sample(rng) for _ in range(4000))
    assert 0.70 < drawn[0] / 4000 < 0.80
    assert len(bag) == 4, "sampling does not remove"
    with pytest.raises(IndexError):
        Bag.empty(3).sample(rng)


def test_a_copied_bag_is_independent() -> None:
    bag = Bag([1, 1])
    twin = bag.copy()
    twin.remove(0)
    assert bag.counts == [1, 1] and twin == Bag([0, 1])


def test_a_pile_draws_from_its_top_bag_and_a_reshuffle_goes_under() -> None:
    pile = Pile([Bag([0, 1]), Bag([2, 0])])
    assert pile.outcomes() == [(1, 1.0)]
    with pytest.raises(ValueError):
        pile.draw(0)  # the 0s are under the top bag
    pile.draw(1)
    assert pile.outcomes() == [(0, 1.0)] and len(pile) == 2
    pile.put_under(Bag([0, 5]))
    assert pile.counts(2) == [2, 5] and len(pile) == 7
    pile.draw(0)
    pile.draw(0)
    assert pile.outcomes() == [(1, 1.0)]


def test_next_player_skips_players_who_are_out_and_comes_back_to_a_lone_player() -> None:
    assert next_player(0, 4) == 1
    assert next_player(3, 4) == 0
    assert next_player(0, 4, [True, False, False, True]) == 3
    assert next_player(3, 4, lambda s: s == 3) == 3
    assert next_player(1, 4, [False] * 4) is None
    assert next_player(0, 4, step=-1) == 3


def test_next_player_follows_a_turn_order_that_is_not_seat_order() -> None:
    torus = (0, 1, 3, 2)
    assert [next_player(s, 4, order=torus) for s in (0, 1, 3, 2)] == [1, 3, 2, 0]
    assert players_in_order(3, 4, order=torus) == [3, 2, 0, 1]
    assert players_in_order(1, 4, [True, True, False, True]) == [1, 3, 0]


def test_phases_have_names_and_a_round_starts_after_the_last() -> None:
    phases = Phases(["initiative", "auction", "movement"])
    assert phases.index("auction") == 1 and phases.name(2) == "movement"
    assert phases.next(0) == (1, False) and phases.next(2) == (0, True)
    assert phases.key("omr", 1) == "omr.phase.auction"
    with pytest.raises(ValueError):
        Phases(["a", "a"])


def test_the_palette_has_six_colours_each_with_its_own_shape_and_terminal_mark() -> None:
    assert len(PALETTE) >= 6
    shapes = [c.shape for c in PALETTE.values()]
    marks = [c.mark for c in PALETTE.values()]
    assert len(set(shapes)) == len(shapes) and len(set(marks)) == len(marks)
    assert all(c.fill.startswith("#") and len(c.fill) == 7 for c in PALETTE.values())
    assert colour("no-such-colour").id == "none" and colour(None).id == "none"


def test_a_bag_refuses_negative_numbers_and_bags_of_other_kinds_unchanged() -> None:
    bag = Bag([1, 1])
    for bad in (lambda: bag.remove(0, -1), lambda: bag.add(0, -1), lambda: bag.add_all([1])):
        with pytest.raises(ValueError):
            bad()
    assert bag.counts == [1, 1] and len(bag) == 2
    bag.add_all(bag)
    assert bag.counts == [2, 2] and len(bag) == 4


def test_a_pile_keeps_its_own_copies_of_the_bags_it_is_given() -> None:
    bag = Bag([1, 0])
    pile = Pile([bag])
    pile.put_under(bag)
    bag.add(1, 5)
    assert pile.counts(2) == [2, 0] and len(pile) == 2
