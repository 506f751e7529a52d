"""One palette of player colours for every game, the terminal and the browser.

Each colour has a shape (and the terminal mark of that shape) of its own, so that players are
told apart without colour: a colour-blind player, a black-and-white printout and a terminal
without colours all read the shapes. The hex values were chosen to differ in lightness too, so
that red and green are not the same grey under deuteranopia or protanopia. A game lists the
colour ids it offers, in its own order (``Game.colours``); the web client and the CLI look the
rest up here (``/api/games`` serves it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class PlayerColour:
    """A player colour: ``fill`` its hex value, ``ink`` text drawn on it, ``light`` a pale
    tint for areas (home squares, a kennel), ``shape`` its SVG shape, ``mark`` the terminal
    glyph of that shape and ``style`` its Rich style."""

    id: str
    fill: str
    ink: str
    light: str
    shape: str
    mark: str
    style: str

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "fill": self.fill,
            "ink": self.ink,
            "light": self.light,
            "shape": self.shape,
            "mark": self.mark,
        }


PALETTE: dict[str, PlayerColour] = {
    c.id: c
    for c in (
        PlayerColour("red", "#d62839", "#ffffff", "#f7c5ca", "circle", "●", "bold red"),
        PlayerColour("blue", "#1f5fd1", "#ffffff", "#c4d6f7", "square", "■", "bold blue"),
        PlayerColour("yellow", "#f2c200", "#1b1b1b", "#fbeaa6", "triangle", "▲", "bold yellow"),
        PlayerColour("green", "#1f9a4b", "#ffffff", "#bfe6cb", "diamond", "◆", "bold green"),
        PlayerColour("purple", "#7b3fb5", "#ffffff", "#e0cdf2", "star", "★", "bold magenta"),
        PlayerColour("black", "#2b2b2b", "#ffffff", "#cfcfcf", "hexagon", "⬢", "bold"),
    )
}
"""Every player colour, in the order a game without its own order hands them out."""

FALLBACK = PlayerColour("none", "#777777", "#ffffff", "#dddddd", "circle", "○", "bold")


def colour(colour_id: str | None) -> PlayerColour:
    """The palette entry of a colour id (a neutral grey circle for ``None`` or an unknown id)."""
    if colour_id is None:
        return FALLBACK
    return PALETTE.get(colour_id, FALLBACK)


def palette_json() -> list[dict[str, Any]]:
    return [c.to_json() for c in PALETTE.values()]
