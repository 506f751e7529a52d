"""ActionCodec and events: untrusted JSON in, stable JSON out."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

import pytest

from spelkvall.core import Action, ActionCodec, IllegalAction, event_to_json


@dataclass(frozen=True, slots=True)
class Place(Action):
    kind: ClassVar[str] = "place"
    game: ClassVar[str] = "test"
    square: int
    colour: str
    flipped: bool


@dataclass(frozen=True, slots=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"
    game: ClassVar[str] = "test"


CODEC = ActionCodec([Place, Pass])
GOOD = {"type": "place", "square": 3, "colour": "red", "flipped": False}


def refused(data: object) -> str:
    with pytest.raises(IllegalAction) as err:
        CODEC.decode(data)
    assert err.value.key == "error.malformed_action"
    return str(err.value)


def test_an_action_round_trips_through_its_json() -> None:
    action = Place(3, "red", False)
    assert action.to_json() == GOOD
    assert CODEC.decode(action.to_json()) == action
    assert CODEC.decode({"type": "pass"}) == Pass()


def test_json_true_is_not_an_int_and_one_is_not_a_bool() -> None:
    assert "square" in refused({**GOOD, "square": True})
    assert "flipped" in refused({**GOOD, "flipped": 1})


@pytest.mark.parametrize("value", ["3", 3.0, None, [3]])
def test_an_int_field_takes_only_an_int(value: object) -> None:
    refused({**GOOD, "square": value})


def test_a_str_field_takes_only_a_str() -> None:
    refused({**GOOD, "colour": 1})


@pytest.mark.parametrize("name", ["square", "colour", "flipped"])
def test_missing_fields_are_refused(name: str) -> None:
    assert name in refused({k: v for k, v in GOOD.items() if k != name})


def test_extra_fields_are_refused() -> None:
    assert "hack" in refused({**GOOD, "hack": 1})
    refused({"type": "pass", "square": 1})


@pytest.mark.parametrize("data", [{"type": "jump"}, {"type": 1}, {}, {"square": 3}])
def test_unknown_or_missing_type_is_refused(data: object) -> None:
    refused(data)


@pytest.mark.parametrize("data", [None, 3, "place", ["place"]])
def test_anything_but_an_object_is_refused(data: object) -> None:
    refused(data)


def test_two_action_classes_cannot_share_a_kind() -> None:
    @dataclass(frozen=True, slots=True)
    class Other(Action):
        kind: ClassVar[str] = "pass"

    with pytest.raises(ValueError):
        ActionCodec([Pass, Other])


def test_refusal_has_a_translated_reason() -> None:
    with pytest.raises(IllegalAction) as err:
        CODEC.decode({"type": "jump"})
    data = err.value.to_json()
    assert data["error"] == "error.malformed_action" and data["message"]


def test_event_to_json_names_the_fields_and_turns_tuples_into_lists() -> None:
    schema = {"moved": ("seat", "path"), "over": ()}
    assert event_to_json(schema, ("moved", 1, (2, 3))) == {
        "type": "moved",
        "seat": 1,
        "path": [2, 3],
    }
    assert event_to_json(schema, ("over",)) == {"type": "over"}


def test_event_with_the_wrong_number_of_fields_is_a_bug() -> None:
    with pytest.raises(ValueError):
        event_to_json({"moved": ("seat", "path")}, ("moved", 1))
