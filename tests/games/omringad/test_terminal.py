"""Omringad's terminal view: the terrain step asks for a tile, then a row and a column, or takes
a square typed by its board name (``A3:2``), and fits a 40-line screen; scripted answers stand
in for the person at the keyboard."""

from __future__ import annotations

import io
from collections.abc import Iterable

import pytest
from rich.console import Console
from rich.markup import escape
from typer.testing import CliRunner

from spelkvall.cli.commands import app
from spelkvall.cli.play import Prompter
from spelkvall.core import Action, terminal_view
from spelkvall.games.omringad.actions import BACK, TILE_ACTIONS, PlaceTile
from spelkvall.games.omringad.board import CASTLE, FOREST, LAKE, MOUNTAIN, VILLAGE, square
from spelkvall.games.omringad.rules import OmringadState
from spelkvall.games.omringad.terminal import (
    choose_terrain,
    hand_line,
    move_group,
    read_square,
    render,
)

from .helpers import NAMES, new_game

SCREEN = 40
"""Lines of the smallest terminal the terrain step must fit (the board, the tiles left and every
question of one placement)."""


class Keyboard:
    """Scripted answers, echoed after their question as a terminal shows them, and the lines
    the chooser says, all on one recording console of 80 columns."""

    def __init__(self, answers: Iterable[str]) -> None:
        self.answers = list(answers)
        self.questions: list[str] = []
        self.said: list[str] = []
        self.out = io.StringIO()
        self.console = Console(file=self.out, width=80, color_system=None)

    def ask(self, question: str, default: str | None) -> str:
        assert self.answers, f"asked once more than scripted: {question}"
        answer = self.answers.pop(0)
        self.questions.append(question)
        suffix = f" ({default})" if default else ""
        self.console.print(f"{escape(question)}{suffix} {escape(answer)}", highlight=False)
        return answer

    def say(self, line: str) -> None:
        self.said.append(line)
        self.console.print(escape(line), highlight=False)

    @property
    def refusals(self) -> list[str]:
        """What was said but the list of tiles."""
        return [line for line in self.said if not line.startswith("  1) ")]

    def screen(self) -> list[str]:
        return self.out.getvalue().splitlines()


def place(state: OmringadState, seat: int, keys: Keyboard, lang: str = "sv") -> Action | None:
    """One terrain choice of ``seat`` as the terminal asks it, after its board and hand line."""
    keys.console.print(render(state, seat, lang, None))
    keys.console.print(hand_line(state, seat, lang), highlight=False)
    legal = state.legal_actions(seat)
    chosen = choose_terrain(state, seat, legal, NAMES, lang, keys.ask, keys.say)
    assert chosen is None or chosen in legal
    return chosen


def test_the_terrain_step_takes_a_tile_then_a_row_then_a_column() -> None:
    keys = Keyboard(["1", "3", "2"])  # Borg, row 3, column 2
    assert place(new_game(2), 0, keys) == TILE_ACTIONS[CASTLE, square(0, 2, 1)]
    assert not keys.answers
    assert keys.questions[1].startswith("Var ska Borg ligga? Rad (1–5), eller rutan, t.ex. A3:2")
    assert keys.questions[2].startswith("Kolumn i rad 3 (1, 2, 3, 4, 5 fria)?")


@pytest.mark.parametrize("typed", ["A4:5", "a4:5", "4:5", "45", "4 5", "A45"])
def test_the_terrain_step_takes_a_square_typed_by_its_board_name(typed: str) -> None:
    keys = Keyboard(["2", typed])  # By on A4:5
    assert place(new_game(2), 0, keys) == TILE_ACTIONS[VILLAGE, square(0, 3, 4)]
    assert not keys.refusals


def test_the_second_country_s_squares_are_named_by_its_letter() -> None:
    keys = Keyboard(["1", "B2:3"])
    assert place(new_game(2), 1, keys) == TILE_ACTIONS[CASTLE, square(1, 1, 2)]
    assert "B3:2" in keys.questions[1]  # the example names the person's own country


