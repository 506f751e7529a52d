"""Log lines and action labels in Swedish and English (no raw numbers or True/False)."""

from __future__ import annotations

from spelkvall.core.i18n import LANGUAGES
from spelkvall.games.dogroyal import EVENT_SCHEMA, GAME, Give, Jump, Place
from spelkvall.games.dogroyal.rules import PLACE

from .helpers import B, K, N, find, goal, piece, plays, position

NAMES = ["Anna", "Bertil", "Cecilia", "David"]


def test_play_labels_say_card_piece_and_steps() -> None:
    s = position({piece(0, K): 20}, {0: ["1-7"]})
    action = find(s, card="1-7", steps=3)
    assert action.label("sv") == "Spela 1–7: kungen 3 steg framåt"
    assert action.label("en") == "Play 1–7: the King 3 forward"


def test_describe_action_names_the_swap_partner_the_fields_and_who_is_hit() -> None:
    s = position({piece(0, N): 20, piece(1, K): 40, piece(1, N): 25}, {0: ["swap", "5"]})
    swap = find(s, card="swap", target=piece(1, K))
    assert GAME.describe_action(s, swap, "sv", NAMES) == (
        "Spela Byt: byt narren på fält 21 mot Bertils kung på fält 41"
    )
    assert GAME.describe_action(s, swap, "en", NAMES) == (
        "Play Swap: swap the Fool on field 21 with Bertil's King on field 41"
    )
    hit = find(s, card="5")
    assert GAME.describe_action(s, hit, "sv", NAMES) == (
        "Spela 5: narren 5 steg till fält 26 (slår ut Bertils narr)"
    )
    assert GAME.describe_action(s, hit, "en", NAMES) == (
        "Play 5: the Fool 5 forward to field 26 (hits Bertil's Fool)"
    )


def test_the_tauscher_is_byt_everywhere_in_swedish() -> None:
    from spelkvall.core.i18n import table

    swedish = table("sv")
    assert swedish["dogroyal.card.swap"] == "Byt"
    assert not [k for k, v in swedish.items() if k.startswith("dogroyal.") and "Tausch" in v]


def test_start_labels_say_put_out_and_the_start_field() -> None:
    s = position({piece(0, N): 62}, {0: ["3", "13"]})
    start = find(s, card="13", move="start", piece=piece(0, K))
    assert start.label("sv") == "Spela 13: ställ ut kungen"
    assert GAME.describe_action(s, start, "sv", NAMES) == (
        "Spela 13: ställ ut kungen på startfältet (fält 1)"
    )


def test_goal_moves_name_the_goal_field() -> None:
    s = position({piece(0, N): 62}, {0: ["3", "13"]})
    goal_move = find(s, card="3", goal=True, steps=3)
    assert goal_move.label("sv") == "Spela 3: narren 3 steg in i målet"
    assert GAME.describe_action(s, goal_move, "sv", NAMES) == (
        "Spela 3: narren 3 steg in i målet till målfält 1"
    )


def test_the_fools_goal_moves_say_how_many_steps_he_drops() -> None:
    s = position({piece(0, N): 62}, {0: ["5"]})  # 5 from S-2 would need G2 (the third)
    labels = {a.steps: GAME.describe_action(s, a, "sv", NAMES) for a in plays(s) if a.goal}
    assert labels[5] == "Spela 5: narren 5 steg in i målet till målfält 3"
    assert labels[4] == "Spela 5: narren 4 steg in i målet till målfält 2 (narren stryker 1 steg)"
    assert labels[3] == "Spela 5: narren 3 steg in i målet till målfält 1 (narren stryker 2 steg)"
    en = GAME.describe_action(s, find(s, goal=True, steps=3), "en", NAMES)
    assert en == "Play 5: the Fool 3 into the goal to goal field 1 (the Fool drops 2 steps)"


def test_the_kings_one_of_the_eleven_is_explained() -> None:
    s = position({piece(0, K): 20}, {0: ["11"]})
    (one,) = plays(s, "11", piece(0, K))
    assert GAME.describe_action(s, one, "sv", NAMES) == (
        "Spela 1/11: kungen 1 steg till fält 22 (kungen får bara ta ettan på 1/11)"
    )


def test_a_finished_players_moves_name_the_partner_as_owner() -> None:
    home = {piece(0, k): goal(k) for k in range(4)}
    s = position({**home, piece(2, N): 40}, {0: ["2"]})
    (move,) = plays(s, "2")
    assert (
        GAME.describe_action(s, move, "sv", NAMES) == "Spela 2: Cecilias narr 2 steg till fält 43"
    )


