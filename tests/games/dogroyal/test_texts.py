"""Log lines and action labels in Swedish and English (no raw numbers or True/False)."""

from __future__ import annotations

from spelkvall.core.i18n import LANGUAGES
from spelkvall.games.dogroyal import EVENT_SCHEMA, GAME, Give, Jump, Place

from .helpers import K, N, find, piece, position

NAMES = ["Anna", "Bertil", "Cecilia", "David"]


def test_play_labels_say_card_piece_and_steps() -> None:
    s = position({piece(0, K): 20}, {0: ["1-7"]})
    action = find(s, card="1-7", steps=3)
    assert action.label("sv") == "Spela 1–7: kungen 3 steg framåt"
    assert action.label("en") == "Play 1–7: the King 3 forward"


def test_describe_action_names_the_swap_partner_and_who_is_hit() -> None:
    s = position({piece(0, N): 20, piece(1, K): 40, piece(1, N): 25}, {0: ["swap", "5"]})
    swap = find(s, card="swap", target=piece(1, K))
    assert GAME.describe_action(s, swap, "sv", NAMES) == (
        "Spela Tauscher: byt plats på narren och Bertils kung"
    )
    hit = find(s, card="5")
    assert GAME.describe_action(s, hit, "sv", NAMES) == (
        "Spela 5: narren 5 steg framåt (slår ut Bertils narr)"
    )
    assert GAME.describe_action(s, hit, "en", NAMES) == (
        "Play 5: the Fool 5 forward (hits Bertil's Fool)"
    )


def test_goal_and_start_labels() -> None:
    s = position({piece(0, N): 62}, {0: ["3", "13"]})
    assert find(s, card="3", goal=True).label("sv") == "Spela 3: narren 3 steg in i målet"
    assert find(s, card="13", move="start", piece=piece(0, K)).label("sv") == (
        "Spela 13: sätt ut kungen"
    )


def test_other_action_labels_are_words() -> None:
    for lang in LANGUAGES:
        for action in [Give("swap"), Place(1), Jump(True), Jump(False)]:
            label = action.label(lang)
            assert "True" not in label and "False" not in label and "dogroyal." not in label
    assert Give("swap").label("sv") == "Ge Tauscher till partnern"
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
