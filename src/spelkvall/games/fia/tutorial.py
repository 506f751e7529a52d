"""Fia's guided first game ("Lär dig spela", ``core.tutorial``): the learner against one
computer at the easy level.

The learner starts (the roll-off is scripted), brings a piece out with a 6 and meets a
computer piece early. After the opening each die is chosen from the position, so the game
stays short whatever the learner picks: the learner's die brings a piece home exactly when one
can get there, else knocks a computer piece out when one can be hit, else is a 6 (a bonus
roll); the computer rolls 3s, a slow and steady opponent.
"""

from __future__ import annotations

from spelkvall.core import CHANCE, Tutorial
from spelkvall.core.tutorial import ROLL

from .actions import ROLLS
from .board import GOAL
from .rules import MOVE, FiaState
from .rules import ROLL as ROLL_PHASE

LEARNER = 0
OPENING: tuple[int, ...] = (
    6,  # roll-off: the learner 6 …
    2,  # … the computer 2: the learner starts
    6,  # a 6: out of the nest (one piece to square 6, or two to square 1)
    4,  # the bonus roll: the same piece on
    1,  # the computer: a 1 brings a piece out onto its start square
)
COMPUTER_DIE = 3

TUTORIAL = Tutorial(
    computers=("easy",),
    kinds=(ROLL, "enter", "enter_two", "enter_six", "move"),
    chance=OPENING,
)


def outcome(state: FiaState, drawn: int) -> int | None:
    """The die of the guided game's ``drawn``-th roll (``None``: the seed decides)."""
    if drawn < len(OPENING):
        return OPENING[drawn]
    if state.phase != ROLL_PHASE:
        return None  # a roll-off after the script: a tie, left to chance
    if state.current != LEARNER:
        return COMPUTER_DIE
    home = knock = movable = None
    for value in range(6, 0, -1):
        trial = state.clone()
        trial.apply(ROLLS[value - 1], CHANCE)
        if trial.phase != MOVE:
            continue
        movable = value if movable is None else movable
        for action in trial.legal_actions(LEARNER):
            preview = trial.move_preview(action)
            if preview["to"] == GOAL and home is None:
                home = value
            if preview["knocks_out"] and knock is None:
                knock = value
    for best in (home, knock, movable):
        if best is not None:
            return best
    return 6
