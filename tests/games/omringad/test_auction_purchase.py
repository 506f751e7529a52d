"""§B7 the auction (ascending by default, sealed bids as an option) with the special's
placement, §B8 the purchase."""

from __future__ import annotations

from spelkvall.core import CHANCE
from spelkvall.games.omringad.actions import (
    BACK,
    BUYS,
    DONE,
    DRAWS,
    DROP,
    PLACE_SPECIALS,
    Bid,
    Buy,
    PlaceSpecial,
    bid,
    sealed,
)
from spelkvall.games.omringad.board import (
    BARE,
    CASTLE,
    DIPLOMAT,
    DRAGON,
    FOREST,
    GENERAL,
    LAKE,
    MERC,
    MOUNTAIN,
    RIDER,
    VILLAGE,
)
from spelkvall.games.omringad.phases import AU_BID, AU_PLACE, AU_SEALED, AUCTION, PURCHASE

from .helpers import position, sq, units_on

HOME = {sq(0, 2, 2): [(0, "rider")], sq(1, 2, 2): [(1, "rider")]}
DRAW = {u: DRAWS[u - 6] for u in range(6, 14)}


def auction(**kw: object):  # type: ignore[no-untyped-def]
    units = kw.pop("units", HOME)
    return position(units, phase=AUCTION, **kw)  # type: ignore[arg-type]


def test_the_holder_draws_a_random_special_from_the_cup() -> None:
    s = auction(holder=1)
    assert s.is_chance()
    s.apply(DRAW[DIPLOMAT], CHANCE)
    assert s.au_special == DIPLOMAT and s.cup.counts[DIPLOMAT - 6] == 0
    assert s.view(0)["auction"]["special"] == "diplomat"


def test_ascending_bids_start_at_zero_with_the_holder_and_go_clockwise() -> None:
    s = auction(holder=1)
    s.apply(DRAW[DIPLOMAT], CHANCE)
    assert s.au_stage == AU_BID and s.current == 1 and s.au_price == 0
    legal = s.legal_actions(1)
    assert legal[0] == DROP
    assert [a.amount for a in legal if isinstance(a, Bid)] == list(range(1, 26))
    s.apply(bid(3), 1)
    assert s.current == 0 and s.au_leader == 1
    assert min(a.amount for a in s.legal_actions(0) if isinstance(a, Bid)) == 4


def test_the_auction_ends_when_only_the_leader_is_left_who_pays_the_bid() -> None:
    s = auction(holder=0)
    s.apply(DRAW[DIPLOMAT], CHANCE)
    s.apply(bid(2), 0)
    s.apply(bid(5), 1)
    events = s.apply(DROP, 0)
    assert ("won_auction", 1, DIPLOMAT, 5) in events
    assert s.gold[1] == 20, "bids are paid from this round's gold"
    assert s.au_stage == AU_PLACE and s.current == 1


def test_nobody_bids_and_the_special_goes_back_to_the_cup() -> None:
    s = auction()
    s.apply(DRAW[DIPLOMAT], CHANCE)
    s.apply(DROP, 0)
    events = s.apply(DROP, 1)
    assert ("no_bids", DIPLOMAT) in events
    assert s.cup.counts[DIPLOMAT - 6] == 1 and s.phase == PURCHASE


def test_a_bidder_who_cannot_raise_drops_out_by_itself() -> None:
    s = auction(gold=[25, 4])
    s.apply(DRAW[DIPLOMAT], CHANCE)
    events = s.apply(bid(4), 0)
    assert ("dropped", 1) in events
    assert s.au_stage == AU_PLACE and s.current == 0


def test_only_a_player_who_could_place_the_special_may_bid() -> None:
    # Seat 1 has lost its castle and both villages: it has nowhere to put a special.
    lost = {sq(1, 2, 2): 0, sq(1, 0, 2): 0, sq(1, 4, 2): 0}
    s = auction(units={sq(0, 2, 2): [(0, "rider")]}, control=lost, holder=1)
    s.apply(DRAW[DIPLOMAT], CHANCE)
    assert s.au_active == [True, False]
    assert s.players_to_act() == (0,)


def test_the_special_goes_on_a_castle_or_village_the_winner_controls_ignoring_siege() -> None:
    # Seat 1's castle is besieged from two squares: no reinforcement, but a special may go in.
    units = {
        sq(0, 2, 2): [(0, "rider")],
        sq(1, 2, 2): [(1, "rider")],
        sq(1, 1, 2): [(0, "mercenary")],
        sq(1, 2, 3): [(0, "mercenary")],
    }
    s = auction(units=units, control={sq(1, 1, 2): 0, sq(1, 2, 3): 0}, holder=1)
    assert s.besieging_squares(sq(1, 2, 2), 1) == 2
    s.apply(DRAW[DIPLOMAT], CHANCE)
    s.apply(bid(1), 1)
    s.apply(DROP, 0)
    targets = {a.square for a in s.legal_actions(1) if isinstance(a, PlaceSpecial)}
    assert targets == {sq(1, 2, 2), sq(1, 0, 2), sq(1, 4, 2)}
    events = s.apply(PLACE_SPECIALS[sq(1, 2, 2)], 1)
    assert ("placed_special", 1, DIPLOMAT, sq(1, 2, 2)) in events
    assert (1, "diplomat", False) in units_on(s, sq(1, 2, 2))
    assert s.phase == PURCHASE


