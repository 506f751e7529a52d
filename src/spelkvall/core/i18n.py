"""The one translation table. Swedish first, English second.

Every user-facing string goes through :func:`t`. Games add their own keys (prefixed with the
game id) with :func:`register` when they are imported, so adding a game touches no other file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

LANGUAGES: tuple[str, ...] = ("sv", "en")
DEFAULT_LANGUAGE = "sv"

_TABLE: dict[str, tuple[str, str]] = {}


def register(entries: Mapping[str, tuple[str, str]]) -> None:
    """Add ``key -> (swedish, english)`` entries. A key may only be registered once."""
    for key, texts in entries.items():
        if key in _TABLE and _TABLE[key] != texts:
            raise ValueError(f"translation key registered twice with different texts: {key}")
        if len(texts) != len(LANGUAGES):
            raise ValueError(f"translation {key} needs exactly {LANGUAGES}")
        _TABLE[key] = texts


def t(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: Any) -> str:
    """The text for ``key`` in ``lang`` with ``params`` formatted in; unknown keys show as-is."""
    texts = _TABLE.get(key)
    if texts is None:
        return key
    idx = LANGUAGES.index(lang) if lang in LANGUAGES else 0
    return texts[idx].format(**params) if params else texts[idx]


def table(lang: str) -> dict[str, str]:
    """The whole table in one language (served to the web client)."""
    idx = LANGUAGES.index(lang) if lang in LANGUAGES else 0
    return {key: texts[idx] for key, texts in _TABLE.items()}


def keys() -> frozenset[str]:
    return frozenset(_TABLE)


def name_list(names: Sequence[str], lang: str = DEFAULT_LANGUAGE) -> str:
    """``Anna, Bo och Cia`` (sv) / ``Anna, Bo and Cia`` (en)."""
    items = list(names)
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} {t('word.and', lang)} {items[-1]}"


def number(value: float, lang: str = DEFAULT_LANGUAGE) -> str:
    """A number as ``lang`` writes it, at most two decimals: ``1 234,5`` (sv, a no-break
    space between thousands, as the browser's ``Intl`` writes it) / ``1,234.5`` (en)."""
    text = f"{value:,.2f}".rstrip("0").rstrip(".")
    if lang == "sv":
        text = text.replace(",", "\u00a0").replace(".", ",")
    return "0" if text in ("-0", "") else text


def possessive(name: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """``Micael`` → ``Micaels`` (sv) / ``Micael's`` (en); Swedish adds nothing after s, x, z."""
    if lang == "sv":
        return name if name[-1:].lower() in ("s", "x", "z") else name + "s"
    return name + ("'" if name.endswith("s") else "'s")


register(
    {
        "error.not_your_turn": ("Det är inte din tur.", "It is not your turn."),
        "error.illegal_action": (
            "Det draget är inte tillåtet nu.",
            "That move is not allowed now.",
        ),
        "error.malformed_action": ("Draget kunde inte läsas.", "The move could not be read."),
        "error.game_over": ("Spelet är slut.", "The game is over."),
        "error.position_unsupported": (
            "Spelet {game} kan inte läsa ställningar; använd ett sparat parti.",
            "The game {game} reads no positions; use a saved match.",
        ),
        "error.position": (
            "Ställningen går inte att läsa: fältet {field} är fel.",
            "The position cannot be read: the field {field} is wrong.",
        ),
        "error.chance_pending": (
            "Tärningen ska slås först.",
            "The die has to be rolled first.",
        ),
        "error.players": (
            "{game} spelas av {counts} spelare, inte {n}.",
            "{game} is played by {counts} players, not {n}.",
        ),
        "error.name_empty": ("Varje spelare behöver ett namn.", "Every player needs a name."),
        "error.name_long": (
            "Namnet får vara högst {max} tecken.",
            "The name may be at most {max} characters.",
        ),
        "error.name_control": (
            "Namnet får inte innehålla styrtecken.",
            "The name may not contain control characters.",
        ),
        "error.name_twice": (
            "Två spelare kan inte båda heta {name}.",
            "Two players cannot both be called {name}.",
        ),
        "error.colour_unknown": ("Okänd färg: {colour}.", "Unknown colour: {colour}."),
        "error.colour_taken": (
            "Färgen {colour} är redan vald.",
            "The colour {colour} is already taken.",
        ),
        "error.option_unknown": (
            "Okänd regel: {name}. Reglerna är: {known}.",
            "Unknown rule option: {name}. The options are: {known}.",
        ),
        "error.option_type": (
            "Regeln {name} ska vara {type}.",
            "The rule option {name} must be {type}.",
        ),
        "error.option_choice": (
            "Regeln {name} kan inte vara {value}; välj en av: {allowed}.",
            "The rule option {name} cannot be {value}; choose one of: {allowed}.",
        ),
        "error.option_range": (
            "Regeln {name} kan inte vara {value}; den ska vara {allowed}.",
            "The rule option {name} cannot be {value}; it must be {allowed}.",
        ),
        "error.record": (
            "Matchfilen kunde inte läsas: {why}",
            "The match file could not be read: {why}",
        ),
        "error.record_rules": (
            "Matchen spelades med regelversion {record} av spelet, det här programmet har "
            "version {engine}: den spelas inte upp, för samma drag kan betyda något annat nu.",
            "The match was played under rules version {record} of the game, this program has "
            "version {engine}: it is not replayed, as the same moves may mean something else now.",
        ),
        "colour.red": ("röd", "red"),
        "colour.blue": ("blå", "blue"),
        "colour.yellow": ("gul", "yellow"),
        "colour.green": ("grön", "green"),
        "colour.purple": ("lila", "purple"),
        "colour.black": ("svart", "black"),
        "seat.human": ("person", "person"),
        "seat.bot": ("dator", "computer"),
        "word.and": ("och", "and"),
    }
)