def test_a_bad_square_is_refused_with_the_reason_and_asked_again() -> None:
    state = new_game(2)
    state.apply(TILE_ACTIONS[CASTLE, square(0, 2, 2)], 0)
    keys = Keyboard(["9", "1", "Z9", "B3:2", "3:3", "6:1", "3:2"])  # 1: By
    assert place(state, 0, keys) == TILE_ACTIONS[VILLAGE, square(0, 2, 1)]
    assert keys.refusals == [
        "Svara med brickans nummer (1–5) eller namn.",
        "Ingen ruta heter «Z9»: skriv en rad 1–5, eller rutan som A3:2 (land, rad, kolumn).",
        "«B3:2» ligger inte i ditt land: dina rutor är A1:1–A5:5.",
        "A3:3 har redan en bricka: välj en fri ruta.",
        "Ingen ruta heter «6:1»: skriv en rad 1–5, eller rutan som A3:2 (land, rad, kolumn).",
    ]
    # Each refusal asks the same question again.
    assert keys.questions[2:7] == [keys.questions[2]] * 5


def test_a_taken_column_or_a_full_row_is_refused_and_the_row_s_free_columns_offered() -> None:
    state = new_game(2)
    for c in range(5):
        state.apply(TILE_ACTIONS[(VILLAGE, VILLAGE, CASTLE, FOREST, FOREST)[c], square(0, 0, c)], 0)
    state.apply(TILE_ACTIONS[LAKE, square(0, 1, 0)], 0)
    keys = Keyboard(["1", "1", "2", "1", "7", "4"])  # a lake: row 1 is full, A2:1 is taken
    chosen = place(state, 0, keys)
    assert isinstance(chosen, PlaceTile) and chosen.square == square(0, 1, 3)
    assert keys.refusals == [
        "Rad 1 har ingen fri ruta: välj en annan rad.",
        "A2:1 har redan en bricka: välj en fri ruta.",
        "Ingen ruta heter «7»: skriv en rad 1–5, eller rutan som A3:2 (land, rad, kolumn).",
    ]
    assert keys.questions[3].startswith("Kolumn i rad 2 (2, 3, 4, 5 fria)?")
    assert keys.questions[4] == keys.questions[3]


def test_english_asks_in_english() -> None:
    keys = Keyboard(["x", "1", "A0"])
    keys.answers.append("2:2")
    assert place(new_game(2), 0, keys, "en") == TILE_ACTIONS[CASTLE, square(0, 1, 1)]
    assert keys.questions[0] == "Which tile (1–5)?"
    assert keys.questions[2].startswith(
        "Where to put Castle? A row (1–5), or the square, e.g. A3:2"
    )
    assert keys.refusals[0] == "Answer with the tile's number (1–5) or name."
    assert keys.refusals[1].startswith("No square is called “A0”")


def test_zero_goes_back_a_question_and_the_last_tile_can_be_undone() -> None:
    state = new_game(2)
    state.apply(TILE_ACTIONS[CASTLE, square(0, 2, 2)], 0)
    # Village, row 4, back to the row, back to the tiles, lake by name, A1:1.
    keys = Keyboard(["1", "4", "0", "0", "sjö", "1:1"])
    chosen = place(state, 0, keys)
    assert chosen == TILE_ACTIONS[LAKE, square(0, 0, 0)]
    assert keys.refusals == []
    assert "  1) By  2) Sjö  3) Skog  4) Berg  5) Ångra förra (12 kvar)" in keys.screen()
    undo = Keyboard(["5"])
    assert place(state, 0, undo) is BACK


