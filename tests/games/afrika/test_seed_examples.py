"""The seed's text (``../shared/seeds/003_7813b41ee84ffbd9.txt``, Swedish) as scenarios with
scripted dice and token draws, one per paragraph that describes play."""

from __future__ import annotations

from spelkvall.games.afrika.actions import BUY, FLY, SAIL, SAIL_FREE, SAIL_ON, TRY_TOKEN, WALK

from .helpers import (
    act,
    destinations,
    go,
    kinds,
    node,
    open_token,
    put,
    reveal,
    roll,
    table,
    turn_of,
)


def test_3_1_walk_the_roll_and_stop_at_a_city_met_on_the_way() -> None:
    """ "En spelare kan förflytta sig landvägen genom att slå tärning, och flytta det antal
    steg som tärningskastet påbjuder. Skulle spelaren på vägen stöta på en stad får han, om han
    så vill, stanna där, även om han tagit färre steg än tärningen indikerar." """
    s = table(2, start="cairo")
    act(s, WALK)
    roll(s, 6)
    assert {"egypt", "land:dar_fur:egypt:1"} <= destinations(s)
    events = go(s, "egypt")  # 4 steps of the 6: Egypt is on the way
    assert events[0][:4] == ("walked", 0, "cairo", "egypt") and len(events[0][4]) == 4


def test_3_2_sea_ticket_100_whatever_the_length_then_roll_toward_the_declared_port() -> None:
    """ "... betala 100 pund för biljetten, vars pris är detsamma oberoende av sjöruttens
    längd. Sedan får han kasta tärningen och förflytta sig längs de blå sjörutorna ... kan
    inte ändra på sitt mål, även om rutten på kartan delar sig" """
    s = table(2)
    put(s, 0, "sierra_leone", money=300)
    act(s, SAIL[node("st_helena")])  # 11 steps for £100, like the 3 to Cape Verde
    assert s.money[0] == 200
    roll(s, 2)  # to the fork off Cape Verde: the lanes part, the destination does not
    assert s.pos[0] == node("js_off_capeverde") and s.leg_dest[0] == node("st_helena")
    turn_of(s, 0)
    assert s.legal_actions(0) == ()
    roll(s, 4)
    assert s.leg_dest[0] == node("st_helena") and s.money[0] == 200


def test_3_2_surplus_pips_pass_neither_the_start_nor_the_end_of_a_voyage() -> None:
    """ "Både ombordstigningen och landstigningen tar sin tid, och en spelare kan därför inte
    använda "överlopps" tärningsögon till att passera, vare sig sjöruttens början eller slut på
    en tur." """
    s = table(2)
    act(s, SAIL[node("canary_islands")])
    events = roll(s, 6)  # 3 steps needed: the other 3 are lost
    assert ("landed", 0, "canary_islands") in events
    assert s.pos[0] == node("canary_islands")


def test_3_2_new_rules_a_broke_player_sails_two_steps_a_turn_without_dice() -> None:
    """ "Om spelet sker enligt de nya reglerna, är det möjligt att resa till sjöss även om man
    är pank. I så fall får spelaren flytta 2 steg längs rutten varje tur utan att kasta
    tärning. Denna möjlighet kan endast utnyttjas om spelaren saknar pengar." """
    s = table(2, free_passage_2005=True)
    put(s, 0, "tangier", money=0)
    act(s, SAIL_FREE[node("canary_islands")])
    assert s.leg_step[0] == 2 and not s.is_chance()
    turn_of(s, 0)
    events = act(s, SAIL_ON)
    assert ("landed", 0, "canary_islands") in events
    put(s, 1, "tangier", money=100)
    turn_of(s, 1)
    assert SAIL_FREE[node("tunis")] not in s.legal_actions()  # not to save money


def test_3_3_fly_for_300_straight_to_the_other_end_without_a_roll() -> None:
    """ "... betala flygbiljetten på 300 pund, och flytta sin spelpjäs raka vägen till
    destinationen utan att kasta tärning. ... priset detsamma oavsett sträckan." """
    s = table(2)
    put(s, 0, "sierra_leone", money=600)
    act(s, FLY[node("st_helena")])
    assert s.pos[0] == node("st_helena") and s.money[0] == 300 and not s.is_chance()


