"""The phases of a DogRoyal game as the small ints the state keeps (cheap to compare and
clone), and their names in the view. Its own module so that the rule modules (``deck.py``,
``cheat.py``, ``view.py``) can share them with ``rules.py`` without importing it."""

from __future__ import annotations

DEALER, DEAL, EXCHANGE, PLACE, PLAY, DRAW, JUMP_PHASE, FORFEIT, OVER = range(9)
PHASE_NAMES = ("dealer", "deal", "exchange", "place", "play", "draw", "jump", "forfeit", "over")
GAVE = 99
"""``gives[s]`` once the pair has swapped: chosen, and no longer set aside."""