def test_done_is_left_to_the_numbered_list() -> None:
    state = new_game(2)
    for i, kind in enumerate(
        [CASTLE, VILLAGE, VILLAGE, LAKE, LAKE, FOREST, FOREST, MOUNTAIN, MOUNTAIN]
    ):
        state.apply(TILE_ACTIONS[kind, square(0, i // 5, i % 5)], 0)
    assert place(state, 0, Keyboard([])) is None


@pytest.mark.parametrize("players", [2, 4])
def test_the_terrain_step_fits_a_40_line_screen(players: int) -> None:
    state = new_game(players)
    state.apply(TILE_ACTIONS[CASTLE, square(0, 2, 2)], 0)
    keys = Keyboard(["2", "Z9", "3", "2"])  # with one refusal on the way
    assert place(state, 0, keys) == TILE_ACTIONS[LAKE, square(0, 2, 1)]
    lines = keys.screen()
    assert len(lines) <= SCREEN, "\n".join(lines)
    assert "Anna: brickor kvar att lägga: By 2, Sjö 2, Skog 2, Berg 2." in lines
    assert all(len(line) <= 80 for line in lines)


def test_the_board_s_rows_stay_whole_in_80_columns_before_the_units_come() -> None:
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(render(new_game(2), 0, "sv", None))
    lines = out.getvalue().splitlines()
    assert lines[1] == "   1  2  3  4  5        1  2  3  4  5  "
    assert lines[2] == "1  ·● ·● ·● ·● ·●    1  ?▲ ?▲ ?▲ ?▲ ?▲ "


def test_a_square_as_typed_is_read_by_country_row_and_column() -> None:
    assert read_square("A3:2", 0) == (2, 1)
    assert read_square("c 5 1", 2) == (4, 0)
    assert read_square("3", 0) == (2, None)
    assert read_square("B3", 1) == (2, None)
    assert read_square("B3:2", 0) == "omringad.cli.not_yours"
    for bad in ("", "A", "3:2:1", "A3:9", "E1:1", "ett", "0"):
        assert read_square(bad, 0) == "omringad.cli.bad_square", bad


def test_the_shared_prompter_can_be_the_chooser_s_keyboard(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    answers = iter(["", "A1:4"])  # Enter takes the first tile
    monkeypatch.setattr("builtins.input", lambda: next(answers))
    console = Console(file=io.StringIO(), width=80, color_system=None)
    ask = Prompter(console, "sv").ask
    state = new_game(2)
    chosen = choose_terrain(state, 0, state.legal_actions(0), NAMES, "sv", ask, console.print)
    assert chosen == TILE_ACTIONS[CASTLE, square(0, 0, 3)]


def test_until_the_terminal_asks_the_game_the_tiles_come_first_then_one_tile_s_squares() -> None:
    state = new_game(2)
    legal = state.legal_actions(0)
    assert len(legal) == 125
    headings = {move_group(state, action, NAMES, "sv") for action in legal}
    assert headings == {"Lägg Borg", "Lägg By", "Lägg Sjö", "Lägg Skog", "Lägg Berg"}
    view = terminal_view("omringad")
    assert view is not None and view.group is move_group


def test_every_other_move_is_a_heading_of_its_own_so_other_steps_stay_flat() -> None:
    state = new_game(2)
    state.apply(TILE_ACTIONS[CASTLE, square(0, 2, 2)], 0)
    others = [a for a in state.legal_actions(0) if not isinstance(a, PlaceTile)]
    assert others == [BACK]
    headings = [move_group(state, a, NAMES, "sv") for a in state.legal_actions(0)]
    assert len(set(headings)) == 5  # four tiles and the undo


SETUP = "2\nAnna\n\n1\nBertil\n\n2\n1\n"
"""Anna a person, Bertil the easy computer."""


def play_until_input_ends(stdin: str) -> str:
    result = CliRunner().invoke(
        app, ["play", "omringad", "--delay", "0", "--seed", "4"], input=stdin
    )
    return result.output


def test_spelkvall_play_takes_the_terrain_by_row_and_column_and_by_name() -> None:
    # Borg: row 3, column 2; By: typed A1:4; By again: a square of Bertil's, then A5:5.
    out = play_until_input_ends(SETUP + "1\n3\n2\n" + "1\nA1:4\n" + "1\nB2:2\nA5:5\n")
    assert "Anna lägger Borg på A3:2." in out
    assert "Anna lägger By på A1:4." in out
    assert "«B2:2» ligger inte i ditt land: dina rutor är A1:1–A5:5." in out
    assert "Anna lägger By på A5:5." in out
    assert "Lägg Borg på" not in out  # no list of squares
