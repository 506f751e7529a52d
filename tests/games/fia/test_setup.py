"""Setup, the roll-off for who starts, turn order and the two coordinate systems."""

from __future__ import annotations

import pytest

from spelkvall.core import InvalidSetup, Match, Seat
from spelkvall.games.fia import COLOURS, GAME, GOAL, NEST, layout, local, universal
from spelkvall.games.fia.board import LANE_CELLS, NEST_CELLS, TRACK_CELLS

from .helpers import kinds, lines, place, roll, table

THREE = (("Micael", "red"), ("Samir", "blue"), ("Pontus", "yellow"))


@pytest.mark.parametrize("count", [1, 5])
def test_fia_is_for_two_to_four_players(count: int) -> None:
    with pytest.raises(InvalidSetup) as err:
        GAME.new_state([Seat(f"P{i}") for i in range(count)])
    assert err.value.key == "error.players"


@pytest.mark.parametrize("count", [2, 3, 4])
def test_two_three_or_four_players_can_start_a_game(count: int) -> None:
    state = GAME.new_state([Seat(f"P{i}") for i in range(count)])
    assert state.num_players == count


def test_a_colour_can_be_taken_only_once() -> None:
    with pytest.raises(InvalidSetup) as err:
        GAME.new_state([Seat("Ahmad", "red"), Seat("Micael", "red")])
    assert err.value.key == "error.colour_taken"


def test_colours_in_clockwise_board_order_are_red_blue_yellow_green() -> None:
    assert COLOURS == ("red", "blue", "yellow", "green")


def test_each_player_enters_a_name_and_the_name_is_shown() -> None:
    state = GAME.new_state([Seat("  Ahmad ", "green"), Seat("Micael")])
    view = state.view(None)
    assert [(s["name"], s["colour"]) for s in view["seats"]] == [
        ("Ahmad", "green"),
        ("Micael", "red"),
    ]


def test_all_pieces_start_in_their_nests_and_are_shown_on_the_board() -> None:
    state = table(*THREE)
    view = state.view(None)
    cells = set()
    for seat_view in view["seats"]:
        colour = COLOURS.index(seat_view["colour"])
        for piece in seat_view["pieces"]:
            assert piece["local"] == NEST and piece["universal"] is None
            assert tuple(piece["cell"]) in NEST_CELLS[colour]
            cells.add(tuple(piece["cell"]))
    assert len(cells) == 12


def test_every_player_rolls_once_and_the_highest_starts() -> None:
    state = table(*THREE)
    events = roll(state, 3) + roll(state, 5) + roll(state, 2)
    assert kinds(events) == ["rolloff", "rolloff", "rolloff", "starts"]
    assert state.current == 1 and state.players_to_act() == () and state.is_chance()
    assert lines(state, events)[-1] == "Samir slog högst och börjar."


def test_rolloff_rerolls_only_among_the_tied() -> None:
    state = table(*THREE)
    roll(state, 5)
    roll(state, 5)
    events = roll(state, 2)
    assert events[-1] == ("rolloff_tie", (0, 1), 5)
    assert lines(state, events)[-1] == "Lika (5)! Micael, Samir slår om."
    assert state.chance_seat() == 0
    roll(state, 4)
    assert state.chance_seat() == 1  # Pontus (seat 2) does not roll again
    events = roll(state, 6)
    assert events[-1] == ("starts", 1)
    assert state.current == 1


def test_rolloff_repeats_until_one_tied_player_is_strictly_highest() -> None:
    state = table(*THREE, ("Ahmad", "green"))
    for value in (6, 2, 6, 6):  # three share the 6
        events = roll(state, value)
    assert events[-1] == ("rolloff_tie", (0, 2, 3), 6)
    for value in (3, 4, 4):  # two of them tie again
        events = roll(state, value)
    assert events[-1] == ("rolloff_tie", (2, 3), 4)
    roll(state, 1)
    events = roll(state, 2)
    assert events[-1] == ("starts", 3)


def test_rolloff_is_shown_to_everyone() -> None:
    state = table(*THREE)
    roll(state, 4)
    roll(state, 4)
    roll(state, 1)
    roll(state, 2)
    views = [state.view(p)["rolloff"] for p in (None, 0, 1, 2)]
    assert views[0] == [
        [{"seat": 0, "value": 4}, {"seat": 1, "value": 4}, {"seat": 2, "value": 1}],
        [{"seat": 0, "value": 2}],
    ]
    assert all(v == views[0] for v in views)


