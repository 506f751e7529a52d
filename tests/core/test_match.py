"""Match and MatchRecord: the record round-trips, replays, and refuses what does not replay."""

from __future__ import annotations

import json
from typing import Any

import pytest

from spelkvall.core import (
    CHANCE,
    IllegalAction,
    InvalidRecord,
    Match,
    MatchRecord,
    Seat,
    SpelkvallError,
    get_game,
)
from spelkvall.games.fia import MOVES, ROLLS

FIA = get_game("fia")
SEATS = [Seat("Micael", "red"), Seat("Samir", "blue")]


def play(match: Match, steps: int) -> None:
    """Chance from the match's RNG, players always take their first legal action."""
    for _ in range(steps):
        if match.state.is_terminal():
            return
        if match.state.is_chance():
            match.resolve_chance()
        else:
            match.apply(match.state.legal_actions()[0])


def test_resolve_chance_is_determined_by_the_seed() -> None:
    a, b, c = Match(FIA, SEATS, seed=42), Match(FIA, SEATS, seed=42), Match(FIA, SEATS, seed=43)
    for match in (a, b, c):
        play(match, 200)
    assert a.record.dumps() == b.record.dumps()
    assert a.state.view(None) == b.state.view(None)
    assert a.record.dumps() != c.record.dumps()


def test_every_accepted_action_is_logged_and_bumps_the_version() -> None:
    match = Match(FIA, SEATS, seed=1)
    assert match.version == 0
    match.resolve_chance()
    assert match.version == 1 and match.record.log[0].player == CHANCE


def test_a_refused_action_is_not_logged() -> None:
    match = Match(FIA, SEATS, seed=1)
    with pytest.raises(IllegalAction):
        match.apply(MOVES[0], 0)
    with pytest.raises(IllegalAction):
        match.apply_json(0, {"type": "roll", "value": 6})  # a player cannot roll for chance
    with pytest.raises(IllegalAction):
        match.apply_json(CHANCE, {"type": "roll", "value": 6})  # nor can a client be chance
    assert match.version == 0


def test_record_round_trips_through_json_text() -> None:
    match = Match(FIA, SEATS, FIA.parse_options({"play_on": True}), seed=3)
    play(match, 120)
    text = match.record.dumps()
    data = json.loads(text)
    assert data["format"] == "spelkvall-match/1" and data["game"] == "fia"
    assert data["options"] == {"three_tries": False, "play_on": True}
    assert "seed" not in text
    again = MatchRecord.loads(text)
    assert again.dumps() == text


def test_replay_reaches_every_position_of_the_match() -> None:
    match = Match(FIA, SEATS, seed=5)
    views = [match.state.view(None)]
    for _ in range(60):
        play(match, 1)
        views.append(match.state.view(None))
    record = MatchRecord.loads(match.record.dumps())
    for upto in (0, 1, 7, 30, 60):
        assert record.replay(upto).view(None) == views[upto]
    assert record.replay().view(0) == match.state.view(0)


def test_from_record_continues_a_saved_match() -> None:
    match = Match(FIA, SEATS, seed=9)
    play(match, 40)
    resumed = Match.from_record(MatchRecord.loads(match.record.dumps()), seed=1)
    assert resumed.version == 40
    assert resumed.state.view(None) == match.state.view(None)
    play(resumed, 10)
    assert resumed.version == 50


def record_data() -> dict[str, Any]:
    match = Match(FIA, SEATS, seed=2)
    play(match, 30)
    return match.record.to_json()


def invalid(text: str) -> InvalidRecord:
    with pytest.raises(InvalidRecord) as err:
        MatchRecord.loads(text).replay()
    assert err.value.key == "error.record"
    return err.value


def test_a_record_for_other_rules_is_refused_naming_both_versions() -> None:
    data = record_data()
    data["rules_version"] = "0"
    with pytest.raises(InvalidRecord) as err:
        MatchRecord.loads(json.dumps(data)).replay()
    assert err.value.key == "error.record_rules" and err.value.params["why"] == "rules version"
    assert err.value.params["record"] == "0" and err.value.params["engine"] == "1"


def test_a_log_entry_that_is_not_legal_there_is_refused() -> None:
    data = record_data()
    data["log"][0] = {"player": CHANCE, "action": MOVES[0].to_json()}
    assert "log entry 0" in str(invalid(json.dumps(data)))


def test_a_log_entry_by_the_wrong_player_is_refused() -> None:
    data = record_data()
    data["log"][0]["player"] = 0
    invalid(json.dumps(data))


def test_a_log_entry_with_a_malformed_action_is_refused() -> None:
    data = record_data()
    data["log"][3]["action"] = {"type": "roll", "value": "6"}
    invalid(json.dumps(data))


def test_a_log_that_goes_on_after_the_end_is_refused() -> None:
    match = Match(FIA, SEATS, seed=2)
    play(match, 5000)
    assert match.state.is_terminal()
    data = match.record.to_json()
    data["log"].append({"player": CHANCE, "action": ROLLS[0].to_json()})
    invalid(json.dumps(data))


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.pop("log"),
        lambda d: d.update(format="other/1"),
        lambda d: d.update(game="no-such-game"),
        lambda d: d.update(seats="Micael"),
        lambda d: d.update(seats=[{"name": "Micael", "colour": "red"}]),
        lambda d: d.update(seats=[{"name": "", "colour": "red"}, {"name": "B"}]),
        lambda d: d.update(options={"turbo": True}),
        lambda d: d["log"][0].update(player="x"),
        lambda d: d["log"][0].update(player=-1.5),
        lambda d: d["log"][0].pop("action"),
    ],
    ids=[
        "no log",
        "wrong format",
        "unknown game",
        "seats not a list",
        "too few seats",
        "empty name",
        "unknown option",
        "player not a number",
        "player not an int",
        "entry without action",
    ],
)
def test_a_corrupted_record_is_refused_as_invalid(change: Any) -> None:
    data = record_data()
    change(data)
    invalid(json.dumps(data))


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '"match"'])
def test_text_that_is_not_a_record_is_refused(text: str) -> None:
    invalid(text)


def test_an_unknown_game_id_is_an_error_with_a_key() -> None:
    with pytest.raises(SpelkvallError) as err:
        get_game("no-such-game")
    assert err.value.key == "error.unknown_game"


def test_a_match_checks_its_seats_under_its_own_options() -> None:
    """A count only an option allows (a sixth seat) is accepted for the match and its record."""
    from tests.core.example_game import BidOptions, SealedBids

    class Wider(SealedBids):
        max_players = 4

        def player_counts(self, options: Any = None) -> tuple[int, ...]:
            return (2, 3, 4) if options is not None and options.cards >= 6 else (2, 3)

    seats = [Seat(name) for name in ("Ahmad", "Micael", "Pontus", "Samir")]
    match = Match(Wider(), seats, BidOptions(cards=6), seed=1)
    assert len(match.record.seats) == 4 and match.state.num_players == 4
    with pytest.raises(SpelkvallError):
        Match(Wider(), seats, BidOptions(cards=5), seed=1)