def test_the_dragon_goes_on_any_free_mountain_forest_or_bare_square_in_any_country() -> None:
    s = auction()
    s.apply(DRAW[DRAGON], CHANCE)
    s.apply(bid(1), 0)
    s.apply(DROP, 1)
    targets = {a.square for a in s.legal_actions(0) if isinstance(a, PlaceSpecial)}
    assert sq(1, 2, 0) in targets and s.terrain[sq(1, 2, 0)] == MOUNTAIN
    assert sq(1, 1, 3) in targets and s.terrain[sq(1, 1, 3)] == FOREST
    assert sq(0, 0, 0) in targets and s.terrain[sq(0, 0, 0)] == BARE
    assert sq(0, 2, 2) not in targets, "a castle (and with units)"
    assert sq(1, 0, 2) not in targets and s.terrain[sq(1, 0, 2)] == VILLAGE
    assert sq(1, 1, 0) not in targets and s.terrain[sq(1, 1, 0)] == LAKE
    assert all(not s.stacks[t] for t in targets)
    s.apply(PLACE_SPECIALS[sq(1, 2, 0)], 0)
    assert units_on(s, sq(1, 2, 0)) == [(-1, "dragon", False)]
    assert s.control[sq(1, 2, 0)] == 1, "the Dragon never conquers"


def test_no_auction_when_the_cup_is_empty() -> None:
    s = auction()
    s.cup.counts = [0] * 8
    s.cup.size = 0
    s._start_auction([])
    assert s.phase == PURCHASE


def test_sealed_bids_are_made_at_once_and_stay_secret_until_all_have_bid() -> None:
    s = auction(auction="sealed")
    s.apply(DRAW[DIPLOMAT], CHANCE)
    assert s.au_stage == AU_SEALED and s.players_to_act() == (0, 1)
    assert s.legal_actions(0)[0] == sealed(0)
    s.apply(sealed(7), 1)
    assert s.view(1)["auction"]["your_bid"] == 7
    assert s.view(0)["auction"]["your_bid"] is None
    assert s.view(0)["auction"]["has_bid"] == [False, True]
    events = s.apply(sealed(9), 0)
    assert ("sealed_bids", (9, 7)) in events and ("won_auction", 0, DIPLOMAT, 9) in events


def test_sealed_bid_ties_go_to_the_earliest_in_turn_order_from_the_holder() -> None:
    s = auction(auction="sealed", holder=1)
    s.apply(DRAW[DIPLOMAT], CHANCE)
    s.apply(sealed(5), 0)
    events = s.apply(sealed(5), 1)
    assert ("won_auction", 1, DIPLOMAT, 5) in events


def test_sealed_bids_of_nothing_send_the_special_back() -> None:
    s = auction(auction="sealed")
    s.apply(DRAW[DIPLOMAT], CHANCE)
    s.apply(sealed(0), 0)
    s.apply(sealed(0), 1)
    assert s.cup.counts[DIPLOMAT - 6] == 1 and s.phase == PURCHASE


# --- purchase ---------------------------------------------------------------------------------


def purchase(gold: list[int] | None = None):  # type: ignore[no-untyped-def]
    return position(HOME, phase=PURCHASE, gold=gold or [25, 25])


def test_purchase_is_joint_from_the_own_pool_at_the_printed_costs() -> None:
    s = purchase([12, 25])
    assert s.players_to_act() == (0, 1)
    assert {a.unit for a in s.legal_actions(0) if isinstance(a, Buy)} == {
        "mercenary",
        "elite",
        "archer",
        "rider",
        "catapult",
        "general",
    }
    s.apply(BUYS[GENERAL], 0)
    assert {a.unit for a in s.legal_actions(0) if isinstance(a, Buy)} == {"mercenary"}
    s.pool[1][RIDER] = 0
    assert BUYS[RIDER] not in s.legal_actions(1), "the pool caps what may be bought"


def test_bought_units_wait_off_the_board_until_reinforcement() -> None:
    s = purchase()
    s.apply(BUYS[MERC], 0)
    assert s.pending[0] == [MERC]
    assert sum(len(x) for x in s.stacks) == 2


def test_unspent_gold_is_lost() -> None:
    s = purchase()
    s.apply(BUYS[MERC], 0)
    s.apply(DONE, 0)
    s.apply(DONE, 1)
    assert s.gold == [0, 0]


def test_purchases_are_secret_and_back_returns_the_unit() -> None:
    s = purchase()
    s.apply(BUYS[RIDER], 0)
    assert s.view(1)["bought"] == [None, 0]
    assert s.view(1)["pending"] == []
    assert s.view(0)["pending"] == ["rider"] and s.view(0)["spent"] == 5
    s.apply(BACK, 0)
    assert s.pending[0] == [] and s.spent[0] == 0 and s.pool[0][RIDER] == 3


def test_a_player_who_can_buy_nothing_is_done_at_once() -> None:
    s = purchase([1, 25])
    assert s.players_to_act() == (1,)


def test_castle_and_village_tiles_are_in_the_standard_layout() -> None:
    s = purchase()
    assert s.terrain[sq(0, 2, 2)] == CASTLE and s.terrain[sq(0, 0, 2)] == VILLAGE