def test_the_magnet_names_the_piece_it_stops_behind() -> None:
    s = position({piece(0, N): 20, piece(1, B): 30}, {0: ["magnet"]})
    (move,) = plays(s, "magnet")
    assert GAME.describe_action(s, move, "sv", NAMES) == (
        "Spela Magnet: narren 9 steg fram till fält 30, bakom Bertils borgare"
    )


def test_a_copy_says_what_it_acts_as() -> None:
    s = position({piece(0, N): 20}, {0: ["copy"]}, discard=["3"])
    (move,) = plays(s, "copy")
    assert GAME.describe_action(s, move, "sv", NAMES) == "Spela = som 3: narren 3 steg till fält 24"


def test_the_citizens_jump_names_its_target_field() -> None:
    from spelkvall.core import CHANCE
    from spelkvall.games.dogroyal import Draw

    s = position({piece(0, B): 5}, {0: ["3", "2"]})
    s.apply(find(s, card="3"))
    s.apply(Draw("9"), CHANCE)
    jump, stay = s.legal_actions()
    assert GAME.describe_action(s, jump, "sv", NAMES) == (
        "Hoppa med borgaren från fält 9 till fält 25"
    )
    assert GAME.describe_action(s, stay, "sv", NAMES) == "Stanna kvar på fält 9"


def test_placing_names_the_start_field() -> None:
    s = position({}, {0: ["3"]})
    s.phase = PLACE
    assert GAME.describe_action(s, Place(piece(0, K)), "sv", NAMES) == (
        "Ställ ut kungen på startfältet (fält 1)"
    )


def test_other_action_labels_are_words() -> None:
    for lang in LANGUAGES:
        for action in [Give("swap"), Place(1), Jump(True), Jump(False)]:
            label = action.label(lang)
            assert "True" not in label and "False" not in label and "dogroyal." not in label
    assert Give("swap").label("sv") == "Ge Byt till partnern"
    assert Place(1).label("en") == "Put the Knight on the start field"


def test_log_lines() -> None:
    assert GAME.describe_event(("moved", 0, piece(0, N), 3, 8), NAMES) == (
        "Anna flyttar sin narr från fält 4 till fält 9."
    )
    assert GAME.describe_event(("moved", 0, piece(2, N), 3, 8), NAMES, "en") == (
        "Anna moves Cecilia's Fool from field 4 to field 9."
    )
    assert GAME.describe_event(("hit", 1, piece(1, N), piece(0, K), 8), NAMES, "en") == (
        "Anna's King hits Bertil's Fool, back to the kennel."
    )
    assert GAME.describe_event(("played", 0, "copy", "5"), NAMES) == "Anna spelar = som 5."
    assert GAME.describe_event(("no_move", 2, ("8", "9")), NAMES) == (
        "Cecilia kan inte spela något kort och lägger bort handen (8, 9)."
    )


def test_play_on_places_are_words() -> None:
    assert GAME.describe_event(("finished_place", 1, 2), NAMES) == "Bertil är klar som tvåa."
    line = GAME.describe_event(("finished_place", 2, 3), NAMES, "en")
    assert line == "Cecilia finishes third."


def test_every_event_kind_has_a_line_in_both_languages() -> None:
    samples = {
        "first_dealer": (0,),
        "round": (1, 0, 1),
        "reshuffled": (40,),
        "chose": (0,),
        "exchanged": (0, 2),
        "received": (0, "13", 2),
        "place_turn": (0,),
        "placed": (0, 1),
        "turn": (0,),
        "no_move": (0, ("2",)),
        "laid_down": (1, ("5", "magnet")),
        "played": (0, "5", ""),
        "started": (0, 0, 0),
        "moved": (0, 0, 1, 2),
        "swapped": (0, 0, 4, 1, 2),
        "hit": (1, 4, 0, 3),
        "drew": (0,),
        "may_jump": (0, 2),
        "jumped": (0, 2, 8, 24),
        "stayed": (0, 2),
        "finished": (0,),
        "won": ((0, 2),),
        "finished_place": (1, 2),
        "round_limit": (60,),
        "accused": (0, 1, True),
        "sent_home": (1, 4, 3),
        "forfeited": (1, "9"),
    }
    assert set(samples) == set(EVENT_SCHEMA)
    for kind, fields in samples.items():
        for lang in LANGUAGES:
            line = GAME.describe_event((kind, *fields), NAMES, lang)
            assert line and "{" not in line and "dogroyal." not in line, (kind, lang, line)


def test_the_win_line_agrees_with_one_winner_or_a_team() -> None:
    assert GAME.describe_event(("won", (0,)), NAMES, "en") == f"{NAMES[0]} wins!"
    assert GAME.describe_event(("won", (0, 2)), NAMES, "en") == f"{NAMES[0]} and {NAMES[2]} win!"
    assert GAME.describe_event(("won", (0,)), NAMES, "sv") == f"{NAMES[0]} vinner!"
