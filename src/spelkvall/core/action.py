"""Actions and events: small immutable values with a stable JSON form.

Actions are frozen dataclasses deriving from :class:`Action`; a game usually creates every
action it can ever offer once, at import, so the hot path allocates nothing. Events are plain
tuples ``(kind, field, ...)`` because ``apply`` creates several per step; each game publishes an
:data:`EventSchema` that names the fields, and :func:`event_to_json` turns one into JSON.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Final, TypeAlias

from .errors import IllegalAction
from .i18n import DEFAULT_LANGUAGE, t

Event: TypeAlias = tuple[Any, ...]
"""``(kind, *fields)``; the game's :data:`EventSchema` names the fields."""

EventSchema: TypeAlias = Mapping[str, tuple[str, ...]]

TURN_EVENT: Final = "turn"
"""The kind of the event ``(TURN_EVENT, seat)`` a game emits when ``seat``'s turn begins, with
``TURN_EVENT: ("seat",)`` in its :data:`EventSchema`. Shared layers key on it (the terminal
starts a new section under the seat's name); a game without turns of one seat (all act at once,
in phases) emits none, and its log simply has no turn headers."""

JSONScalar = (int, str, bool)


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base class of all actions. Subclasses set ``kind`` and add int/str/bool fields."""

    kind: ClassVar[str] = "action"
    game: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        """``{"type": kind, field: value, ...}`` — stable across versions of the game."""
        data: dict[str, Any] = {"type": self.kind}
        for field in dataclasses.fields(self):
            data[field.name] = getattr(self, field.name)
        return data

    def label(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """A short human label, e.g. ``Gå ut med två pjäser till ruta 1``."""
        params = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        return t(f"{self.game}.action.{self.kind}", lang, **params)


class ActionCodec:
    """Decodes untrusted JSON into one of a game's action classes, or raises IllegalAction."""

    def __init__(self, classes: Iterable[type[Action]]) -> None:
        self._by_kind: dict[str, type[Action]] = {}
        for cls in classes:
            if cls.kind in self._by_kind:
                raise ValueError(f"two action classes share kind {cls.kind!r}")
            self._by_kind[cls.kind] = cls

    def decode(self, data: object) -> Action:
        if not isinstance(data, Mapping):
            raise _malformed("an action is a JSON object")
        kind = data.get("type")
        cls = self._by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise _malformed(f"unknown action type {kind!r}")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        extra = set(data) - set(fields) - {"type"}
        if extra:
            raise _malformed(f"unexpected fields {sorted(extra)}")
        values: dict[str, Any] = {}
        for name, field in fields.items():
            if name not in data:
                raise _malformed(f"missing field {name!r}")
            value = data[name]
            expected = _field_type(field)
            # bool is an int in Python; keep them apart so JSON true never means 1.
            if type(value) is not expected:
                raise _malformed(f"field {name!r} must be {expected.__name__}")
            values[name] = value
        return cls(**values)


def _field_type(field: dataclasses.Field[Any]) -> type:
    annotation = field.type
    name = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", "")
    return {"int": int, "str": str, "bool": bool}.get(name, object)


def _malformed(why: str) -> IllegalAction:
    return IllegalAction("error.malformed_action", f"malformed action: {why}", why=why)


def event_to_json(schema: EventSchema, event: Event) -> dict[str, Any]:
    """``("moved", 0, 2, 5, 8)`` → ``{"type": "moved", "seat": 0, "piece": 2, ...}``."""
    names = schema[event[0]]
    if len(names) != len(event) - 1:
        raise ValueError(f"event {event[0]} has {len(event) - 1} fields, schema names {names}")
    data: dict[str, Any] = {"type": event[0]}
    for name, value in zip(names, event[1:], strict=True):
        data[name] = list(value) if isinstance(value, tuple) else value
    return data
