"""§7 stranded players: S1–S4 (and our S3′), each a scenario with scripted dice and token
draws; stranded players are skipped; everybody stranded ends the game with no winner."""

from __future__ import annotations

from spelkvall.games.afrika import GAME
from spelkvall.games.afrika.actions import BUY, SAIL, TRY_TOKEN, WALK
from spelkvall.games.afrika.rules import OVER

from .helpers import act, go, kinds, node, open_all_but, open_token, put, reveal, roll, table


def test_s1_broke_on_an_island_whose_token_is_gone_is_stranded() -> None:
    s = table(2)
    put(s, 0, "canary_islands", money=0)
    act(s, TRY_TOKEN)
    roll(s, 6)
    events = reveal(s, "robber")
    assert ("stranded", 0, "S1") in events
    assert s.stranded[0] and s.current == 1


def test_s1_strands_a_star_holder_too() -> None:
    s = table(2)
    put(s, 0, "st_helena", money=100)
    act(s, BUY)
    events = reveal(s, "star")
    assert ("stranded", 0, "S1") in events and s.star[0]


def test_s1_not_while_the_islands_token_is_there_to_roll_for() -> None:
    s = table(2)
    put(s, 1, "st_helena", money=0)
    assert s.strand_condition(1) == ""


def test_s1_not_with_money_for_a_ticket() -> None:
    s = table(2)
    put(s, 1, "st_helena", money=100)
    open_token(s, "st_helena", "blank")
    assert s.strand_condition(1) == ""


def test_s2_broke_on_madagascar_with_both_its_tokens_gone() -> None:
    s = table(2)
    open_token(s, "cape_st_marie", "blank")
    put(s, 0, "land:cape_st_marie:tamatave:2", money=0)
    act(s, WALK)
    roll(s, 2)
    go(s, "tamatave")
    # Broke: no buy decision, the turn ends; one Madagascar token is still there.
    assert not s.stranded[0]
    put(s, 0, "tamatave", money=0)
    s.current = 0
    s._plan_turn()
    act(s, TRY_TOKEN)
    roll(s, 4)
    events = reveal(s, "blank")
    assert ("stranded", 0, "S2") in events


def test_s2_applies_on_the_dots_between_the_madagascar_cities() -> None:
    s = table(2)
    open_token(s, "cape_st_marie", "blank")
    open_token(s, "tamatave", "blank")
    put(s, 1, "land:cape_st_marie:tamatave:1", money=0)
    assert s.strand_condition(1) == "S2"


def test_s3_broke_on_the_mainland_with_only_island_tokens_left() -> None:
    s = table(2)
    s.bonus_claimed = True
    open_all_but(s, ["canary_islands", "st_helena", "tamatave", "cape_st_marie", "tunis"])
    put(s, 0, "tunis", money=0)
    act(s, TRY_TOKEN)
    roll(s, 6)
    events = reveal(s, "robber")
    assert ("stranded", 0, "S3") in events


def test_s3_not_for_a_holder_of_a_winning_item() -> None:
    s = table(2)
    s.bonus_claimed = True
    open_all_but(s, ["canary_islands", "st_helena"])
    put(s, 1, "egypt", money=0)
    s.star[1] = True
    assert s.strand_condition(1) == ""


def test_s3_prime_waits_while_the_capetown_bonus_is_unclaimed() -> None:
    s = table(2)
    open_all_but(s, ["canary_islands", "st_helena"])
    put(s, 1, "egypt", money=0)
    assert s.strand_condition(1) == ""
    s.bonus_claimed = True
    assert s.strand_condition(1) == "S3"


def test_s3_without_s3_prime_as_the_original_adaptation() -> None:
    s = table(2, strand_waits_for_capetown=False)
    open_all_but(s, ["canary_islands", "st_helena"])
    put(s, 1, "egypt", money=0)
    assert s.strand_condition(1) == "S3"


def test_s4_star_found_every_horseshoe_opened_and_no_winning_item() -> None:
    s = table(3)
    open_token(s, "egypt", "star", seat=1)
    s.star[1] = True
    for city in ("timbuktu", "sahara", "morocco", "tripoli", "tunis"):
        open_token(s, city, "horseshoe")
    put(s, 2, "cairo", money=5000)
    assert s.strand_condition(2) == "S4"
    assert s.strand_condition(1) == ""


def test_with_free_passage_s1_to_s3_never_apply_only_s4() -> None:
    s = table(2, free_passage_2005=True)
    open_token(s, "st_helena", "blank")
    put(s, 1, "st_helena", money=0)
    assert s.strand_condition(1) == ""
    open_token(s, "cape_st_marie", "blank")
    open_token(s, "tamatave", "blank")
    put(s, 1, "tamatave", money=0)
    assert s.strand_condition(1) == ""
    s.bonus_claimed = True
    open_all_but(s, ["canary_islands"], token="blank")
    put(s, 1, "egypt", money=0)
    assert s.strand_condition(1) == ""


def test_captured_players_and_slaves_are_not_stranded_by_that() -> None:
    s = table(2)
    put(s, 1, "hz_bedouins", money=0)
    s.captured[1] = True
    assert s.strand_condition(1) == ""
    put(s, 1, "slave_coast", money=0)
    s.slave[1] = 3
    assert s.strand_condition(1) == ""


def test_never_stranded_while_at_sea() -> None:
    s = table(2)
    put(s, 0, "tangier", money=100)
    open_all_but(s, ["canary_islands"])
    s.bonus_claimed = True
    act(s, SAIL[node("tunis")])
    roll(s, 1)
    assert s.money[0] == 0 and not s.stranded[0]


def test_a_stranded_player_is_skipped_and_the_pawn_stays() -> None:
    s = table(3)
    put(s, 1, "canary_islands", money=0)
    open_token(s, "canary_islands", "blank")
    act(s, WALK)
    roll(s, 1)
    events = go(s, "land:tangier:tunis:1")
    assert ("stranded", 1, "S1") in events
    assert s.current == 2 and s.pos[1] == node("canary_islands")
    assert s.view(None)["players"][1]["stranded"] is True


def test_everyone_stranded_ends_the_game_with_no_winner() -> None:
    s = table(2)
    put(s, 1, "canary_islands", money=0)
    open_token(s, "canary_islands", "blank")
    put(s, 0, "st_helena", money=100)
    act(s, BUY)
    events = reveal(s, "blank")
    assert ("stranded", 0, "S1") in events and ("stranded", 1, "S1") in events
    assert kinds(events)[-1] == "no_winner" and s.phase == OVER
    result = s.result()
    assert result is not None and not result.has_winner and GAME.may_end_without_winner
    assert result.scores == (0.0, 0.0)
