"""Options declared with their choices and ranges: what is offered, what is refused, and
declarations that cannot be offered are caught at import."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from spelkvall.core import InvalidSetup, option
from spelkvall.core.options import option_specs


@dataclass(frozen=True)
class Good:
    gem_value: int = option(500, choices=(500, 600))
    depth: int = option(4, min=4, max=6)
    turn_order: str = option("random", choices=("random", "by_roll"))
    sixth_seat: bool = False
    rounds: int = 10


def test_specs_carry_type_default_choices_and_range() -> None:
    specs = {s.name: s for s in option_specs(Good)}
    assert specs["gem_value"].choices == (500, 600) and specs["gem_value"].type is int
    assert (specs["depth"].min, specs["depth"].max) == (4, 6)
    assert specs["turn_order"].allowed_text() == "random, by_roll"
    assert specs["sixth_seat"].allowed_text() == "true, false"
    assert specs["rounds"].allowed_text() == "int"


@pytest.mark.parametrize(
    ("name", "text", "value"),
    [
        ("gem_value", "600", 600),
        ("depth", " 5 ", 5),
        ("turn_order", "by_roll", "by_roll"),
        ("sixth_seat", "true", True),
        ("sixth_seat", "nej", False),
        ("rounds", "-3", -3),
    ],
)
def test_values_typed_on_a_command_line_are_parsed(name: str, text: str, value: object) -> None:
    spec = next(s for s in option_specs(Good) if s.name == name)
    assert spec.from_text(text) == value


@pytest.mark.parametrize(
    ("name", "text", "key", "allowed"),
    [
        ("gem_value", "550", "error.option_choice", "500, 600"),
        ("depth", "7", "error.option_range", "4–6"),
        ("depth", "3", "error.option_range", "4–6"),
        ("depth", "four", "error.option_type", None),
        ("turn_order", "by_age", "error.option_choice", "random, by_roll"),
        ("sixth_seat", "maybe", "error.option_choice", "true, false"),
    ],
)
def test_values_outside_the_declaration_are_refused_naming_what_is_allowed(
    name: str, text: str, key: str, allowed: str | None
) -> None:
    spec = next(s for s in option_specs(Good) if s.name == name)
    with pytest.raises(InvalidSetup) as err:
        spec.from_text(text)
    assert err.value.key == key
    if allowed is not None:
        assert err.value.params["allowed"] == allowed


def test_json_true_is_not_an_int_option() -> None:
    spec = next(s for s in option_specs(Good) if s.name == "depth")
    with pytest.raises(InvalidSetup) as err:
        spec.check(True)
    assert err.value.key == "error.option_type"


def test_declarations_that_cannot_be_offered_are_caught() -> None:
    @dataclass(frozen=True)
    class FreeText:
        name: str = "x"

    @dataclass(frozen=True)
    class DefaultOutside:
        depth: int = option(3, min=4, max=6)

    @dataclass(frozen=True)
    class RangeOnBool:
        on: bool = option(False, min=0, max=1)

    @dataclass(frozen=True)
    class FloatOption:
        share: float = 0.5

    for bad in (FreeText, DefaultOutside, RangeOnBool, FloatOption):
        with pytest.raises(TypeError):
            option_specs(bad)
