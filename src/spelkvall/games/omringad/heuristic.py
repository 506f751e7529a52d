"""Omringad's rule-of-thumb player (placeholder while the rules land)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from spelkvall.core import Action

if TYPE_CHECKING:
    from .rules import OmringadState


def choose(state: OmringadState, player: int, rng: random.Random) -> Action:
    legal = state.legal_actions(player)
    return legal[int(rng.random() * len(legal))]
