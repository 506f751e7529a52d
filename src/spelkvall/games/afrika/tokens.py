"""The 30 tokens (§1, §5): kinds as small ints, their counts and cash values."""

from __future__ import annotations

BLANK, HORSESHOE, ROBBER, TOPAZ, EMERALD, RUBY, STAR = range(7)
TOKEN_NAMES = ("blank", "horseshoe", "robber", "topaz", "emerald", "ruby", "star")
TOKEN_COUNTS = (12, 5, 3, 4, 3, 2, 1)
"""How many of each kind the bag holds at the start: 30 tokens for the 30 cities."""
GEMS = (TOPAZ, EMERALD, RUBY)
TOKEN_INDEX = {name: kind for kind, name in enumerate(TOKEN_NAMES)}
HORSESHOES = TOKEN_COUNTS[HORSESHOE]

assert sum(TOKEN_COUNTS) == 30


def gem_value(kind: int, emerald_value: int) -> int:
    """What a gem pays (before Gold Coast doubles it)."""
    if kind == TOPAZ:
        return 300
    if kind == EMERALD:
        return emerald_value
    if kind == RUBY:
        return 1000
    return 0
