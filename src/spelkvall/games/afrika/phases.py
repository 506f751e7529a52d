"""The phases of an Afrikas stjärna game, what a roll is for, and the marks of a city's token,
as the small ints the state keeps (cheap to compare and clone) and their names in the view. Its
own module so that the modules ``rules.py`` uses (``view.py``) and those that read a state
(``heuristic.py``, ``batch.py``) can share them without importing ``rules.py``."""

from __future__ import annotations

ORDER, START, TURN, ROLL, STEP, BUY_PHASE, DRAW, OVER = range(8)
PHASE_NAMES = ("order", "start", "turn", "roll", "step", "buy", "draw", "over")
FOR_MOVE, FOR_ESCAPE, FOR_SEA, FOR_TOKEN, FOR_ORDER = range(5)
PURPOSES = ("move", "escape", "sea", "token", "order")

UNOPENED = -1
"""``token_at[place]`` of a city whose token is still face down."""
NO_TOKEN = -2
"""``token_at[place]`` of a start point (no token ever lies there)."""