def test_4_1_open_by_paying_100_or_by_rolling_four_or_more_declared_first() -> None:
    """ "En spelare kan öppna en bricka han står på antingen genom att betala 100 pund eller ...
    genom att kasta tärning, och slå en fyra eller högre. Ett kast som spenderats på att öppna
    en bricka kan inte användas för förflyttning av spelpjäsen ... avsikten att kasta för
    vändandet av bricka signaleras innan kastet utförs." """
    s = table(2)
    put(s, 0, "tunis", money=0)
    act(s, TRY_TOKEN)  # declared before the roll
    roll(s, 4)
    reveal(s, "emerald")
    assert s.money[0] == 500 and s.pos[0] == node("tunis")
    put(s, 1, "tripoli", money=100)
    turn_of(s, 1)
    act(s, BUY)
    reveal(s, "blank")
    assert s.money[1] == 0


def test_4_1_buy_on_arrival_or_roll_on_a_later_turn() -> None:
    """ "Spelaren kan köpa brickan så fort han anländer till den ... Skulle han vela öppna
    brickan medelst tärningskast, måste han vänta till nästa tur." """
    s = table(2)
    act(s, WALK)
    roll(s, 5)
    go(s, "tunis")
    assert TRY_TOKEN not in s.legal_actions() and BUY in s.legal_actions()
    act(s, BUY)
    events = reveal(s, "topaz")
    assert s.money[0] == 500 and "gem" in kinds(events)


def test_4_2_the_token_table() -> None:
    """The seed's table: blank nothing; horseshoe nothing before the star, a substitute
    after; robber all money; topaz £300, emerald £500, ruby £1000; the star."""
    s = table(3)
    put(s, 0, "tunis", money=600)
    act(s, BUY)
    reveal(s, "robber")
    assert s.money[0] == 0
    put(s, 1, "tripoli", money=100)
    turn_of(s, 1)
    act(s, BUY)
    events = reveal(s, "horseshoe")
    assert ("horseshoe", 1, False) in events and not s.has_item(1)
    put(s, 2, "egypt", money=100)
    turn_of(s, 2)
    act(s, BUY)
    reveal(s, "star")
    assert s.star[2]
    put(s, 0, "sahara", money=100)
    turn_of(s, 0)
    act(s, BUY)
    events = reveal(s, "horseshoe")
    assert ("horseshoe", 0, True) in events and s.has_item(0)


def test_6_a_player_without_a_chance_to_win_is_stranded_and_skipped() -> None:
    """ "En spelare som inte ens har en teoretisk chans att vinna spelet avlägsnas automatisk
    från spelet. Hans spelpjäs lämnas där den är, men hans status kommer att visas som
    "STRANDSATT", och han kommer att bli överhoppad" """
    s = table(3)
    put(s, 0, "st_helena", money=100)
    act(s, BUY)
    events = reveal(s, "blank")
    assert ("stranded", 0, "S1") in events and s.current == 1
    assert s.pos[0] == node("st_helena")


def test_6_if_everybody_is_stranded_the_game_is_declared_without_a_winner() -> None:
    """ "Om alla spelare skulle bli oförmögna att vinna, kommer spelet att förklaras
    oavgjort." """
    s = table(2)
    open_token(s, "st_helena", "blank")
    put(s, 1, "st_helena", money=0)
    put(s, 0, "canary_islands", money=100)
    act(s, BUY)
    events = reveal(s, "blank")
    assert events[-1] == ("no_winner",)
    result = s.result()
    assert result is not None and result.winners == ()


def test_7_the_star_or_a_horseshoe_found_after_it_wins_at_either_start_point() -> None:
    """ "Den förste spelaren som transporterar antingen Afrikas stjärna, eller en hästsko som
    upphittats efter upptäckten av stjärnan, till någondera startpunkten (Tangier eller Cairo)
    har vunnit." """
    s = table(2)
    open_token(s, "egypt", "star", seat=1)
    s.star[1] = True
    put(s, 0, "land:cairo:egypt:2", money=0)
    s.shoes[0] = 1
    act(s, WALK)
    roll(s, 5)
    events = go(s, "cairo")  # Anna began in Tangier: either start point counts
    assert ("won", 0, "cairo", "horseshoe") in events
