"""``spelkvall play fia`` driven through Typer's CliRunner with scripted input; Fia's own
terminal view (``games/fia/terminal.py``)."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from spelkvall.cli.commands import app
from spelkvall.cli.play import Prompter, setup_seats
from spelkvall.core import CHANCE, MatchRecord, Seat
from spelkvall.games.fia import GAME, MOVES, Roll
from spelkvall.games.fia.board import UNIVERSAL
from spelkvall.games.fia.rules import ROLL
from spelkvall.games.fia.terminal import board, describe_move

runner = CliRunner()

# Two computer players: count, then per player name, colour, kind (2 = computer), bot.
TWO_COMPUTERS = "2\nMicael\n\n2\nheuristic\nSamir\n\n2\nrandom\n"
# A person (Micael, red) against a computer; then enough "1" answers for every roll and move.
PERSON_AND_COMPUTER = "2\nMicael\n1\n1\nSamir\n\n2\n1\n" + "1\n" * 3000


def play(args: list[str], stdin: str) -> str:
    result = runner.invoke(app, ["play", "fia", "--delay", "0", *args], input=stdin)
    assert result.exit_code == 0, result.output
    return result.output


def test_two_computers_play_to_the_end_and_the_winner_is_shown() -> None:
    out = play(["--seed", "1"], TWO_COMPUTERS)
    assert "Micael slår" in out and "om vem som börjar" in out  # the roll-off is shown
    assert re.search(r"(Micael|Samir) flyttar pjäs \d från ruta \d+ till", out)  # moves shown
    assert re.search(r"(Micael|Samir) vinner!", out)
    assert "Slutställning" in out
    assert re.search(r"1\. (Micael|Samir)\n.*2\. (Micael|Samir)", out)


def test_the_same_seed_gives_the_same_game() -> None:
    assert play(["--seed", "4"], TWO_COMPUTERS) == play(["--seed", "4"], TWO_COMPUTERS)


def test_a_colour_is_offered_only_while_it_is_free() -> None:
    out = play(["--seed", "1"], "2\nMicael\n2\n2\n1\nSamir\n\n2\n1\n")
    second = out.split("Vilken färg väljer Micael?")[1].split("Vilken färg väljer Samir?")[0]
    assert "blå" not in second
    assert "1) ● röd" in second  # the palette's marks
    assert "Micael spelar blå" in out and "Samir spelar röd" in out


def test_a_taken_name_and_a_wrong_answer_are_asked_again() -> None:
    out = play(["--seed", "1"], "7\n2\nMicael\n\n2\n1\nmicael\nSamir\n9\n\n2\n1\n")
    assert "Svara med ett av alternativen: 2, 3, 4." in out
    assert "Namnet micael är redan taget." in out
    assert "Svara med ett av alternativen: 1, 2, 3." in out


def test_a_person_picks_numbered_moves_described_in_words() -> None:
    out = play(["--seed", "2"], PERSON_AND_COMPUTER)
    assert "Micael, tryck Enter för att slå tärningen" in out
    assert "Möjliga drag:" in out
    assert re.search(r"  1\) Flytta pjäs \d från ruta \d+ till (ruta \d+|mittfält \d|mål)", out)
    assert "  1) Gå ut med en pjäs till ruta 1" in out
    assert re.search(r"(Micael|Samir) vinner!", out)


def test_english_with_lang_en() -> None:
    out = play(["--seed", "2", "--lang", "en"], PERSON_AND_COMPUTER)
    assert "Micael, press Enter to roll the die" in out
    assert "Possible moves:" in out
    assert re.search(r"(Micael|Samir) wins!", out)
    assert "vinner" not in out


def test_house_rules_are_announced_and_play_on_ranks_everyone() -> None:
    stdin = "3\nA\n\n2\n1\nB\n\n2\n1\nC\n\n2\n1\n"
    out = play(["--seed", "3", "--option", "three_tries=true", "-o", "play_on=ja"], stdin)
    assert "Husregler: Tre försök" in out and "Spela vidare" in out
    assert re.search(r"1\. [ABC]\n.*2\. [ABC]\n.*3\. [ABC]", out)
    assert "kommer på plats 2" in out


def test_input_running_out_stops_the_game_with_a_message() -> None:
    result = runner.invoke(app, ["play", "fia", "--delay", "0"], input="2\nMicael\n")
    assert result.exit_code == 1
    assert "Spelet avbröts." in result.output


def test_unknown_game_and_language_are_refused_clearly() -> None:
    result = runner.invoke(app, ["play", "schack"])
    assert result.exit_code == 2
    assert "Okänt spel: schack. Kända spel:" in result.output
    result = runner.invoke(app, ["play", "fia", "--lang", "de"])
    assert result.exit_code == 2
    assert "Okänt språk: de" in result.output


def test_a_move_says_where_the_piece_goes_and_whom_it_knocks_out() -> None:
    state = GAME.new_state([Seat("Micael"), Seat("Samir")])
    for colour, local in ((0, 5), (1, 39)):
        state.pos[4 * colour] = local
        state.occ[UNIVERSAL[colour][local]] = colour
    state.phase = ROLL
    state.current = 0
    state.apply(Roll(4), CHANCE)
    names = ["Micael", "Samir"]
    text = describe_move(state, MOVES[0], names, "sv")
    assert text == "Flytta pjäs 1 från ruta 5 till ruta 9 (slår ut Samirs pjäs)"
    assert describe_move(state, MOVES[0], names, "en") == (
        "Move piece 1 from square 5 to square 9 (knocks out Samir's piece)"
    )


def test_the_board_marks_each_colour_and_piece_for_colour_blind_players() -> None:
    state = GAME.new_state([Seat("Micael"), Seat("Samir")])
    state.pos[0] = 1
    state.occ[0] = 0
    drawn = board(state).plain
    lines = drawn.split("\n")
    assert len(lines) == 11
    assert lines[4].startswith("●1")  # red's piece 1 on red's start square (0, 4)
    assert "■1" in lines[0] and "■4" in lines[1]  # blue's nest, top right
    assert " ★ " in lines[5]


def test_a_computer_seat_is_asked_its_level_easy_medium_hard_first_medium_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Setup only: a whole game at "hard" would take a minute.
    monkeypatch.setattr("sys.stdin", io.StringIO("2\nMicael\n\n2\n3\nSamir\n\n2\n\n"))
    console = Console(file=io.StringIO(), width=100)
    seats = setup_seats(GAME, None, Prompter(console, "sv"), "sv")
    assert [s.bot for s in seats] == ["hard", "medium"]  # Enter: Medel, as in the browser
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Hur svår ska datorn Micael vara?" in out
    assert "1) easy — Lätt: tumregler\n  2) medium — Medel" in out
    assert "3) hard — Svår" in out


def test_save_writes_a_match_that_replays_to_the_same_end(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    out = play(["--seed", "1", "--save", str(path)], TWO_COMPUTERS)
    assert f"Partiet är sparat i {path}." in out.replace("\n", "")
    record = MatchRecord.loads(path.read_text(encoding="utf-8"))
    assert record.game == "fia" and [s.name for s in record.seats] == ["Micael", "Samir"]
    final = record.replay()
    assert final.is_terminal()
    winner = record.seats[final.result().winners[0]].name
    assert f"{winner} vinner!" in out
    assert not (tmp_path / "match.json.tmp").exists()


def test_a_stopped_game_keeps_its_last_position_for_the_advisor(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    # Micael (a person) against a computer; the input runs out after a few rolls and moves.
    stdin = "2\nMicael\n1\n1\nSamir\n\n2\n1\n" + "1\n" * 12
    result = runner.invoke(
        app, ["play", "fia", "--delay", "0", "--seed", "3", "--save", str(path)], input=stdin
    )
    assert result.exit_code == 1
    assert "Spelet avbröts." in result.output and "Partiet är sparat i" in result.output
    record = MatchRecord.loads(path.read_text(encoding="utf-8"))
    state = record.replay()
    assert not state.is_terminal() and len(record.log) > 2
    # The position where the game stopped is what the advisor reads.
    advice = runner.invoke(app, ["advise", "fia", "--match", str(path), "--half-width", "0.1"])
    if state.is_chance():
        assert advice.exit_code == 2 and "tärningen ska slås först" in advice.output
    else:
        assert advice.exit_code == 0 and "Vinstchans" in advice.output


def test_a_save_file_that_cannot_be_written_is_refused_before_playing(tmp_path: Path) -> None:
    path = tmp_path / "no-such-folder" / "match.json"
    result = runner.invoke(
        app, ["play", "fia", "--delay", "0", "--save", str(path)], input=TWO_COMPUTERS
    )
    assert result.exit_code == 2
    assert "Kunde inte spara partiet" in result.output
    assert "om vem som börjar" not in result.output  # nobody rolled


def test_stopping_during_setup_claims_no_saved_file(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    path.write_text("an older file", encoding="utf-8")
    result = runner.invoke(
        app, ["play", "fia", "--delay", "0", "--save", str(path)], input="2\nMicael\n"
    )
    assert result.exit_code == 1
    assert "sparat" not in result.output
    assert path.read_text(encoding="utf-8") == "an older file"


def test_search_computers_in_the_terminal_never_wait_for_the_compiler(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # As on a fresh install: the game's kernels are not loaded. While the game is played a
    # child prepares them (here a stand-in that records it) and the process compiles nothing;
    # the search computers play out through the engine meanwhile.
    from spelkvall.bots import make_bot
    from spelkvall.cli import play as play_module
    from spelkvall.core import kernels
    from spelkvall.server import warm

    started: list[str] = []
    monkeypatch.setattr(kernels, "_loaded", set())
    monkeypatch.setattr(warm.Warmer, "start", lambda self: started.extend(self.games))
    console = Console(file=io.StringIO(), width=100)
    state = GAME.new_state([Seat("a"), Seat("b")])
    with play_module.computers_prepared(console, GAME, [make_bot("medium", GAME)], "sv"):
        assert kernels.compiling_forbidden()
        assert GAME.playout_wins(state, 4, "heuristic", 1) is None
    assert started == ["fia"]
    assert not kernels.compiling_forbidden(), "the flag outlived the game"
    assert "förbereder sig" in console.file.getvalue()  # type: ignore[attr-defined]
    # Rule-of-thumb computers use no kernels: nothing is prepared for them.
    with play_module.computers_prepared(console, GAME, [make_bot("easy", GAME)], "sv"):
        assert not kernels.compiling_forbidden()
    assert started == ["fia"]
