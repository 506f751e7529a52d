"""House rules: typed options with their choices and ranges declared beside the defaults.

A game's options are a frozen dataclass. A plain field (``play_on: bool = False``) is a free
bool, int or str; :func:`option` adds what a lobby and a command line need to offer it well::

    @dataclass(frozen=True)
    class MyOptions:
        gem_value: int = option(500, choices=(500, 600))
        depth: int = option(4, min=4, max=6)
        turn_order: str = option("random", choices=("random", "by_roll"))

Everything else reads the declaration: :class:`OptionSpec` per field, ``/api/games`` serves
it, the lobby renders a select, a number with min/max or a checkbox from it alone, and the CLI's
``--option NAME=VALUE`` parses and checks against it with an error that names what is allowed.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, get_type_hints

from .errors import InvalidSetup

OptionValue = bool | int | str
_META = "spelkvall.option"
_TYPES: dict[type, str] = {bool: "bool", int: "int", str: "str"}
_TRUE = frozenset({"true", "1", "yes", "on", "ja", "sant"})
_FALSE = frozenset({"false", "0", "no", "off", "nej", "falskt"})


def option(
    default: Any,
    *,
    choices: tuple[Any, ...] | None = None,
    min: int | None = None,
    max: int | None = None,
) -> Any:
    """A dataclass field for an option with ``choices`` (any type) or an int range."""
    meta = {"choices": choices, "min": min, "max": max}
    return dataclasses.field(default=default, metadata={_META: meta})


@dataclass(frozen=True)
class OptionSpec:
    """One option as declared: its name, type, default and what values it allows."""

    name: str
    type: type
    default: OptionValue
    choices: tuple[OptionValue, ...] | None = None
    min: int | None = None
    max: int | None = None

    @property
    def type_name(self) -> str:
        return _TYPES[self.type]

    def allowed_text(self) -> str:
        """What may be given, for an error message: ``500, 600`` or ``4–6`` or ``true, false``."""
        if self.choices is not None:
            return ", ".join(_text(c) for c in self.choices)
        if self.type is bool:
            return "true, false"
        if self.min is not None or self.max is not None:
            low = "" if self.min is None else str(self.min)
            high = "" if self.max is None else str(self.max)
            return f"{low}–{high}"
        return self.type_name

    def check(self, value: Any) -> Any:
        """``value`` if it is allowed, else :class:`InvalidSetup` with the reason."""
        if type(value) is not self.type:
            raise InvalidSetup(
                "error.option_type",
                f"option {self.name!r} must be {self.type_name}",
                name=self.name,
                type=self.type_name,
            )
        if self.choices is not None and value not in self.choices:
            raise InvalidSetup(
                "error.option_choice",
                f"option {self.name!r} is one of {self.allowed_text()}",
                name=self.name,
                value=_text(value),
                allowed=self.allowed_text(),
            )
        number: int = value if isinstance(value, int) else 0
        if (self.min is not None and number < self.min) or (
            self.max is not None and number > self.max
        ):
            raise InvalidSetup(
                "error.option_range",
                f"option {self.name!r} is {self.allowed_text()}",
                name=self.name,
                value=_text(value),
                allowed=self.allowed_text(),
            )
        return value

    def from_text(self, text: str) -> OptionValue:
        """A value typed on a command line (``true``, ``ja``, ``5``, ``by_roll``), checked."""
        raw = text.strip()
        value: Any = raw
        if self.type is bool:
            folded = raw.casefold()
            if folded not in _TRUE | _FALSE:
                raise InvalidSetup(
                    "error.option_choice",
                    f"option {self.name!r} is true or false",
                    name=self.name,
                    value=raw,
                    allowed=self.allowed_text(),
                )
            value = folded in _TRUE
        elif self.type is int:
            try:
                value = int(raw)
            except ValueError:
                raise InvalidSetup(
                    "error.option_type",
                    f"option {self.name!r} must be int",
                    name=self.name,
                    type="int",
                ) from None
        checked: OptionValue = self.check(value)
        return checked


def _text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def option_specs(options_type: type[Any]) -> tuple[OptionSpec, ...]:
    """The declared options of a dataclass, in field order. Raises ``TypeError`` for a
    declaration that cannot be offered (an unsupported type, a str without choices, a
    default outside its own choices or range): a programming error, found at import."""
    hints = get_type_hints(options_type)
    specs = []
    for f in dataclasses.fields(options_type):
        kind = hints[f.name]
        if kind not in _TYPES:
            raise TypeError(f"option {f.name!r}: only bool, int and str options are supported")
        meta = f.metadata.get(_META, {})
        choices = meta.get("choices")
        spec = OptionSpec(
            name=f.name,
            type=kind,
            default=f.default,  # type: ignore[arg-type]
            choices=None if choices is None else tuple(choices),
            min=meta.get("min"),
            max=meta.get("max"),
        )
        if kind is str and spec.choices is None:
            raise TypeError(f"option {f.name!r}: a str option needs its choices")
        if (spec.min is not None or spec.max is not None) and kind is not int:
            raise TypeError(f"option {f.name!r}: min and max are for int options")
        if spec.choices is not None and any(type(c) is not kind for c in spec.choices):
            raise TypeError(f"option {f.name!r}: every choice must be {spec.type_name}")
        try:
            spec.check(spec.default)
        except InvalidSetup:
            raise TypeError(f"option {f.name!r}: the default is not allowed") from None
        specs.append(spec)
    return tuple(specs)