def test_rolloff_is_part_of_the_record_and_replays() -> None:
    match = Match(GAME, [Seat(n, c) for n, c in THREE], seed=7)
    while match.state.view(None)["phase"] == "rolloff":
        match.resolve_chance()
    replayed = match.record.replay()
    assert replayed.view(None) == match.state.view(None)
    assert all(entry.action.kind == "roll" for entry in match.record.log)


def test_play_goes_clockwise_from_the_starter() -> None:
    state = table(*THREE, starter="Samir")
    turns = []
    for _ in range(4):
        events = roll(state, 3)  # nobody has a piece out: the turn passes
        assert kinds(events) == ["rolled", "no_move", "turn"]
        turns.append(state.current)
    assert turns == [2, 0, 1, 2]


def test_clockwise_order_skips_missing_colours() -> None:
    state = table(("Ahmad", "green"), ("Micael", "red"), ("Pontus", "yellow"), starter="Pontus")
    turns = []
    for _ in range(3):
        roll(state, 2)
        turns.append(state.seats[state.current].name)
    assert turns == ["Ahmad", "Micael", "Pontus"]


START_OF = {"red": 0, "blue": 10, "yellow": 20, "green": 30}


@pytest.mark.parametrize("colour", COLOURS)
def test_universal_and_local_coordinates_for_every_colour(colour: str) -> None:
    c = COLOURS.index(colour)
    start = START_OF[colour]
    assert universal(c, 1) == start  # "ruta ett" is the colour's own start square
    assert universal(c, 6) == (start + 5) % 40
    assert universal(c, 40) == (start + 39) % 40
    for p in range(1, 41):
        assert universal(c, p) == (start + p - 1) % 40
        assert local(c, (start + p - 1) % 40) == p
    for off_track in (NEST, 41, 42, 43, 44, GOAL):
        assert universal(c, off_track) is None


def test_view_shows_local_and_universal_position_of_every_piece() -> None:
    state = table(*THREE)

    place(state, {"Samir": [1, 6, 41, GOAL]})
    samir = state.view(0)["seats"][1]["pieces"]
    assert [(p["local"], p["universal"]) for p in samir] == [
        (1, 10),
        (6, 15),
        (41, None),
        (GOAL, None),
    ]


def test_board_track_is_a_closed_path_of_forty_adjacent_squares() -> None:
    assert len(set(TRACK_CELLS)) == 40
    for i in range(40):
        (x1, y1), (x2, y2) = TRACK_CELLS[i], TRACK_CELLS[(i + 1) % 40]
        assert abs(x1 - x2) + abs(y1 - y2) == 1


@pytest.mark.parametrize("colour", COLOURS)
def test_middle_lane_starts_next_to_the_colours_last_square_and_leads_to_the_goal(
    colour: str,
) -> None:
    c = COLOURS.index(colour)
    last = TRACK_CELLS[universal(c, 40) or 0]
    lane = LANE_CELLS[c]
    assert abs(last[0] - lane[0][0]) + abs(last[1] - lane[0][1]) == 1
    for a, b in zip(lane, (*lane[1:], tuple(layout()["goal"])), strict=True):  # type: ignore[arg-type]
        assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
    assert not set(lane) & set(TRACK_CELLS)


def test_fia_has_no_hidden_information_every_seat_sees_the_same_board() -> None:
    state = table(*THREE, starter="Samir")
    place(state, {"Samir": [3, 0, 0, 0], "Pontus": [41, 12, 0, 0]})
    roll(state, 4)
    spectator = {k: v for k, v in state.view(None).items() if k != "you"}
    for seat in range(3):
        view = state.view(seat)
        assert view["you"] == seat
        assert {k: v for k, v in view.items() if k != "you"} == spectator


@pytest.mark.parametrize(
    ("seat", "key"),
    [(Seat("   ", "red"), "error.name_empty"), (Seat("Ahmad", "purple"), "error.colour_unknown")],
)
def test_a_player_needs_a_name_and_one_of_the_four_colours(seat: Seat, key: str) -> None:
    with pytest.raises(InvalidSetup) as err:
        GAME.new_state([seat, Seat("Micael", "blue")])
    assert err.value.key == key


def test_state_exposes_local_and_universal_positions_of_each_seat() -> None:
    state = table(("Ahmad", "green"), ("Micael", "red"))
    place(state, {"Ahmad": [1, 11, 43, NEST], "Micael": [40, 0, 0, GOAL]})
    assert state.local_positions(0) == (1, 11, 43, NEST)
    assert state.universal_positions(0) == (30, 0, None, None)  # green starts on 30
    assert state.local_positions(1) == (40, NEST, NEST, GOAL)
    assert state.universal_positions(1) == (39, None, None, None)
