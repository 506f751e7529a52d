"""Game.parse_options and Game.check_seats, shown on Fia (colours) and the example (none)."""

from __future__ import annotations

import pytest

from spelkvall.core import InvalidSetup, Seat, clean_name, get_game
from spelkvall.core.game import MAX_NAME_LENGTH
from spelkvall.games.fia import FiaOptions

from .example_game import GAME as BIDS

FIA = get_game("fia")


def setup_error(call: object, *args: object) -> InvalidSetup:
    with pytest.raises(InvalidSetup) as err:
        call(*args)  # type: ignore[operator]
    return err.value


def test_no_options_means_the_defaults() -> None:
    assert FIA.parse_options(None) == FIA.parse_options({}) == FiaOptions()


def test_options_are_read_by_name() -> None:
    assert FIA.parse_options({"play_on": True}) == FiaOptions(play_on=True)
    assert BIDS.parse_options({"cards": 7}).cards == 7


def test_unknown_option_is_refused_with_its_name() -> None:
    err = setup_error(FIA.parse_options, {"fast": True})
    assert err.key == "error.option_unknown"
    assert err.params == {"name": "fast", "known": "three_tries, play_on"}


@pytest.mark.parametrize("value", [1, "true", None])
def test_option_of_the_wrong_type_is_refused(value: object) -> None:
    err = setup_error(FIA.parse_options, {"play_on": value})
    assert err.key == "error.option_type" and err.params == {"name": "play_on", "type": "bool"}


def test_an_int_option_does_not_take_a_bool() -> None:
    assert setup_error(BIDS.parse_options, {"cards": True}).key == "error.option_type"


def test_options_round_trip_through_json() -> None:
    options = FiaOptions(three_tries=True)
    assert FIA.parse_options(FIA.options_to_json(options)) == options


def test_describe_options_gives_defaults_and_labels() -> None:
    assert FIA.describe_options("en") == [
        {
            "name": "three_tries",
            "type": "bool",
            "default": False,
            "label": "Three tries to roll a 1 or 6 with no piece on the board",
        },
        {
            "name": "play_on",
            "type": "bool",
            "default": False,
            "label": "Play on for the places after the first winner",
        },
    ]


@pytest.mark.parametrize(("game", "count"), [(FIA, 1), (FIA, 5), (BIDS, 1), (BIDS, 4)])
def test_player_count_outside_the_games_range_is_refused(game: object, count: int) -> None:
    err = setup_error(game.check_seats, [Seat(f"P{i}") for i in range(count)])  # type: ignore[attr-defined]
    assert err.key == "error.players"


def test_a_colour_can_be_chosen_only_once() -> None:
    err = setup_error(FIA.check_seats, [Seat("A", "blue"), Seat("B", "blue")])
    assert err.key == "error.colour_taken" and err.params == {"colour": "blue"}


def test_an_unknown_colour_is_refused() -> None:
    assert (
        setup_error(FIA.check_seats, [Seat("A", "pink"), Seat("B")]).key == "error.colour_unknown"
    )


def test_free_colours_are_handed_out_in_order_around_the_chosen_ones() -> None:
    seats = FIA.check_seats([Seat("A"), Seat("B", "red"), Seat("C"), Seat("D", "yellow")])
    assert [s.colour for s in seats] == ["blue", "red", "green", "yellow"]


def test_a_game_without_colours_leaves_colours_empty() -> None:
    assert [s.colour for s in BIDS.check_seats([Seat("A"), Seat("B")])] == [None, None]


def test_names_are_trimmed_and_inner_spaces_folded() -> None:
    seats = FIA.check_seats([Seat("  Ahmad  "), Seat("Anna\t Karin")])
    assert [s.name for s in seats] == ["Ahmad", "Anna Karin"]


@pytest.mark.parametrize("name", ["", "   ", "\t\n"])
def test_empty_names_are_refused(name: str) -> None:
    assert setup_error(FIA.check_seats, [Seat(name), Seat("B")]).key == "error.name_empty"


def test_names_longer_than_the_limit_are_refused() -> None:
    assert clean_name("x" * MAX_NAME_LENGTH) == "x" * MAX_NAME_LENGTH
    err = setup_error(clean_name, "x" * (MAX_NAME_LENGTH + 1))
    assert err.key == "error.name_long" and err.params == {"max": MAX_NAME_LENGTH}


def test_bot_seats_keep_their_level_and_seats_round_trip_through_json() -> None:
    seats = FIA.check_seats([Seat("Ahmad"), Seat("Dator", bot="random")])
    assert seats[1].is_bot and not seats[0].is_bot
    assert [Seat.from_json(s.to_json()) for s in seats] == list(seats)


@pytest.mark.parametrize("name", ["A\x00", "\x07Bo", "Ann\u202ea"])
def test_control_characters_in_a_name_are_refused(name: str) -> None:
    err = setup_error(FIA.check_seats, [Seat(name), Seat("Bo")])
    assert err.key == "error.name_control"


def test_a_name_is_stored_in_nfc_so_every_spelling_of_a_letter_is_one_name() -> None:
    import unicodedata

    (seat, _) = FIA.check_seats([Seat(unicodedata.normalize("NFD", "Åsa")), Seat("Bo")])
    assert seat.name == unicodedata.normalize("NFC", "Åsa")


def test_two_seats_may_not_share_a_name_whatever_the_case_and_spaces() -> None:
    err = setup_error(FIA.check_seats, [Seat("Cia"), Seat(" cia ")])
    assert err.key == "error.name_twice" and err.params == {"name": "cia"}
